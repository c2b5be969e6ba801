/**
 * The chain snapshot job's daily history work (@shared/providers/history/daily-history), after a
 * run's manifest is written: each symbol's `history/<SYMBOL>.json` gets the closing snapshot's
 * close and IV30 (a closing run), and the provider's daily bars, asked at most once a session day
 * per symbol (a day's first run, the closing run, and a new stage's first run; never per request).
 * A failed ask keeps the bars stored before, with why (stale-tolerant). Bounded by the run's budget:
 * a symbol not reached is asked at the next run that does this work.
 */
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import type { ChainProviderName } from '@shared/providers/chains/chain';
import type { ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import {
  emptyHistory,
  historyKey,
  parseDailyHistory,
  withProviderCloses,
  withSession,
  type HistoryProvider,
} from '@shared/providers/history/daily-history';

export interface SessionRecord {
  close: number | null;
  iv30: number | null;
}

export interface HistoryWork {
  store: ChainSnapshotStore;
  provider: ChainProviderName;
  history?: HistoryProvider;
  symbols: readonly string[];
  /** The closing snapshot's day and each symbol's close and IV30 (null outside a closing run). */
  closing: { day: string; sessions: ReadonlyMap<string, SessionRecord> } | null;
  /** Whether the provider's daily bars are due (a day's first run or the closing run). */
  fetchDue: boolean;
  /** The market clock's instant (the session day the bars are asked on). */
  marketNow: Date;
  now: () => Date;
  /** Whether the run's budget still allows another symbol. */
  inBudget: () => boolean;
  concurrency: number;
}

/** What the history work did, for the run's log. */
export interface HistoryRun {
  recorded: number;
  fetched: number;
  failed: string[];
}

export async function updateHistories(work: HistoryWork): Promise<HistoryRun> {
  const today = isoDateOf(newYorkTime(work.marketNow).dayNumber);
  const run: HistoryRun = { recorded: 0, fetched: 0, failed: [] };
  const symbols = work.symbols.filter(
    (s) => work.closing?.sessions.has(s) || (work.fetchDue && work.history !== undefined),
  );
  let next = 0;
  const worker = async () => {
    while (next < symbols.length && work.inBudget()) {
      const symbol = symbols[next++]!;
      const body = await work.store.get(historyKey(symbol));
      const stored = body === null ? null : parseDailyHistory(body);
      let history =
        stored && stored.provider === work.provider
          ? stored
          : emptyHistory(symbol, work.provider, work.now());
      let changed = false;
      if (work.history && work.fetchDue && history.fetchedDay !== today) {
        try {
          history = withProviderCloses(history, await work.history.daily(symbol, work.now()));
          history = { ...history, fetchedDay: today, fetchError: null };
          run.fetched += 1;
        } catch (error) {
          // Asked again at the next run that asks (fetchedDay unchanged).
          history = { ...history, fetchError: (error as Error).message };
          run.failed.push(symbol);
        }
        changed = true;
      }
      const session = work.closing?.sessions.get(symbol);
      if (work.closing && session) {
        history = withSession(history, work.closing.day, session.close, session.iv30);
        run.recorded += 1;
        changed = true;
      }
      if (changed)
        await work.store.put(
          historyKey(symbol),
          JSON.stringify({ ...history, updatedAt: work.now().toISOString() }),
        );
    }
  };
  await Promise.all(Array.from({ length: Math.min(work.concurrency, symbols.length) }, worker));
  return run;
}
