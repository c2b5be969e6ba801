import { useId, type KeyboardEvent } from 'react';
import { JOURNAL_STRATEGIES } from '@shared/constants/strategies';
import { TRADE_SOURCES } from '@shared/trades/schemas';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { type useJournalFilters } from '../hooks/use-journal-filters';
import { activeFilterCount, SOURCE_LABELS } from '../utils/filters';
import { fieldHelp } from './field-help';

const STRATEGY_OPTIONS = [
  { value: '', label: 'All strategies' },
  ...JOURNAL_STRATEGIES.map((s) => ({ value: s, label: s })),
];
const SOURCE_OPTIONS = [
  { value: '', label: 'All sources' },
  ...TRADE_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

type JournalFiltersProps = { filters: ReturnType<typeof useJournalFilters> };

/** Date range, strategy, ticker, tag, source and status: the list, stats and export all follow them. */
export function JournalFilters({ filters }: JournalFiltersProps) {
  const id = useId();
  const { values, errors, setField, flush, clear } = filters;
  const count = activeFilterCount(filters.filters);
  const help = (field: keyof typeof values) => fieldHelp(`${id}-${field}`, { error: errors[field] });
  const props = (field: keyof typeof values) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
    hint: help(field).help,
    ...help(field).aria,
  });

  // Enter in a text field applies it at once.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      flush();
    }
  };

  return (
    <form
      role="search"
      aria-label="Filter trades"
      onSubmit={(event) => event.preventDefault()}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-white">
          Filters{' '}
          <span className="font-normal text-slate-400">
            {count === 0 ? '(showing every trade)' : `(${count} active)`}
          </span>
        </h2>
        {count > 0 && (
          <button
            type="button"
            onClick={clear}
            className="rounded px-2 py-1 text-sm font-medium text-emerald-300 hover:bg-emerald-400/10 focus-visible:outline-2 focus-visible:outline-emerald-300"
          >
            Clear filters
          </button>
        )}
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        <FormField {...props('from')} label="From" type="date" />
        <FormField {...props('to')} label="To" type="date" min={values.from || undefined} />
        <SelectField {...props('strategy')} label="Strategy" options={STRATEGY_OPTIONS} />
        <FormField
          {...props('ticker')}
          label="Ticker"
          placeholder="Any"
          autoComplete="off"
          spellCheck={false}
          onBlur={flush}
          onKeyDown={onKeyDown}
        />
        <FormField
          {...props('tag')}
          label="Tag"
          placeholder="Any"
          autoComplete="off"
          onBlur={flush}
          onKeyDown={onKeyDown}
        />
        <SelectField {...props('source')} label="Source" options={SOURCE_OPTIONS} />
        <SelectField {...props('status')} label="Status" options={STATUS_OPTIONS} />
      </div>
    </form>
  );
}
