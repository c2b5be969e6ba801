// @vitest-environment jsdom
/**
 * The import preview of an Interactive Brokers Flex Query: the recorded statement
 * (tests/fixtures/SOURCES.md) read by the shared importer, shown as the dry run would answer it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTradesCsv } from '@shared/trades/csv';
import { tradeImportResultSchema } from '@shared/trades/schemas';
import { ImportPreview } from '../../../frontend/src/features/journal/components/import-preview';

afterEach(cleanup);

const statement = readFileSync(
  join(process.cwd(), 'tests/fixtures/brokers/ibkr/flex-options-2017.ibflexreporter.xml'),
  'utf8',
);

describe('Import preview of a Flex Query', () => {
  it('names the format, lists the rows refused by line and the share rows skipped', () => {
    const parsed = parseTradesCsv(statement);
    const result = tradeImportResultSchema.parse({
      format: parsed.format,
      dry_run: true,
      new_rows: parsed.candidates.length,
      rows: [],
      updates: [],
      updated_rows: [],
      duplicates: [],
      errors: parsed.errors,
      skipped: parsed.skipped,
      imported: 0,
      updated: 0,
      status: 'preview',
      remaining: parsed.candidates.length,
      previous_import: null,
    });
    render(
      <ImportPreview fileName="flex.xml" result={result} errors={result.errors} refusedOnImport={false} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'flex.xml: an Interactive Brokers Flex Query. 30 new trades, 6 problems.',
    );
    const problems = screen.getByRole('table', { name: 'Problems in the file' });
    expect(within(problems).getAllByRole('row')).toHaveLength(7);
    expect(within(problems).getByRole('row', { name: /^14 openCloseIndicator/ })).toHaveTextContent(
      'AES 2017-02-17 11 call was held before this statement starts',
    );
    const skipped = screen.getByRole('list', { name: 'Rows not imported' });
    expect(within(skipped).getAllByRole('listitem')[0]).toHaveTextContent(
      'Line 5: Shares of AAPL: the journal imports option trades only (-20 at 140.1)',
    );
  });
});
