/**
 * Trades input that used to reach DynamoDB and come back as a 500 (issue 19): numbers DynamoDB
 * cannot store, and cursors that do not belong to the query they are sent with. Over a mocked
 * DynamoDB, so the tests can see that nothing was sent.
 */
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody } from '../../helpers/api-events';

// The session check asks Cognito; these tests are about what the journal does after it.
vi.mock('../../../lambdas/common/session', () => ({ assertSessionAlive: vi.fn(async () => {}) }));

const dynamo = mockClient(DynamoDBDocumentClient);
let handlers: typeof import('../../../lambdas/trades/handler');

const stored = (i: number) => ({
  user_id: 'user-1',
  trade_id: `t${i}`,
  ticker: 'AAPL',
  strategy: 'Long Call',
  entry_price: 1,
  exit_price: null,
  opened_at: `2025-03-${String(10 + i).padStart(2, '0')}T12:00:00.000Z`,
  opened_sk: `2025-03-${String(10 + i).padStart(2, '0')}T12:00:00.000Z#t${i}`,
  created_at: '2025-03-10T12:00:00.000Z',
  updated_at: '2025-03-10T12:00:00.000Z',
});

const list = (query: Record<string, string>) =>
  handlers.listTrades(apiEvent({ path: '/api/trades', sub: 'user-1', query }));

const decode = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, string>;
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  process.env.TABLE_TRADES = 'trades-test';
  process.env.TABLE_JOURNAL_CACHE = 'journal-cache-test';
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  handlers = await import('../../../lambdas/trades/handler');
});
beforeEach(() => {
  dynamo.reset();
  // A page of two with more to come: the answer carries a cursor.
  dynamo.on(QueryCommand).resolves({ Items: [stored(3), stored(2), stored(1)] });
});

async function firstCursor(query: Record<string, string>): Promise<string> {
  const result = await list({ ...query, limit: '2' });
  expect(result.statusCode).toBe(200);
  const { cursor } = parseBody(result) as { cursor: string };
  expect(cursor).toEqual(expect.any(String));
  dynamo.resetHistory();
  return cursor;
}

describe('a cursor is good only for the query it came from', () => {
  const range = { from: '2025-03-01', to: '2025-03-31', tz: 'UTC' };

  it('continues its own list from where the page stopped', async () => {
    const cursor = await firstCursor(range);
    expect((await list({ ...range, limit: '2', cursor })).statusCode).toBe(200);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual({
      user_id: 'user-1',
      trade_id: 't2',
      opened_sk: '2025-03-12T12:00:00.000Z#t2',
    });
  });

  it.each([
    ['another date range', { ...range, from: '2025-03-13' }],
    ['another filter', { ...range, ticker: 'MSFT' }],
    ['another order', { ...range, sort: 'updated' }],
    ['another time zone (another range)', { ...range, tz: 'Asia/Tokyo' }],
  ])('sent with %s: 400 naming the cursor, and no query reaches DynamoDB', async (_name, other) => {
    const cursor = await firstCursor(range);
    const result = await list({ ...other, cursor });
    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'cursor' }] },
    });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it.each([
    ['before the range', '2025-02-01T00:00:00.000Z#t9'],
    ['after the range', '2025-04-01T00:00:00.000Z#t9'],
    ['at the exclusive end', '2025-04-01T00:00:00.000Z'],
    ['not ASCII (DynamoDB orders UTF-8 bytes)', '2025-03-15T00:00:00.000Z#\u{1F600}'],
  ])('with its key edited to lie %s: 400, no query (DynamoDB would refuse the start key)', async (_n, v) => {
    const cursor = decode(await firstCursor(range));
    const result = await list({ ...range, cursor: encode({ ...cursor, v }) });
    expect(result.statusCode).toBe(400);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('a cursor of the old shape (no query in it), or none at all: 400', async () => {
    for (const cursor of [
      encode({ o: 'opened', t: 't1', v: '2025-03-11T12:00:00.000Z#t1' }),
      'bm90LWEtY3Vyc29y',
    ])
      expect((await list({ cursor })).statusCode).toBe(400);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('numbers DynamoDB cannot store never reach it', () => {
  it.each([
    ['entry_price 5e-324', { entry_price: 5e-324 }],
    [
      'a leg strike of 1e200',
      {
        legs: [
          { kind: 'call', side: 'long', quantity: 1, strike: 1e200, expiration: '2026-01-16', premium: 1 },
        ],
      },
    ],
    [
      'a leg expiration in year 0',
      {
        legs: [
          { kind: 'call', side: 'long', quantity: 1, strike: 100, expiration: '0000-01-01', premium: 1 },
        ],
      },
    ],
  ])('%s: 400 and no write', async (_name, change) => {
    const result = await handlers.createTrade(
      apiEvent({
        method: 'POST',
        path: '/api/trades',
        sub: 'user-1',
        body: { ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, ...change },
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({ error: { code: 'validation_failed' } });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
