// size: the job's record-and-value loop for every kind and source under one write-once contract (chunks at their version, sums from records); split, that contract would be in two places.
/**
 * Signal scorecards (docs/decisions/signal-scorecards.md). The scheduled job records each day's
 * signals and values every horizon that has come, once: a value, once written, is never made again
 * (a chunk is rewritten only at the version it was read at), and a day's sums are recomputed from
 * its records, so a repeated or overlapping run changes nothing. The route adds a window's days.
 */
import type { EffectivePlan } from '@shared/constants/plans';
import { type AnyFeedItem, type DarkPoolFlow, type MarketAlert } from '@shared/feeds/schemas';
import { isoDateOf, newYorkInstant, newYorkTime, nextSessionOpen, sessionOf } from '@shared/market/calendar';
import { CHAIN_PROVIDERS, type ChainProviderName } from '@shared/providers/chains/chain';
import { SNAPSHOT_KEPT_DAYS } from '@shared/providers/chains/shared-snapshot';
import { runtimeEnv } from '@shared/secrets';
import { schedules } from '@shared/schedules';
import { scorecardRows, sumRecords } from '@shared/scorecards/arithmetic';
import {
  horizonLabels,
  horizons,
  SCORECARD_FEATURES,
  SCORECARD_KEEP_DAYS,
  SCORECARD_MIN_SAMPLE,
  scorecardKinds,
  type Scorecard,
  type ScorecardKind,
  type ScorecardSource,
  type SignalRecord,
} from '@shared/scorecards/schemas';
import { sessionCloseDay } from '@shared/scorecards/horizons';
import { alertSignal, printSignal } from '@shared/scorecards/signals';
import { simulatedSignals, simulatedValue } from '@shared/scorecards/simulated';
import { marketClock, marketNow } from '../common/clock';
import { requireFeature } from '../common/plan';
import { feedProviderOf } from './real-feeds';
import { realPickValue, recordRealPicks, scanPickInstant, type ScanChains } from './scorecard-scan';
import type { FeedsRepo } from './repository';
import {
  SIGNALS_PER_CHUNK,
  type DaySummary,
  type RecordChunk,
  type ScorecardRepo,
} from './scorecard-repository';

/** How far back the job records and values: the longest window. */
export const SCORECARD_WINDOW_DAYS = 90;
/**
 * A run stops replaying new days after this long, shared equally by the kinds (a simulated stage's
 * 90 days are replayed over its first runs; the local runtime's next feeds run waits behind it,
 * within the 90 s the feeds are written ahead).
 */
export const SCORE_RUN_BUDGET_MS = 45_000;
/** At most this many days of each kind are replayed by one run (the rest wait for the next runs). */
export const REPLAY_DAYS_PER_RUN = 1;
/** The job's interval in the schedule table: a slot of one run. */
const REPLAY_SLOT_MS = schedules.find((s) => s.id === 'scoreSignals')!.everyMinutes * 60_000;

export interface ScorecardDeps {
  repo: ScorecardRepo;
  /** Where each kind's signals come from on this stage. */
  sourceOf: (kind: ScorecardKind) => ScorecardSource;
  /** The stored feeds, which a real provider's signals are recorded from. */
  feeds?: FeedsRepo;
  /**
   * A real signal's price now from the stage's live quotes, with the time the provider gives it;
   * null where there is none. Absent (simulated quotes): real signals are not valued from quotes.
   */
  livePrice?: (ticker: string) => Promise<{ price: number; at: string } | null>;
  /**
   * A ticker's close on a session day (ISO) as the chain snapshot job recorded it; null when it
   * was not. Absent where the stage keeps no chain snapshot.
   */
  recordedClose?: (ticker: string, day: string) => Promise<number | null>;
  /**
   * The chain snapshot's past minutes, where the stage's chains come from a real provider: the
   * default scan's picks are recorded and valued from them (./scorecard-scan).
   */
  scanChains?: ScanChains;
}

/**
 * A horizon of a real signal is valued from live quotes within this long of its instant (the
 * quote's own time within this long of it too), or never; a horizon at a session's close is
 * valued from that session's recorded close instead, whenever it is read (scorecardValue).
 */
export const LIVE_VALUE_WINDOW_MS = 15 * 60_000;

/**
 * A real signal's value at a horizon due at `due`: the recorded close when the horizon is a
 * session's close and the stage records closes (waiting for it until the next session opens: the
 * closing snapshot is written after the close, later if its job was down), else the live price
 * within LIVE_VALUE_WINDOW_MS of the horizon (a provider failing then is asked again at the next
 * run), else null. Undefined: not yet, ask again at the next run.
 */
export async function scorecardValue(
  deps: Pick<ScorecardDeps, 'livePrice' | 'recordedClose'>,
  ticker: string,
  due: Date,
  now: Date,
): Promise<number | null | undefined> {
  const closeDay = sessionCloseDay(due);
  if (closeDay && deps.recordedClose) {
    const waiting = now.getTime() < nextSessionOpen(due).getTime();
    try {
      const close = await deps.recordedClose(ticker, closeDay);
      if (close !== null) return close;
    } catch {
      // The store could not be read: as not recorded yet.
    }
    return waiting ? undefined : null;
  }
  const late = now.getTime() - due.getTime();
  if (late > LIVE_VALUE_WINDOW_MS || !deps.livePrice) return null;
  try {
    const quote = await deps.livePrice(ticker);
    if (!quote) return null;
    return Math.abs(Date.parse(quote.at) - due.getTime()) <= LIVE_VALUE_WINDOW_MS ? quote.price : null;
  } catch {
    return undefined;
  }
}

const DAY_SECONDS = 86_400;
/** A day's rows expire, in wall-clock time, SCORECARD_KEEP_DAYS after the day. */
const expiresAtOf = (day: string) =>
  Math.floor((Date.parse(`${day}T00:00:00Z`) - marketClock().offsetMs()) / 1000) +
  SCORECARD_KEEP_DAYS * DAY_SECONDS;

const FEED_OF = { alerts: 'alerts', darkpool: 'darkpool' } as const;

/** The stage's chain provider (CHAINS_PROVIDER), or 'simulated'. */
function chainsProviderOf(env: NodeJS.ProcessEnv): ChainProviderName | 'simulated' {
  const name = env[runtimeEnv.chainsProvider];
  return CHAIN_PROVIDERS.find((provider) => provider === name) ?? 'simulated';
}

/**
 * Where a kind's signals come from: the feed's provider (options flow is the alerts feed's); the
 * scan's picks the default scan's on the stage's chains (a real chain provider's snapshot, or the
 * simulated market).
 */
export function scorecardSource(kind: ScorecardKind, env: NodeJS.ProcessEnv = process.env): ScorecardSource {
  return kind === 'scan' ? chainsProviderOf(env) : feedProviderOf(FEED_OF[kind], env);
}

function realSignal(kind: ScorecardKind, item: AnyFeedItem): SignalRecord | null {
  if (kind === 'alerts') return alertSignal(item as MarketAlert);
  if (kind === 'darkpool') return printSignal(item as DarkPoolFlow);
  return null;
}

export interface KindRun {
  recorded: number;
  valued: number;
  days: number;
  /** Days of the window left for a later run (the budget ran out). */
  deferred: number;
}

/** Adds signals to a day's chunks (the last one filled first), marking the chunks changed. */
function append(chunks: RecordChunk[], added: readonly SignalRecord[], dirty: Set<number>): void {
  for (const signal of added) {
    let last = chunks.at(-1);
    if (!last || last.signals.length >= SIGNALS_PER_CHUNK) {
      last = { index: chunks.length, version: 0, signals: [] };
      chunks.push(last);
    }
    last.signals.push(signal);
    dirty.add(last.index);
  }
}

/** The first horizon not yet valued, ISO, or null. */
function nextDueOf(signals: readonly SignalRecord[]): string | null {
  let next: string | null = null;
  for (const signal of signals)
    for (const horizon of horizons)
      if (!(horizon in signal.values) && (next === null || signal.due[horizon] < next))
        next = signal.due[horizon];
  return next;
}

/**
 * One day of one kind: records what appeared since the last run, values what has come due, and
 * writes the day's sums. Returns null when another run wrote a chunk first (it writes the sums).
 */
async function scoreDay(
  deps: ScorecardDeps,
  kind: ScorecardKind,
  day: string,
  source: ScorecardSource,
  summary: DaySummary | undefined,
  incoming: (after: string) => SignalRecord[],
  now: Date,
  replaySlot: number | null,
): Promise<{ recorded: number; valued: number } | null> {
  const nowIso = now.toISOString();
  // Read even without a summary: a run that failed after writing a chunk left one to build on.
  const chunks = await deps.repo.chunks(kind, day);
  const dirty = new Set<number>();
  const known = new Set(chunks.flatMap((chunk) => chunk.signals.map((signal) => signal.id)));
  const added = incoming(summary?.recordedThrough ?? '').filter(
    (signal) => signal.at <= nowIso && !known.has(signal.id),
  );
  append(chunks, added, dirty);

  let valued = 0;
  for (const chunk of chunks) {
    for (const signal of chunk.signals) {
      for (const horizon of horizons) {
        const due = signal.due[horizon];
        if (horizon in signal.values || due > nowIso) continue;
        if (source === 'simulated') signal.values[horizon] = simulatedValue(signal, new Date(due));
        else {
          const value = signal.legs
            ? await realPickValue(deps, signal, new Date(due), now, LIVE_VALUE_WINDOW_MS)
            : await scorecardValue(deps, signal.ticker, new Date(due), now);
          if (value === undefined) continue;
          signal.values[horizon] = value;
        }
        valued += 1;
        dirty.add(chunk.index);
      }
    }
  }
  for (const index of dirty) {
    if (!(await deps.repo.putChunk(kind, day, chunks[index]!, expiresAtOf(day)))) return null;
  }
  const all = chunks.flatMap((chunk) => chunk.signals);
  const { buckets, pending } = sumRecords(all);
  const recordedThrough = [summary?.recordedThrough ?? '', nowIso].sort().at(-1)!;
  await deps.repo.putSummary(
    kind,
    {
      day,
      source,
      signals: all.length,
      pending,
      nextDue: nextDueOf(all),
      recordedThrough,
      buckets,
      replaySlot: replaySlot ?? summary?.replaySlot ?? null,
    },
    expiresAtOf(day),
  );
  return { recorded: added.length, valued };
}

/**
 * The scheduled job's work for one kind (see the module's comment). `deadline` is on the
 * `performance.now()` clock (elapsed time, whatever the market or wall clock says).
 */
export async function scoreKind(
  deps: ScorecardDeps,
  kind: ScorecardKind,
  now: Date,
  deadline: number,
  windowDays = SCORECARD_WINDOW_DAYS,
  maxReplayDays = REPLAY_DAYS_PER_RUN,
): Promise<KindRun> {
  const source = deps.sourceOf(kind);
  const today = newYorkTime(now).dayNumber;
  const first = today - windowDays;
  const summaries = new Map(
    (await deps.repo.summaries(kind, isoDateOf(first), isoDateOf(today))).map((s) => [s.day, s]),
  );
  const nowIso = now.toISOString();
  const run: KindRun = { recorded: 0, valued: 0, days: 0, deferred: 0 };

  // A real provider's signals: the stored feed's items, recorded on the day they appeared.
  const realByDay = new Map<string, SignalRecord[]>();
  if (source !== 'simulated' && kind !== 'scan' && deps.feeds) {
    for (const item of await deps.feeds.items(FEED_OF[kind])) {
      if ((item.provider ?? 'simulated') !== source || item.timestamp > nowIso) continue;
      const signal = realSignal(kind, item);
      if (!signal) continue;
      const day = isoDateOf(newYorkTime(new Date(item.timestamp)).dayNumber);
      realByDay.set(day, [...(realByDay.get(day) ?? []), signal]);
    }
  }

  const work: {
    day: string;
    summary?: DaySummary;
    toRecord: boolean;
    incoming: (after: string) => SignalRecord[];
    /** A real chain stage's scan day: its picks, read from the chain snapshot when it is recorded. */
    picks?: () => Promise<SignalRecord[] | undefined>;
  }[] = [];
  const chainProvider = CHAIN_PROVIDERS.find((provider) => provider === source);
  for (let dayNumber = today; dayNumber >= first; dayNumber -= 1) {
    const day = isoDateOf(dayNumber);
    const summary = summaries.get(day);
    const dueNow = summary?.nextDue != null && summary.nextDue <= nowIso;
    if (source === 'simulated') {
      const session = sessionOf(dayNumber);
      if (!session || newYorkInstant(dayNumber, session.open) > now) continue;
      const close = newYorkInstant(dayNumber, session.close).toISOString();
      const toRecord = !summary || summary.recordedThrough < [close, nowIso].sort()[0]!;
      if (toRecord || dueNow)
        work.push({
          day,
          summary,
          toRecord,
          incoming: (after) =>
            simulatedSignals(kind, dayNumber, after ? Date.parse(after) : -Infinity, now.getTime()),
        });
    } else if (kind === 'scan') {
      // A day scored from another source (the simulated scan before the stage's chains were real)
      // is left as it was: its picks are never valued from, nor mixed with, the real chains.
      if (summary && summary.source !== source) continue;
      // Once a session, at the simulated scan's instant, while the snapshot keeps that minute.
      const pickAt = scanPickInstant(dayNumber);
      const toRecord =
        pickAt !== null &&
        chainProvider !== undefined &&
        deps.scanChains !== undefined &&
        pickAt <= now &&
        now.getTime() - pickAt.getTime() <= SNAPSHOT_KEPT_DAYS * DAY_SECONDS * 1000 &&
        (!summary || summary.recordedThrough < pickAt.toISOString());
      if (toRecord || dueNow)
        work.push({
          day,
          summary,
          toRecord,
          incoming: () => [],
          picks: toRecord
            ? () => recordRealPicks(deps.scanChains!, chainProvider!, pickAt!, now, LIVE_VALUE_WINDOW_MS)
            : undefined,
        });
    } else {
      const fresh = realByDay.get(day) ?? [];
      const toRecord = fresh.some((signal) => !summary || signal.at > summary.recordedThrough);
      if (toRecord || dueNow) work.push({ day, summary, toRecord, incoming: () => fresh });
    }
  }
  // Values that have come are made first (a real signal's only within minutes of its horizon);
  // recording (a simulated day's replay) takes what is left of the run's budget, newest day first.
  work.sort((a, b) => Number(a.toRecord) - Number(b.toRecord));
  // A run replays one past day per slot of the schedule; a run again in the same slot (a retry
  // of a failed run) replays nothing more, so it ends where one run would have.
  const slot = Math.floor(now.getTime() / REPLAY_SLOT_MS);
  let replayed = [...summaries.values()].filter((s) => s.replaySlot === slot).length;
  const todayIso = isoDateOf(today);
  for (const { day, summary, toRecord, incoming, picks } of work) {
    // Today's new signals are a few minutes' worth: always recorded. A past day is a replay.
    const replay = toRecord && day !== todayIso;
    if (replay && (performance.now() > deadline || replayed >= maxReplayDays)) {
      run.deferred += 1;
      continue;
    }
    if (replay) replayed += 1;
    let recorded = toRecord ? incoming : () => [];
    if (toRecord && picks) {
      // No minute yet (or the store failed): the day waits for the next run, its sums unchanged.
      const found = await picks();
      if (found === undefined) continue;
      recorded = () => found;
    }
    const done = await scoreDay(deps, kind, day, source, summary, recorded, now, replay ? slot : null);
    if (!done) continue;
    run.recorded += done.recorded;
    run.valued += done.valued;
    run.days += 1;
  }
  return run;
}

/** The scheduled job: every kind's days, newest first, within the run's budget. */
export async function scoreSignals(
  deps: ScorecardDeps,
  now = marketNow(),
  budgetMs = SCORE_RUN_BUDGET_MS,
): Promise<Record<ScorecardKind, KindRun>> {
  const out = {} as Record<ScorecardKind, KindRun>;
  for (const kind of scorecardKinds)
    out[kind] = await scoreKind(deps, kind, now, performance.now() + budgetMs / scorecardKinds.length);
  return out;
}

/** GET /api/scorecards/{kind}: the window's rows from the days' sums. */
export async function readScorecard(
  deps: Pick<ScorecardDeps, 'repo' | 'sourceOf'>,
  plan: EffectivePlan,
  kind: ScorecardKind,
  days: number,
  now = marketNow(),
): Promise<Scorecard> {
  requireFeature(plan, SCORECARD_FEATURES[kind]);
  const today = newYorkTime(now).dayNumber;
  const source = deps.sourceOf(kind);
  const summaries = (await deps.repo.summaries(kind, isoDateOf(today - days + 1), isoDateOf(today))).filter(
    (summary) => summary.source === source && summary.signals > 0,
  );
  const since = summaries.map((s) => s.day).sort()[0] ?? null;
  return {
    kind,
    days,
    source,
    since,
    asOf: now.toISOString(),
    signals: summaries.reduce((sum, s) => sum + s.signals, 0),
    pending: summaries.reduce((sum, s) => sum + s.pending, 0),
    horizonLabels: horizonLabels[kind],
    minSample: SCORECARD_MIN_SAMPLE,
    rows: scorecardRows(summaries.map((s) => s.buckets)),
  };
}
