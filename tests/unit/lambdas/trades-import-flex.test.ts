/**
 * POST /api/trades/import with an Interactive Brokers Flex Query's XML, over a mocked DynamoDB:
 * the upload (sent as text/csv, like every file) is recognised by its content and answered.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TradeImportResult } from '@shared/trades/schemas';
import { parseBody } from '../../helpers/api-events';
import { importEvent, mockedTradesHandlers } from '../../helpers/trades-handlers';

const trades = mockedTradesHandlers();
const { dynamo } = trades;

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/brokers/ibkr/${name}`, import.meta.url), 'utf8');
const dryRun = async (body: string) => {
  const result = await trades.handlers.importTrades(importEvent(body, { dryRun: true }));
  expect(result.statusCode).toBe(200);
  return parseBody(result) as TradeImportResult;
};

describe('trades import of a Flex Query (recorded statements, tests/fixtures/SOURCES.md)', () => {
  beforeEach(() => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
  });

  it('previews the 2017 statement: 30 trades, the 6 rows it cannot place, 8 share rows skipped', async () => {
    const result = await dryRun(fixture('flex-options-2017.ibflexreporter.xml'));
    expect(result).toMatchObject({ format: 'ibkr-flex', new_rows: 30, status: 'preview' });
    expect(result.errors.map((e) => e.line)).toEqual([13, 14, 38, 39, 49, 50]);
    expect(result.skipped).toHaveLength(8);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('answers a statement without a US option with its skipped rows and why nothing imports', async () => {
    const result = await dryRun(fixture('flex-futures-eur-2018.ib-flex-reader.xml'));
    expect(result).toMatchObject({
      format: 'ibkr-flex',
      new_rows: 0,
      errors: [
        {
          line: 2,
          field: 'file',
          message:
            'The file has no option trades in it: its 15 other rows are skipped (shares are not imported)',
        },
      ],
    });
  });

  it('refuses a statement cut short as a 200 with its line, never a 5xx', async () => {
    const text = fixture('flex-options-2017.ibflexreporter.xml');
    const cut = text.slice(0, text.length / 2);
    const result = await dryRun(cut);
    expect(result.new_rows).toBe(0);
    // The cut falls inside a row: the error names that row's line.
    expect(result.errors).toEqual([
      {
        line: cut.split('\n').length,
        field: 'file',
        message:
          'The file ends inside a tag: it is cut short; download the Flex Query again. Nothing was imported.',
      },
    ]);
  });
});
