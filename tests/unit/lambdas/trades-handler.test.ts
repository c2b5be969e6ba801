/** Trades handlers over a mocked DynamoDB: import writes and races, and SDK failures. */
import { ConditionalCheckFailedException, InternalServerError } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { TradeImportResult } from '@shared/trades/schemas';
import { apiEvent, parseBody } from '../../helpers/api-events';
import { importEvent, mockedTradesHandlers } from '../../helpers/trades-handlers';

const trades = mockedTradesHandlers();
const { dynamo } = trades;

const csvOf = (rows: number) =>
  [
    'Ticker,Strategy,Entry Price,Exit Price,Opened At',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `AAPL,Long Call,1.00,2.00,2025-01-01T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
    ),
  ].join('\n');

describe('trades handlers', () => {
  it('a dry run writes nothing', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const result = await trades.handlers.importTrades(importEvent(csvOf(5), { dryRun: true }));
    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toMatchObject({ dry_run: true, status: 'preview', new_rows: 5, imported: 0 });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("a broker's share rows come back as skipped, beside its option trades, and never stop the file", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const fixture = (path: string) =>
      readFileSync(new URL(`../../fixtures/brokers/${path}`, import.meta.url), 'utf8');
    const dryRun = (csv: string) => trades.handlers.importTrades(importEvent(csv, { dryRun: true }));

    const ibkr = await dryRun(fixture('ibkr/option-assignment-2025.ibkr-report-parser.csv'));
    expect(ibkr.statusCode).toBe(200);
    const statement = parseBody(ibkr) as TradeImportResult;
    expect(statement).toMatchObject({ format: 'ibkr', new_rows: 4, errors: [] });
    expect(statement.skipped.map((row) => row.line)).toEqual([2, 5, 8, 11]);

    // Shares and cash only: nothing to import, and the answer says why.
    const schwab = parseBody(await dryRun(fixture('schwab/transactions-trimmed.export-to-ghostfolio.csv')));
    expect(schwab).toMatchObject({
      format: 'schwab',
      new_rows: 0,
      errors: [
        {
          line: 2,
          field: 'file',
          message:
            'The file has no option trades in it: its 10 other rows are skipped (shares are not imported)',
        },
      ],
    });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('a close that races another edit is 409 and the trade keeps the other edit', async () => {
    const stored = {
      user_id: 'user-1',
      trade_id: 't1',
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      quantity: 1,
      entry_price: 1,
      exit_price: null,
      fees: 0,
      notes: '',
      tags: [],
      source: 'manual',
      source_ref: null,
      legs: null,
      opened_at: '2025-01-01T00:00:00.000Z',
      closed_at: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      opened_sk: '2025-01-01T00:00:00.000Z#t1',
      tag_keys: [],
      fingerprint: 'f',
    };
    dynamo.on(GetCommand, { TableName: 'trades-test' }).resolves({ Item: stored });
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }));
    const result = await trades.handlers.updateTrade(
      apiEvent({
        method: 'PATCH',
        path: '/api/trades/t1',
        sub: 'user-1',
        pathParameters: { id: 't1' },
        body: { exit_price: 2 },
      }),
    );
    expect(result.statusCode).toBe(409);
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      ConditionExpression: 'attribute_exists(trade_id) AND updated_at = :expected',
      ExpressionAttributeValues: { ':expected': '2025-01-01T00:00:00.000Z' },
    });
  });

  describe('an import that closes trades of the journal', () => {
    /** An open trade as stored, opened at `opened_at` (stored before opening keys: matched by its values). */
    const openTrade = (tradeId: string, openedAt: string) => ({
      user_id: 'user-1',
      trade_id: tradeId,
      ticker: 'AAPL',
      strategy: 'Long Call',
      side: 'debit',
      quantity: 1,
      entry_price: 1,
      exit_price: null,
      fees: 0,
      notes: 'mine',
      tags: ['swing'],
      source: 'import',
      source_ref: null,
      legs: null,
      opened_at: openedAt,
      closed_at: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      opened_sk: `${openedAt}#${tradeId}`,
      tag_keys: ['swing'],
    });
    const a = openTrade('t-a', '2025-01-01T10:00:00.000Z');
    const b = openTrade('t-b', '2025-01-02T10:00:00.000Z');
    const newerExport = [
      'Ticker,Strategy,Entry Price,Exit Price,Opened At,Closed At',
      'AAPL,Long Call,1.00,2.00,2025-01-01T10:00:00Z,2025-01-05T10:00:00Z',
      'AAPL,Long Call,1.00,1.50,2025-01-02T10:00:00Z,2025-01-05T10:00:00Z',
      'MSFT,Long Put,3.00,,2025-01-03T10:00:00Z,',
    ].join('\n');
    /** The consistent read of the trades to close, just before they are written. */
    const onRead = (items: Record<string, object>) =>
      dynamo
        .on(BatchGetCommand)
        .callsFake((input: { RequestItems: Record<string, { Keys: { trade_id: string }[] }> }) => ({
          Responses: {
            'trades-test': input.RequestItems['trades-test']!.Keys.flatMap(
              (key) => items[key.trade_id] ?? [],
            ),
          },
        }));

    /** The conditional puts of the trades table: closes (on updated_at) and adds (on a free id). */
    const tradePuts = () => {
      const puts = dynamo
        .commandCalls(PutCommand)
        .map((c) => c.args[0].input)
        .filter((p) => p.TableName === 'trades-test');
      return {
        closes: puts.filter((p) => p.ConditionExpression !== 'attribute_not_exists(trade_id)'),
        adds: puts.filter((p) => p.ConditionExpression === 'attribute_not_exists(trade_id)'),
      };
    };
    /** The file's import record as last written (its status). */
    const recordStatus = () =>
      dynamo
        .commandCalls(UpdateCommand)
        .map((c) => c.args[0].input)
        .filter((u) => u.TableName === 'idempotency-test')
        .at(-1)?.ExpressionAttributeValues?.[':status'];

    it('closes them with conditional writes, keeping what the trader wrote, and adds the new row', async () => {
      dynamo.on(QueryCommand).resolves({ Items: [a, b] });
      onRead({ 't-a': a, 't-b': b });
      dynamo.on(PutCommand).resolves({});

      const result = await trades.handlers.importTrades(importEvent(newerExport));

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({
        status: 'complete',
        imported: 1,
        updated: 2,
        duplicates: [],
      });
      const { closes, adds } = tradePuts();
      expect(closes.map((p) => p.Item!.trade_id).sort()).toEqual(['t-a', 't-b']);
      for (const put of closes) {
        expect(put.ConditionExpression).toBe('attribute_exists(trade_id) AND updated_at = :expected');
        expect(put.ExpressionAttributeValues).toEqual({ ':expected': '2025-01-01T00:00:00.000Z' });
        expect(put.Item).toMatchObject({
          notes: 'mine',
          tags: ['swing'],
          closed_at: '2025-01-05T10:00:00.000Z',
        });
      }
      expect(adds.map((p) => p.Item!.ticker)).toEqual(['MSFT']);
      expect(recordStatus()).toBe('complete');
    });

    it('a failure while adding the new rows keeps the closes, answers 503 and records the file as partial', async () => {
      dynamo.on(QueryCommand).resolves({ Items: [a, b] });
      onRead({ 't-a': a, 't-b': b });
      dynamo.on(PutCommand).callsFake((input: { ConditionExpression?: string }) => {
        if (input.ConditionExpression === 'attribute_not_exists(trade_id)')
          throw new InternalServerError({ message: 'busy', $metadata: {} });
        return {};
      });

      const result = await trades.handlers.importTrades(importEvent(newerExport));

      expect(result.statusCode).toBe(503);
      const { closes } = tradePuts();
      // Nothing is put back: the closes are what a retry of the file would write again.
      expect(closes.map((p) => p.Item!.trade_id).sort()).toEqual(['t-a', 't-b']);
      expect(closes.every((p) => p.Item!.exit_price !== null)).toBe(true);
      expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
      expect(recordStatus()).toBe('partial');
    });

    it('answers 409 and adds nothing when a trade was changed otherwise after the journal was read', async () => {
      dynamo.on(QueryCommand).resolves({ Items: [a, b] });
      // An edit wrote trade b in between.
      onRead({ 't-a': a, 't-b': { ...b, notes: 'edited', updated_at: '2025-01-06T00:00:00.000Z' } });
      dynamo.on(PutCommand).resolves({});

      const result = await trades.handlers.importTrades(importEvent(newerExport));

      expect(result.statusCode).toBe(409);
      expect(parseBody(result)).toMatchObject({ error: { code: 'conflict' } });
      const { closes, adds } = tradePuts();
      expect(closes.every((p) => p.Item!.trade_id === 't-a')).toBe(true);
      expect(adds).toHaveLength(0);
      expect(recordStatus()).toBe('partial');
    });

    it('counts a trade another import closed the same way as done, not as a conflict', async () => {
      dynamo.on(QueryCommand).resolves({ Items: [a, b] });
      onRead({ 't-a': a, 't-b': b });
      const closedB = {
        ...b,
        exit_price: 1.5,
        closed_at: '2025-01-05T10:00:00.000Z',
        updated_at: '2025-01-06T00:00:00.000Z',
      };
      dynamo.on(GetCommand, { TableName: 'trades-test' }).resolves({ Item: closedB });
      dynamo.on(PutCommand).callsFake((input: { Item: { trade_id: string; exit_price: number | null } }) => {
        if (input.Item.trade_id === 't-b' && input.Item.exit_price !== null)
          throw new ConditionalCheckFailedException({ message: 'changed', $metadata: {} });
        return {};
      });

      const result = await trades.handlers.importTrades(importEvent(newerExport));

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({
        status: 'complete',
        imported: 1,
        updated: 1,
        duplicates: [{ line: 3, trade_id: 't-b' }],
      });
    });
  });

  it('reads only the caller partition: the key condition carries the token subject', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    await trades.handlers.listTrades(apiEvent({ path: '/api/trades', sub: 'user-9' }));
    const query = dynamo.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.KeyConditionExpression).toMatch(/^#user = :user/);
    expect(query.ExpressionAttributeValues).toMatchObject({ ':user': 'user-9' });
  });

  it('a DynamoDB failure on the list is a 500 with only a request id', async () => {
    dynamo.on(QueryCommand).rejects(new Error('socket hang up'));
    const result = await trades.handlers.listTrades(apiEvent({ path: '/api/trades', sub: 'user-1' }));
    expect(result.statusCode).toBe(500);
    expect(parseBody(result)).toEqual({
      error: { code: 'internal_error', message: expect.any(String), details: { requestId: 'req-123' } },
    });
  });

  describe('statistics cache', () => {
    const statsEvent = () => apiEvent({ path: '/api/trades/stats', sub: 'user-1' });
    const cachedEntry = (version: number, day: string) => ({
      Item: {
        user_id: 'user-1',
        version,
        day,
        stats: { total_trades: 42, as_of: '2026-11-20T00:00:00.000Z' },
      },
    });
    const onGet = (version: number, entry: ReturnType<typeof cachedEntry> | object) => {
      dynamo.on(GetCommand, { Key: { user_id: 'user-1', sk: 'version' } }).resolves({ Item: { version } });
      dynamo.on(GetCommand, { TableName: 'journal-cache-test' }).resolves(entry);
    };

    it('serves figures computed at the current version and day without reading the trades', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-23T15:00:00.000Z'), toFake: ['Date'] });
      onGet(7, cachedEntry(7, '2026-11-23'));
      dynamo.on(GetCommand, { Key: { user_id: 'user-1', sk: 'version' } }).resolves({ Item: { version: 7 } });
      const result = await trades.handlers.getTradeStats(statsEvent());
      vi.useRealTimers();
      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toMatchObject({ total_trades: 42, as_of: '2026-11-23T15:00:00.000Z' });
      expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    });

    it.each([
      ['a trade was written since (the version moved)', 8, '2026-11-23'],
      ['the day turned (Today P&L moves)', 7, '2026-11-22'],
    ])('recomputes when %s, and stores the new figures', async (_why, version, day) => {
      vi.useFakeTimers({ now: new Date('2026-11-23T15:00:00.000Z'), toFake: ['Date'] });
      dynamo.on(GetCommand, { TableName: 'journal-cache-test' }).resolves(cachedEntry(7, day));
      dynamo.on(GetCommand, { Key: { user_id: 'user-1', sk: 'version' } }).resolves({ Item: { version } });
      dynamo.on(QueryCommand).resolves({ Items: [] });
      const result = await trades.handlers.getTradeStats(statsEvent());
      vi.useRealTimers();
      expect(parseBody(result)).toMatchObject({ total_trades: 0 });
      expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
      expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
        version,
        day: '2026-11-23',
      });
    });

    it('every write bumps the version before and after it', async () => {
      dynamo.on(PutCommand).resolves({});
      await trades.handlers.createTrade(
        apiEvent({
          method: 'POST',
          path: '/api/trades',
          sub: 'user-1',
          body: { ticker: 'SPY', strategy: 'Long Call', entry_price: 1 },
        }),
      );
      const bumps = dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input);
      expect(bumps).toHaveLength(2);
      expect(bumps[0]).toMatchObject({
        Key: { user_id: 'user-1', sk: 'version' },
        UpdateExpression: 'ADD #version :one',
      });
    });
  });
});
