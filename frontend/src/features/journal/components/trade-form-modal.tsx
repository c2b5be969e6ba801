import { useId, type FormEvent } from 'react';
import {
  JOURNAL_STRATEGIES,
  JOURNAL_STRATEGY_SIDE,
  type JournalStrategy,
} from '@shared/constants/strategies';
import { tradePnl } from '@shared/trades/pnl';
import { type TradePrefill } from '@shared/trades/prefill';
import {
  TRADE_NOTES_MAX,
  TRADE_TAGS_MAX,
  type CreateTradeInput,
  type Trade,
  type TradeSide,
  type UpdateTradeInput,
} from '@shared/trades/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useDebouncedSymbolSearch } from '../../../lib/symbol-search';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useCreateTrade } from '../api/create-trade';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { useUpdateTrade } from '../api/update-trade';
import { prefillToForm, prefillTracking } from '../hooks/use-journal-prefill';
import { TrackedLegs } from './tracked-legs';
import { useValidatedForm } from '../hooks/use-trade-form';
import { formatPnl } from '../utils/format';
import { today } from '../utils/trade-dates';
import {
  emptyTradeForm,
  parseCreateForm,
  parseUpdateForm,
  tradeToForm,
  type TradeFormField,
  type TradeFormValues,
} from '../utils/trade-form';
import { fieldHelp } from './field-help';
import { Dialog } from '../../../components/ui/dialog';
import { pnlClass } from '../utils/tones';

const STRATEGY_OPTIONS = [
  { value: '', label: 'Choose a strategy' },
  ...JOURNAL_STRATEGIES.map((strategy) => ({ value: strategy, label: strategy })),
];

const SIDE_OPTIONS = [
  { value: 'debit', label: 'Debit: paid to open (bought)' },
  { value: 'credit', label: 'Credit: received to open (sold)' },
];

export const SIDE_HINT =
  'Debit: you paid to open (e.g. bought a call) and make money when you sell for more. Credit: you were paid to open (e.g. sold an iron condor for 1.20) and make money when you buy it back for less.';

type TradeFormModalProps = {
  /** Edit this trade; absent: add a new one. */
  trade?: Trade;
  /** Add: start from these values, and record where the trade came from ('Track in Journal'). */
  prefill?: TradePrefill;
  onClose: () => void;
  onSaved: (trade: Trade, verb: 'added' | 'updated') => void;
};

/** Add Trade (spec 5 and the journal issue's fields) and Edit Trade: one form, the shared schemas. */
export function TradeFormModal({ trade, prefill, onClose, onSaved }: TradeFormModalProps) {
  const id = useId();
  const create = useCreateTrade();
  const keyFor = useIdempotencyKey();
  const update = useUpdateTrade();
  const form = useValidatedForm<TradeFormValues, CreateTradeInput | UpdateTradeInput>(
    trade ? tradeToForm(trade) : prefill ? prefillToForm(prefill) : emptyTradeForm,
    (values) => (trade ? parseUpdateForm(values, trade) : parseCreateForm(values)),
  );
  const { values, errors, formRef, setField } = form;
  const isSaving = create.isPending || update.isPending;
  const title = trade ? `Edit ${trade.ticker} ${trade.strategy}` : 'Add Trade';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    // The parser is the edit one exactly when `trade` is set, so the input is that one's.
    if (trade)
      update.mutate(
        { id: trade.trade_id, input: input as UpdateTradeInput },
        { onSuccess: (saved) => onSaved(saved, 'updated'), onError: form.showRequestError },
      );
    else {
      const body = prefill
        ? { ...(input as CreateTradeInput), ...prefillTracking(prefill) }
        : (input as CreateTradeInput);
      create.mutate(
        { input: body, idempotencyKey: keyFor(body) },
        {
          onSuccess: (saved) => onSaved(saved, 'added'),
          onError: form.showRequestError,
        },
      );
    }
  }

  const field = (name: TradeFormField, hint?: string) =>
    fieldHelp(`${id}-${name}`, { hint, error: errors[name] });
  const text = (name: TradeFormField) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });
  const hasExit = values.exit_price.trim() !== '';
  const preview = pnlPreview(values);

  const ticker = field('ticker');
  const tickerListId = `${id}-ticker-symbols`;
  const strategy = field('strategy');
  const side = field('side', SIDE_HINT);
  const quantity = field('quantity', 'Contracts; each is 100 shares.');
  const entry = field('entry_price', 'Per share, as quoted (e.g. 2.35).');
  const exit = field('exit_price', 'Leave empty while the trade is open.');
  const fees = field('fees', 'Commissions for the whole trade, in dollars.');
  const opened = field('opened_on', 'Empty: today.');
  const closed = field('closed_on', hasExit ? 'Empty: now.' : 'Set an exit price first.');
  const tags = field('tags', `Separate with commas; up to ${TRADE_TAGS_MAX}.`);
  const notes = field('notes');

  return (
    <Dialog
      title={title}
      description={
        trade
          ? 'Change any field; only what you change is saved.'
          : prefill
            ? `Filled with the position you tracked. ${prefill.priced_by} Change the entry price if your fill differed.`
            : 'Record a trade in your journal.'
      }
      onClose={onClose}
      size="lg"
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormField
          {...text('ticker')}
          label="Ticker"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="AAPL"
          list={tickerListId}
          onChange={(event) => setField('ticker', event.target.value.toUpperCase())}
          hint={ticker.help}
          {...ticker.aria}
        />
        <TickerSuggestions id={tickerListId} text={values.ticker} />
        <SelectField
          {...text('strategy')}
          onChange={(event) => {
            setField('strategy', event.target.value);
            // A spread's usual side (a bull put spread is sold for a credit); a tracked position keeps its own.
            const usual = JOURNAL_STRATEGY_SIDE[event.target.value as JournalStrategy];
            if (usual && !prefill) setField('side', usual);
          }}
          label="Strategy"
          required
          options={STRATEGY_OPTIONS}
          hint={strategy.help}
          {...strategy.aria}
        />
        <SelectField
          {...text('side')}
          label="Side"
          options={SIDE_OPTIONS}
          onChange={(event) => setField('side', event.target.value as TradeSide)}
          hint={side.help}
          {...side.aria}
        />
        <FormField
          {...text('quantity')}
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={quantity.help}
          {...quantity.aria}
        />
        <FormField
          {...text('entry_price')}
          label="Entry Price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          hint={entry.help}
          {...entry.aria}
        />
        <FormField
          {...text('exit_price')}
          label="Exit Price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint={exit.help}
          {...exit.aria}
        />
        <FormField
          {...text('fees')}
          label="Fees"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint={fees.help}
          {...fees.aria}
        />
        <FormField
          {...text('tags')}
          label="Tags"
          placeholder="earnings, weekly"
          hint={tags.help}
          {...tags.aria}
        />
        <FormField
          {...text('opened_on')}
          label="Opened on"
          type="date"
          max={today()}
          hint={opened.help}
          {...opened.aria}
        />
        <FormField
          {...text('closed_on')}
          label="Closed on"
          type="date"
          max={today()}
          min={values.opened_on || undefined}
          disabled={!hasExit}
          hint={closed.help}
          {...closed.aria}
        />
        {prefill?.legs && <TrackedLegs prefill={prefill} className="sm:col-span-2" />}
        <TextareaField
          {...text('notes')}
          label="Notes"
          rows={3}
          maxLength={TRADE_NOTES_MAX}
          className="sm:col-span-2"
          hint={notes.help}
          {...notes.aria}
        />

        <p className="text-sm text-slate-300 sm:col-span-2" aria-live="polite">
          {preview === null ? (
            'Open trade: P&L is shown once it has an exit price.'
          ) : (
            <>
              P&L at this exit:{' '}
              <span className={`font-semibold ${pnlClass(preview)}`}>{formatPnl(preview)}</span>
            </>
          )}
        </p>

        {errors.form && (
          <div className="sm:col-span-2">
            <ErrorAlert>{errors.form}</ErrorAlert>
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {trade ? 'Save Changes' : 'Add Trade'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** P&L the form's numbers would give (the shared formula), or null while they are incomplete. */
function pnlPreview(values: TradeFormValues): number | null {
  const number = (text: string, fallback: number) => (text.trim() === '' ? fallback : Number(text));
  const entry = number(values.entry_price, Number.NaN);
  const exit = number(values.exit_price, Number.NaN);
  const quantity = number(values.quantity, 1);
  const fees = number(values.fees, 0);
  if (![entry, exit, quantity, fees].every(Number.isFinite)) return null;
  return tradePnl({ entry_price: entry, exit_price: exit, side: values.side, quantity, fees });
}

/**
 * The ticker's suggestions (GET /api/symbols for the typed text): the universe's symbols, and on a
 * stage with Polygon quotes its other tickers, said to be outside the scanner's universe.
 */
function TickerSuggestions({ id, text }: { id: string; text: string }) {
  const { answer } = useDebouncedSymbolSearch(text, text.trim() !== '');
  return (
    <datalist id={id}>
      {answer?.symbols.map((match) => (
        <option key={match.symbol} value={match.symbol}>
          {match.scannable ? match.name : `${match.name} (quotes only, not scanned)`}
        </option>
      ))}
    </datalist>
  );
}
