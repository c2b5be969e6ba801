/**
 * Marking an open trade to the market (the journal issue, item 2): each leg priced from the chain
 * the scanner reads (./mark-chain), the position's value to close at executable prices (a long
 * leg sells at the bid, a short one buys back at the ask) and at the mids, its unrealised P&L
 * against the stored fill by the journal's own P&L rule (./pnl), its greeks, days to expiry and
 * capital at risk; and the portfolio's totals.
 *
 *   contracts   a leg's quantity × the trade's quantity (the legs are one position; the trade's
 *               quantity is how many positions); 100 shares a contract, a stock leg in 100-share lots
 *   greeks      the chain's own (solved from the mid under its exercise style); a leg without them
 *               (no time-value bid) or not listed any more uses Black-Scholes-Merton (../pricing) at
 *               the IV of the nearest listed strike; with no IV at all, intrinsic value (delta ±1 in
 *               the money, 0 out), flagged
 *   risk        a position whose option legs share one expiration has its max loss at expiry found
 *               from the payoff at 0 and at each strike (../options/payoff's legsPayoff): `defined`
 *               when the payoff is bounded below, `undefined` when it falls without bound (a naked
 *               short call, short stock) and then no capital at risk; several expirations (a
 *               calendar) are `unknown`, since their loss depends on the later legs' value then
 */
import { dayNumberOfIso, newYorkInstant, newYorkTime, SESSION_CLOSE_MINUTE } from '../market/calendar';
import { LEG_CALL, LEG_PUT, LEG_STOCK, legsPayoff, pushLeg, type LegBuffer } from '../options/payoff';
import { bsm } from '../pricing/bsm';
import type { MarkChain, MarkQuote } from './mark-chain';
import { tradePnl } from './pnl';
import type {
  MarkedLeg,
  MarkedPosition,
  MarkSource,
  PortfolioTotals,
  PositionGreeks,
} from './position-schemas';
import type { Trade, TradeLeg } from './schemas';
import { evaluateTargets, type TargetContext } from './targets';

export const CONTRACT_SHARES = 100;
const MS_PER_YEAR = 365 * 86_400_000;

export type MarkableTrade = Pick<
  Trade,
  | 'trade_id'
  | 'ticker'
  | 'strategy'
  | 'side'
  | 'quantity'
  | 'entry_price'
  | 'fees'
  | 'opened_at'
  | 'legs'
  | 'exit_price'
>;

const round = (value: number, places: number): number => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor || 0;
};
const cents = (value: number) => round(value, 2);

const zeroGreeks = (): PositionGreeks => ({
  delta_shares: 0,
  gamma_shares: 0,
  theta_per_day: 0,
  vega_per_point: 0,
});

function addGreeks(into: PositionGreeks, add: PositionGreeks): void {
  into.delta_shares += add.delta_shares;
  into.gamma_shares += add.gamma_shares;
  into.theta_per_day += add.theta_per_day;
  into.vega_per_point += add.vega_per_point;
}

function roundGreeks(greeks: PositionGreeks): PositionGreeks {
  return {
    delta_shares: round(greeks.delta_shares, 2),
    gamma_shares: round(greeks.gamma_shares, 4),
    theta_per_day: cents(greeks.theta_per_day),
    vega_per_point: cents(greeks.vega_per_point),
  };
}

/** Years from `asOf` to the expiration's 16:00 New York close (0 once past). */
export function yearsToExpiry(expiration: string, asOf: Date): number {
  const close = newYorkInstant(dayNumberOfIso(expiration), SESSION_CLOSE_MINUTE).getTime();
  return Math.max(0, (close - asOf.getTime()) / MS_PER_YEAR);
}

/** Calendar days from `asOf`'s New York day to the expiration (0 on expiry day, negative once past). */
export function daysToExpiry(expiration: string, asOf: Date): number {
  return dayNumberOfIso(expiration) - newYorkTime(asOf).dayNumber;
}

interface LegPrice {
  bid: number;
  ask: number;
  mid: number;
  iv: number | null;
  /** Per share of one contract. */
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  markedBy: MarkSource;
}

function intrinsicGreeks(kind: 'call' | 'put', strike: number, spot: number) {
  const inTheMoney = kind === 'call' ? spot > strike : spot < strike;
  return { delta: inTheMoney ? (kind === 'call' ? 1 : -1) : 0, gamma: 0, theta: 0, vega: 0 };
}

function modelPrice(
  leg: TradeLeg & { kind: 'call' | 'put' },
  chain: MarkChain,
  asOf: Date,
  iv: number | null,
) {
  const strike = leg.strike!;
  const years = yearsToExpiry(leg.expiration!, asOf);
  if (iv === null || !(years > 0)) {
    const value = Math.max(leg.kind === 'call' ? chain.spot - strike : strike - chain.spot, 0);
    return { price: value, ...intrinsicGreeks(leg.kind, strike, chain.spot), markedBy: 'intrinsic' as const };
  }
  const result = bsm({
    spot: chain.spot,
    strike,
    years,
    rate: chain.rate,
    dividendYield: chain.dividendYield,
    volatility: iv,
    type: leg.kind,
  });
  return { ...result, markedBy: 'model' as const };
}

function priceLeg(leg: TradeLeg, chain: MarkChain, asOf: Date): LegPrice {
  if (leg.kind === 'stock' || leg.strike === null || leg.expiration === null) {
    const spot = chain.spot;
    return {
      bid: spot,
      ask: spot,
      mid: spot,
      iv: null,
      delta: 1,
      gamma: 0,
      theta: 0,
      vega: 0,
      markedBy: 'stock',
    };
  }
  const option = leg as TradeLeg & { kind: 'call' | 'put' };
  const quote: MarkQuote | null =
    yearsToExpiry(option.expiration!, asOf) > 0
      ? chain.quote(option.kind, option.strike!, option.expiration!)
      : null;
  if (quote) {
    const iv = quote.iv ?? chain.ivNear(option.strike!, option.expiration!);
    const hasGreeks = [quote.delta, quote.gamma, quote.theta, quote.vega].every((g) => g !== null);
    const greeks = hasGreeks
      ? { delta: quote.delta!, gamma: quote.gamma!, theta: quote.theta!, vega: quote.vega! }
      : modelPrice(option, chain, asOf, iv);
    const { delta, gamma, theta, vega } = greeks;
    const mid = (quote.bid + quote.ask) / 2;
    return { bid: quote.bid, ask: quote.ask, mid, iv, delta, gamma, theta, vega, markedBy: 'quote' };
  }
  const iv = chain.ivNear(option.strike!, option.expiration!);
  const model = modelPrice(option, chain, asOf, iv);
  const price = model.price;
  return {
    bid: price,
    ask: price,
    mid: price,
    iv: model.markedBy === 'model' ? iv : null,
    delta: model.delta,
    gamma: model.gamma,
    theta: model.theta,
    vega: model.vega,
    markedBy: model.markedBy,
  };
}

/** Worst P&L per share of one position at expiry, or null when unbounded or not one expiration. */
export function expiryRisk(trade: Pick<MarkableTrade, 'legs' | 'side' | 'entry_price'>): {
  risk: MarkedPosition['risk'];
  maxLossPerShare: number | null;
} {
  const legs = trade.legs ?? [];
  const expirations = new Set(legs.filter((leg) => leg.kind !== 'stock').map((leg) => leg.expiration));
  if (legs.length === 0 || expirations.size > 1) return { risk: 'unknown', maxLossPerShare: null };
  const n = legs.length;
  const buffer: LegBuffer = {
    count: 0,
    kind: new Uint8Array(n),
    strike: new Float64Array(n),
    quantity: new Float64Array(n),
    premium: new Float64Array(n),
  };
  let slope = 0;
  const kinks = [0];
  for (const leg of legs) {
    const signed = (leg.side === 'long' ? 1 : -1) * leg.quantity;
    const kind = leg.kind === 'stock' ? LEG_STOCK : leg.kind === 'call' ? LEG_CALL : LEG_PUT;
    pushLeg(buffer, kind, leg.strike ?? 0, signed, 0);
    if (leg.kind !== 'put') slope += signed;
    if (leg.strike !== null && leg.kind !== 'stock') kinks.push(leg.strike);
  }
  if (slope < -1e-12) return { risk: 'undefined', maxLossPerShare: null };
  const worstPayoff = Math.min(...kinks.map((price) => legsPayoff(buffer, price)));
  const net = trade.side === 'credit' ? trade.entry_price : -trade.entry_price;
  return { risk: 'defined', maxLossPerShare: Math.max(0, -(worstPayoff + net)) };
}

/**
 * An open trade marked against its underlying's chain at `asOf`, with the targets it has reached
 * (./targets; `targets.nextEarnings` when the underlying's next report is known). The trade must have legs.
 */
export function markTrade(
  trade: MarkableTrade,
  chain: MarkChain,
  asOf: Date = new Date(chain.asOf),
  targets: TargetContext = {},
): MarkedPosition {
  const legs = trade.legs ?? [];
  const quantity = trade.quantity;
  const greeks = zeroGreeks();
  const flags: string[] = [];
  let exec = 0;
  let mid = 0;
  let dte: number | null = null;
  const marked: MarkedLeg[] = legs.map((leg) => {
    const price = priceLeg(leg, chain, asOf);
    const sign = leg.side === 'long' ? 1 : -1;
    exec += sign * leg.quantity * (leg.side === 'long' ? price.bid : price.ask);
    mid += sign * leg.quantity * price.mid;
    const contracts = leg.quantity * quantity;
    const scale = sign * contracts * CONTRACT_SHARES;
    const legGreeks: PositionGreeks = {
      delta_shares: scale * price.delta,
      gamma_shares: scale * price.gamma,
      theta_per_day: scale * price.theta,
      vega_per_point: scale * price.vega,
    };
    addGreeks(greeks, legGreeks);
    const legDte = leg.expiration === null ? null : daysToExpiry(leg.expiration, asOf);
    if (legDte !== null) dte = dte === null ? legDte : Math.min(dte, legDte);
    if (price.markedBy === 'model' || price.markedBy === 'intrinsic')
      flags.push(
        `${leg.side === 'long' ? 'Long' : 'Short'} ${leg.strike} ${leg.kind} ${leg.expiration} is not listed in the chain: priced ${price.markedBy === 'model' ? 'from the model at the nearest strike’s IV' : 'at its intrinsic value'}`,
      );
    return {
      kind: leg.kind,
      side: leg.side,
      contracts,
      strike: leg.strike,
      expiration: leg.expiration,
      bid: round(price.bid, 4),
      ask: round(price.ask, 4),
      mid: round(price.mid, 4),
      marked_by: price.markedBy,
      iv: price.iv === null ? null : round(price.iv, 4),
      dte: legDte,
      greeks: roundGreeks(legGreeks),
    };
  });
  // As the trade's exit price would be written: what a debit position sells for, what a credit one costs to buy back.
  const closePrice = round(trade.side === 'credit' ? -exec : exec, 4);
  const closePriceMid = round(trade.side === 'credit' ? -mid : mid, 4);
  const pnlAt = (exit: number) =>
    tradePnl({
      entry_price: trade.entry_price,
      exit_price: exit,
      side: trade.side,
      quantity,
      fees: trade.fees,
    })!;
  const { risk, maxLossPerShare } = expiryRisk(trade);
  const position: Omit<MarkedPosition, 'targets'> = {
    trade_id: trade.trade_id,
    ticker: trade.ticker,
    strategy: trade.strategy,
    side: trade.side,
    quantity,
    entry_price: trade.entry_price,
    fees: trade.fees,
    opened_at: trade.opened_at,
    underlying_price: round(chain.spot, 4),
    close_price: closePrice,
    close_price_mid: closePriceMid,
    value: cents(exec * CONTRACT_SHARES * quantity),
    value_mid: cents(mid * CONTRACT_SHARES * quantity),
    unrealized_pnl: pnlAt(closePrice),
    unrealized_pnl_mid: pnlAt(closePriceMid),
    greeks: roundGreeks(greeks),
    dte,
    capital_at_risk:
      maxLossPerShare === null ? null : cents(maxLossPerShare * CONTRACT_SHARES * quantity + trade.fees),
    risk,
    flags,
    legs: marked,
  };
  return { ...position, targets: evaluateTargets(position, targets) };
}

/** The portfolio's totals over marked positions. */
export function portfolioTotals(positions: readonly MarkedPosition[]): PortfolioTotals {
  const greeks = zeroGreeks();
  let value = 0;
  let pnl = 0;
  let pnlMid = 0;
  let capital = 0;
  let undefinedRisk = 0;
  for (const position of positions) {
    addGreeks(greeks, position.greeks);
    value += position.value;
    pnl += position.unrealized_pnl;
    pnlMid += position.unrealized_pnl_mid;
    if (position.capital_at_risk === null) undefinedRisk += 1;
    else capital += position.capital_at_risk;
  }
  return {
    ...roundGreeks(greeks),
    positions: positions.length,
    value: cents(value),
    unrealized_pnl: cents(pnl),
    unrealized_pnl_mid: cents(pnlMid),
    capital_at_risk: cents(capital),
    undefined_risk_positions: undefinedRisk,
  };
}
