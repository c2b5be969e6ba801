import { marketHistoryQuery } from '@shared/market/history';
import { marketDataInput } from '@shared/market/schemas';
import { symbolSearchQuery } from '@shared/market/symbol-search';
import { optionChainQuery } from '@shared/options/chain-view';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { ok, route } from '../common/http';
import { recordMetric } from '../common/observability';
import { planLookup, requireFeature } from '../common/plan';
import { marketNow } from '../common/clock';
import { configuredEarningsSource } from '../feeds/earnings-source';
import { configuredChainSource } from './chain-source';
import { configuredQuoteSource } from './quote-source';
import { marketData, optionsChain, scanOptions as runScan } from './service';
import { servedMarketSummary } from './summary-service';
import { priceHistory } from './history-service';
import { configuredSymbolSearch } from './symbol-search';

const { provider, source } = configuredQuoteSource();
const chains = configuredChainSource();
const symbolSearch = configuredSymbolSearch();
const planOf = planLookup(dynamoDb, tableName('profiles'));
/** The stage's earnings calendar (EARNINGS_PROVIDER), laid over the simulated one before quotes, chains and scans. */
const earnings = configuredEarningsSource(marketNow);

/** Quotes, summaries and history are the plan's `market` feature (an expired trial has none). */
async function requireMarket(userId: string) {
  requireFeature(await planOf(userId), 'market');
}

export const getMarketData = route('getMarketData', { body: marketDataInput }, async ({ body, userId }) => {
  await requireMarket(userId);
  await earnings?.refresh();
  return ok(await marketData(provider, source, body));
});

/** Global search's and the ticker pickers' symbols, a `market` feature like the quotes they lead to. */
export const searchSymbols = route(
  'searchSymbols',
  { query: symbolSearchQuery },
  async ({ query, userId }) => {
    await requireMarket(userId);
    return ok(await symbolSearch.search(query.q));
  },
);

export const getOptionsChain = route(
  'getOptionsChain',
  { query: optionChainQuery },
  async ({ query, userId }) => {
    await earnings?.refresh();
    return ok(await optionsChain(await planOf(userId), query, chains));
  },
);

export const scanOptions = route('scanOptions', { body: scanFiltersSchema }, async ({ body, userId }) => {
  const plan = await planOf(userId);
  await earnings?.refresh();
  const started = performance.now();
  const results = await runScan(plan, body, chains);
  recordMetric('scanDuration', performance.now() - started);
  return ok(results);
});

export const getMarketSummary = route('getMarketSummary', {}, async ({ userId }) => {
  await requireMarket(userId);
  return ok(await servedMarketSummary());
});

export const getMarketHistory = route(
  'getMarketHistory',
  { query: marketHistoryQuery },
  async ({ query, userId }) => {
    await requireMarket(userId);
    return ok(priceHistory(query));
  },
);
