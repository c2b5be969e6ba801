import { useId, type FormEvent } from 'react';
import { tradePnl } from '@shared/trades/pnl';
import { type Trade, type UpdateTradeInput } from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useUpdateTrade } from '../api/update-trade';
import { useValidatedForm } from '../hooks/use-trade-form';
import { formatDay, formatPnl, formatPrice, localDay } from '../utils/format';
import { pnlClass } from '../utils/tones';
import { today } from '../utils/trade-dates';
import { parseCloseForm } from '../utils/trade-form';
import { fieldHelp } from './field-help';
import { Dialog } from '../../../components/ui/dialog';

type CloseTradeDialogProps = {
  trade: Trade;
  onClose: () => void;
  onClosed: (trade: Trade) => void;
};

/** Closes an open trade: its exit price, and the day it closed (empty: now). */
export function CloseTradeDialog({ trade, onClose, onClosed }: CloseTradeDialogProps) {
  const id = useId();
  const update = useUpdateTrade();
  const form = useValidatedForm<{ exit_price: string; closed_on: string }, UpdateTradeInput>(
    { exit_price: '', closed_on: '' },
    (values) => parseCloseForm(values, trade),
  );
  const { values, errors, formRef, setField } = form;
  const openedOn = localDay(trade.opened_at);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    update.mutate(
      { id: trade.trade_id, input },
      { onSuccess: (saved) => onClosed(saved), onError: form.showRequestError },
    );
  }

  const exitNumber = values.exit_price.trim() === '' ? Number.NaN : Number(values.exit_price);
  const preview = Number.isFinite(exitNumber) ? tradePnl({ ...trade, exit_price: exitNumber }) : null;
  const exit = fieldHelp(`${id}-exit`, { error: errors.exit_price });
  const closed = fieldHelp(`${id}-closed`, { hint: 'Empty: now.', error: errors.closed_on });

  return (
    <Dialog
      title={`Close ${trade.ticker} ${trade.strategy}`}
      description={`Opened ${formatDay(openedOn)} at ${formatPrice(trade.entry_price)} (${trade.side}, ${trade.quantity} contract${trade.quantity === 1 ? '' : 's'}).`}
      onClose={onClose}
      size="sm"
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        <FormField
          id={`${id}-exit`}
          label="Exit Price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          value={values.exit_price}
          onChange={(event) => setField('exit_price', event.target.value)}
          hint={exit.help}
          {...exit.aria}
        />
        <FormField
          id={`${id}-closed`}
          label="Closed on"
          type="date"
          min={openedOn}
          max={today()}
          value={values.closed_on}
          onChange={(event) => setField('closed_on', event.target.value)}
          hint={closed.help}
          {...closed.aria}
        />
        <p className="text-sm text-slate-300" aria-live="polite">
          {preview === null ? (
            'Enter the exit price to see the P&L.'
          ) : (
            <>
              P&L: <span className={`font-semibold ${pnlClass(preview)}`}>{formatPnl(preview)}</span>
            </>
          )}
        </p>
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={update.isPending}>
            Close Trade
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
