/**
 * The journal's CSV: the export (the spec's journal columns first, then every other field) and
 * the import of that same file, or of a broker's trade history (broker-tastytrade.ts,
 * broker-ibkr.ts, broker-ibkr-flex.ts, broker-schwab.ts).
 * Parsing and writing go through Papa Parse; validation through the same zod schema as
 * POST /api/trades, so a row imports exactly when the API would accept it.
 */
import Papa from 'papaparse';
import { JOURNAL_STRATEGIES } from '../constants/strategies';
import { calendarDay, DEFAULT_TIME_ZONE } from '../format/calendar-day';
import { ibkrTrades, isIbkrHeader } from './broker-ibkr';
import { ibkrFlexCsvTrades, ibkrFlexXmlTrades, isFlexCsvHeader, isFlexXml } from './broker-ibkr-flex';
import { isSchwabHeader, schwabTrades } from './broker-schwab';
import { isTastytradeHeader, tastytradeTrades } from './broker-tastytrade';
import { isDay, tradeDayInstant } from './dates';
import {
  parseNumber,
  validateImportRow,
  type CsvRecord,
  type ImportCandidate,
  type ParsedImport,
} from './import-rows';
import {
  TRADE_IMPORT_MAX_ROWS,
  type CreateTradeInput,
  type ImportFormat,
  type ImportRowError,
  type Trade,
} from './schemas';

/** Export columns, in order: the spec's journal table first (spec 2), then the rest. */
export const TRADE_CSV_COLUMNS = [
  'Date',
  'Ticker',
  'Strategy',
  'Entry Price',
  'Exit Price',
  'P&L',
  'Side',
  'Quantity',
  'Fees',
  'Status',
  'Opened At',
  'Closed At',
  'Tags',
  'Source',
  'Source Ref',
  'Notes',
  'Legs',
  'Edge Score',
  'Expected Return',
  'Trade ID',
  'Created At',
  'Updated At',
] as const;
type Column = (typeof TRADE_CSV_COLUMNS)[number];

/** Which column each trade field is read from on import (derived columns are not read back). */
const FIELD_COLUMNS: Partial<Record<keyof CreateTradeInput, Column>> = {
  ticker: 'Ticker',
  strategy: 'Strategy',
  entry_price: 'Entry Price',
  exit_price: 'Exit Price',
  side: 'Side',
  quantity: 'Quantity',
  fees: 'Fees',
  opened_at: 'Opened At',
  closed_at: 'Closed At',
  tags: 'Tags',
  source: 'Source',
  source_ref: 'Source Ref',
  notes: 'Notes',
  legs: 'Legs',
  edge_score: 'Edge Score',
  expected_return: 'Expected Return',
};
const REQUIRED_COLUMNS: readonly Column[] = ['Ticker', 'Strategy', 'Entry Price'];
/** What an unknown file is told. */
export const SUPPORTED_FORMATS =
  "Supported: the journal's own CSV (Export CSV; at least Ticker, Strategy and Entry Price columns), a tastytrade transaction history CSV, an Interactive Brokers Activity Statement CSV (its Trades section), an Interactive Brokers Flex Query (its Trades, as XML or CSV) and a Charles Schwab / thinkorswim transaction history CSV.";

/** The broker formats, told apart by their first row. */
function detectFormat(header: readonly string[]): ImportFormat {
  if (isTastytradeHeader(header)) return 'tastytrade';
  if (isIbkrHeader(header)) return 'ibkr';
  if (isSchwabHeader(header)) return 'schwab';
  if (isFlexCsvHeader(header)) return 'ibkr-flex';
  return 'edge';
}
const TAG_SEPARATOR = '; ';

/**
 * A spreadsheet runs a cell starting with one of these as a formula (OWASP's CSV injection list);
 * a leading ' keeps it text. Leading quotes count too, so the one import strips is always ours.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** Every text cell is neutralised, `-1+HYPERLINK(…)` included: only the numeric columns are exempt. */
const csvTextCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * The columns written from numbers (toFixed / String of a number): a spreadsheet must read a
 * negative P&L as -12.50, a number, so these are never prefixed; nothing a client types reaches them.
 */
const NUMERIC_COLUMNS: ReadonlySet<Column> = new Set([
  'Entry Price',
  'Exit Price',
  'P&L',
  'Quantity',
  'Fees',
  'Edge Score',
  'Expected Return',
]);

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

export function tradesToCsv(trades: readonly Trade[], timeZone: string = DEFAULT_TIME_ZONE): string {
  const rows = trades.map((trade) => {
    const cells: Record<Column, string> = {
      Date: calendarDay(new Date(trade.opened_at), timeZone),
      Ticker: trade.ticker,
      Strategy: trade.strategy,
      'Entry Price': money(trade.entry_price),
      'Exit Price': money(trade.exit_price),
      'P&L': money(trade.pnl),
      Side: trade.side,
      Quantity: String(trade.quantity),
      Fees: money(trade.fees),
      Status: trade.exit_price === null ? 'open' : 'closed',
      'Opened At': trade.opened_at,
      'Closed At': trade.closed_at ?? '',
      Tags: trade.tags.join(TAG_SEPARATOR),
      Source: trade.source,
      'Source Ref': trade.source_ref ?? '',
      Notes: trade.notes,
      Legs: trade.legs ? JSON.stringify(trade.legs) : '',
      'Edge Score': trade.edge_score == null ? '' : String(trade.edge_score),
      'Expected Return': trade.expected_return == null ? '' : String(trade.expected_return),
      'Trade ID': trade.trade_id,
      'Created At': trade.created_at,
      'Updated At': trade.updated_at,
    };
    return TRADE_CSV_COLUMNS.map((column) =>
      NUMERIC_COLUMNS.has(column) ? cells[column] : csvTextCell(cells[column]),
    );
  });
  return Papa.unparse({ fields: [...TRADE_CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}

const unquoteFormula = (value: string) => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const strategyKey = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');
const STRATEGY_BY_KEY = new Map(JOURNAL_STRATEGIES.map((s) => [strategyKey(s), s]));

/** A record of our own export as the input POST /api/trades takes (before validation). */
function edgeRecordToInput(record: CsvRecord): Record<string, unknown> {
  const cell = (column: Column) => unquoteFormula((record[column] ?? '').trim());
  const optional = (column: Column) => (cell(column) === '' ? undefined : cell(column));
  const legs = optional('Legs');
  let parsedLegs: unknown = undefined;
  if (legs !== undefined) {
    try {
      parsedLegs = JSON.parse(legs) as unknown;
    } catch {
      parsedLegs = legs; // not JSON: the schema names the field
    }
  }
  const exit = cell('Exit Price');
  return {
    ticker: cell('Ticker'),
    strategy: STRATEGY_BY_KEY.get(strategyKey(cell('Strategy'))) ?? cell('Strategy'),
    entry_price: parseNumber(cell('Entry Price')),
    exit_price: exit === '' ? null : parseNumber(exit),
    side: optional('Side')?.toLowerCase(),
    quantity: optional('Quantity') === undefined ? undefined : parseNumber(cell('Quantity')),
    fees: optional('Fees') === undefined ? undefined : parseNumber(cell('Fees')),
    // A day without a time is that day on the market's calendar (shared/src/trades/dates.ts).
    opened_at: instantOrDay(optional('Opened At'), 'open') ?? instantOrDay(optional('Date'), 'open'),
    // A closed row without Closed At closes on the date the file gives it (its open), never on the
    // day of the import; one with no date at all is refused (parseEdgeRecords).
    closed_at:
      instantOrDay(optional('Closed At'), 'close') ??
      (exit === ''
        ? undefined
        : (instantOrDay(optional('Opened At'), 'open') ?? instantOrDay(optional('Date'), 'close'))),
    tags: optional('Tags')
      ?.split(/[;,]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
    // A file without a Source column came from outside the journal.
    source: optional('Source')?.toLowerCase() ?? 'import',
    source_ref: optional('Source Ref'),
    notes: optional('Notes'),
    legs: parsedLegs,
    edge_score: optional('Edge Score') === undefined ? undefined : parseNumber(cell('Edge Score')),
    expected_return:
      optional('Expected Return') === undefined ? undefined : parseNumber(cell('Expected Return')),
  };
}

/** A cell holding an instant as written, or a day alone as its New York instant (noon to open, 23:59 to close). */
function instantOrDay(value: string | undefined, edge: 'open' | 'close'): string | undefined {
  if (value === undefined) return undefined;
  return isDay(value) ? (tradeDayInstant(value, edge) ?? value) : value;
}

const edgeColumnOf = (field: string) => FIELD_COLUMNS[field as keyof CreateTradeInput] ?? field;

function parseEdgeRecords(records: readonly CsvRecord[]): {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
} {
  const candidates: ImportCandidate[] = [];
  const errors: ImportRowError[] = [];
  records.forEach((record, index) => {
    const input = edgeRecordToInput(record);
    const result = validateImportRow(index + 2, input, edgeColumnOf);
    // A closed row says when it closed: it never counts as closed on the day of the import.
    if (result.candidate && result.candidate.trade.exit_price !== null && input.closed_at === undefined) {
      errors.push({
        line: index + 2,
        field: 'Closed At',
        message:
          'A closed trade (with an Exit Price) needs a date: add Closed At (or the Date or Opened At it opened)',
      });
      return;
    }
    if (result.candidate) candidates.push(result.candidate);
    errors.push(...result.errors);
  });
  return { candidates, errors };
}

/**
 * Reads an uploaded CSV: our own export, or a broker's history (recognised by its first row, or
 * named by `format`). Every row is validated; nothing is written here. A broker's rows the
 * journal does not take (shares) come back in `skipped` with their reason, never as errors.
 */
export function parseTradesCsv(text: string, format: 'auto' | ImportFormat = 'auto'): ParsedImport {
  const content = text.replace(/^\uFEFF/, '');
  // A Flex Query's XML: read as XML whatever its size in lines (its limit counts trades).
  if ((format === 'auto' || format === 'ibkr-flex') && isFlexXml(content))
    return { format: 'ibkr-flex', ...ibkrFlexXmlTrades(content, SUPPORTED_FORMATS) };
  const parsed = Papa.parse<CsvRecord>(content, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const header = parsed.meta.fields ?? [];
  // Papa Parse counts the header in a quote error's row but not in a field-count error's. A row
  // with too few cells is fine (spreadsheets drop trailing empty cells): its fields are checked.
  const fileErrors: ImportRowError[] = parsed.errors
    .filter((error) => error.code !== 'UndetectableDelimiter' && error.code !== 'TooFewFields')
    .map((error) => ({
      line: (error.row ?? 0) + (error.type === 'Quotes' ? 1 : 2),
      field: 'row',
      message: error.message,
    }));

  const resolved = format === 'auto' ? detectFormat(header) : format;
  if (parsed.data.length > TRADE_IMPORT_MAX_ROWS) {
    return {
      format: resolved,
      candidates: [],
      errors: [
        {
          line: TRADE_IMPORT_MAX_ROWS + 2,
          field: 'file',
          message: `A file may hold at most ${TRADE_IMPORT_MAX_ROWS} rows; split it`,
        },
      ],
      skipped: [],
    };
  }
  // A sectioned statement and a titled export are read line by line by their own reader.
  if (resolved === 'ibkr') return { format: resolved, ...ibkrTrades(content) };
  if (resolved === 'schwab') return { format: resolved, ...schwabTrades(content) };
  if (resolved === 'ibkr-flex') return { format: resolved, ...ibkrFlexCsvTrades(content) };
  if (resolved === 'tastytrade') {
    const result = tastytradeTrades(parsed.data);
    return { format: resolved, ...result, errors: [...fileErrors, ...result.errors] };
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      format: resolved,
      candidates: [],
      errors: [
        {
          line: 1,
          field: missing[0]!,
          message: `The header has no ${missing.join(', ')} column: this is not a file the journal reads. ${SUPPORTED_FORMATS}`,
        },
      ],
      skipped: [],
    };
  }
  const result = parseEdgeRecords(parsed.data);
  return {
    format: resolved,
    candidates: result.candidates,
    errors: [...fileErrors, ...result.errors],
    skipped: [],
  };
}
