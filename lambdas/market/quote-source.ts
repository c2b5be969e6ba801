/**
 * The one provider factory: the quote source the stage configured, for the market routes and the
 * assistant's quote tool alike. The simulated market unless MARKET_DATA_PROVIDER names Polygon,
 * whose API key is read from its secret on use.
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
  if (process.env[runtimeEnv.marketDataProvider] !== 'polygon')
    return { provider: simulatedMarket, source: 'simulated' };
  return {
    source: 'live',
    provider: polygonProvider({
      baseUrl: process.env[runtimeEnv.marketDataBaseUrl] ?? 'https://api.polygon.io',
      apiKey: async () => {
        const key = await readSecret('marketDataApiKey');
        if (!key) throw new Error('MARKET_DATA_PROVIDER is polygon but the market data API key is not set');
        return key;
      },
    }),
  };
}
