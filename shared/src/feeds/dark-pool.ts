/**
 * Dark Pool Flow (spec 3, 5 and 9): one block print per arrival of the dark pool timeline, on a
 * ticker of the simulated market weighted by how much it trades, at the model's price of that
 * instant. The block's size follows the name's own 20-day volume; the options it implies use the
 * listed expirations and the model's implied volatility. The edge score is the spec's weighted
 * sum (40 / 30 / 20 / 10) of four factor scores, clamped to 0-100, the factors kept on the item.
 */
import { clampToRange, DARK_POOL_FLOW_CONFIDENCE_RANGE, EDGE_SCORE_RANGE } from '../constants/ranges';
import { newYorkTime } from '../market/calendar';
import { universeEntry } from '../market/universe';
import { listedExpirations } from '../options/expirations';
import { Draws } from './draws';
import { memoized } from './memo';
import { listedStrikeNear } from '../options/chain';
import { FEED_UNIVERSE, impliedMovePercent, readMarket, round1 } from './market-readings';
import { DARK_POOL_EDGE_WEIGHTS, type DarkPoolEdgeBreakdown, type SimulatedDarkPoolFlow } from './schemas';
import { DEFAULT_FEED_SEED, feedItemId, itemSeed } from './timeline';

/** A typical block is this share of the name's average daily volume (lognormal around it). */
const TYPICAL_BLOCK_SHARE = 0.0012;
const BLOCK_SPREAD = 0.9;
const MIN_BLOCK = 1_000;
const MAX_BLOCK = 20_000_000;
const ALGORITHMIC_SHARE = 0.45;

const HUMAN_INSTITUTIONS = [
  'Pension Fund',
  'Mutual Fund',
  'Hedge Fund',
  'Sovereign Wealth Fund',
  'Insurance Company',
  'Endowment',
  'Family Office',
] as const;
const ALGORITHMIC_INSTITUTIONS = [
  'Quant Fund',
  'Market Maker',
  'HFT Liquidity Provider',
  'Systematic CTA',
  'Bank Execution Algo',
] as const;

const tickerWeight = (symbol: string) => {
  const entry = universeEntry(symbol)!;
  return Math.sqrt(entry.averageVolume * entry.referencePrice);
};
const FLOW_TICKERS = FEED_UNIVERSE.map((entry) => entry.symbol);

/** The edge score: the weighted factor scores, summed, rounded and clamped to 0-100. */
export function darkPoolEdgeScore(breakdown: DarkPoolEdgeBreakdown): number {
  const raw = (Object.keys(DARK_POOL_EDGE_WEIGHTS) as (keyof DarkPoolEdgeBreakdown)[]).reduce(
    (sum, factor) => sum + DARK_POOL_EDGE_WEIGHTS[factor] * breakdown[factor],
    0,
  );
  return clampToRange(Math.round(raw), EDGE_SCORE_RANGE);
}

/** The ticker of the print arriving at `t` (its first draw), without the rest of the print. */
export function darkPoolTickerAt(t: number, seed = DEFAULT_FEED_SEED): string {
  return new Draws(itemSeed('darkpool', t, seed)).weighted(FLOW_TICKERS, tickerWeight);
}

/**
 * The print arriving at `t` (an arrival of the dark pool timeline, so inside a session), at the
 * model's price of that minute.
 */
export function generateDarkPoolFlow(t: number, seed = DEFAULT_FEED_SEED): SimulatedDarkPoolFlow {
  return memo(`${seed}|${t}`, () => makeDarkPoolFlow(t, seed));
}

const memo = memoized<SimulatedDarkPoolFlow>(1024);

function makeDarkPoolFlow(t: number, seed: string): SimulatedDarkPoolFlow {
  const at = new Date(t);
  const draw = new Draws(itemSeed('darkpool', t, seed));
  const symbol = draw.weighted(FLOW_TICKERS, tickerWeight);
  const market = readMarket(symbol, at);

  const blockSize =
    Math.round(
      Math.min(
        MAX_BLOCK,
        Math.max(
          MIN_BLOCK,
          market.averageVolume20 * TYPICAL_BLOCK_SHARE * Math.exp(BLOCK_SPREAD * draw.normal()),
        ),
      ) / 100,
    ) * 100;
  // Prints lean with the tape: more buying on an up day.
  const buyChance = 0.5 + Math.max(-0.2, Math.min(0.2, market.changePercent * 0.06));
  const side = draw.chance(buyChance) ? 'buy' : 'sell';
  const confidence = draw.int(DARK_POOL_FLOW_CONFIDENCE_RANGE.min, DARK_POOL_FLOW_CONFIDENCE_RANGE.max);
  const algorithmic = draw.chance(ALGORITHMIC_SHARE);
  const institution = draw.pick(algorithmic ? ALGORITHMIC_INSTITUTIONS : HUMAN_INSTITUTIONS);

  const today = newYorkTime(at).dayNumber;
  const expirations = listedExpirations(market.entry, today).slice(0, 4);
  const expiry = draw.pick(expirations);
  const timeToExpiry = Math.max(0, expiry - today);
  const impliedMove = impliedMovePercent(market.iv, timeToExpiry);
  const direction = side === 'buy' ? 1 : -1;
  const strike = listedStrikeNear(
    market.symbol,
    at,
    expiry,
    market.price * (1 + (direction * impliedMove) / 200),
  );
  const optionsImplication = `${side === 'buy' ? 'Bullish' : 'Bearish'}: $${strike} ${
    side === 'buy' ? 'calls' : 'puts'
  }, ${timeToExpiry} DTE (±${impliedMove.toFixed(1)}% implied)`;
  const darkPoolPercentage = round1(draw.between(30, 55));

  const typical = market.averageVolume20 * TYPICAL_BLOCK_SHARE;
  const relativeVolume = Number.isFinite(market.relativeVolume) ? market.relativeVolume : 1;
  const edgeBreakdown: DarkPoolEdgeBreakdown = {
    baseFactors: round1(50 + 18 * Math.log2(blockSize / typical) + 0.8 * (confidence - 82)),
    patternAnalysis: round1(algorithmic ? draw.between(25, 60) : draw.between(65, 100)),
    marketContext: round1(50 + 10 * direction * market.changePercent + 15 * (relativeVolume - 1)),
    optionsCorrelation: round1(100 - market.ivRank),
  };

  return {
    id: feedItemId('darkpool', t),
    ticker: market.symbol,
    provider: 'simulated',
    timestamp: at.toISOString(),
    blockSize,
    price: market.price,
    side,
    confidence,
    institutionalSignature: institution,
    optionsImplication,
    timeToExpiry,
    strike,
    impliedMove,
    darkPoolPercentage,
    algorithmicDetection: algorithmic,
    humanPattern: !algorithmic,
    edgeScore: darkPoolEdgeScore(edgeBreakdown),
    edgeBreakdown,
  };
}
