/**
 * GET /api/options-chain and POST /api/options-scanner as they arrive (JSON): the server's
 * OptionChainView (./chain-view) and ScanOutput (./scanner) after JSON.stringify, which writes a
 * non-finite number (an unlimited profit, an undefined ratio) as null. Kept apart from those
 * modules so that the browser parses responses without bundling the pricing engine.
 */
import * as z from 'zod';
import { scannerStrategies } from '../constants/strategies';
import { provenanceFields, scanResultSchema } from '../market/schemas';
import { sectors } from '../market/universe';
import { NO_IV_REASONS } from '../providers/chains/no-iv-reasons';
import { FORWARD_METHODS } from '../providers/chains/parity';
import { rateSourceSchema } from '../providers/rates/rate-source';
import type { EdgeComponent } from './scoring';

/** Where a chain or scan came from, for the provenance label (with its quote time, asOf, below). */
const provenance = provenanceFields;
const exerciseStyles = ['american', 'european'] as const;

export const optionContractSchema = z.object({
  type: z.enum(['call', 'put']),
  strike: z.number(),
  expiration: z.iso.date(),
  years: z.number(),
  bid: z.number(),
  ask: z.number(),
  last: z.number(),
  volume: z.number(),
  openInterest: z.number(),
  /** null (and null greeks) when the bid pays no time value, so no volatility solves the mid. */
  iv: z.number().nullable(),
  /** Why iv is null: the quote's hygiene (crossed, zero bid, stale, ...) or no time value. */
  noIvReason: z.enum(NO_IV_REASONS).nullable(),
  delta: z.number().nullable(),
  gamma: z.number().nullable(),
  theta: z.number().nullable(),
  vega: z.number().nullable(),
});
export type OptionContractRow = z.infer<typeof optionContractSchema>;

/** GET /api/options-chain. */
export const optionChainSchema = z.object({
  symbol: z.string(),
  exercise: z.enum(exerciseStyles),
  underlyingPrice: z.number(),
  rate: z.number(),
  dividendYield: z.number(),
  asOf: z.iso.datetime(),
  expirations: z.array(z.iso.date()),
  forwards: z.array(
    z.object({
      expiration: z.iso.date(),
      forward: z.number(),
      discount: z.number(),
      method: z.enum(FORWARD_METHODS),
      /** The carry yield (dividends and borrow) the expiry's IVs are solved with. */
      impliedYield: z.number(),
      /** Where the expiry's rate came from: the Treasury's par curve of `day`, or the fixed rate; null where none was given. */
      rateSource: rateSourceSchema.nullable(),
    }),
  ),
  contracts: z.array(optionContractSchema),
  ...provenance,
});
export type OptionChain = z.infer<typeof optionChainSchema>;

const positionLegSchema = z.object({
  kind: z.enum(['call', 'put', 'stock']),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  /** null for the stock leg of a covered call. */
  strike: z.number().nullable(),
  expiration: z.iso.date().nullable(),
  years: z.number(),
  premium: z.number(),
  bid: z.number(),
  ask: z.number(),
  iv: z.number().nullable(),
  delta: z.number(),
  gamma: z.number(),
  theta: z.number(),
  vega: z.number(),
  volume: z.number(),
  openInterest: z.number(),
});

const positionSchema = z.object({
  symbol: z.string(),
  strategy: z.enum(scannerStrategies),
  spot: z.number(),
  rate: z.number(),
  dividendYield: z.number(),
  asOf: z.iso.datetime(),
  expiration: z.iso.date(),
  years: z.number(),
  legs: z.array(positionLegSchema),
});

const greeksSchema = z.object({ delta: z.number(), gamma: z.number(), theta: z.number(), vega: z.number() });

const edgeComponents = [
  'expected-return',
  'probability',
  'liquidity',
  'iv-fit',
  'theta-efficiency',
] as const satisfies readonly EdgeComponent[];

const scoreComponentSchema = z.object({
  component: z.enum(edgeComponents),
  /** Percent of the total; the weights add to 100. */
  weight: z.number(),
  score: z.number(),
  /** The component's raw figure in its unit; null when not finite. */
  value: z.number().nullable(),
  unit: z.enum(['fraction', 'ratio', 'percent']),
  explanation: z.string(),
});

const edgeBandSchema = z.object({
  band: z.enum(['excellent', 'good', 'average', 'below-average', 'poor']),
  label: z.string(),
  tone: z.enum(['green', 'yellow', 'orange', 'red', 'blue', 'purple', 'gray']),
});

/** A scan result: the spec's row plus the position and its analysis. */
export const scanResultRowSchema = scanResultSchema.extend({
  expiration: z.iso.date(),
  dte: z.number(),
  sector: z.enum(sectors),
  underlyingPrice: z.number(),
  /** Null on a real chain before enough IVs are recorded (ivRankNote says why). */
  ivRank: z.number().nullable(),
  ivPercentile: z.number().nullable(),
  ivRankNote: z.string().nullable(),
  atmIv: z.number(),
  /** The option legs' strikes, ascending, and written out ('530/540/560/570'). */
  strikes: z.array(z.number()),
  strikeLabel: z.string(),
  /** Per share at the fills (buy at the ask, sell at the bid): + debit, - credit. */
  netPrice: z.number(),
  priceType: z.enum(['debit', 'credit']),
  midPrice: z.number(),
  openInterest: z.number(),
  spreadPct: z.number(),
  /** Round-trip bid-ask over the premium; null when the premium is 0. */
  spreadCost: z.number().nullable(),
  premium: z.number(),
  probabilityOfProfit: z.number(),
  expectedProfit: z.number(),
  expectedReturn: z.number(),
  /** The forecast's expected return before the calibration to the backtest. */
  forecastExpectedReturn: z.number(),
  forecastVol: z.number(),
  /** null when the underlying has no price history to measure. */
  historicalVol: z.number().nullable(),
  /** null: unlimited (the server's Infinity, as JSON writes it). */
  maxProfit: z.number().nullable(),
  maxLoss: z.number().nullable(),
  breakevens: z.array(z.number()),
  capitalRequired: z.number().nullable(),
  cost: z.number(),
  expectedMove: z.number(),
  rewardRisk: z.number().nullable(),
  earnings: z.iso.date().nullable(),
  spansEarnings: z.boolean(),
  exercise: z.enum(exerciseStyles),
  greeks: greeksSchema,
  edgeBand: edgeBandSchema,
  scoreBreakdown: z.array(scoreComponentSchema),
  position: positionSchema,
});
export type ScanResultRow = z.infer<typeof scanResultRowSchema>;

/** Why a scan found nothing: the filter, a sentence with the values, and the change that lets results through. */
export const scanEmptyReasonSchema = z.object({
  filter: z.string(),
  message: z.string(),
  relax: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});
export type ScanEmptyReason = z.infer<typeof scanEmptyReasonSchema>;

/** POST /api/options-scanner. */
export const scanResponseSchema = z.object({
  asOf: z.iso.datetime(),
  /** Results refresh only while the market is open. */
  marketOpen: z.boolean(),
  results: z.array(scanResultRowSchema),
  /** Candidates that passed every filter (results are the best of them, after the caps). */
  matched: z.number().int().nonnegative(),
  scanned: z.object({
    underlyings: z.number().int().nonnegative(),
    contracts: z.number().int().nonnegative(),
    candidates: z.number().int().nonnegative(),
  }),
  emptyReason: scanEmptyReasonSchema.nullable(),
  /** Sentences the page shows above the results (the IV Rank slider with a ticker, which way the results lean). */
  notes: z.array(z.string()),
  ...provenance,
  activeFilters: z.number().int().nonnegative(),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;
