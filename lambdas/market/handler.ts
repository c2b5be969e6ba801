import { marketHistoryQuery } from '@shared/market/history';
import { marketDataInput } from '@shared/market/schemas';
import { simulatedMarket } from '@shared/market/quotes';
import { optionChainQuery } from '@shared/options/chain-view';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { runtimeEnv } from '@shared/secrets';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { ok, route } from '../common/http';
import { recordMetric } from '../common/observability';
import { planLookup, requireFeature } from '../common/plan';
import { readSecret } from '../common/secrets';
import { polygonProvider, type QuoteProvider } from './polygon-provider';
import { marketData, optionsChain, scanOptions as runScan, type DataSource } from './service';
import { marketSummary } from './summary-service';
import { priceHistory } from './history-service';

/** The quote source the stage configured: the simulated market unless a real provider is named. */
function configuredProvider(): { provider: QuoteProvider; source: DataSource } {
  if (process.env[runtimeEnv.marketDataProvider] === 'polygon') {
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
  return { provider: simulatedMarket, source: 'simulated' };
}

const { provider, source } = configuredProvider();
const planOf = () => planLookup(dynamoDb, tableName('profiles'));

/** Quotes, summaries and history are the plan's `market` feature (an expired trial has none). */
async function requireMarket(userId: string) {
  requireFeature(await planOf()(userId), 'market');
}

export const getMarketData = route('getMarketData', { body: marketDataInput }, async ({ body, userId }) => {
  await requireMarket(userId);
  return ok(await marketData(provider, source, body));
});

export const getOptionsChain = route(
  'getOptionsChain',
  { query: optionChainQuery },
  async ({ query, userId }) => ok(optionsChain(await planOf()(userId), query)),
);

export const scanOptions = route('scanOptions', { body: scanFiltersSchema }, async ({ body, userId }) => {
  const plan = await planOf()(userId);
  const started = performance.now();
  const results = runScan(plan, body);
  recordMetric('scanDuration', performance.now() - started);
  return ok(results);
});

export const getMarketSummary = route('getMarketSummary', {}, async ({ userId }) => {
  await requireMarket(userId);
  return ok(marketSummary());
});

export const getMarketHistory = route(
  'getMarketHistory',
  { query: marketHistoryQuery },
  async ({ query, userId }) => {
    await requireMarket(userId);
    return ok(priceHistory(query));
  },
);
