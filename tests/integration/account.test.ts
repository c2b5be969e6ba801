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
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, accountStatsSchema } from '@shared/account/schemas';
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
} from '../helpers/local-stack';

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
    await addTrades(other);
    await seedEveryTable(subOf(other), 'other');
  });

  it('downloads one JSON file holding every item the tables hold for the user, and nobody else’s', async () => {
    const response = await api('/api/account/export', { token: user.accessToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="edge-options-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = accountExportSchema.parse(JSON.parse(response.text));
    expect(exported.account).toMatchObject({ id: subOf(user), email: user.email, mfa: [] });
    expect(Object.keys(exported.tables).sort()).toEqual(userDataTables.map((t) => t.id).sort());
    for (const table of userDataTables) {
      const stored = await rowsOf(table, subOf(user));
      expect(stored.length, table.id).toBeGreaterThan(0);
      expect(sorted(table, exported.tables[table.id]!), table.id).toEqual(sorted(table, stored));
    }
    expect(response.text).not.toContain(subOf(other));
    expect(exported.tables.trades).toHaveLength(3 + 1);
    expect(exported.tables.chat_messages!.some((m) => m.message === 'Is NVDA bullish?')).toBe(true);
    expect(exported.tables.profiles![0]).toMatchObject({ full_name: 'Export Me', email: user.email });
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
    // Routes that ask Cognito about the account answer 401 at once (the others within a minute,
    // when route()'s cached session check asks again).
    for (const path of [
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
