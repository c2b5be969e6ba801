/**
 * The one risk-free rate the engine prices with: 4.25% a year, continuously compounded (close to
 * the US 3-month bill yield of 2025). The simulated market keeps it fixed; a live provider may
 * supply its own through MarketDataProvider.underlying().
 */
export const RISK_FREE_RATE = 0.0425;
