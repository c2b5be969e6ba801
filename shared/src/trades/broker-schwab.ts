/**
 * Charles Schwab (and thinkorswim since its move to Schwab) transaction history CSV → journal
 * trades. Pure (no I/O); runs in the API and the browser. Matching, fees and validation are
 * broker-lots.ts'.
 *
 * Rules:
 * - The header `Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount` may follow a
 *   title line (`"Transactions for account …"`); the `Transactions Total` line is passed over.
 * - Option rows have a Symbol like `SPY 03/31/2020 284.00 P`. Buy to Open / Sell to Open open a
 *   long / short lot; Buy to Close / Sell to Close close one; Expired, Assigned and Exchange or
 *   Exercise close what is open at 0.00 (the latter two with a note).
 * - Rows with shares (Buy, Sell, Reinvest Shares, Journaled Shares, splits…: a Symbol and a
 *   Quantity that are not an option's) are reported as skipped with the reason
 *   (docs/decisions/broker-share-trades-skipped.md); cash rows (dividends, interest, fees,
 *   transfers) are passed over without a word.
 * - Price per share from the cash: |Amount + Fees & Comm| / (Quantity × 100), rounded to cents
 *   (Price when Amount is empty); a Price that does not agree means a contract of another size,
 *   refused. Fees = Fees & Comm.
 * - Dates are days (`03/25/2020`, or `04/01/2020 as of 03/31/2020`: the "as of" day counts), so a
 *   trade opens at noon and closes at 23:59 of that day in New York.
 * - Errors name the file's line (the first line is 1) and the column.
 */
import Papa from 'papaparse';
import { TICKER_PATTERN } from '../market/ticker';
import {
  CONTRACT_SIZE,
  calendarDate,
  contractOf,
  matchExecutions,
  perSharePrice,
  settlementNote,
  toFeeMicros,
  type Direction,
  type Execution,
} from './broker-lots';
import { tradeDayInstant } from './dates';
import { parseNumber, type ImportCandidate, type SkippedRow } from './import-rows';
import type { ImportRowError } from './schemas';

const COLUMNS = ['Date', 'Action', 'Symbol', 'Description', 'Quantity', 'Price', 'Fees & Comm', 'Amount'];

const isHeaderRow = (row: readonly string[]) =>
  ['Date', 'Action', 'Symbol', 'Quantity', 'Fees & Comm', 'Amount'].every((column) =>
    row.map((cell) => cell.trim()).includes(column),
  );

/** The header row, or a Schwab title line (`Transactions for account …`) above it. */
export function isSchwabHeader(header: readonly string[]): boolean {
  return isHeaderRow(header) || /^Transactions\s+for\s+account/i.test(header[0]?.trim() ?? '');
}

const ACTIONS: Record<
  string,
  { opens: boolean; direction: Direction | null; settles?: 'expiration' | 'assignment' | 'exercise' }
> = {
  'buy to open': { opens: true, direction: 'long' },
  'sell to open': { opens: true, direction: 'short' },
  'buy to close': { opens: false, direction: 'short' },
  'sell to close': { opens: false, direction: 'long' },
  expired: { opens: false, direction: null, settles: 'expiration' },
  assigned: { opens: false, direction: null, settles: 'assignment' },
  'exchange or exercise': { opens: false, direction: null, settles: 'exercise' },
};

/** `SPY 03/31/2020 284.00 P` (or `BRK/B 01/17/2025 450.00 C`). */
function parseOptionSymbol(raw: string) {
  const match = /^(\S+)\s+(\d{2})\/(\d{2})\/(\d{4})\s+(\d+(?:\.\d+)?)\s+([CP])$/.exec(raw);
  if (!match) return null;
  const [, root, month, day, year, strike, callPut] = match;
  const expiration = calendarDate(+year!, +month!, +day!);
  if (!expiration) return null;
  return {
    root: root!,
    expiration,
    strike: +strike!,
    kind: callPut === 'C' ? ('call' as const) : ('put' as const),
  };
}

/** 'YYYY-MM-DD' of `03/25/2020` or of the "as of" day in `04/01/2020 as of 03/31/2020`. */
function parseDay(raw: string): string | null {
  const match = /^(?:\d{2}\/\d{2}\/\d{4}\s+as\s+of\s+)?(\d{2})\/(\d{2})\/(\d{4})$/i.exec(raw);
  return match ? calendarDate(+match[3]!, +match[1]!, +match[2]!) : null;
}

const readNumber = (raw: string): number | null => {
  const value = parseNumber(raw);
  return typeof value === 'number' ? value : null;
};

/** One row as an execution, errors, a skipped row, or null for a row passed over. */
function readRow(
  cell: (column: string) => string,
  line: number,
): Execution | ImportRowError[] | SkippedRow | null {
  const symbol = cell('Symbol');
  const option = parseOptionSymbol(symbol);
  if (!option) {
    // Shares: a symbol and a number of them. Cash rows (no quantity) are passed over.
    if (symbol === '' || cell('Quantity') === '') return null;
    return {
      line,
      reason: `Shares of ${symbol} (${cell('Action')} ${cell('Quantity')}${cell('Price') ? ` at ${cell('Price')}` : ''}): the journal imports option trades only`,
    };
  }
  const errors: ImportRowError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ line, field, message });
    return null;
  };
  const action = ACTIONS[cell('Action').toLowerCase()];
  if (!action)
    fail(
      'Action',
      `Expected Buy to Open, Sell to Open, Buy to Close, Sell to Close, Expired, Assigned or Exchange or Exercise, not '${cell('Action')}'`,
    );
  const ticker = option.root.toUpperCase().replace(/\//g, '.');
  if (!TICKER_PATTERN.test(ticker)) fail('Symbol', `'${option.root}' is not a ticker`);
  const day = parseDay(cell('Date')) ?? fail('Date', 'Expected a date like 03/25/2020');
  const quantity = Math.abs(readNumber(cell('Quantity')) ?? NaN);
  if (!Number.isInteger(quantity) || quantity === 0) fail('Quantity', 'Expected a whole number of contracts');
  const fee =
    cell('Fees & Comm') === ''
      ? 0
      : (readNumber(cell('Fees & Comm')) ?? fail('Fees & Comm', 'Expected an amount'));
  const amount =
    cell('Amount') === '' ? null : (readNumber(cell('Amount')) ?? fail('Amount', 'Expected an amount'));
  const listed =
    cell('Price') === '' ? null : (readNumber(cell('Price')) ?? fail('Price', 'Expected a price'));
  if (amount === null && listed === null && !action?.settles) fail('Amount', 'Expected the cash amount');
  if (errors.length > 0) return errors;

  // The cash before fees: a sale's Amount is its proceeds less fees, a purchase's its cost plus fees.
  const perShare =
    amount === null ? Math.abs(listed ?? 0) : Math.abs(amount + Math.abs(fee!)) / (quantity * CONTRACT_SIZE);
  if (listed !== null && amount !== null && Math.abs(Math.abs(listed) - perShare) > 0.005)
    return [
      {
        line,
        field: 'Amount',
        message: `Amount ${cell('Amount')} is not ${quantity} × ${cell('Price')} × ${CONTRACT_SIZE} with the fees: only ${CONTRACT_SIZE}-share contracts can be journaled`,
      },
    ];
  const price =
    amount === null
      ? perSharePrice((listed ?? 0) * quantity * CONTRACT_SIZE, quantity)
      : perSharePrice(amount + Math.abs(fee!), quantity);
  const time = Date.parse(tradeDayInstant(day!, action!.opens ? 'open' : 'close')!);
  return {
    row: line,
    time,
    contract: contractOf(ticker, option.expiration, option.strike, option.kind),
    opens: action!.opens,
    direction: action!.direction,
    quantity,
    price,
    feeMicros: toFeeMicros(fee!),
    order: null,
    note: action!.settles ? settlementNote(action!.settles, price) : '',
  };
}

const FIELD_COLUMNS: Record<string, string> = {
  ticker: 'Symbol',
  entry_price: 'Amount',
  exit_price: 'Amount',
  quantity: 'Quantity',
  fees: 'Fees & Comm',
  opened_at: 'Date',
  closed_at: 'Date',
  legs: 'Symbol',
};

export function schwabTrades(text: string): {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
  skipped: SkippedRow[];
} {
  const rows = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false }).data;
  const errors: ImportRowError[] = [];
  const skipped: SkippedRow[] = [];
  const executions: Execution[] = [];
  const start = rows.findIndex(isHeaderRow);
  if (start < 0)
    return {
      candidates: [],
      errors: [{ line: 1, field: 'file', message: `No header row with the columns ${COLUMNS.join(', ')}` }],
      skipped,
    };
  const columns = rows[start]!.map((column) => column.trim());
  rows.slice(start + 1).forEach((row, index) => {
    const line = start + index + 2;
    const cell = (column: string) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    if (row.every((value) => value.trim() === '') || /^Transactions Total/i.test(cell('Date'))) return;
    const read = readRow(cell, line);
    if (Array.isArray(read)) errors.push(...read);
    else if (read && 'reason' in read) skipped.push(read);
    else if (read) executions.push(read);
  });
  // Schwab lists newest first, and a day's rows have no time: on a tie a row further down the
  // file is older. matchExecutions already puts openings first on a tie, then the later row.
  const matched = matchExecutions(executions, {
    broker: 'schwab',
    columnOf: (field) => FIELD_COLUMNS[field] ?? field,
    closeColumns: { action: 'Action', quantity: 'Quantity' },
  });
  errors.push(...matched.errors);
  errors.sort((a, b) => a.line - b.line);
  return { candidates: matched.candidates, errors, skipped };
}
