import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';
import { apiRequest } from '../../../lib/api-client';

const optionContractSchema = z.object({
  type: z.enum(['call', 'put']),
  strike: z.number(),
  expiration: z.string(),
  years: z.number(),
  bid: z.number(),
  ask: z.number(),
  last: z.number(),
  volume: z.number(),
  openInterest: z.number(),
  iv: z.number().nullable(),
  delta: z.number().nullable(),
  gamma: z.number().nullable(),
  theta: z.number().nullable(),
  vega: z.number().nullable(),
});
export type OptionContractRow = z.infer<typeof optionContractSchema>;

export const optionChainSchema = z.object({
  symbol: z.string(),
  underlyingPrice: z.number(),
  rate: z.number(),
  dividendYield: z.number(),
  asOf: z.string(),
  expirations: z.array(z.string()),
  contracts: z.array(optionContractSchema),
  source: z.enum(['live', 'simulated']),
});
export type OptionChain = z.infer<typeof optionChainSchema>;

/** The whole chain (every expiration): one request per symbol, so switching expirations is instant. */
export function getOptionChain(symbol: string, { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ symbol });
  return apiRequest(`/api/options-chain?${query.toString()}`, optionChainSchema, { signal });
}

export function getOptionChainQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['scanner', 'chain', symbol] as const,
    queryFn: ({ signal }) => getOptionChain(symbol, { signal }),
    staleTime: OPTIONS_DATA_REFRESH_MS,
    refetchInterval: OPTIONS_DATA_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useOptionChain(symbol: string) {
  return useQuery(getOptionChainQueryOptions(symbol));
}
