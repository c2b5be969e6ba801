/**
 * tastytrade "transaction history" CSV → journal trades. Pure (no I/O); runs in the API and the browser.
 *
 * Rules:
 * - Read: 'Equity Option' rows of Type 'Trade', and of Type 'Receive Deliver' (an expiration,
 *   assignment or exercise, told by Sub Type or, in older exports, by Description; other
 *   Receive Deliver rows with an Action, such as symbol changes, count as that Action). Equity
 *   rows (shares bought, sold or delivered) are reported as skipped with the reason
 *   (docs/decisions/broker-share-trades-skipped.md); every other row (futures, money
 *   movements…) is passed over without a word.
 * - The file lists newest first: executions are sorted by Date (openings first on a tie) and
 *   matched per contract (underlying + expiration + strike + call/put, or the OCC Symbol when those
 *   columns are empty; BRK/B reads as BRK.B), FIFO. An opening execution
 *   opens a lot; a closing one closes the oldest lots of the opposite Action (a Receive Deliver row
 *   without an Action closes whatever is open), splitting a lot on a partial close.
 * - Each closed slice, and each lot still open, is one trade: bought to open = Long Call / Long
 *   Put (debit); sold to open = Covered Call / Cash Secured Put (credit). Spreads come in as their
 *   single legs. A trade's row is the row of its opening execution.
 * - Prices per share, rounded to cents, from the cash flow: |Value| / (Quantity × Multiplier). Real
 *   exports write Average Price per contract (`@ 0.85` → -85.00), some tools per share; Value reads
 *   the same either way. Only 100-share contracts are taken (the journal counts 100 per contract).
 * - An expiration closes at 0.00; an assignment or exercise at 0.00 too (or at the cash paid,
 *   when cash settled) with a note saying so: the shares delivered are not part of the trade.
 * - Fees = |Commissions| + |Fees| of the opening and closing executions, shared out by quantity
 *   (broker-lots.ts), each trade's rounded to cents.
 * - opened_at / closed_at in UTC from Date (`2024-03-15T14:31:05-0400`); source 'import';
 *   source_ref `tastytrade:<Order #>` of the opening execution when the column is there.
 * - Errors name the spreadsheet row (header = row 1) and the column: unreadable dates, numbers or
 *   symbols, and closing more contracts than are open (an export that starts after the opening).
 */
import { TICKER_PATTERN } from '../market/ticker';
import {
  CONTRACT_SIZE,
  contractOf,
  matchExecutions,
  perSharePrice,
  toFeeMicros,
  type Direction,
  type Execution,
} from './broker-lots';
import { parseNumber, type CsvRecord, type ImportCandidate, type SkippedRow } from './import-rows';
import type { ImportRowError } from './schemas';

export function isTastytradeHeader(header: readonly string[]): boolean {
  return ['Action', 'Instrument Type', 'Average Price', 'Underlying Symbol'].every((c) => header.includes(c));
}

const ACTIONS: Record<string, { opens: boolean; direction: Direction }> = {
  BUY_TO_OPEN: { opens: true, direction: 'long' },
  SELL_TO_OPEN: { opens: true, direction: 'short' },
  SELL_TO_CLOSE: { opens: false, direction: 'long' },
  BUY_TO_CLOSE: { opens: false, direction: 'short' },
};

/** Which CSV column each trade field comes from, for the schema's errors. */
const FIELD_COLUMNS: Record<string, string> = {
  ticker: 'Underlying Symbol',
  entry_price: 'Value',
  exit_price: 'Value',
  quantity: 'Quantity',
  fees: 'Fees',
  opened_at: 'Date',
  closed_at: 'Date',
  source_ref: 'Order #',
  legs: 'Symbol',
};

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds since the epoch of `2024-03-15T14:31:05-0400` (offset with or without a colon). */
function parseTimestamp(raw: string): number | null {
  const match = TIMESTAMP.exec(raw);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone = 'Z'] = match;
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second, millis);
  const check = new Date(local);
  if (check.getUTCDate() !== +day! || check.getUTCHours() !== +hour! || +minute! > 59 || +second > 59)
    return null;
  const offset =
    zone.toUpperCase() === 'Z' ? 0 : Number(zone[0] + '1') * (+zone.slice(1, 3) * 60 + +zone.slice(-2));
  return local - offset * 60_000;
}

/** 'YYYY-MM-DD' of `3/15/24`, `3/15/2024` or `2024-03-15`. */
function parseExpiration(raw: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const parts = us
    ? [us[3]!.length === 2 ? 2000 + +us[3]! : +us[3]!, +us[1]!, +us[2]!]
    : iso?.slice(1).map(Number);
  if (!parts) return null;
  const [year, month, day] = parts as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : null;
}

/** An OCC symbol (`SPY   240419P00500000`), for exports without the contract columns. */
function parseOccSymbol(raw: string) {
  const match = /^(\S{1,6})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/.exec(raw);
  if (!match) return null;
  const [, root, yy, mm, dd, callPut, strike] = match;
  return { root: root!, expiration: `${mm}/${dd}/${yy}`, callPut: callPut!, strike: Number(strike) / 1000 };
}

/** A number from a cell; '' and '--' read as `empty`. */
function readNumber(raw: string, empty: number | null): number | null {
  if (raw === '' || raw === '--') return empty;
  const value = parseNumber(raw);
  return typeof value === 'number' ? value : null;
}

/** Closing by expiration, assignment or exercise: the note, or null for another kind of row. */
function settlement(subType: string, description: string): { note: (price: number) => string } | null {
  const text = `${subType} ${description}`.toLowerCase();
  if (text.includes('expir')) return { note: () => '' };
  const kind = text.includes('assign') ? 'assignment' : text.includes('exercis') ? 'exercise' : null;
  if (!kind) return null;
  const cash = text.includes('cash');
  return {
    note: (price) =>
      `Closed by ${cash ? 'cash settled ' : ''}${kind} at ${price.toFixed(2)}` +
      (cash ? '' : '; the shares delivered are not part of this trade'),
  };
}

/** One row as an execution, or errors, or null for a row the journal does not take. */
function readExecution(record: CsvRecord, row: number): Execution | ImportRowError[] | SkippedRow | null {
  const cell = (column: string) => (record[column] ?? '').trim();
  const type = cell('Type');
  if (type !== 'Trade' && type !== 'Receive Deliver') return null;
  if (cell('Instrument Type') === 'Equity')
    return {
      line: row,
      reason: `Shares of ${cell('Symbol') || cell('Underlying Symbol')} (${cell('Description')}): the journal imports option trades only`,
    };
  if (cell('Instrument Type') !== 'Equity Option') return null;
  const errors: ImportRowError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ line: row, field, message });
    return null;
  };

  const action = ACTIONS[cell('Action').toUpperCase()];
  const settled = type === 'Receive Deliver' ? settlement(cell('Sub Type'), cell('Description')) : null;
  if (!action && !settled) {
    if (type === 'Receive Deliver') return null; // a corporate action we cannot place
    fail(
      'Action',
      `Expected BUY_TO_OPEN, SELL_TO_OPEN, BUY_TO_CLOSE or SELL_TO_CLOSE, not '${cell('Action')}'`,
    );
  }
  if (settled && action?.opens)
    fail('Action', `An expiration, assignment or exercise cannot open a position`);

  const time = parseTimestamp(cell('Date')) ?? fail('Date', `Expected a date like 2024-03-15T14:31:05-0400`);
  const occ = parseOccSymbol(cell('Symbol'));
  const ticker = (cell('Underlying Symbol') || cell('Root Symbol') || occ?.root || '')
    .toUpperCase()
    .replace(/(\w)\//g, '$1.');
  if (!TICKER_PATTERN.test(ticker)) fail('Underlying Symbol', `'${ticker}' is not a ticker`);
  const expiration =
    parseExpiration(cell('Expiration Date') || occ?.expiration || '') ??
    fail('Expiration Date', 'Expected a date like 3/15/24');
  const strike = readNumber(cell('Strike Price') || String(occ?.strike ?? ''), null);
  if (strike === null || strike <= 0) fail('Strike Price', 'Expected a strike price above 0');
  const callPut = (cell('Call or Put') || occ?.callPut || '').toUpperCase();
  const kind =
    callPut === 'CALL' || callPut === 'C' ? 'call' : callPut === 'PUT' || callPut === 'P' ? 'put' : null;
  if (!kind) fail('Call or Put', `Expected CALL or PUT, not '${cell('Call or Put')}'`);

  const quantity = Math.abs(readNumber(cell('Quantity'), null) ?? NaN);
  if (!Number.isInteger(quantity) || quantity === 0) fail('Quantity', 'Expected a whole number of contracts');
  const multiplier = readNumber(cell('Multiplier'), CONTRACT_SIZE);
  if (multiplier !== CONTRACT_SIZE)
    fail('Multiplier', `Only ${CONTRACT_SIZE}-share contracts can be journaled, not '${cell('Multiplier')}'`);
  const value = readNumber(cell('Value'), settled ? 0 : null) ?? fail('Value', 'Expected the cash amount');
  const fees = ['Commissions', 'Fees'].map((column) => {
    const amount = readNumber(cell(column), 0);
    return amount === null ? fail(column, 'Expected an amount (or --)') : Math.abs(amount);
  });

  if (errors.length > 0) return errors;
  const price = perSharePrice(value!, quantity);
  return {
    row,
    time: time!,
    contract: contractOf(ticker, expiration!, strike!, kind!),
    opens: action?.opens ?? false,
    direction: action?.direction ?? null,
    quantity,
    price,
    feeMicros: toFeeMicros((fees[0] ?? 0) + (fees[1] ?? 0)),
    order: cell('Order #') || null,
    note: settled?.note(price) ?? '',
  };
}

export function tastytradeTrades(records: readonly CsvRecord[]): {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
  skipped: SkippedRow[];
} {
  const errors: ImportRowError[] = [];
  const skipped: SkippedRow[] = [];
  const executions: Execution[] = [];
  records.forEach((record, index) => {
    const read = readExecution(record, index + 2);
    if (Array.isArray(read)) errors.push(...read);
    else if (read && 'reason' in read) skipped.push(read);
    else if (read) executions.push(read);
  });
  const matched = matchExecutions(executions, {
    broker: 'tastytrade',
    columnOf: (field) => FIELD_COLUMNS[field] ?? field,
    closeColumns: { action: 'Action', quantity: 'Quantity' },
  });
  errors.push(...matched.errors);
  errors.sort((a, b) => a.line - b.line);
  return { candidates: matched.candidates, errors, skipped };
}
