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

/**
 * One answer for the rounds of an import (the file sent again until complete): what they added
 * and updated together; skipped, what the first found already in the journal (later rounds find
 * the earlier rounds' trades there too).
 */
export function combineImportRounds(rounds: readonly TradeImportResult[]): TradeImportResult {
  const last = rounds.at(-1)!;
  return {
    ...last,
    imported: rounds.reduce((sum, round) => sum + round.imported, 0),
    updated: rounds.reduce((sum, round) => sum + round.updated, 0),
    duplicates: rounds[0]!.duplicates,
  };
}

/** The confirm button: what pressing it writes (`resume`: an import of the file stopped before the end). */
export function importButtonLabel(result: TradeImportResult | undefined, resume = false): string {
  if (!result) return 'Import trades';
  if (resume) return 'Resume import';
  const added = result.new_rows;
  const updated = result.updates.length;
  if (updated === 0) return `Import ${count(added, 'trade')}`;
  if (added === 0) return `Update ${count(updated, 'trade')}`;
  return `Import ${formatInteger(added)}, update ${formatInteger(updated)}`;
}

/** An import that stopped before the end: what it saved, and what to do. */
export function unfinishedNotice(result: TradeImportResult | undefined): string {
  const saved = result
    ? `Imported ${count(result.imported, 'trade')} and updated ${formatInteger(result.updated)} so far; ${count(result.remaining, 'row')} still to go. `
    : 'The import stopped before it finished. ';
  return `${saved}Trades already saved are kept: resume (or import the same file again) to add the rest; no row is added twice.`;
}

/** What the server recorded of this file before: an import of it that did not finish. */
export function previousImportNotice(result: TradeImportResult): string | null {
  const previous = result.previous_import;
  if (!previous || previous.status === 'complete') return null;
  return `An import of this file started ${new Date(previous.started_at).toLocaleString()} has not finished: importing it now adds only what is missing.`;
}

/** What an import did, for the page's notice. */
export function importedNotice(result: TradeImportResult): string {
  const parts = [`Imported ${count(result.imported, 'trade')}`];
  if (result.updated > 0) parts.push(`updated ${formatInteger(result.updated)}`);
  if (result.duplicates.length > 0)
    parts.push(`skipped ${formatInteger(result.duplicates.length)} already in your journal`);
  return `${parts.join(', ')}.`;
}
