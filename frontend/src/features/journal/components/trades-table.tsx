import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { OPEN_TRADE_LABEL } from '@shared/constants/texts';
import { type Trade } from '@shared/trades/schemas';
import { Spinner } from '../../../components/ui/spinner';
import { useWideEnough } from '../hooks/use-wide-enough';
import { formatDay, formatInteger, formatPnl, formatPrice, legsSummary, localDay } from '../utils/format';
import { pnlClass } from '../utils/tones';

export type TradeAction = 'close' | 'edit' | 'delete';

type TradesTableProps = {
  trades: readonly Trade[];
  /** Trades the filters select in all (from the stats), when known. */
  total: number | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onAction: (action: TradeAction, trade: Trade) => void;
};

const ROW_HEIGHT = 53;
const TABLE_MIN_WIDTH = 760;
const HEADER_HEIGHT = 41;
const CARD_HEIGHT = 148;
/** Load the next page when the rows drawn come within this many of the last one loaded. */
const PREFETCH_ROWS = 30;

const COLUMNS = [
  { label: 'Date', className: 'w-[13%]' },
  { label: 'Ticker', className: 'w-[10%]' },
  { label: 'Strategy', className: 'w-[19%]' },
  { label: 'Entry Price', className: 'w-[12%] text-right' },
  { label: 'Exit Price', className: 'w-[12%] text-right' },
  { label: 'P&L', className: 'w-[13%] text-right' },
  { label: 'Actions', className: 'w-[21%] text-right' },
] as const;

const describe = (trade: Trade) => `${trade.ticker} ${trade.strategy}`;

/**
 * The journal's trades, newest first: a table where it fits, a list of cards on phones. Only
 * the rows in view are in the DOM (so 10,000 trades scroll like 10), and the next page loads as
 * the end comes into view.
 */
export function TradesTable(props: TradesTableProps) {
  // The table needs this much room; narrower (a phone, a small window beside the sidebar) gets cards.
  const [ref, wide] = useWideEnough<HTMLDivElement>(TABLE_MIN_WIDTH);
  const { trades, total } = props;
  return (
    <div ref={ref}>
      <p className="mb-2 text-xs text-slate-400" aria-live="polite">
        {total !== undefined && total > trades.length
          ? `Showing ${formatInteger(trades.length)} of ${formatInteger(total)} trades; more load as you scroll.`
          : `${formatInteger(trades.length)} trade${trades.length === 1 ? '' : 's'}.`}
      </p>
      {wide ? <WideTable {...props} /> : <CardList {...props} />}
    </div>
  );
}

function useLoadMore(
  lastIndex: number | undefined,
  { trades, hasNextPage, isFetchingNextPage, fetchNextPage }: TradesTableProps,
) {
  useEffect(() => {
    if (lastIndex === undefined || !hasNextPage || isFetchingNextPage) return;
    if (lastIndex >= trades.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, trades.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
}

function WideTable(props: TradesTableProps) {
  const { trades, total, isFetchingNextPage, onAction } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: trades.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: 10,
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  useLoadMore(items.at(-1)?.index, props);
  const paddingTop = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? HEADER_HEIGHT);

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Trades table (scrolls)"
      className="max-h-[36rem] overflow-auto rounded-xl border border-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-300"
    >
      <table
        className="w-full min-w-[760px] table-fixed text-left text-sm"
        aria-rowcount={total !== undefined ? Math.max(total, trades.length) + 1 : -1}
      >
        <caption className="sr-only">Trades, newest first</caption>
        <thead className="sticky top-0 z-10 bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
          <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 font-medium whitespace-nowrap ${column.className}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => (
            <WideRow
              key={trades[item.index]!.trade_id}
              trade={trades[item.index]!}
              index={item.index}
              onAction={onAction}
            />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
          {isFetchingNextPage && (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-3">
                <LoadingMore />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One row; memoised, so scrolling redraws only the rows that come into view. */
const WideRow = memo(function WideRow({
  trade,
  index,
  onAction,
}: {
  trade: Trade;
  index: number;
  onAction: TradesTableProps['onAction'];
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      style={{ height: ROW_HEIGHT }}
      className="text-slate-200 hover:bg-slate-800/40"
    >
      <td className="px-3 whitespace-nowrap text-slate-300">
        <TradeDate trade={trade} />
      </td>
      <td className="px-3 font-semibold whitespace-nowrap text-white">{trade.ticker}</td>
      <td className="truncate px-3">
        {trade.strategy}
        <SideNote trade={trade} />
        <Legs trade={trade} />
      </td>
      <td className="px-3 text-right whitespace-nowrap tabular-nums">{formatPrice(trade.entry_price)}</td>
      <td className="px-3 text-right whitespace-nowrap tabular-nums">
        <ExitPrice trade={trade} />
      </td>
      <td className="px-3 text-right whitespace-nowrap tabular-nums">
        <Pnl trade={trade} />
      </td>
      <td className="px-3 text-right whitespace-nowrap">
        <RowActions trade={trade} onAction={onAction} />
      </td>
    </tr>
  );
});

function CardList(props: TradesTableProps) {
  const { trades, isFetchingNextPage, onAction } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: trades.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 5,
    gap: 8,
    initialRect: { width: 360, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  useLoadMore(items.at(-1)?.index, props);

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Trades list (scrolls)"
      className="max-h-[70vh] overflow-y-auto rounded-xl focus-visible:outline-2 focus-visible:outline-emerald-300"
    >
      <ul
        aria-label="Trades, newest first"
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => (
          <TradeCard
            key={trades[item.index]!.trade_id}
            trade={trades[item.index]!}
            index={item.index}
            start={item.start}
            measure={virtualizer.measureElement}
            onAction={onAction}
          />
        ))}
      </ul>
      {isFetchingNextPage && (
        <div className="py-3">
          <LoadingMore />
        </div>
      )}
    </div>
  );
}

const TradeCard = memo(function TradeCard({
  trade,
  index,
  start,
  measure,
  onAction,
}: {
  trade: Trade;
  index: number;
  start: number;
  measure: (element: HTMLElement | null) => void;
  onAction: TradesTableProps['onAction'];
}) {
  return (
    <li
      data-index={index}
      ref={measure}
      className="absolute inset-x-0 top-0 rounded-xl border border-slate-800 bg-slate-900/60 p-3"
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">
            {trade.ticker} <span className="font-normal text-slate-300">{trade.strategy}</span>
          </p>
          <p className="text-xs text-slate-400">
            <TradeDate trade={trade} />
            <SideNote trade={trade} />
          </p>
          <Legs trade={trade} />
        </div>
        <p className="text-right text-sm font-semibold tabular-nums">
          <span className="sr-only">P&L </span>
          <Pnl trade={trade} />
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-400">Entry Price</dt>
          <dd className="tabular-nums">{formatPrice(trade.entry_price)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Exit Price</dt>
          <dd className="tabular-nums">
            <ExitPrice trade={trade} />
          </dd>
        </div>
      </dl>
      <div className="mt-2 flex justify-end border-t border-slate-800 pt-2">
        <RowActions trade={trade} onAction={onAction} />
      </div>
    </li>
  );
});

function TradeDate({ trade }: { trade: Trade }) {
  const day = localDay(trade.opened_at);
  return <time dateTime={day}>{formatDay(day)}</time>;
}

function SideNote({ trade }: { trade: Trade }) {
  const parts = [
    trade.side === 'credit' ? 'credit' : null,
    trade.quantity > 1 ? `×${trade.quantity}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="ml-1.5 text-xs text-slate-400">{parts.join(' ')}</span>;
}

/** The position's legs under its strategy, when it was recorded with them (tracked or imported). */
function Legs({ trade }: { trade: Trade }) {
  const summary = legsSummary(trade.legs);
  if (!summary) return null;
  return (
    <span className="block truncate text-xs text-slate-400 tabular-nums" title={summary}>
      <span className="sr-only">Legs: </span>
      {summary}
    </span>
  );
}

function ExitPrice({ trade }: { trade: Trade }) {
  if (trade.exit_price === null)
    return <span className="font-semibold text-blue-400">{OPEN_TRADE_LABEL}</span>;
  return <>{formatPrice(trade.exit_price)}</>;
}

function Pnl({ trade }: { trade: Trade }) {
  if (trade.pnl === null)
    return (
      <span className="text-slate-500" title="Open: no P&L until it closes">
        —<span className="sr-only">open, no P&L yet</span>
      </span>
    );
  return <span className={`font-semibold ${pnlClass(trade.pnl)}`}>{formatPnl(trade.pnl)}</span>;
}

const actionClass =
  'rounded px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-emerald-300';

function RowActions({ trade, onAction }: { trade: Trade; onAction: TradesTableProps['onAction'] }) {
  const name = describe(trade);
  return (
    <span className="inline-flex gap-1">
      {trade.exit_price === null && (
        <button
          type="button"
          aria-label={`Close ${name}`}
          onClick={() => onAction('close', trade)}
          className={`${actionClass} text-blue-300 hover:bg-blue-400/10`}
        >
          Close
        </button>
      )}
      <button
        type="button"
        aria-label={`Edit ${name}`}
        onClick={() => onAction('edit', trade)}
        className={`${actionClass} text-slate-200 hover:bg-slate-700/60`}
      >
        Edit
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={() => onAction('delete', trade)}
        className={`${actionClass} text-red-300 hover:bg-red-400/10`}
      >
        Delete
      </button>
    </span>
  );
}

function LoadingMore() {
  return (
    <span role="status" className="flex items-center justify-center gap-2 text-sm text-slate-400">
      <Spinner className="size-4" />
      Loading more trades…
    </span>
  );
}
