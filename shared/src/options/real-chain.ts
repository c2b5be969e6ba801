/**
 * A priced real chain (../providers/chains/price-real-chain) in the two shapes the API serves: the
 * chain view of GET /api/options-chain, and a one-chain universe snapshot the scanner scans. Days
 * to expiry and the market's open state are read at the provider's quote time, not the clock's.
 * The scanner's IV rank and percentile come from the IVs the chain snapshot job recorded at past
 * closes (../providers/history/real-iv: null, with why, under REAL_IV_MIN_SESSIONS), its forecast
 * from the symbol's real daily closes and the chain's own IVs (./real-forecast: none, with why,
 * without enough closes); the quotes, IVs and greeks it prices positions from are the provider's.
 * Only the earnings date, the sector and the exercise style still come from the universe's model
 * (docs/known-limits.md).
 */
import { BoundaryCache } from '../pricing/american-batch';
import { marketClock } from '../market/price-model';
import { dayNumberOfIso, isoDateOf } from '../market/calendar';
import type { PricedChain, PricedContract } from '../providers/chains/price-real-chain';
import type { DailyHistory } from '../providers/history/daily-history';
import { atm30Iv, noIvHistory, realIvStats } from '../providers/history/real-iv';
import { chainSetup, type ChainData } from './chain';
import type { OptionChainView, OptionContract } from './chain-view';
import { expectedPayoff, type ExpiryForecast, type UnderlyingForecast } from './forecast';
import { realExpiryForecast, realHistoryForecast, REAL_FORECAST_MIN_CLOSES } from './real-forecast';
import { workFor, type UniverseSnapshot } from './snapshot';

/** A symbol's real history as the scan reads it: the stored record, or why there is none. */
export interface RealChainHistory {
  history: DailyHistory | null;
  /** Why `history` is null (shown with the null IV rank and the missing forecast). */
  missing: string;
}

export const NO_REAL_HISTORY: RealChainHistory = {
  history: null,
  missing: 'no real history was read for this chain',
};

const orZero = (value: number | null) => value ?? 0;

function contractRow(c: PricedContract): OptionContract {
  return {
    type: c.contract.type,
    strike: c.contract.strike,
    expiration: c.contract.expiration,
    years: c.years,
    bid: orZero(c.contract.bid),
    ask: orZero(c.contract.ask),
    last: orZero(c.contract.last),
    volume: orZero(c.contract.volume),
    openInterest: orZero(c.contract.openInterest),
    iv: c.iv,
    noIvReason: c.noIvReason,
    delta: c.delta,
    gamma: c.gamma,
    theta: c.theta,
    vega: c.vega,
  };
}

/** The chain view of a priced real chain; `carry` is the rate and yield parity fell back to. */
export function realChainView(
  priced: PricedChain,
  carry: { rate: number; dividendYield: number; exercise: OptionChainView['exercise'] },
  expiration?: string,
): OptionChainView {
  const live = priced.contracts.filter((c) => c.noIvReason !== 'expired');
  return {
    symbol: priced.symbol,
    exercise: carry.exercise,
    underlyingPrice: priced.spot,
    rate: carry.rate,
    dividendYield: carry.dividendYield,
    asOf: priced.asOf,
    expirations: priced.expiries.map((e) => e.expiration),
    forwards: priced.expiries.map(({ expiration, forward, discount, method, impliedYield, rateSource }) => ({
      expiration,
      forward,
      discount,
      method,
      impliedYield,
      rateSource,
    })),
    contracts: live
      .filter((c) => expiration === undefined || c.contract.expiration === expiration)
      .map(contractRow),
  };
}

/** Strikes quoted on both sides, call then put, of the expirations still open. */
function pairedContracts(priced: PricedChain): PricedContract[][] {
  const byExpiry = new Map<string, Map<number, { call?: PricedContract; put?: PricedContract }>>();
  for (const c of priced.contracts) {
    if (c.noIvReason === 'expired') continue;
    const strikes = byExpiry.get(c.contract.expiration) ?? new Map();
    byExpiry.set(c.contract.expiration, strikes);
    const pair = strikes.get(c.contract.strike) ?? {};
    pair[c.contract.type] = c;
    strikes.set(c.contract.strike, pair);
  }
  return [...byExpiry.values()].map((strikes) =>
    [...strikes.values()].filter((p) => p.call && p.put).flatMap((p) => [p.call!, p.put!]),
  );
}

/**
 * The forecast of a real chain from its history's closes before the scan's session (today's too
 * once it has closed), or why there is none.
 */
function historyForecast(
  real: RealChainHistory,
  today: string,
  clock: ReturnType<typeof marketClock>,
): { forecast: UnderlyingForecast | null; reason: string | null } {
  const history = real.history;
  if (!history) return { forecast: null, reason: real.missing };
  const closes = history.closes
    .filter((c) => c.day < today || (!clock.isOpen && c.day === today))
    .map((c) => c.close);
  const forecast = realHistoryForecast(closes, clock);
  if (forecast) return { forecast, reason: null };
  const failed = history.fetchError ? `; the provider's daily history failed (${history.fetchError})` : '';
  return {
    forecast: null,
    reason: `${closes.length} real daily closes of ${REAL_FORECAST_MIN_CLOSES} needed are recorded${failed}`,
  };
}

/**
 * A universe snapshot holding one real chain, priced and forecast, at the provider's quote time.
 * `real` is the symbol's recorded history (lambdas/market reads it from the chain snapshot's store).
 */
export function realChainSnapshot(
  priced: PricedChain,
  carry: { rate: number; dividendYield: number },
  real: RealChainHistory = NO_REAL_HISTORY,
): UniverseSnapshot {
  const at = new Date(priced.asOf);
  const clock = marketClock(at);
  const setup = chainSetup(priced.symbol, at, clock);
  const today = isoDateOf(setup.chain.sessionDay);
  const iv30 = atm30Iv(priced);
  const ivStats = real.history
    ? realIvStats(real.history.iv, iv30, today)
    : noIvHistory(iv30, `not yet — ${real.missing}`);
  const { forecast, reason } = historyForecast(real, today, clock);
  // Expiries the forecast has an implied side for (an at-the-money IV); all of them without a forecast.
  const expiries = new Map<string, ExpiryForecast>();
  let groups = pairedContracts(priced).filter((g) => g.length > 0);
  if (forecast) {
    for (const g of groups) {
      const expiration = g[0]!.contract.expiration;
      const f = realExpiryForecast(forecast, priced, expiration, dayNumberOfIso(expiration), g[0]!.years);
      if (f) expiries.set(expiration, f);
    }
    groups = groups.filter((g) => expiries.has(g[0]!.contract.expiration));
  }
  const contracts = groups.flat();
  const n = contracts.length;
  const expirations = groups.map((g) => g[0]!.contract.expiration);
  const expirationStart = new Int32Array(groups.length + 1);
  groups.forEach((g, e) => (expirationStart[e + 1] = expirationStart[e]! + g.length));
  const column = (read: (c: PricedContract) => number) => Float64Array.from(contracts, read);
  const chain: ChainData = {
    symbol: priced.symbol,
    style: setup.chain.style,
    // The model's IV figures never stand in for the chain's: NaN where the real ones are unknown.
    underlying: {
      ...setup.chain.underlying,
      spot: priced.spot,
      asOf: priced.asOf,
      atmIv: iv30 ?? NaN,
      ivRank: ivStats.ivRank ?? NaN,
      ivPercentile: ivStats.ivPercentile ?? NaN,
    },
    surface: setup.chain.surface,
    spot: priced.spot,
    rate: carry.rate,
    dividendYield: carry.dividendYield,
    asOf: priced.asOf,
    sessionDay: setup.chain.sessionDay,
    expirations,
    expirationDte: Int32Array.from(expirations, (d) => dayNumberOfIso(d) - setup.chain.sessionDay),
    expirationYears: Float64Array.from(groups, (g) => g[0]!.years),
    expirationStart,
    count: n,
    expirationIndex: Uint16Array.from(groups.flatMap((g, e) => g.map(() => e))),
    isCall: Uint8Array.from(contracts, (c) => (c.contract.type === 'call' ? 1 : 0)),
    strike: column((c) => c.contract.strike),
    years: column((c) => c.years),
    bid: column((c) => orZero(c.contract.bid)),
    ask: column((c) => orZero(c.contract.ask)),
    mid: column((c) => (orZero(c.contract.bid) + orZero(c.contract.ask)) / 2),
    last: column((c) => orZero(c.contract.last)),
    volume: column((c) => orZero(c.contract.volume)),
    openInterest: column((c) => orZero(c.contract.openInterest)),
    surfaceIv: column((c) => c.iv ?? NaN),
    realIv: ivStats,
    noForecastReason: reason,
  };
  const work = workFor(chain);
  contracts.forEach((c, i) => {
    work.iv[i] = c.iv ?? NaN;
    work.delta[i] = c.delta ?? NaN;
    work.gamma[i] = c.gamma ?? NaN;
    work.theta[i] = c.theta ?? NaN;
    work.vega[i] = c.vega ?? NaN;
  });
  work.unpriced = contracts.filter((c) => c.iv === null).length;
  if (forecast) {
    work.forecast = forecast;
    work.expiries = expirations.map((e) => expiries.get(e)!);
    for (let i = 0; i < n; i += 1) {
      const f = work.expiries[chain.expirationIndex[i]!]!;
      work.expectedPayoff[i] = expectedPayoff(f, chain.strike[i]!, chain.isCall[i] === 1);
    }
  } else {
    work.expectedPayoff.fill(NaN);
  }
  return {
    asOf: priced.asOf,
    marketOpen: clock.isOpen,
    chains: [chain],
    work: [work],
    tickerRank: Int32Array.of(0),
    contractCount: n,
    boundaries: new BoundaryCache(),
  };
}
