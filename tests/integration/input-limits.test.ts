/**
 * Input that used to cause a 500 through the local runtime (issue 19), and what is written out:
 * each case is sent through the local server (real tokens, the authorizer, dynalite), answered
 * with a 4xx and the envelope, and the journal is the same afterwards; the CSV export neutralises
 * formula cells and leaves numbers as numbers.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@shared/routes';
import { TRADE_CSV_COLUMNS } from '@shared/trades/csv';
import { tradeListResponseSchema } from '@shared/trades/schemas';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

let user: TestUser;
let userId: string;

async function journal(): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: 'trades',
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
    }),
  );
  return Items;
}

const createTrade = (body: unknown) =>
  api(apiPath('createTrade'), { token: user.accessToken, method: 'POST', body });

beforeAll(async () => {
  user = await createUser('input-limits');
  userId = String(decodeJwt(user.accessToken).sub);
  for (const [day, ticker] of [
    ['2025-03-10', 'AAPL'],
    ['2025-03-11', 'MSFT'],
    ['2025-03-12', 'NVDA'],
  ] as const) {
    const response = await createTrade({
      ticker,
      strategy: 'Long Call',
      entry_price: 1,
      opened_at: `${day}T15:00:00Z`,
    });
    expect(response.status, response.text).toBe(201);
  }
});

describe('input that reached DynamoDB as a 500 is a 400, and changes nothing', () => {
  const leg = { kind: 'call', side: 'long', quantity: 1, strike: 100, expiration: '2026-01-16', premium: 1 };

  it.each([
    ['entry_price 5e-324 (below DynamoDB’s smallest magnitude)', { entry_price: 5e-324 }, 'entry_price'],
    ['entry_price 1e-9 (a third decimal and more)', { entry_price: 1e-9 }, 'entry_price'],
    ['a leg strike of 1e200', { legs: [{ ...leg, strike: 1e200 }] }, 'legs.0.strike'],
    ['a leg expiration 0000-01-01', { legs: [{ ...leg, expiration: '0000-01-01' }] }, 'legs.0.expiration'],
  ])('POST /api/trades with %s', async (_name, change, field) => {
    const before = await journal();
    const response = await createTrade({ ticker: 'SPY', strategy: 'Long Call', entry_price: 1, ...change });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({
      error: { code: 'validation_failed', details: [expect.objectContaining({ path: field })] },
    });
    expect(await journal()).toEqual(before);
  });

  it('a CSV row with a leg strike of 1e200: 400 naming the row and the Legs column, nothing imported', async () => {
    const before = await journal();
    const legs = JSON.stringify([{ ...leg, strike: 1e200 }]).replaceAll('"', '""');
    const csv = `Ticker,Strategy,Entry Price,Legs\nSPY,Long Call,1.00,"${legs}"\n`;
    const response = await api(apiPath('importTrades'), {
      token: user.accessToken,
      method: 'POST',
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({
      error: {
        code: 'validation_failed',
        details: [{ line: 2, field: 'Legs', message: expect.any(String) }],
      },
    });
    expect(await journal()).toEqual(before);
  });

  it('a cursor sent with another date range, or edited to lie outside its own: 400', async () => {
    const range = { from: '2025-03-01', to: '2025-03-31', tz: 'UTC' };
    const first = await api(apiPath('listTrades', {}, { ...range, limit: 1 }), { token: user.accessToken });
    const { cursor } = tradeListResponseSchema.parse(first.json);
    expect(cursor).not.toBeNull();
    const elsewhere = await api(apiPath('listTrades', {}, { from: '2025-03-11', to: '2025-03-11', cursor }), {
      token: user.accessToken,
    });
    expect(elsewhere.status, elsewhere.text).toBe(400);
    const edited = Buffer.from(
      JSON.stringify({
        ...(JSON.parse(Buffer.from(cursor!, 'base64url').toString('utf8')) as object),
        v: '2024-01-01T00:00:00.000Z#x',
      }),
    ).toString('base64url');
    const outside = await api(apiPath('listTrades', {}, { ...range, cursor: edited }), {
      token: user.accessToken,
    });
    expect(outside.status, outside.text).toBe(400);
    expect(outside.json).toMatchObject({ error: { details: [{ path: 'cursor' }] } });
    // Its own query continues it.
    const next = await api(apiPath('listTrades', {}, { ...range, limit: 1, cursor }), {
      token: user.accessToken,
    });
    expect(next.status).toBe(200);
  });

  it.each(['%E0%A4%A', '%FF', '%'])('PATCH /api/trades/%s (a path that does not decode): 400', async (id) => {
    const before = await journal();
    const response = await api(`/api/trades/${id}`, {
      token: user.accessToken,
      method: 'PATCH',
      body: { notes: 'x' },
    });
    expect(response.status, response.text).toBe(400);
    expect(await journal()).toEqual(before);
  });

  it('a body that is not UTF-8: 400 invalid_encoding, not stored with replacement characters', async () => {
    const before = await journal();
    const bytes = Buffer.concat([
      Buffer.from('{"ticker":"SPY","strategy":"Long Call","entry_price":1,"notes":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    const response = await api(apiPath('createTrade'), {
      token: user.accessToken,
      method: 'POST',
      rawBody: new Uint8Array(bytes),
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'invalid_encoding' } });
    expect(await journal()).toEqual(before);
  });

  it('a body declared as UTF-16: 415, whether JSON or a CSV upload', async () => {
    const json = await api(apiPath('createTrade'), {
      token: user.accessToken,
      method: 'POST',
      body: { ticker: 'SPY', strategy: 'Long Call', entry_price: 1 },
      headers: { 'content-type': 'application/json; charset=utf-16' },
    });
    expect(json.status, json.text).toBe(415);
    const csv = await api(apiPath('importTrades'), {
      token: user.accessToken,
      method: 'POST',
      rawBody: 'Ticker,Strategy,Entry Price\nSPY,Long Call,1\n',
      headers: { 'content-type': 'text/csv; charset=utf-16' },
    });
    expect(csv.status, csv.text).toBe(415);
    expect(await journal()).toHaveLength(3);
  });
});

describe('the CSV export', () => {
  it('neutralises every text cell a spreadsheet would run as a formula, and keeps a negative P&L a number', async () => {
    const owner = await createUser('export-cells');
    const notes = ['-1+HYPERLINK("https://evil.example","x")', "-2-cmd|' /C calc'!A0", '@SUM(1)', '+1', '=1'];
    for (const note of notes) {
      const response = await api(apiPath('createTrade'), {
        token: owner.accessToken,
        method: 'POST',
        body: {
          ticker: 'SPY',
          strategy: 'Long Call',
          entry_price: 2.5,
          exit_price: 1.25,
          notes: note,
          tags: [note.slice(0, 5).replaceAll(/[,;]/g, '')],
        },
      });
      expect(response.status, response.text).toBe(201);
    }
    const exported = await api(apiPath('exportTrades'), { token: owner.accessToken });
    expect(exported.status).toBe(200);
    const { data, meta } = Papa.parse<Record<string, string>>(exported.text, { header: true });
    expect(meta.fields).toEqual([...TRADE_CSV_COLUMNS]);
    expect(data.map((row) => row.Notes).sort()).toEqual(notes.map((note) => `'${note}`).sort());
    for (const row of data) {
      expect(row.Tags).toMatch(/^'/);
      expect(row['P&L']).toBe('-125.00');
    }
  });
});
