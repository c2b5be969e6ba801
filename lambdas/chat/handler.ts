import { chatHistoryQuery, postChatInput } from '@shared/chat/schemas';
import { simulatedMarket } from '@shared/market/quotes';
import { runtimeEnv } from '@shared/secrets';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { created, ok, route } from '../common/http';
import { planLookup } from '../common/plan';
import { readSecret } from '../common/secrets';
import { dismissalsRepo, feedsRepo } from '../feeds/repository';
import { polygonProvider } from '../market/polygon-provider';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { modelSettings } from './config';
import { chatRepo, usageRepo, type ChatRepo } from './repository';
import { askAssistant, chatHistory, type ChatDeps } from './service';

/** Quotes as the market routes give them: the stage's real provider when it names one. */
function quoteSource(): ChatDeps['quotes'] {
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

/**
 * Built on first use: each route's function is given only its own tables (the history route has
 * no usage or trades table), so nothing reads a table name at import.
 */
let deps: ChatDeps | undefined;
function assistant(): ChatDeps {
  deps ??= {
    messages: chatRepo(dynamoDb, tableName('chatMessages')),
    usage: usageRepo(dynamoDb, tableName('usage')),
    planOf: planLookup(dynamoDb, tableName('profiles')),
    journal: {
      trades: tradesRepo(dynamoDb, tableName('trades')),
      cache: statsCache(dynamoDb, () => tableName('journalCache')),
    },
    feeds: {
      feeds: feedsRepo(dynamoDb, tableName('feeds')),
      dismissals: dismissalsRepo(dynamoDb, tableName('feedDismissals')),
    },
    quotes: quoteSource(),
    modelSettings,
  };
  return deps;
}

let history: ChatRepo | undefined;

export const getChatHistory = route(
  'getChatHistory',
  { query: chatHistoryQuery },
  async ({ query, userId }) =>
    ok(
      await chatHistory(
        { messages: (history ??= chatRepo(dynamoDb, tableName('chatMessages'))) },
        userId,
        query.limit,
      ),
    ),
);

export const postChatMessage = route(
  'postChatMessage',
  { body: postChatInput },
  async ({ body, userId, logger }) => created(await askAssistant(assistant(), userId, body, logger)),
);
