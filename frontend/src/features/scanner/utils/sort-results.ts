import { scannerStrategyLabel } from '@shared/constants/strategies';
import { type ScanResult } from '@shared/market/schemas';

/** A result as the table sorts it: the spec's row, with the expiry's days when the API sends them. */
export type SortableResult = ScanResult & { dte?: number };

/**
 * The table's columns: the spec's nine in order, with the expiration and its days to expiry
 * after the strike (a trader reads the contract as strikes + expiry), each sortable.
 */
export const resultColumns = [
  { key: 'ticker', label: 'Ticker' },
  { key: 'strategy', label: 'Strategy' },
  { key: 'strike', label: 'Strike' },
  { key: 'expiration', label: 'Expiration' },
  { key: 'dte', label: 'DTE' },
  { key: 'lastPrice', label: 'Last Price' },
  { key: 'iv', label: 'IV' },
  { key: 'delta', label: 'Delta' },
  { key: 'theta', label: 'Theta' },
  { key: 'volume', label: 'Volume' },
  { key: 'edgeScore', label: 'Edge Score' },
] as const satisfies readonly { key: keyof SortableResult; label: string }[];

export type ResultColumn = (typeof resultColumns)[number]['key'];
export type SortDirection = 'asc' | 'desc';
/** null: the order the scan ranked them in. */
export type ResultSort = { column: ResultColumn; direction: SortDirection } | null;

const isText = (column: ResultColumn) =>
  column === 'ticker' || column === 'strategy' || column === 'expiration';

/** A first click sorts text A→Z (expirations nearest first) and numbers high→low; a second click flips it. */
export function nextSort(current: ResultSort, column: ResultColumn): ResultSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: isText(column) ? 'asc' : 'desc' };
}

function compare(a: SortableResult, b: SortableResult, column: ResultColumn): number {
  if (column === 'strategy') {
    return scannerStrategyLabel(a.strategy).localeCompare(scannerStrategyLabel(b.strategy));
  }
  if (column === 'ticker') return a.ticker.localeCompare(b.ticker);
  if (column === 'expiration') return (a.expiration ?? '').localeCompare(b.expiration ?? '');
  if (column === 'dte') return (a.dte ?? 0) - (b.dte ?? 0);
  return a[column] - b[column];
}

/** A sorted copy; ties keep the scan's order (Array.prototype.sort is stable). */
export function sortResults<T extends SortableResult>(results: readonly T[], sort: ResultSort): T[] {
  if (!sort) return [...results];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...results].sort((a, b) => sign * compare(a, b, sort.column));
}
