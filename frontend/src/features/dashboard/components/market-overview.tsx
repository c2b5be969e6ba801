import RotateCw from 'lucide-react/icons/rotate-cw';
import { MARKET_DATA_SOURCE_LIVE, MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import type { Quote } from '@shared/market/schemas';
import { fiftyTwoWeekRange, parsePrice } from '@shared/market/summary-levels';
import { Spinner } from '../../../components/ui/spinner';
import { useMarketOverview } from '../api/get-quotes';
import { clockTime, formatDollars } from '../utils/format';
import { Panel, type PanelVariant } from './panel';
import { QuoteChange } from './quote-change';
import { provenanceLabel } from '../../../lib/provenance';

/** The model's 52-week range of closes when the quote has it; the spec's 80%-120% estimate otherwise. */
function yearRange(quote: Quote): { text: string; estimated: boolean } | null {
  const low = parsePrice(quote.fiftyTwoWeekLow);
  const high = parsePrice(quote.fiftyTwoWeekHigh);
  if (low !== null && high !== null)
    return { text: `${formatDollars(low)} – ${formatDollars(high)}`, estimated: false };
  const price = parsePrice(quote.price);
  if (price === null) return null;
  const estimate = fiftyTwoWeekRange(price);
  return { text: `${formatDollars(estimate.low)} – ${formatDollars(estimate.high)}`, estimated: true };
}

function QuoteCard({ quote, compact }: { quote: Quote; compact: boolean }) {
  if (compact) {
    return (
      <li className="flex min-w-0 items-baseline justify-between gap-2 text-sm">
        <span className="font-mono font-bold text-white">{quote.symbol}</span>
        <span className="ml-auto text-white tabular-nums">{formatDollars(Number(quote.price))}</span>
        <QuoteChange quote={quote} className="w-32 shrink-0 text-right text-xs" />
      </li>
    );
  }
  const range = yearRange(quote);
  return (
    <li className="min-w-0">
      <article
        aria-label={quote.symbol}
        className="min-w-0 rounded-xl border border-slate-800 bg-slate-950/50 px-3 py-2"
      >
        <div className="flex items-baseline justify-between gap-2">
          <p className="flex min-w-0 items-baseline gap-2">
            <span className="font-mono font-bold text-white">{quote.symbol}</span>
            <span className="truncate text-xs text-slate-400">{quote.name}</span>
          </p>
          <span className="font-semibold text-white tabular-nums">{formatDollars(Number(quote.price))}</span>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
          <dl className="flex gap-3">
            <div>
              <dt className="inline text-slate-500">Vol </dt>
              <dd className="inline text-slate-300">{quote.volume === '0' ? '--' : quote.volume}</dd>
            </div>
            {quote.marketCap && (
              <div>
                <dt className="inline text-slate-500">Mkt Cap </dt>
                <dd className="inline text-slate-300">{quote.marketCap}</dd>
              </div>
            )}
          </dl>
          <QuoteChange quote={quote} />
        </div>
        <dl className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-xs">
          {range && (
            <div>
              <dt className="inline text-slate-500">52W Range </dt>
              <dd className="inline text-slate-300 tabular-nums">
                {range.text}
                {range.estimated && <span className="text-slate-500"> (estimate: 80%–120% of price)</span>}
              </dd>
            </div>
          )}
          <div>
            <dt className="sr-only">Last updated</dt>
            <dd className="text-slate-500">
              <time dateTime={quote.timestamp}>{clockTime(quote.timestamp)}</time>
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

/** The Market Overview side panel: ten quotes, refreshed every 30 s and on demand. */
export function MarketOverview({
  variant = 'default',
  className = '',
}: {
  variant?: PanelVariant;
  className?: string;
}) {
  const compact = variant === 'compact';
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useMarketOverview();
  return (
    <Panel
      title="Market Overview"
      variant={variant}
      className={className}
      actions={
        <div className="flex items-center gap-2">
          {data && (
            <span className="rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-amber-200 uppercase">
              {data.provenance
                ? provenanceLabel(data.provenance)
                : data.source === 'live'
                  ? MARKET_DATA_SOURCE_LIVE
                  : MARKET_DATA_SOURCE_SIMULATED}
            </span>
          )}
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            aria-label="Refresh market overview"
            className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white disabled:opacity-60"
          >
            <RotateCw className={`size-4 ${isFetching ? 'animate-spin' : ''}`} />
          </button>
        </div>
      }
    >
      {isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-400">
          <Spinner className="size-4" /> Loading quotes...
        </div>
      ) : !data ? (
        <p className="text-sm text-slate-400">Market data is unavailable right now.</p>
      ) : (
        <>
          <ul aria-label="Market quotes" className={`grid grid-cols-1 ${compact ? 'gap-1.5' : 'gap-2'}`}>
            {data.data.map((quote) => (
              <QuoteCard key={quote.symbol} quote={quote} compact={compact} />
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-500">
            {isError ? 'Refresh failed; showing the last quotes. ' : ''}Fetched {clockTime(dataUpdatedAt)}
          </p>
        </>
      )}
    </Panel>
  );
}
