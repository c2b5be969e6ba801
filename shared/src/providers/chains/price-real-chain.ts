/**
 * A real chain (./chain) priced: quote hygiene with a reason per contract, each expiry's forward
 * and discount factor from put-call parity (./parity), and each contract's IV with its greeks:
 *   - European exercise (index options): Black-76 on the parity forward;
 *   - American exercise (stocks and ETFs): the American model (../../pricing/american) on the spot,
 *     with the rate the discount factor gives and the expiry's carry yield q (dividends and borrow)
 *     chosen so that American call and put IVs agree at the strikes nearest the forward. European
 *     parity on American mids overstates puts' share of C - P (their early-exercise premium), so q
 *     from the forward alone (r - ln(F/S)/T) only starts the search; the fitted q is `impliedYield`.
 *     With a rate curve (`carry.curve`: the Treasury's, else the fixed rate) r is the curve's at
 *     the expiry (`curve_rate_parity_carry`): the slope of C - P on K is biased by the puts'
 *     early-exercise premium and no rate; European expiries keep the parity fit, the curve's
 *     rate as their fallback. Each expiry says its rate's source and day (`rateSource`).
 *
 * Hygiene, in order, each a `noIvReason`:
 *   expired            expiring before the quote time, or today once the session has closed
 *   no_quote           no bid or no ask
 *   crossed            bid above the ask (a locked quote, bid = ask, is one price both sides quote:
 *                      its IV is solved from it)
 *   stale              last quoted in an earlier New York session than the chain's newest quote (a
 *                      quote stands on the book until it changes, however long ago it last moved)
 *   zero_bid           a bid of 0: no IV from it
 *   no_time_value_bid  a bid at or below the forward intrinsic value D·(F - K)⁺
 *   below_intrinsic    a mid at or below intrinsic (a crossed-looking quote against the forward):
 *                      no IV, since the bid pays no time value either
 *   unsolvable         a price no volatility gives (above the no-arbitrage bound)
 * Pure; no I/O.
 */
import type { ExerciseStyle } from '../../pricing/american';
import { BoundaryCache, solveQuotes, solveVolatility, tableFor } from '../../pricing/american-batch';
import { bsm } from '../../pricing/bsm';
import { impliedVolatilityKernel } from '../../pricing/implied-volatility';
import { expiryInstant, MS_PER_YEAR, newYorkTime } from '../../market/calendar';
import type { ChainContract, ChainSnapshot } from './chain';
import type { NoIvReason } from './no-iv-reasons';
import type { RateCurve, RateSource } from '../rates/treasury';
import { forwardAtRate, impliedForward, type ExpiryForward, type ParityPair } from './parity';

export interface PricedExpiry extends ExpiryForward {
  expiration: string;
  years: number;
  /**
   * The carry yield (dividends and borrow, continuous) the expiry is priced with: for American
   * exercise the one at which call and put IVs agree near the money; for European the one the
   * forward implies, r - ln(F/S)/T.
   */
  impliedYield: number;
  /** Where the rate came from (null: the caller gave no curve, the carry's rate). */
  rateSource: RateSource | null;
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
  /** How the chain's contracts exercise (by default European, priced on the forward). */
  exercise?: ExerciseStyle;
  /** The risk-free curve (../rates/treasury pricingCurve); without it `rate` at every tenor, parity's D for American too. */
  curve?: RateCurve;
}

/** Years from `at` to the expiration's close (16:00 New York, 13:00 on an early close); <= 0 once it has closed. */
export function yearsToExpiry(expiration: string, at: Date): number {
  const day = Date.parse(`${expiration}T00:00:00Z`) / 86_400_000;
  return (expiryInstant(day).getTime() - at.getTime()) / MS_PER_YEAR;
}

/** The chain's quote time: the underlying's, else its newest contract quote, else `fallback`. */
export function chainAsOf(snapshot: ChainSnapshot, fallback: Date): string {
  if (snapshot.underlying.asOf) return snapshot.underlying.asOf;
  const times = snapshot.contracts.map((c) => c.quoteTime).filter((t): t is string => t !== null);
  return times.length > 0 ? times.sort().at(-1)! : fallback.toISOString();
}

const mid = (c: ChainContract) => ((c.bid ?? 0) + (c.ask ?? 0)) / 2;
const twoSided = (c: ChainContract) => c.bid !== null && c.ask !== null && c.bid > 0 && c.ask > c.bid;

const sessionDay = (ms: number) => newYorkTime(new Date(ms)).dayNumber;

function hygiene(c: ChainContract, years: number, newestQuoteDay: number): NoIvReason | null {
  if (!(years > 0)) return 'expired';
  if (c.bid === null || c.ask === null) return 'no_quote';
  if (c.bid > c.ask) return 'crossed';
  if (c.quoteTime && sessionDay(Date.parse(c.quoteTime)) < newestQuoteDay) return 'stale';
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
  const cache = new BoundaryCache();
  for (const [expiration, list] of byExpiry) {
    const years = yearsToExpiry(expiration, at);
    const reasons = list.map((c) => hygiene(c, years, sessionDay(newestQuote)));
    const pairs = parityPairs(list, reasons);
    const exercise = carry.exercise ?? 'european';
    const rate = carry.curve && years > 0 ? carry.curve.rateAt(years) : carry.rate;
    const fwd =
      exercise === 'american' && carry.curve
        ? forwardAtRate(pairs, spot, years, rate, carry.dividendYield)
        : impliedForward(pairs, spot, years, rate, carry.dividendYield);
    const model = carryModel(exercise, fwd, pairs, spot, years, carry.dividendYield, cache);
    const rateSource = carry.curve ? { source: carry.curve.source, day: carry.curve.day } : null;
    if (years > 0)
      expiries.push({ expiration, years, ...fwd, impliedYield: model.dividendYield, rateSource });
    const priced = list.map((c, i) => priceContract(c, years, reasons[i]!, fwd, spot, model));
    if (model.exercise === 'american') solveAmerican(priced, years, spot, model);
    contracts.push(...priced);
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

/** How an expiry's contracts are priced: European on the forward, or American on the spot with (r, q). */
interface CarryModel {
  exercise: ExerciseStyle;
  rate: number;
  dividendYield: number;
  /** The chain's boundary tables (American), shared by its expiries' contracts. */
  cache: BoundaryCache;
}

/** Parity pairs nearest the forward the American carry fit reads. */
export const CARRY_FIT_STRIKES = 3;
const CARRY_BRACKET = 0.02;
const CARRY_TOLERANCE = 1e-6;

function carryModel(
  exercise: ExerciseStyle,
  fwd: ExpiryForward,
  pairs: readonly ParityPair[],
  spot: number,
  years: number,
  fallbackYield: number,
  cache: BoundaryCache,
): CarryModel {
  const rate = years > 0 ? -Math.log(fwd.discount) / years : 0;
  const canRead = years > 0 && spot > 0 && fwd.forward > 0 && Number.isFinite(spot);
  const forwardYield = canRead ? rate - Math.log(fwd.forward / spot) / years : fallbackYield;
  if (exercise === 'european' || !canRead) return { exercise, rate, dividendYield: forwardYield, cache };
  const near = [...pairs]
    .sort((a, b) => Math.abs(a.strike - fwd.forward) - Math.abs(b.strike - fwd.forward))
    .slice(0, CARRY_FIT_STRIKES);
  return { exercise, rate, dividendYield: americanCarry(near, spot, years, rate, forwardYield), cache };
}

/**
 * The yield q at which American call and put IVs agree on `near` (their mean difference is 0):
 * raising q cheapens calls and dearens puts at a given volatility, so the call IV a mid implies
 * rises with q and the put IV falls, and the difference crosses zero once. A bracketed secant
 * (Illinois) from a bracket around the forward's yield, on the tabulated boundaries
 * (../../pricing/american-batch); the forward's yield when there is no pair or no crossing.
 */
function americanCarry(
  near: readonly ParityPair[],
  spot: number,
  years: number,
  rate: number,
  start: number,
): number {
  if (near.length === 0) return start;
  const gap = (q: number) => {
    const cache = new BoundaryCache();
    const callTable = tableFor(cache, 'american', years, rate, q, true);
    const putTable = tableFor(cache, 'american', years, rate, q, false);
    let sum = 0;
    let n = 0;
    for (const p of near) {
      const call = solveVolatility(p.callMid, spot, p.strike, years, rate, q, true, callTable, 0);
      const put = solveVolatility(p.putMid, spot, p.strike, years, rate, q, false, putTable, 0);
      if (call > 0 && put > 0) {
        sum += call - put;
        n += 1;
      }
    }
    return n > 0 ? sum / n : NaN;
  };
  let lo = start - CARRY_BRACKET;
  let hi = start + CARRY_BRACKET;
  let gLo = gap(lo);
  let gHi = gap(hi);
  for (let widen = 0; widen < 3 && gLo > 0; widen += 1) gLo = gap((lo -= 2 * CARRY_BRACKET));
  for (let widen = 0; widen < 3 && gHi < 0; widen += 1) gHi = gap((hi += 2 * CARRY_BRACKET));
  if (!(gLo <= 0 && gHi >= 0)) return start;
  let side = 0;
  for (let i = 0; i < 40 && hi - lo > CARRY_TOLERANCE; i += 1) {
    const q = gHi === gLo ? 0.5 * (lo + hi) : (lo * gHi - hi * gLo) / (gHi - gLo);
    const g = gap(q);
    if (!Number.isFinite(g)) return start;
    if (Math.abs(g) < 1e-7) return q;
    if (g < 0) {
      lo = q;
      gLo = g;
      if (side === -1) gHi *= 0.5;
      side = -1;
    } else {
      hi = q;
      gHi = g;
      if (side === 1) gLo *= 0.5;
      side = 1;
    }
  }
  return 0.5 * (lo + hi);
}

function priceContract(
  c: ChainContract,
  years: number,
  reason: NoIvReason | null,
  fwd: ExpiryForward,
  spot: number,
  model: CarryModel,
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
  // American: solved for the whole expiry at once below (solveAmerican), iv null until then.
  if (model.exercise === 'american') return { ...none('unsolvable'), years };
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

/**
 * What an American contract is worth at zero volatility: the larger of exercising now, (S - K)⁺,
 * and the discounted forward intrinsic value, (S·e^{-qT} - K·e^{-rT})⁺ for a call. A bid at or
 * below it pays no time value.
 */
export function americanFloor(
  c: Pick<ChainContract, 'type' | 'strike'>,
  spot: number,
  years: number,
  rate: number,
  dividendYield: number,
): number {
  const carried = spot * Math.exp(-dividendYield * years);
  const discounted = c.strike * Math.exp(-rate * years);
  const isCall = c.type === 'call';
  return Math.max(
    isCall ? spot - c.strike : c.strike - spot,
    isCall ? carried - discounted : discounted - carried,
    0,
  );
}

/**
 * The IVs and greeks of an expiry's American contracts that passed hygiene (`unsolvable` as
 * placeholder), in one batch on the tabulated boundaries: each type warm-started from the strikes
 * below it. A bid at or below the American floor (americanFloor) has no time value.
 */
function solveAmerican(
  priced: PricedContract[],
  years: number,
  spot: number,
  { rate, dividendYield, cache }: CarryModel,
): void {
  const open = priced.filter((p) => p.noIvReason === 'unsolvable');
  if (open.length === 0) return;
  const n = open.length;
  const column = (read: (p: PricedContract) => number) => Float64Array.from(open, read);
  const out = {
    iv: new Float64Array(n),
    delta: new Float64Array(n),
    gamma: new Float64Array(n),
    theta: new Float64Array(n),
    vega: new Float64Array(n),
  };
  solveQuotes(
    {
      start: 0,
      end: n,
      spot,
      rate,
      dividendYield,
      style: 'american',
      strike: column((p) => p.contract.strike),
      years: column(() => years),
      isCall: Uint8Array.from(open, (p) => (p.contract.type === 'call' ? 1 : 0)),
      price: column((p) => mid(p.contract)),
      bid: column((p) => p.contract.bid!),
    },
    cache,
    out,
  );
  open.forEach((p, i) => {
    const iv = out.iv[i]!;
    if (iv > 0) {
      Object.assign(p, {
        iv,
        noIvReason: null,
        delta: out.delta[i]!,
        gamma: out.gamma[i]!,
        theta: out.theta[i]!,
        vega: out.vega[i]!,
      });
      return;
    }
    if (p.contract.bid! <= americanFloor(p.contract, spot, years, rate, dividendYield))
      p.noIvReason = 'no_time_value_bid';
  });
}
