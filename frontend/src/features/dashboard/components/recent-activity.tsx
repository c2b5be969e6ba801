import { RECENT_ACTIVITY_LIMIT } from '@shared/constants/caps';
import {
  closedTradeActivity,
  EMPTY_ACTIVITY,
  OPEN_TRADE_LABEL,
  openedTradeActivity,
} from '@shared/constants/texts';
import { activityRelativeTime } from '@shared/format/relative-time';
import type { Trade } from '@shared/trades/schemas';
import { pnlTone } from '@shared/ui/colour-bands';
import { Spinner } from '../../../components/ui/spinner';
import { useRecentTrades } from '../api/get-recent-trades';
import { useNow } from '../hooks/use-now';
import { formatSignedDollars, polarityText } from '../utils/format';

const MINUTE_MS = 60_000;

/** When the activity happened: the close of a closed trade, the open of an open one (never the last edit). */
export const activityTime = (trade: Trade): string =>
  trade.exit_price === null ? trade.opened_at : (trade.closed_at ?? trade.opened_at);

function ActivityRow({ trade, now }: { trade: Trade; now: Date }) {
  const open = trade.exit_price === null;
  const at = activityTime(trade);
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        aria-hidden="true"
        className={`flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
          open ? 'bg-blue-500/15 text-blue-300' : 'bg-slate-800 text-slate-200'
        }`}
      >
        {trade.ticker.slice(0, 4)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-white">
          <span className="font-semibold">{trade.ticker}</span>{' '}
          {open ? openedTradeActivity(trade.strategy) : closedTradeActivity(trade.strategy)}
        </p>
        <p className="text-xs text-slate-400">
          <time dateTime={at}>{activityRelativeTime(at, now)}</time>
        </p>
      </div>
      {open || trade.pnl === null ? (
        <span className="text-sm font-semibold text-blue-300">{OPEN_TRADE_LABEL}</span>
      ) : (
        <span className={`text-sm font-semibold tabular-nums ${polarityText[pnlTone(trade.pnl)]}`}>
          {formatSignedDollars(trade.pnl)}
        </span>
      )}
    </li>
  );
}

/**
 * The most recently changed trades, newest event first: 'Opened {strategy}' with when it opened,
 * or 'Closed {strategy}' with its P&L and when it closed.
 */
export function RecentActivityList({ limit = RECENT_ACTIVITY_LIMIT }: { limit?: number }) {
  const { data: trades, isPending, isError } = useRecentTrades();
  const now = useNow(MINUTE_MS / 2);
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-slate-400">
        <Spinner className="size-4" /> Loading recent activity...
      </div>
    );
  }
  if (isError || trades.length === 0) {
    // Spec 8: a failed load is only logged, so it reads like no activity.
    return (
      <div className="py-6 text-center">
        <p className="font-semibold text-white">{EMPTY_ACTIVITY.title}</p>
        <p className="mt-1 text-sm text-slate-400">{EMPTY_ACTIVITY.description}</p>
      </div>
    );
  }
  return (
    <ul aria-label="Recent trades" className="divide-y divide-slate-800">
      {[...trades]
        .sort((a, b) => activityTime(b).localeCompare(activityTime(a)))
        .slice(0, limit)
        .map((trade) => (
          <ActivityRow key={trade.trade_id} trade={trade} now={now} />
        ))}
    </ul>
  );
}
