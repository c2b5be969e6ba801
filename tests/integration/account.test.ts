/**
 * The account as a whole, end to end on the local stack: its statistics, the export (compared
 * with what the tables hold), deletion (no row in any user-data table, no Cognito user, a new
 * sign-up with the same email starts empty) and tokens of ended sessions (401, never 500).
 * The user-data tables come from shared/src/tables.ts, so a table added later is covered.
 */
import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountExportSchema, accountStatsSchema } from '@shared/account/schemas';
import { RECENT_SIGN_IN_MINUTES, REVOCATION_READ_CACHE_MS, revocationSchema } from '@shared/auth/sessions';
import { apiPath } from '@shared/routes';
import { profileSchema } from '@shared/profiles/schemas';
import { tables, type TableDefinition } from '@shared/tables';
import {
  api,
  cognitoClient,
  createUser,
  documentClient,
  latestCode,
  stack,
  type TestUser,
  useLocalStackEnvironment,
} from '../helpers/local-stack';
import { cognitoLocalPrivateJwk } from '../../scripts/local/cognito-local-adapter';

/** The key cognito-local signs with: a token signed with it is one the local pool could issue. */
const poolKey = cognitoLocalPrivateJwk();

const userDataTables = (Object.values(tables) as TableDefinition[]).filter((table) => table.userData);
const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);

/** Every item of the user in a table, as DynamoDB holds it. */
async function rowsOf(table: TableDefinition, userId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: table.id,
      KeyConditionExpression: '#pk = :user',
      ExpressionAttributeNames: { '#pk': table.partitionKey.name },
      ExpressionAttributeValues: { ':user': userId },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const SEEDED_SECRET = 'whsec_seeded_never_exported';
/** A stored item as the export shows it: without the table's `exportOmits` attributes. */
const asExported = (table: TableDefinition, item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !(table.exportOmits ?? []).includes(name)));

/** One item in every user-data table (beyond what the API writes), so none is left out unseen. */
async function seedEveryTable(userId: string, tag: string) {
  for (const table of userDataTables) {
    if (table.id === 'profiles') continue;
    await documentClient().send(
      new PutCommand({
        TableName: table.id,
        Item: {
          [table.partitionKey.name]: userId,
          ...(table.sortKey ? { [table.sortKey.name]: `seeded#${tag}` } : {}),
          seeded_by: 'account.test',
          ...(table.ttlAttribute ? { [table.ttlAttribute]: Math.floor(Date.now() / 1000) + 86_400 } : {}),
          // An attribute the export leaves out (a webhook's signing secret), so its omission is seen.
          ...Object.fromEntries((table.exportOmits ?? []).map((name) => [name, `${SEEDED_SECRET}-${tag}`])),
        },
      }),
    );
  }
}

const byKey = (table: TableDefinition) => (item: Record<string, unknown>) =>
  `${String(item[table.partitionKey.name])}|${table.sortKey ? String(item[table.sortKey.name]) : ''}`;
const sorted = (table: TableDefinition, items: Record<string, unknown>[]) =>
  [...items].sort((a, b) => byKey(table)(a).localeCompare(byKey(table)(b)));

async function signIn(email: string, password: string) {
  return cognitoClient().send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

async function sendContactMessage(email: string, from: string) {
  const response = await api('/api/contact', {
    method: 'POST',
    from,
    body: { name: 'Account Holder', email, subject: 'About my account', message: 'A question' },
  });
  expect(response.status).toBe(202);
}

async function addTrades(user: TestUser) {
  const trades = [
    { ticker: 'SPY', strategy: 'Long Call', entry_price: 1.5, exit_price: 2.25 },
    { ticker: 'QQQ', strategy: 'Long Put', entry_price: 2, exit_price: 1.25 },
    { ticker: 'AAPL', strategy: 'Covered Call', entry_price: 3 },
  ];
  for (const body of trades)
    expect((await api('/api/trades', { token: user.accessToken, method: 'POST', body })).status).toBe(201);
}

describe('account statistics', () => {
  it('are the real figures: trades, closed trades, win rate, questions this month, days as a member', async () => {
    const user = await createUser('stats');
    await addTrades(user);
    for (const message of ['How is SPY today?', 'And QQQ?'])
      expect(
        (await api('/api/chat', { token: user.accessToken, method: 'POST', body: { message } })).status,
      ).toBe(201);
    const response = await api('/api/account/stats', { token: user.accessToken });
    expect(response.status).toBe(200);
    const stats = accountStatsSchema.parse(response.json);
    const profile = profileSchema.parse((await api('/api/profile', { token: user.accessToken })).json);
    expect(stats).toEqual({
      total_trades: 3,
      closed_trades: 2,
      win_rate: 50,
      ai_questions_this_month: 2,
      member_since: profile.created_at,
      member_days: 0,
    });
  });
});

describe('account export', () => {
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [user, other] = await Promise.all([createUser('export'), createUser('export-other')]);
    await addTrades(user);
    await api('/api/chat', {
      token: user.accessToken,
      method: 'POST',
      body: { message: 'Is NVDA bullish?' },
    });
    await api('/api/profile', { token: user.accessToken, method: 'PATCH', body: { full_name: 'Export Me' } });
    await seedEveryTable(subOf(user), 'export');
    await sendContactMessage(user.email.toUpperCase(), '127.0.2.3');
    await addTrades(other);
    await seedEveryTable(subOf(other), 'other');
  });

  it('downloads one JSON file holding every item the tables hold for the user (no signing secrets), and nobody else’s', async () => {
    const response = await api('/api/account/export', { token: user.accessToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="edge-options-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = accountExportSchema.parse(JSON.parse(response.text));
    expect(exported.account).toMatchObject({ id: subOf(user), email: user.email, mfa: [] });
    expect(Object.keys(exported.tables).sort()).toEqual(
      [...userDataTables.map((t) => t.id), tables.contactMessages.id].sort(),
    );
    for (const table of userDataTables) {
      const stored = await rowsOf(table, subOf(user));
      expect(stored.length, table.id).toBeGreaterThan(0);
      const expected = stored.map((item) => asExported(table, item));
      expect(sorted(table, exported.tables[table.id]!), table.id).toEqual(sorted(table, expected));
    }
    expect(response.text).not.toContain(subOf(other));
    expect(userDataTables.some((t) => (t.exportOmits ?? []).length > 0)).toBe(true);
    expect(response.text).not.toContain(SEEDED_SECRET);
    expect(exported.tables.trades).toHaveLength(3 + 1);
    expect(exported.tables.chat_messages!.some((m) => m.message === 'Is NVDA bullish?')).toBe(true);
    expect(exported.tables.profiles![0]).toMatchObject({ full_name: 'Export Me', email: user.email });
    // The contact messages sent from the account's address (any letter case), while they exist.
    expect(exported.tables.contact_messages).toEqual([
      expect.objectContaining({ subject: 'About my account', sender: user.email.toLowerCase() }),
    ]);
  });
});

describe('account deletion', () => {
  it('asks Cognito first: a signed-out user’s token is 401 and deletes nothing', async () => {
    const user = await createUser('signed-out');
    await addTrades(user);
    await cognitoClient().send(new GlobalSignOutCommand({ AccessToken: user.accessToken }));
    for (const [path, method] of [
      ['/api/account', 'DELETE'],
      ['/api/account/export', 'GET'],
      ['/api/profile', 'GET'],
    ] as const) {
      const response = await api(path, { token: user.accessToken, method });
      expect(response.status, path).toBe(401);
      expect(response.json, path).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect(await rowsOf(tables.trades, subOf(user))).toHaveLength(3);
  });

  it('leaves no row in any user-data table and no Cognito user; the token then gets 401; others keep theirs', async () => {
    const [user, bystander] = await Promise.all([createUser('delete-me'), createUser('bystander')]);
    await addTrades(user);
    await api('/api/chat', { token: user.accessToken, method: 'POST', body: { message: 'Delete test' } });
    await seedEveryTable(subOf(user), 'delete');
    await addTrades(bystander);
    const bystanderRows = await Promise.all(userDataTables.map((t) => rowsOf(t, subOf(bystander))));
    for (const table of userDataTables)
      expect((await rowsOf(table, subOf(user))).length, table.id).toBeGreaterThan(0);

    const deleted = await api('/api/account', { token: user.accessToken, method: 'DELETE' });
    expect(deleted.status).toBe(204);

    for (const table of userDataTables) expect(await rowsOf(table, subOf(user)), table.id).toEqual([]);
    await expect(
      cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: user.email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(signIn(user.email, user.password)).rejects.toMatchObject({
      name: expect.stringMatching(/NotAuthorizedException|UserNotFoundException/),
    });
    // Every read answers 401 once a container's answer about the revocation may have aged out
    // (REVOCATION_READ_CACHE_MS; writes are refused at once: "revocation that holds" below).
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_READ_CACHE_MS));
    for (const path of [
      '/api/trades',
      '/api/feeds/alerts',
      '/api/profile',
      '/api/options-chain?symbol=SPY',
      '/api/account/export',
      '/api/account/stats',
    ]) {
      const response = await api(path, { token: user.accessToken });
      expect(response.status, path).toBe(401);
    }
    // Nothing was recreated by those calls.
    for (const table of userDataTables) expect(await rowsOf(table, subOf(user)), table.id).toEqual([]);
    expect(await Promise.all(userDataTables.map((t) => rowsOf(t, subOf(bystander))))).toEqual(bystanderRows);
  });

  it('a new sign-up with the same email starts empty, with a new trial', async () => {
    const user = await createUser('again');
    await addTrades(user);
    await sendContactMessage(user.email, '127.0.2.2');
    expect((await api('/api/account', { token: user.accessToken, method: 'DELETE' })).status).toBe(204);

    const client = cognitoClient();
    const password = `Pw-${Date.now().toString(36)}A9z`;
    await client.send(
      new SignUpCommand({ ClientId: stack.userPoolClientId, Username: user.email, Password: password }),
    );
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: user.email,
        ConfirmationCode: await latestCode(user.email),
      }),
    );
    const token = (await signIn(user.email, password)).AuthenticationResult!.AccessToken!;
    expect(decodeJwt(token).sub).not.toBe(subOf(user));
    const profile = profileSchema.parse((await api('/api/profile', { token })).json);
    expect(profile).toMatchObject({ email: user.email, full_name: null, subscription_tier: null });
    expect(Date.parse(profile.trial_end_date)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const exported = accountExportSchema.parse(
      JSON.parse((await api('/api/account/export', { token })).text),
    );
    for (const table of userDataTables)
      expect(exported.tables[table.id], table.id).toHaveLength(table.id === 'profiles' ? 1 : 0);
    // The first account's contact message went with it.
    expect(exported.tables.contact_messages).toEqual([]);
  });

  it('is open to an expired trial, like the export', async () => {
    const user = await createUser('expired-leaver');
    await documentClient().send(
      new PutCommand({
        TableName: 'profiles',
        Item: {
          ...profileSchema.parse((await api('/api/profile', { token: user.accessToken })).json),
          trial_end_date: new Date(Date.now() - 86_400_000).toISOString(),
        },
      }),
    );
    expect((await api('/api/account/export', { token: user.accessToken })).status).toBe(200);
    expect((await api('/api/account', { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
  });
});

/** Every item of every table that names the user anywhere (any attribute), revocations aside. */
async function itemsNaming(userId: string) {
  const found: string[] = [];
  for (const table of Object.values(tables) as TableDefinition[]) {
    if (table.id === tables.revocations.id) continue;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new ScanCommand({ TableName: table.id, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      for (const item of page.Items ?? [])
        if (JSON.stringify(item).includes(userId)) found.push(`${table.id}: ${JSON.stringify(item)}`);
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return found;
}

async function revocationOf(userId: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: tables.revocations.id,
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
      ConsistentRead: true,
    }),
  );
  return Items?.[0];
}

const trade = { ticker: 'SPY', strategy: 'Long Call', entry_price: 1.5 };

describe('revocation that holds', () => {
  it('refuses a write 1 s after the deletion, with any scheme, and nothing of the account is left in any table', async () => {
    const user = await createUser('revoked-write');
    const id = subOf(user);
    await addTrades(user);
    await sendContactMessage(user.email, '127.0.2.1');
    expect((await api(apiPath('deleteAccount'), { token: user.accessToken, method: 'DELETE' })).status).toBe(
      204,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const authorization of [
      `Bearer ${user.accessToken}`,
      `bearer ${user.accessToken}`,
      user.accessToken,
    ]) {
      const write = await api('/api/trades', { method: 'POST', body: trade, headers: { authorization } });
      expect(write.status, authorization.slice(0, 7)).toBe(401);
    }
    expect(await itemsNaming(id)).toEqual([]);
    expect(await itemsNaming(user.email)).toEqual([]);
    // What stays: the revocation, no personal data, removed by TTL.
    expect(revocationSchema.strict().parse(await revocationOf(id))).toMatchObject({
      user_id: id,
      reason: 'deleted',
    });
  });

  it('catches writes that raced the deletion: refused by the revocation, or swept a minute later', async () => {
    useLocalStackEnvironment();
    const { sweepDeletedAccounts } = await import('../../lambdas/account/jobs');
    const user = await createUser('raced');
    const id = subOf(user);
    await addTrades(user);
    const writes = Array.from({ length: 10 }, () =>
      api('/api/trades', { method: 'POST', body: trade, token: user.accessToken }),
    );
    const deleted = await api(apiPath('deleteAccount'), { token: user.accessToken, method: 'DELETE' });
    const statuses = (await Promise.all(writes)).map((response) => response.status);
    expect(deleted.status).toBe(204);
    expect(
      statuses.every((status) => status === 201 || status === 401),
      statuses.join(),
    ).toBe(true);
    // The late sweep, as the scheduler runs it once the deletion is a minute old.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      await sweepDeletedAccounts();
    } finally {
      vi.useRealTimers();
    }
    expect(await itemsNaming(id)).toEqual([]);
    expect(await revocationOf(id)).toMatchObject({ reason: 'deleted', swept_at: expect.any(Number) });
  });

  it('refuses every token issued before a sign-out everywhere, and takes one from a new sign-in', async () => {
    const user = await createUser('sign-out-everywhere');
    const signedOut = await api(apiPath('signOutEverywhere'), { method: 'POST', token: user.accessToken });
    expect(signedOut.status).toBe(204);
    for (const authorization of [`bearer ${user.accessToken}`, user.accessToken]) {
      expect(
        (await api('/api/trades', { method: 'POST', body: trade, headers: { authorization } })).status,
      ).toBe(401);
      expect((await api('/api/profile', { headers: { authorization } })).status).toBe(401);
    }
    // The refresh token was revoked too: no new tokens from it.
    await expect(
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: user.refreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a token of a later second
    const again = (await signIn(user.email, user.password)).AuthenticationResult!.AccessToken!;
    expect((await api('/api/trades', { method: 'POST', body: trade, token: again })).status).toBe(201);
  });
});

describe('recent sign-in', () => {
  it(`refuses deletion and turning MFA off with a sign-in older than ${RECENT_SIGN_IN_MINUTES} minutes, and deletes nothing`, async () => {
    const user = await createUser('stale-sign-in');
    await addTrades(user);
    const claims = decodeJwt(user.accessToken);
    const staleAuth = Math.floor(Date.now() / 1000) - RECENT_SIGN_IN_MINUTES * 60 - 5;
    // The pool's own key: a token Cognito would issue on a refresh, long after the sign-in.
    const stale = await new SignJWT({ ...claims, auth_time: staleAuth })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(await importJWK(poolKey, 'RS256'));
    for (const [id, method] of [
      ['deleteAccount', 'DELETE'],
      ['disableMfa', 'DELETE'],
    ] as const) {
      const response = await api(apiPath(id), { method, token: stale });
      expect(response.status, id).toBe(403);
      expect(response.json, id).toMatchObject({ error: { code: 'reauthentication_required' } });
    }
    expect(await rowsOf(tables.trades, subOf(user))).toHaveLength(3);
    expect((await api(apiPath('deleteAccount'), { method: 'DELETE', token: user.accessToken })).status).toBe(
      204,
    );
  });
});
