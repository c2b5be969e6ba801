import Star from 'lucide-react/icons/star';
import { useToggleWatch, useWatchlist, watchErrorText } from '../../lib/watchlist';

/**
 * A star that adds a ticker to the user's watchlist or removes it: a toggle button
 * (`aria-pressed`) named "Watch NVDA". A refusal (the list is full) is said beside it.
 */
export function WatchButton({ ticker, className = '' }: { ticker: string; className?: string }) {
  const { data } = useWatchlist();
  const toggle = useToggleWatch();
  const watched = data?.tickers.some((t) => t.ticker === ticker) ?? false;
  const error = watchErrorText(toggle.error);
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        aria-pressed={watched}
        aria-label={`Watch ${ticker}`}
        title={watched ? `On your watchlist: remove ${ticker}` : `Add ${ticker} to your watchlist`}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ ticker, watch: !watched })}
        className={`inline-flex items-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:cursor-not-allowed disabled:opacity-60 ${
          watched
            ? 'border-amber-400/60 bg-amber-400/10 text-amber-200 hover:bg-amber-400/20'
            : 'border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800'
        }`}
      >
        <Star aria-hidden="true" className={`size-4 ${watched ? 'fill-amber-300 text-amber-300' : ''}`} />
        Watch
      </button>
      {error && (
        <span role="alert" className="text-xs text-rose-300">
          {error}
        </span>
      )}
    </span>
  );
}
