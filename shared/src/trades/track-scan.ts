/**
 * 'Track' on a scanner position: the Add Trade prefill of the position as the scanner shows it.
 * Every leg at its fill (buy at the ask, sell at the bid), the net per share as the results
 * table prices it (a debit paid or a credit received), the edge score and expected return shown.
 */
import type { JournalStrategy, ScannerStrategy } from '../constants/strategies';
import type { ScanResultRow } from '../options/response-schemas';
import { toCents, toFourDecimals, type TradePrefill } from './prefill';
import type { TradeLeg } from './schemas';

/** The journal's name of each scanner strategy. */
export const JOURNAL_STRATEGY_OF_SCANNER: Record<ScannerStrategy, JournalStrategy> = {
  'long-call': 'Long Call',
  'long-put': 'Long Put',
  'covered-call': 'Covered Call',
  'cash-secured-put': 'Cash Secured Put',
  'iron-condor': 'Iron Condor',
  butterfly: 'Butterfly',
  straddle: 'Straddle',
  strangle: 'Strangle',
};

/** A scan result's identity: strategy, expiration and strikes (what the position dialog shows). */
export function scanPositionRef(row: ScanResultRow): string {
  const asOf = row.position.asOf;
  return `scanner:${row.ticker}:${row.strategy}:${row.expiration}:${row.strikes.join('/')}@${asOf}`;
}

export function scanRowLegs(row: ScanResultRow): TradeLeg[] {
  return row.position.legs.map((leg) => ({
    kind: leg.kind,
    side: leg.side,
    quantity: leg.quantity,
    strike: leg.kind === 'stock' ? null : leg.strike,
    expiration: leg.kind === 'stock' ? null : leg.expiration,
    premium: toFourDecimals(leg.premium),
  }));
}

/** A price per share as quoted: at least cents, up to four decimals (3.30, 0.6125). */
const quoted = (price: number): string =>
  price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });

/** One leg as a trader reads it: 'Sell 1 XLE 84 put 2026-12-18 at 0.62'. */
export function describeLeg(ticker: string, leg: TradeLeg): string {
  const verb = leg.side === 'long' ? 'Buy' : 'Sell';
  const at = quoted(leg.premium);
  if (leg.kind === 'stock') return `${verb} ${leg.quantity * 100} ${ticker} shares at ${at}`;
  return `${verb} ${leg.quantity} ${ticker} ${leg.strike} ${leg.kind} ${leg.expiration} at ${at}`;
}

/** `quotes`: the scan's source (simulated or a real provider), named in the note. */
export function scanRowPrefill(row: ScanResultRow, quotes: string): TradePrefill {
  const legs = scanRowLegs(row);
  const priced = row.priceType === 'credit' ? 'credit received' : 'debit paid';
  return {
    ticker: row.ticker,
    strategy: JOURNAL_STRATEGY_OF_SCANNER[row.strategy],
    side: row.priceType,
    quantity: 1,
    entry_price: toCents(Math.abs(row.netPrice)),
    legs,
    source: 'scanner',
    source_ref: scanPositionRef(row),
    edge_score: Math.round(row.edgeScore * 100) / 100,
    expected_return: toFourDecimals(row.expectedReturn),
    priced_by: `The scanner's net ${priced} per share at the bid/ask (${quotes} quotes as of ${row.position.asOf}).`,
    notes: `Tracked from the scanner (${quotes === 'simulated' ? 'simulated market' : `${quotes} quotes`}): ${row.strikeLabel} expiring ${row.expiration}, edge score ${row.edgeScore}, expected return ${(row.expectedReturn * 100).toFixed(1)}%.`,
  };
}
