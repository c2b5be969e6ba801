import { scannerStrategyLabel } from '@shared/constants/strategies';
import { type ScanResult } from '@shared/market/schemas';

/** The table's columns (spec 2), each sortable. */
export const resultColumns = [
  { key: 'ticker', label: 'Ticker' },
  { key: 'strategy', label: 'Strategy' },
  { key: 'strike', label: 'Strike' },
  { key: 'lastPrice', label: 'Last Price' },
  { key: 'iv', label: 'IV' },
  { key: 'delta', label: 'Delta' },
  { key: 'theta', label: 'Theta' },
  { key: 'volume', label: 'Volume' },
  { key: 'edgeScore', label: 'Edge Score' },
] as const satisfies readonly { key: keyof ScanResult; label: string }[];

export type ResultColumn = (typeof resultColumns)[number]['key'];
export type SortDirection = 'asc' | 'desc';
/** null: the order the scan ranked them in. */
export type ResultSort = { column: ResultColumn; direction: SortDirection } | null;

const isText = (column: ResultColumn) => column === 'ticker' || column === 'strategy';

/** A first click sorts text A→Z and numbers high→low; a second click on the same column flips it. */
export function nextSort(current: ResultSort, column: ResultColumn): ResultSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: isText(column) ? 'asc' : 'desc' };
}

function compare(a: ScanResult, b: ScanResult, column: ResultColumn): number {
  if (column === 'strategy') {
    return scannerStrategyLabel(a.strategy).localeCompare(scannerStrategyLabel(b.strategy));
  }
  if (column === 'ticker') return a.ticker.localeCompare(b.ticker);
  return a[column] - b[column];
}

/** A sorted copy; ties keep the scan's order (Array.prototype.sort is stable). */
export function sortResults<T extends ScanResult>(results: readonly T[], sort: ResultSort): T[] {
  if (!sort) return [...results];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...results].sort((a, b) => sign * compare(a, b, sort.column));
}
