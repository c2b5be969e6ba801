/**
 * Targets and rules of an open position (the journal issue, item 3): a marked position
 * (./marks) checked against the rules below, with the defaults a trader's plan usually starts
 * from. Every money rule reads the executable close (`close_price`: a long leg sold at the bid, a
 * short one bought back at the ask) against the stored fill, before fees, per share of one position.
 *
 *   take_profit             credit: the cost to close ≤ (1 − 50%) × the credit received (half of
 *                           the max profit, the credit, captured); debit: the gain (close − debit)
 *                           ≥ 50% of the max profit at expiry, only when that max is bounded (a
 *                           vertical, a butterfly; a long call's is not, so never)
 *   stop_loss               credit only: the loss (close − credit) ≥ 2 × the credit received, i.e.
 *                           the cost to close ≥ 3 × the credit
 *   dte                     the nearest expiration of its option legs is ≤ 21 calendar days away
 *   short_strike_breached   the underlying is beyond a short option leg's strike (above a short
 *                           call's, below a short put's)
 *   earnings_before_expiry  the underlying's next report falls on or before the nearest
 *                           expiration; only checked when the caller knows the next report date
 *                           (`nextEarnings`), otherwise the rule is skipped
 */
import { LEG_CALL, LEG_PUT, LEG_STOCK, legsPayoff, pushLeg, type LegBuffer } from '../options/payoff';
import type { MarkedPosition, TriggeredTarget } from './position-schemas';

/** The defaults of every user's targets (the journal's docs say what each means). */
export const DEFAULT_TARGET_RULES = {
  /** Take profit once this fraction of the max profit is made. */
  takeProfitFraction: 0.5,
  /** Stop a credit position once its loss reaches this multiple of the credit received. */
  stopLossCreditMultiple: 2,
  /** Flag a position this many calendar days (or fewer) before its nearest expiration. */
  dte: 21,
} as const;

export interface TargetRules {
  takeProfitFraction: number;
  stopLossCreditMultiple: number;
  dte: number;
}

export interface TargetContext {
  /** The underlying's next earnings report day (YYYY-MM-DD), or null when not known (rule skipped). */
  nextEarnings?: string | null;
  rules?: TargetRules;
}

const EPSILON = 1e-9;
const fmt = (value: number) => value.toFixed(2);

type PositionForTargets = Omit<MarkedPosition, 'targets'>;

/** Best payoff per share of one position at expiry less its debit, or null when unbounded or several expirations. */
export function maxProfitPerShare(position: PositionForTargets): number | null {
  const legs = position.legs;
  const expirations = new Set(legs.filter((leg) => leg.kind !== 'stock').map((leg) => leg.expiration));
  if (legs.length === 0 || expirations.size > 1 || position.quantity <= 0) return null;
  const buffer: LegBuffer = {
    count: 0,
    kind: new Uint8Array(legs.length),
    strike: new Float64Array(legs.length),
    quantity: new Float64Array(legs.length),
    premium: new Float64Array(legs.length),
  };
  let slope = 0;
  const kinks = [0];
  for (const leg of legs) {
    const signed = ((leg.side === 'long' ? 1 : -1) * leg.contracts) / position.quantity;
    const kind = leg.kind === 'stock' ? LEG_STOCK : leg.kind === 'call' ? LEG_CALL : LEG_PUT;
    pushLeg(buffer, kind, leg.strike ?? 0, signed, 0);
    if (leg.kind !== 'put') slope += signed;
    if (leg.strike !== null && leg.kind !== 'stock') kinks.push(leg.strike);
  }
  if (slope > EPSILON) return null;
  const best = Math.max(...kinks.map((price) => legsPayoff(buffer, price)));
  const net = position.side === 'credit' ? position.entry_price : -position.entry_price;
  return best + net;
}

/** The targets a marked position has reached, in the order of the rules above (empty: none). */
export function evaluateTargets(
  position: PositionForTargets,
  context: TargetContext = {},
): TriggeredTarget[] {
  const rules = context.rules ?? DEFAULT_TARGET_RULES;
  const hits: TriggeredTarget[] = [];
  const entry = position.entry_price;
  const close = position.close_price;
  const percent = Math.round(rules.takeProfitFraction * 100);

  if (position.side === 'credit' && entry > 0) {
    const limit = entry * (1 - rules.takeProfitFraction);
    if (close <= limit + EPSILON)
      hits.push({
        kind: 'take_profit',
        label: 'Take profit reached',
        detail: `Closing costs ${fmt(close)}, at most ${fmt(limit)} (${percent}% of the ${fmt(entry)} credit kept)`,
      });
    const stopAt = entry * (1 + rules.stopLossCreditMultiple);
    if (close >= stopAt - EPSILON)
      hits.push({
        kind: 'stop_loss',
        label: 'Stop loss reached',
        detail: `Closing costs ${fmt(close)}, at least ${fmt(stopAt)} (a loss of ${rules.stopLossCreditMultiple}× the ${fmt(entry)} credit)`,
      });
  } else if (position.side === 'debit') {
    const maxProfit = maxProfitPerShare(position);
    if (maxProfit !== null && maxProfit > EPSILON) {
      const gain = close - entry;
      const target = maxProfit * rules.takeProfitFraction;
      if (gain >= target - EPSILON)
        hits.push({
          kind: 'take_profit',
          label: 'Take profit reached',
          detail: `Up ${fmt(gain)} a share, at least ${fmt(target)} (${percent}% of the ${fmt(maxProfit)} max profit)`,
        });
    }
  }

  if (position.dte !== null && position.dte <= rules.dte)
    hits.push({
      kind: 'dte',
      label: `${rules.dte} DTE reached`,
      detail: `${position.dte} days to the nearest expiration (rule: ${rules.dte} or fewer)`,
    });

  const spot = position.underlying_price;
  const breached = position.legs.filter(
    (leg) =>
      leg.side === 'short' &&
      leg.kind !== 'stock' &&
      leg.strike !== null &&
      (leg.kind === 'call' ? spot > leg.strike : spot < leg.strike),
  );
  if (breached.length > 0)
    hits.push({
      kind: 'short_strike_breached',
      label: 'Short strike breached',
      detail: `${position.ticker} at ${fmt(spot)} is beyond the short ${breached
        .map((leg) => `${leg.strike} ${leg.kind}`)
        .join(', ')}`,
    });

  const expirations = position.legs
    .filter((leg) => leg.kind !== 'stock' && leg.expiration !== null)
    .map((leg) => leg.expiration!)
    .sort();
  const nearest = expirations[0];
  const earnings = context.nextEarnings ?? null;
  if (earnings !== null && nearest !== undefined && earnings <= nearest)
    hits.push({
      kind: 'earnings_before_expiry',
      label: 'Earnings before expiry',
      detail: `${position.ticker} reports on ${earnings}, on or before the ${nearest} expiration`,
    });

  return hits;
}
