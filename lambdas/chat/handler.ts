import { chatHistoryQuery, postChatInput } from '@shared/chat/schemas';
import { dynamoDb } from '../common/clients';
import { onFirstUse } from '../common/deps';
import { marketNow } from '../common/clock';
import { tableName } from '../common/env';
import { created, ok, route } from '../common/http';
import { planLookup } from '../common/plan';
import { providerStatusRepo } from '../feeds/provider-status';
import { dismissalsRepo, feedsRepo } from '../feeds/repository';
import { configuredQuoteSource } from '../market/quote-source';
import { configuredChainSource } from '../market/chain-source';
import { configuredEarningsSource } from '../feeds/earnings-source';
import { tradesRepo } from '../trades/repository';
import { statsCache } from '../trades/stats-cache';
import { modelSettings } from './config';
import { chatRepo, usageRepo } from './repository';
import { askAssistant, chatHistory, type ChatDeps } from './service';

/**
 * Built on first use: each route's function is given only its own tables (the history route has
 * no usage or trades table), so nothing reads a table name at import.
 */
const assistant = onFirstUse((): ChatDeps => ({
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
    providerStatus: providerStatusRepo(dynamoDb, tableName('feeds')),
  },
  quotes: configuredQuoteSource(),
  chains: configuredChainSource(),
  modelSettings,
}));
const history = onFirstUse(() => chatRepo(dynamoDb, tableName('chatMessages')));
/** The stage's earnings calendar (EARNINGS_PROVIDER): the assistant's quotes, chains and scans read what the scanner reads. */
const earnings = configuredEarningsSource(marketNow);

export const getChatHistory = route(
  'getChatHistory',
  { query: chatHistoryQuery },
  async ({ query, userId }) => ok(await chatHistory({ messages: history() }, userId, query.limit)),
);

export const postChatMessage = route(
  'postChatMessage',
  { body: postChatInput },
  async ({ body, userId, logger }) => {
    await earnings?.refresh();
    return created(await askAssistant(assistant(), userId, body, logger));
  },
);
