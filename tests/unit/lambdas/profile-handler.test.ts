/** Profile handlers over mocked AWS clients: creation rules, races, and SDK failures. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody } from '../../helpers/api-events';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
let handlers: typeof import('../../../lambdas/profile/handler');

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
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    handlers = await import('../../../lambdas/profile/handler');
  });
  afterAll(() => vi.restoreAllMocks());
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    vi.useRealTimers();
  });

  it('returns the stored profile of the caller, read by the token subject', async () => {
    dynamo.on(GetCommand, { TableName: 'profiles-test', Key: { id: 'user-1' } }).resolves({ Item: existing });
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toEqual(existing);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('creates the profile on first call: email from Cognito, trial ends 7 days later, prefs on', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.000Z'), toFake: ['Date'] });
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    cognito.on(GetUserCommand, { AccessToken: 'token-1' }).resolves({
      Username: 'user-1',
      UserAttributes: [{ Name: 'email', Value: 'new@example.com' }],
    });

    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 'token-1' }));

    expect(result.statusCode).toBe(200);
    const put = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.ConditionExpression).toBe('attribute_not_exists(id)');
    expect(put.Item).toEqual({
      id: 'user-1',
      email: 'new@example.com',
      full_name: null,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      trial_end_date: '2026-11-28T12:00:00.000Z',
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
    dynamo.on(GetCommand).resolvesOnce({}).resolves({ Item: existing });
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    cognito
      .on(GetUserCommand)
      .resolves({ Username: 'user-1', UserAttributes: [{ Name: 'email', Value: 'ann@example.com' }] });

    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));

    expect(parseBody(result)).toEqual(existing);
  });

  it('updates only the caller’s own row', async () => {
    dynamo.on(GetCommand).resolves({ Item: existing });
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
    dynamo.on(GetCommand).resolves({ Item: existing });
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
    dynamo.on(GetCommand).rejects(new Error('ProvisionedThroughputExceeded at arn:aws:dynamodb:secret'));
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('arn:aws');
    expect(parseBody(result)).toMatchObject({ error: { code: 'internal_error' } });
  });

  it('answers 500 without internals when Cognito rejects while creating', async () => {
    dynamo.on(GetCommand).resolves({});
    cognito.on(GetUserCommand).rejects(new Error('Cognito exploded'));
    const result = await handlers.getProfile(apiEvent({ sub: 'user-1', token: 't' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('exploded');
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});
