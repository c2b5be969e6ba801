/**
 * The bounds every write schema puts on the numbers and dates a client sends: the product's own
 * range (constants/ranges.ts) and what DynamoDB can store, so no value reaches the database that
 * it (or the SDK) would refuse with a 500. Build stored numbers and dates from these, never from
 * a bare `z.number()` or `z.iso.date()`.
 */
import * as z from 'zod';
import {
  hasAtMostDecimals,
  INPUT_DATE_RANGE,
  isInputDate,
  isStorableNumber,
  type InputNumberRange,
} from '../constants/ranges';

const decimalsMessage = (decimals: number) =>
  decimals === 0 ? 'Must be a whole number' : `At most ${decimals} decimal${decimals === 1 ? '' : 's'}`;

/** A number within `range`, with at most its decimals, that DynamoDB stores as sent. */
export function inputNumber(range: InputNumberRange) {
  return z
    .number({ error: 'Must be a number' })
    .min(range.min, { error: `Must be ${range.min} or more`, abort: true })
    .max(range.max, { error: `Must be at most ${range.max}`, abort: true })
    .refine((value) => hasAtMostDecimals(value, range.decimals), {
      error: decimalsMessage(range.decimals),
      abort: true,
    })
    .refine(isStorableNumber, 'This number cannot be stored');
}

const dateRangeMessage = `Must be between ${INPUT_DATE_RANGE.min} and ${INPUT_DATE_RANGE.max}`;

/** A calendar day (YYYY-MM-DD) within INPUT_DATE_RANGE. */
export const inputDay = () => z.iso.date({ abort: true }).refine(isInputDate, dateRangeMessage);

/** An ISO instant with its offset, within INPUT_DATE_RANGE. */
export const inputInstant = () =>
  z.iso.datetime({ offset: true, abort: true }).refine(isInputDate, dateRangeMessage);
