/**
 * The positions job (lambdas/positions/target-alerts.ts) on the simulated market with in-memory
 * stores: it works only during a regular session (no weekend, holiday or evening alerts), marks
 * each owner's positions against that owner's rules, and records a reached target once per trade
 * and rule however often, or however concurrently, it runs.
 */
import { describe, expect, it, vi } from 'vitest';
import { dayNumberOfIso, newYorkInstant } from '@shared/market/calendar';
import { underlyingAt } from '@shared/market/quotes';
import type { PositionTargetItem } from '@shared/notifications/matcher';
import { openShardOf } from '@shared/trades/open-index';
import type { PositionAlert } from '@shared/trades/position-schemas';
import { DEFAULT_TARGET_RULES, type TargetRules } from '@shared/trades/target-rules';
import type { PositionAlertsRepo } from '../../../lambdas/positions/alerts-repository';
import { recordPositionTargets, type TargetAlertDeps } from '../../../lambdas/positions/target-alerts';
import type { StoredTrade } from '../../../lambdas/trades/repository';

/** Wednesday 25 November 2026, 11:00 in New York: the market is open. */
const OPEN = newYorkInstant(dayNumberOfIso('2026-11-25'), 11 * 60);
const EXPIRY = '2026-12-18'; // 23 calendar days after OPEN

function condorFor(userId: string, tradeId: string, overrides: Partial<StoredTrade> = {}): StoredTrade {
  const spot = underlyingAt('SPY', OPEN).spot;
  const strike = (fraction: number) => Math.round(spot * fraction);
  const leg = (kind: 'call' | 'put', side: 'long' | 'short', at: number) => ({
    kind,
    side,
    quantity: 1,
    strike: strike(at),
    expiration: EXPIRY,
    premium: 0,
  });
  return {
    trade_id: tradeId,
    user_id: userId,
    ticker: 'SPY',
    strategy: 'Iron Condor',
    side: 'credit',
    quantity: 1,
    entry_price: 1.2,
    exit_price: null,
    fees: 0,
    notes: '',
    tags: [],
    source: 'scanner',
    source_ref: null,
    // The short call is far below the underlying: breached.
    legs: [
      leg('put', 'long', 0.7),
      leg('put', 'short', 0.75),
      leg('call', 'short', 0.9),
      leg('call', 'long', 1.3),
    ],
    edge_score: null,
    expected_return: null,
    opened_at: '2026-11-20T15:00:00.000Z',
    closed_at: null,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-20T15:00:00.000Z',
    opened_sk: `2026-11-20T15:00:00.000Z#${tradeId}`,
    tag_keys: [],
    open_shard: openShardOf(userId),
    ...overrides,
  };
}

function memoryAlerts() {
  const stored = new Map<string, PositionAlert>();
  const repo: PositionAlertsRepo = {
    create: async (userId, alert) => {
      const key = `${userId}|${alert.id}`;
      if (stored.has(key)) return false;
      stored.set(key, alert);
      return true;
    },
    list: async (userId, limit) =>
      [...stored.entries()]
        .filter(([key]) => key.startsWith(`${userId}|`))
        .map(([, alert]) => alert)
        .slice(0, limit),
  };
  return { repo, stored };
}

function deps(trades: StoredTrade[], rules: Record<string, Partial<TargetRules>> = {}) {
  const alerts = memoryAlerts();
  const notified: PositionTargetItem[][] = [];
  const shardReads = vi.fn(async (shard: string) => trades.filter((t) => t.open_shard === shard));
  const d: TargetAlertDeps = {
    trades: { openInShard: shardReads },
    chains: null,
    rulesOf: async (userId) => ({ ...DEFAULT_TARGET_RULES, ...rules[userId] }),
    alerts: alerts.repo,
    notify: async (items) => {
      notified.push([...items]);
      return items.length;
    },
  };
  return { d, alerts, notified, shardReads };
}

const kindsOf = (stored: Map<string, PositionAlert>, userId: string) =>
  [...stored.entries()]
    .filter(([key]) => key.startsWith(`${userId}|`))
    .map(([, alert]) => alert.kind)
    .sort();

describe('the positions job', () => {
  it.each([
    ['a Saturday noon', newYorkInstant(dayNumberOfIso('2026-11-28'), 12 * 60)],
    ['Thanksgiving (a holiday) at 11:00', newYorkInstant(dayNumberOfIso('2026-11-26'), 11 * 60)],
    ['a weekday evening, 18:00', newYorkInstant(dayNumberOfIso('2026-11-25'), 18 * 60)],
    ['a weekday before the open, 09:29', newYorkInstant(dayNumberOfIso('2026-11-25'), 9 * 60 + 29)],
    [
      'the early close’s afternoon (Black Friday, 13:30)',
      newYorkInstant(dayNumberOfIso('2026-11-27'), 13 * 60 + 30),
    ],
  ])('reads and records nothing outside a regular session: %s', async (_name, at) => {
    const { d, alerts, shardReads, notified } = deps([condorFor('u1', 't1')]);
    const run = await recordPositionTargets(d, at);
    expect(run).toMatchObject({ inSession: false, users: 0, alerts: 0 });
    expect(shardReads).not.toHaveBeenCalled();
    expect(alerts.stored.size).toBe(0);
    expect(notified).toEqual([]);
  });

  it('marks each owner’s positions against that owner’s rules', async () => {
    const { d, alerts, notified } = deps(
      [condorFor('u1', 't1'), condorFor('u2', 't2'), condorFor('u3', 't3')],
      { u1: { dte: 30 }, u3: { short_strike_breached: false } },
    );
    const run = await recordPositionTargets(d, OPEN);
    expect(run.failures).toEqual([]);
    expect(run).toMatchObject({ inSession: true, users: 3, positions: 3 });
    // 23 days out: the 30-day rule is reached, the default 21-day one is not.
    expect(kindsOf(alerts.stored, 'u1')).toContain('dte');
    expect(kindsOf(alerts.stored, 'u1')).toContain('short_strike_breached');
    expect(kindsOf(alerts.stored, 'u2')).not.toContain('dte');
    expect(kindsOf(alerts.stored, 'u2')).toContain('short_strike_breached');
    expect(kindsOf(alerts.stored, 'u3')).not.toContain('short_strike_breached');
    // Every new alert is handed to the notification rules once, as its owner's.
    const items = notified.flat();
    expect(items).toHaveLength(alerts.stored.size);
    expect(items.find((item) => item.id === 't1:dte')).toMatchObject({
      userId: 'u1',
      ticker: 'SPY',
      kind: 'dte',
    });
    expect(items.filter((item) => item.userId === 'u2').every((item) => item.id.startsWith('t2:'))).toBe(
      true,
    );
    const dte = [...alerts.stored.values()].find((alert) => alert.id === 't1:dte')!;
    expect(dte).toMatchObject({ trade_id: 't1', source: 'simulated', triggered_at: OPEN.toISOString() });
  });

  it('records a reached target once per trade and rule, whether the job runs again or twice at once', async () => {
    const { d, alerts, notified } = deps([condorFor('u1', 't1')], { u1: { dte: 30 } });
    const first = await recordPositionTargets(d, OPEN);
    expect(first.alerts).toBeGreaterThanOrEqual(2);
    const stamped = new Map(alerts.stored);
    const later = new Date(OPEN.getTime() + 60_000);
    const runs = [
      await recordPositionTargets(d, later),
      ...(await Promise.all([recordPositionTargets(d, later), recordPositionTargets(d, OPEN)])),
    ];
    expect(runs.map((run) => run.alerts)).toEqual([0, 0, 0]);
    expect(alerts.stored).toEqual(stamped);
    expect(notified).toHaveLength(1);
  });

  it('skips what the index may still list a moment after it changed: a closed trade, an expired one', async () => {
    const { d, alerts } = deps([
      condorFor('u1', 'closed', { exit_price: 0.5, closed_at: '2026-11-24T15:00:00.000Z' }),
      condorFor('u1', 'expired', {
        legs: condorFor('u1', 'x').legs!.map((leg) => ({ ...leg, expiration: '2026-11-20' })),
      }),
    ]);
    const run = await recordPositionTargets(d, OPEN);
    expect(run).toMatchObject({ users: 0, positions: 0, alerts: 0 });
    expect(alerts.stored.size).toBe(0);
  });

  it('goes on with the others when one user’s positions cannot be marked, and reports it', async () => {
    const { d, alerts } = deps([condorFor('u1', 't1'), condorFor('u2', 't2')]);
    const failing: TargetAlertDeps = {
      ...d,
      rulesOf: async (userId) => {
        if (userId === 'u1') throw new Error('profile read failed');
        return DEFAULT_TARGET_RULES;
      },
    };
    const run = await recordPositionTargets(failing, OPEN);
    expect(run.failures.map((f) => f.userId)).toEqual(['u1']);
    expect(kindsOf(alerts.stored, 'u2')).toContain('short_strike_breached');
  });
});
