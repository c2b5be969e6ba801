import { useState } from 'react';
import { type ScanFilters } from '@shared/options/scan-filters';
import {
  defaultScanFormValues,
  parseScanForm,
  type FieldErrors,
  type NumericFilterName,
  type ScanFormValues,
  type ScanPreset,
} from '../utils/filter-form';

/** The filter panel's state (from `initial`): values, field errors, and `validate` that yields the request filters. */
export function useScanForm(initial: ScanFormValues = defaultScanFormValues) {
  const [values, setValues] = useState<ScanFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (name: string) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

  function setField<K extends Exclude<keyof ScanFormValues, 'numbers'>>(name: K, value: ScanFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  }

  function setNumber(name: NumericFilterName, value: string) {
    setValues((current) => ({ ...current, numbers: { ...current.numbers, [name]: value } }));
    clearError(name);
  }

  /** Validates `next` (default: the current values); null when a field is wrong. */
  function validate(next: ScanFormValues = values): ScanFilters | null {
    const result = parseScanForm(next);
    setErrors(result.success ? {} : result.errors);
    return result.success ? result.filters : null;
  }

  /** Replaces the values (keeping or setting the ticker) and validates them. */
  function apply(next: ScanFormValues): ScanFilters | null {
    setValues(next);
    return validate(next);
  }

  const applyPreset = (preset: ScanPreset) =>
    apply({ ...defaultScanFormValues, ...preset.values, ticker: values.ticker });

  function reset() {
    setValues(defaultScanFormValues);
    setErrors({});
  }

  return { values, errors, setErrors, setField, setNumber, validate, apply, applyPreset, reset };
}

export type ScanForm = ReturnType<typeof useScanForm>;
