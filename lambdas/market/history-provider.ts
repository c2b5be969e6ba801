/**
 * The provider the chain snapshot job asks for daily bars (./snapshot-history): the same provider
 * and base URL the job fetches chains from (CBOE's daily history needs no key; Polygon's daily
 * aggregates take the market data key). Null for the simulated market.
 */
import type { ChainProvider } from '@shared/providers/chains/chain';
import {
  cboeHistoryProvider,
  polygonHistoryProvider,
  type HistoryProvider,
} from '@shared/providers/history/daily-history';
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';
import { fetchJsonWith } from './chain-source';

export function historyProviderFor(
  provider: ChainProvider | null,
  env: NodeJS.ProcessEnv = process.env,
): HistoryProvider | undefined {
  if (provider?.name === 'cboe')
    return cboeHistoryProvider(
      env[runtimeEnv.cboeBaseUrl] ?? 'https://cdn.cboe.com',
      fetchJsonWith(async () => ({})),
    );
  if (provider?.name === 'polygon')
    return polygonHistoryProvider(
      env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
      fetchJsonWith(async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('the market data API key is not set');
        return { authorization: `Bearer ${key}` };
      }),
    );
  return undefined;
}
