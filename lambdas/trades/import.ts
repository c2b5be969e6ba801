/**
 * The CSV import, all or nothing: every row is validated first, and one bad row imports nothing
 * (the rows and fields at fault are named). Rows are matched with the journal (import-plan.ts):
 * new ones are added, a position closed since is closed in the journal, the rest are skipped. A
 * dry run reports what would happen and writes nothing.
 */
import { parseTradesCsv } from '@shared/trades/csv';
import { tradePnl } from '@shared/trades/pnl';
import {
  TRADE_IMPORT_PREVIEW_ROWS,
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
  type PlannedUpdate,
} from './import-plan';
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
const PARALLEL_UPDATES = 8;

const RACE_MESSAGE =
  'Your journal changed while the file was being imported (another import, or an edit); nothing was imported. Import the file again.';

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

/** Runs `task` on every item, `limit` at a time; after a failure starts nothing more, waits for what runs, then throws it. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
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
}

/**
 * Writes the plan: each update only if its trade is as planned (a conditional write, so two
 * imports at once cannot both close a trade: the later one answers 409), then the new trades.
 * Should anything fail, what was written is undone before the error is reported: added trades
 * deleted, updated trades put back (if nobody changed them since).
 */
async function applyPlan(store: JournalStore, userId: string, plan: ImportPlan, now: Date): Promise<void> {
  const updated: { before: StoredTrade; after: StoredTrade }[] = [];
  const parts = new Map<string, Pick<StoredTrade, 'notes' | 'tags'>>();
  let adding = false;
  const added = plan.add.map(({ trade }) => trade);

  let beforeById = new Map<string, StoredTrade>();
  const close = async (update: PlannedUpdate) => {
    const before = beforeById.get(update.current.trade_id);
    if (!before || before.updated_at !== update.current.updated_at) throw new ConflictError(RACE_MESSAGE);
    const {
      opened_sk: _sk,
      tag_keys: _tags,
      opening_key: key,
      fingerprint: _fp,
      ...trade
    } = { ...before, ...importChanges(before, update) };
    const after = storedTrade({ ...trade, updated_at: nextUpdatedAt(before.updated_at, now) }, key);
    if (!(await store.trades.replace(after, before.updated_at))) throw new ConflictError(RACE_MESSAGE);
    updated.push({ before, after });
    if (update.split) parts.set(before.trade_id, { notes: before.notes, tags: before.tags });
  };

  await writing(store, userId, async () => {
    try {
      if (plan.update.length > 0) {
        const ids = plan.update.map((update) => update.current.trade_id);
        beforeById = new Map((await store.trades.getMany(userId, ids)).map((t) => [t.trade_id, t]));
      }
      await eachLimited(plan.update, PARALLEL_UPDATES, close);
      // The rest of a partly closed position keeps what the trader wrote on it.
      plan.add.forEach(({ partOf, trade }, i) => {
        const whole = partOf === undefined ? undefined : parts.get(partOf);
        if (whole)
          added[i] = storedTrade(
            {
              ...trade,
              tags: whole.tags.length > 0 ? whole.tags : trade.tags,
              notes: whole.notes || trade.notes,
            },
            trade.opening_key,
          );
      });
      adding = true;
      const { error } = await store.trades.createMany(added);
      if (error) throw error;
    } catch (error) {
      const undone = await Promise.allSettled([
        // A failed batch may have half-landed, so every new id is deleted.
        adding
          ? store.trades.deleteMany(
              userId,
              added.map((trade) => trade.trade_id),
            )
          : Promise.resolve(),
        ...updated.map(({ before, after }) => store.trades.replace(before, after.updated_at)),
      ]);
      // Should the undoing fail too, its error is the one to report: the journal is not as before.
      const undoFailure = undone.find((outcome) => outcome.status === 'rejected');
      throw undoFailure ? undoFailure.reason : error;
    }
  });
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

export async function importTradesCsv(
  store: JournalStore,
  userId: string,
  csv: string,
  options: { dryRun: boolean; format: 'auto' | 'edge' | 'tastytrade' },
  now = new Date(),
): Promise<TradeImportResult> {
  const parsed = parseTradesCsv(csv, options.format);
  const errors = [...parsed.errors];
  const rows: ImportRow[] = [];
  for (const candidate of parsed.candidates) {
    try {
      rows.push({ line: candidate.row, trade: buildTrade(userId, candidate.trade, now) });
    } catch (error) {
      errors.push(...rowErrors(candidate.row, error));
    }
  }
  if (parsed.candidates.length === 0 && errors.length === 0)
    errors.push({ line: 2, field: 'file', message: 'The file has no trades in it' });

  const journal = await store.trades.all(toQuery(userId, {}), JOURNAL_MATCH_ATTRIBUTES);
  const plan = planImport(rows, journal);
  errors.push(...updateErrors(plan, now));
  errors.sort((a, b) => a.line - b.line);
  const result: TradeImportResult = {
    format: parsed.format,
    dry_run: options.dryRun,
    new_rows: plan.add.length,
    rows: plan.add.slice(0, TRADE_IMPORT_PREVIEW_ROWS).map(({ trade }) => previewRow(trade)),
    updates: plan.update.map(({ line, current }) => ({ line, trade_id: current.trade_id })),
    updated_rows: plan.update.slice(0, TRADE_IMPORT_PREVIEW_ROWS).map(closedPreview),
    duplicates: plan.skip,
    errors,
    imported: 0,
    updated: 0,
  };
  if (options.dryRun) return result;
  if (errors.length > 0) {
    const lines = [...new Set(errors.map((e) => e.line))];
    throw new ValidationError(
      `Nothing was imported: ${errors.length} problem${errors.length === 1 ? '' : 's'} in row${lines.length === 1 ? '' : 's'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`,
      errors,
    );
  }
  await applyPlan(store, userId, plan, now);
  return { ...result, imported: plan.add.length, updated: plan.update.length };
}
