import { scannerStrategyLabel } from '@shared/constants/strategies';
import { type ScanResultRow } from '@shared/options/response-schemas';
import { describeLeg, scanRowLegs } from '@shared/trades/track-scan';

/**
 * Spec 7's CSV export columns, in order, then what a trader needs to place the position: its
 * expiration, days left, whether the net price is a debit or a credit, and every leg.
 */
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
  'Expiration',
  'DTE',
  'Price Type',
  'Legs',
] as const;

export const SCAN_CSV_FILENAME = 'options-scan-results.csv';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const fourDecimals = (value: number): number => Math.round(value * 10_000) / 10_000;
const cents = (value: number): string => (Math.round(Math.abs(value) * 100) / 100).toFixed(2);

/**
 * The scan results as CSV text, CRLF line ends, priced as the table prices them: Strike is every
 * leg's strike ('80/84/88/92'), Last Price the net per share at the bid/ask with Price Type saying
 * debit or credit, Legs each leg at its fill ('Sell 1 XLE 84 put 2026-12-18 at 0.62', joined by
 * '; '). Strategies by their label, IV as a percent with one decimal (0.3256 → 32.6), delta and
 * theta to 4 decimals.
 */
export function toScanCsv(results: readonly ScanResultRow[]): string {
  const rows = results.map((result) => [
    result.ticker,
    scannerStrategyLabel(result.strategy),
    result.strikeLabel,
    cents(result.netPrice),
    (result.iv * 100).toFixed(1),
    fourDecimals(result.delta),
    fourDecimals(result.theta),
    result.volume,
    result.edgeScore,
    result.expiration,
    result.dte,
    result.priceType,
    scanRowLegs(result)
      .map((leg) => describeLeg(result.ticker, leg))
      .join('; '),
  ]);
  return [SCAN_CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
