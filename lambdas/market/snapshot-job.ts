/**
 * The chain snapshot job's work (@shared/providers/chains/shared-snapshot): once a period, fetch
 * every symbol's chain from the stage's real provider with bounded concurrency, price it (IVs and
 * greeks solved once, here, instead of in every container) and write it; then the period's
 * manifest and `latest.json`. A period already written is left alone (a second run is a no-op), and
 * so is every period outside the sessions once their closing snapshot is written (snapshotDue). A
 * symbol the provider fails on keeps its last good chain, marked stale with why; one it has never
 * sent is listed as missing. Never a simulated chain in a real one's place. The closing snapshot
 * also records each fresh chain's underlying close and its 30-day at-the-money IV
 * (@shared/providers/chains/closes), and each symbol's daily history takes them, with the
 * provider's daily bars asked once a session day (./snapshot-history). The chains are priced with
 * the US Treasury's curve, asked once a New York day and stored as `rates/treasury.json` (./rates).
 */
import { UNIVERSE, unknownSymbols } from '@shared/market/universe';
import type { ChainProvider } from '@shared/providers/chains/chain';
import {
  closeOfChain,
  closesKey,
  closingDayAt,
  parseClosesRecord,
  type ClosesRecord,
  type RecordedClose,
} from '@shared/providers/chains/closes';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import type { HistoryProvider } from '@shared/providers/history/daily-history';
import type { RateProvider } from '@shared/providers/rates/treasury';
import { atm30Iv } from '@shared/providers/history/real-iv';
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import {
  chainKey,
  encodeStoredChain,
  LATEST_KEY,
  manifestKey,
  slotOf,
  snapshotDue,
  snapshotManifestSchema,
  SNAPSHOT_PERIOD_MS,
  type ChainSnapshotStore,
  type SnapshotEntry,
  type SnapshotManifest,
} from '@shared/providers/chains/shared-snapshot';
import { runtimeEnv } from '@shared/secrets';
import { providerLabel } from './chain-source';
import { carryOf } from './service';
import { updateHistories, type HistoryRun, type SessionRecord } from './snapshot-history';
import { updateStoredRates } from './rates';

/**
 * Requests in flight at once, per provider: CBOE's free CDN has no published limit, so a few at a
 * time (polite); Polygon's chain snapshot is paged (each symbol's pages one after another), and
 * its paid plans do not cap requests per minute, so two symbols at a time; Tradier takes a request
 * per expiration and caps them per minute (its adapter paces them), so one symbol at a time.
 */
export const SNAPSHOT_CONCURRENCY: Record<ChainProvider['name'], number> = {
  cboe: 4,
  polygon: 2,
  tradier: 1,
};

/** A run stops starting new fetches this long after it began, so it ends within its minute. */
export const RUN_BUDGET_MS = 45_000;

export interface SnapshotJobDeps {
  provider: ChainProvider;
  store: ChainSnapshotStore;
  /** The provider's daily bars (./history-provider); without it only the recorded closes build the history. */
  history?: HistoryProvider;
  /** The risk-free curve (./rates), asked once a New York day and stored; without it chains are priced at the carry's rate. */
  rates?: RateProvider;
  symbols: readonly string[];
  /** The wall clock (the slots, the chains' fetch times). */
  now?: () => Date;
  /** The market clock, for the sessions (default: the wall clock). */
  market?: { now(): Date; offsetMs(): number };
  periodMs?: number;
  concurrency?: number;
  budgetMs?: number;
}

export interface SnapshotRun {
  slot: string;
  /** False when the period had been written already, or the market is shut (nothing fetched). */
  written: boolean;
  fresh: string[];
  stale: string[];
  missing: string[];
  /** Age of the oldest chain served, in ms, when the run ended. */
  oldestAgeMs: number;
  ms: number;
  /** The daily history work of a written run (./snapshot-history). */
  history?: HistoryRun;
}

type Outcome =
  | { symbol: string; entry: SnapshotEntry; close?: RecordedClose | null; iv30?: number | null }
  | { symbol: string; missing: string };

/** Runs `work` over `items`, at most `limit` at a time, results in the items' order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function readManifest(store: ChainSnapshotStore, key: string): Promise<SnapshotManifest | null> {
  const body = await store.get(key);
  if (body === null) return null;
  const parsed = snapshotManifestSchema.safeParse(JSON.parse(body));
  return parsed.success ? parsed.data : null;
}

function summary(manifest: SnapshotManifest, written: boolean, now: Date, ms: number): SnapshotRun {
  const entries = Object.entries(manifest.symbols);
  const ages = entries.map(([, e]) => now.getTime() - Date.parse(e.fetchedAt));
  return {
    slot: manifest.slot,
    written,
    fresh: entries.filter(([, e]) => e.staleReason === null).map(([s]) => s),
    stale: entries.filter(([, e]) => e.staleReason !== null).map(([s]) => s),
    missing: Object.keys(manifest.missing),
    oldestAgeMs: ages.length > 0 ? Math.max(0, ...ages) : 0,
    ms,
  };
}

/**
 * The closes of `day` from a closing snapshot's fresh chains, added to the day's record (a close
 * recorded by an earlier run that day is replaced only by a newer one); nothing when none is.
 */
async function recordCloses(
  deps: SnapshotJobDeps,
  day: string,
  outcomes: readonly Outcome[],
  writtenAt: Date,
): Promise<void> {
  const closes = Object.fromEntries(
    outcomes.flatMap((o) =>
      'entry' in o && o.close ? [[o.symbol, o.iv30 ? { ...o.close, iv30: o.iv30 } : o.close] as const] : [],
    ),
  );
  if (Object.keys(closes).length === 0) return;
  const body = await deps.store.get(closesKey(day));
  const stored = body === null ? null : parseClosesRecord(body);
  const kept = stored?.provider === deps.provider.name ? stored.closes : {};
  for (const [symbol, close] of Object.entries(kept))
    if (!closes[symbol] || closes[symbol].at < close.at) closes[symbol] = close;
  const record: ClosesRecord = {
    day,
    provider: deps.provider.name,
    writtenAt: writtenAt.toISOString(),
    closes,
  };
  await deps.store.put(closesKey(day), JSON.stringify(record));
}

/** Each fresh chain's close and IV30 of the closing snapshot, by symbol (either may be null). */
function sessionsOf(outcomes: readonly Outcome[]): Map<string, SessionRecord> {
  return new Map(
    outcomes.flatMap((o) =>
      'entry' in o && (o.close || o.iv30)
        ? [[o.symbol, { close: o.close?.price ?? null, iv30: o.iv30 ?? null }] as const]
        : [],
    ),
  );
}

/** Whether no manifest was written earlier on this market day (a new stage's first run included). */
function firstRunOfDay(latestWrittenAt: string | null, market: { now(): Date; offsetMs(): number }): boolean {
  if (latestWrittenAt === null) return true;
  const dayOf = (at: Date) => isoDateOf(newYorkTime(at).dayNumber);
  return dayOf(new Date(Date.parse(latestWrittenAt) + market.offsetMs())) !== dayOf(market.now());
}

/** One run of the job: this period's snapshot, written once. */
export async function writeChainSnapshot(deps: SnapshotJobDeps): Promise<SnapshotRun> {
  const now = deps.now ?? (() => new Date());
  const started = now();
  const periodMs = deps.periodMs ?? SNAPSHOT_PERIOD_MS;
  const slot = slotOf(started, periodMs);
  const done = await readManifest(deps.store, manifestKey(slot));
  if (done) return summary(done, false, started, 0);

  const latest = await readManifest(deps.store, LATEST_KEY);
  const market = deps.market ?? { now, offsetMs: () => 0 };
  if (latest && !snapshotDue(latest.writtenAt, market.now(), market.offsetMs()))
    return summary(latest, false, started, 0);
  const previous = latest?.provider === deps.provider.name ? latest : null;
  const closingDay = closingDayAt(market.now());
  const label = providerLabel(deps.provider.name);
  const budget = deps.budgetMs ?? RUN_BUDGET_MS;
  const concurrency = deps.concurrency ?? SNAPSHOT_CONCURRENCY[deps.provider.name];

  // The day's curve (stored; asked at most once a New York day); a store that fails: the fixed rate.
  const rates = deps.rates
    ? await updateStoredRates(deps.store, deps.rates, market.now()).catch(() => null)
    : undefined;
  const curve = rates === undefined ? undefined : (rates?.curve ?? null);
  const outcomes = await mapLimit(deps.symbols, concurrency, async (symbol): Promise<Outcome> => {
    let reason: string;
    if (now().getTime() - started.getTime() > budget) {
      reason = `${label} was not asked in this run (its ${budget / 1000} s budget ran out)`;
    } else {
      try {
        const snapshot = await deps.provider.chain(symbol);
        if (snapshot.contracts.length === 0) throw new Error('sent a chain without contracts');
        if (snapshot.underlying.symbol.toUpperCase() !== symbol.toUpperCase())
          throw new Error(`sent ${snapshot.underlying.symbol}'s chain for ${symbol}`);
        const fetchedAt = now();
        const priced = priceRealChain(snapshot, carryOf(symbol, fetchedAt, curve), fetchedAt);
        const key = chainKey(slot, symbol);
        await deps.store.put(key, encodeStoredChain(snapshot, priced, fetchedAt));
        const close = closingDay
          ? closeOfChain(snapshot, new Date(fetchedAt.getTime() + market.offsetMs()), closingDay)
          : null;
        const iv30 = closingDay ? atm30Iv(priced) : null;
        const entry = { key, fetchedAt: fetchedAt.toISOString(), staleReason: null };
        return { symbol, entry, close, iv30 };
      } catch (error) {
        reason = `${label} ${(error as Error).message}`;
      }
    }
    const kept = previous?.symbols[symbol];
    return kept ? { symbol, entry: { ...kept, staleReason: reason } } : { symbol, missing: reason };
  });

  const manifest: SnapshotManifest = {
    provider: deps.provider.name,
    slot,
    periodMs,
    writtenAt: now().toISOString(),
    symbols: Object.fromEntries(outcomes.flatMap((o) => ('entry' in o ? [[o.symbol, o.entry]] : []))),
    missing: Object.fromEntries(outcomes.flatMap((o) => ('missing' in o ? [[o.symbol, o.missing]] : []))),
  };
  if (closingDay) await recordCloses(deps, closingDay, outcomes, now());
  const body = JSON.stringify(manifest);
  await deps.store.put(manifestKey(slot), body);
  // A run that finished after a later one never moves `latest` back.
  const newest = await readManifest(deps.store, LATEST_KEY);
  if (!newest || newest.slot <= slot) await deps.store.put(LATEST_KEY, body);
  const history = await updateHistories({
    store: deps.store,
    provider: deps.provider.name,
    history: deps.history,
    symbols: deps.symbols,
    closing: closingDay ? { day: closingDay, sessions: sessionsOf(outcomes) } : null,
    fetchDue: closingDay !== null || firstRunOfDay(latest?.writtenAt ?? null, market),
    marketNow: market.now(),
    now,
    inBudget: () => now().getTime() - started.getTime() <= budget,
    concurrency,
  });
  const ended = now();
  return { ...summary(manifest, true, ended, ended.getTime() - started.getTime()), history };
}

/** CHAIN_SNAPSHOT_SYMBOLS (comma-separated), else every symbol of the universe. */
export function snapshotSymbols(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env[runtimeEnv.chainSnapshotSymbols]?.trim();
  if (!raw) return UNIVERSE.map((entry) => entry.symbol);
  const symbols = [...new Set(raw.split(',').map((s) => s.trim().toUpperCase()))].filter(Boolean);
  const unknown = unknownSymbols(symbols);
  if (unknown.length > 0)
    throw new Error(`CHAIN_SNAPSHOT_SYMBOLS names unknown symbols: ${unknown.join(', ')}`);
  return symbols;
}
