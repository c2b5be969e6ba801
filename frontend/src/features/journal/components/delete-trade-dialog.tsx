import { type Trade } from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteTrade } from '../api/delete-trade';
import { formatDay, localDay } from '../utils/format';
import { Dialog } from '../../../components/ui/dialog';

type DeleteTradeDialogProps = {
  trade: Trade;
  onClose: () => void;
  onDeleted: (trade: Trade) => void;
};

/** Asks before deleting: a deleted trade cannot be brought back. Cancel has the focus. */
export function DeleteTradeDialog({ trade, onClose, onDeleted }: DeleteTradeDialogProps) {
  const remove = useDeleteTrade();
  const name = `${trade.ticker} ${trade.strategy}`;

  return (
    <Dialog
      title="Delete this trade?"
      description={`${name}, opened ${formatDay(localDay(trade.opened_at))}, will be removed from your journal and its statistics. This cannot be undone.`}
      onClose={onClose}
      size="sm"
      alert
    >
      {remove.error && (
        <div className="mb-4">
          <ErrorAlert>Could not delete the trade: {remove.error.message}</ErrorAlert>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <button
          type="button"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() => remove.mutate(trade.trade_id, { onSuccess: () => onDeleted(trade) })}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-500 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-300 disabled:cursor-not-allowed disabled:bg-red-500/60"
        >
          {remove.isPending && <Spinner className="size-4" />}
          Delete Trade
        </button>
      </div>
    </Dialog>
  );
}
