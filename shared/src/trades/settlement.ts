/**
 * Expiry (the journal issue, item 2): an open trade whose option legs have all expired is closed
 * at its settlement value, each option leg at its intrinsic value from the underlying's close on
 * its own expiry day (a stock leg at the close of the last one), the exit price written as the
 * journal writes any exit (what a debit position sold for, what a credit one cost to buy back).
 * A short leg in the money at the close is assigned, a long one exercised: both recorded in the
 * notes, and the tags `expired` and `assigned`. What runs this reads the trade open and writes it
 * closed only if it is unchanged (a conditional write), so running it twice closes it once.
 */
import { dayNumberOfIso, expiryInstant } from '../market/calendar';
import { TRADE_NOTES_MAX, TRADE_TAGS_MAX, type Trade, type TradeLeg } from './schemas';

export const EXPIRED_TAG = 'expired';
export const ASSIGNED_TAG = 'assigned';

type SettleableTrade = Pick<Trade, 'ticker' | 'side' | 'quantity' | 'legs' | 'exit_price' | 'notes' | 'tags'>;

/** The close of an expiration day (ISO) in New York: 16:00, or 13:00 on an early-close day. */
export const expiryClose = (expiration: string): Date => expiryInstant(dayNumberOfIso(expiration));

const optionLegs = (trade: Pick<Trade, 'legs'>) =>
  (trade.legs ?? []).filter(
    (leg): leg is TradeLeg & { kind: 'call' | 'put'; strike: number; expiration: string } =>
      leg.kind !== 'stock' && leg.strike !== null && leg.expiration !== null,
  );

/** The last expiration of an open trade's option legs once its close has passed at `now`; else null. */
export function expiredOn(trade: Pick<Trade, 'legs' | 'exit_price'>, now: Date): string | null {
  if (trade.exit_price !== null) return null;
  const legs = optionLegs(trade);
  if (legs.length === 0) return null;
  const last = legs.map((leg) => leg.expiration).sort()[legs.length - 1]!;
  return expiryClose(last).getTime() <= now.getTime() ? last : null;
}

export interface Settlement {
  exit_price: number;
  closed_at: string;
  /** The underlying's close the last expiration settled at. */
  settlement_price: number;
  /** Each assigned (short) or exercised (long) leg, in words. */
  assigned: string[];
  exercised: string[];
  notes: string;
  tags: string[];
}

const money = (value: number) => (Math.round(value * 100) / 100).toFixed(2);
const fourDecimals = (value: number) => Math.round(value * 10_000) / 10_000 || 0;

/**
 * The settlement of an expired trade; `closeOf(expiration)` is the underlying's close that day
 * from the market the trade is marked in. Null when the trade is not expired.
 */
export function settleExpired(
  trade: SettleableTrade,
  now: Date,
  closeOf: (expiration: string) => number,
): Settlement | null {
  const last = expiredOn(trade, now);
  if (last === null) return null;
  const lastClose = closeOf(last);
  let value = 0;
  const assigned: string[] = [];
  const exercised: string[] = [];
  for (const leg of trade.legs ?? []) {
    const sign = leg.side === 'long' ? 1 : -1;
    if (leg.kind === 'stock' || leg.strike === null || leg.expiration === null) {
      value += sign * leg.quantity * lastClose;
      continue;
    }
    const close = leg.expiration === last ? lastClose : closeOf(leg.expiration);
    const intrinsic = Math.max(leg.kind === 'call' ? close - leg.strike : leg.strike - close, 0);
    value += sign * leg.quantity * intrinsic;
    if (intrinsic <= 0) continue;
    const shares = leg.quantity * trade.quantity * 100;
    const moved = (leg.kind === 'call') === (leg.side === 'long') ? 'bought' : 'sold';
    const words = `${leg.side} ${leg.strike} ${leg.kind} ${leg.expiration} (${trade.ticker} closed at ${money(close)}): ${shares} shares ${moved} at ${money(leg.strike)}`;
    (leg.side === 'short' ? assigned : exercised).push(words);
  }
  const exitPrice = fourDecimals(trade.side === 'credit' ? -value : value);
  const lines = [
    `Settled at expiry ${last}: ${trade.ticker} closed at ${money(lastClose)}, settlement ${money(exitPrice)} a share.`,
    ...assigned.map((words) => `Assigned: ${words}.`),
    ...exercised.map((words) => `Exercised: ${words}.`),
  ];
  const notes = [trade.notes, ...lines].filter(Boolean).join('\n').slice(0, TRADE_NOTES_MAX);
  const tags = [...trade.tags];
  const addTag = (tag: string) => {
    if (!tags.some((t) => t.toLowerCase() === tag) && tags.length < TRADE_TAGS_MAX) tags.push(tag);
  };
  addTag(EXPIRED_TAG);
  if (assigned.length > 0) addTag(ASSIGNED_TAG);
  return {
    exit_price: exitPrice,
    closed_at: expiryClose(last).toISOString(),
    settlement_price: lastClose,
    assigned,
    exercised,
    notes,
    tags,
  };
}
