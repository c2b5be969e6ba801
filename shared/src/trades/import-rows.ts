/** What every CSV importer shares: the parsed record, a validated row, and row-level errors. */
import {
  createTradeInput,
  type CreateTradeInput,
  type ImportFormat,
  type ImportRowError,
  type ImportSkippedRow,
} from './schemas';

export type CsvRecord = Record<string, string>;

/** A row that passed validation, with the spreadsheet row it came from (the header is row 1). */
export interface ImportCandidate {
  row: number;
  trade: CreateTradeInput;
}

/**
 * A row of a broker's export the journal does not take, and why (shares, cash movements…): told
 * to the trader, never an error that stops the file.
 */
export type SkippedRow = ImportSkippedRow;

export interface ParsedImport {
  format: ImportFormat;
  candidates: ImportCandidate[];
  errors: ImportRowError[];
  skipped: SkippedRow[];
}

/** A number as a spreadsheet may write it ('$1,234.50'); anything else is returned for the schema to refuse. */
export function parseNumber(raw: string): number | string {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (cleaned === '') return raw;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : raw;
}

/** Validates one input with the API's schema; errors name the CSV column of the field at fault. */
export function validateImportRow(
  row: number,
  input: Record<string, unknown>,
  columnOf: (field: string) => string,
): { candidate?: ImportCandidate; errors: ImportRowError[] } {
  const parsed = createTradeInput.safeParse(input);
  if (parsed.success) return { candidate: { row, trade: parsed.data }, errors: [] };
  return {
    errors: parsed.error.issues.map((issue) => ({
      line: row,
      field: columnOf(String(issue.path[0] ?? '')),
      message: issue.message,
    })),
  };
}
