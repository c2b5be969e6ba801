import { type TradeImportResult } from '@shared/trades/schemas';
import { formatInteger } from './format';

const count = (n: number, one: string, many = `${one}s`) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** A dry run's counts: what the file would add, update and skip. */
export function previewCounts(result: TradeImportResult, problems: number): string {
  return [
    `${count(result.new_rows, 'new trade')}`,
    result.updates.length > 0 && `${formatInteger(result.updates.length)} to close in your journal`,
    result.duplicates.length > 0 &&
      `${formatInteger(result.duplicates.length)} already in your journal (skipped)`,
    problems > 0 && count(problems, 'problem'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The confirm button: what pressing it writes. */
export function importButtonLabel(result: TradeImportResult | undefined): string {
  if (!result) return 'Import trades';
  const added = result.new_rows;
  const updated = result.updates.length;
  if (updated === 0) return `Import ${count(added, 'trade')}`;
  if (added === 0) return `Update ${count(updated, 'trade')}`;
  return `Import ${formatInteger(added)}, update ${formatInteger(updated)}`;
}

/** What an import did, for the page's notice. */
export function importedNotice(result: TradeImportResult): string {
  const parts = [`Imported ${count(result.imported, 'trade')}`];
  if (result.updated > 0) parts.push(`updated ${formatInteger(result.updated)}`);
  if (result.duplicates.length > 0)
    parts.push(`skipped ${formatInteger(result.duplicates.length)} already in your journal`);
  return `${parts.join(', ')}.`;
}
