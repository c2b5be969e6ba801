import { useEffect, useState } from 'react';
import { type TradeFilters } from '@shared/trades/schemas';
import {
  emptyFilterForm,
  parseFilterForm,
  type FilterErrors,
  type FilterField,
  type FilterFormValues,
} from '../utils/filters';

/** Typing in a text filter applies it after this pause. */
export const FILTER_TYPING_DELAY_MS = 400;

const TEXT_FIELDS: readonly FilterField[] = ['ticker', 'tag'];

/**
 * The journal's filters: what the form shows, and the filters the list, the stats and the
 * export use. Choices apply at once, typed text after a short pause; invalid values are shown
 * by their field and keep the last valid filters in force.
 */
export function useJournalFilters() {
  const [values, setValues] = useState<FilterFormValues>(emptyFilterForm);
  const [filters, setFilters] = useState<TradeFilters>(() => {
    const parsed = parseFilterForm(emptyFilterForm);
    return parsed.ok ? parsed.filters : {};
  });
  const [errors, setErrors] = useState<FilterErrors>({});
  const [pending, setPending] = useState<FilterFormValues | null>(null);

  function apply(next: FilterFormValues) {
    const parsed = parseFilterForm(next);
    if (parsed.ok) {
      setErrors({});
      setFilters((current) =>
        JSON.stringify(current) === JSON.stringify(parsed.filters) ? current : parsed.filters,
      );
    } else setErrors(parsed.errors);
  }

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(null);
      apply(pending);
    }, FILTER_TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  function setField(field: FilterField, value: string) {
    const next = { ...values, [field]: field === 'ticker' ? value.toUpperCase() : value };
    setValues(next);
    if (TEXT_FIELDS.includes(field)) setPending(next);
    else {
      setPending(null);
      apply(next);
    }
  }

  /** Applies typed text now (Enter, or leaving the field). */
  function flush() {
    if (!pending) return;
    setPending(null);
    apply(pending);
  }

  function clear() {
    setPending(null);
    setValues(emptyFilterForm);
    apply(emptyFilterForm);
  }

  return { values, filters, errors, setField, flush, clear };
}
