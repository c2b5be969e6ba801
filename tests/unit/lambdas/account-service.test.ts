/**
 * Account deletion and the user-data store: the order of the steps (revocation, subscription,
 * rows, contact messages, sign-in, rows again), a recent sign-in required, a failure part-way
 * that a re-run finishes, nothing deleted for a dead session, the late sweep, and DynamoDB's
 * unprocessed batch items retried until none remain (or reported, never silently).
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
import {
  deleteAccount,
  disableMfa,
  signOutEverywhere,
  sweepDeletedAccounts,
  type DeletionDeps,
} from '../../../lambdas/account/service';
import { RECENT_SIGN_IN_MINUTES } from '@shared/auth/sessions';
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
        idsByEmail: vi.fn(),
        suppressEmail: vi.fn(),
      },
      data,
      billing: async () => provider,
      revocations: {
        revoke: vi.fn(async (userId: string, reason) => {
          steps.push(`revoke ${userId} ${reason}`);
          return { user_id: userId, reason, revoked_at: 0, expires_at: 0 };
        }),
      },
      contact: {
        deleteFromSender: vi.fn(async (email: string) => {
          steps.push(`contact ${email}`);
          return 1;
        }),
      },
      deleteSignIn: vi.fn(async () => {
        steps.push('delete sign-in');
      }),
      ...overrides,
    };
    return { deps: value, steps, provider };
  }

  const NOW = new Date('2026-11-23T12:00:00Z');
  const nowSeconds = NOW.getTime() / 1000;
  const caller = (accessToken = 't') => ({ userId: 'u1', accessToken, authTime: nowSeconds - 60 });

  it('revokes first, cancels the subscription, deletes every table, the contact messages, the sign-in, then sweeps again', async () => {
    const { deps: d, steps } = deps();
    await deleteAccount(d, caller('token'), logger, NOW);
    const sweep = userDataTableKeys.map((key) => `sweep ${key}`);
    expect(steps).toEqual([
      'revoke u1 deleted',
      'cancel sub_1',
      ...sweep,
      'contact a@example.com',
      'delete sign-in',
      ...sweep,
    ]);
  });

  it.each([
    ['no auth_time', undefined],
    ['a sign-in one second past the window', nowSeconds - RECENT_SIGN_IN_MINUTES * 60 - 1],
  ])('refuses with 403 reauthentication_required on %s, and does nothing', async (_name, authTime) => {
    const { deps: d, steps } = deps();
    await expect(
      deleteAccount(d, { userId: 'u1', accessToken: 't', authTime }, logger, NOW),
    ).rejects.toMatchObject({ code: 'reauthentication_required', status: 403 });
    expect(steps).toEqual([]);
    expect(d.identity.accountOf).not.toHaveBeenCalled();
  });

  it('accepts a sign-in exactly at the edge of the window', async () => {
    const { deps: d } = deps();
    const authTime = nowSeconds - RECENT_SIGN_IN_MINUTES * 60;
    await deleteAccount(d, { userId: 'u1', accessToken: 't', authTime }, logger, NOW);
    expect(d.deleteSignIn).toHaveBeenCalledWith('u1');
  });

  it('deletes nothing for a session Cognito no longer honours', async () => {
    const { deps: d, steps } = deps();
    vi.mocked(d.identity.accountOf).mockRejectedValueOnce(
      Object.assign(new Error('revoked'), { name: 'NotAuthorizedException' }),
    );
    await expect(deleteAccount(d, caller('old'), logger, NOW)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(steps).toEqual([]);
  });

  it('a failure part-way answers 503 and keeps the sign-in; running it again finishes the job', async () => {
    const { deps: d, steps } = deps();
    vi.mocked(d.data.deleteAllOf).mockRejectedValueOnce(new IncompleteDeletionError('3 items left'));
    await expect(deleteAccount(d, caller(), logger, NOW)).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 503,
    });
    expect(d.deleteSignIn).not.toHaveBeenCalled();
    steps.length = 0;
    await deleteAccount(d, caller(), logger, NOW);
    expect(steps.at(-1 - userDataTableKeys.length)).toBe('delete sign-in');
  });

  it('does not delete an account whose subscription it cannot cancel', async () => {
    const { deps: d, steps } = deps({ billing: async () => null });
    await expect(deleteAccount(d, caller(), logger, NOW)).rejects.toMatchObject({
      status: 503,
    });
    // Only the revocation: the account's tokens stay refused; a new sign-in can run it again.
    expect(steps).toEqual(['revoke u1 deleted']);
  });
});

describe('sweepDeletedAccounts', () => {
  it('sweeps every user-data table of each deletion due, then marks it swept', async () => {
    const steps: string[] = [];
    const now = new Date('2026-11-23T12:00:00Z');
    const revocations = {
      unsweptDeletions: vi.fn(async () => [
        { user_id: 'gone-1', reason: 'deleted' as const, revoked_at: 1, expires_at: 2 },
      ]),
      markSwept: vi.fn(async (userId: string) => {
        steps.push(`swept ${userId}`);
      }),
    };
    const data = {
      deleteAllOf: vi.fn(async (table: TableKey, userId: string) => {
        steps.push(`sweep ${table} ${userId}`);
        return table === 'trades' ? 2 : 0;
      }),
    };
    expect(await sweepDeletedAccounts({ revocations, data }, logger, now)).toEqual({ swept: 1 });
    // Due: deleted over a minute (LATE_SWEEP_AFTER_SECONDS) before now.
    expect(revocations.unsweptDeletions).toHaveBeenCalledWith(now.getTime() / 1000 - 60);
    expect(steps).toEqual([...userDataTableKeys.map((key) => `sweep ${key} gone-1`), 'swept gone-1']);
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

describe('signOutEverywhere and disableMfa', () => {
  const NOW = new Date('2026-11-23T12:00:00Z');
  const nowSeconds = NOW.getTime() / 1000;

  it('signs out in Cognito before storing the revocation, so a failed revocation leaves no refresh token working', async () => {
    const steps: string[] = [];
    const signIns = { signOutEverywhere: vi.fn(async (id: string) => void steps.push(`sign out ${id}`)) };
    const revocations = {
      revoke: vi.fn(async (id: string, reason: string) => {
        steps.push(`revoke ${id} ${reason}`);
        return { user_id: id, revoked_at: 0, reason } as never;
      }),
    };
    await signOutEverywhere({ signIns, revocations }, 'u1');
    expect(steps).toEqual(['sign out u1', 'revoke u1 signed_out']);

    steps.length = 0;
    signIns.signOutEverywhere.mockRejectedValueOnce(new Error('Cognito down'));
    await expect(signOutEverywhere({ signIns, revocations }, 'u1')).rejects.toThrow('Cognito down');
    expect(steps).toEqual([]);
  });

  it('turns TOTP off only for a recent sign-in', async () => {
    const signIns = { disableMfa: vi.fn(async () => {}) };
    const stale = nowSeconds - (RECENT_SIGN_IN_MINUTES * 60 + 1);
    await expect(
      disableMfa(signIns, { userId: 'u1', accessToken: 't', authTime: stale }, NOW),
    ).rejects.toMatchObject({ status: 403, code: 'reauthentication_required' });
    expect(signIns.disableMfa).not.toHaveBeenCalled();

    await disableMfa(signIns, { userId: 'u1', accessToken: 't', authTime: nowSeconds - 60 }, NOW);
    expect(signIns.disableMfa).toHaveBeenCalledWith('u1');
  });
});
