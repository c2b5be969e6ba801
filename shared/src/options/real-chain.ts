/**
 * A priced real chain (../providers/chains/price-real-chain) in the two shapes the API serves: the
 * chain view of GET /api/options-chain, and a one-chain universe snapshot the scanner scans. Days
 * to expiry and the market's open state are read at the provider's quote time, not the clock's.
 * The scanner's IV rank, earnings date and forecast still come from the simulated model (there is
 * no real IV history yet); the quotes, IVs and greeks it prices positions from are the provider's.
 */
import { BoundaryCache } from '../pricing/american-batch';
import { marketClock } from '../market/price-model';
import { dayNumberOfIso } from '../market/calendar';
import type { PricedChain, PricedContract } from '../providers/chains/price-real-chain';
import { chainSetup, type ChainData } from './chain';
import type { OptionChainView, OptionContract } from './chain-view';
import { forecastChain, workFor, type UniverseSnapshot } from './snapshot';

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
    forwards: priced.expiries.map(({ expiration, forward, discount, method, impliedYield }) => ({
      expiration,
      forward,
      discount,
      method,
      impliedYield,
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

/** A universe snapshot holding one real chain, priced and forecast, at the provider's quote time. */
export function realChainSnapshot(
  priced: PricedChain,
  carry: { rate: number; dividendYield: number },
): UniverseSnapshot {
  const at = new Date(priced.asOf);
  const clock = marketClock(at);
  const setup = chainSetup(priced.symbol, at, clock);
  const groups = pairedContracts(priced).filter((g) => g.length > 0);
  const contracts = groups.flat();
  const n = contracts.length;
  const expirations = groups.map((g) => g[0]!.contract.expiration);
  const expirationStart = new Int32Array(groups.length + 1);
  groups.forEach((g, e) => (expirationStart[e + 1] = expirationStart[e]! + g.length));
  const column = (read: (c: PricedContract) => number) => Float64Array.from(contracts, read);
  const chain: ChainData = {
    symbol: priced.symbol,
    style: setup.chain.style,
    underlying: { ...setup.chain.underlying, spot: priced.spot, asOf: priced.asOf },
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
  forecastChain(chain, work, clock);
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
