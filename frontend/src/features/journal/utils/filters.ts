/**
 * The journal's filters as the form holds them, and as the API takes them (the shared
 * `tradeFiltersSchema`: list, stats and export alike), always with the browser's time zone.
 */
import { tradeFiltersSchema, type TradeFilters, type TradeSource } from '@shared/trades/schemas';
import { journalTimeZone } from './format';

export interface FilterFormValues {
  from: string;
  to: string;
  strategy: string;
  ticker: string;
  tag: string;
  source: string;
  status: string;
}

export type FilterField = keyof FilterFormValues;
export type FilterErrors = Partial<Record<FilterField, string>>;

export const emptyFilterForm: FilterFormValues = {
  from: '',
  to: '',
  strategy: '',
  ticker: '',
  tag: '',
  source: '',
  status: '',
};

/** The form as API filters (blank fields left out, the time zone added), or the errors by field. */
export function parseFilterForm(
  values: FilterFormValues,
  timeZone = journalTimeZone(),
): { ok: true; filters: TradeFilters } | { ok: false; errors: FilterErrors } {
  const raw = Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const parsed = tradeFiltersSchema.safeParse({ ...raw, tz: timeZone });
  const errors: FilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as FilterField;
      if (field in values) errors[field] ??= issue.message;
    }
  }
  if (values.from && values.to && values.from > values.to)
    errors.to = 'The end date is before the start date';
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filters: parsed.data };
}

/** How many filters narrow the journal (the time zone is not one). */
export const activeFilterCount = (filters: TradeFilters): number =>
  Object.entries(filters).filter(([key, value]) => key !== 'tz' && value !== undefined).length;

export const SOURCE_LABELS: Record<TradeSource, string> = {
  manual: 'Manual',
  scanner: 'Scanner',
  alert: 'Alert',
  darkpool: 'Dark pool',
  assistant: 'Assistant',
  import: 'Import',
};

export const sourceLabel = (source: string): string =>
  SOURCE_LABELS[source as keyof typeof SOURCE_LABELS] ?? source;
