/**
 * Idempotent journal writes under faults: the trades handlers over dynalite (a real stand-in, so
 * what landed can be read back), with aws-sdk-client-mock passing each call through and failing
 * or stalling the ones a test picks: an import cut short mid-write, by a DynamoDB failure, by a
 * stalled (killed) process or by its time budget, then the same file sent again; a trade whose
 * write failed after its Idempotency-Key was recorded, then the same request sent again. The
 * session check every user route makes answers "alive" (tests/helpers/live-session.ts).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, InternalServerError } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tables } from '@shared/tables';
import { tradeImportResultSchema, tradeSchema } from '@shared/trades/schemas';
import { IMPORT_TIME_BUDGET_MS, PARALLEL_WRITES } from '../../../lambdas/trades/import';
import { ensureTables, startDynamo, type LocalDynamo } from '../../../scripts/local/dynamo';
import { apiEvent, parseBody } from '../../helpers/api-events';
import { liveSessions } from '../../helpers/live-session';
import { importEvent } from '../../helpers/trades-handlers';

// Kept before the class is mocked: the pass-through sends with it to dynalite.
const forwardSend = DynamoDBDocumentClient.prototype.send;
let realDocument: DynamoDBDocumentClient;
const real = <T>(command: unknown): Promise<T> =>
  (forwardSend as (command: unknown) => Promise<T>).call(realDocument, command);

const commands = [GetCommand, PutCommand, UpdateCommand, DeleteCommand, QueryCommand, BatchGetCommand];
const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);

/** Decides, call by call, whether a command fails (an error), stalls (`'stall'`) or goes through. */
type Fault = (command: string, input: Record<string, unknown>) => Error | 'stall' | undefined;
let fault: Fault | undefined;

/** A put of a new trade (not a close, which is conditional on updated_at). */
const isTradeAdd = (command: string, input: Record<string, unknown>) =>
  command === 'PutCommand' &&
  input.TableName === tables.trades.id &&
  input.ConditionExpression === 'attribute_not_exists(trade_id)';

/** Fails or stalls every new-trade put from the `from`-th on. */
const fromTradeAdd = (from: number, outcome: () => Error | 'stall'): Fault => {
  let adds = 0;
  return (command, input) => (isTradeAdd(command, input) && ++adds >= from ? outcome() : undefined);
};

const serverError = () => new InternalServerError({ message: 'Internal server error', $metadata: {} });

let handlers: typeof import('../../../lambdas/trades/handler');
let local: LocalDynamo;

const HEADER = 'Ticker,Strategy,Entry Price,Exit Price,Opened At';
/** `rows` distinct trades (one an hour from 2025-01-01), every third still open. */
const csvOf = (rows: number) =>
  [
    HEADER,
    ...Array.from({ length: rows }, (_, i) => {
      const opened = new Date(Date.parse('2025-01-01T00:00:00Z') + i * 3_600_000).toISOString();
      return `AAPL,Long Call,1.00,${i % 3 === 0 ? '' : '2.00'},${opened}`;
    }),
  ].join('\n');

async function storedTrades(userId: string) {
  const { Items = [] } = await real<{ Items?: Record<string, unknown>[] }>(
    new QueryCommand({
      TableName: tables.trades.id,
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
      ConsistentRead: true,
    }),
  );
  return Items;
}

async function importRecords(userId: string) {
  const { Items = [] } = await real<{ Items?: Record<string, unknown>[] }>(
    new QueryCommand({
      TableName: tables.idempotency.id,
      KeyConditionExpression: 'user_id = :u AND begins_with(sk, :import)',
      ExpressionAttributeValues: { ':u': userId, ':import': 'import#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** Each row of `csvOf` once: as many trades as rows, no two with the same open time. */
const expectEachRowOnce = (trades: Record<string, unknown>[], rows: number) => {
  expect(trades).toHaveLength(rows);
  expect(new Set(trades.map((t) => t.opened_at)).size).toBe(rows);
};

describe('idempotent journal writes under faults', () => {
  beforeAll(async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    local = await startDynamo({});
    const lowLevel = new DynamoDBClient({
      endpoint: local.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTables(lowLevel);
    realDocument = DynamoDBDocumentClient.from(lowLevel, {
      marshallOptions: { removeUndefinedValues: true },
    });
    // Every table by its local name (the session check's is answered by liveSessions).
    for (const definition of Object.values(tables)) process.env[definition.envVar] = definition.id;
    handlers = await import('../../../lambdas/trades/handler');
  });

  afterAll(async () => {
    dynamo.restore();
    cognito.restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
    await local?.close();
  });

  beforeEach(() => {
    fault = undefined;
    dynamo.reset();
    for (const Command of commands)
      dynamo.on(Command as never).callsFake((input: Record<string, unknown>) => {
        const outcome = fault?.(Command.name, input);
        if (outcome === 'stall') return new Promise(() => {});
        if (outcome) throw outcome;
        return real(new (Command as new (input: object) => unknown)(input));
      });
    cognito.reset();
    liveSessions(dynamo, cognito);
  });

  it('an import whose writes fail midway answers 503 and keeps what landed; the same file again adds the rest, each row once', async () => {
    const user = 'resume-after-failure';
    fault = fromTradeAdd(40, serverError);

    const failed = await handlers.importTrades(importEvent(csvOf(100), { sub: user }));

    expect(failed.statusCode).toBe(503);
    expect(failed.body).not.toMatch(/Internal server error|at .+\.ts/);
    expect(await storedTrades(user)).toHaveLength(39);
    expect(await importRecords(user)).toEqual([expect.objectContaining({ status: 'partial', rows: 100 })]);

    fault = undefined;
    const retried = await handlers.importTrades(importEvent(csvOf(100), { sub: user }));

    expect(retried.statusCode).toBe(200);
    expect(tradeImportResultSchema.parse(parseBody(retried))).toMatchObject({
      status: 'complete',
      imported: 61,
      remaining: 0,
      previous_import: { status: 'partial' },
    });
    expectEachRowOnce(await storedTrades(user), 100);
    expect(await importRecords(user)).toEqual([expect.objectContaining({ status: 'complete' })]);
  });

  it('an import whose process stops mid-write (killed: it never answers) is seen as unfinished, and the same file again completes it', async () => {
    const user = 'resume-after-kill';
    let stalled = 0;
    let allStalled: () => void;
    const workersStuck = new Promise<void>((resolve) => (allStalled = resolve));
    const stall = fromTradeAdd(26, () => 'stall');
    fault = (command, input) => {
      const outcome = stall(command, input);
      if (outcome && ++stalled === PARALLEL_WRITES) allStalled();
      return outcome;
    };
    // Never settles: the invocation is abandoned, as a SIGTERM or a timeout leaves it.
    void handlers.importTrades(importEvent(csvOf(100), { sub: user }));
    // Every writer waits on a stalled put: the 25 before them have landed, and nothing more will.
    await workersStuck;
    expect(await storedTrades(user)).toHaveLength(25);
    fault = undefined;

    const preview = tradeImportResultSchema.parse(
      parseBody(await handlers.importTrades(importEvent(csvOf(100), { sub: user, dryRun: true }))),
    );
    expect(preview).toMatchObject({
      status: 'preview',
      new_rows: 75,
      remaining: 75,
      previous_import: { status: 'running' },
    });
    expect(preview.duplicates).toHaveLength(25);

    const retried = await handlers.importTrades(importEvent(csvOf(100), { sub: user }));
    expect(parseBody(retried)).toMatchObject({ status: 'complete', imported: 75, remaining: 0 });
    expectEachRowOnce(await storedTrades(user), 100);
  });

  it('an import out of time answers 200 partial with what remains, and the same file again completes it', async () => {
    const user = 'resume-after-budget';
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00.000Z') });
    let adds = 0;
    // The 30th put of a new trade takes the import past its time budget.
    fault = (command, input) => {
      if (isTradeAdd(command, input) && ++adds === 30) vi.setSystemTime(Date.now() + IMPORT_TIME_BUDGET_MS);
      return undefined;
    };

    const first = tradeImportResultSchema.parse(
      parseBody(await handlers.importTrades(importEvent(csvOf(100), { sub: user }))),
    );
    const landed = (await storedTrades(user)).length;
    vi.useRealTimers();

    expect(first.status).toBe('partial');
    expect(first.imported).toBe(landed);
    expect(first.remaining).toBe(100 - landed);
    expect(landed).toBeGreaterThanOrEqual(30);
    expect(landed).toBeLessThan(100);

    fault = undefined;
    const second = tradeImportResultSchema.parse(
      parseBody(await handlers.importTrades(importEvent(csvOf(100), { sub: user }))),
    );
    expect(second).toMatchObject({ status: 'complete', imported: 100 - landed, remaining: 0 });
    expectEachRowOnce(await storedTrades(user), 100);
  });

  it("rows without an open time open at the clock of the file's first import, so a retry after a failure adds each once", async () => {
    const user = 'resume-undated';
    const csv = [
      'Ticker,Strategy,Entry Price',
      ...Array.from({ length: 30 }, (_, i) => `MSFT,Long Put,${i + 1}.00`),
    ].join('\n');
    fault = fromTradeAdd(11, serverError);
    expect((await handlers.importTrades(importEvent(csv, { sub: user }))).statusCode).toBe(503);
    const landed = await storedTrades(user);
    expect(landed).toHaveLength(10);
    fault = undefined;

    const retried = tradeImportResultSchema.parse(
      parseBody(await handlers.importTrades(importEvent(csv, { sub: user }))),
    );

    expect(retried).toMatchObject({ status: 'complete', imported: 20 });
    const trades = await storedTrades(user);
    expect(trades).toHaveLength(30);
    expect(new Set(trades.map((t) => t.entry_price)).size).toBe(30);
    // One clock for the whole file: the first attempt's.
    expect(new Set(trades.map((t) => t.opened_at))).toEqual(new Set([landed[0]!.opened_at]));
  });

  describe('POST /api/trades with an Idempotency-Key', () => {
    const body = { ticker: 'NVDA', strategy: 'Long Call', entry_price: 2.5 };
    const createEvent = (sub: string, key: string, payload: object = body) =>
      apiEvent({
        method: 'POST',
        path: '/api/trades',
        sub,
        body: payload,
        headers: { 'idempotency-key': key },
      });

    it('a write that failed after the key was recorded is finished by the same request again: one trade, the recorded one', async () => {
      const user = 'key-after-failure';
      fault = (command, input) => (isTradeAdd(command, input) ? serverError() : undefined);
      expect((await handlers.createTrade(createEvent(user, 'k-1'))).statusCode).toBe(503);
      expect(await storedTrades(user)).toHaveLength(0);
      fault = undefined;

      const retried = await handlers.createTrade(createEvent(user, 'k-1'));
      const again = await handlers.createTrade(createEvent(user, 'k-1'));

      expect(retried.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(retried.body);
      expect(again.headers).toMatchObject({ 'idempotent-replayed': 'true' });
      const stored = await storedTrades(user);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.trade_id).toBe(tradeSchema.parse(parseBody(retried)).trade_id);
    });

    it('a trade deleted after its request is not written again by a replay of the key', async () => {
      const user = 'key-after-delete';
      const first = tradeSchema.parse(parseBody(await handlers.createTrade(createEvent(user, 'k-2'))));
      const deleted = await handlers.deleteTrade(
        apiEvent({
          method: 'DELETE',
          path: `/api/trades/${first.trade_id}`,
          sub: user,
          pathParameters: { id: first.trade_id },
        }),
      );
      expect(deleted.statusCode).toBe(204);

      const replay = await handlers.createTrade(createEvent(user, 'k-2'));

      expect(replay.statusCode).toBe(201);
      expect(tradeSchema.parse(parseBody(replay))).toEqual(first);
      expect(await storedTrades(user)).toHaveLength(0);
    });
  });
});
