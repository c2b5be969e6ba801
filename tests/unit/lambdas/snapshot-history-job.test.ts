/**
 * The chain snapshot job's daily history (lambdas/market/snapshot-history): the provider's daily
 * bars asked once a session day (a new stage's first run, a day's first run, the closing run),
 * never per minute; the closing snapshot's close and IV30 recorded in the closes record and the
 * symbol's history; a failed ask keeps the bars stored before, with why.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import type { ChainProvider } from '@shared/providers/chains/chain';
import { closesKey, parseClosesRecord } from '@shared/providers/chains/closes';
import { priceRealChain } from '@shared/providers/chains/price-real-chain';
import {
  historyKey,
  parseCboeHistory,
  parseDailyHistory,
  type HistoryProvider,
} from '@shared/providers/history/daily-history';
import { atm30Iv } from '@shared/providers/history/real-iv';
import { carryOf } from '../../../lambdas/market/service';
import { writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { handwrittenQqqChain } from '../../helpers/cboe-chains';
import { memoryStore } from '../../helpers/memory-snapshot-store';

const historyBody = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/cboe/history-QQQ.handwritten.json', import.meta.url),
    'utf8',
  ),
) as unknown;

const cboe: ChainProvider = {
  name: 'cboe',
  chain: async () => parseCboeChain(JSON.parse(handwrittenQqqChain())),
};

/** CBOE's daily history answering `answer` (the hand-written bars, or an error), counting its asks. */
function historyProvider() {
  const asked: string[] = [];
  let answer: unknown | Error = historyBody;
  const provider: HistoryProvider = {
    name: 'cboe',
    daily: async (symbol) => {
      asked.push(symbol);
      if (answer instanceof Error) throw answer;
      return parseCboeHistory(answer);
    },
  };
  return { provider, asked, fail: (error: Error | null) => (answer = error ?? historyBody) };
}

let now = 0;
const clock = () => new Date(now);
beforeEach(() => (now = Date.parse('2023-05-19T19:59:30Z')));

describe('the chain snapshot job’s daily history', () => {
  it('asks the provider’s daily bars at a new stage’s first run, then not again that day', async () => {
    const { store, objects, puts } = memoryStore();
    const history = historyProvider();
    const run = async () =>
      writeChainSnapshot({ provider: cboe, store, history: history.provider, symbols: ['QQQ'], now: clock });
    expect((await run()).history).toEqual({ recorded: 0, fetched: 1, failed: [] });
    const stored = parseDailyHistory(objects.get(historyKey('QQQ'))!)!;
    expect(stored).toMatchObject({
      symbol: 'QQQ',
      provider: 'cboe',
      fetchedDay: '2023-05-19',
      fetchError: null,
    });
    expect(stored.closes).toEqual(parseCboeHistory(historyBody));
    expect(stored.iv).toEqual([]);
    // The next minutes of the session: no ask, no history write.
    for (let minute = 1; minute <= 3; minute += 1) {
      now += 60_000;
      expect((await run()).history).toEqual({ recorded: 0, fetched: 0, failed: [] });
    }
    expect(history.asked).toEqual(['QQQ']);
    expect(puts.filter((k) => k === historyKey('QQQ'))).toHaveLength(1);
  });

  it('records the closing snapshot’s close and IV30, and asks again on the next day', async () => {
    const { store, objects } = memoryStore();
    const history = historyProvider();
    const run = async () =>
      writeChainSnapshot({ provider: cboe, store, history: history.provider, symbols: ['QQQ'], now: clock });
    await run();
    now = Date.parse('2023-05-19T20:20:30Z'); // the closing snapshot
    expect((await run()).history).toEqual({ recorded: 1, fetched: 0, failed: [] });
    // The IV30 the engine solves from the closing chain, in the closes record and the history.
    const fetchedAt = new Date(now);
    const iv30 = atm30Iv(
      priceRealChain(parseCboeChain(JSON.parse(handwrittenQqqChain())), carryOf('QQQ', fetchedAt), fetchedAt),
    )!;
    expect(iv30).toBeGreaterThan(0.15);
    const closes = parseClosesRecord(objects.get(closesKey('2023-05-19'))!)!;
    expect(closes.closes.QQQ).toMatchObject({ price: 336.46, iv30 });
    const stored = parseDailyHistory(objects.get(historyKey('QQQ'))!)!;
    expect(stored.iv).toEqual([{ day: '2023-05-19', iv: iv30, source: 'engine' }]);
    // The provider's bar of the day is kept over the recorded close.
    expect(stored.closes.at(-1)).toEqual({ day: '2023-05-19', close: 326.13 });
    expect(history.asked).toEqual(['QQQ']);
    // Monday's first run asks for the bars again.
    now = Date.parse('2023-05-22T13:30:10Z');
    expect((await run()).history).toMatchObject({ fetched: 1 });
    expect(history.asked).toEqual(['QQQ', 'QQQ']);
    expect(parseDailyHistory(objects.get(historyKey('QQQ'))!)!.fetchedDay).toBe('2023-05-22');
  });

  it('keeps the bars it had when the ask fails, says why, and asks again at the next due run', async () => {
    const { store, objects } = memoryStore();
    const history = historyProvider();
    const run = async () =>
      writeChainSnapshot({ provider: cboe, store, history: history.provider, symbols: ['QQQ'], now: clock });
    await run();
    now = Date.parse('2023-05-22T13:30:10Z');
    history.fail(new Error('answered 503'));
    expect((await run()).history).toEqual({ recorded: 0, fetched: 0, failed: ['QQQ'] });
    const stored = parseDailyHistory(objects.get(historyKey('QQQ'))!)!;
    expect(stored).toMatchObject({ fetchedDay: '2023-05-19', fetchError: 'answered 503' });
    expect(stored.closes).toHaveLength(96);
    history.fail(null);
    now = Date.parse('2023-05-22T20:20:30Z'); // Monday's closing snapshot
    expect((await run()).history).toMatchObject({ fetched: 1, recorded: 1 });
    expect(parseDailyHistory(objects.get(historyKey('QQQ'))!)!).toMatchObject({
      fetchedDay: '2023-05-22',
      fetchError: null,
    });
  });

  it('reads a closes record written before IVs were kept', () => {
    const old = {
      day: '2023-05-19',
      provider: 'cboe',
      writtenAt: '2023-05-19T20:20:30.000Z',
      closes: { QQQ: { price: 336.46, at: '2023-05-19T19:59:59.000Z' } },
    };
    expect(parseClosesRecord(JSON.stringify(old))?.closes.QQQ).toEqual({
      price: 336.46,
      at: '2023-05-19T19:59:59.000Z',
    });
  });
});
