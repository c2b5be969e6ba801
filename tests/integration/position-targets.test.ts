/**
 * Position targets through the local runtime and dynalite: a user's own target figures (the
 * profile) decide what their positions reach; the positions job, run twice and then twice at
 * once, records a reached target exactly once, as one alert only its owner can read and one
 * notification per channel of their "my position targets" rule; outside the session it records
 * nothing; a closed trade leaves the open-positions index.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayNumberOfIso, isInSession, latestSessionInstant, newYorkInstant } from '@shared/market/calendar';
import { notificationLogSchema } from '@shared/notifications/schemas';
import { profileSchema } from '@shared/profiles/schemas';
import { scanResponseSchema } from '@shared/options/response-schemas';
import { apiPath } from '@shared/routes';
import { openShardOf } from '@shared/trades/open-index';
import { positionAlertsResponseSchema, positionsResponseSchema } from '@shared/trades/position-schemas';
import { tradeSchema } from '@shared/trades/schemas';
import { scanRowPrefill } from '@shared/trades/track-scan';
import { prefillTracking } from '../../frontend/src/features/journal/hooks/use-journal-prefill';
import {
  api,
  createUser,
  documentClient,
  useLocalStackEnvironment,
  type TestUser,
} from '../helpers/local-stack';

let trader: TestUser;
let other: TestUser;
const userIdOf = (user: TestUser) =>
  (JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

beforeAll(async () => {
  useLocalStackEnvironment();
  Object.assign(process.env, { STAGE: 'local' });
  [trader, other] = await Promise.all([createUser('targets'), createUser('targets-other')]);
}, 60_000);

async function trackCondor(user: TestUser) {
  const scanned = await api(apiPath('scanOptions'), {
    method: 'POST',
    token: user.accessToken,
    body: { strategy: 'iron-condor', ivRank: 0, ticker: 'SPY' },
  });
  expect(scanned.status, scanned.text).toBe(200);
  const scan = scanResponseSchema.parse(scanned.json);
  const prefill = scanRowPrefill(scan.results[0]!, scan.source);
  const created = await api(apiPath('createTrade'), {
    method: 'POST',
    token: user.accessToken,
    body: {
      ticker: prefill.ticker,
      strategy: prefill.strategy,
      side: prefill.side,
      quantity: prefill.quantity,
      entry_price: prefill.entry_price,
      ...prefillTracking(prefill),
    },
  });
  expect(created.status, created.text).toBe(201);
  return tradeSchema.parse(created.json);
}

/** A minute of a regular session: now when the market is open, else the last session's minute before its close. */
function sessionMinute(): Date {
  const now = new Date();
  return isInSession(now) ? now : latestSessionInstant(now, 60);
}

async function runJob(at: Date) {
  const { positionTargetDeps } = await import('../../lambdas/positions/jobs');
  const { recordPositionTargets } = await import('../../lambdas/positions/target-alerts');
  return recordPositionTargets(positionTargetDeps(), at);
}

const storedTrade = async (user: TestUser, tradeId: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: 'trades', Key: { user_id: userIdOf(user), trade_id: tradeId } }),
    )
  ).Item;

describe('position targets', () => {
  it('takes the user’s own figures on the profile, within bounds', async () => {
    expect((await api('/api/profile', { token: trader.accessToken })).status).toBe(200);
    const refused = await api('/api/profile', {
      method: 'PATCH',
      token: trader.accessToken,
      body: { target_rules: { dte: 366 } },
    });
    expect(refused.status).toBe(400);
    const saved = await api('/api/profile', {
      method: 'PATCH',
      token: trader.accessToken,
      // Every condor the scanner offers is within a year of expiry: the DTE rule is reached.
      body: { target_rules: { dte: 365, short_strike_breached: false } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(profileSchema.parse(saved.json).target_rules).toEqual({ dte: 365, short_strike_breached: false });
  });

  it('records a reached target once as an alert for its owner and one notification per channel, however often the job runs', async () => {
    const rule = await api('/api/notification-rules', {
      method: 'POST',
      token: trader.accessToken,
      body: { name: 'My targets', condition: { feed: 'targets' }, channels: ['in-app'] },
    });
    expect(rule.status, rule.text).toBe(201);
    const trade = await trackCondor(trader);
    expect((await storedTrade(trader, trade.trade_id))?.open_shard).toBe(openShardOf(userIdOf(trader)));

    const marked = positionsResponseSchema.parse(
      (await api(apiPath('getPositions'), { token: trader.accessToken })).json,
    );
    const position = marked.positions.find((p) => p.trade_id === trade.trade_id)!;
    // The user's rules, not the defaults: 365 days, and no short-strike rule.
    expect(position.targets.map((t) => t.kind)).toContain('dte');
    expect(position.targets.find((t) => t.kind === 'dte')!.label).toBe('365 DTE reached');
    expect(position.targets.map((t) => t.kind)).not.toContain('short_strike_breached');

    const at = sessionMinute();
    const first = await runJob(at);
    expect(first.inSession).toBe(true);
    const alertsOf = async () =>
      positionAlertsResponseSchema
        .parse((await api(apiPath('listPositionAlerts'), { token: trader.accessToken })).json)
        .alerts.filter((alert) => alert.trade_id === trade.trade_id);
    const afterFirst = await alertsOf();
    expect(afterFirst.map((alert) => alert.kind)).toContain('dte');
    const again = await runJob(at);
    const [a, b] = await Promise.all([runJob(new Date(at.getTime() + 60_000)), runJob(at)]);
    // Not written again: a later run (a minute on) would have stamped its own time and mark.
    expect(await alertsOf()).toEqual(afterFirst);

    const listed = await api(apiPath('listPositionAlerts'), { token: trader.accessToken });
    expect(listed.status, listed.text).toBe(200);
    const alerts = positionAlertsResponseSchema
      .parse(listed.json)
      .alerts.filter((alert) => alert.trade_id === trade.trade_id);
    const dte = alerts.filter((alert) => alert.kind === 'dte');
    expect(dte).toHaveLength(1);
    expect(dte[0]).toMatchObject({
      id: `${trade.trade_id}:dte`,
      ticker: trade.ticker,
      label: '365 DTE reached',
      source: 'simulated',
    });
    // Each (trade, rule) once, whichever run (or the runtime's own timer) got there first.
    expect(new Set(alerts.map((alert) => alert.kind)).size).toBe(alerts.length);
    for (const run of [first, again, a, b]) expect(run.failures).toEqual([]);

    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: trader.accessToken })).json,
    );
    const told = log.notifications.filter((n) => n.event.feed === 'targets');
    expect(told.map((n) => n.event.id).sort()).toEqual(alerts.map((alert) => alert.id).sort());
    expect(told.every((n) => n.channel === 'in-app' && n.status === 'sent')).toBe(true);
    expect(told.find((n) => n.event.id === `${trade.trade_id}:dte`)!.event.summary).toContain(
      '365 DTE reached',
    );

    // Only the owner reads them.
    const theirs = positionAlertsResponseSchema.parse(
      (await api(apiPath('listPositionAlerts'), { token: other.accessToken })).json,
    );
    expect(theirs.alerts).toEqual([]);
  }, 90_000);

  it('records nothing outside a regular session, and a closed trade leaves the open-positions index', async () => {
    const trade = await trackCondor(other);
    // A Saturday, at noon in New York.
    const saturday = newYorkInstant(dayNumberOfIso('2026-11-28'), 12 * 60);
    const idle = await runJob(saturday);
    expect(idle).toMatchObject({ inSession: false, users: 0, alerts: 0 });
    const none = positionAlertsResponseSchema.parse(
      (await api(apiPath('listPositionAlerts'), { token: other.accessToken })).json,
    );
    expect(none.alerts).toEqual([]);

    const closed = await api(apiPath('updateTrade', { id: trade.trade_id }), {
      method: 'PATCH',
      token: other.accessToken,
      body: { exit_price: 0.1 },
    });
    expect(closed.status, closed.text).toBe(200);
    const stored = await storedTrade(other, trade.trade_id);
    expect(stored?.exit_price).toBe(0.1);
    expect(stored).not.toHaveProperty('open_shard');
  });
});
