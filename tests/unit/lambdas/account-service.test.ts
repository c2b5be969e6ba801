/**
 * Account deletion and the user-data store: the order of the steps (subscription, rows, sign-in,
 * rows again), a failure part-way that a re-run finishes, nothing deleted for a dead session, and
 * DynamoDB's unprocessed batch items retried until none remain (or reported, never silently).
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tables, type TableKey } from '@shared/tables';
import { createLogger } from '../../../lambdas/common/observability';
import {
  IncompleteDeletionError,
  userDataStore,
  userDataTableKeys,
  type UserDataStore,
} from '../../../lambdas/account/repository';
import { deleteAccount, type DeletionDeps } from '../../../lambdas/account/service';
import type { BillingProvider } from '../../../lambdas/billing/provider';
import type { Profile } from '@shared/profiles/schemas';

vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
const logger = createLogger('test');

describe('userDataTableKeys', () => {
  it('are exactly the tables marked userData, each partitioned by the user', () => {
    const marked = (Object.keys(tables) as TableKey[]).filter((key) => tables[key].userData);
    expect([...userDataTableKeys].sort()).toEqual(marked.sort());
    expect(userDataTableKeys).toEqual(
      expect.arrayContaining(['profiles', 'trades', 'chatMessages', 'usage']),
    );
    for (const key of userDataTableKeys) expect(['id', 'user_id']).toContain(tables[key].partitionKey.name);
  });
});

describe('deleteAccount', () => {
  function deps(overrides: Partial<DeletionDeps> = {}) {
    const steps: string[] = [];
    const provider = {
      cancelSubscription: vi.fn(async (id: string) => {
        steps.push(`cancel ${id}`);
      }),
    } as unknown as BillingProvider;
    const data: Pick<UserDataStore, 'deleteAllOf'> = {
      deleteAllOf: vi.fn(async (table: TableKey) => {
        steps.push(`sweep ${table}`);
        return 1;
      }),
    };
    const value: DeletionDeps = {
      identity: { accountOf: vi.fn(async () => ({ email: 'a@example.com', mfa: [] })), createdAt: vi.fn() },
      profiles: {
        get: vi.fn(
          async () => ({ billing: { subscription_id: 'sub_1', status: 'active' } }) as unknown as Profile,
        ),
        createIfAbsent: vi.fn(),
        update: vi.fn(),
        updateBilling: vi.fn(),
      },
      data,
      billing: async () => provider,
      deleteSignIn: vi.fn(async () => {
        steps.push('delete sign-in');
      }),
      ...overrides,
    };
    return { deps: value, steps, provider };
  }

  it('cancels the subscription, deletes every user-data table, the sign-in, then sweeps again', async () => {
    const { deps: d, steps } = deps();
    await deleteAccount(d, { userId: 'u1', accessToken: 'token' }, logger);
    const sweep = userDataTableKeys.map((key) => `sweep ${key}`);
    expect(steps).toEqual(['cancel sub_1', ...sweep, 'delete sign-in', ...sweep]);
  });

  it('deletes nothing for a session Cognito no longer honours', async () => {
    const { deps: d, steps } = deps();
    vi.mocked(d.identity.accountOf).mockRejectedValueOnce(
      Object.assign(new Error('revoked'), { name: 'NotAuthorizedException' }),
    );
    await expect(deleteAccount(d, { userId: 'u1', accessToken: 'old' }, logger)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(steps).toEqual([]);
  });

  it('a failure part-way answers 503 and keeps the sign-in; running it again finishes the job', async () => {
    const { deps: d, steps } = deps();
    vi.mocked(d.data.deleteAllOf).mockRejectedValueOnce(new IncompleteDeletionError('3 items left'));
    await expect(deleteAccount(d, { userId: 'u1', accessToken: 't' }, logger)).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 503,
    });
    expect(d.deleteSignIn).not.toHaveBeenCalled();
    steps.length = 0;
    await deleteAccount(d, { userId: 'u1', accessToken: 't' }, logger);
    expect(steps.at(-1 - userDataTableKeys.length)).toBe('delete sign-in');
  });

  it('does not delete an account whose subscription it cannot cancel', async () => {
    const { deps: d, steps } = deps({ billing: async () => null });
    await expect(deleteAccount(d, { userId: 'u1', accessToken: 't' }, logger)).rejects.toMatchObject({
      status: 503,
    });
    expect(steps).toEqual([]);
  });
});

describe('userDataStore.deleteAllOf', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const store = userDataStore(dynamo as unknown as DynamoDBDocumentClient, (key) => `t-${key}`);
  beforeEach(() => dynamo.reset());

  it('deletes by the table’s full key, retrying what DynamoDB leaves unprocessed', async () => {
    const keys = [
      { user_id: 'u1', trade_id: 'a' },
      { user_id: 'u1', trade_id: 'b' },
    ];
    dynamo.on(QueryCommand).resolvesOnce({ Items: keys }).resolves({ Items: [] });
    dynamo
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { 't-trades': [{ DeleteRequest: { Key: keys[1]! } }] } })
      .resolves({});
    expect(await store.deleteAllOf('trades', 'u1')).toBe(2);
    const query = dynamo.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.KeyConditionExpression).toBe('#pk = :user');
    expect(query.ExpressionAttributeValues).toEqual({ ':user': 'u1' });
    const batches = dynamo
      .commandCalls(BatchWriteCommand)
      .map((c) => c.args[0].input.RequestItems!['t-trades']);
    expect(batches).toEqual([
      keys.map((Key) => ({ DeleteRequest: { Key } })),
      [{ DeleteRequest: { Key: keys[1] } }],
    ]);
  });

  it('reports items DynamoDB keeps refusing instead of claiming success', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ id: 'u1' }] });
    dynamo
      .on(BatchWriteCommand)
      .resolves({ UnprocessedItems: { 't-profiles': [{ DeleteRequest: { Key: { id: 'u1' } } }] } });
    await expect(store.deleteAllOf('profiles', 'u1')).rejects.toBeInstanceOf(IncompleteDeletionError);
  }, 20_000);
});
