/** The assistant's DynamoDB calls over a mocked client, and its handlers' refusals before any I/O. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat/schemas';
import { chatRepo, usageRepo } from '../../../lambdas/chat/repository';
import { liveSessions, REVOCATIONS_TABLE } from '../../helpers/live-session';
import { apiEvent, parseBody } from '../../helpers/api-events';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));

const message = (id: string, createdAt: string): ChatMessage => ({
  id,
  user_id: 'user-1',
  message: 'q',
  response: 'a',
  charts: [],
  strategies: [],
  citations: [],
  created_at: createdAt,
});

beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  liveSessions(dynamo, cognito);
});

describe('usage counter', () => {
  it('adds one question in a single conditional update, kept until TTL removes it', async () => {
    dynamo.on(UpdateCommand).resolves({});

    expect(await usageRepo(client, 'usage-test').countQuestion('user-1', '2026-11-23', 50)).toBe(true);

    const [call] = dynamo.commandCalls(UpdateCommand);
    expect(call!.args[0].input).toMatchObject({
      TableName: 'usage-test',
      Key: { user_id: 'user-1', sk: 'ai-questions#2026-11-23' },
      UpdateExpression: expect.stringContaining('ADD questions :one'),
      ConditionExpression: 'attribute_not_exists(questions) OR questions < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 50 },
    });
    const expires = call!.args[0].input.ExpressionAttributeValues![':expires'] as number;
    expect(expires * 1000).toBeGreaterThan(Date.parse('2026-11-24T00:00:00Z'));
  });

  it('answers false when the condition fails (the limit is reached), and rethrows anything else', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await usageRepo(client, 'usage-test').countQuestion('user-1', '2026-11-23', 50)).toBe(false);
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(usageRepo(client, 'usage-test').countQuestion('user-1', '2026-11-23', 50)).rejects.toThrow(
      'throttled',
    );
  });
});

describe('chat messages', () => {
  it('stores a message under its user with a time-ordered sort key, never over another', async () => {
    dynamo.on(PutCommand).resolves({});
    await chatRepo(client, 'chat-test').put(message('m1', '2026-11-23T15:00:00.000Z'));
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'chat-test',
      Item: { user_id: 'user-1', sk: '2026-11-23T15:00:00.000Z#m1', id: 'm1' },
      ConditionExpression: 'attribute_not_exists(sk)',
    });
  });

  it('reads the last messages newest first from the user’s partition, and returns them oldest first', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { ...message('m3', '2026-11-23T15:03:00.000Z'), sk: 'x' },
        { ...message('m2', '2026-11-23T15:02:00.000Z'), sk: 'y' },
      ],
    });

    const latest = await chatRepo(client, 'chat-test').latest('user-1', 2);

    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': 'user-1' },
      ScanIndexForward: false,
      Limit: 2,
    });
    expect(latest.map((m) => m.id)).toEqual(['m2', 'm3']);
    expect(latest[0]).not.toHaveProperty('sk');
  });
});

describe('chat handlers', () => {
  let handlers: typeof import('../../../lambdas/chat/handler');
  beforeAll(async () => {
    process.env.TABLE_CHAT_MESSAGES = 'chat-test';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    handlers = await import('../../../lambdas/chat/handler');
  });
  afterAll(() => vi.restoreAllMocks());

  it.each(['', '   ', '\n\t'])(
    'refuse blank text %j with 400 before any read or write of a chat table',
    async (text) => {
      const result = await handlers.postChatMessage(
        apiEvent({ method: 'POST', path: '/api/chat', sub: 'user-1', body: { message: text } }),
      );
      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({
        error: { code: 'validation_failed', details: [{ path: 'message' }] },
      });
      // Only the session check's read of the caller's revocation.
      const tablesTouched = dynamo
        .calls()
        .map((call) => (call.args[0].input as { TableName?: string }).TableName);
      expect(tablesTouched).toEqual([REVOCATIONS_TABLE]);
    },
  );

  it('history: at most 50, and a read of the caller’s own partition only', async () => {
    const tooMany = await handlers.getChatHistory(
      apiEvent({ path: '/api/chat', sub: 'user-1', query: { limit: '51' } }),
    );
    expect(tooMany.statusCode).toBe(400);
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const ok = await handlers.getChatHistory(
      apiEvent({ path: '/api/chat', sub: 'user-9', query: { limit: '5' } }),
    );
    expect(parseBody(ok)).toEqual({ messages: [] });
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'chat-test',
      ExpressionAttributeValues: { ':u': 'user-9' },
      Limit: 5,
    });
  });
});
