import { useNavigate } from 'react-router-dom';
import { journalPrefillFor } from '@shared/feeds/journal-prefill';
import type { FeedItem, FeedName } from '@shared/feeds/schemas';
import type { JournalPrefill } from '@shared/trades/prefill';
import { dashboardPath } from '../../../lib/dashboard-screens';

/** Opens the journal's Add Trade filled from this item (ticker, a strategy, the price, source and reference). */
export function TrackInJournalButton<F extends FeedName>({ feed, item }: { feed: F; item: FeedItem<F> }) {
  const navigate = useNavigate();
  const state: JournalPrefill = { addTrade: journalPrefillFor(feed, item) };
  return (
    <button
      type="button"
      onClick={() => void navigate(dashboardPath('journal'), { state })}
      aria-label={`Track ${item.ticker} in Journal`}
      className="inline-flex items-center gap-1 rounded-lg border border-emerald-400/40 px-3 py-1.5 text-xs font-semibold text-emerald-200 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300"
    >
      Track in Journal
    </button>
  );
}
