/**
 * GET /api/positions: the caller's open trades marked to the market (./marks), the portfolio's
 * totals, and where the quotes came from. Money in dollars; greeks of the whole position (delta
 * and gamma in shares, theta in dollars per calendar day, vega in dollars per volatility point).
 */
import * as z from 'zod';
import { DATA_SOURCES } from '../market/schemas';

export const MARK_SOURCES = ['quote', 'model', 'intrinsic', 'stock'] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];

export const positionGreeksSchema = z.object({
  /** Shares of the underlying the position moves like (Σ ± delta × 100 × contracts). */
  delta_shares: z.number(),
  /** Change of delta_shares per $1 of the underlying. */
  gamma_shares: z.number(),
  /** Dollars the position gains (+) or loses (−) over the next calendar day. */
  theta_per_day: z.number(),
  /** Dollars per volatility point. */
  vega_per_point: z.number(),
});
export type PositionGreeks = z.infer<typeof positionGreeksSchema>;

export const markedLegSchema = z.object({
  kind: z.enum(['call', 'put', 'stock']),
  side: z.enum(['long', 'short']),
  /** Contracts (or 100-share lots) of the whole trade: the leg's quantity × the trade's. */
  contracts: z.number(),
  strike: z.number().nullable(),
  expiration: z.string().nullable(),
  bid: z.number(),
  ask: z.number(),
  mid: z.number(),
  /** `quote`: the chain lists it; `model`/`intrinsic`: it does not, so it is priced so (flagged). */
  marked_by: z.enum(MARK_SOURCES),
  iv: z.number().nullable(),
  dte: z.number().nullable(),
  greeks: positionGreeksSchema,
});
export type MarkedLeg = z.infer<typeof markedLegSchema>;

export const RISK_KINDS = ['defined', 'undefined', 'unknown'] as const;

/** The rules of ./targets, in their order. */
export const TARGET_KINDS = [
  'take_profit',
  'stop_loss',
  'dte',
  'short_strike_breached',
  'earnings_before_expiry',
] as const;

/** A target or rule the position has reached (./targets): its kind, a label to show, and the figures. */
export const triggeredTargetSchema = z.object({
  kind: z.enum(TARGET_KINDS),
  label: z.string(),
  detail: z.string(),
});
export type TriggeredTarget = z.infer<typeof triggeredTargetSchema>;

export const markedPositionSchema = z.object({
  trade_id: z.string(),
  ticker: z.string(),
  strategy: z.string(),
  side: z.enum(['debit', 'credit']),
  quantity: z.number(),
  entry_price: z.number(),
  fees: z.number(),
  opened_at: z.string(),
  /** The underlying's price the position was marked at. */
  underlying_price: z.number(),
  /** Per share of one position, as the trade's exit price would be written: closing at the bid/ask, and at the mids. */
  close_price: z.number(),
  close_price_mid: z.number(),
  /** Market value in dollars (what the legs are worth: + an asset, − a liability), at the bid/ask and at the mids. */
  value: z.number(),
  value_mid: z.number(),
  /** What closing now would make, after the fees recorded: at the bid/ask, and at the mids. */
  unrealized_pnl: z.number(),
  unrealized_pnl_mid: z.number(),
  greeks: positionGreeksSchema,
  /** Calendar days to the nearest expiration of its option legs; null for stock alone. */
  dte: z.number().nullable(),
  /** Max loss at expiry in dollars for defined risk; null when undefined (a naked short) or unknown. */
  capital_at_risk: z.number().nullable(),
  risk: z.enum(RISK_KINDS),
  /** Legs the chain no longer lists (priced from the model or at intrinsic), in words. */
  flags: z.array(z.string()),
  legs: z.array(markedLegSchema),
  /** The targets and rules reached at this mark (./targets, the defaults); empty when none. */
  targets: z.array(triggeredTargetSchema),
});
export type MarkedPosition = z.infer<typeof markedPositionSchema>;

export const portfolioTotalsSchema = positionGreeksSchema.extend({
  positions: z.number(),
  value: z.number(),
  unrealized_pnl: z.number(),
  unrealized_pnl_mid: z.number(),
  /** Σ capital at risk of the defined-risk positions. */
  capital_at_risk: z.number(),
  /** Positions whose loss is not bounded (a naked short call, short stock) or not known: not in capital_at_risk. */
  undefined_risk_positions: z.number(),
});
export type PortfolioTotals = z.infer<typeof portfolioTotalsSchema>;

export const positionsResponseSchema = z.object({
  positions: z.array(markedPositionSchema),
  totals: portfolioTotalsSchema,
  /** Open trades that could not be marked (no legs recorded, no chain for the ticker), with why. */
  unmarked: z.array(z.object({ trade_id: z.string(), ticker: z.string(), reason: z.string() })),
  /** Trades this read closed at expiry (settled, ./settlement), with their settlement. */
  settled: z.array(
    z.object({
      trade_id: z.string(),
      ticker: z.string(),
      exit_price: z.number(),
      settlement_price: z.number(),
      assigned: z.array(z.string()),
    }),
  ),
  /** The quotes' source (`simulated`, `cboe`, `polygon`), their time, and whether delayed or stale. */
  provenance: z.object({
    source: z.enum(DATA_SOURCES),
    as_of: z.string().nullable(),
    delayed: z.boolean(),
    stale: z.object({ reason: z.string(), age_seconds: z.number() }).nullable(),
  }),
  /** The client refreshes this often (the marks follow the market's minute). */
  refresh_seconds: z.number(),
});
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

/** Position alerts GET /api/position-alerts answers (the newest). */
export const POSITION_ALERTS_LISTED = 100;

/**
 * A target or rule one of the user's open positions reached, as the positions job recorded it
 * (once per trade and rule: `id` is `<trade_id>:<kind>`), with the mark it was reached at.
 */
export const positionAlertSchema = z.object({
  id: z.string(),
  trade_id: z.string(),
  ticker: z.string(),
  strategy: z.string(),
  kind: z.enum(TARGET_KINDS),
  label: z.string(),
  detail: z.string(),
  /** When the job found it reached (the market's clock). */
  triggered_at: z.iso.datetime(),
  underlying_price: z.number(),
  close_price: z.number(),
  unrealized_pnl: z.number(),
  /** Where the quotes came from: `simulated` or the chain provider. */
  source: z.enum(DATA_SOURCES),
});
export type PositionAlert = z.infer<typeof positionAlertSchema>;

export const positionAlertsResponseSchema = z.object({ alerts: z.array(positionAlertSchema) });
export type PositionAlertsResponse = z.infer<typeof positionAlertsResponseSchema>;
