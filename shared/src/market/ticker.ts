import * as z from 'zod';

/** 1-10 characters of A-Z, '.' and '-' (BRK.B, BF-B), after trimming and upper-casing. */
export const TICKER_PATTERN = /^[A-Z.-]{1,10}$/;

/** A ticker as a user types it: trimmed and upper-cased before it is checked. */
export const tickerSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(TICKER_PATTERN, 'Ticker must be 1-10 letters, dots or hyphens');

export function normalizeTicker(raw: string): string {
  return raw.trim().toUpperCase();
}
