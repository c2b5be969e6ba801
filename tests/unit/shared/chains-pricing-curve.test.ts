/**
 * Real chains priced with a rate curve (../../../shared/src/providers/rates/treasury): a chain
 * quoted with the American model at a known r and q is recovered when r comes from the curve,
 * where the slope of C - P on K alone (biased by the puts' early-exercise premium) gives another
 * rate; European expiries keep the parity fit, the curve's rate as their fallback; each expiry
 * says where its rate came from.
 */
import { describe, expect, it } from 'vitest';
import { americanPrice } from '@shared/pricing/american';
import { bsm } from '@shared/pricing/bsm';
import type { ChainContract, ChainSnapshot } from '@shared/providers/chains/chain';
import { priceRealChain, yearsToExpiry } from '@shared/providers/chains/price-real-chain';
import { pricingCurve, type RateCurve } from '@shared/providers/rates/treasury';

const asOf = '2024-06-28T15:00:00.000Z';
const expiration = '2025-06-20';
const years = yearsToExpiry(expiration, new Date(asOf));
const spot = 100;
const rate = 0.05;
const q = 0.01;
const vol = 0.35;
const strikes = [80, 85, 90, 95, 100, 105, 110, 115, 120];
const flat = (r: number): RateCurve => ({
  source: 'US Treasury par curve',
  day: '2024-06-28',
  rateAt: () => r,
});

function contract(strike: number, type: 'call' | 'put', price: number): ChainContract {
  return {
    occ: `XYZ   250620${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`,
    root: 'XYZ',
    type,
    strike,
    expiration,
    bid: Math.round((price - 0.01) * 1e6) / 1e6,
    ask: Math.round((price + 0.01) * 1e6) / 1e6,
    bidSize: 10,
    askSize: 10,
    last: null,
    lastTime: null,
    volume: 100,
    openInterest: 1000,
    iv: null,
    greeks: null,
    quoteTime: asOf,
  };
}

const snapshot = (contracts: ChainContract[]): ChainSnapshot => ({
  provider: 'tradier',
  delayed: false,
  underlying: { symbol: 'XYZ', price: spot, bid: 99.99, ask: 100.01, asOf },
  contracts,
  rejected: [],
});

// Quoted with the American model at r = 5 %, q = 1 %, 35 % volatility.
const american = snapshot(
  strikes.flatMap((k) => [
    contract(k, 'call', americanPrice(spot, k, years, rate, q, vol, true)),
    contract(k, 'put', americanPrice(spot, k, years, rate, q, vol, false)),
  ]),
);
const nearMoney = (priced: ReturnType<typeof priceRealChain>, strike: number) =>
  priced.contracts.filter((c) => c.contract.strike === strike).map((c) => c.iv!);

describe('American expiries with a rate curve', () => {
  it('recovers q and equal call and put IVs with r from the curve', () => {
    const priced = priceRealChain(
      american,
      { rate: 0.0425, dividendYield: 0, exercise: 'american', curve: flat(rate) },
      new Date(asOf),
    );
    const expiry = priced.expiries[0]!;
    expect(expiry.method).toBe('curve_rate_parity_carry');
    expect(expiry.discount).toBeCloseTo(Math.exp(-rate * years), 12);
    expect(expiry.rateSource).toEqual({ source: 'US Treasury par curve', day: '2024-06-28' });
    expect(expiry.impliedYield).toBeCloseTo(q, 3);
    for (const k of [95, 100, 105]) {
      const [call, put] = nearMoney(priced, k);
      expect(Math.abs(call! - put!)).toBeLessThan(0.002);
      expect(call!).toBeCloseTo(vol, 2);
    }
  });

  it('is not what the parity slope alone gives: its rate is biased and the IVs split', () => {
    const priced = priceRealChain(
      american,
      { rate: 0.0425, dividendYield: 0, exercise: 'american' },
      new Date(asOf),
    );
    const expiry = priced.expiries[0]!;
    expect(expiry.method).toBe('parity');
    expect(expiry.rateSource).toBeNull();
    expect(Math.abs(-Math.log(expiry.discount) / years - rate)).toBeGreaterThan(0.003);
    expect(Math.abs(expiry.impliedYield - q)).toBeGreaterThan(0.003);
  });

  it('uses the fixed rate, and says so, where there is no curve', () => {
    const priced = priceRealChain(
      american,
      { rate: 0.0425, dividendYield: 0, exercise: 'american', curve: pricingCurve(null, 0.0425) },
      new Date(asOf),
    );
    const expiry = priced.expiries[0]!;
    expect(expiry.method).toBe('curve_rate_parity_carry');
    expect(expiry.discount).toBeCloseTo(Math.exp(-0.0425 * years), 12);
    expect(expiry.rateSource).toEqual({ source: 'fixed', day: null });
  });
});

describe('European expiries with a rate curve', () => {
  const discount = Math.exp(-rate * years);
  const forward = 102;
  const black = (k: number, type: 'call' | 'put') =>
    bsm({ spot: forward, strike: k, years, rate, dividendYield: rate, volatility: 0.2, type }).price;
  const european = snapshot(
    strikes.flatMap((k) => [contract(k, 'call', black(k, 'call')), contract(k, 'put', black(k, 'put'))]),
  );

  it('keep the parity fit (the curve is not read where parity solves)', () => {
    const priced = priceRealChain(
      european,
      { rate: 0.0425, dividendYield: 0, curve: flat(0.08) },
      new Date(asOf),
    );
    expect(priced.expiries[0]).toMatchObject({
      method: 'parity',
      rateSource: { source: 'US Treasury par curve' },
    });
    expect(priced.expiries[0]!.discount).toBeCloseTo(discount, 6);
    expect(priced.expiries[0]!.forward).toBeCloseTo(forward, 6);
  });

  it('take the curve’s rate at their tenor as the fallback', () => {
    const two = snapshot(european.contracts.filter((c) => c.strike === 100 || c.strike === 105));
    const curve: RateCurve = {
      source: 'US Treasury par curve',
      day: '2024-06-28',
      rateAt: (t) => 0.03 + 0.01 * t,
    };
    const priced = priceRealChain(two, { rate: 0.0425, dividendYield: 0, curve }, new Date(asOf));
    expect(priced.expiries[0]!.method).toBe('parity_forward_rate_discount');
    expect(priced.expiries[0]!.discount).toBeCloseTo(Math.exp(-(0.03 + 0.01 * years) * years), 12);
  });
});
