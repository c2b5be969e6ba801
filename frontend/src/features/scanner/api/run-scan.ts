import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { scannerStrategies } from '@shared/constants/strategies';
import { OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';
import { scanResultSchema } from '@shared/market/schemas';
import { sectors } from '@shared/market/universe';
import { type ScanFilters } from '@shared/options/scan-filters';
import { apiRequest } from '../../../lib/api-client';

const positionLegSchema = z.object({
  kind: z.enum(['call', 'put', 'stock']),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  strike: z.number().nullable(),
  expiration: z.string().nullable(),
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
  asOf: z.string(),
  expiration: z.string(),
  years: z.number(),
  legs: z.array(positionLegSchema),
});

const greeksSchema = z.object({ delta: z.number(), gamma: z.number(), theta: z.number(), vega: z.number() });

const scoreComponentSchema = z.object({
  component: z.string(),
  weight: z.number(),
  score: z.number(),
  /** The component's raw figure (a fraction or a ratio); null when not finite. */
  value: z.number().nullable().optional(),
  unit: z.enum(['fraction', 'ratio', 'percent']).optional(),
  explanation: z.string(),
});

/** A scan result as the API sends it: the spec's row plus the position and its analysis. */
export const scanResultDetailSchema = scanResultSchema.extend({
  expiration: z.string(),
  dte: z.number(),
  sector: z.enum(sectors),
  underlyingPrice: z.number(),
  ivRank: z.number(),
  ivPercentile: z.number(),
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
  forecastVol: z.number(),
  historicalVol: z.number().nullable(),
  /** null: unlimited (the server's Infinity, as JSON writes it). */
  maxProfit: z.number().nullable(),
  maxLoss: z.number().nullable(),
  breakevens: z.array(z.number()),
  capitalRequired: z.number().nullable(),
  cost: z.number(),
  expectedMove: z.number(),
  rewardRisk: z.number().nullable(),
  earnings: z.string().nullable(),
  spansEarnings: z.boolean(),
  exercise: z.enum(['american', 'european']),
  greeks: greeksSchema,
  scoreBreakdown: z.array(scoreComponentSchema),
  position: positionSchema,
});
export type ScanResultRow = z.infer<typeof scanResultDetailSchema>;

/** Why a scan found nothing: the filter, a sentence with the values, and the change that would let results through. */
export const emptyReasonSchema = z.object({
  filter: z.string(),
  message: z.string(),
  relax: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});
export type EmptyReason = z.infer<typeof emptyReasonSchema>;

export const scanResponseSchema = z.object({
  asOf: z.string(),
  /** Results refresh only while the market is open. */
  marketOpen: z.boolean().default(true),
  results: z.array(scanResultDetailSchema).default([]),
  matched: z.number(),
  scanned: z.object({ underlyings: z.number(), contracts: z.number(), candidates: z.number() }),
  emptyReason: emptyReasonSchema.nullable().default(null),
  source: z.enum(['live', 'simulated']),
  activeFilters: z.number(),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;

export function runScan(filters: ScanFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/options-scanner', scanResponseSchema, { method: 'POST', body: filters, signal });
}

/** The scan for `filters`; `null` (no scan asked for yet) runs nothing. */
export function getScanQueryOptions(filters: ScanFilters | null) {
  return queryOptions({
    queryKey: ['scanner', 'results', filters] as const,
    queryFn: filters ? ({ signal }) => runScan(filters, { signal }) : skipToken,
    staleTime: OPTIONS_DATA_REFRESH_MS,
    // Help text: options data refreshes every 15 seconds; only while the page is visible, not
    // after a refusal (a 400 or a plan limit will not change by asking again), and not while the
    // market is closed (prices hold at the close; the page says so).
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.data?.marketOpen === false
        ? false
        : OPTIONS_DATA_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useScan(filters: ScanFilters | null) {
  return useQuery(getScanQueryOptions(filters));
}
