/**
 * What a signal is, as a scorecard records it: a market alert (options flow included), a dark pool
 * print, a default-scan pick, each with its type and severity, its direction, the price (or the
 * position's cost) when it appeared, and the instants of its three horizons (./horizons).
 */
import type { DarkPoolFlow, MarketAlert } from '../feeds/schemas';
import type { Position } from '../options/strategies';
import type { ScanResultDetail } from '../options/scan-results';
import { afterTradingMinutes, expirationClose, nextSessionSameTime, sessionsLaterClose } from './horizons';
import { END_SESSIONS, type SignalLeg, type SignalRecord } from './schemas';

const HOUR_MINUTES = 60;

function dueOf(at: Date, end: Date): SignalRecord['due'] {
  return {
    '1h': afterTradingMinutes(at, HOUR_MINUTES).toISOString(),
    '1d': nextSessionSameTime(at).toISOString(),
    end: end.toISOString(),
  };
}

const DIRECTION = { bullish: 1, bearish: -1, neutral: 0 } as const;

/** A market alert: its type and severity, its bias; an options-flow alert ends at its contract's expiry. */
export function alertSignal(alert: MarketAlert): SignalRecord | null {
  if (!(alert.price > 0)) return null;
  const at = new Date(alert.timestamp);
  const end = alert.contract
    ? expirationClose(alert.contract.expiration)
    : sessionsLaterClose(at, END_SESSIONS);
  return {
    id: alert.id,
    at: alert.timestamp,
    ticker: alert.ticker,
    type: alert.type,
    severity: alert.severity,
    direction: DIRECTION[alert.bias],
    entry: alert.price,
    scale: alert.price,
    due: dueOf(at, end.getTime() > at.getTime() ? end : sessionsLaterClose(at, END_SESSIONS)),
    values: {},
  };
}

/** A print's size class by its notional (price × shares): the row a print is scored in. */
export const PRINT_SIZE_CLASSES = [
  { severity: 'large', min: 10_000_000, label: '$10M or more' },
  { severity: 'medium', min: 2_000_000, label: '$2M to $10M' },
  { severity: 'small', min: 0, label: 'under $2M' },
] as const;

export function printSizeClass(notional: number): string {
  return PRINT_SIZE_CLASSES.find((c) => notional >= c.min)!.severity;
}

/** A dark pool print: bought (bullish) or sold (bearish); a print of unknown side has no direction. */
export function printSignal(print: DarkPoolFlow): SignalRecord | null {
  if (!(print.price > 0)) return null;
  const at = new Date(print.timestamp);
  return {
    id: print.id,
    at: print.timestamp,
    ticker: print.ticker,
    type: print.side ?? 'unknown side',
    severity: printSizeClass(print.price * print.blockSize),
    direction: print.side === 'buy' ? 1 : print.side === 'sell' ? -1 : 0,
    entry: print.price,
    scale: print.price,
    due: dueOf(at, sessionsLaterClose(at, END_SESSIONS)),
    values: {},
  };
}

const signedQuantity = (leg: Position['legs'][number]) => (leg.side === 'long' ? 1 : -1) * leg.quantity;

/** The position's cost per share at the prices it was shown at (the ask bought, the bid sold; the stock at its price). */
export function positionCost(position: Position): number {
  return position.legs.reduce((sum, leg) => sum + signedQuantity(leg) * leg.premium, 0);
}

/**
 * A default-scan pick (its rank in the day's scan in the id): the position's cost, what it risks
 * per share, its legs, valued at its expiry last.
 */
export function scanPickSignal(pick: ScanResultDetail, rank: number, at: Date): SignalRecord | null {
  const scale = pick.capitalRequired / 100;
  if (!(scale > 0) || !Number.isFinite(scale)) return null;
  const legs: SignalLeg[] = pick.position.legs.map((leg) => ({
    kind: leg.kind,
    quantity: signedQuantity(leg),
    strike: leg.strike,
    expiration: leg.expiration,
  }));
  return {
    id: `scan-${at.toISOString()}-${rank}`,
    at: at.toISOString(),
    ticker: pick.ticker,
    type: pick.strategy,
    severity: pick.edgeBand.band,
    direction: 1,
    entry: positionCost(pick.position),
    scale,
    due: dueOf(at, expirationClose(pick.expiration)),
    legs,
    edgeScore: pick.edgeScore,
    expectedReturn: pick.expectedReturn,
    values: {},
  };
}
