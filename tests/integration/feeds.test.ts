/**
 * The live feeds through the local runtime: the scheduled run writes to dynalite with TTL, the
 * API reveals an item only once its time has come (`since` polling), pages by cursor, filters,
 * refuses bad queries with the field named, keeps dismissals per user, and enforces plans.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_SIMULATION } from '@shared/constants/caps';
import { feedNames, feedResponseSchemas, type FeedName, type FeedResponse } from '@shared/feeds/schemas';
import { apiPath } from '@shared/routes';
import {
  api,
  createUser,
  documentClient,
  useLocalStackEnvironment,
  type TestUser,
} from '../helpers/local-stack';

const db = documentClient();
const DAY_SECONDS = 86_400;
let trader: TestUser;
let other: TestUser;

async function stored(feed: FeedName) {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: 'feeds',
      KeyConditionExpression: 'feed = :f',
      ExpressionAttributeValues: { ':f': feed },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []) as { sk: string; id: string; timestamp: string; expires_at: number }[];
}

async function getFeed<F extends FeedName>(
  feed: F,
  query: Record<string, string | number | boolean> = {},
  user: TestUser = trader,
): Promise<FeedResponse<F>> {
  const response = await api(apiPath('getFeed', { feed }, query), { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return feedResponseSchemas[feed].parse(response.json) as FeedResponse<F>;
}

async function userOnPlan(tag: string, plan: { subscription_tier: string | null; trial_end_date: string }) {
  const user = await createUser(tag);
  await db.send(
    new PutCommand({
      TableName: 'profiles',
      Item: {
        id: String(decodeJwt(user.accessToken).sub),
        email: user.email,
        full_name: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        notification_prefs: {
          email_alerts: true,
          push_notifications: true,
          market_updates: true,
          trade_confirmations: true,
        },
        ...plan,
      },
    }),
  );
  return user;
}

beforeAll(async () => {
  useLocalStackEnvironment();
  [trader, other] = await Promise.all([createUser('feeds'), createUser('feeds-other')]);
  // Every feed read once before the first run (as other tests, or a trader on a fresh stage, may):
  // that empty read must not hide the run's items from the reads right after it.
  for (const feed of feedNames) await getFeed(feed);
  const { generateFeeds } = await import('../../lambdas/feeds/jobs');
  await generateFeeds();
}, 120_000);

describe('the scheduled run', () => {
  it('writes every feed to the table: the seeded items, then what falls due over the next 90 s, each with a TTL', async () => {
    const now = Date.now();
    for (const feed of feedNames) {
      const items = await stored(feed);
      const due = items.filter((item) => Date.parse(item.timestamp) <= now);
      expect(due.length, feed).toBeGreaterThanOrEqual(FEED_SIMULATION[feed].seeded);
      for (const item of items) {
        expect(item.sk).toBe(`${item.timestamp}#${item.id}`);
        expect(item.expires_at).toBe(Math.floor(Date.parse(item.timestamp) / 1000) + DAY_SECONDS);
        expect(Date.parse(item.timestamp)).toBeLessThanOrEqual(now + 90_000);
      }
    }
    // Chatter comes every 15-45 s, every day (dark pool prints only while the market trades), so
    // some of the next 90 s is already written.
    expect((await stored('chatter')).some((item) => Date.parse(item.timestamp) > now)).toBe(true);
  });

  it('writes the same items again when run again: no duplicates, nothing lost', async () => {
    const before = await stored('darkpool');
    const { generateFeeds } = await import('../../lambdas/feeds/jobs');
    await generateFeeds();
    const after = await stored('darkpool');
    const keys = after.map((item) => item.sk);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(before.map((item) => item.sk)));
  });
});

describe('GET /api/feeds/{feed}', () => {
  it('answers each feed newest first, only items whose time has come, labelled simulated', async () => {
    for (const feed of feedNames) {
      const body = await getFeed(feed);
      expect(body.source).toBe('simulated');
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.length).toBeLessThanOrEqual(FEED_SIMULATION[feed].cap);
      const stamps = body.items.map((item) => item.timestamp);
      expect(stamps).toEqual([...stamps].sort().reverse());
      expect(stamps.every((stamp) => stamp <= body.asOf)).toBe(true);
    }
  });

  it('reveals a stored item through `since` only once its time has come', async () => {
    // Chatter: it runs every day, so there is always one to come (dark pool prints only in a session).
    const first = await getFeed('chatter', { limit: 1 });
    const newest = first.items[0]!.timestamp;
    const waiting = (await stored('chatter')).filter((item) => item.timestamp > first.asOf);
    expect(waiting.length).toBeGreaterThan(0);
    const next = waiting.at(-1)!; // the earliest of those still to come

    let revealed: FeedResponse<'chatter'> | undefined;
    await expect
      .poll(
        async () => {
          revealed = await getFeed('chatter', { since: newest });
          return revealed.items.map((item) => item.id);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toContain(next.id);
    expect(revealed!.items.every((item) => item.timestamp > newest && item.timestamp <= revealed!.asOf)).toBe(
      true,
    );
    expect(Date.parse(revealed!.asOf)).toBeGreaterThanOrEqual(Date.parse(next.timestamp));
  }, 80_000);

  it('pages by cursor, newest first, with no item twice', async () => {
    const whole = await getFeed('alerts', { limit: 12 });
    const first = await getFeed('alerts', { limit: 5 });
    expect(first.cursor).not.toBeNull();
    const second = await getFeed('alerts', { limit: 5, cursor: first.cursor! });
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(10);
    expect(ids).toEqual(whole.items.slice(0, 10).map((item) => item.id));
  });

  it('filters: severity, ticker, confidence, algo only, platform and risk, and sorts chatter', async () => {
    const alerts = await getFeed('alerts');
    const severity = alerts.items[0]!.severity;
    const bySeverity = await getFeed('alerts', { severity });
    expect(bySeverity.items.length).toBeGreaterThan(0);
    expect(bySeverity.items.every((item) => item.severity === severity)).toBe(true);
    expect(bySeverity.items.length).toBe(alerts.items.filter((item) => item.severity === severity).length);

    const flows = await getFeed('darkpool');
    const confident = await getFeed('darkpool', { minConfidence: 90 });
    expect(confident.items.every((item) => item.confidence !== undefined && item.confidence >= 90)).toBe(
      true,
    );
    expect(confident.items.length).toBeLessThan(flows.items.length);
    const algo = await getFeed('darkpool', { algoOnly: true });
    expect(algo.items.every((item) => item.algorithmicDetection)).toBe(true);
    const ticker = flows.items[0]!.ticker;
    expect(
      (await getFeed('darkpool', { ticker: ticker.toLowerCase() })).items.every((i) => i.ticker === ticker),
    ).toBe(true);

    const chatter = await getFeed('chatter');
    const platform = chatter.items[0]!.platform;
    expect((await getFeed('chatter', { platform })).items.every((item) => item.platform === platform)).toBe(
      true,
    );
    const risk = chatter.items[0]!.riskLevel;
    expect((await getFeed('chatter', { risk })).items.every((item) => item.riskLevel === risk)).toBe(true);
    const byMentions = (await getFeed('chatter', { sort: 'mentions' })).items.map((item) => item.mentions);
    expect(byMentions).toEqual([...chatter.items.map((item) => item.mentions)].sort((a, b) => b - a));

    const trends = await getFeed('trends');
    const trendSeverity = trends.items[0]!.severity;
    expect(
      (await getFeed('trends', { severity: trendSeverity })).items.every((i) => i.severity === trendSeverity),
    ).toBe(true);
  });

  it('gives each screen its extras: patterns, communities and the alerts of the day', async () => {
    const flows = await getFeed('darkpool');
    expect(flows.patterns.length).toBeGreaterThan(0);
    const chatter = await getFeed('chatter');
    expect(chatter.communities.length).toBeGreaterThan(0);
    expect(chatter.communities.every((c) => chatter.items.some((item) => item.source === c.source))).toBe(
      true,
    );
    const alerts = await getFeed('alerts');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
    const today = day.format(new Date(alerts.asOf));
    const shownToday = alerts.items.filter((item) => day.format(new Date(item.timestamp)) === today).length;
    expect(alerts.todayCount).toBeGreaterThanOrEqual(shownToday);
  });

  it('filters the dark pool by ticker, the stored prints unchanged (nothing invented for a searched one)', async () => {
    const plain = await getFeed('darkpool');
    const ticker = plain.items[0]!.ticker;
    const filtered = await getFeed('darkpool', { ticker, limit: plain.items.length });
    const byId = new Map(plain.items.map((item) => [item.id, item]));
    expect(filtered.items.length).toBeGreaterThan(0);
    for (const flow of filtered.items) {
      expect(flow.ticker).toBe(ticker);
      const original = byId.get(flow.id);
      if (original) expect(flow).toEqual(original);
    }
    const unknown = await getFeed('darkpool', { ticker: 'ZZZZ' });
    expect(unknown.items).toEqual([]);
    expect(unknown.notice).toBe('No dark pool prints for ZZZZ: it is not a symbol the market knows.');
  });

  it.each([
    ['/api/feeds/news', 'feed'],
    [apiPath('getFeed', { feed: 'darkpool' }, { minConfidence: 40 }), 'minConfidence'],
    [apiPath('getFeed', { feed: 'alerts' }, { severity: 'critical' }), 'severity'],
    [apiPath('getFeed', { feed: 'chatter' }, { sort: 'loudest' }), 'sort'],
    [apiPath('getFeed', { feed: 'trends' }, { colour: 'red' }), 'colour'],
    [apiPath('getFeed', { feed: 'alerts' }, { limit: 0 }), 'limit'],
    [apiPath('getFeed', { feed: 'alerts' }, { limit: 101 }), 'limit'],
    [apiPath('getFeed', { feed: 'alerts' }, { since: 'yesterday' }), 'since'],
    [apiPath('getFeed', { feed: 'alerts' }, { cursor: 'not-a-cursor' }), 'cursor'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const response = await api(path, { token: trader.accessToken });
    expect(response.status).toBe(400);
    const body = response.json as { error: { code: string; message: string; details: { path: string }[] } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toContain(field);
    expect(body.error.details.map((d) => d.path)).toContain(field);
  });

  it('needs a signed-in user', async () => {
    expect((await api(apiPath('getFeed', { feed: 'alerts' }))).status).toBe(401);
  });
});

describe('POST /api/feeds/trends/{id}/dismiss', () => {
  it('hides the alert for that user in every session, keeps it for others, and is repeatable', async () => {
    const before = await getFeed('trends');
    const target = before.items[0]!;
    const path = apiPath('dismissTrendAlert', { id: target.id });

    expect((await api(path, { method: 'POST', token: trader.accessToken })).status).toBe(204);
    expect((await api(path, { method: 'POST', token: trader.accessToken })).status).toBe(204);

    expect((await getFeed('trends')).items.map((item) => item.id)).not.toContain(target.id);
    const withDismissed = await getFeed('trends', { includeDismissed: true });
    const dismissed = withDismissed.items.find((item) => item.id === target.id)!;
    expect(dismissed.isActive).toBe(false);
    expect(Date.parse(dismissed.dismissedAt!)).toBeGreaterThan(Date.parse(target.timestamp));
    expect((await getFeed('trends', {}, other)).items.map((item) => item.id)).toContain(target.id);

    const sub = String(decodeJwt(trader.accessToken).sub);
    const { Items } = await db.send(
      new QueryCommand({
        TableName: 'feed_dismissals',
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': sub },
      }),
    );
    expect(Items).toEqual([expect.objectContaining({ sk: `trends#${target.id}`, id: target.id })]);

    // A dismissal is the user's data: it is in the account export.
    const exported = await api(apiPath('exportAccount'), { token: trader.accessToken });
    expect(exported.status).toBe(200);
    const body = exported.json as { tables: Record<string, { id?: string }[]> };
    expect(body.tables.feed_dismissals?.map((item) => item.id)).toEqual([target.id]);
  });

  it('answers 404 for an alert that is not in the feed, 400 for a malformed id', async () => {
    const missing = await api(apiPath('dismissTrendAlert', { id: 'ta-0' }), {
      method: 'POST',
      token: trader.accessToken,
    });
    expect(missing.status).toBe(404);
    const malformed = await api(apiPath('dismissTrendAlert', { id: 'DROP TABLE' }), {
      method: 'POST',
      token: trader.accessToken,
    });
    expect(malformed.status).toBe(400);
  });
});

describe('plans', () => {
  const past = '2026-01-08T00:00:00.000Z';

  it('Starter has every feed but the dark pool', async () => {
    const starter = await userOnPlan('feeds-starter', { subscription_tier: 'starter', trial_end_date: past });
    const refused = await api(apiPath('getFeed', { feed: 'darkpool' }), { token: starter.accessToken });
    expect(refused.status).toBe(403);
    expect((refused.json as { error: { code: string } }).error.code).toBe('plan_limit');
    for (const feed of ['alerts', 'chatter', 'trends'] as const) await getFeed(feed, {}, starter);
  });

  it('an expired trial has none of the feeds, and cannot dismiss', async () => {
    const expired = await userOnPlan('feeds-expired', { subscription_tier: null, trial_end_date: past });
    for (const feed of feedNames) {
      const response = await api(apiPath('getFeed', { feed }), { token: expired.accessToken });
      expect(response.status, feed).toBe(403);
      expect((response.json as { error: { code: string } }).error.code).toBe('plan_limit');
    }
    const id = (await getFeed('trends')).items[0]!.id;
    const dismiss = await api(apiPath('dismissTrendAlert', { id }), {
      method: 'POST',
      token: expired.accessToken,
    });
    expect(dismiss.status).toBe(403);
  });
});
