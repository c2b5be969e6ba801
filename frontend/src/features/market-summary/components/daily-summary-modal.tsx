import X from 'lucide-react/icons/x';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  MARKET_DATA_SOURCE_LIVE,
  MARKET_DATA_SOURCE_SIMULATED,
  MARKET_SUMMARY_LOADING,
} from '@shared/constants/texts';
import { newsCategoryFilters, type NewsCategoryFilter } from '@shared/market/schemas';
import { fallbackMarketSummary } from '@shared/market/summary-fallback';
import { feedProviderLabels } from '@shared/providers/feeds/feed-providers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMarketSummary } from '../api/get-market-summary';
import { clockTime, longDate, longDay } from '../utils/format';
import { categoryLabel, NewsCard } from './news-card';
import { SummaryLevels, SummaryOverview } from './summary-overview';

type DailySummaryModalProps = {
  /** Closing the modal by any means (close icon, Escape, backdrop) dismisses it for the day. */
  onClose: () => void;
  onStartTrading: () => void;
};

/**
 * The Daily Market Summary (spec 2): overview, SPY and QQQ levels, and the day's news with a
 * category filter. A modal <dialog>: focus stays inside, Escape or the backdrop closes it.
 */
export function DailySummaryModal({ onClose, onStartTrading }: DailySummaryModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { data, isPending, isError } = useMarketSummary();
  const [category, setCategory] = useState<NewsCategoryFilter>('all');
  const [now] = useState(() => new Date());
  // Spec 8: a failed summary falls back to simulated defaults (drawn once, not on every render).
  const fallback = useMemo(() => fallbackMarketSummary(now), [now]);
  const summary = isError ? fallback : data;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      // jsdom has no showModal; a plain open dialog is enough there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) =>
    event.target === event.currentTarget && onClose();
  const news = summary?.news.filter((item) => category === 'all' || item.category === category) ?? [];

  return (
    // The click is the backdrop's; from the keyboard, Escape closes it (the dialog's cancel event).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
    <dialog
      ref={ref}
      aria-labelledby="daily-summary-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
      className="m-auto max-h-[92vh] w-[min(64rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <div className="flex max-h-[92vh] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-800 px-5 py-4 sm:px-6">
          <div>
            <h2 id="daily-summary-title" className="text-xl font-bold text-white">
              Daily Market Summary
            </h2>
            {/* The market clock's day (a replayed or pinned session shows its own), else the browser's. */}
            <p className="text-sm text-slate-400">{data ? longDay(data.date) : longDate(now)}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close daily market summary"
            className="rounded-lg p-2 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-300"
          >
            <X className="size-5" />
          </button>
        </header>

        <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5 sm:px-6">
          {isPending && !isError ? (
            <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-300">
              <Spinner className="size-6 text-emerald-400" /> {MARKET_SUMMARY_LOADING}
            </div>
          ) : summary ? (
            <>
              {isError && (
                <p
                  role="alert"
                  className="rounded-lg border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
                >
                  Today&apos;s summary could not be loaded. Showing simulated defaults; news is unavailable.
                </p>
              )}
              <SummaryOverview summary={summary} />
              <SummaryLevels levels={summary.levels} />
              <section aria-labelledby="summary-news-title">
                <h3 id="summary-news-title" className="text-base font-semibold text-white">
                  Market News
                </h3>
                <div role="group" aria-label="News category" className="mt-3 flex flex-wrap gap-2">
                  {newsCategoryFilters.map((filter) => (
                    <button
                      key={filter}
                      type="button"
                      aria-pressed={category === filter}
                      onClick={() => setCategory(filter)}
                      className={`rounded-full px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-emerald-300 ${
                        category === filter
                          ? 'bg-emerald-500 text-slate-950'
                          : 'bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white'
                      }`}
                    >
                      {categoryLabel(filter)}
                    </button>
                  ))}
                </div>
                {news.length === 0 ? (
                  <p className="mt-4 rounded-xl border border-dashed border-slate-700 p-6 text-center text-sm text-slate-400">
                    {summary.news.length === 0
                      ? 'No news is available right now.'
                      : `No ${categoryLabel(category).toLowerCase()} news in today's summary.`}
                  </p>
                ) : (
                  <ul aria-label="News" className="mt-4 space-y-3">
                    {news.map((item) => (
                      <li key={item.id}>
                        <NewsCard item={item} now={now} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          ) : null}
        </div>

        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-800 px-5 py-3 text-xs text-slate-400 sm:px-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span>
              {summary ? summary.news.length : 0} news item{summary?.news.length === 1 ? '' : 's'}
            </span>
            {summary && <span>Last updated {clockTime(summary.updatedAt)}</span>}
            {/* A real news provider's stories are attributed (and said to be old when it last failed). */}
            {data && data.newsSource.provider !== 'simulated' && (
              <span>
                News: {feedProviderLabels[data.newsSource.provider]}
                {data.newsSource.stale &&
                  ` · not updated (${data.newsSource.stale.reason}; ${Math.round(data.newsSource.stale.ageSeconds / 60)} min old)`}
              </span>
            )}
            {summary && (
              <span className="rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 font-semibold text-amber-200">
                {summary.source === 'live' ? MARKET_DATA_SOURCE_LIVE : MARKET_DATA_SOURCE_SIMULATED}
              </span>
            )}
          </div>
          <Button onClick={onStartTrading}>Start Trading</Button>
        </footer>
      </div>
    </dialog>
  );
}
