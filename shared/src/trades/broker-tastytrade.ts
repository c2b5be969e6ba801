/** tastytrade transaction history → journal trades (being written). */
import type { CsvRecord, ImportCandidate } from './import-rows';
import type { ImportRowError } from './schemas';

export function isTastytradeHeader(header: readonly string[]): boolean {
  return ['Action', 'Instrument Type', 'Average Price', 'Underlying Symbol'].every((c) => header.includes(c));
}

export function tastytradeTrades(records: readonly CsvRecord[]): {
  candidates: ImportCandidate[];
  errors: ImportRowError[];
} {
  return {
    candidates: [],
    errors: records.length
      ? [{ line: 2, field: 'file', message: 'tastytrade import is not available yet' }]
      : [],
  };
}
