import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FULLSCREEN_SCAN_EXPORT_ROWS } from '@shared/constants/caps';
import { scannerStrategyLabel } from '@shared/constants/strategies';
import { MARKET_DATA_SOURCE_SIMULATED, SCANNER_FETCH_FAILED } from '@shared/constants/texts';
import { scanFiltersSchema } from '@shared/options/scan-filters';
import { Button } from '../../../components/ui/button';
import { MarketOverview } from '../../../features/dashboard/components/market-overview';
import { MarketSummaryCard } from '../../../features/dashboard/components/market-summary-card';
import { Panel } from '../../../features/dashboard/components/panel';
import { RecentActivityList } from '../../../features/dashboard/components/recent-activity';
import { StatCards } from '../../../features/dashboard/components/stat-cards';
import { runScan } from '../../../features/scanner/api/run-scan';
import { EdgeScoreBadge } from '../../../features/scanner/components/edge-score-badge';
import { saveTextFile } from '../../../lib/save-text-file';
import { SCAN_CSV_FILENAME, toScanCsv } from '../../../features/scanner/utils/to-scan-csv';
import { formatNetPrice } from '../../../features/scanner/utils/format';
import { dashboardPath } from '../../../lib/dashboard-screens';

/**
 * The full-screen panel's scan: the scanner's defaults (all strategies, IV rank 50, best edge
 * first), one position per underlying so five rows show five ideas.
 */
const PANEL_SCAN = scanFiltersSchema.parse({ maxPerTicker: 1 });

/** A panel that says what a screen holds and opens it (the screen keeps its own live data). */
function ScreenPanel({ title, path, summary }: { title: string; path: string; summary: string }) {
  return (
    <Panel title={title} variant="compact">
      <p className="text-sm text-slate-400">{summary}</p>
      <Link
        to={dashboardPath(path)}
        className="mt-3 inline-block text-sm font-medium text-emerald-300 hover:text-emerald-200"
      >
        Open the {title} screen →
      </Link>
    </Panel>
  );
}

/** Options Scanner panel: run a scan, see the top rows, export the first 5 as the scanner's CSV. */
function ScannerPanel() {
  const scan = useMutation({ mutationFn: () => runScan(PANEL_SCAN) });
  // Spec 8: a failed scan in this panel clears the results.
  const results = scan.isError ? [] : (scan.data?.results ?? []);
  const exportRows = results.slice(0, FULLSCREEN_SCAN_EXPORT_ROWS);
  return (
    <Panel
      title="Options Scanner"
      variant="compact"
      actions={
        <span className="text-[10px] font-semibold text-amber-200 uppercase">
          {MARKET_DATA_SOURCE_SIMULATED}
        </span>
      }
    >
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => scan.mutate()} isLoading={scan.isPending} className="px-3 py-1.5">
          Run Scan
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          disabled={exportRows.length === 0}
          onClick={() => saveTextFile(SCAN_CSV_FILENAME, toScanCsv(exportRows))}
        >
          Export CSV (top {FULLSCREEN_SCAN_EXPORT_ROWS})
        </Button>
      </div>
      {scan.isError && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {SCANNER_FETCH_FAILED}
        </p>
      )}
      {results.length > 0 && (
        <table aria-label="Top scan results" className="mt-3 w-full text-left text-xs">
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Ticker
              </th>
              <th scope="col" className="py-1 font-medium">
                Strategy
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Strike
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Expires
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Edge
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800 text-slate-200">
            {exportRows.map((row) => (
              <tr key={`${row.ticker}-${row.strategy}-${row.strikeLabel}-${row.expiration}`}>
                <td className="py-1.5 font-mono font-semibold">{row.ticker}</td>
                <td className="py-1.5">{scannerStrategyLabel(row.strategy)}</td>
                <td className="py-1.5 text-right tabular-nums">{row.strikeLabel}</td>
                <td className="py-1.5 text-right tabular-nums">
                  <time dateTime={row.expiration}>{row.expiration}</time>
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatNetPrice(row.netPrice, row.priceType)}
                </td>
                <td className="py-1.5 text-right">
                  <EdgeScoreBadge score={row.edgeScore} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {scan.isSuccess && results.length === 0 && <p className="mt-3 text-sm text-slate-400">No Results</p>}
    </Panel>
  );
}

/**
 * Full-screen mode (spec 2, signed-in shell): the compact grid of eight panels that replaces the
 * page under /dashboard. The assistant and feed panels say what their screen holds and open it.
 */
export function FullScreenGrid() {
  return (
    <section aria-label="Full screen view" className="grid gap-4 p-4 md:grid-cols-2 xl:grid-cols-4">
      <Panel title="Portfolio Overview" variant="compact">
        <StatCards compact />
      </Panel>
      <ScannerPanel />
      <MarketOverview variant="compact" />
      <ScreenPanel
        title="AI Research Assistant"
        path="research"
        summary="Ask about a stock, a strategy or your own journal; answers cite the market data and trades they used."
      />
      <ScreenPanel
        title="Dark Pool Flow"
        path="darkpool"
        summary="Institutional block prints as they come in, human or algorithmic, with an edge score and options impact (simulated)."
      />
      <Panel title="Recent Activity" variant="compact">
        <RecentActivityList />
      </Panel>
      <MarketSummaryCard variant="compact" />
      <ScreenPanel
        title="Trend Alerts"
        path="trend-alerts"
        summary="Momentum, breakout, volume and social alerts with price indications and evidence (simulated)."
      />
    </section>
  );
}
