/**
 * `npm run admin` against the local stack: `show` and `set-tier` by email through the app's own
 * profile rules, with the API then enforcing the tier set; bad input refused without a change;
 * the command line itself (exit codes, JSON out); `billing-catalog` against the Stripe stub; and
 * `backfill-open-index` over trades stored before the `by_open` index, and `backfill-unsent-index`
 * over deliveries recorded before the `by_unsent` index.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { openShardOf } from '@shared/trades/open-index';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCatalog } from '@shared/billing/catalog';
import { notificationsRepo } from '../../lambdas/notifications/repository';
import { backfillUnsentIndex } from '../../lambdas/notifications/unsent-index-backfill';
import { runAdmin, UsageError } from '../../scripts/admin';
import { ROOT_DIR } from '../../scripts/local/runtime';
import { startStripeStub, type StripeStub } from '../helpers/stripe-stub';
import { api, createUser, documentClient, stack, type TestUser } from '../helpers/local-stack';

const run = promisify(execFile);
let dataDir: string;

/** What `npm start` writes for local tools: here, the integration stack's endpoints. */
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'edge-admin-'));
  writeFileSync(
    join(dataDir, 'runtime.json'),
    JSON.stringify({
      dynamoEndpoint: stack.dynamoEndpoint,
      cognitoEndpoint: stack.cognitoEndpoint,
      userPoolId: stack.userPoolId,
      region: 'local',
    }),
  );
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const admin = (...argv: string[]) =>
  runAdmin(argv, { DATA_DIR: dataDir }) as Promise<Record<string, unknown>>;
const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);
const stored = async (user: TestUser) =>
  (await documentClient().send(new GetCommand({ TableName: 'profiles', Key: { id: subOf(user) } }))).Item;

describe('disable', () => {
  it('records the revocation: the user’s tokens are refused at once, with any scheme', async () => {
    const user = await createUser('admin-disable');
    const trade = { ticker: 'SPY', strategy: 'Long Call', entry_price: 1.5 };
    expect((await api('/api/trades', { method: 'POST', body: trade, token: user.accessToken })).status).toBe(
      201,
    );
    expect(await admin('disable', user.email)).toMatchObject({ signIn: { enabled: false } });
    for (const authorization of [
      `Bearer ${user.accessToken}`,
      `bearer ${user.accessToken}`,
      user.accessToken,
    ])
      expect(
        (await api('/api/trades', { method: 'POST', body: trade, headers: { authorization } })).status,
      ).toBe(401);
    const revocation = await documentClient().send(
      new GetCommand({ TableName: 'revocations', Key: { user_id: subOf(user) } }),
    );
    expect(revocation.Item).toMatchObject({ reason: 'disabled' });
  });
});

describe('show and set-tier', () => {
  it('shows a new user on the trial, then sets each tier, which the API enforces at once', async () => {
    const user = await createUser('admin-tier');
    expect(await admin('show', user.email)).toMatchObject({
      email: user.email,
      id: subOf(user),
      plan: 'trial',
      display: 'Trial (7 days left)',
      trial_days_left: 7,
      signIn: { status: 'CONFIRMED', mfa: [] },
    });

    expect(await admin('set-tier', user.email, 'starter')).toMatchObject({
      plan: 'starter',
      display: 'Starter Plan',
    });
    expect(Date.parse(String((await stored(user))?.trial_end_date))).toBeLessThanOrEqual(Date.now());
    expect((await api('/api/feeds/darkpool', { token: user.accessToken })).status).toBe(403);

    expect(await admin('set-tier', user.email, 'pro')).toMatchObject({ plan: 'pro', display: 'Pro Plan' });
    expect((await api('/api/feeds/darkpool', { token: user.accessToken })).status).toBe(200);

    expect(await admin('set-tier', user.email, 'elite')).toMatchObject({
      plan: 'elite',
      display: 'Elite Plan',
    });

    expect(await admin('set-tier', user.email, 'expired')).toMatchObject({
      plan: 'expired',
      display: 'Free Trial Expired',
    });
    expect((await stored(user))?.subscription_tier).toBeNull();
    expect((await api('/api/options-chain?symbol=SPY', { token: user.accessToken })).status).toBe(403);
    expect((await api('/api/trades', { token: user.accessToken })).status).toBe(200);
  });

  it('gives a user without a profile one dated by their sign-up, then the tier', async () => {
    const user = await createUser('admin-noprofile');
    const createdAt = String((await stored(user))?.created_at);
    await documentClient().send(new DeleteCommand({ TableName: 'profiles', Key: { id: subOf(user) } }));
    expect(await admin('show', user.email)).toMatchObject({ plan: null, display: 'Unknown', profile: null });
    await admin('set-tier', user.email, 'pro');
    const profile = await stored(user);
    expect(profile).toMatchObject({ subscription_tier: 'pro', email: user.email });
    expect(Math.abs(Date.parse(String(profile?.created_at)) - Date.parse(createdAt))).toBeLessThan(5_000);
  });

  it('refuses an unknown email, an unknown tier and a missing argument, changing nothing', async () => {
    const user = await createUser('admin-bad');
    const before = await stored(user);
    await expect(admin('set-tier', 'nobody-here@example.com', 'pro')).rejects.toThrow(UsageError);
    await expect(admin('set-tier', user.email, 'platinum')).rejects.toThrow(/starter, pro, elite, expired/);
    await expect(admin('set-tier', user.email)).rejects.toThrow(UsageError);
    await expect(admin('promote', user.email)).rejects.toThrow(/Unknown command/);
    expect(await stored(user)).toEqual(before);
  });
});

describe('the command line', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });

  it('prints the account as JSON', async () => {
    const user = await createUser('admin-cli');
    const { stdout } = await cli(['set-tier', user.email, 'pro'], { DATA_DIR: dataDir });
    expect(JSON.parse(stdout)).toMatchObject({ email: user.email, plan: 'pro' });
  }, 90_000);

  it('exits 2 with the reason when no local stack is running', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'edge-admin-none-'));
    try {
      await expect(cli(['show', 'someone@example.com'], { DATA_DIR: empty })).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Start it with npm start'),
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('billing-catalog', () => {
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub({ seedCatalog: false });
  });
  afterAll(() => stub.close());

  const catalog = () =>
    runAdmin(['billing-catalog'], {
      STRIPE_SECRET_KEY: stub.secretKey,
      STRIPE_API_URL: stub.url,
    }) as Promise<{
      created: string[];
      present: string[];
    }>;

  it('creates each plan’s monthly and annual price with the shared amounts, once', async () => {
    const first = await catalog();
    expect(first.created.sort()).toEqual(priceCatalog.map((p) => p.lookupKey).sort());
    for (const entry of priceCatalog) {
      const price = [...stub.prices.values()].find((p) => p.lookup_key === entry.lookupKey);
      expect(price, entry.lookupKey).toMatchObject({
        unit_amount: entry.unitAmount,
        recurring: { interval: entry.period },
      });
    }
    expect(await catalog()).toEqual({ created: [], present: expect.arrayContaining(first.created) });
  });

  it('moves a lookup key off a mispriced price onto a right one', async () => {
    const wrong = [...stub.prices.values()].find((p) => p.lookup_key === 'edge_options_pro_year')!;
    wrong.unit_amount = 1;
    expect((await catalog()).created).toEqual(['edge_options_pro_year']);
    const now = [...stub.prices.values()].filter((p) => p.lookup_key === 'edge_options_pro_year');
    expect(now).toHaveLength(1);
    expect(now[0]!.unit_amount).toBe(988 * 100);
  });

  it('needs the Stripe key', async () => {
    await expect(runAdmin(['billing-catalog'], {})).rejects.toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('backfill-open-index', () => {
  it('indexes the open trades with legs stored before the index, unindexes closed ones, and changes nothing the second time', async () => {
    const db = documentClient();
    const userId = `backfill-${randomUUID()}`;
    const leg = { type: 'call', side: 'buy', strike: 600, expiration: '2027-01-15', quantity: 1 };
    const trade = (id: string, extra: Record<string, unknown>) => ({
      user_id: userId,
      trade_id: id,
      ticker: 'SPY',
      updated_at: '2026-01-02T15:00:00.000Z',
      ...extra,
    });
    const items = [
      trade('open-with-legs', { exit_price: null, legs: [leg] }),
      trade('open-without-legs', { exit_price: null }),
      trade('closed-still-indexed', { exit_price: 2.5, legs: [leg], open_shard: openShardOf(userId) }),
    ];
    for (const Item of items) await db.send(new PutCommand({ TableName: 'trades', Item }));
    const shardOf = async (id: string) =>
      (await db.send(new GetCommand({ TableName: 'trades', Key: { user_id: userId, trade_id: id } }))).Item
        ?.open_shard as string | undefined;

    const first = await admin('backfill-open-index');
    expect(first).toMatchObject({ target: expect.stringContaining('local stack') as string });
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect(first.unindexed).toBeGreaterThanOrEqual(1);
    expect(await shardOf('open-with-legs')).toBe(openShardOf(userId));
    expect(await shardOf('open-without-legs')).toBeUndefined();
    expect(await shardOf('closed-still-indexed')).toBeUndefined();
    // The positions job's read (the sparse index) now finds the open one, and only it.
    const { Items } = await db.send(
      new QueryCommand({
        TableName: 'trades',
        IndexName: 'by_open',
        KeyConditionExpression: 'open_shard = :shard AND user_id = :user',
        ExpressionAttributeValues: { ':shard': openShardOf(userId), ':user': userId },
      }),
    );
    expect(Items!.map((item) => item.trade_id)).toEqual(['open-with-legs']);

    // Every trade the app wrote meanwhile stored its own index: a second run has nothing to do.
    expect(await admin('backfill-open-index')).toMatchObject({ indexed: 0, unindexed: 0 });
  });
});

describe('backfill-unsent-index', () => {
  it('puts the pending, untried deliveries recorded before the index in the sweep’s read, and nothing else', async () => {
    const db = documentClient();
    const userId = `unsent-${randomUUID()}`;
    const at = '2026-01-02T15:00:00.000Z';
    const delivery = (id: string, extra: Record<string, unknown>) => ({
      user_id: userId,
      sk: `delivery#${id}`,
      id,
      ruleId: 'r-1',
      channel: 'webhook',
      status: 'pending',
      attempts: 0,
      event: {
        feed: 'alerts',
        id: 'a-1',
        ticker: 'NVDA',
        summary: 'NVDA',
        timestamp: at,
        provider: 'simulated',
      },
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    const items = [
      delivery('legacy', {}),
      delivery('indexed', { unsent: 'unsent' }),
      delivery('tried', { attempts: 1 }),
      delivery('sent', { status: 'sent', attempts: 1 }),
      { user_id: userId, sk: 'rule#r-1', id: 'r-1', name: 'Mine', updatedAt: at },
    ];
    for (const Item of items) await db.send(new PutCommand({ TableName: 'notifications', Item }));
    const unsentOf = async (sk: string) =>
      (await db.send(new GetCommand({ TableName: 'notifications', Key: { user_id: userId, sk } }))).Item
        ?.unsent as string | undefined;
    // The sweep's own read (the sparse index), for this user's deliveries.
    const repo = notificationsRepo(
      db,
      () => 'notifications',
      () => 'profiles',
      () => 'watchlists',
      () => 'trades',
    );
    const swept = async () =>
      (await repo.listUnsent('2026-01-03T00:00:00.000Z', 1000))
        .filter((found) => found.userId === userId)
        .map((found) => found.id)
        .sort();
    expect(await swept()).toEqual(['indexed']);

    const first = await admin('backfill-unsent-index');
    expect(first).toMatchObject({ target: expect.stringContaining('local stack') as string });
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect(first.scanned).toBeGreaterThanOrEqual(items.length);
    expect(await unsentOf('delivery#legacy')).toBe('unsent');
    for (const sk of ['delivery#tried', 'delivery#sent', 'rule#r-1'])
      expect(await unsentOf(sk)).toBeUndefined();
    expect(await swept()).toEqual(['indexed', 'legacy']);

    expect(await admin('backfill-unsent-index')).toMatchObject({ indexed: 0, changedMeanwhile: 0 });
    // Out of the stack's other sweeps' way.
    for (const { sk } of items)
      await db.send(new DeleteCommand({ TableName: 'notifications', Key: { user_id: userId, sk } }));
  });

  it('leaves alone a delivery the worker tried between the scan and the update', async () => {
    const db = documentClient();
    const userId = `unsent-race-${randomUUID()}`;
    const at = '2026-01-02T15:00:00.000Z';
    const key = { user_id: userId, sk: 'delivery#raced' };
    await db.send(
      new PutCommand({
        TableName: 'notifications',
        Item: { ...key, id: 'raced', status: 'pending', attempts: 0, createdAt: at, updatedAt: at },
      }),
    );
    const repo = notificationsRepo(
      db,
      () => 'notifications',
      () => 'profiles',
      () => 'watchlists',
      () => 'trades',
    );
    // The backfill's update of this delivery reaches DynamoDB just after the worker's first attempt.
    let raced = false;
    const racing = {
      send: async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
        if (command instanceof UpdateCommand && command.input.Key?.user_id === userId && !raced) {
          raced = true;
          await repo.updateNotification(userId, 'raced', {
            status: 'pending',
            attempts: 1,
            updatedAt: '2026-01-02T15:01:00.000Z',
            detail: 'HTTP 503',
          });
        }
        return db.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    const result = await backfillUnsentIndex(racing, 'notifications');
    expect(raced).toBe(true);
    expect(result.changedMeanwhile).toBeGreaterThanOrEqual(1);
    const { Item } = await db.send(new GetCommand({ TableName: 'notifications', Key: key }));
    expect(Item).toMatchObject({ attempts: 1, detail: 'HTTP 503' });
    expect(Item?.unsent).toBeUndefined();
    await db.send(new DeleteCommand({ TableName: 'notifications', Key: key }));
  });
});
