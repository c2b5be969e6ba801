import { useCallback, useMemo, useState } from 'react';
import { EMPTY_JOURNAL } from '@shared/constants/texts';
import { type TradePrefill } from '@shared/trades/prefill';
import { type Trade } from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useExportTrades } from '../api/export-trades';
import { useTradeStats } from '../api/get-trade-stats';
import { useTrades } from '../api/get-trades';
import { useJournalFilters } from '../hooks/use-journal-filters';
import { useJournalPrefill } from '../hooks/use-journal-prefill';
import { activeFilterCount } from '../utils/filters';
import { importedNotice } from '../utils/import-summary';
import { AnalyticsPanel } from './analytics-panel';
import { CloseTradeDialog } from './close-trade-dialog';
import { DeleteTradeDialog } from './delete-trade-dialog';
import { ImportCsvDialog } from './import-csv-dialog';
import { JournalFilters } from './journal-filters';
import { OpenPositions } from './open-positions';
import { QueryError } from './query-error';
import { StatCards } from './stat-cards';
import { TradeFormModal } from './trade-form-modal';
import { TradesTable, type TradeAction } from './trades-table';

type OpenDialog =
  { kind: 'add'; prefill?: TradePrefill } | { kind: 'import' } | { kind: TradeAction; trade: Trade };

/**
 * The Trading Journal: stat cards, filters, the trades (virtualised, paged by cursor), the
 * analytics, and the Add / Close / Edit / Delete / Import / Export actions. The filters apply
 * to the list, the stats and the export alike.
 */
export function TradingJournal() {
  const filterState = useJournalFilters();
  const { filters } = filterState;
  const stats = useTradeStats(filters);
  const list = useTrades(filters);
  const exportCsv = useExportTrades();
  // 'Track in Journal' on another screen opens Add Trade filled from its item.
  const prefill = useJournalPrefill();
  const [dialog, setDialog] = useState<OpenDialog | null>(prefill ? { kind: 'add', prefill } : null);
  const [notice, setNotice] = useState('');
  const trades = useMemo(() => list.data?.pages.flatMap((page) => page.trades) ?? [], [list.data]);
  const filtered = activeFilterCount(filters) > 0;
  const emptyJournal = list.isSuccess && trades.length === 0 && !filtered;

  // Stable, so the memoised rows do not redraw when the page does.
  const onAction = useCallback((kind: TradeAction, trade: Trade) => setDialog({ kind, trade }), []);
  const close = () => setDialog(null);
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => setDialog({ kind: 'add' })}>Add Trade</Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
          Import CSV
        </Button>
        <Button
          variant="secondary"
          isLoading={exportCsv.isPending}
          disabled={emptyJournal}
          onClick={() => exportCsv.mutate(filters)}
        >
          Export CSV
        </Button>
        <p role="status" className="text-sm text-emerald-300 sm:ml-2">
          {notice}
        </p>
      </div>
      {exportCsv.error && (
        <div className="space-y-2">
          <ErrorAlert>Could not export the journal: {exportCsv.error.message}</ErrorAlert>
          <Button variant="secondary" onClick={() => exportCsv.mutate(filters)}>
            Try the export again
          </Button>
        </div>
      )}

      {stats.error ? (
        <QueryError what="the journal statistics" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} isLoading={stats.isPending} />
      )}

      {!emptyJournal && <OpenPositions />}

      <JournalFilters filters={filterState} />

      <section aria-labelledby="journal-trades">
        <h2 id="journal-trades" className="mb-3 text-lg font-semibold text-white">
          Trades
        </h2>
        {list.isPending ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-xl border border-slate-800 p-6 text-sm text-slate-300"
          >
            <Spinner className="size-4" /> Loading trades…
          </p>
        ) : list.error && trades.length === 0 ? (
          <QueryError what="your trades" error={list.error} onRetry={() => void list.refetch()} />
        ) : trades.length === 0 ? (
          <EmptyState
            filtered={filtered}
            onAdd={() => setDialog({ kind: 'add' })}
            onImport={() => setDialog({ kind: 'import' })}
            onClear={filterState.clear}
          />
        ) : (
          <>
            <TradesTable
              trades={trades}
              total={stats.data?.total_trades}
              hasNextPage={list.hasNextPage}
              isFetchingNextPage={list.isFetchingNextPage}
              fetchNextPage={() => void list.fetchNextPage()}
              onAction={onAction}
            />
            {list.isFetchNextPageError && (
              <div className="mt-3">
                <QueryError
                  what="more trades"
                  error={list.error!}
                  onRetry={() => void list.fetchNextPage()}
                />
              </div>
            )}
          </>
        )}
      </section>

      {!emptyJournal &&
        (stats.error ? null : stats.data ? (
          <AnalyticsPanel stats={stats.data} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
            <Spinner className="size-4" /> Loading analytics…
          </p>
        ))}

      {dialog?.kind === 'add' && (
        <TradeFormModal
          prefill={dialog.prefill}
          onClose={close}
          onSaved={(trade) => done(`Added ${trade.ticker} ${trade.strategy}.`)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <TradeFormModal
          trade={dialog.trade}
          onClose={close}
          onSaved={(trade) => done(`Saved ${trade.ticker} ${trade.strategy}.`)}
        />
      )}
      {dialog?.kind === 'close' && (
        <CloseTradeDialog
          trade={dialog.trade}
          onClose={close}
          onClosed={(trade) => done(`Closed ${trade.ticker} ${trade.strategy}.`)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTradeDialog
          trade={dialog.trade}
          onClose={close}
          onDeleted={(trade) => done(`Deleted ${trade.ticker} ${trade.strategy}.`)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportCsvDialog onClose={close} onImported={(result) => done(importedNotice(result))} />
      )}
    </div>
  );
}

function EmptyState({
  filtered,
  onAdd,
  onImport,
  onClear,
}: {
  filtered: boolean;
  onAdd: () => void;
  onImport: () => void;
  onClear: () => void;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-700 px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-white">
        {filtered ? 'No trades match these filters' : EMPTY_JOURNAL.title}
      </h3>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-400">
        {filtered
          ? 'Widen the dates or clear the filters to see more of your journal.'
          : 'Record a trade to start tracking your win rate, P&L and equity curve, or import the CSV your broker gives you.'}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {filtered ? (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          <>
            <Button onClick={onAdd}>Add your first trade</Button>
            <Button variant="secondary" onClick={onImport}>
              Import CSV
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
