/**
 * The CSV import. Validation is all or nothing: every row is checked first, and one bad row
 * imports nothing (the rows and fields at fault are named). Rows are matched with the journal
 * (import-plan.ts): new ones are added, a position closed since is closed in the journal, the rest
 * are skipped. A dry run reports what would happen and writes nothing. Writing is idempotent and
 * resumable: every write is conditional on what the plan saw, new trades have ids derived from
 * their rows, and an import cut short (a failure, the time budget, a killed process) is finished
 * by importing the same file again.
 */
import { createHash } from 'node:crypto';
import { parseTradesCsv } from '@shared/trades/csv';
import type { ImportCandidate } from '@shared/trades/import-rows';
import { tradePnl } from '@shared/trades/pnl';
import {
  TRADE_IMPORT_PREVIEW_ROWS,
  type ImportFormat,
  type ImportRowError,
  type TradeImportResult,
} from '@shared/trades/schemas';
import { ConflictError, ValidationError } from '../common/errors';
import {
  importChanges,
  JOURNAL_MATCH_ATTRIBUTES,
  planImport,
  type ImportPlan,
  type ImportRow,
  type KeyedTrade,
  type PlannedAdd,
  type PlannedUpdate,
} from './import-plan';
import type { IdempotencyStore } from './idempotency-store';
import type { StoredTrade } from './repository';
import {
  buildTrade,
  checkTrade,
  nextUpdatedAt,
  storedTrade,
  toApiTrade,
  toQuery,
  writing,
  type JournalStore,
} from './service';

/** Journal trades written at once (a conditional Put each). */
export const PARALLEL_WRITES = 16;

/**
 * An import stops starting writes this long after it began and answers `partial` (API Gateway
 * gives a request 30 s, the function 29 s); the client sends the file again to go on.
 */
export const IMPORT_TIME_BUDGET_MS = 20_000;

const RACE_MESSAGE =
  'Your journal changed while the file was being imported (an edit, or another import). What was saved is kept; import the file again to finish.';

/** Where an import reads and writes: the journal, and the records of each file's progress. */
export type ImportStore = JournalStore & { idempotency: IdempotencyStore };

/** A trade's rule broken by a row, as that row's errors; any other failure is thrown on. */
function rowErrors(line: number, error: unknown): ImportRowError[] {
  if (!(error instanceof ValidationError)) throw error;
  return (error.details as { path: string; message: string }[]).map((problem) => ({
    line,
    field: problem.path,
    message: problem.message,
  }));
}

/** The trade's rules on each planned update, as the rows' errors (e.g. a close before a date edited by hand). */
function updateErrors(plan: ImportPlan, now: Date): ImportRowError[] {
  const errors: ImportRowError[] = [];
  for (const update of plan.update) {
    try {
      checkTrade({ ...update.current, ...importChanges(update.current, update) }, now);
    } catch (error) {
      errors.push(...rowErrors(update.line, error));
    }
  }
  return errors;
}

/**
 * Runs `task` on every item, `limit` at a time, while `more()` allows; after a failure starts
 * nothing more, waits for what runs, then throws it. Answers how many items were started.
 */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  more: () => boolean,
  task: (item: T) => Promise<void>,
): Promise<number> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length && more()) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return next;
}

/** The file's key: a hash of its content (the same file, whatever its name, is the same import). */
export const fileKey = (csv: string) => createHash('sha256').update(csv).digest('base64url').slice(0, 32);

/**
 * The id of a trade an import adds: the user, what identifies the row — its opening identity, or
 * for a row without an open time (which opens at the import's clock) the file and line — and
 * which trade of that identity it is. A second import of the row derives the same id, and its
 * conditional put finds it taken. 24 hex digits: never the shape of an id `newTradeId` makes.
 */
export function importTradeId(userId: string, identity: string, ordinal: number): string {
  return createHash('sha256')
    .update(JSON.stringify([userId, identity, ordinal]))
    .digest('hex')
    .slice(0, 24);
}

const withId = (trade: KeyedTrade, tradeId: string): KeyedTrade => {
  const { opened_sk: _sk, tag_keys: _tags, opening_key: key, fingerprint: _fp, ...row } = trade;
  return storedTrade({ ...row, trade_id: tradeId }, key);
};

/**
 * Gives each trade to add its import id. A row is the n-th of its identity the import adds, and
 * takes the n-th such id the journal does not hold yet: so a trade deleted since comes back, and
 * identical rows of one file are each added once.
 */
function assignIds(
  userId: string,
  plan: ImportPlan,
  identityOf: (line: number) => string,
  journalIds: ReadonlySet<string>,
): void {
  const next = new Map<string, number>();
  for (const add of plan.add) {
    const identity = identityOf(add.line);
    let ordinal = next.get(identity) ?? 0;
    let id = importTradeId(userId, identity, ordinal);
    while (journalIds.has(id)) id = importTradeId(userId, identity, ++ordinal);
    next.set(identity, ordinal + 1);
    add.trade = withId(add.trade, id);
  }
}

/** What one request's writes came to. */
interface Applied {
  added: number;
  closed: number;
  /** Rows another import (running at the same time, or interrupted before) had already written. */
  done: { line: number; trade_id: string }[];
  /** Rows planned but not written by this request (the time budget ran out). */
  remaining: number;
}

/** The trade as the planned close leaves it (another import may have closed it so already). */
const closedAsPlanned = (trade: StoredTrade, update: PlannedUpdate) =>
  trade.exit_price === update.row.exit_price &&
  trade.closed_at === update.row.closed_at &&
  (!update.split || trade.quantity === update.row.quantity);

/**
 * Writes the plan, each write conditional so that it lands once however many imports of the same
 * rows run: a close only if the trade is as planned (already closed so by another import: done),
 * then each new trade only if its id is free (taken: another import added it). Nothing is undone
 * on a failure: what landed stays, and importing the file again finishes the rest.
 */
async function applyPlan(
  store: JournalStore,
  userId: string,
  plan: ImportPlan,
  now: Date,
  more: () => boolean,
): Promise<Applied> {
  const applied: Applied = { added: 0, closed: 0, done: [], remaining: 0 };
  const parts = new Map<string, Pick<StoredTrade, 'notes' | 'tags'>>();

  let beforeById = new Map<string, StoredTrade>();
  const close = async (update: PlannedUpdate) => {
    let trade = beforeById.get(update.current.trade_id);
    const unchanged = trade?.updated_at === update.current.updated_at;
    if (trade && !unchanged && closedAsPlanned(trade, update)) {
      applied.done.push({ line: update.line, trade_id: trade.trade_id });
    } else {
      if (!trade || !unchanged) throw new ConflictError(RACE_MESSAGE);
      const {
        opened_sk: _sk,
        tag_keys: _tags,
        opening_key: key,
        fingerprint: _fp,
        ...fields
      } = { ...trade, ...importChanges(trade, update) };
      const after = storedTrade({ ...fields, updated_at: nextUpdatedAt(trade.updated_at, now) }, key);
      if (await store.trades.replace(after, trade.updated_at)) applied.closed += 1;
      else {
        trade = await store.trades.get(userId, update.current.trade_id);
        if (!trade || !closedAsPlanned(trade, update)) throw new ConflictError(RACE_MESSAGE);
        applied.done.push({ line: update.line, trade_id: trade.trade_id });
      }
    }
    if (update.split) parts.set(trade.trade_id, { notes: trade.notes, tags: trade.tags });
  };

  // Ids another import of the same rows wrote since the journal was read: known to be taken, not put.
  let taken = new Set<string>();
  const add = async ({ line, partOf, trade }: PlannedAdd) => {
    if (taken.has(trade.trade_id)) {
      applied.done.push({ line, trade_id: trade.trade_id });
      return;
    }
    // The rest of a partly closed position keeps what the trader wrote on it.
    const whole = partOf === undefined ? undefined : parts.get(partOf);
    const row = whole
      ? storedTrade(
          {
            ...trade,
            tags: whole.tags.length > 0 ? whole.tags : trade.tags,
            notes: whole.notes || trade.notes,
          },
          trade.opening_key,
        )
      : trade;
    if (await store.trades.create(row)) applied.added += 1;
    else applied.done.push({ line, trade_id: row.trade_id });
  };

  await writing(store, userId, async () => {
    if (plan.update.length > 0) {
      const ids = plan.update.map((update) => update.current.trade_id);
      beforeById = new Map((await store.trades.getMany(userId, ids)).map((t) => [t.trade_id, t]));
    }
    const closesStarted = await eachLimited(plan.update, PARALLEL_WRITES, more, close);
    if (closesStarted === plan.update.length && plan.add.length > 0)
      taken = new Set(
        (
          await store.trades.getMany(
            userId,
            plan.add.map(({ trade }) => trade.trade_id),
          )
        ).map((t) => t.trade_id),
      );
    // The rest of a position is added only once its first part is closed.
    const addsStarted =
      closesStarted < plan.update.length ? 0 : await eachLimited(plan.add, PARALLEL_WRITES, more, add);
    applied.remaining = plan.update.length - closesStarted + plan.add.length - addsStarted;
  });
  return applied;
}

const previewRow = (trade: StoredTrade) => {
  const { trade_id: _id, user_id: _user, created_at: _c, updated_at: _u, ...row } = toApiTrade(trade);
  return row;
};

/** A journal trade as an update would leave it (the figures the preview shows). */
function closedPreview(update: PlannedUpdate): TradeImportResult['updated_rows'][number] {
  const trade = { ...update.current, ...importChanges(update.current, update) };
  return {
    ticker: trade.ticker,
    strategy: trade.strategy,
    side: trade.side,
    quantity: trade.quantity,
    entry_price: trade.entry_price,
    exit_price: trade.exit_price,
    fees: trade.fees,
    opened_at: trade.opened_at,
    closed_at: trade.closed_at,
    pnl: tradePnl(trade),
  };
}

/** A row that takes a date from the import's clock: no open time, or closed without a close time. */
const takesClock = ({ trade }: ImportCandidate) =>
  trade.opened_at === undefined || (trade.exit_price !== null && trade.closed_at === undefined);

/**
 * The file's valid rows as trades, and every row error. A row without an open time opens at
 * `clock`, a closed row without a close time closes then (or when it opened, if later).
 */
function buildRows(userId: string, parsed: ReturnType<typeof parseTradesCsv>, clock: string, now: Date) {
  const errors = [...parsed.errors];
  const rows: ImportRow[] = [];
  for (const candidate of parsed.candidates) {
    try {
      const openedAt = candidate.trade.opened_at ?? clock;
      const closedAt = candidate.trade.exit_price === null ? null : openedAt > clock ? openedAt : clock;
      const input = {
        ...candidate.trade,
        opened_at: openedAt,
        closed_at: candidate.trade.closed_at ?? closedAt,
      };
      rows.push({ line: candidate.row, trade: buildTrade(userId, input, now) });
    } catch (error) {
      errors.push(...rowErrors(candidate.row, error));
    }
  }
  return { rows, errors };
}

/**
 * Validates the file, plans it against the journal and, unless a dry run, writes the plan. A
 * file is recorded by its content hash while it imports (`running`, then `complete` or
 * `partial`): a retry of the same file, or the same file sent twice at once, plans against what
 * already landed and writes only the rest, each row once.
 */
export async function importTradesCsv(
  store: ImportStore,
  userId: string,
  csv: string,
  options: { dryRun: boolean; format: 'auto' | ImportFormat },
  now = new Date(),
): Promise<TradeImportResult> {
  const deadline = Date.now() + IMPORT_TIME_BUDGET_MS;
  const file = fileKey(csv);
  const parsed = parseTradesCsv(csv, options.format);
  const undated = new Set(parsed.candidates.filter((c) => c.trade.opened_at === undefined).map((c) => c.row));
  const previous = await store.idempotency.getImport(userId, file, now);

  const prepare = async (clock: string) => {
    const { rows, errors } = buildRows(userId, parsed, clock, now);
    if (parsed.candidates.length === 0 && errors.length === 0)
      errors.push({
        line: 2,
        field: 'file',
        message:
          parsed.skipped.length === 0
            ? 'The file has no trades in it'
            : `The file has no option trades in it: its ${parsed.skipped.length} other row${parsed.skipped.length === 1 ? ' is' : 's are'} skipped (shares are not imported)`,
      });
    const journal = await store.trades.all(toQuery(userId, {}), JOURNAL_MATCH_ATTRIBUTES);
    const plan = planImport(rows, journal);
    errors.push(...updateErrors(plan, now));
    errors.sort((a, b) => a.line - b.line);
    const byLine = new Map(rows.map((row) => [row.line, row.trade.opening_key]));
    const identityOf = (line: number) => (undated.has(line) ? `${file}:${line}` : byLine.get(line)!);
    assignIds(userId, plan, identityOf, new Set(journal.map((trade) => trade.trade_id)));
    return { plan, errors, rows: rows.length };
  };

  const summary = ({ plan, errors }: Awaited<ReturnType<typeof prepare>>): TradeImportResult => ({
    format: parsed.format,
    dry_run: options.dryRun,
    status: 'preview',
    new_rows: plan.add.length,
    rows: plan.add.slice(0, TRADE_IMPORT_PREVIEW_ROWS).map(({ trade }) => previewRow(trade)),
    updates: plan.update.map(({ line, current }) => ({ line, trade_id: current.trade_id })),
    updated_rows: plan.update.slice(0, TRADE_IMPORT_PREVIEW_ROWS).map(closedPreview),
    duplicates: plan.skip,
    errors,
    skipped: parsed.skipped,
    imported: 0,
    updated: 0,
    remaining: plan.add.length + plan.update.length,
    previous_import: previous ? { status: previous.status, started_at: previous.started_at } : null,
  });

  const clock = previous?.started_at ?? now.toISOString();
  let prepared = await prepare(clock);
  if (options.dryRun) return summary(prepared);
  const { errors } = prepared;
  if (errors.length > 0) {
    const lines = [...new Set(errors.map((e) => e.line))];
    throw new ValidationError(
      `Nothing was imported: ${errors.length} problem${errors.length === 1 ? '' : 's'} in row${lines.length === 1 ? '' : 's'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`,
      errors,
    );
  }

  const record = await store.idempotency.startImport(userId, file, prepared.rows, now);
  // Another import of the file began first: its clock is the file's.
  if (record.started_at !== clock && parsed.candidates.some(takesClock))
    prepared = await prepare(record.started_at);
  const { plan } = prepared;
  let applied: Applied;
  try {
    applied = await applyPlan(store, userId, plan, now, () => Date.now() < deadline);
  } catch (error) {
    // The record says partial if the store lets it; the failure is the answer either way.
    await store.idempotency.finishImport(userId, file, 'partial', now).catch(() => undefined);
    throw error;
  }
  const status = applied.remaining === 0 ? 'complete' : 'partial';
  await store.idempotency.finishImport(userId, file, status, now);
  return {
    ...summary(prepared),
    status,
    duplicates: [...plan.skip, ...applied.done].sort((a, b) => a.line - b.line),
    imported: applied.added,
    updated: applied.closed,
    remaining: applied.remaining,
  };
}
