/** Profile handlers and the post-confirmation trigger over mocked AWS clients: creation rules, live sessions, races, SDK failures. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSessions } from '../../helpers/live-session';
import { apiEvent, parseBody } from '../../helpers/api-events';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
let handlers: typeof import('../../../lambdas/profile/handler');
let triggers: typeof import('../../../lambdas/profile/triggers');

const existing = {
  id: 'user-1',
  email: 'ann@example.com',
  full_name: 'Ann',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  trial_end_date: '2026-11-08T00:00:00.000Z',
  subscription_tier: 'pro',
  notification_prefs: {
    email_alerts: true,
    push_notifications: true,
    market_updates: true,
    trade_confirmations: true,
  },
};

describe('profile handlers', () => {
  beforeAll(async () => {
    process.env.TABLE_PROFILES = 'profiles-test';
    process.env.USER_POOL_ID = 'pool-1';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    handlers = await import('../../../lambdas/profile/handler');
    triggers = await import('../../../lambdas/profile/triggers');
  });
  afterAll(() => vi.restoreAllMocks());
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo);
    vi.useRealTimers();
  });

  const cognitoUser = (email: string) =>
    cognito
      .on(GetUserCommand)
      .resolves({ Username: 'user-1', UserAttributes: [{ Name: 'email', Value: email }] });

  it('returns the stored profile of the caller, read by the token subject, once Cognito honours the token', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test', Key: { id: 'user-1' } }).resolves({ Item: existing });
    cognito.on(GetUserCommand, { AccessToken: 't' }).resolves({
      Username: 'user-1',
      UserAttributes: [{ Name: 'email', Value: existing.email }],
    });
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual(existing);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 401 to a signed-out or deleted user’s token, and writes nothing', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({});
    for (const failure of [
      new NotAuthorizedException({ message: 'Access Token has been revoked', $metadata: {} }),
      new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }),
    ]) {
      cognito.reset();
      cognito.on(GetUserCommand).rejects(failure);
      const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 'old' }));
      expect(result.statusCode).toBe(401);
      expect(parseBody(result)).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('brings a changed email up to date', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({ Item: existing });
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...existing, email: 'ann@new.example.com' } });
    cognitoUser('ann@new.example.com');
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(parseBody(result)).toMatchObject({ email: 'ann@new.example.com' });
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(Object.values(update.ExpressionAttributeValues ?? {})).toEqual(['ann@new.example.com']);
  });

  it('creates a missing profile dated by the Cognito sign-up: trial ends 7 days after it, never a fresh trial', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.000Z'), toFake: ['Date'] });
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({});
    dynamo.on(PutCommand).resolves({});
    cognito.on(GetUserCommand, { AccessToken: 'token-1' }).resolves({
      Username: 'user-1',
      UserAttributes: [{ Name: 'email', Value: 'new@example.com' }],
    });
    cognito
      .on(AdminGetUserCommand, { UserPoolId: 'pool-1', Username: 'user-1' })
      .resolves({ Username: 'user-1', UserCreateDate: new Date('2026-11-10T08:00:00.000Z') });

    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 'token-1' }));

    expect(result.statusCode).toBe(200);
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.ConditionExpression).toBe('attribute_not_exists(id)');
    expect(put.Item).toEqual({
      id: 'user-1',
      email: 'new@example.com',
      full_name: null,
      created_at: '2026-11-10T08:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      trial_end_date: '2026-11-17T08:00:00.000Z',
      subscription_tier: null,
      notification_prefs: {
        email_alerts: true,
        push_notifications: true,
        market_updates: true,
        trade_confirmations: true,
      },
    });
    expect(parseBody(result)).toEqual(put.Item);
  });

  it('returns the profile a concurrent first call created instead of overwriting it', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolvesOnce({}).resolves({ Item: existing });
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    cognitoUser('ann@example.com');
    cognito.on(AdminGetUserCommand).resolves({ UserCreateDate: new Date('2026-11-01T00:00:00.000Z') });

    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));

    expect(parseBody(result)).toEqual(existing);
  });

  it('updates only the caller’s own row', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({ Item: existing });
    cognitoUser(existing.email);
    dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => ({
      Attributes: {
        ...existing,
        full_name: Object.values(input.ExpressionAttributeValues).find((v) => v === null) ?? null,
      },
    }));

    const result = await handlers.updateProfile(
      apiEvent({ method: 'PATCH', sub: 'user-1', token: 't', body: { full_name: '   ' } }),
    );

    expect(result.statusCode).toBe(200);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ id: 'user-1' });
    expect(update.ConditionExpression).toBe('attribute_exists(id)');
    expect(Object.values(update.ExpressionAttributeValues ?? {})).toContain(null);
  });

  it('stores the onboarding times it is sent, and only those', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({ Item: existing });
    cognitoUser(existing.email);
    dynamo.on(UpdateCommand).callsFake(() => ({ Attributes: existing }));

    const result = await handlers.updateProfile(
      apiEvent({
        method: 'PATCH',
        sub: 'user-1',
        token: 't',
        body: { onboarding_skipped_at: '2026-11-02T09:30:00.000Z' },
      }),
    );

    expect(result.statusCode).toBe(200);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    const set = Object.fromEntries(
      Object.entries(update.ExpressionAttributeNames ?? {}).map(([alias, field]) => [
        field,
        update.ExpressionAttributeValues?.[alias.replace('#f', ':v')],
      ]),
    );
    expect(set).toEqual({
      updated_at: expect.any(String),
      onboarding_skipped_at: '2026-11-02T09:30:00.000Z',
    });
  });

  it('answers 500 without internals when DynamoDB rejects', async () => {
    cognitoUser(existing.email);
    dynamo
      .on(GetCommand, { TableName: 'profiles-test' })
      .rejects(new Error('ProvisionedThroughputExceeded at arn:aws:dynamodb:secret'));
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('arn:aws');
    expect(parseBody(result)).toMatchObject({ error: { code: 'internal_error' } });
  });

  it('answers 500 without internals when Cognito rejects while creating', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({});
    cognito.on(GetUserCommand).rejects(new Error('Cognito exploded'));
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('exploded');
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  describe('post-confirmation trigger', () => {
    const confirmation = (triggerSource: string) =>
      ({
        version: '1',
        region: 'us-east-1',
        userPoolId: 'pool-1',
        userName: 'user-9',
        triggerSource,
        callerContext: { awsSdkVersion: 'x', clientId: 'client' },
        request: { userAttributes: { sub: 'user-9', email: 'zoe@example.com', email_verified: 'true' } },
        response: {},
      }) as unknown as PostConfirmationTriggerEvent;

    it('starts the profile and its 7-day trial at confirmation, and hands the event back', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.000Z'), toFake: ['Date'] });
      dynamo.on(PutCommand).resolves({});
      const event = confirmation('PostConfirmation_ConfirmSignUp');
      await expect(triggers.postConfirmation(event)).resolves.toBe(event);
      const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
      expect(put).toMatchObject({
        TableName: 'profiles-test',
        ConditionExpression: 'attribute_not_exists(id)',
        Item: {
          id: 'user-9',
          email: 'zoe@example.com',
          created_at: '2026-11-21T12:00:00.000Z',
          trial_end_date: '2026-11-28T12:00:00.000Z',
          subscription_tier: null,
        },
      });
    });

    it('keeps a profile that already exists', async () => {
      dynamo
        .on(PutCommand)
        .rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
      dynamo.on(GetCommand, { TableName: 'profiles-test' }).resolves({ Item: existing });
      await triggers.postConfirmation(confirmation('PostConfirmation_ConfirmSignUp'));
      expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    });

    it('does nothing for a confirmed password reset', async () => {
      await triggers.postConfirmation(confirmation('PostConfirmation_ConfirmForgotPassword'));
      expect(dynamo.calls()).toHaveLength(0);
    });
  });
});
