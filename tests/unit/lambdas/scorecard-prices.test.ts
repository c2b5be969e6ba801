/**
 * Scorecards valued on a real provider: a horizon at a session's close from the close the chain
 * snapshot job recorded (waited for until the next open, whenever the job runs), another horizon
 * from the stage's live quotes near it only; the prices the feeds job is given on a stage with CBOE
 * quotes and a snapshot (the recorded QQQ body, tests/fixtures/SOURCES.md), and none on a
 * simulated one; and the scheduled job passing them on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseCboeChain } from '@shared/providers/chains/cboe';
import { sessionCloseDay } from '@shared/scorecards/horizons';
import type { FeedsRepo } from '../../../lambdas/feeds/repository';
import { scorecardPrices } from '../../../lambdas/feeds/scorecard-prices';
import { memoryScorecardRepo } from '../../../lambdas/feeds/scorecard-memory';
import { scoreKind, scorecardValue, type ScorecardDeps } from '../../../lambdas/feeds/scorecards';
import { writeChainSnapshot } from '../../../lambdas/market/snapshot-job';
import { fileSnapshotStore } from '../../../lambdas/market/snapshot-store';
import { recordedQqqChain } from '../../helpers/cboe-chains';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const at = (iso: string) => new Date(iso);

describe('a real signal’s value at a horizon', () => {
  const close = at('2026-12-02T21:00:00Z'); // Wednesday's 16:00 close
  const closes = (recorded: Record<string, number>) => ({
    recordedClose: async (ticker: string, day: string) => recorded[`${ticker} ${day}`] ?? null,
  });

  it('is the recorded close at a session’s close, however late it is read', async () => {
    expect(sessionCloseDay(close)).toBe('2026-12-02');
    expect(sessionCloseDay(at('2026-11-27T18:00:00Z'))).toBe('2026-11-27'); // the 13:00 early close
    expect(sessionCloseDay(at('2026-12-02T20:59:00Z'))).toBeNull();
    const deps = closes({ 'TSLA 2026-12-02': 250 });
    expect(await scorecardValue(deps, 'TSLA', close, at('2026-12-20T15:00:00Z'))).toBe(250);
    // Not recorded yet: asked again until the next session opens (14:30Z), then none.
    expect(await scorecardValue(deps, 'MSFT', close, at('2026-12-02T21:05:00Z'))).toBeUndefined();
    expect(await scorecardValue(deps, 'MSFT', close, at('2026-12-03T14:29:00Z'))).toBeUndefined();
    expect(await scorecardValue(deps, 'MSFT', close, at('2026-12-03T14:30:00Z'))).toBeNull();
    const failing = { recordedClose: () => Promise.reject(new Error('S3 down')) };
    expect(await scorecardValue(failing, 'TSLA', close, at('2026-12-02T21:05:00Z'))).toBeUndefined();
  });

  it('is the live price near any other horizon, timed near it, and nothing later', async () => {
    const due = at('2026-12-02T16:00:00Z');
    const quoted = (quoteAt: string) => ({ livePrice: async () => ({ price: 251, at: quoteAt }) });
    expect(
      await scorecardValue(quoted('2026-12-02T15:50:00Z'), 'TSLA', due, at('2026-12-02T16:05:00Z')),
    ).toBe(251);
    // CBOE's delayed quote from before the horizon's window, or a horizon read too late: not valued.
    expect(
      await scorecardValue(quoted('2026-12-02T15:30:00Z'), 'TSLA', due, at('2026-12-02T16:05:00Z')),
    ).toBeNull();
    expect(
      await scorecardValue(quoted('2026-12-02T16:20:00Z'), 'TSLA', due, at('2026-12-02T16:20:00Z')),
    ).toBeNull();
    const down = { livePrice: () => Promise.reject(new Error('Polygon answered 503')) };
    expect(await scorecardValue(down, 'TSLA', due, at('2026-12-02T16:05:00Z'))).toBeUndefined();
    expect(await scorecardValue({}, 'TSLA', due, at('2026-12-02T16:05:00Z'))).toBeNull();
  });

  it('values a real alert’s five-session horizon from the recorded close days after it came', async () => {
    const repo = memoryScorecardRepo();
    const feeds = {
      items: async () => [
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
      ],
    } as unknown as FeedsRepo;
    const recorded: Record<string, number> = {};
    const deps: ScorecardDeps = {
      repo,
      feeds,
      sourceOf: () => 'unusualwhales',
      livePrice: async () => null,
      ...closes(recorded),
    };
    await scoreKind(deps, 'alerts', at('2026-11-24T15:30:00Z'), Infinity, 12);
    // The fifth session after Tuesday's (Thanksgiving closed, Friday's early close counted) is Dec 2.
    const [recordedSignal] = (await repo.chunks('alerts', '2026-11-24'))[0]!.signals;
    expect(recordedSignal!.due.end).toBe(close.toISOString());
    // Its close is not recorded yet at 16:05: the horizon waits (pending), it is not written off.
    await scoreKind(deps, 'alerts', at('2026-12-02T21:05:00Z'), Infinity, 12);
    expect((await repo.chunks('alerts', '2026-11-24'))[0]!.signals[0]!.values).not.toHaveProperty('end');
    recorded['TSLA 2026-12-02'] = 250;
    await scoreKind(deps, 'alerts', at('2026-12-04T15:00:00Z'), Infinity, 12);
    const values = (await repo.chunks('alerts', '2026-11-24'))[0]!.signals[0]!.values;
    expect(values.end).toBe(250);
    // The next-day horizon (10:00 on Nov 25) is not a close: passed unseen, not valued.
    expect(values['1d']).toBeNull();
    const [summary] = await repo.summaries('alerts', '2026-11-24', '2026-11-24');
    expect(summary!.pending).toBe(0);
  });
});

describe('the prices the scorecards job is given', () => {
  it('with CBOE quotes and a snapshot: the snapshot’s underlying price, and its recorded closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scorecard-prices-'));
    dirs.push(dir);
    await writeChainSnapshot({
      provider: { name: 'cboe', chain: async () => parseCboeChain(JSON.parse(recordedQqqChain)) },
      store: fileSnapshotStore(dir),
      symbols: ['QQQ'],
      now: () => at('2023-05-19T20:20:30Z'), // the closing snapshot
    });
    const prices = scorecardPrices({ QUOTES_PROVIDER: 'cboe', CHAIN_SNAPSHOT_DIR: dir });
    expect(await prices.livePrice!('QQQ')).toEqual({ price: 336.46, at: '2023-05-19T19:59:59.000Z' });
    expect(await prices.recordedClose!('QQQ', '2023-05-19')).toBe(336.46);
    expect(await prices.recordedClose!('QQQ', '2023-05-18')).toBeNull();
  });

  it('with CBOE chains: the snapshot’s minutes for the scan’s picks too', () => {
    expect(
      scorecardPrices({ CHAINS_PROVIDER: 'cboe', CHAIN_SNAPSHOT_DIR: '/nowhere' }).scanChains,
    ).toBeDefined();
  });

  it('with simulated quotes and no snapshot: none (real signals are then not valued)', () => {
    expect(scorecardPrices({})).toEqual({});
  });

  it('are passed to the scoring by the scheduled job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scorecard-job-'));
    dirs.push(dir);
    vi.resetModules();
    const seen: ScorecardDeps[] = [];
    const scanSource: string[] = [];
    vi.doMock('../../../lambdas/feeds/scorecards', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../../lambdas/feeds/scorecards')>()),
      scoreSignals: async (deps: ScorecardDeps) => {
        seen.push(deps);
        scanSource.push(deps.sourceOf('scan'));
        return {};
      },
    }));
    vi.stubEnv('TABLE_FEEDS', 'feeds');
    vi.stubEnv('STAGE', 'test');
    vi.stubEnv('QUOTES_PROVIDER', 'cboe');
    vi.stubEnv('CHAIN_SNAPSHOT_DIR', dir);
    vi.stubEnv('CHAINS_PROVIDER', 'cboe');
    try {
      const { scoreSignals } = await import('../../../lambdas/feeds/jobs');
      await scoreSignals();
    } finally {
      vi.unstubAllEnvs();
      vi.doUnmock('../../../lambdas/feeds/scorecards');
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.livePrice).toBeTypeOf('function');
    expect(seen[0]!.recordedClose).toBeTypeOf('function');
    // CBOE chains: the default scan's picks are recorded from the snapshot and labelled CBOE's.
    expect(seen[0]!.scanChains?.minuteNear).toBeTypeOf('function');
    expect(scanSource).toEqual(['cboe']);
  });
});
