/**
 * The shared chain snapshot (docs/decisions/shared-chain-snapshot.md): one scheduled job fetches the
 * chains of the scanned universe from the stage's real provider once a minute, prices them (IVs and
 * greeks solved, ./price-real-chain) and writes them to an object store; every function that serves
 * chains reads them from there instead of asking the provider itself.
 *
 * Layout, one object per key:
 *   chains/<slot>/<SYMBOL>.json  a symbol's chain fetched in that minute, priced (never rewritten)
 *   minutes/<slot>.json          the manifest that minute's run wrote (its presence marks the minute done)
 *   latest.json                  the newest manifest, the one readers start from
 *   closes/<YYYY-MM-DD>.json     the underlyings' closes of a session, from its closing snapshot (./closes)
 *   history/<SYMBOL>.json        a symbol's daily closes and closing IV30s (../history/daily-history)
 * A manifest names, per symbol, the key of its last good chain, when that chain was fetched, and
 * why the provider's latest answer was not used (null when it was): a symbol whose fetch failed
 * keeps its previous key, marked stale. Pure: schemas, keys and encoding; the stores are in lambdas.
 */
import * as z from 'zod';
import { newYorkInstant, newYorkTime, previousTradingDay, sessionOf } from '../../market/calendar';
import { CHAIN_PROVIDERS, chainSnapshotSchema, type ChainSnapshot } from './chain';
import { NO_IV_REASONS } from './no-iv-reasons';
import { FORWARD_METHODS } from './parity';
import { rateSourceSchema } from '../rates/rate-source';
import type { PricedChain } from './price-real-chain';
import type { SecretKey } from '../../secrets';

/** Where snapshots are kept: an S3 bucket in AWS, a directory under `npm start`'s data dir locally. */
export interface ChainSnapshotStore {
  /** The object's body, or null when there is none at that key. */
  get(key: string): Promise<string | null>;
  put(key: string, body: string): Promise<void>;
}

/** The object store failed (not "no such key", which `get` answers with null). */
export class SnapshotStoreError extends Error {
  override name = 'SnapshotStoreError';
}

export const LATEST_KEY = 'latest.json';

/** The route areas whose functions serve real chains (chains, scans, CBOE quotes, positions, the assistant): they read the snapshot. */
export const CHAIN_SNAPSHOT_READER_AREAS: readonly string[] = ['market', 'positions', 'chat'];
/** The schedule table's job that writes it. */
export const CHAIN_SNAPSHOT_JOB = 'snapshotChains';

/**
 * Whether a stage keeps a chain snapshot (its job has a provider to fetch from): real chains, or
 * CBOE quotes (read off CBOE's chains). lambdas/market/chain-source's snapshotProvider is the same rule on the env.
 */
export function keepsChainSnapshot(marketData: { quotes: string; chains: string }): boolean {
  return marketData.chains !== 'simulated' || marketData.quotes === 'cboe';
}

/** The secrets the snapshot job reads to ask the stage's chain provider (none for CBOE). */
export function chainSnapshotSecrets(chains: string): SecretKey[] {
  if (chains === 'polygon') return ['marketDataApiKey'];
  if (chains === 'tradier') return ['tradierApiKey'];
  return [];
}

/** Snapshots are written once a minute (CHAINS_REFRESH_SECONDS sets another period locally). */
export const SNAPSHOT_PERIOD_MS = 60_000;

/**
 * Chains are written while they can move: the regular session, and this long after its close (a
 * delayed feed such as CBOE's runs 15 minutes behind; index options trade until 16:15). Outside
 * that window the job writes one closing snapshot, if the window's last write came before its end,
 * and otherwise nothing: the session's last chains are the market's until the next open.
 */
export const SNAPSHOT_MINUTES_AFTER_CLOSE = 20;
/**
 * How long stored snapshots are kept (the bucket's lifecycle): the closing snapshot must outlast
 * the longest closure, a holiday weekend (Thursday's close to Monday's open is under four days).
 */
export const SNAPSHOT_KEPT_DAYS = 5;

export interface SnapshotWindow {
  /** Whether the market instant is inside a window of writes. */
  open: boolean;
  /** The end of the last window that ended at or before the instant (market time). */
  lastEnd: Date;
}

/** Where a market instant stands against the windows of writes (the sessions and their tails). */
export function snapshotWindowAt(marketAt: Date): SnapshotWindow {
  const { dayNumber, minuteOfDay } = newYorkTime(marketAt);
  const session = sessionOf(dayNumber);
  if (session && minuteOfDay >= session.close + SNAPSHOT_MINUTES_AFTER_CLOSE)
    return { open: false, lastEnd: newYorkInstant(dayNumber, session.close + SNAPSHOT_MINUTES_AFTER_CLOSE) };
  const previous = previousTradingDay(dayNumber);
  const lastEnd = newYorkInstant(previous, sessionOf(previous)!.close + SNAPSHOT_MINUTES_AFTER_CLOSE);
  return { open: session !== null && minuteOfDay >= session.open, lastEnd };
}

/**
 * How long the job has been silent when it should have written, in wall-clock ms: since the newest
 * manifest was written, counted only up to the end of the last window while the market is shut.
 * `offsetMs` is the market clock's (market time minus wall time; 0 on a stage).
 */
export function snapshotSilenceMs(writtenAt: string, marketNow: Date, offsetMs: number): number {
  const wallNow = marketNow.getTime() - offsetMs;
  const window = snapshotWindowAt(marketNow);
  const until = window.open ? wallNow : Math.min(wallNow, window.lastEnd.getTime() - offsetMs);
  return Math.max(0, until - Date.parse(writtenAt));
}

/**
 * Whether the job writes at this market instant: always inside a window; outside, only while no
 * manifest was written since the last window ended (the closing snapshot, or a new stage's first).
 */
export function snapshotDue(latestWrittenAt: string | null, marketNow: Date, offsetMs: number): boolean {
  const window = snapshotWindowAt(marketNow);
  if (window.open || latestWrittenAt === null) return true;
  return Date.parse(latestWrittenAt) < window.lastEnd.getTime() - offsetMs;
}

/** The period an instant falls in, named by its start: `2024-01-02T15:04:00Z` for a minute. */
export function slotOf(at: Date, periodMs = SNAPSHOT_PERIOD_MS): string {
  const start = Math.floor(at.getTime() / periodMs) * periodMs;
  return `${new Date(start).toISOString().slice(0, 19)}Z`;
}

export const manifestKey = (slot: string) => `minutes/${slot}.json`;
export const chainKey = (slot: string, symbol: string) => `chains/${slot}/${symbol.toUpperCase()}.json`;

const isoInstant = z.iso.datetime();

export const snapshotEntrySchema = z.object({
  /** The object holding the symbol's last good chain. */
  key: z.string().min(1),
  fetchedAt: isoInstant,
  /** Why the provider's latest answer for this symbol was not used; null when it was. */
  staleReason: z.string().nullable(),
});
export type SnapshotEntry = z.infer<typeof snapshotEntrySchema>;

export const snapshotManifestSchema = z.object({
  provider: z.enum(CHAIN_PROVIDERS),
  /** The period this manifest was written for (slotOf). */
  slot: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
  periodMs: z.number().int().positive(),
  writtenAt: isoInstant,
  symbols: z.record(z.string(), snapshotEntrySchema),
  /** Symbols the provider has never sent a chain for, with why (not served). */
  missing: z.record(z.string(), z.string()),
});
export type SnapshotManifest = z.infer<typeof snapshotManifestSchema>;

/** NaN and ±Infinity survive JSON as these strings (a chain without an underlying price has a NaN spot). */
const num = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity']).transform(Number)]);
const numOrNull = num.nullable();

const pricedChainSchema = z.object({
  symbol: z.string().min(1),
  spot: num,
  asOf: isoInstant,
  expiries: z.array(
    z.object({
      expiration: z.iso.date(),
      years: num,
      forward: num,
      discount: num,
      method: z.enum(FORWARD_METHODS),
      strikesUsed: z.number(),
      impliedYield: num,
      /** Absent in chains stored before the rate curve: null. */
      rateSource: rateSourceSchema.nullable().default(null),
    }),
  ),
  contracts: z.array(
    z.object({
      /** Index into the snapshot's contracts (the contract itself is stored once). */
      i: z.number().int().nonnegative(),
      years: num,
      iv: numOrNull,
      noIvReason: z.enum(NO_IV_REASONS).nullable(),
      delta: numOrNull,
      gamma: numOrNull,
      theta: numOrNull,
      vega: numOrNull,
    }),
  ),
});

export const storedChainSchema = z.object({
  fetchedAt: isoInstant,
  snapshot: chainSnapshotSchema,
  priced: pricedChainSchema,
});

const replacer = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;

/** A fetched chain and its pricing as one object: each contract stored once, priced rows pointing at it. */
export function encodeStoredChain(snapshot: ChainSnapshot, priced: PricedChain, fetchedAt: Date): string {
  const index = new Map(snapshot.contracts.map((c, i) => [c, i]));
  return JSON.stringify(
    {
      fetchedAt: fetchedAt.toISOString(),
      snapshot,
      priced: {
        ...priced,
        contracts: priced.contracts.map(({ contract, ...rest }) => ({ i: index.get(contract)!, ...rest })),
      },
    },
    replacer,
  );
}

export interface StoredChain {
  fetchedAt: Date;
  snapshot: ChainSnapshot;
  priced: PricedChain;
}

/** A stored chain read back (validated); a body that is not one throws. */
export function decodeStoredChain(body: string): StoredChain {
  const stored = storedChainSchema.parse(JSON.parse(body));
  const { contracts } = stored.snapshot;
  const priced: PricedChain = {
    ...stored.priced,
    contracts: stored.priced.contracts.map(({ i, ...rest }) => {
      const contract = contracts[i];
      if (!contract) throw new Error(`stored chain row points at contract ${i} of ${contracts.length}`);
      return { contract, ...rest };
    }),
  };
  return { fetchedAt: new Date(stored.fetchedAt), snapshot: stored.snapshot, priced };
}
