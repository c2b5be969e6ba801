import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';
import { optionChainSchema } from '@shared/options/response-schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

/** The whole chain (every expiration): one request per symbol, so switching expirations is instant. */
export function getOptionChain(symbol: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(apiPath('getOptionsChain', {}, { symbol }), optionChainSchema, { signal });
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
