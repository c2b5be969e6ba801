import {
  createTradeInput,
  tradeFiltersQuery,
  tradeIdParams,
  tradeImportCsvBody,
  tradeImportQuery,
  tradeListQuery,
  updateTradeInput,
} from '@shared/trades/schemas';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { created, download, noContent, ok, route } from '../common/http';
import { importTradesCsv } from './import';
import { tradesRepo } from './repository';
import { statsCache } from './stats-cache';
import {
  createTrade as addTrade,
  deleteTrade as removeTrade,
  exportFileName,
  exportTradesCsv,
  listTrades as readTrades,
  tradeStatistics,
  updateTrade as changeTrade,
} from './service';

const journal = {
  trades: tradesRepo(dynamoDb, tableName('trades')),
  cache: statsCache(dynamoDb, () => tableName('journalCache')),
};

export const listTrades = route('listTrades', { query: tradeListQuery }, async ({ query, userId }) =>
  ok(await readTrades(journal, userId, query)),
);

export const createTrade = route('createTrade', { body: createTradeInput }, async ({ body, userId }) =>
  created(await addTrade(journal, userId, body)),
);

export const getTradeStats = route('getTradeStats', { query: tradeFiltersQuery }, async ({ query, userId }) =>
  ok(await tradeStatistics(journal, userId, query)),
);

export const exportTrades = route('exportTrades', { query: tradeFiltersQuery }, async ({ query, userId }) =>
  download(
    await exportTradesCsv(journal, userId, query),
    'text/csv; charset=utf-8',
    exportFileName(new Date(), query.tz),
  ),
);

export const importTrades = route(
  'importTrades',
  { query: tradeImportQuery, body: tradeImportCsvBody },
  async ({ query, body, userId }) => ok(await importTradesCsv(journal, userId, body, query)),
);

export const updateTrade = route(
  'updateTrade',
  { params: tradeIdParams, body: updateTradeInput },
  async ({ params, body, userId }) => ok(await changeTrade(journal, userId, params.id, body)),
);

export const deleteTrade = route('deleteTrade', { params: tradeIdParams }, async ({ params, userId }) => {
  await removeTrade(journal, userId, params.id);
  return noContent();
});
