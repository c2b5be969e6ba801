import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
} from '@shared/api/idempotency';
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
import { ValidationError } from '../common/errors';
import { created, download, issueDetails, noContent, ok, route } from '../common/http';
import { siteOrigin } from '../billing/config';
import {
  importConfirmation,
  sendConfirmationMail,
  tradeConfirmation,
  type ConfirmationMail,
} from '../notifications/confirmations';
import { notificationDeps } from '../notifications/deps';
import { idempotencyStore } from './idempotency-store';
import { fileKey, importTradesCsv } from './import';
import { tradesRepo } from './repository';
import { statsCache } from './stats-cache';
import {
  createTrade as addTrade,
  createTradeOnce,
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
  // Read on first use, like the cache: only the routes that write trades are granted it.
  idempotency: idempotencyStore(dynamoDb, () => tableName('idempotency')),
};

const notifications = notificationDeps();

/**
 * Issue 25: a confirmation e-mail when the user's preference is on. A failure to record it fails
 * the request (503, retriable): the retry under the same Idempotency-Key answers the same trade
 * and records the e-mail once (its key is the trade's), so nothing is lost or sent twice.
 */
const confirm = (userId: string, mail: ConfirmationMail) => sendConfirmationMail(notifications, userId, mail);

export const listTrades = route('listTrades', { query: tradeListQuery }, async ({ query, userId }) =>
  ok(await readTrades(journal, userId, query)),
);

/** The request's `Idempotency-Key`, if it sent one (a malformed key is a 400, never ignored). */
function idempotencyKey(headers: Record<string, string | undefined>): string | undefined {
  const sent = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(sent);
  if (parsed.success) return parsed.data;
  throw new ValidationError(
    `Invalid request header: ${IDEMPOTENCY_KEY_HEADER}`,
    issueDetails(parsed.error).map(({ message }) => ({ path: IDEMPOTENCY_KEY_HEADER, message })),
  );
}

export const createTrade = route(
  'createTrade',
  { body: createTradeInput },
  async ({ body, userId, headers }) => {
    const key = idempotencyKey(headers);
    if (key === undefined) {
      const trade = await addTrade(journal, userId, body);
      await confirm(userId, tradeConfirmation('added', trade, siteOrigin()));
      return created(trade);
    }
    const { trade, replayed } = await createTradeOnce(journal, userId, body, key);
    // A replay answers the same trade: its key `trade#<id>#added` is recorded, nothing is sent again.
    await confirm(userId, tradeConfirmation('added', trade, siteOrigin()));
    return created(trade, replayed ? { [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' } : undefined);
  },
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
  async ({ query, body, userId }) => {
    const result = await importTradesCsv(journal, userId, body, query);
    // Once per file (its key), by whichever request completes it: a retry after a failure too.
    if (result.status === 'complete' && result.imported + result.updated + result.duplicates.length > 0)
      await confirm(userId, importConfirmation(result, fileKey(body), new Date(), siteOrigin()));
    return ok(result);
  },
);

export const updateTrade = route(
  'updateTrade',
  { params: tradeIdParams, body: updateTradeInput },
  async ({ params, body, userId }) => {
    const trade = await changeTrade(journal, userId, params.id, body);
    // Closed by this request (it sent the exit); `trade#<id>#closed` is sent once per trade.
    if (body.exit_price != null && trade.exit_price !== null)
      await confirm(userId, tradeConfirmation('closed', trade, siteOrigin()));
    return ok(trade);
  },
);

export const deleteTrade = route('deleteTrade', { params: tradeIdParams }, async ({ params, userId }) => {
  await removeTrade(journal, userId, params.id);
  return noContent();
});
