/**
 * The underlyings' recorded closes (docs/decisions/recorded-closes.md): the chain snapshot job's
 * closing snapshot records each symbol's close (CBOE's last price of the underlying, from the
 * recorded QQQ body of 2023-05-19, tests/fixtures/SOURCES.md), a snapshot inside the session
 * records none, an early close's is that day's, a price timed outside the day's session is none;
 * and an expired trade on a real provider settles at the recorded close, or says the close was
 * not recorded.
 */
import { describe, expect, it } from 'vitest';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import type { ChainProvider } from '@shared/providers/chains/chain';
import { closesKey, closingDayAt, parseClosesRecord } from '@shared/providers/chains/closes';
import { SnapshotStoreError, type ChainSnapshotStore } from '@shared/providers/chains/shared-snapshot';
import { positionsResponseSchema } from '@shared/trades/position-schemas';
import type { TradeLeg } from '@shared/trades/schemas';
import type { ChainSource } from '../../../lambdas/market/chain-types';
import { MISSING_TTL_MS, storedCloses } from '../../../lambdas/market/recorded-closes';
import { writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { markedPositions } from '../../../lambdas/positions/service';
import type { StoredTrade } from '../../../lambdas/trades/repository';
import { storedTrade, type JournalStore } from '../../../lambdas/trades/service';
import { recordedQqqChain } from '../../helpers/cboe-chains';
import { memoryStore } from '../../helpers/memory-snapshot-store';

/** The recorded QQQ body, its underlying's last trade moved to `lastTradeTime` (New York) for an edge case. */
function qqqAt(lastTradeTime?: string): ChainProvider {
  const body = JSON.parse(recordedQqqChain) as { data: { last_trade_time: string } };
  if (lastTradeTime) body.data.last_trade_time = lastTradeTime;
  return { name: 'cboe', chain: async () => parseCboeChain(body) };
}

/** One run of the job at a wall (and market) instant. */
const runAt = (store: ChainSnapshotStore, at: string, provider = qqqAt()) =>
  writeChainSnapshot({ provider, store, symbols: ['QQQ'], now: () => new Date(at) });

describe('the closes the chain snapshot job records', () => {
  it('records CBOE’s last price of the underlying with its time in the closing snapshot only', async () => {
    const { store, objects } = memoryStore();
    await runAt(store, '2023-05-19T19:59:30Z'); // in the session
    await runAt(store, '2023-05-19T20:10:30Z'); // in the 20 minutes after the close
    expect([...objects.keys()].filter((key) => key.startsWith('closes/'))).toEqual([]);
    expect(await runAt(store, '2023-05-19T20:20:30Z')).toMatchObject({ written: true });
    const record = parseClosesRecord(objects.get(closesKey('2023-05-19'))!);
    expect(record).toMatchObject({
      day: '2023-05-19',
      provider: 'cboe',
      closes: { QQQ: { price: 336.46, at: '2023-05-19T19:59:59.000Z' } },
    });
    expect(await storedCloses(store).close('qqq', '2023-05-19')).toEqual({
      price: 336.46,
      at: '2023-05-19T19:59:59.000Z',
      provider: 'cboe',
    });
    expect(await storedCloses(store).close('QQQ', '2023-05-18')).toBeNull();
  });

  it('asks the store once per day found, and once a minute for a day not recorded yet', async () => {
    const { store, objects } = memoryStore();
    const gets: string[] = [];
    const counted: ChainSnapshotStore = { get: (key) => (gets.push(key), store.get(key)), put: store.put };
    let clock = 0;
    const closes = storedCloses(counted, () => clock);
    for (let i = 0; i < 3; i += 1) expect(await closes.close('QQQ', '2023-05-19')).toBeNull();
    expect(gets).toEqual([closesKey('2023-05-19')]);
    await runAt(store, '2023-05-19T20:20:30Z');
    expect(objects.has(closesKey('2023-05-19'))).toBe(true);
    expect(await closes.close('QQQ', '2023-05-19')).toBeNull(); // within the minute: not asked again
    clock += MISSING_TTL_MS;
    for (let i = 0; i < 3; i += 1) expect((await closes.close('QQQ', '2023-05-19'))?.price).toBe(336.46);
    expect(gets).toHaveLength(2);
  });

  it('records an early close (13:00) as that day’s, from the first snapshot after its window', async () => {
    expect(closingDayAt(new Date('2023-11-24T18:10:00Z'))).toBeNull(); // 13:10, in the tail
    expect(closingDayAt(new Date('2023-11-24T18:20:30Z'))).toBe('2023-11-24');
    // A closing snapshot the job could only write the next morning still closes Friday.
    expect(closingDayAt(new Date('2023-11-27T13:00:00Z'))).toBe('2023-11-24');
    const { store, objects } = memoryStore();
    await runAt(store, '2023-11-24T18:20:30Z', qqqAt('2023-11-24T12:59:58'));
    expect(parseClosesRecord(objects.get(closesKey('2023-11-24'))!)?.closes.QQQ).toEqual({
      price: 336.46,
      at: '2023-11-24T17:59:58.000Z',
    });
  });

  it('records nothing for a price timed on another day or in extended hours', async () => {
    for (const time of ['2023-05-18T15:59:59', '2023-05-19T16:45:00', '2023-05-19T08:00:00']) {
      const { store, objects } = memoryStore();
      expect(await runAt(store, '2023-05-19T20:20:30Z', qqqAt(time))).toMatchObject({ written: true });
      expect(objects.has(closesKey('2023-05-19')), time).toBe(false);
    }
  });

  it('keeps a day’s closes recorded by an earlier run that day', async () => {
    const { store, objects } = memoryStore();
    await store.put(
      closesKey('2023-05-19'),
      JSON.stringify({
        day: '2023-05-19',
        provider: 'cboe',
        writtenAt: '2023-05-19T20:20:30.000Z',
        closes: { SPY: { price: 418.62, at: '2023-05-19T20:00:00.000Z' } },
      }),
    );
    await runAt(store, '2023-05-19T20:25:30Z');
    expect(Object.keys(parseClosesRecord(objects.get(closesKey('2023-05-19'))!)!.closes).sort()).toEqual([
      'QQQ',
      'SPY',
    ]);
  });
});

/** A journal in memory holding `trades` (open), recording what is written back. */
function journalOf(trades: StoredTrade[]) {
  const written: StoredTrade[] = [];
  const journal = {
    trades: {
      all: async () => trades,
      replace: async (row: StoredTrade) => {
        written.push(row);
        return true;
      },
    },
    cache: { bump: async () => undefined },
  } as unknown as JournalStore;
  return { journal, written };
}

function trade(id: string, legs: TradeLeg[]): StoredTrade {
  return storedTrade({
    trade_id: id,
    user_id: 'u1',
    ticker: 'QQQ',
    strategy: 'Bull Put Spread',
    side: 'credit',
    quantity: 1,
    entry_price: 1.2,
    exit_price: null,
    fees: 0,
    notes: '',
    tags: [],
    source: 'manual',
    source_ref: null,
    legs,
    edge_score: null,
    expected_return: null,
    opened_at: '2023-05-10T15:00:00.000Z',
    closed_at: null,
    created_at: '2023-05-10T15:00:00.000Z',
    updated_at: '2023-05-10T15:00:00.000Z',
  }) as StoredTrade;
}

const putSpread = (expiration: string): TradeLeg[] => [
  { kind: 'put', side: 'short', quantity: 1, strike: 340, expiration, premium: 3 },
  { kind: 'put', side: 'long', quantity: 1, strike: 330, expiration, premium: 1.8 },
];

/** A real provider's chains: nothing here marks an open leg, so they are never read. */
const cboeChains: ChainSource = {
  provider: { name: 'cboe' },
  chain: () => Promise.reject(new Error('not read')),
};

describe('settling an expired trade on a real provider', () => {
  const monday = new Date('2023-05-22T14:00:00Z');

  it('settles at the close the closing snapshot recorded, saying where it came from', async () => {
    const { store } = memoryStore();
    await runAt(store, '2023-05-19T20:20:30Z');
    const { journal, written } = journalOf([
      trade('t-recorded', putSpread('2023-05-19')),
      trade('t-unrecorded', putSpread('2023-05-18')),
    ]);
    const response = positionsResponseSchema.parse(
      await markedPositions({ journal, chains: cboeChains, closes: storedCloses(store) }, 'u1', monday),
    );
    // Short 340 put at a 336.46 close: 3.54 to buy back; the long 330 put expires worthless.
    expect(response.settled).toEqual([
      {
        trade_id: 't-recorded',
        ticker: 'QQQ',
        exit_price: 3.54,
        settlement_price: 336.46,
        assigned: ['short 340 put 2023-05-19 (QQQ closed at 336.46): 100 shares bought at 340.00'],
      },
    ]);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ exit_price: 3.54, closed_at: '2023-05-19T20:00:00.000Z' });
    expect(written[0]!.notes).toContain(
      'QQQ close on 2023-05-19 from CBOE: its last price, at 2023-05-19T19:59:59.000Z.',
    );
    expect(response.unmarked).toEqual([
      {
        trade_id: 't-unrecorded',
        ticker: 'QQQ',
        reason: "Expired 2023-05-18: close it by hand (QQQ's close on 2023-05-18 was not recorded)",
      },
    ]);
  });

  it('waits for the close until the next session opens (the closing snapshot comes after the close)', async () => {
    const { store } = memoryStore();
    const { journal } = journalOf([trade('t1', putSpread('2023-05-19'))]);
    const deps = { journal, chains: cboeChains, closes: storedCloses(store) };
    const friday = await markedPositions(deps, 'u1', new Date('2023-05-19T20:05:00Z'));
    expect(friday.unmarked[0]!.reason).toBe(
      "Expired 2023-05-19: settles once QQQ's close on 2023-05-19 is recorded (after the session)",
    );
    const opened = await markedPositions(deps, 'u1', new Date('2023-05-22T13:30:00Z'));
    expect(opened.unmarked[0]!.reason).toContain('close it by hand');
  });

  it('leaves it to the trader where no closes are kept, or the store cannot be read (never a 5xx)', async () => {
    const { journal, written } = journalOf([trade('t1', putSpread('2023-05-19'))]);
    const none = await markedPositions({ journal, chains: cboeChains, closes: null }, 'u1', monday);
    expect(none.unmarked[0]!.reason).toBe(
      "Expired 2023-05-19: close it by hand (settling it needs QQQ's close that day, and this stage records none)",
    );
    const failing: ChainSnapshotStore = {
      get: () => Promise.reject(new SnapshotStoreError('S3 GetObject failed: slow down')),
      put: async () => undefined,
    };
    const broken = await markedPositions(
      { journal, chains: cboeChains, closes: storedCloses(failing) },
      'u1',
      monday,
    );
    expect(broken.unmarked[0]!.reason).toContain('could not be read');
    expect(broken.settled).toEqual([]);
    expect(written).toEqual([]);
  });
});
