/**
 * Journal rules: a user's trades, only ever their own; P&L and statistics from the shared
 * implementation; CSV export (the import is in import.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { calendarDay, DEFAULT_TIME_ZONE, startOfDay } from '@shared/format/calendar-day';
import { journalStats } from '@shared/trades/analytics';
import { tradesToCsv } from '@shared/trades/csv';
import { openIndexOf } from '@shared/trades/open-index';
import { tradePnl } from '@shared/trades/pnl';
import {
  type CreateTradeInput,
  type Trade,
  type TradeFilters,
  type TradeListQuery,
  type TradeListResponse,
  type TradeStatsResponse,
  type UpdateTradeInput,
} from '@shared/trades/schemas';
import { ConflictError, IdempotencyKeyReusedError, NotFoundError, ValidationError } from '../common/errors';
import type { IdempotencyStore } from './idempotency-store';
import { openingKey, type KeyedTrade } from './import-plan';
import type { StoredTrade, TradePosition, TradeQuery, TradesRepo } from './repository';
import type { StatsCache } from './stats-cache';

/** Where the journal lives: the trades, and the cache of statistics over them. */
export interface JournalStore {
  trades: TradesRepo;
  cache: StatsCache;
}

/**
 * Runs a trade write between two bumps of the journal's version: statistics computed while the
 * write is under way are stored under the first bump, which the second makes stale at once.
 */
export async function writing<T>(store: JournalStore, userId: string, write: () => Promise<T>): Promise<T> {
  await store.cache.bump(userId);
  try {
    return await write();
  } finally {
    await store.cache.bump(userId);
  }
}

/** Dates further ahead than this are refused (a day of slack for time zones and clocks). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

/** Time-sortable: creation time in base 36, then randomness (unique within a millisecond). */
export function newTradeId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** `updated_at` of a rewrite: now, or just after the previous write when the clock lags it. */
export function nextUpdatedAt(previous: string, now: Date): string {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
}

/** The API row: the stored trade less its internal attributes, with its P&L. */
export function toApiTrade(stored: StoredTrade): Trade {
  const {
    opened_sk: _sk,
    tag_keys: _tags,
    opening_key: _key,
    fingerprint: _fp,
    open_shard: _shard,
    ...trade
  } = stored;
  return { ...trade, pnl: tradePnl(trade) };
}

/** The row as stored; `openingKey` is the identity it was first recorded with (its own when new). */
export function storedTrade(trade: Omit<Trade, 'pnl'>, key = openingKey(trade)): KeyedTrade {
  // A stored row passed back in loses its old index attribute: the trade as it is now decides it.
  const { open_shard: _shard, ...fields } = trade as Omit<Trade, 'pnl'> & { open_shard?: string };
  return {
    ...fields,
    opened_sk: `${trade.opened_at}#${trade.trade_id}`,
    tag_keys: trade.tags.map((tag) => tag.toLowerCase()),
    opening_key: key,
    ...openIndexOf(trade),
  };
}

/** The whole trade's rules (a row may be valid field by field and wrong as a whole). */
export function checkTrade(trade: Pick<Trade, 'opened_at' | 'closed_at' | 'exit_price'>, now: Date): void {
  const latest = now.getTime() + FUTURE_SLACK_MS;
  const problems: { path: string; message: string }[] = [];
  if (Date.parse(trade.opened_at) > latest)
    problems.push({ path: 'opened_at', message: 'A trade cannot open in the future' });
  if (trade.closed_at !== null && Date.parse(trade.closed_at) > latest)
    problems.push({ path: 'closed_at', message: 'A trade cannot close in the future' });
  if (trade.closed_at !== null && trade.closed_at < trade.opened_at)
    problems.push({ path: 'closed_at', message: 'A trade cannot close before it opened' });
  if (trade.exit_price === null && trade.closed_at !== null)
    problems.push({ path: 'closed_at', message: 'An open trade has no close date' });
  if (problems.length > 0)
    throw new ValidationError(
      `Invalid trade: ${[...new Set(problems.map((p) => p.path))].join(', ')}`,
      problems,
    );
}

/** A new trade from what the client (or an import row) sent. */
export function buildTrade(
  userId: string,
  input: CreateTradeInput,
  now: Date,
  id = newTradeId(now),
): KeyedTrade {
  const at = now.toISOString();
  const openedAt = input.opened_at ?? at;
  const closedAt = input.exit_price === null ? null : (input.closed_at ?? (openedAt > at ? openedAt : at));
  const trade: Omit<Trade, 'pnl'> = {
    trade_id: id,
    user_id: userId,
    ticker: input.ticker,
    strategy: input.strategy,
    side: input.side,
    quantity: input.quantity,
    entry_price: input.entry_price,
    exit_price: input.exit_price,
    fees: input.fees,
    notes: input.notes,
    tags: input.tags,
    source: input.source,
    source_ref: input.source_ref,
    legs: input.legs,
    edge_score: input.edge_score,
    expected_return: input.expected_return,
    opened_at: openedAt,
    closed_at: closedAt,
    created_at: at,
    updated_at: at,
  };
  checkTrade(trade, now);
  return storedTrade(trade);
}

export async function createTrade(
  store: JournalStore,
  userId: string,
  input: CreateTradeInput,
  now = new Date(),
): Promise<Trade> {
  const trade = buildTrade(userId, input, now);
  const stored = await writing(store, userId, () => store.trades.create(trade));
  if (!stored) throw new ConflictError('A trade with this id already exists; try again');
  return toApiTrade(trade);
}

/**
 * POST /api/trades under a client's `Idempotency-Key`: the first request with the key records the
 * body's hash, the trade id and the clock; any later one with the same body builds that same trade
 * and writes it only if it is not there yet (a conditional put), so concurrent and repeated
 * requests store one trade and all answer the same row. Another body under the key is refused.
 */
export async function createTradeOnce(
  store: JournalStore & { idempotency: IdempotencyStore },
  userId: string,
  input: CreateTradeInput,
  key: string,
  now = new Date(),
): Promise<{ trade: Trade; replayed: boolean }> {
  const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
  // Built (and so checked) first: a refused body does not use up the key.
  const first = buildTrade(userId, input, now);
  const { claimed, record } = await store.idempotency.claimKey(
    userId,
    key,
    { fingerprint, trade_id: first.trade_id, created_at: first.created_at, done: false },
    now,
  );
  if (record.fingerprint !== fingerprint)
    throw new IdempotencyKeyReusedError(
      'This Idempotency-Key was already used with a different trade; send a new key for a new trade',
    );
  const trade = claimed ? first : buildTrade(userId, input, new Date(record.created_at), record.trade_id);
  if (!record.done) {
    // The first request failed, or is still under way: whichever writes first wins.
    await writing(store, userId, () => store.trades.create(trade));
    await store.idempotency.completeKey(userId, key);
  }
  return { trade: toApiTrade(trade), replayed: !claimed };
}

/**
 * Applies a change: setting an exit price closes an open trade (closed now unless a close date is
 * sent), `exit_price: null` reopens it. Only the caller's own trade: any other id is 404.
 */
export async function updateTrade(
  store: JournalStore,
  userId: string,
  tradeId: string,
  input: UpdateTradeInput,
  now = new Date(),
): Promise<Trade> {
  const current = await store.trades.get(userId, tradeId);
  if (!current) throw new NotFoundError('No such trade');
  const at = now.toISOString();
  const exitPrice = input.exit_price === undefined ? current.exit_price : input.exit_price;
  let closedAt = input.closed_at === undefined ? current.closed_at : input.closed_at;
  if (exitPrice === null) closedAt = input.closed_at ?? null;
  else if (closedAt === null) closedAt = at;
  const { opened_sk: _sk, tag_keys: _tags, opening_key: key, fingerprint: _fp, ...base } = current;
  const next: Omit<Trade, 'pnl'> = {
    ...base,
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    exit_price: exitPrice,
    closed_at: closedAt,
    updated_at: nextUpdatedAt(current.updated_at, now),
  };
  checkTrade(next, now);
  // An edit keeps the identity the trade was recorded with, so an import still recognises it.
  const row = storedTrade(next, key ?? openingKey(current));
  if (!(await writing(store, userId, () => store.trades.replace(row, current.updated_at))))
    throw new ConflictError('The trade changed while you were editing it; reload and try again');
  return toApiTrade(row);
}

export async function deleteTrade(store: JournalStore, userId: string, tradeId: string): Promise<void> {
  if (!(await writing(store, userId, () => store.trades.delete(userId, tradeId))))
    throw new NotFoundError('No such trade');
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function toQuery(
  userId: string,
  filters: TradeFilters,
  order: 'opened' | 'updated' = 'opened',
): TradeQuery {
  const zone = filters.tz ?? DEFAULT_TIME_ZONE;
  const from =
    filters.from === undefined
      ? undefined
      : isDay(filters.from)
        ? startOfDay(filters.from, zone)
        : new Date(filters.from).toISOString();
  const toExclusive =
    filters.to === undefined
      ? undefined
      : isDay(filters.to)
        ? startOfDay(nextDay(filters.to), zone)
        : new Date(Date.parse(filters.to) + 1).toISOString();
  if (from !== undefined && toExclusive !== undefined && from >= toExclusive)
    throw new ValidationError('Invalid request query: from, to', [
      { path: 'to', message: 'The end of the range is before its start' },
    ]);
  return {
    userId,
    order,
    from,
    toExclusive,
    ticker: filters.ticker,
    strategy: filters.strategy,
    source: filters.source,
    tagKey: filters.tag?.toLowerCase(),
    status: filters.status,
  };
}

const cursorSchema = z.object({
  /** The query the cursor belongs to (queryFingerprint). */
  q: z.string().min(1),
  t: z.string().min(1).max(100),
  /**
   * The index sort key: ASCII, as every key this list writes is, so comparing it with the range
   * here orders it as DynamoDB does (by UTF-8 bytes).
   */
  v: z.string().regex(/^[\x20-\x7e]{1,200}$/),
});

/** Which list a cursor continues: the user, the order and every filter (not the page size). */
function queryFingerprint(query: TradeQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 16);
}

function encodeCursor(query: TradeQuery, position: TradePosition): string {
  return Buffer.from(
    JSON.stringify({ q: queryFingerprint(query), t: position.trade_id, v: position.sortValue }),
  ).toString('base64url');
}

/**
 * Where a page starts, from a cursor this list handed out: refused unless it was made for this
 * very query and its key lies in the query's range (DynamoDB answers a start key outside the
 * key condition with an error, which would otherwise be a 500).
 */
function decodeCursor(cursor: string, query: TradeQuery): TradePosition {
  let parsed: z.infer<typeof cursorSchema> | undefined;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    // refused below
  }
  const inRange = (value: string) =>
    query.order !== 'opened' ||
    ((query.from === undefined || value >= query.from) &&
      (query.toExclusive === undefined || value < query.toExclusive));
  if (parsed && parsed.q === queryFingerprint(query) && inRange(parsed.v))
    return { trade_id: parsed.t, sortValue: parsed.v };
  throw new ValidationError('Invalid request query: cursor', [
    { path: 'cursor', message: 'Not a cursor from this list; start again without one' },
  ]);
}

export async function listTrades(
  { trades: repo }: JournalStore,
  userId: string,
  query: TradeListQuery,
): Promise<TradeListResponse> {
  const tradeQuery = toQuery(userId, query, query.sort);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, tradeQuery);
  const page = await repo.page(tradeQuery, query.limit, after);
  return {
    trades: page.trades.map(toApiTrade),
    cursor: page.next ? encodeCursor(tradeQuery, page.next) : null,
  };
}

/** Bumped when the statistics gain a field. */
const STATS_SHAPE = 'stats-v3';

/** What the statistics read of each trade (not notes or tags; legs for the capital risked). */
const STATS_ATTRIBUTES = [
  'trade_id',
  'legs',
  'ticker',
  'strategy',
  'source',
  'side',
  'quantity',
  'entry_price',
  'exit_price',
  'fees',
  'edge_score',
  'opened_at',
  'closed_at',
  'created_at',
  'updated_at',
] as const;

/**
 * The spec's figures and the analytics. Computed over every matching trade, then kept with the
 * journal's version, so the dashboard's refresh every 30 s reads two small items instead of
 * every trade until something changes (or the day turns, which moves Today P&L).
 */
export async function tradeStatistics(
  store: JournalStore,
  userId: string,
  filters: TradeFilters,
  now = new Date(),
): Promise<TradeStatsResponse> {
  const zone = filters.tz ?? DEFAULT_TIME_ZONE;
  const today = calendarDay(now, zone);
  // The shape's version is in the key, so statistics cached before a field was added are not served.
  const key = createHash('sha256')
    .update(STATS_SHAPE)
    .update(JSON.stringify(Object.entries({ ...filters, tz: zone }).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url')
    .slice(0, 22);
  const [version, cached] = await Promise.all([store.cache.version(userId), store.cache.get(userId, key)]);
  if (cached && cached.version === version && cached.day === today)
    return { ...cached.stats, as_of: now.toISOString() };

  const trades = await store.trades.all(toQuery(userId, filters), STATS_ATTRIBUTES);
  const stats = journalStats(trades, now, zone);
  await store.cache.put(userId, key, { version, day: today, stats });
  return stats;
}

export async function exportTradesCsv(
  { trades: repo }: JournalStore,
  userId: string,
  filters: TradeFilters,
): Promise<string> {
  const trades = await repo.all(toQuery(userId, filters));
  return tradesToCsv(trades.map(toApiTrade), filters.tz ?? DEFAULT_TIME_ZONE);
}

export function exportFileName(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return `trading-journal-${calendarDay(now, timeZone)}.csv`;
}
