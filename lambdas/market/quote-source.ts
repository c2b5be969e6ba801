/**
 * The one provider factory: the quote source the stage configured, for the market routes and the
 * assistant's quote tool alike. The simulated market unless QUOTES_PROVIDER names Polygon (whose
 * API key is read from its secret on use). Option chains have their own factory (./chain-source).
 */
import { simulatedMarket } from '@shared/market/quotes';
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';
import { polygonProvider, type QuoteProvider } from './polygon-provider';
import type { DataSource } from './service';

export interface QuoteSource {
  provider: QuoteProvider;
  source: DataSource;
}

export function configuredQuoteSource(): QuoteSource {
  if (process.env[runtimeEnv.quotesProvider] !== 'polygon')
    return { provider: simulatedMarket, source: 'simulated' };
  return {
    source: 'live',
    provider: polygonProvider({
      baseUrl: process.env[runtimeEnv.polygonBaseUrl] ?? 'https://api.polygon.io',
      apiKey: async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('QUOTES_PROVIDER is polygon but the market data API key is not set');
        return key;
      },
    }),
  };
}
