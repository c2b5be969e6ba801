/**
 * Signal scorecards (docs/decisions/signal-scorecards.md): each market alert, dark pool print and
 * default-scan pick is recorded with the price (or the position's cost) when it appeared, valued
 * again at three horizons, and summed per signal type and severity. GET /api/scorecards/{kind}
 * answers a window's hit rate and mean move with the sample size.
 */
import * as z from 'zod';
import type { PlanFeature } from '../constants/plans';
import { CHAIN_PROVIDERS } from '../providers/chains/chain';
import { FEED_PROVIDERS } from '../providers/feeds/feed-providers';

/** What is scored: the Market Alerts feed (options flow included), the Dark Pool feed, the default scan. */
export const scorecardKinds = ['alerts', 'darkpool', 'scan'] as const;
export type ScorecardKind = (typeof scorecardKinds)[number];

/** A scorecard needs the plan feature of the screen it scores. */
export const SCORECARD_FEATURES: Record<ScorecardKind, PlanFeature> = {
  alerts: 'alerts',
  darkpool: 'darkpool',
  scan: 'scanner',
};

/** When a signal is valued again: an hour of trading later, the next session, and its end (below). */
export const horizons = ['1h', '1d', 'end'] as const;
export type Horizon = (typeof horizons)[number];

/** Sessions after the signal's whose close is the last horizon of a signal without an expiry. */
export const END_SESSIONS = 5;
export const horizonLabels: Record<ScorecardKind, Record<Horizon, string>> = {
  alerts: { '1h': '1 hour', '1d': '1 day', end: 'Expiry (flow) or 5 days' },
  darkpool: { '1h': '1 hour', '1d': '1 day', end: '5 days' },
  scan: { '1h': '1 hour', '1d': '1 day', end: 'Expiry' },
};

/** Under this many valued signals a row says "too few to judge". */
export const SCORECARD_MIN_SAMPLE = 20;
export const scorecardWindows = ['30', '90'] as const;
/** Records are kept past the longest window (90 days) plus the longest horizon (a 60-day pick's expiry). */
export const SCORECARD_KEEP_DAYS = 160;
/** The default scan's picks recorded per session, and when (minutes after the open). */
export const SCAN_PICKS_PER_SESSION = 10;
export const SCAN_PICK_MINUTE = 60;

/**
 * Where a scorecard's signals come from: 'simulated', a feed's provider (alerts, dark pool), or the
 * chain provider whose snapshot the default scan ran on (scan picks on a real chain stage).
 */
export const SCORECARD_SOURCES = [...new Set([...FEED_PROVIDERS, ...CHAIN_PROVIDERS])] as [
  (typeof FEED_PROVIDERS)[number] | (typeof CHAIN_PROVIDERS)[number],
  ...((typeof FEED_PROVIDERS)[number] | (typeof CHAIN_PROVIDERS)[number])[],
];
export type ScorecardSource = (typeof FEED_PROVIDERS)[number] | (typeof CHAIN_PROVIDERS)[number];
export const scorecardSourceSchema = z.enum(SCORECARD_SOURCES);

/** A position leg as the scan showed it: signed quantity (+ bought, - sold). */
export const signalLegSchema = z.object({
  kind: z.enum(['call', 'put', 'stock']),
  quantity: z.number(),
  strike: z.number().nullable(),
  expiration: z.iso.date().nullable(),
});
export type SignalLeg = z.infer<typeof signalLegSchema>;

/**
 * One recorded signal. `entry` is the underlying's price when it appeared (a scan pick: the
 * position's opening cost per share at the executable prices, negative for a credit); `scale`
 * what a move is a percent of (the price, or the pick's capital at risk per share); `values` the
 * price (or the position's closing value at the executable prices) at each horizon once valued,
 * null when it could not be priced.
 */
export const signalRecordSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  ticker: z.string(),
  type: z.string(),
  severity: z.string(),
  /** +1 bullish, -1 bearish, 0 not directional (a print of unknown side, a neutral alert). */
  direction: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  entry: z.number(),
  scale: z.number().positive(),
  /** The horizons' instants (ISO). */
  due: z.object({ '1h': z.iso.datetime(), '1d': z.iso.datetime(), end: z.iso.datetime() }),
  legs: z.array(signalLegSchema).optional(),
  /** A scan pick: the edge score and expected return the scan showed. */
  edgeScore: z.number().optional(),
  expectedReturn: z.number().optional(),
  /** A real chain's pick: the provider, and its chain's quote time (the snapshot's asOf). */
  source: scorecardSourceSchema.optional(),
  quotedAt: z.iso.datetime().optional(),
  values: z.partialRecord(z.enum(horizons), z.number().nullable()),
});
export type SignalRecord = z.infer<typeof signalRecordSchema>;

export const scorecardParams = z.object({ kind: z.enum(scorecardKinds) });
export const scorecardQuery = z.object({ days: z.enum(scorecardWindows).default('30') }).strict();
export type ScorecardQuery = z.infer<typeof scorecardQuery>;

export const scorecardRowSchema = z.object({
  type: z.string(),
  severity: z.string(),
  horizon: z.enum(horizons),
  /** Signals valued at this horizon in the window. */
  n: z.number().int().nonnegative(),
  /** Share of them that moved the signal's way (a pick: made money); null when not directional. */
  hitRate: z.number().min(0).max(1).nullable(),
  /** Mean move in the signal's direction, percent (not directional: mean size of the move either way). */
  meanMove: z.number().nullable(),
  directional: z.boolean(),
  /** Fewer than SCORECARD_MIN_SAMPLE: too few to judge. */
  tooFew: z.boolean(),
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

export const scorecardSchema = z.object({
  kind: z.enum(scorecardKinds),
  days: z.number().int().positive(),
  /** 'simulated' (the market model, its past replayed) or the provider the signals came from. */
  source: scorecardSourceSchema,
  /** The first session the window holds signals of (a real provider's: when recording began). */
  since: z.iso.date().nullable(),
  asOf: z.iso.datetime(),
  /** Signals recorded in the window, and horizons still to come. */
  signals: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  horizonLabels: z.object({ '1h': z.string(), '1d': z.string(), end: z.string() }),
  minSample: z.number().int().positive(),
  rows: z.array(scorecardRowSchema),
});
export type Scorecard = z.infer<typeof scorecardSchema>;
