/**
 * Signal scorecards against dynalite: a replayed session's market alerts recorded and valued by the
 * scorecards' job (the market clock pinned after the next session's close), read back through
 * GET /api/scorecards/alerts; a second run values nothing twice; the feeds' cap job leaves the
 * records alone; a bad window is refused.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isoDateOf,
  newYorkInstant,
  newYorkTime,
  previousTradingDay,
  sessionOf,
} from '@shared/market/calendar';
import { apiPath } from '@shared/routes';
import { SCORECARD_MIN_SAMPLE, scorecardSchema, type Scorecard } from '@shared/scorecards/schemas';
import { simulatedSignals } from '@shared/scorecards/simulated';
import {
  api,
  createUser,
  createFeedsShapedTable,
  documentClient,
  useLocalStackEnvironment,
  type TestUser,
} from '../helpers/local-stack';

useLocalStackEnvironment();
const { feedsRepo } = await import('../../lambdas/feeds/repository');
const { scorecardRepo } = await import('../../lambdas/feeds/scorecard-repository');
const { scoreKind } = await import('../../lambdas/feeds/scorecards');
const { enforceFeedCaps } = await import('../../lambdas/feeds/service');

const db = documentClient();
const repo = scorecardRepo(db, 'feeds');
const deps = { repo, sourceOf: () => 'simulated' as const };

// The session before last (the API's window is counted back from today's wall clock), and the
// instant a minute after the next session's close: its 1-hour and 1-day horizons have all come.
const today = newYorkTime(new Date()).dayNumber;
const nextDay = previousTradingDay(today);
const day = previousTradingDay(nextDay);
const now = new Date(newYorkInstant(nextDay, sessionOf(nextDay)!.close + 1).getTime());
let trader: TestUser;
let first: Awaited<ReturnType<typeof scoreKind>>;

async function scorecard(days = '30'): Promise<Scorecard> {
  const response = await api(apiPath('getScorecard', { kind: 'alerts' }, { days }), {
    token: trader.accessToken,
  });
  expect(response.status, response.text).toBe(200);
  return scorecardSchema.parse(response.json);
}

beforeAll(async () => {
  trader = await createUser('scorecards');
  // Only the replayed session and the next are in this window.
  first = await scoreKind(deps, 'alerts', now, Infinity, newYorkTime(now).dayNumber - day, Infinity);
}, 120_000);

describe('scorecards after a replayed day', () => {
  it('records every alert of the session with its price and values its 1-hour and 1-day horizons', async () => {
    const replayed = simulatedSignals('alerts', day);
    const [summary] = await repo.summaries('alerts', isoDateOf(day), isoDateOf(day));
    expect(summary).toMatchObject({ source: 'simulated', signals: replayed.length });
    const chunks = await repo.chunks('alerts', isoDateOf(day));
    const stored = chunks.flatMap((chunk) => chunk.signals);
    expect(stored.map((s) => [s.id, s.entry])).toEqual(replayed.map((s) => [s.id, s.entry]));
    expect(
      stored.every((s) => typeof s.values['1h'] === 'number' && typeof s.values['1d'] === 'number'),
    ).toBe(true);
    // The last horizon (5 sessions, or a flow contract's expiry) is still to come.
    expect(summary!.pending).toBe(replayed.filter((s) => s.due.end > now.toISOString()).length);
    expect(first.recorded).toBeGreaterThanOrEqual(replayed.length);
  });

  it('answers GET /api/scorecards/alerts with the sums of the stored values, sample sizes and the simulated label', async () => {
    const card = await scorecard();
    expect(card).toMatchObject({
      kind: 'alerts',
      days: 30,
      source: 'simulated',
      minSample: SCORECARD_MIN_SAMPLE,
    });
    expect(card.since! <= isoDateOf(day)).toBe(true);
    const stored = (await repo.chunks('alerts', isoDateOf(day))).flatMap((chunk) => chunk.signals);
    const nextStored = (await repo.chunks('alerts', isoDateOf(nextDay))).flatMap((chunk) => chunk.signals);
    const all = [...stored, ...nextStored];
    // Unusual-flow alerts of medium severity, an hour on, counted by hand from the records.
    const flow = all.filter(
      (s) => s.type === 'unusual-flow' && s.severity === 'medium' && typeof s.values['1h'] === 'number',
    );
    const row = card.rows.find(
      (r) => r.type === 'unusual-flow' && r.severity === 'medium' && r.horizon === '1h',
    )!;
    expect(row.n).toBe(flow.length);
    const hits = flow.filter((s) => s.direction * (s.values['1h']! - s.entry) > 0).length;
    expect(row.hitRate).toBeCloseTo(hits / flow.length, 10);
    const mean =
      flow.reduce((sum, s) => sum + (s.direction * (s.values['1h']! - s.entry) * 100) / s.entry, 0) /
      flow.length;
    expect(row.meanMove).toBeCloseTo(mean, 8);
    expect(row.tooFew).toBe(flow.length < SCORECARD_MIN_SAMPLE);
    expect(card.rows.every((r) => r.n > 0)).toBe(true);
  });

  it('values nothing twice: a second run at the same instant records and values nothing, the answer unchanged', async () => {
    const before = await scorecard('90');
    const again = await scoreKind(deps, 'alerts', now, Infinity, newYorkTime(now).dayNumber - day, Infinity);
    expect(again).toMatchObject({ recorded: 0, valued: 0 });
    expect(await scorecard('90')).toEqual({ ...before, asOf: expect.any(String) as string });
  });

  it("keeps the records out of the feeds' cap job's reach", async () => {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: 'feeds',
        KeyConditionExpression: 'feed = :f',
        ExpressionAttributeValues: { ':f': `scorecard#alerts#${isoDateOf(day)}` },
      }),
    );
    expect(Items!.length).toBeGreaterThan(0);
    // Kept past the 90-day window (TTL in wall-clock seconds, at least 100 days ahead).
    expect(Number(Items![0]!.expires_at)).toBeGreaterThan(Date.now() / 1000 + 100 * 86_400);
    // The cap job over a table of its own holding these records (the shared one holds other
    // tests' live feeds, which it would trim under them): the records stay, every one.
    const table = await createFeedsShapedTable('feeds_scorecards');
    for (const item of Items!) await db.send(new PutCommand({ TableName: table, Item: item }));
    await enforceFeedCaps(feedsRepo(db, table));
    const { Items: kept } = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'feed = :f',
        ExpressionAttributeValues: { ':f': `scorecard#alerts#${isoDateOf(day)}` },
      }),
    );
    expect(kept).toHaveLength(Items!.length);
  });

  it('refuses a window other than 30 or 90 days, and an unknown kind, with a 400', async () => {
    const bad = await api(`${apiPath('getScorecard', { kind: 'alerts' })}?days=7`, {
      token: trader.accessToken,
    });
    expect(bad.status).toBe(400);
    const unknown = await api(apiPath('getScorecard', { kind: 'chatter' }), { token: trader.accessToken });
    expect(unknown.status).toBe(400);
  });
});
