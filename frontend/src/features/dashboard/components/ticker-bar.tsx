import type { Quote } from '@shared/market/schemas';
import { useTickerBar } from '../api/get-quotes';
import { changeText } from '../utils/format';

function TickerItems({ quotes }: { quotes: Quote[] }) {
  return (
    <>
      {quotes.map((quote) => (
        <li key={quote.symbol} className="flex shrink-0 items-baseline gap-2 px-4 text-sm" title={quote.name}>
          <span className="font-mono font-semibold text-white">{quote.symbol}</span>
          <span className="text-slate-200 tabular-nums">{quote.price}</span>
          <span className={`tabular-nums ${changeText(quote.isPositive)}`}>{quote.changePercent}</span>
        </li>
      ))}
    </>
  );
}

/**
 * The scrolling ticker bar of the spec's 20 symbols (every 30 s while visible). It pauses on
 * hover and focus, and stands still for users who ask for reduced motion. A failed call shows
 * spec 8's generated fallback, labelled as such.
 */
export function TickerBar() {
  const { data } = useTickerBar();
  if (!data || data.data.length === 0) return null;
  const fallback = data.source === 'fallback';
  return (
    <section
      aria-label="Ticker"
      className="mt-8 flex items-center overflow-hidden rounded-xl border border-slate-800 bg-slate-900/80"
    >
      <style>
        {
          '@keyframes edge-ticker-scroll { from { transform: translateX(0) } to { transform: translateX(-50%) } }'
        }
      </style>
      {fallback && (
        <p className="shrink-0 border-r border-slate-800 bg-amber-400/10 px-3 py-2 text-xs font-semibold text-amber-200">
          Fallback: randomly generated quotes (market data unavailable)
        </p>
      )}
      <div className="min-w-0 flex-1 overflow-hidden py-2 motion-reduce:overflow-x-auto">
        <div className="flex w-max animate-[edge-ticker-scroll_60s_linear_infinite] hover:[animation-play-state:paused] focus-within:[animation-play-state:paused] motion-reduce:animate-none">
          <ul aria-label="Ticker quotes" className="flex">
            <TickerItems quotes={data.data} />
          </ul>
          <ul aria-hidden="true" className="flex motion-reduce:hidden">
            <TickerItems quotes={data.data} />
          </ul>
        </div>
      </div>
    </section>
  );
}
