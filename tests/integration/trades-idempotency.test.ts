/**
 * Repeated and concurrent journal writes through the local API (real tokens, the real
 * authorizer, dynalite): the same CSV file imported many times at once, a double submit, two
 * files with the same new rows, and `POST /api/trades` under an Idempotency-Key.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/api/idempotency';
import { apiPath } from '@shared/routes';
import { tables } from '@shared/tables';
import { tradeImportResultSchema, tradeSchema } from '@shared/trades/schemas';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);

async function storedTrades(user: TestUser) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tables.trades.id,
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': subOf(user) },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function importCsv(user: TestUser, csv: string) {
  const response = await api(apiPath('importTrades'), {
    token: user.accessToken,
    method: 'POST',
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return tradeImportResultSchema.parse(response.json);
}

/** `rows` distinct trades, one an hour from `start`, every third still open. */
const csvOf = (rows: number, start = '2025-03-03T14:30:00Z', ticker = 'SPY') =>
  [
    'Ticker,Strategy,Entry Price,Exit Price,Opened At',
    ...Array.from({ length: rows }, (_, i) => {
      const opened = new Date(Date.parse(start) + i * 3_600_000).toISOString();
      return `${ticker},Long Call,1.25,${i % 3 === 0 ? '' : '1.90'},${opened}`;
    }),
  ].join('\n');

describe('idempotent journal writes', () => {
  describe('CSV import', () => {
    it('20 concurrent imports of one 100-row file store each row once, and their answers add up to it', async () => {
      const user = await createUser('idem-burst');
      const csv = csvOf(100);

      const results = await Promise.all(Array.from({ length: 20 }, () => importCsv(user, csv)));

      const trades = await storedTrades(user);
      expect(trades).toHaveLength(100);
      expect(new Set(trades.map((t) => t.opened_at)).size).toBe(100);
      expect(results.every((r) => r.status === 'complete' && r.remaining === 0)).toBe(true);
      // Each answer accounts for every row: added by it, or already there (by another import).
      for (const result of results) expect(result.imported + result.duplicates.length).toBe(100);
      expect(results.reduce((sum, r) => sum + r.imported, 0)).toBe(100);
    });

    it('a double submit stores the file once; sent again later it adds nothing', async () => {
      const user = await createUser('idem-double');
      const csv = csvOf(40, '2025-04-01T14:30:00Z', 'QQQ');

      const [first, second] = await Promise.all([importCsv(user, csv), importCsv(user, csv)]);
      expect(first.imported + second.imported).toBe(40);
      const later = await importCsv(user, csv);

      expect(later).toMatchObject({
        status: 'complete',
        imported: 0,
        previous_import: { status: 'complete' },
      });
      expect(later.duplicates).toHaveLength(40);
      expect(await storedTrades(user)).toHaveLength(40);
    });

    it('rows without an open time: the same file twice at once, then again, stores them once', async () => {
      const user = await createUser('idem-undated');
      const csv = [
        'Ticker,Strategy,Entry Price',
        'AAPL,Long Call,2.10',
        'AAPL,Long Call,2.10',
        'MSFT,Long Put,3.00',
      ].join('\n');

      await Promise.all([importCsv(user, csv), importCsv(user, csv)]);
      const again = await importCsv(user, csv);

      expect(again.imported).toBe(0);
      const trades = await storedTrades(user);
      // Two identical rows are two trades, each once.
      expect(trades.map((t) => `${t.ticker} ${t.entry_price}`).sort()).toEqual([
        'AAPL 2.1',
        'AAPL 2.1',
        'MSFT 3',
      ]);
    });

    it('two different files with the same new rows, imported at once (two tabs), store those rows once', async () => {
      const user = await createUser('idem-two-tabs');
      const shared = csvOf(30, '2025-05-01T14:30:00Z', 'IWM').split('\n').slice(1);
      const older = ['Ticker,Strategy,Entry Price,Exit Price,Opened At', ...shared].join('\n');
      // A newer export: the same rows in another order, and one more.
      const newer = [
        'Ticker,Strategy,Entry Price,Exit Price,Opened At',
        'IWM,Long Put,0.80,,2025-06-01T14:30:00Z',
        ...[...shared].reverse(),
      ].join('\n');

      await Promise.all([importCsv(user, older), importCsv(user, newer)]);

      const trades = await storedTrades(user);
      expect(trades).toHaveLength(31);
      expect(new Set(trades.map((t) => `${t.strategy} ${t.opened_at}`)).size).toBe(31);
    });

    it('two imports at once that close the same open trades close each once, and neither answers 409', async () => {
      const user = await createUser('idem-close');
      const open = csvOf(9, '2025-07-01T14:30:00Z', 'DIA').replaceAll(',1.90,', ',,');
      expect((await importCsv(user, open)).imported).toBe(9);
      const closed = csvOf(9, '2025-07-01T14:30:00Z', 'DIA').replaceAll(/,,(\d{4})/g, ',1.90,$1');

      const results = await Promise.all([importCsv(user, closed), importCsv(user, closed)]);

      expect(results.reduce((sum, r) => sum + r.updated, 0)).toBe(9);
      const trades = await storedTrades(user);
      expect(trades).toHaveLength(9);
      expect(trades.every((t) => t.exit_price === 1.9)).toBe(true);
    });
  });

  describe('POST /api/trades with an Idempotency-Key', () => {
    const body = { ticker: 'NVDA', strategy: 'Long Call', entry_price: 3.4, notes: 'breakout' };
    const post = (user: TestUser, key: string | undefined, payload: object = body) =>
      api(apiPath('createTrade'), {
        token: user.accessToken,
        method: 'POST',
        body: payload,
        headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
      });
    let kate: TestUser;
    let liam: TestUser;

    beforeAll(async () => {
      [kate, liam] = await Promise.all([createUser('idem-kate'), createUser('idem-liam')]);
    });

    it('the same key and body twice: one trade, the same answer, the second marked as replayed', async () => {
      const first = await post(kate, 'add-trade-1');
      const second = await post(kate, 'add-trade-1');

      expect(first.status, first.text).toBe(201);
      expect(second.status).toBe(201);
      expect(second.json).toEqual(first.json);
      expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
      expect(second.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
      const trades = await storedTrades(kate);
      expect(trades.map((t) => t.trade_id)).toEqual([tradeSchema.parse(first.json).trade_id]);
    });

    it('the same key and body 10 times at once: one trade, every answer the same row', async () => {
      const user = await createUser('idem-burst-key');
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(user, 'burst-key')));

      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 201));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(await storedTrades(user)).toHaveLength(1);
    });

    it('the same key with another body is 422 idempotency_key_reused, and nothing more is stored', async () => {
      const user = await createUser('idem-reuse');
      expect((await post(user, 'reused')).status).toBe(201);

      const other = await post(user, 'reused', { ...body, entry_price: 3.5 });

      expect(other.status).toBe(422);
      expect(other.json).toMatchObject({ error: { code: 'idempotency_key_reused' } });
      expect(await storedTrades(user)).toHaveLength(1);
    });

    it("keys are the user's own: another user's same key makes their own trade", async () => {
      const mine = tradeSchema.parse((await post(kate, 'shared-name')).json);
      const theirs = await post(liam, 'shared-name', { ...body, ticker: 'AMD' });

      expect(theirs.status).toBe(201);
      expect(tradeSchema.parse(theirs.json)).toMatchObject({ ticker: 'AMD', user_id: subOf(liam) });
      expect(tradeSchema.parse(theirs.json).trade_id).not.toBe(mine.trade_id);
    });

    it('a malformed key is a 400 naming the header, and no key at all makes a new trade each time', async () => {
      const user = await createUser('idem-malformed');
      const blank = await post(user, 'x'.repeat(201));
      expect(blank.status).toBe(400);
      expect(blank.json).toMatchObject({ error: { details: [{ path: IDEMPOTENCY_KEY_HEADER }] } });

      expect((await post(user, undefined)).status).toBe(201);
      expect((await post(user, undefined)).status).toBe(201);
      expect(await storedTrades(user)).toHaveLength(2);
    });
  });
});
