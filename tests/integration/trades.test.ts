/** The journal API end to end: real tokens, the real authorizer, dynalite tables. */
import { readFile } from 'node:fs/promises';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@shared/routes';
import { TRADE_CSV_COLUMNS } from '@shared/trades/csv';
import {
  tradeImportResultSchema,
  tradeListResponseSchema,
  tradeSchema,
  tradeStatsSchema,
  type Trade,
} from '@shared/trades/schemas';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

async function storedTrades(userId: string) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: 'trades',
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const post = (user: TestUser, body: unknown) =>
  api(apiPath('createTrade'), { token: user.accessToken, method: 'POST', body });

async function addTrade(user: TestUser, body: Record<string, unknown>): Promise<Trade> {
  const response = await post(user, body);
  expect(response.status, response.text).toBe(201);
  return tradeSchema.parse(response.json);
}

const importCsv = (user: TestUser, csv: string, dryRun = false) =>
  api(apiPath('importTrades', {}, { dryRun }), {
    token: user.accessToken,
    method: 'POST',
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });

const stats = async (user: TestUser, query: Record<string, string> = {}) => {
  const response = await api(apiPath('getTradeStats', {}, query), { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return tradeStatsSchema.parse(response.json);
};

describe('trades API', () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceId: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createUser('journal-alice'), createUser('journal-bob')]);
    aliceId = String(decodeJwt(alice.accessToken).sub);
  });

  it('creates an open trade with the defaults, closes it, and the stats follow', async () => {
    const open = await addTrade(alice, { ticker: ' nvda ', strategy: 'Long Call', entry_price: 2.5 });
    expect(open).toMatchObject({
      ticker: 'NVDA',
      side: 'debit',
      quantity: 1,
      fees: 0,
      exit_price: null,
      closed_at: null,
      pnl: null,
      source: 'manual',
      user_id: aliceId,
    });
    let figures = await stats(alice);
    expect(figures).toMatchObject({
      total_trades: 1,
      open_trades: 1,
      closed_trades: 0,
      win_rate: 0,
      total_pnl: 0,
    });

    const closed = await api(apiPath('updateTrade', { id: open.trade_id }), {
      token: alice.accessToken,
      method: 'PATCH',
      body: { exit_price: 3.75 },
    });
    expect(closed.status, closed.text).toBe(200);
    const row = tradeSchema.parse(closed.json);
    expect(row.pnl).toBe(125);
    expect(row.closed_at).not.toBeNull();
    expect(row.updated_at > open.updated_at).toBe(true);

    figures = await stats(alice);
    expect(figures).toMatchObject({
      total_trades: 1,
      closed_trades: 1,
      win_rate: 100,
      total_pnl: 125,
      today_pnl: 125,
      avg_edge_score: 95,
      portfolio_value: 125,
    });
    expect(figures.analytics.equity_curve).toHaveLength(1);
    expect(figures.analytics.equity_curve[0]!.equity).toBe(125);
  });

  it('computes a credit trade with quantity and fees as a trader would', async () => {
    const condor = await addTrade(bob, {
      ticker: 'SPY',
      strategy: 'Iron Condor',
      side: 'credit',
      quantity: 3,
      entry_price: 1.2,
      exit_price: 0.4,
      fees: 7.8,
      tags: ['income', 'Income', 'weekly'],
    });
    // (1.20 - 0.40) x 100 x 3 - 7.80
    expect(condor.pnl).toBe(232.2);
    expect(condor.tags).toEqual(['income', 'weekly']);
  });

  describe('bad input: 400 naming the field, and nothing stored', () => {
    it.each([
      [{ strategy: 'Long Call', entry_price: 1 }, 'ticker'],
      [{ ticker: 'AAPL', strategy: 'Yolo', entry_price: 1 }, 'strategy'],
      [{ ticker: 'AAPL', strategy: 'Long Call' }, 'entry_price'],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: -1 }, 'entry_price'],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1.234 }, 'entry_price'],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: '1.20' }, 'entry_price'],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, notes: 'x'.repeat(2001) }, 'notes'],
      [
        {
          ticker: 'AAPL',
          strategy: 'Long Call',
          entry_price: 1,
          tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
        },
        'tags',
      ],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, user_id: 'someone-else' }, 'user_id'],
      [{ ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, quantity: 0 }, 'quantity'],
      [
        {
          ticker: 'AAPL',
          strategy: 'Long Call',
          entry_price: 1,
          exit_price: 2,
          opened_at: '2025-03-02T00:00:00Z',
          closed_at: '2025-03-01T00:00:00Z',
        },
        'closed_at',
      ],
      [
        { ticker: 'AAPL', strategy: 'Long Call', entry_price: 1, opened_at: '2999-01-01T00:00:00Z' },
        'opened_at',
      ],
    ])('%j → names %s', async (body, field) => {
      const before = await storedTrades(aliceId);
      const response = await post(alice, body);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: { code: 'validation_failed' } });
      const details = (response.json as { error: { details: { path: string }[] } }).error.details;
      expect(details.map((d) => d.path)).toContain(field);
      expect(await storedTrades(aliceId)).toEqual(before);
    });

    it('refuses a PATCH with nothing in it, or an unknown field', async () => {
      const trade = await addTrade(alice, { ticker: 'AMD', strategy: 'Long Put', entry_price: 1 });
      for (const body of [{}, { source: 'scanner' }, { trade_id: 'x' }]) {
        const response = await api(apiPath('updateTrade', { id: trade.trade_id }), {
          token: alice.accessToken,
          method: 'PATCH',
          body,
        });
        expect(response.status).toBe(400);
      }
      const [after] = (await storedTrades(aliceId)).filter((t) => t.trade_id === trade.trade_id);
      expect(after).toMatchObject({ updated_at: trade.updated_at });
    });
  });

  it("another user's trade id is 404 for read, change and delete, and nothing changes", async () => {
    const mine = await addTrade(alice, { ticker: 'TSLA', strategy: 'Straddle', entry_price: 12 });
    const before = await storedTrades(aliceId);
    const patch = await api(apiPath('updateTrade', { id: mine.trade_id }), {
      token: bob.accessToken,
      method: 'PATCH',
      body: { exit_price: 0 },
    });
    expect(patch.status).toBe(404);
    const del = await api(apiPath('deleteTrade', { id: mine.trade_id }), {
      token: bob.accessToken,
      method: 'DELETE',
    });
    expect(del.status).toBe(404);
    expect(await storedTrades(aliceId)).toEqual(before);
    const bobsList = tradeListResponseSchema.parse(
      (await api(apiPath('listTrades'), { token: bob.accessToken })).json,
    );
    expect(bobsList.trades.map((t) => t.trade_id)).not.toContain(mine.trade_id);
  });

  it('deletes a trade (204), then 404', async () => {
    const trade = await addTrade(alice, { ticker: 'QQQ', strategy: 'Collar', entry_price: 0.5 });
    const first = await api(apiPath('deleteTrade', { id: trade.trade_id }), {
      token: alice.accessToken,
      method: 'DELETE',
    });
    expect(first.status).toBe(204);
    expect((await storedTrades(aliceId)).some((t) => t.trade_id === trade.trade_id)).toBe(false);
    const again = await api(apiPath('deleteTrade', { id: trade.trade_id }), {
      token: alice.accessToken,
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('lists newest trade date first and filters by ticker, strategy, tag, status and date range', async () => {
    const carol = await createUser('journal-carol');
    const specs = [
      { ticker: 'AAPL', strategy: 'Long Call', opened_at: '2025-01-05T15:00:00Z', tags: ['earnings'] },
      { ticker: 'MSFT', strategy: 'Long Put', opened_at: '2025-02-10T15:00:00Z', exit_price: 1 },
      {
        ticker: 'AAPL',
        strategy: 'Iron Condor',
        opened_at: '2025-03-15T15:00:00Z',
        tags: ['Earnings'],
        exit_price: 2,
      },
      { ticker: 'NVDA', strategy: 'Long Call', opened_at: '2025-01-20T15:00:00Z' },
    ];
    for (const spec of specs) await addTrade(carol, { entry_price: 1.5, ...spec });

    const list = async (query: Record<string, string>) => {
      const response = await api(apiPath('listTrades', {}, query), { token: carol.accessToken });
      expect(response.status, response.text).toBe(200);
      return tradeListResponseSchema
        .parse(response.json)
        .trades.map((t) => `${t.ticker}@${t.opened_at.slice(0, 10)}`);
    };
    expect(await list({})).toEqual([
      'AAPL@2025-03-15',
      'MSFT@2025-02-10',
      'NVDA@2025-01-20',
      'AAPL@2025-01-05',
    ]);
    expect(await list({ ticker: 'aapl' })).toEqual(['AAPL@2025-03-15', 'AAPL@2025-01-05']);
    expect(await list({ strategy: 'Long Call' })).toEqual(['NVDA@2025-01-20', 'AAPL@2025-01-05']);
    expect(await list({ tag: 'EARNINGS' })).toEqual(['AAPL@2025-03-15', 'AAPL@2025-01-05']);
    expect(await list({ status: 'open' })).toEqual(['NVDA@2025-01-20', 'AAPL@2025-01-05']);
    expect(await list({ status: 'closed' })).toEqual(['AAPL@2025-03-15', 'MSFT@2025-02-10']);
    expect(await list({ from: '2025-01-20', to: '2025-02-10' })).toEqual([
      'MSFT@2025-02-10',
      'NVDA@2025-01-20',
    ]);
    // 2025-01-20T15:00Z is already the 21st in Tokyo.
    expect(await list({ from: '2025-01-21', to: '2025-01-21', tz: 'Asia/Tokyo' })).toEqual([
      'NVDA@2025-01-20',
    ]);

    const bad = await api(apiPath('listTrades', {}, { status: 'maybe', limit: '0' }), {
      token: carol.accessToken,
    });
    expect(bad.status).toBe(400);
    const forged = await api(apiPath('listTrades', {}, { cursor: 'bm90LWEtY3Vyc29y' }), {
      token: carol.accessToken,
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('cursor');

    const byStrategy = (await stats(carol)).analytics.by_strategy.map((g) => g.key);
    expect(byStrategy.sort()).toEqual(['Iron Condor', 'Long Put']);
  });

  describe('CSV', () => {
    const header = TRADE_CSV_COLUMNS.join(',');

    it('exports every column and imports the same file back exactly into another account', async () => {
      const dave = await createUser('journal-dave');
      const erin = await createUser('journal-erin');
      await addTrade(dave, {
        ticker: 'SPY',
        strategy: 'Iron Condor',
        side: 'credit',
        quantity: 2,
        entry_price: 1.2,
        exit_price: 0.4,
        fees: 5.2,
        notes: 'Sold the wings, "tight" spread,\nclosed early',
        tags: ['income'],
        opened_at: '2025-04-01T14:30:00Z',
        closed_at: '2025-04-10T19:00:00Z',
      });
      await addTrade(dave, {
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 3,
        notes: '=HYPERLINK("x")',
      });

      const exported = await api(apiPath('exportTrades'), { token: dave.accessToken });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="trading-journal-/);
      expect(exported.text.split('\r\n')[0]).toBe(header);

      const imported = await importCsv(erin, exported.text);
      expect(imported.status, imported.text).toBe(200);
      expect(tradeImportResultSchema.parse(imported.json).imported).toBe(2);

      const again = await api(apiPath('exportTrades'), { token: erin.accessToken });
      const rows = (text: string) =>
        Papa.parse<Record<string, string>>(text, { header: true }).data.map((row) => {
          const { 'Trade ID': _id, 'Created At': _c, 'Updated At': _u, ...rest } = row;
          return rest;
        });
      expect(rows(again.text)).toEqual(rows(exported.text));
      expect(rows(again.text)).toContainEqual(
        expect.objectContaining({ Notes: 'Sold the wings, "tight" spread,\nclosed early' }),
      );
      // A note that a spreadsheet would run as a formula is written as text, and comes back as typed.
      expect(exported.text).toContain("'=HYPERLINK");
      expect(rows(again.text)).toContainEqual(expect.objectContaining({ Notes: '\'=HYPERLINK("x")' }));
      const erinTrades = tradeListResponseSchema.parse(
        (await api(apiPath('listTrades'), { token: erin.accessToken })).json,
      );
      expect(erinTrades.trades.map((t) => t.notes)).toContain('=HYPERLINK("x")');

      // The same file again: every row is a duplicate, nothing is added.
      const duplicate = tradeImportResultSchema.parse((await importCsv(erin, exported.text)).json);
      expect(duplicate).toMatchObject({ imported: 0, new_rows: 0 });
      expect(duplicate.duplicates.map((d) => d.line)).toEqual([2, 3]);
      expect(await storedTrades(String(decodeJwt(erin.accessToken).sub))).toHaveLength(2);
    });

    it('imports all or nothing: a bad row names its row and field and stores nothing; fixed, it imports', async () => {
      const frank = await createUser('journal-frank');
      const frankId = String(decodeJwt(frank.accessToken).sub);
      const csv = (thirdEntry: string) =>
        [
          'Ticker,Strategy,Entry Price,Exit Price,Opened At',
          'AAPL,Long Call,2.50,3.10,2025-05-01T14:00:00Z',
          'msft,long put,1.00,,2025-05-02T14:00:00Z',
          `TSLA,Straddle,${thirdEntry},4.00,2025-05-03T14:00:00Z`,
        ].join('\n');

      const preview = await importCsv(frank, csv('abc'), true);
      expect(preview.status).toBe(200);
      const result = tradeImportResultSchema.parse(preview.json);
      expect(result.errors).toEqual([{ line: 4, field: 'Entry Price', message: expect.any(String) }]);
      expect(result.new_rows).toBe(2);

      const refused = await importCsv(frank, csv('abc'));
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        error: { code: 'validation_failed', details: [{ line: 4, field: 'Entry Price' }] },
      });
      expect(await storedTrades(frankId)).toEqual([]);

      const fixed = await importCsv(frank, csv('5.25'));
      expect(fixed.status, fixed.text).toBe(200);
      expect(tradeImportResultSchema.parse(fixed.json)).toMatchObject({ imported: 3, errors: [] });
      const stored = await storedTrades(frankId);
      expect(stored).toHaveLength(3);
      expect(stored.map((t) => t.strategy).sort()).toEqual(['Long Call', 'Long Put', 'Straddle']);
      expect(stored.every((t) => t.source === 'import')).toBe(true);
    });

    describe('re-importing a newer export of the same account', () => {
      const HEADER = 'Ticker,Strategy,Side,Quantity,Entry Price,Exit Price,Fees,Opened At,Closed At';
      const CONDOR = 'SPY,Iron Condor,credit,1,1.20,0.40,0,2025-05-02T14:00:00Z,2025-05-09T14:00:00Z';
      const CALL_OPEN = 'AAPL,Long Call,debit,2,2.50,,1.30,2025-05-01T14:31:05Z,';
      const CALL_CLOSED = 'AAPL,Long Call,debit,2,2.50,3.10,2.60,2025-05-01T14:31:05Z,2025-05-20T15:00:00Z';
      // Same ticker, day and strategy as the call, another entry price: another trade.
      const OTHER_CALL = 'AAPL,Long Call,debit,1,2.65,,0,2025-05-01T17:10:00Z,';
      const file = (...rows: string[]) => [HEADER, ...rows].join('\n');
      const importResult = async (user: TestUser, csv: string, dryRun = false) => {
        const response = await importCsv(user, csv, dryRun);
        expect(response.status, response.text).toBe(200);
        return tradeImportResultSchema.parse(response.json);
      };

      it("closes the position closed since, adds only what is new, never reopens, and leaves another user's trade alone", async () => {
        const [harry, ivy] = await Promise.all([createUser('journal-harry'), createUser('journal-ivy')]);
        const harryId = String(decodeJwt(harry.accessToken).sub);
        const ivyId = String(decodeJwt(ivy.accessToken).sub);
        const older = file(CALL_OPEN, CONDOR);
        expect(await importResult(harry, older)).toMatchObject({ imported: 2, updated: 0 });
        expect(await importResult(ivy, older)).toMatchObject({ imported: 2, updated: 0 });
        const ivyBefore = await storedTrades(ivyId);
        const call = (await storedTrades(harryId)).find((t) => t.ticker === 'AAPL')!;
        // The trader wrote on the trade after importing it.
        const edited = await api(apiPath('updateTrade', { id: String(call.trade_id) }), {
          token: harry.accessToken,
          method: 'PATCH',
          body: { notes: 'Earnings run-up', tags: ['earnings'] },
        });
        expect(edited.status, edited.text).toBe(200);
        const editedAt = tradeSchema.parse(edited.json).updated_at;

        const newer = file(CALL_CLOSED, CONDOR, OTHER_CALL);
        const preview = await importResult(harry, newer, true);
        expect(preview).toMatchObject({
          dry_run: true,
          new_rows: 1,
          updates: [{ line: 2, trade_id: call.trade_id }],
          duplicates: [{ line: 3 }],
          imported: 0,
          updated: 0,
        });
        // (3.10 - 2.50) x 100 x 2 contracts - 2.60 of fees
        expect(preview.updated_rows).toEqual([expect.objectContaining({ exit_price: 3.1, pnl: 117.4 })]);
        expect((await storedTrades(harryId)).find((t) => t.trade_id === call.trade_id)).toMatchObject({
          exit_price: null,
          updated_at: editedAt,
        });

        const done = await importResult(harry, newer);
        expect(done).toMatchObject({ imported: 1, updated: 1, duplicates: [{ line: 3 }] });
        const trades = await storedTrades(harryId);
        expect(trades).toHaveLength(3);
        const calls = trades.filter((t) => t.ticker === 'AAPL' && t.entry_price === 2.5);
        expect(calls).toHaveLength(1);
        expect(calls[0]).toMatchObject({
          trade_id: call.trade_id,
          exit_price: 3.1,
          closed_at: '2025-05-20T15:00:00.000Z',
          fees: 2.6,
          notes: 'Earnings run-up',
          tags: ['earnings'],
        });
        expect(String(calls[0]!.updated_at) > editedAt).toBe(true);
        expect(await stats(harry)).toMatchObject({
          total_trades: 3,
          closed_trades: 2,
          open_trades: 1,
          // The condor's 80.00 and the call's 117.40.
          total_pnl: 197.4,
        });

        // Both files again: nothing changes; the older one does not reopen the call.
        for (const csv of [newer, older]) {
          const again = await importResult(harry, csv);
          expect(again).toMatchObject({ imported: 0, updated: 0, new_rows: 0, updates: [] });
        }
        expect(await storedTrades(harryId)).toEqual(trades);
        expect(await storedTrades(ivyId)).toEqual(ivyBefore);
      });

      it('follows a tastytrade account export after export to where importing the newest alone ends', async () => {
        const fixture = await readFile(
          new URL('../fixtures/brokers/tastytrade/transactions.handwritten.csv', import.meta.url),
          'utf8',
        );
        const [header, ...lines] = fixture.trim().split('\n');
        // The account as exported on 2024-03-20: the call and the three short puts still open.
        const march = [header, ...lines.filter((line) => line < '2024-03-20')].join('\n');
        const [jack, kate] = await Promise.all([createUser('journal-jack'), createUser('journal-kate')]);

        expect(await importResult(jack, march)).toMatchObject({ imported: 2, updated: 0 });
        // The call closed; one put bought back and two expired; a new put; a call sold and assigned.
        const april = await importResult(jack, fixture);
        expect(april).toMatchObject({ imported: 3, updated: 2, duplicates: [] });
        expect(await importResult(kate, fixture)).toMatchObject({ imported: 5, updated: 0 });

        const exported = async (user: TestUser) => {
          const response = await api(apiPath('exportTrades'), { token: user.accessToken });
          return Papa.parse<Record<string, string>>(response.text, { header: true })
            .data.map((row) => {
              const { 'Trade ID': _id, 'Created At': _c, 'Updated At': _u, ...rest } = row;
              return JSON.stringify(rest);
            })
            .sort();
        };
        expect(await exported(jack)).toEqual(await exported(kate));
        const [jackStats, kateStats] = await Promise.all([stats(jack), stats(kate)]);
        expect(jackStats).toMatchObject({ total_trades: 5, open_trades: 1, closed_trades: 4 });
        expect(jackStats.total_pnl).toBe(kateStats.total_pnl);

        for (const csv of [fixture, march]) {
          expect(await importResult(jack, csv)).toMatchObject({ imported: 0, updated: 0 });
        }
        expect(await exported(jack)).toEqual(await exported(kate));
      });
    });

    it('refuses a body that is not CSV, and a file without the required columns', async () => {
      const json = await api(apiPath('importTrades'), {
        token: alice.accessToken,
        method: 'POST',
        body: { a: 1 },
      });
      expect(json.status).toBe(415);
      const headerless = await importCsv(alice, 'foo,bar\n1,2');
      expect(headerless.status).toBe(400);
      expect(headerless.json).toMatchObject({ error: { details: [{ line: 1, field: 'Ticker' }] } });
    });
  });

  it('pages through 10,000 trades with the cursor, each exactly once, newest first', async () => {
    const gina = await createUser('journal-gina');
    const start = Date.parse('2020-01-01T14:30:00Z');
    const lines = ['Ticker,Strategy,Entry Price,Exit Price,Opened At'];
    for (let i = 0; i < 10_000; i += 1) {
      const opened = new Date(start + i * 3_600_000).toISOString();
      lines.push(
        `T${String.fromCharCode(65 + (i % 26))},Long Call,1.00,${i % 3 === 0 ? '' : (i % 5) / 2},${opened}`,
      );
    }
    // As the page does: the file again while the server answers partial (its time budget) and gets further.
    let added = 0;
    let remaining = Infinity;
    for (;;) {
      const response = await importCsv(gina, lines.join('\n'));
      expect(response.status, response.text.slice(0, 500)).toBe(200);
      const round = tradeImportResultSchema.parse(response.json);
      added += round.imported;
      if (round.status === 'complete') break;
      expect(round.remaining).toBeLessThan(remaining);
      remaining = round.remaining;
    }
    expect(added).toBe(10_000);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await api(apiPath('listTrades', {}, { limit: 200, cursor }), {
        token: gina.accessToken,
      });
      expect(response.status).toBe(200);
      const page = tradeListResponseSchema.parse(response.json);
      seen.push(...page.trades.map((t) => t.opened_at));
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toHaveLength(10_000);
    expect(new Set(seen).size).toBe(10_000);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect(pages).toBeLessThanOrEqual(51);

    const figures = await stats(gina);
    expect(figures.total_trades).toBe(10_000);
    expect(figures.open_trades).toBe(3334);
  }, 240_000);
});
