import { scannerStrategyLabel } from '@shared/constants/strategies';
import { type ScanResult } from '@shared/market/schemas';

/** Spec 7: CSV export columns, in order. */
export const SCAN_CSV_COLUMNS = [
  'Ticker',
  'Strategy',
  'Strike',
  'Last Price',
  'IV',
  'Delta',
  'Theta',
  'Volume',
  'Edge Score',
] as const;

export const SCAN_CSV_FILENAME = 'options-scan-results.csv';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const fourDecimals = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * The scan results as CSV text, CRLF line ends: strategies by their label (as the table shows
 * them), IV as a percent with one decimal (0.3256 → 32.6), delta and theta to 4 decimals.
 */
export function toScanCsv(results: readonly ScanResult[]): string {
  const rows = results.map((result) => [
    result.ticker,
    scannerStrategyLabel(result.strategy),
    result.strike,
    result.lastPrice,
    (result.iv * 100).toFixed(1),
    fourDecimals(result.delta),
    fourDecimals(result.theta),
    result.volume,
    result.edgeScore,
  ]);
  return [SCAN_CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
