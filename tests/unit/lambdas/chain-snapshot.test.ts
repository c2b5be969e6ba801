/**
 * The shared chain snapshot: the job (one snapshot a period, idempotent, the last good chain kept
 * stale when the provider fails), the reader the routes use (the job's priced chain, its staleness
 * and age, never a fetch of its own), the stores (S3 through aws-sdk-client-mock, files locally),
 * and the routes' services preferring the snapshot; the sessions it writes in (and the closing
 * snapshot outside them).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { ChainProviderError, type ChainProvider } from '@shared/providers/chains/chain';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import { emptyHistory, parseCboeHistory, withProviderCloses } from '@shared/providers/history/daily-history';
import {
  decodeStoredChain,
  encodeStoredChain,
  LATEST_KEY,
  manifestKey,
  slotOf,
  snapshotDue,
  snapshotManifestSchema,
  snapshotSilenceMs,
  snapshotWindowAt,
  type ChainSnapshotStore,
} from '@shared/providers/chains/shared-snapshot';
import { ChainUnavailableError } from '../../../lambdas/market/chain-source';
import { carryOf, optionsChain, scanOptions } from '../../../lambdas/market/service';
import { SnapshotChains } from '../../../lambdas/market/snapshot-chains';
import { snapshotSymbols, writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { fileSnapshotStore, s3SnapshotStore } from '../../../lambdas/market/snapshot-store';
import { handwrittenQqqChain, recordedQqqChain } from '../../helpers/cboe-chains';
import { memoryStore } from '../../helpers/memory-snapshot-store';

/** A store in memory that counts its reads and writes. */

/** A CBOE-shaped provider answering from `answer`, counting its calls. */
function provider(answer: () => string | Error) {
  const asked: string[] = [];
  const cboe: ChainProvider = {
    name: 'cboe',
    chain: async (symbol) => {
      asked.push(symbol);
      const next = answer();
      if (next instanceof Error) throw next;
      return parseCboeChain(JSON.parse(next));
    },
  };
  return { cboe, asked };
}

/** QQQ's daily history as the job writes it: the hand-written CBOE daily bars (tests/fixtures/SOURCES.md). */
function qqqHistory() {
  const body = readFileSync(
    new URL('../../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
    'utf8',
  );
  return withProviderCloses(emptyHistory('QQQ', 'cboe', new Date(now)), parseCboeHistory(JSON.parse(body)));
}

let now = Date.parse('2023-05-19T19:59:30Z');
const clock = () => new Date(now);
beforeEach(() => (now = Date.parse('2023-05-19T19:59:30Z')));

describe('the chain snapshot job', () => {
  it('writes one snapshot a minute: each chain priced, the manifest, latest; a second run that minute changes nothing', async () => {
    const { store, objects, puts } = memoryStore();
    const { cboe, asked } = provider(() => handwrittenQqqChain());
    const run = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });

    const slot = '2023-05-19T19:59:00Z';
    expect(run).toMatchObject({ slot, written: true, fresh: ['QQQ'], stale: [], missing: [] });
    expect(puts).toEqual([`chains/${slot}/QQQ.json`, manifestKey(slot), LATEST_KEY]);
    const manifest = snapshotManifestSchema.parse(JSON.parse(objects.get(LATEST_KEY)!));
    expect(manifest.symbols.QQQ).toEqual({
      key: `chains/${slot}/QQQ.json`,
      fetchedAt: new Date(now).toISOString(),
      staleReason: null,
    });
    // The stored chain is the provider's chain priced as a container would price it itself.
    const stored = decodeStoredChain(objects.get(`chains/${slot}/QQQ.json`)!);
    const snapshot = parseCboeChain(JSON.parse(handwrittenQqqChain()));
    expect(stored.snapshot).toEqual(snapshot);
    expect(stored.priced).toEqual(priceRealChain(snapshot, carryOf('QQQ', clock()), clock()));
    expect(stored.priced.contracts.filter((c) => c.iv !== null).length).toBeGreaterThan(20);

    now += 20_000; // same minute
    const again = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });
    expect(again.written).toBe(false);
    expect(asked).toEqual(['QQQ']);
    expect(puts).toHaveLength(3);

    now += 30_000; // the next minute
    const next = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });
    expect(next).toMatchObject({ slot: '2023-05-19T20:00:00Z', written: true, fresh: ['QQQ'] });
    expect(asked).toEqual(['QQQ', 'QQQ']);
  });

  it('keeps the last good chain, stale with the provider’s reason, when the provider fails; a symbol never sent is missing', async () => {
    const { store, objects } = memoryStore();
    let answer: string | Error = handwrittenQqqChain();
    const { cboe } = provider(() => answer);
    await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });
    const good = snapshotManifestSchema.parse(JSON.parse(objects.get(LATEST_KEY)!)).symbols.QQQ!;

    answer = new ChainProviderError('answered 500');
    now += 60_000;
    const run = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ', 'SPY'], now: clock });
    expect(run).toMatchObject({ written: true, fresh: [], stale: ['QQQ'], missing: ['SPY'] });
    expect(run.oldestAgeMs).toBeGreaterThanOrEqual(60_000);
    const manifest = snapshotManifestSchema.parse(JSON.parse(objects.get(LATEST_KEY)!));
    expect(manifest.symbols.QQQ).toEqual({ ...good, staleReason: 'CBOE answered 500' });
    expect(manifest.missing).toEqual({ SPY: 'CBOE answered 500' });

    // A body of another symbol's chain is not that symbol's chain.
    answer = handwrittenQqqChain();
    now += 60_000;
    const mixed = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ', 'SPY'], now: clock });
    expect(mixed).toMatchObject({ fresh: ['QQQ'], missing: ['SPY'] });
    expect(snapshotManifestSchema.parse(JSON.parse(objects.get(LATEST_KEY)!)).missing).toEqual({
      SPY: "CBOE sent QQQ's chain for SPY",
    });
  });

  it('stops asking the provider once its run budget is spent, keeping the rest stale', async () => {
    const { store, objects } = memoryStore();
    const { cboe, asked } = provider(() => {
      now += 10_000; // each fetch takes 10 s
      return handwrittenQqqChain();
    });
    const symbols = ['QQQ', 'SPY', 'IWM'];
    const run = await writeChainSnapshot({
      provider: cboe,
      store,
      symbols,
      now: clock,
      concurrency: 1,
      budgetMs: 15_000,
    });
    expect(asked).toEqual(['QQQ', 'SPY']);
    expect(run.fresh).toEqual(['QQQ']);
    expect(snapshotManifestSchema.parse(JSON.parse(objects.get(LATEST_KEY)!)).missing).toEqual({
      SPY: "CBOE sent QQQ's chain for SPY",
      IWM: 'CBOE was not asked in this run (its 15 s budget ran out)',
    });
  });

  it('snapshots the universe unless CHAIN_SNAPSHOT_SYMBOLS names some (unknown symbols refused)', () => {
    expect(snapshotSymbols({})).toContain('SPY');
    expect(snapshotSymbols({}).length).toBeGreaterThan(90);
    expect(snapshotSymbols({ CHAIN_SNAPSHOT_SYMBOLS: 'qqq, SPY,qqq' })).toEqual(['QQQ', 'SPY']);
    expect(() => snapshotSymbols({ CHAIN_SNAPSHOT_SYMBOLS: 'QQQ,NOPE' })).toThrow(/NOPE/);
  });

  it('names a period by its start', () => {
    expect(slotOf(new Date('2024-01-02T15:04:59.999Z'))).toBe('2024-01-02T15:04:00Z');
    expect(slotOf(new Date('2024-01-02T15:04:05Z'), 3000)).toBe('2024-01-02T15:04:03Z');
  });
});

describe('the sessions the job writes in', () => {
  const at = (iso: string) => new Date(iso);
  const end = (iso: string) => snapshotWindowAt(at(iso)).lastEnd.toISOString();

  it('is open from each open to 20 minutes after its close, on the NYSE calendar', () => {
    // Friday 2023-05-19, New York on summer time (UTC-4).
    expect(snapshotWindowAt(at('2023-05-19T13:29:00Z')).open).toBe(false);
    expect(snapshotWindowAt(at('2023-05-19T13:30:00Z')).open).toBe(true);
    expect(snapshotWindowAt(at('2023-05-19T20:19:59Z')).open).toBe(true);
    expect(snapshotWindowAt(at('2023-05-19T20:20:00Z'))).toEqual({
      open: false,
      lastEnd: at('2023-05-19T20:20:00Z'),
    });
    // The weekend, and Monday before the open: Friday's window was the last.
    expect(end('2023-05-20T15:00:00Z')).toBe('2023-05-19T20:20:00.000Z');
    expect(end('2023-05-22T13:00:00Z')).toBe('2023-05-19T20:20:00.000Z');
    // Thanksgiving 2026 (no session): Wednesday's; the day after closes at 13:00.
    expect(snapshotWindowAt(at('2026-11-26T17:00:00Z'))).toEqual({
      open: false,
      lastEnd: at('2026-11-25T21:20:00Z'),
    });
    expect(snapshotWindowAt(at('2026-11-27T18:19:00Z')).open).toBe(true);
    expect(end('2026-11-27T18:21:00Z')).toBe('2026-11-27T18:20:00.000Z');
  });

  it('writes in the window, once after it (the closing snapshot), and then nothing until the open', () => {
    const saturday = at('2023-05-20T15:00:00Z');
    expect(snapshotDue('2023-05-19T20:19:30Z', at('2023-05-19T20:19:45Z'), 0)).toBe(true);
    expect(snapshotDue('2023-05-19T20:19:30Z', saturday, 0)).toBe(true);
    expect(snapshotDue('2023-05-19T20:20:30Z', saturday, 0)).toBe(false);
    expect(snapshotDue(null, saturday, 0)).toBe(true);
    // With the market clock set 2 h ahead of the wall clock, the window's end is 2 h earlier in wall time.
    expect(snapshotDue('2023-05-19T18:20:30Z', saturday, 2 * 3_600_000)).toBe(false);
    expect(snapshotDue('2023-05-19T18:19:30Z', saturday, 2 * 3_600_000)).toBe(true);
  });

  it('counts the job silent only while it should have written', () => {
    expect(snapshotSilenceMs('2023-05-19T19:00:00Z', at('2023-05-19T19:04:00Z'), 0)).toBe(240_000);
    expect(snapshotSilenceMs('2023-05-19T20:20:30Z', at('2023-05-20T15:00:00Z'), 0)).toBe(0);
    // Stopped at 15:00 on Friday: on Saturday it had been silent for the 80 minutes to 16:20.
    expect(snapshotSilenceMs('2023-05-19T19:00:00Z', at('2023-05-20T15:00:00Z'), 0)).toBe(80 * 60_000);
  });

  it('on a Saturday: the closing snapshot is served fresh, and the job asks the provider nothing', async () => {
    const { store, puts } = memoryStore();
    const { cboe, asked } = provider(() => handwrittenQqqChain());
    now = Date.parse('2023-05-19T20:20:30Z'); // the first run after Friday's window
    expect(await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock })).toMatchObject({
      written: true,
    });
    now = Date.parse('2023-05-20T15:00:00Z');
    const saturday = await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });
    expect(saturday).toMatchObject({ written: false, slot: '2023-05-19T20:20:00Z' });
    expect(asked).toEqual(['QQQ']);
    // The chain, the manifest, latest, Friday's closes (@shared/providers/chains/closes) and QQQ's
    // daily history with Friday's close and IV30 (./snapshot-history-job.test.ts).
    expect(puts).toEqual([
      'chains/2023-05-19T20:20:00Z/QQQ.json',
      'closes/2023-05-19.json',
      'minutes/2023-05-19T20:20:00Z.json',
      LATEST_KEY,
      'history/QQQ.json',
    ]);
    const chain = await optionsChain('pro', { symbol: 'QQQ' }, new SnapshotChains('cboe', store, clock));
    expect(chain.stale).toBeNull();
    // The first run of Monday's session writes again.
    now = Date.parse('2023-05-22T13:30:10Z');
    expect(await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock })).toMatchObject({
      written: true,
      slot: '2023-05-22T13:30:00Z',
    });
  });
});

describe('the routes reading the snapshot', () => {
  async function written(answer: () => string | Error = () => handwrittenQqqChain()) {
    const memory = memoryStore();
    const { cboe, asked } = provider(answer);
    await writeChainSnapshot({ provider: cboe, store: memory.store, symbols: ['QQQ'], now: clock });
    return { ...memory, cboe, asked };
  }

  it('serve the job’s priced chain with CBOE’s provenance, without asking the provider', async () => {
    const { store, objects, asked, gets } = await written();
    const chains = new SnapshotChains('cboe', store, clock);
    gets.length = 0;
    const chain = await optionsChain('pro', { symbol: 'QQQ' }, chains);
    expect(chain).toMatchObject({
      source: 'cboe',
      delayed: true,
      stale: null,
      asOf: '2023-05-19T19:59:59.000Z',
    });
    const stored = decodeStoredChain(objects.get('chains/2023-05-19T19:59:00Z/QQQ.json')!);
    const live = stored.priced.contracts.filter((c) => c.noIvReason !== 'expired');
    expect(chain.contracts.map((c) => c.iv)).toEqual(live.map((c) => c.iv));

    // Without a recorded history the scan has no forecast, so no positions (never the model's).
    const blind = await scanOptions('pro', scanFiltersSchema.parse({ ticker: 'QQQ', ivRank: 0 }), chains);
    expect(blind.results).toEqual([]);
    expect(blind.emptyReason?.message).toContain('no session has been recorded for it yet');
    // With QQQ's daily history in the store (the job writes it: ./snapshot-history-job.test.ts).
    objects.set('history/QQQ.json', JSON.stringify(qqqHistory()));
    const scan = await scanOptions(
      'pro',
      scanFiltersSchema.parse({ ticker: 'QQQ', ivRank: 0 }),
      new SnapshotChains('cboe', store, clock),
    );
    expect(scan).toMatchObject({ source: 'cboe', stale: null });
    expect(scan.results.length).toBeGreaterThan(0);
    // The manifest once (kept 5 s), the chain object once (kept), the history once per reader
    // (kept 10 minutes); the provider only by the job.
    expect(gets).toEqual([
      LATEST_KEY,
      'chains/2023-05-19T19:59:00Z/QQQ.json',
      'history/QQQ.json',
      LATEST_KEY,
      'chains/2023-05-19T19:59:00Z/QQQ.json',
      'history/QQQ.json',
    ]);
    expect(asked).toEqual(['QQQ']);
  });

  it('serve the last good chain stale, with the job’s reason and its age, when the provider failed', async () => {
    let answer: string | Error = handwrittenQqqChain();
    const { store, cboe } = await written(() => answer);
    const good = await optionsChain('pro', { symbol: 'QQQ' }, new SnapshotChains('cboe', store, clock));
    answer = new ChainProviderError('answered 500');
    now += 60_000;
    await writeChainSnapshot({ provider: cboe, store, symbols: ['QQQ'], now: clock });
    const stale = await optionsChain('pro', { symbol: 'QQQ' }, new SnapshotChains('cboe', store, clock));
    expect(stale.stale).toMatchObject({ reason: 'CBOE answered 500' });
    expect(stale.contracts).toEqual(good.contracts);
  });

  it('say the snapshot is stale when the job has stopped writing it', async () => {
    const { store } = await written();
    now += 4 * 60_000;
    const chains = new SnapshotChains('cboe', store, clock);
    const { stale } = await optionsChain('pro', { symbol: 'QQQ' }, chains);
    expect(stale?.reason).toBe('the chain snapshot has not been written for 240 s');
  });

  it('answer unavailable (a 404), never simulated numbers, with no snapshot, a symbol not in it, or a store that fails', async () => {
    const empty = new SnapshotChains('cboe', memoryStore().store, clock);
    await expect(empty.chain('QQQ')).rejects.toThrow(ChainUnavailableError);
    await expect(optionsChain('pro', { symbol: 'QQQ' }, empty)).rejects.toThrow(
      /has not written a snapshot yet/,
    );

    const { store } = await written();
    await expect(new SnapshotChains('cboe', store, clock).chain('SPY')).rejects.toThrow(
      ChainUnavailableError,
    );
    const failing: ChainSnapshotStore = { get: () => Promise.reject(new Error('throttled')), put: store.put };
    await expect(new SnapshotChains('cboe', failing, clock).chain('QQQ')).rejects.toThrow(
      /could not be read/,
    );
    await expect(new SnapshotChains('polygon', store, clock).chain('QQQ')).rejects.toThrow(
      /holds cboe chains/,
    );
  });

  it('keep the manifest read last when the store fails afterwards', async () => {
    const { store } = await written();
    let failing = false;
    const flaky: ChainSnapshotStore = {
      get: (key) => (failing && key === LATEST_KEY ? Promise.reject(new Error('throttled')) : store.get(key)),
      put: store.put,
    };
    const chains = new SnapshotChains('cboe', flaky, clock);
    await chains.chain('QQQ');
    failing = true;
    now += 10_000;
    await expect(chains.chain('QQQ')).resolves.toMatchObject({ staleReason: null });
  });
});

describe('the stores', () => {
  const s3 = mockClient(S3Client);
  beforeEach(() => s3.reset());

  it('S3: puts and gets the bucket’s objects; a missing key is null; other failures say so', async () => {
    const store = s3SnapshotStore('snapshots-bucket', new S3Client({ region: 'us-east-1' }));
    s3.on(PutObjectCommand).resolves({});
    await store.put(LATEST_KEY, '{"a":1}');
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'snapshots-bucket',
      Key: LATEST_KEY,
      Body: '{"a":1}',
      ContentType: 'application/json',
    });
    s3.on(GetObjectCommand, { Key: LATEST_KEY }).resolves({
      Body: { transformToString: async () => '{"a":1}' } as never,
    });
    await expect(store.get(LATEST_KEY)).resolves.toBe('{"a":1}');
    s3.on(GetObjectCommand, { Key: 'none' }).rejects(new NoSuchKey({ message: 'no', $metadata: {} }));
    await expect(store.get('none')).resolves.toBeNull();
    s3.on(GetObjectCommand, { Key: 'slow' }).rejects(new Error('SlowDown'));
    await expect(store.get('slow')).rejects.toThrow(/GetObject slow failed: SlowDown/);
  });

  const dir = mkdtempSync(join(tmpdir(), 'edge-snapshots-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('files: the same objects under a directory, written whole, never outside it', async () => {
    const store = fileSnapshotStore(dir);
    await expect(store.get(LATEST_KEY)).resolves.toBeNull();
    await store.put('chains/2023-05-19T19:59:00Z/QQQ.json', 'x');
    await expect(store.get('chains/2023-05-19T19:59:00Z/QQQ.json')).resolves.toBe('x');
    expect(readdirSync(join(dir, 'chains/2023-05-19T19:59:00Z'))).toEqual(['QQQ.json']);
    await expect(store.put('../escape.json', 'x')).rejects.toThrow(/leaves the store/);
  });

  it('files: each new latest prunes the minutes older than the local keeping, except the chains it names', async () => {
    const local = mkdtempSync(join(tmpdir(), 'chain-snapshots-prune-'));
    try {
      const wall = Date.parse('2023-05-19T20:00:30Z');
      const store = fileSnapshotStore(local, 30 * 60_000, () => wall);
      const old = '2023-05-19T19:00:00Z';
      const recent = '2023-05-19T19:45:00Z';
      for (const slot of [old, recent]) {
        await store.put(`chains/${slot}/QQQ.json`, 'x');
        await store.put(`chains/${slot}/SPY.json`, 'x');
        await store.put(manifestKey(slot), '{}');
      }
      const manifest = {
        provider: 'cboe',
        slot: '2023-05-19T20:00:00Z',
        periodMs: 60_000,
        writtenAt: '2023-05-19T20:00:20.000Z',
        // QQQ's last good chain is the old minute's: it stays.
        symbols: {
          QQQ: {
            key: `chains/${old}/QQQ.json`,
            fetchedAt: '2023-05-19T19:00:10.000Z',
            staleReason: 'CBOE answered 500',
          },
          SPY: { key: `chains/${recent}/SPY.json`, fetchedAt: '2023-05-19T19:45:10.000Z', staleReason: null },
        },
        missing: {},
      };
      await store.put(LATEST_KEY, JSON.stringify(snapshotManifestSchema.parse(manifest)));
      expect(existsSync(join(local, 'chains', old, 'QQQ.json'))).toBe(true);
      expect(existsSync(join(local, 'minutes', `${old}.json`))).toBe(false);
      expect(readdirSync(join(local, 'chains')).sort()).toEqual([old, recent]);
      expect(existsSync(join(local, 'minutes', `${recent}.json`))).toBe(true);
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });

  it('a stored chain reads back as written, a spot the provider did not send included', () => {
    const snapshot = parseCboeChain(JSON.parse(recordedQqqChain));
    const noSpot = { ...snapshot, underlying: { ...snapshot.underlying, price: null } };
    const at = new Date('2023-05-19T19:59:59Z');
    const priced = priceRealChain(noSpot, carryOf('QQQ', at), at);
    expect(priced.spot).toBeNaN();
    const back = decodeStoredChain(encodeStoredChain(noSpot, priced, at));
    expect(back.priced).toEqual(priced);
    expect(back.snapshot).toEqual(noSpot);
    expect(() => decodeStoredChain('{"fetchedAt":"x"}')).toThrow();
  });
});
