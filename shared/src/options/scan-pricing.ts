/**
 * A candidate position's numbers at executable fills (buy at the ask, sell at the bid) under the
 * expiration's forecast: IV, net greeks, liquidity, net premium, max profit and loss, probability
 * of profit and expected P&L, written to the scratch candidate (./scan-candidates) for the hot
 * loop (./scan-run) to screen. Single legs in closed form; multi-leg positions through ./payoff.
 */
import type { ChainData } from './chain';
import {
  LEG_CALL,
  LEG_PUT,
  OUT_MAX_LOSS,
  OUT_MAX_PROFIT,
  OUT_NET_PREMIUM,
  OUT_POP,
  OUT_SIZE,
  analyzeLegs,
  createLegBuffer,
  pushLeg,
  type ExpiryCdf,
} from './payoff';
import {
  F_DELTA,
  F_EXPECTED,
  F_IV,
  F_MAX_LOSS,
  F_MAX_PROFIT,
  F_NET_MID,
  F_NET_PREMIUM,
  F_OPEN_INTEREST,
  F_POP,
  F_SPREAD,
  F_SPREAD_COST,
  F_THETA,
  F_VEGA,
  F_VOLUME,
  candidate,
  candidateLegs,
} from './scan-candidates';
import { probabilityBelow, type ExpiryForecast } from './forecast';
import type { ChainWork } from './snapshot';

/** Strategy codes: indices into STRATEGY_CODES (./scan-results). */
export const LONG_CALL = 0;
export const LONG_PUT = 1;
export const COVERED_CALL = 2;
export const CASH_SECURED_PUT = 3;
export const IRON_CONDOR = 4;
export const BUTTERFLY = 5;
export const STRADDLE = 6;
export const STRANGLE = 7;

/** Prices candidates of one chain's expiration at a time (set by `at`); reused across the scan. */
export class CandidatePricer {
  private chain!: ChainData;
  private work!: ChainWork;
  private spot = 0;
  private years = 0;
  private atmIv = 0;
  private forward = 0;
  private expiry!: ExpiryForecast;
  /** P(S_T < level) under the current expiry's forecast. */
  private readonly cdf: ExpiryCdf = (level) => probabilityBelow(this.expiry, level);
  private readonly legs = createLegBuffer();
  private readonly analysis = new Float64Array(OUT_SIZE);

  /** The expiration being priced: its chain, time to expiry in years, at-the-money IV and forecast. */
  at(chain: ChainData, work: ChainWork, years: number, atmIv: number, expiry: ExpiryForecast): void {
    this.chain = chain;
    this.work = work;
    this.spot = chain.spot;
    this.years = years;
    this.atmIv = atmIv;
    this.forward = expiry.forward;
    this.expiry = expiry;
  }

  /** A single-leg strategy on contract i, in closed form at executable prices (equal to ./payoff's analysis; tested); false when the contract has no IV or the position's max profit or max loss is not positive. */
  single(code: number, i: number): boolean {
    const { chain, work } = this;
    if (!(work.iv[i]! > 0)) return false;
    const k = chain.strike[i]!;
    const bid = chain.bid[i]!;
    const ask = chain.ask[i]!;
    const mid = chain.mid[i]!;
    const expectedPayoff = work.expectedPayoff[i]!;
    const spot = this.spot;
    const side = code === LONG_CALL || code === LONG_PUT ? 1 : -1;
    candidateLegs[0] = i;
    candidateLegs[1] = -1;
    candidateLegs[2] = -1;
    candidateLegs[3] = -1;
    candidate[F_IV] = work.iv[i]!;
    candidate[F_DELTA] = (code === COVERED_CALL ? 1 : 0) + side * work.delta[i]!;
    candidate[F_THETA] = side * work.theta[i]!;
    candidate[F_VEGA] = side * work.vega[i]!;
    candidate[F_VOLUME] = chain.volume[i]!;
    candidate[F_OPEN_INTEREST] = chain.openInterest[i]!;
    candidate[F_SPREAD] = work.spreadPct[i]!;
    candidate[F_SPREAD_COST] = (ask - bid) / mid;
    candidate[F_NET_MID] = side * mid;
    if (code === LONG_CALL) {
      candidate[F_NET_PREMIUM] = ask;
      candidate[F_MAX_LOSS] = ask;
      candidate[F_MAX_PROFIT] = Infinity;
      candidate[F_POP] = 1 - this.cdf(k + ask);
      candidate[F_EXPECTED] = expectedPayoff - ask;
    } else if (code === LONG_PUT) {
      candidate[F_NET_PREMIUM] = ask;
      candidate[F_MAX_LOSS] = ask;
      candidate[F_MAX_PROFIT] = k - ask;
      candidate[F_POP] = this.cdf(k - ask);
      candidate[F_EXPECTED] = expectedPayoff - ask;
    } else if (code === COVERED_CALL) {
      candidate[F_NET_PREMIUM] = -bid;
      candidate[F_MAX_LOSS] = spot - bid;
      candidate[F_MAX_PROFIT] = k - spot + bid;
      candidate[F_POP] = 1 - this.cdf(spot - bid);
      candidate[F_EXPECTED] = this.forward - spot - (expectedPayoff - bid);
    } else {
      candidate[F_NET_PREMIUM] = -bid;
      candidate[F_MAX_LOSS] = k - bid;
      candidate[F_MAX_PROFIT] = bid;
      candidate[F_POP] = 1 - this.cdf(k - bid);
      candidate[F_EXPECTED] = bid - expectedPayoff;
    }
    return candidate[F_MAX_PROFIT]! > 0 && candidate[F_MAX_LOSS]! > 0;
  }

  startLegs(): void {
    this.legs.count = 0;
    candidateLegs[0] = -1;
    candidateLegs[1] = -1;
    candidateLegs[2] = -1;
    candidateLegs[3] = -1;
  }

  /** Adds contract i to the position, filled at the ask (bought) or the bid (sold, which needs a bid). */
  leg(slot: number, i: number, quantity: number): boolean {
    const { chain, work } = this;
    if (!(work.iv[i]! > 0)) return false;
    if (quantity < 0 && !(chain.bid[i]! > 0)) return false;
    candidateLegs[slot] = i;
    const fill = quantity > 0 ? chain.ask[i]! : chain.bid[i]!;
    pushLeg(this.legs, chain.isCall[i] === 1 ? LEG_CALL : LEG_PUT, chain.strike[i]!, quantity, fill);
    return true;
  }

  /** The position of the legs added since startLegs(), at their fills; false when its max profit or loss is not positive. */
  multi(): boolean {
    const { chain, work } = this;
    analyzeLegs(
      this.legs,
      this.spot,
      this.years,
      chain.rate,
      chain.dividendYield,
      this.atmIv,
      this.analysis,
      this.cdf,
    );
    let iv = 0;
    let delta = 0;
    let theta = 0;
    let vega = 0;
    let volume = Infinity;
    let openInterest = Infinity;
    let spread = 0;
    let expected = 0;
    let netMid = 0;
    let roundTrip = 0;
    for (let l = 0; l < this.legs.count; l += 1) {
      const i = candidateLegs[l]!;
      const q = this.legs.quantity[l]!;
      iv += work.iv[i]!;
      delta += q * work.delta[i]!;
      theta += q * work.theta[i]!;
      vega += q * work.vega[i]!;
      volume = Math.min(volume, chain.volume[i]!);
      openInterest = Math.min(openInterest, chain.openInterest[i]!);
      spread = Math.max(spread, work.spreadPct[i]!);
      expected += q * (work.expectedPayoff[i]! - this.legs.premium[l]!);
      netMid += q * chain.mid[i]!;
      roundTrip += Math.abs(q) * (chain.ask[i]! - chain.bid[i]!);
    }
    const maxLoss = this.analysis[OUT_MAX_LOSS]!;
    const maxProfit = this.analysis[OUT_MAX_PROFIT]!;
    if (!(maxProfit > 0) || !(maxLoss > 0)) return false;
    candidate[F_IV] = iv / this.legs.count;
    candidate[F_DELTA] = delta;
    candidate[F_THETA] = theta;
    candidate[F_VEGA] = vega;
    candidate[F_VOLUME] = volume;
    candidate[F_OPEN_INTEREST] = openInterest;
    candidate[F_SPREAD] = spread;
    candidate[F_SPREAD_COST] = netMid !== 0 ? roundTrip / Math.abs(netMid) : Infinity;
    candidate[F_NET_MID] = netMid;
    candidate[F_NET_PREMIUM] = this.analysis[OUT_NET_PREMIUM]!;
    candidate[F_MAX_LOSS] = maxLoss;
    candidate[F_MAX_PROFIT] = maxProfit;
    candidate[F_POP] = this.analysis[OUT_POP]!;
    candidate[F_EXPECTED] = expected;
    return true;
  }
}
