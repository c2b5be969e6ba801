/**
 * The server's plan checks over mocked AWS clients: the plan from the profile (read through the
 * profile repository), an account without one judged by its Cognito sign-up date (never a fresh
 * trial; a deleted user's lookup fails as Cognito does), and refusals carrying the limit, the
 * plan and the plan that lifts it.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  planLookup,
  quotaExceededError,
  requireFeature,
  requireScannerFilters,
} from '../../../lambdas/common/plan';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const NOW = new Date('2026-11-23T12:00:00.000Z');
const DAY_MS = 86_400_000;

beforeAll(() => {
  process.env.USER_POOL_ID = 'pool-1';
});
beforeEach(() => {
  dynamo.reset();
  cognito.reset();
});

const lookup = () => planLookup(dynamo as unknown as DynamoDBDocumentClient, 'profiles-t');

describe('planLookup', () => {
  it('reads the caller’s profile by id and applies the plan table', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-t', Key: { id: 'u1' } }).resolves({
      Item: {
        id: 'u1',
        trial_end_date: new Date(NOW.getTime() - DAY_MS).toISOString(),
        subscription_tier: 'starter',
      },
    });
    expect(await lookup()('u1', NOW)).toBe('starter');
    expect(cognito.calls()).toHaveLength(0);
  });

  it('dates an account without a profile from its Cognito sign-up: a trial within 7 days, expired after', async () => {
    dynamo.on(GetCommand).resolves({});
    cognito
      .on(AdminGetUserCommand, { UserPoolId: 'pool-1', Username: 'u1' })
      .resolves({ UserCreateDate: new Date(NOW.getTime() - 6 * DAY_MS) });
    expect(await lookup()('u1', NOW)).toBe('trial');
    cognito.on(AdminGetUserCommand).resolves({ UserCreateDate: new Date(NOW.getTime() - 30 * DAY_MS) });
    expect(await lookup()('u1', NOW)).toBe('expired');
  });

  it('fails as Cognito does for a user that no longer exists (route() answers 401)', async () => {
    dynamo.on(GetCommand).resolves({});
    cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));
    await expect(lookup()('u1', NOW)).rejects.toBeInstanceOf(UserNotFoundException);
  });
});

describe('refusals', () => {
  it('a feature the plan lacks: 403 plan_limit with the cheapest plan that has it', () => {
    expect(() => requireFeature('starter', 'darkpool')).toThrow(
      expect.objectContaining({
        code: 'plan_limit',
        status: 403,
        details: { limit: 'darkpool', max: null, plan: 'starter', unlockedBy: 'pro' },
      }),
    );
    expect(() => requireFeature('expired', 'scanner')).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('free trial has ended'),
        details: { limit: 'scanner', max: null, plan: 'expired', unlockedBy: 'starter' },
      }),
    );
    expect(() => requireFeature('expired', 'journal')).not.toThrow();
    expect(() => requireFeature('trial', 'darkpool')).not.toThrow();
  });

  it('scanner filters beyond the plan’s: the count in the message, the limit in details', () => {
    expect(() => requireScannerFilters('starter', 10)).not.toThrow();
    expect(() => requireScannerFilters('pro', 30)).not.toThrow();
    expect(() => requireScannerFilters('starter', 11)).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('allows 10 scanner filters; this scan uses 11'),
        details: { limit: 'maxScannerFilters', max: 10, plan: 'starter', unlockedBy: 'pro' },
      }),
    );
  });

  it('a used-up daily question quota: 429 with the limit and Retry-After', () => {
    const error = quotaExceededError('starter', 'aiQuestionsPerDay', 3600);
    expect(error).toMatchObject({
      code: 'quota_exceeded',
      status: 429,
      retryAfterSeconds: 3600,
      details: { limit: 'aiQuestionsPerDay', max: 50, plan: 'starter', unlockedBy: 'pro' },
    });
    expect(error.message).toContain('upgrade to Pro for unlimited questions');
  });
});
