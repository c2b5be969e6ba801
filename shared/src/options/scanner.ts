/**
 * The scanner: scan(snapshot, filters) over the whole universe, a pure function.
 *
 * The snapshot (./snapshot) holds each contract's IV solved from its mid under its exercise
 * style, its greeks, and its expected payoff under the forecast (./forecast). The hot loop
 * (./scan-run) builds every strategy's candidates per underlying and expiration; the screen
 * (./scan-screen) filters them as plain numbers and scores what passes (./scoring); the selection
 * (./scan-selection) keeps the best per underlying (maxResultsPerTicker), then per strategy
 * (maxResultsPerStrategy), then the best `limit` overall, which become result objects
 * (./scan-results). When nothing matches, the scan says which filter removed everything, with the
 * values (./scan-diagnosis).
 */
import type { ScanFilters } from './scan-filters';
import { describeEmptyScan, type EmptyReason } from './scan-diagnosis';
import { materialize, type ScanResultDetail } from './scan-results';
import { ivRankNotice, leanNotice, realIvNote } from './scan-notes';
import { ScanRun, type CandidateView } from './scan-run';
import type { UniverseSnapshot } from './snapshot';

export type { ScanResultDetail } from './scan-results';
export type { EmptyReason } from './scan-diagnosis';
export type { CandidateView } from './scan-run';
export { ATM_BAND, moneynessOf } from './scan-screen';
export { priceChain } from './snapshot';

export interface ScanOutput {
  asOf: string;
  /** Whether the market was in session at the snapshot (results refresh only then). */
  marketOpen: boolean;
  results: ScanResultDetail[];
  /** Candidates that passed every filter (results are the best `limit` of them, after the caps). */
  matched: number;
  scanned: { underlyings: number; contracts: number; candidates: number };
  /** When nothing matched: the filter that removed the last candidates, with the values, and how to relax it. */
  emptyReason: EmptyReason | null;
  /** What the trader should know besides the results: the IV Rank slider with a ticker, which way the results lean (./scan-notes). */
  notes: string[];
}

/** Runs a scan and shows `visit` every candidate that passes the filters (scored), in scan order. */
export function visitCandidates(
  snapshot: UniverseSnapshot,
  filters: ScanFilters,
  visit: (view: CandidateView) => void,
): number {
  const run = new ScanRun(snapshot, filters);
  run.visitor = visit;
  run.run();
  return run.matched;
}

/** Scans the snapshot with filters as parsed by scanFiltersSchema. */
export function scan(snapshot: UniverseSnapshot, filters: ScanFilters): ScanOutput {
  const tickerChain =
    filters.ticker === undefined ? undefined : snapshot.chains.find((c) => c.symbol === filters.ticker);
  const realNote = tickerChain?.realIv ? realIvNote(filters, tickerChain.symbol, tickerChain.realIv) : null;
  if (tickerChain?.noForecastReason)
    return unforecast(snapshot, tickerChain.symbol, tickerChain.noForecastReason, realNote);
  const run = new ScanRun(snapshot, filters);
  run.run();
  const results = run.selection.select().map((slot) => materialize(snapshot, run.selection.pool, slot));
  const notes: string[] = [];
  const ivNote =
    realNote ??
    (tickerChain ? ivRankNotice(filters, tickerChain.symbol, tickerChain.underlying.ivRank) : null);
  if (ivNote) notes.push(ivNote);
  const lean = leanNotice(results, filters.minExpectedReturn === undefined);
  if (lean) notes.push(lean);
  return {
    asOf: snapshot.asOf,
    marketOpen: snapshot.marketOpen,
    results,
    matched: run.matched,
    scanned: { underlyings: run.underlyings, contracts: run.contracts, candidates: run.candidates },
    emptyReason:
      results.length === 0
        ? describeEmptyScan(run.diagnosis, filters, {
            underlyings: run.underlyings,
            candidates: run.candidates,
          })
        : null,
    notes,
  };
}

/**
 * A real chain without a forecast (too few real daily closes): no positions, since each would
 * carry an expected return and an edge score, and the simulated model's never stands in.
 */
function unforecast(
  snapshot: UniverseSnapshot,
  symbol: string,
  reason: string,
  ivNote: string | null,
): ScanOutput {
  const message = `No forecast for ${symbol} yet, so no expected return or edge score: ${reason}. The forecast is made from the real daily closes, never the simulated market's.`;
  return {
    asOf: snapshot.asOf,
    marketOpen: snapshot.marketOpen,
    results: [],
    matched: 0,
    scanned: { underlyings: 1, contracts: snapshot.contractCount, candidates: 0 },
    emptyReason: { filter: 'forecast', message, relax: {} },
    notes: ivNote ? [ivNote] : [],
  };
}
