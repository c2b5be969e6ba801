/**
 * What every broker importer shares once it has read its rows as option executions: FIFO matching
 * per contract, fees shared out in whole cents, one journal trade per closed slice and per lot
 * still open, and the schema's validation on the opening row. Pure (no I/O); runs in the API and
 * the browser. See broker-tastytrade.ts, broker-ibkr.ts and broker-schwab.ts for the readers.
 */
import { TZDate } from '@date-fns/tz';
import type { JournalStrategy } from '../constants/strategies';
import { TRADE_TIME_ZONE } from './dates';
import { validateImportRow, type ImportCandidate } from './import-rows';
import type { CreateTradeFormValues, ImportRowError, TradeLeg } from './schemas';

/** The journal counts 100 shares a contract (pnl.ts): other multipliers are refused. */
export const CONTRACT_SIZE = 100;

export type Direction = 'long' | 'short';

export interface Contract {
  key: string;
  ticker: string;
  kind: 'call' | 'put';
  strike: number;
  expiration: string;
}

export interface Execution {
  /** The spreadsheet row (header = row 1, or the file's line for sectioned statements). */
  row: number;
  time: number;
  contract: Contract;
  opens: boolean;
  /** The position it opens or closes; null closes whatever is open. */
  direction: Direction | null;
  quantity: number;
  /** Per share, rounded to cents. */
  price: number;
  /**
   * Fees in millionths of a dollar: IBKR charges fractions of a cent (1.05424), so a trade's fees
   * are rounded to cents once, from the sum of its executions' shares. Negative for a commission
   * credited back (IBKR's Flex Query shows them).
   */
  feeMicros: number;
  /** The broker's order or trade id, written to source_ref as `<broker>:<id>`. */
  order: string | null;
  /** The closing row's note (an expiration, assignment or exercise says so). */
  note: string;
}

interface Lot {
  open: Execution;
  remaining: number;
  feeMicros: number;
}

/** Dollars as fee micro-dollars. */
export const toFeeMicros = (dollars: number) => Math.round(Math.abs(dollars) * 1e6);

/** Single legs only: spreads come in as their legs. */
const STRATEGIES = {
  long: { call: 'Long Call', put: 'Long Put' },
  short: { call: 'Covered Call', put: 'Cash Secured Put' },
} as const satisfies Record<Direction, Record<Contract['kind'], JournalStrategy>>;

/**
 * The price a share of `quantity` contracts that moved `cash` dollars, rounded to cents from the
 * cash in cents (8.155 rounds to 8.16, where 8.155 × 100 in floating point would give 8.15).
 */
export const perSharePrice = (cash: number, quantity: number) =>
  Math.round(Math.round(Math.abs(cash) * 100) / (quantity * CONTRACT_SIZE)) / 100;

export function contractOf(
  ticker: string,
  expiration: string,
  strike: number,
  kind: 'call' | 'put',
): Contract {
  return { key: `${ticker}|${expiration}|${strike}|${kind}`, ticker, kind, strike, expiration };
}

/** 'YYYY-MM-DD' of a real calendar day, or null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : null;
}

/**
 * Milliseconds since the epoch of a wall-clock time in New York (where IBKR and Schwab write their
 * statements; docs/decisions/trade-dates-in-the-market-zone.md). null for an impossible time.
 */
export function newYorkInstant(day: string, hour: number, minute: number, second: number): number | null {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new TZDate(year, month - 1, date, hour, minute, second, TRADE_TIME_ZONE).getTime();
}

/** The closing note of an expiration (none), an assignment or an exercise. */
export function settlementNote(kind: 'expiration' | 'assignment' | 'exercise', price: number): string {
  return kind === 'expiration'
    ? ''
    : `Closed by ${kind} at ${price.toFixed(2)}; the shares delivered are not part of this trade`;
}

/** A lot (or the slice of it that `close` closed) as the input POST /api/trades takes. */
function toTradeInput(
  broker: string,
  open: Execution,
  quantity: number,
  feeMicros: number,
  close?: Execution,
): CreateTradeFormValues {
  const { contract } = open;
  const long = open.direction === 'long';
  const leg: TradeLeg = {
    kind: contract.kind,
    side: long ? 'long' : 'short',
    quantity,
    strike: contract.strike,
    expiration: contract.expiration,
    premium: open.price,
  };
  // A broker may credit a commission back (IBKR): fees net of it, never below zero, and a
  // credit larger than the fees is said in the notes rather than lost without a word.
  const feeCents = Math.round(feeMicros / 10_000);
  const credit =
    feeCents < 0
      ? `A commission credit of ${(-feeCents / 100).toFixed(2)} is not in the fees (they cannot be negative)`
      : '';
  return {
    ticker: contract.ticker,
    strategy: STRATEGIES[open.direction ?? 'long'][contract.kind],
    side: long ? 'debit' : 'credit',
    quantity,
    entry_price: open.price,
    exit_price: close ? close.price : null,
    fees: Math.max(0, feeCents) / 100,
    opened_at: new Date(open.time).toISOString(),
    closed_at: close ? new Date(close.time).toISOString() : null,
    legs: [leg],
    source: 'import',
    source_ref: open.order ? `${broker}:${open.order}` : null,
    notes: [close?.note ?? '', credit].filter(Boolean).join('. '),
    tags: [],
  };
}

/**
 * Closes the oldest matching lots of a contract with `close`, handing each closed slice and its
 * fees (its share of the opening's and of the closing's, by quantity; the shares of one
 * execution add up to its fees exactly) to `slice`. Returns the contracts left unmatched.
 */
function closeLots(
  lots: Lot[],
  close: Execution,
  slice: (lot: Lot, quantity: number, feeMicros: number) => void,
): number {
  let quantity = close.quantity;
  let feeMicros = close.feeMicros;
  for (const lot of lots) {
    if (quantity === 0) break;
    if (close.direction && lot.open.direction !== close.direction) continue;
    const taken = Math.min(lot.remaining, quantity);
    const openFee = Math.round((lot.feeMicros * taken) / lot.remaining);
    const closeFee = Math.round((feeMicros * taken) / quantity);
    slice(lot, taken, openFee + closeFee);
    lot.remaining -= taken;
    lot.feeMicros -= openFee;
    quantity -= taken;
    feeMicros -= closeFee;
  }
  return quantity;
}

function unmatchedError(close: Execution, unmatched: number, field: { action: string; quantity: string }) {
  const { ticker, expiration, strike, kind } = close.contract;
  const contract = `${ticker} ${expiration} ${strike} ${kind}`;
  const open = close.quantity - unmatched;
  return open === 0
    ? {
        line: close.row,
        field: field.action,
        message: `Closes ${contract}, but no such position is open before it in this file (was it opened before the export starts?)`,
      }
    : {
        line: close.row,
        field: field.quantity,
        message: `Closes ${close.quantity} ${contract}, but only ${open} ${open === 1 ? 'is' : 'are'} open before it in this file`,
      };
}

export interface MatchOptions {
  /** source_ref's prefix: `tastytrade`, `ibkr`, `schwab`. */
  broker: string;
  /** The CSV column a trade field came from, for the schema's errors. */
  columnOf: (field: string) => string;
  /** The columns an unmatched close is reported under. */
  closeColumns: { action: string; quantity: string };
}

/**
 * Executions (in any order) → journal trades: sorted by time (openings first on a tie, then the
 * later row first, as exports list newest first), matched per contract FIFO; each closed slice
 * and each lot still open is one trade on its opening row, oldest opening first.
 */
export function matchExecutions(
  executions: readonly Execution[],
  options: MatchOptions,
): { candidates: ImportCandidate[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const sorted = [...executions].sort(
    (a, b) => a.time - b.time || Number(b.opens) - Number(a.opens) || b.row - a.row,
  );
  const lots = new Map<string, Lot[]>();
  const trades: { open: Execution; input: CreateTradeFormValues }[] = [];
  for (const execution of sorted) {
    const contractLots = lots.get(execution.contract.key) ?? [];
    if (execution.opens)
      contractLots.push({ open: execution, remaining: execution.quantity, feeMicros: execution.feeMicros });
    else {
      const unmatched = closeLots(contractLots, execution, (lot, quantity, feeMicros) =>
        trades.push({
          open: lot.open,
          input: toTradeInput(options.broker, lot.open, quantity, feeMicros, execution),
        }),
      );
      if (unmatched > 0) errors.push(unmatchedError(execution, unmatched, options.closeColumns));
    }
    lots.set(
      execution.contract.key,
      contractLots.filter((lot) => lot.remaining > 0),
    );
  }
  for (const lot of [...lots.values()].flat())
    trades.push({
      open: lot.open,
      input: toTradeInput(options.broker, lot.open, lot.remaining, lot.feeMicros),
    });

  const candidates: ImportCandidate[] = [];
  trades
    .sort((a, b) => a.open.time - b.open.time || b.open.row - a.open.row)
    .forEach(({ open, input }) => {
      const result = validateImportRow(open.row, input, options.columnOf);
      if (result.candidate) candidates.push(result.candidate);
      errors.push(...result.errors);
    });
  return { candidates, errors };
}
