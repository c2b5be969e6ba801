/**
 * The one provider factory: the quote source the stage configured, for the market routes and the
 * assistant's quote tool alike. QUOTES_PROVIDER: simulated (the default), polygon (its API key read
 * from its secret on use) or cboe (the underlying's quote in CBOE's chain body, the same kept body
 * the chain route prices: ./chain-quotes). Option chains have their own factory (./chain-source).
 */
import { simulatedMarket } from '@shared/market/quotes';
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';
import { cboeChains } from './chain-source';
import { chainQuoteProvider } from './chain-quotes';
import { polygonProvider, type QuoteProvider } from './polygon-provider';
import type { DataSource } from './service';

export interface QuoteSource {
  provider: QuoteProvider;
  source: DataSource;
}

export function configuredQuoteSource(env: NodeJS.ProcessEnv = process.env): QuoteSource {
  const name = env[runtimeEnv.quotesProvider] ?? 'simulated';
  if (name === 'simulated') return { provider: simulatedMarket, source: 'simulated' };
  if (name === 'cboe') return { provider: chainQuoteProvider(cboeChains(env)), source: 'live' };
  if (name !== 'polygon')
    throw new Error(`QUOTES_PROVIDER must be simulated, cboe or polygon, not "${name}"`);
  return {
    source: 'live',
    provider: polygonProvider({
      baseUrl: env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
      apiKey: async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('QUOTES_PROVIDER is polygon but the market data API key is not set');
        return key;
      },
    }),
  };
}
