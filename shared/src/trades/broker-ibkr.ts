/**
 * Interactive Brokers Activity Statement (CSV) → journal trades. Pure (no I/O); runs in the API
 * and the browser. Matching, fees and validation are broker-lots.ts'.
 *
 * Rules:
 * - The statement is a file of sections: each line starts with its section and a discriminator
 *   (`Trades,Header,…`, `Trades,Data,…`). Only the Trades section's Data lines are read, under the
 *   Trades Header above them (a statement repeats the header per asset category). Other sections
 *   (Account Information, Dividends…) and the SubTotal/Total lines are passed over without a word.
 * - DataDiscriminator `Order` lines are the executions; `Trade` lines (an order's fills, when the
 *   statement shows them) are read only when the file has no `Order` line, so a fill is never
 *   counted twice; `ClosedLot` lines detail a close already read.
 * - `Equity and Index Options` in USD are read: Symbol `ARKK 19SEP25 80 C` (or an OCC symbol),
 *   signed Quantity (bought > 0, sold < 0), Code `O` opens and `C` closes; `A` (assignment), `Ex`
 *   (exercise) and `Ep` (expired) close at 0.00 with a note. Every other row (Stocks, Forex,
 *   Futures…, or another currency) is reported as skipped with its reason
 *   (docs/decisions/broker-share-trades-skipped.md).
 * - Price per share from the cash: |Proceeds| / (|Quantity| × 100), rounded to cents; a T. Price
 *   that does not agree means a contract of another size, refused. Fees = |Comm/Fee|.
 * - Date/Time (`2025-08-06, 15:32:56`) is New York time, as IBKR writes it; a day alone is that
 *   day in New York (noon to open, 23:59 to close).
 * - Errors name the file's line (the first line is 1) and the column.
 */
import Papa from 'papaparse';
import { TICKER_PATTERN } from '../market/ticker';
import {
  CONTRACT_SIZE,
  calendarDate,
  contractOf,
  matchExecutions,
  newYorkInstant,
  perSharePrice,
  settlementNote,
  toFeeMicros,
  type Execution,
} from './broker-lots';
import { tradeDayInstant } from './dates';
import { parseNumber, type ImportCandidate, type SkippedRow } from './import-rows';
import type { ImportRowError } from './schemas';

const OPTIONS = 'Equity and Index Options';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** An Activity Statement starts with its Statement section (or, exported alone, its Trades section). */
export function isIbkrHeader(header: readonly string[]): boolean {
  return (header[0] === 'Statement' || header[0] === 'Trades') && header[1] === 'Header';
}

/** `ARKK 19SEP25 80 C`, `BRK B 17JAN25 450 P` or an OCC symbol `AAPL  240119C00150000`. */
export function parseOptionSymbol(raw: string) {
  const ib = /^(.+?)\s+(\d{2})([A-Z]{3})(\d{2})\s+(\d+(?:\.\d+)?)\s+([CP])$/.exec(raw);
  if (ib) {
    const [, root, day, month, year, strike, callPut] = ib;
    const expiration = calendarDate(2000 + +year!, MONTHS.indexOf(month!) + 1, +day!);
    return expiration ? { root: root!, expiration, strike: +strike!, callPut: callPut! } : null;
  }
  const occ = /^(\S{1,6})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/.exec(raw);
  if (!occ) return null;
  const [, root, year, month, day, callPut, strike] = occ;
  const expiration = calendarDate(2000 + +year!, +month!, +day!);
  return expiration ? { root: root!, expiration, strike: +strike! / 1000, callPut: callPut! } : null;
}

/** Milliseconds of `2025-08-06, 15:32:56` (or `2025-08-06;153256`, or a day alone) in New York. */
function parseDateTime(raw: string, edge: 'open' | 'close'): number | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[,;]?\s*(\d{2}):?(\d{2}):?(\d{2})?)?$/.exec(raw);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0'] = match;
  const date = calendarDate(+year!, +month!, +day!);
  if (!date) return null;
  if (hour === undefined) {
    const instant = tradeDayInstant(date, edge);
    return instant === null ? null : Date.parse(instant);
  }
  return newYorkInstant(date, +hour, +minute!, +second);
}

const readNumber = (raw: string): number | null => {
  const value = parseNumber(raw);
  return typeof value === 'number' ? value : null;
};

/** One Trades Data line as an execution, errors, a skipped row, or null for a line passed over. */
function readLine(
  cell: (column: string) => string,
  line: number,
  takeTrades: boolean,
): Execution | ImportRowError[] | SkippedRow | null {
  const discriminator = cell('DataDiscriminator');
  if (discriminator !== 'Order' && !(discriminator === 'Trade' && takeTrades)) return null;
  const category = cell('Asset Category');
  const symbol = cell('Symbol');
  const code = cell('Code')
    .split(';')
    .map((part) => part.trim());
  if (category !== OPTIONS) {
    const what =
      category === 'Stocks' ? `Shares of ${symbol}` : `${category || 'An unknown asset'} (${symbol})`;
    const assigned =
      code.includes('A') || code.includes('Ex') ? ', delivered by an assignment or exercise' : '';
    return {
      line,
      reason: `${what}${assigned}: the journal imports option trades only (${cell('Quantity')} at ${cell('T. Price')})`,
    };
  }
  if (cell('Currency') !== 'USD')
    return { line, reason: `${symbol} is in ${cell('Currency')}: the journal imports options traded in USD` };

  const errors: ImportRowError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ line, field, message });
    return null;
  };
  const option = parseOptionSymbol(symbol);
  const ticker = (option?.root ?? '').toUpperCase().replace(/\s+/g, '.');
  if (!option) fail('Symbol', `Expected an option like 'AAPL 19SEP25 230 C', not '${symbol}'`);
  else if (!TICKER_PATTERN.test(ticker)) fail('Symbol', `'${option.root}' is not a ticker`);

  const opens = code.includes('O');
  const closes = code.includes('C');
  if (opens === closes)
    fail(
      'Code',
      `Expected O (opening) or C (closing), not '${cell('Code')}'${opens ? ': split the order' : ''}`,
    );
  const settlement = code.includes('A')
    ? 'assignment'
    : code.includes('Ex')
      ? 'exercise'
      : code.includes('Ep')
        ? 'expiration'
        : null;
  const signed = readNumber(cell('Quantity'));
  const quantity = Math.abs(signed ?? NaN);
  if (!Number.isInteger(quantity) || quantity === 0) fail('Quantity', 'Expected a whole number of contracts');
  const time =
    parseDateTime(cell('Date/Time'), opens ? 'open' : 'close') ??
    fail('Date/Time', 'Expected a date like 2025-08-06, 15:32:56');
  const proceeds = readNumber(cell('Proceeds')) ?? fail('Proceeds', 'Expected the cash amount');
  const commission = cell('Comm/Fee') || cell('Comm in USD');
  const fee = commission === '' ? 0 : (readNumber(commission) ?? fail('Comm/Fee', 'Expected an amount'));
  const tradePrice = cell('T. Price') === '' ? null : readNumber(cell('T. Price'));
  if (errors.length > 0) return errors;

  const price = perSharePrice(proceeds!, quantity);
  if (
    tradePrice !== null &&
    Math.abs(Math.abs(tradePrice) - Math.abs(proceeds!) / (quantity * CONTRACT_SIZE)) > 0.005
  )
    return [
      {
        line,
        field: 'Proceeds',
        message: `Proceeds ${cell('Proceeds')} is not ${quantity} × ${tradePrice} × ${CONTRACT_SIZE}: only ${CONTRACT_SIZE}-share contracts can be journaled`,
      },
    ];
  return {
    row: line,
    time: time!,
    contract: contractOf(
      ticker,
      option!.expiration,
      option!.strike,
      option!.callPut === 'C' ? 'call' : 'put',
    ),
    opens,
    // Bought to open is long, sold to open short; bought to close closes a short, sold a long.
    direction: signed! > 0 === opens ? 'long' : 'short',
    quantity,
    price,
    feeMicros: toFeeMicros(fee!),
    order: null,
    note: settlement ? settlementNote(settlement, price) : '',
  };
}

const FIELD_COLUMNS: Record<string, string> = {
  ticker: 'Symbol',
  entry_price: 'Proceeds',
  exit_price: 'Proceeds',
  quantity: 'Quantity',
  fees: 'Comm/Fee',
  opened_at: 'Date/Time',
  closed_at: 'Date/Time',
  legs: 'Symbol',
};

export function ibkrTrades(text: string): {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
  skipped: SkippedRow[];
} {
  const rows = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false }).data;
  const takeTrades = !rows.some((row) => row[0] === 'Trades' && row[1] === 'Data' && row[2] === 'Order');
  const errors: ImportRowError[] = [];
  const skipped: SkippedRow[] = [];
  const executions: Execution[] = [];
  let header: string[] | null = null;
  rows.forEach((row, index) => {
    if (row[0] !== 'Trades') return;
    if (row[1] === 'Header') header = row.map((column) => column.trim());
    if (row[1] !== 'Data' || !header) return;
    const columns = header;
    const cell = (column: string) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    const read = readLine(cell, index + 1, takeTrades);
    if (Array.isArray(read)) errors.push(...read);
    else if (read && 'reason' in read) skipped.push(read);
    else if (read) executions.push(read);
  });
  const matched = matchExecutions(executions, {
    broker: 'ibkr',
    columnOf: (field) => FIELD_COLUMNS[field] ?? field,
    closeColumns: { action: 'Code', quantity: 'Quantity' },
  });
  errors.push(...matched.errors);
  errors.sort((a, b) => a.line - b.line);
  return { candidates: matched.candidates, errors, skipped };
}
