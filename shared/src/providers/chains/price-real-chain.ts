/**
 * A real chain (./chain) priced: quote hygiene with a reason per contract, each expiry's forward
 * and discount factor from put-call parity (./parity), and each contract's IV solved against that
 * forward (Black-76: European on the forward; early exercise is not modelled, so deep in-the-money
 * American contracts read slightly high) with its greeks.
 *
 * Hygiene, in order, each a `noIvReason`:
 *   expired            expiring before the quote time, or today once the session has closed
 *   no_quote           no bid or no ask
 *   crossed / locked   bid above / equal to the ask
 *   stale              quoted more than STALE_QUOTE_MS before the chain's newest quote
 *   zero_bid           a bid of 0: no IV from it
 *   no_time_value_bid  a bid at or below the forward intrinsic value D·(F - K)⁺
 *   below_intrinsic    a mid at or below intrinsic (a crossed-looking quote against the forward):
 *                      no IV, since the bid pays no time value either
 *   unsolvable         a price no volatility gives (above the no-arbitrage bound)
 * Pure; no I/O.
 */
import { bsm } from '../../pricing/bsm';
import { impliedVolatilityKernel } from '../../pricing/implied-volatility';
import { newYorkInstant, SESSION_CLOSE_MINUTE } from '../../market/calendar';
import type { ChainContract, ChainSnapshot } from './chain';
import type { NoIvReason } from './no-iv-reasons';
import { impliedForward, type ExpiryForward, type ParityPair } from './parity';

/** A contract quoted this long before the chain's newest quote is stale. */
export const STALE_QUOTE_MS = 30 * 60_000;
const MS_PER_YEAR = 365 * 86_400_000;

export interface PricedExpiry extends ExpiryForward {
  expiration: string;
  years: number;
}

export interface PricedContract {
  contract: ChainContract;
  years: number;
  iv: number | null;
  noIvReason: NoIvReason | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
}

export interface PricedChain {
  symbol: string;
  spot: number;
  /** The provider's quote time (the underlying's, else the newest contract quote). */
  asOf: string;
  expiries: PricedExpiry[];
  /** By expiration, strike, call before put. */
  contracts: PricedContract[];
}

export interface CarryFallback {
  rate: number;
  dividendYield: number;
}

/** Years from `at` to the expiration's close (16:00 New York); <= 0 once it has closed. */
export function yearsToExpiry(expiration: string, at: Date): number {
  const day = Date.parse(`${expiration}T00:00:00Z`) / 86_400_000;
  return (newYorkInstant(day, SESSION_CLOSE_MINUTE).getTime() - at.getTime()) / MS_PER_YEAR;
}

/** The chain's quote time: the underlying's, else its newest contract quote, else `fallback`. */
export function chainAsOf(snapshot: ChainSnapshot, fallback: Date): string {
  if (snapshot.underlying.asOf) return snapshot.underlying.asOf;
  const times = snapshot.contracts.map((c) => c.quoteTime).filter((t): t is string => t !== null);
  return times.length > 0 ? times.sort().at(-1)! : fallback.toISOString();
}

const mid = (c: ChainContract) => ((c.bid ?? 0) + (c.ask ?? 0)) / 2;
const twoSided = (c: ChainContract) => c.bid !== null && c.ask !== null && c.bid > 0 && c.ask > c.bid;

function hygiene(c: ChainContract, years: number, newestQuote: number): NoIvReason | null {
  if (!(years > 0)) return 'expired';
  if (c.bid === null || c.ask === null) return 'no_quote';
  if (c.bid > c.ask) return 'crossed';
  if (c.bid === c.ask && c.bid > 0) return 'locked';
  if (c.quoteTime && newestQuote - Date.parse(c.quoteTime) > STALE_QUOTE_MS) return 'stale';
  if (c.bid === 0) return 'zero_bid';
  return null;
}

/** Prices a real chain at its own quote time; `carry` is the fallback where parity cannot be solved. */
export function priceRealChain(snapshot: ChainSnapshot, carry: CarryFallback, fetchedAt: Date): PricedChain {
  const asOf = chainAsOf(snapshot, fetchedAt);
  const at = new Date(asOf);
  const spot = snapshot.underlying.price ?? NaN;
  const quoteTimes = snapshot.contracts.map((c) => (c.quoteTime ? Date.parse(c.quoteTime) : NaN));
  const newestQuote = Math.max(at.getTime(), ...quoteTimes.filter(Number.isFinite));
  const sorted = [...snapshot.contracts].sort(
    (a, b) =>
      a.expiration.localeCompare(b.expiration) ||
      a.strike - b.strike ||
      (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1),
  );
  const byExpiry = new Map<string, ChainContract[]>();
  for (const c of sorted) byExpiry.set(c.expiration, [...(byExpiry.get(c.expiration) ?? []), c]);

  const expiries: PricedExpiry[] = [];
  const contracts: PricedContract[] = [];
  for (const [expiration, list] of byExpiry) {
    const years = yearsToExpiry(expiration, at);
    const reasons = list.map((c) => hygiene(c, years, newestQuote));
    const fwd = impliedForward(parityPairs(list, reasons), spot, years, carry.rate, carry.dividendYield);
    if (years > 0) expiries.push({ expiration, years, ...fwd });
    list.forEach((c, i) => contracts.push(priceContract(c, years, reasons[i]!, fwd, spot)));
  }
  return { symbol: snapshot.underlying.symbol, spot, asOf, expiries, contracts };
}

function parityPairs(list: readonly ChainContract[], reasons: readonly (NoIvReason | null)[]): ParityPair[] {
  const calls = new Map<number, ChainContract>();
  list.forEach((c, i) => {
    if (c.type === 'call' && reasons[i] === null && twoSided(c)) calls.set(c.strike, c);
  });
  const pairs: ParityPair[] = [];
  list.forEach((p, i) => {
    const call = calls.get(p.strike);
    if (p.type !== 'put' || !call || reasons[i] !== null || !twoSided(p)) return;
    pairs.push({
      strike: p.strike,
      callMid: mid(call),
      putMid: mid(p),
      spread: call.ask! - call.bid! + (p.ask! - p.bid!),
    });
  });
  return pairs;
}

function priceContract(
  c: ChainContract,
  years: number,
  reason: NoIvReason | null,
  fwd: ExpiryForward,
  spot: number,
): PricedContract {
  const none = (noIvReason: NoIvReason): PricedContract => ({
    contract: c,
    years: Math.max(years, 0),
    iv: null,
    noIvReason,
    delta: null,
    gamma: null,
    theta: null,
    vega: null,
  });
  if (reason) return none(reason);
  const { forward, discount } = fwd;
  const isCall = c.type === 'call';
  const intrinsic = discount * Math.max(isCall ? forward - c.strike : c.strike - forward, 0);
  if (mid(c) <= intrinsic) return none('below_intrinsic');
  if (c.bid! <= intrinsic) return none('no_time_value_bid');
  const rate = -Math.log(discount) / years;
  // Black-76 through the BSM kernel: spot F with q = r makes S·e^{-qT} = F·D.
  const iv = impliedVolatilityKernel(mid(c), forward, c.strike, years, rate, rate, isCall, 0);
  if (!(iv > 0)) return none('unsolvable');
  const g = bsm({
    spot: forward,
    strike: c.strike,
    years,
    rate,
    dividendYield: rate,
    volatility: iv,
    type: c.type,
  });
  // bsm on the forward gives ∂V/∂F; the spot greeks follow from F ∝ S.
  const ratio = Number.isFinite(spot) && spot > 0 ? forward / spot : 1;
  return {
    contract: c,
    years,
    iv,
    noIvReason: null,
    delta: g.delta * ratio,
    gamma: g.gamma * ratio * ratio,
    theta: g.theta,
    vega: g.vega,
  };
}
