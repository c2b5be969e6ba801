/**
 * Scorecard arithmetic: horizons on the NYSE calendar (weekends, Thanksgiving, the early close),
 * a signal's move and hit, a day's sums and a window's rows, and valuing that values nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { moveOf, hitOf, scorecardRows, sumRecords } from '@shared/scorecards/arithmetic';
import { afterTradingMinutes, nextSessionSameTime, sessionsLaterClose } from '@shared/scorecards/horizons';
import { SCORECARD_MIN_SAMPLE, type SignalRecord } from '@shared/scorecards/schemas';
import { printSignal, alertSignal } from '@shared/scorecards/signals';
import { dayNumberOfIso } from '@shared/market/calendar';
import { simulatedPrice } from '@shared/scorecards/simulated';
import { memoryScorecardRepo } from '../../../lambdas/feeds/scorecard-memory';
import { scoreKind } from '../../../lambdas/feeds/scorecards';
import type { FeedsRepo } from '../../../lambdas/feeds/repository';

const due = {
  '1h': '2026-11-18T16:00:00.000Z',
  '1d': '2026-11-19T15:00:00.000Z',
  end: '2026-11-25T21:00:00.000Z',
};
const signal = (over: Partial<SignalRecord>): SignalRecord => ({
  id: 'a',
  at: '2026-11-18T15:00:00.000Z',
  ticker: 'AAPL',
  type: 'breakout',
  severity: 'high',
  direction: 1,
  entry: 100,
  scale: 100,
  due,
  values: {},
  ...over,
});

describe('horizons', () => {
  it('counts an hour of trading across the night, Thanksgiving and into the early close', () => {
    // Wednesday Nov 25 2026, 15:30 New York: 30 minutes left; Thursday is Thanksgiving; Friday opens 9:30.
    expect(afterTradingMinutes(new Date('2026-11-25T20:30:00Z'), 60).toISOString()).toBe(
      '2026-11-27T15:00:00.000Z',
    );
    // Within a session: plain addition, seconds kept.
    expect(afterTradingMinutes(new Date('2026-11-24T15:00:30Z'), 60).toISOString()).toBe(
      '2026-11-24T16:00:30.000Z',
    );
    // Friday Nov 20, 15:45: 15 minutes Friday, 45 on Monday.
    expect(afterTradingMinutes(new Date('2026-11-20T20:45:00Z'), 60).toISOString()).toBe(
      '2026-11-23T15:15:00.000Z',
    );
  });

  it('values "1 day" on the next trading day at the same time, within its session', () => {
    // Wednesday 14:00 New York -> Friday (Thanksgiving skipped), held at Friday's 13:00 early close.
    expect(nextSessionSameTime(new Date('2026-11-25T19:00:00Z')).toISOString()).toBe(
      '2026-11-27T18:00:00.000Z',
    );
    // Friday Nov 20, 10:15 -> Monday Nov 23, 10:15.
    expect(nextSessionSameTime(new Date('2026-11-20T15:15:00Z')).toISOString()).toBe(
      '2026-11-23T15:15:00.000Z',
    );
  });

  it("ends five sessions later at that session's close", () => {
    // Monday Nov 23 -> Tue 24, Wed 25, Fri 27 (13:00 close), Mon 30, Tue Dec 1.
    expect(sessionsLaterClose(new Date('2026-11-23T15:00:00Z'), 5).toISOString()).toBe(
      '2026-12-01T21:00:00.000Z',
    );
    expect(sessionsLaterClose(new Date('2026-11-25T15:00:00Z'), 1).toISOString()).toBe(
      '2026-11-27T18:00:00.000Z',
    );
  });
});

describe('moves and hits', () => {
  it("measures a move in the signal's direction", () => {
    expect(moveOf(signal({ direction: 1 }), 102)).toBeCloseTo(2);
    expect(hitOf(signal({ direction: 1 }), 102)).toBe(true);
    expect(moveOf(signal({ direction: -1 }), 102)).toBeCloseTo(-2);
    expect(hitOf(signal({ direction: -1 }), 102)).toBe(false);
    expect(hitOf(signal({ direction: -1 }), 97)).toBe(true);
  });

  it('gives a print of unknown side a size of move and no hit', () => {
    expect(moveOf(signal({ direction: 0 }), 97)).toBeCloseTo(3);
    expect(hitOf(signal({ direction: 0 }), 97)).toBeNull();
    const print = printSignal({
      id: 'p',
      ticker: 'SPY',
      timestamp: '2026-11-18T15:00:00.000Z',
      blockSize: 10_000,
      price: 500,
      side: null,
      provider: 'polygon',
      tape: {
        venue: 'TRF',
        trfId: 1,
        reportedAt: null,
        conditions: [],
        notional: 5_000_000,
        nbbo: null,
        placement: null,
      },
    });
    expect(print).toMatchObject({ type: 'unknown side', direction: 0, severity: 'medium' });
  });

  it('scores a pick by its P&L on the capital at risk, credit or debit', () => {
    // An iron condor sold for 1.20 credit (cost -1.20), $3.80 at risk per share, closed for 0.40 (value -0.40).
    const condor = signal({ legs: [], entry: -1.2, scale: 3.8, direction: 1 });
    expect(moveOf(condor, -0.4)).toBeCloseTo((0.8 / 3.8) * 100);
    expect(hitOf(condor, -0.4)).toBe(true);
    expect(hitOf(condor, -2)).toBe(false);
  });

  it("ends an options-flow alert at its contract's expiry", () => {
    const alert = alertSignal({
      id: 'f',
      ticker: 'TSLA',
      type: 'unusual-flow',
      message: '',
      timestamp: '2026-11-18T15:00:00.000Z',
      severity: 'high',
      price: 216.16,
      bias: 'bearish',
      trigger: { metric: 'contracts', value: 6000, threshold: 1000 },
      contract: { type: 'put', strike: 205, expiration: '2026-12-18' },
    });
    expect(alert).toMatchObject({ direction: -1, entry: 216.16, due: { end: '2026-12-18T21:00:00.000Z' } });
  });
});

describe('sums and rows', () => {
  it('adds days into rows with the hit rate, the mean move and the sample size', () => {
    const day1 = sumRecords([
      signal({ id: '1', values: { '1h': 102, '1d': 99 } }),
      signal({ id: '2', direction: -1, values: { '1h': 98, '1d': null } }),
    ]);
    // Two horizons not valued yet ('end' twice, '1d' of #1 is valued, #2's '1d' could not be priced).
    expect(day1.pending).toBe(2);
    const day2 = sumRecords([signal({ id: '3', values: { '1h': 99, '1d': 101, end: 110 } })]);
    const rows = scorecardRows([day1.buckets, day2.buckets]);
    const hour = rows.find((row) => row.horizon === '1h')!;
    // +2, +2, -1: two hits of three, mean +1.
    expect(hour).toMatchObject({ n: 3, directional: true, tooFew: true });
    expect(hour.hitRate).toBeCloseTo(2 / 3);
    expect(hour.meanMove).toBeCloseTo(1);
    const dayRow = rows.find((row) => row.horizon === '1d')!;
    expect(dayRow.n).toBe(2);
    expect(dayRow.meanMove).toBeCloseTo(0);
    expect(rows.map((row) => row.horizon)).toEqual(['1h', '1d', 'end']);
  });

  it('says "too few" below the minimum sample only', () => {
    const many = Array.from({ length: SCORECARD_MIN_SAMPLE }, (_, i) =>
      signal({ id: String(i), values: { '1h': 100 + (i % 2 ? 1 : -1) } }),
    );
    const [row] = scorecardRows([sumRecords(many).buckets]);
    expect(row).toMatchObject({ n: SCORECARD_MIN_SAMPLE, tooFew: false, hitRate: 0.5 });
  });
});

describe('valuing', () => {
  it('values each horizon once: a second run at the same instant values and writes nothing', async () => {
    const repo = memoryScorecardRepo();
    const deps = { repo, sourceOf: () => 'simulated' as const };
    // Monday Nov 23 2026 after the close: Friday's and Monday's prints, their 1h and (Friday's) 1d due.
    const now = new Date('2026-11-23T21:30:00Z');
    const first = await scoreKind(deps, 'darkpool', now, Infinity, 3, Infinity);
    expect(first.recorded).toBeGreaterThan(1000);
    expect(first.valued).toBeGreaterThan(first.recorded);
    const writes = repo.writes;
    const [friday] = await repo.summaries('darkpool', '2026-11-20', '2026-11-20');
    const second = await scoreKind(deps, 'darkpool', now, Infinity, 3, Infinity);
    expect(second).toMatchObject({ recorded: 0, valued: 0 });
    expect(repo.writes).toBe(writes);
    // A run replays one past session (Thursday's); Tuesday's and Wednesday's wait for later runs.
    // A run again in the same 5-minute slot (a failed run's retry) replays nothing more.
    const nextSlot = new Date(now.getTime() + 5 * 60_000);
    const capped = await scoreKind(deps, 'darkpool', nextSlot, Infinity, 6);
    expect(await scoreKind(deps, 'darkpool', nextSlot, Infinity, 6)).toMatchObject({ days: 0, deferred: 2 });
    expect(capped).toMatchObject({ days: 1, deferred: 2 });
    expect(await repo.summaries('darkpool', '2026-11-17', '2026-11-18')).toEqual([]);
    expect(await repo.summaries('darkpool', '2026-11-19', '2026-11-19')).toHaveLength(1);
    // A print's 1h value is the model's price an hour of trading later.
    const [chunk] = await repo.chunks('darkpool', '2026-11-20');
    const print = chunk!.signals[0]!;
    expect(print.values['1h']).toBe(simulatedPrice(print.ticker, new Date(print.due['1h'])));
    expect(print.values.end).toBeUndefined();
    // Later, the 5-session horizon (Monday Nov 30's close) comes: valued first, even with the
    // run's budget spent (the days since are left for a later run to record), earlier values kept.
    const later = await scoreKind(deps, 'darkpool', new Date('2026-11-30T21:30:00Z'), 0, 10);
    expect(later.valued).toBeGreaterThan(0);
    expect(later.deferred).toBeGreaterThan(0);
    const [after] = await repo.chunks('darkpool', '2026-11-20');
    expect(after!.signals[0]!.values['1h']).toBe(print.values['1h']);
    expect(after!.signals[0]!.values.end).toBe(simulatedPrice(print.ticker, new Date(print.due.end)));
    expect(friday!.pending).toBeGreaterThan(0);
    const [fridayAfter] = await repo.summaries('darkpool', '2026-11-20', '2026-11-20');
    expect(fridayAfter!.pending).toBe(0);
    expect(dayNumberOfIso(fridayAfter!.day)).toBe(dayNumberOfIso('2026-11-20'));
  });

  it("records a real provider's items once and values them from live prices near the horizon only", async () => {
    const repo = memoryScorecardRepo();
    const items = [
      {
        id: 'uw-1',
        ticker: 'TSLA',
        type: 'unusual-flow',
        message: '',
        timestamp: '2026-11-24T15:00:00.000Z',
        severity: 'high',
        price: 200,
        bias: 'bullish',
        trigger: { metric: 'premium', value: 1, threshold: 1 },
        provider: 'unusualwhales',
      },
      {
        id: 'sim-1',
        ticker: 'TSLA',
        type: 'breakout',
        message: '',
        timestamp: '2026-11-24T15:00:00.000Z',
        severity: 'low',
        price: 200,
        bias: 'bullish',
        trigger: { metric: 'x', value: 1, threshold: 1 },
      },
    ];
    const feeds = { items: async () => items } as unknown as FeedsRepo;
    let asked = 0;
    const deps = {
      repo,
      feeds,
      sourceOf: () => 'unusualwhales' as const,
      // Quoted at the 1h horizon (16:00) by the provider's clock.
      livePrice: async () => {
        asked += 1;
        return { price: 210, at: '2026-11-24T16:00:00.000Z' };
      },
    };
    await scoreKind(deps, 'alerts', new Date('2026-11-24T15:30:00Z'), Infinity, 2);
    // The 1h horizon (16:00) comes; valued 5 minutes after it.
    await scoreKind(deps, 'alerts', new Date('2026-11-24T16:05:00Z'), Infinity, 2);
    await scoreKind(deps, 'alerts', new Date('2026-11-24T16:10:00Z'), Infinity, 2);
    const [chunk] = await repo.chunks('alerts', '2026-11-24');
    expect(chunk!.signals.map((s) => s.id)).toEqual(['uw-1']);
    expect(chunk!.signals[0]!.values).toEqual({ '1h': 210 });
    expect(asked).toBe(1);
    // The next day's horizon passed unseen (no run within 15 minutes of it): not valued, not pending.
    await scoreKind(deps, 'alerts', new Date('2026-11-25T18:00:00Z'), Infinity, 2);
    const [again] = await repo.chunks('alerts', '2026-11-24');
    expect(again!.signals[0]!.values).toEqual({ '1h': 210, '1d': null });
  });
});
