/** Display formats of the scanner's numbers. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export const formatPrice = (value: number): string => usd.format(value);

/** Dollars per position; null (the API's Infinity) is unlimited. */
export const formatDollars = (value: number | null): string =>
  value === null ? 'Unlimited' : wholeUsd.format(Math.round(value) || 0); // no '-$0'

/** A fraction as a percent with one decimal: 0.3256 → '32.6%'. */
export const formatFractionPercent = (fraction: number | null): string =>
  fraction === null ? '--' : `${(fraction * 100).toFixed(1)}%`;

export const formatInteger = (value: number): string => integer.format(value);

/** Greeks to 3 decimals, with an explicit sign. */
export const formatGreek = (value: number | null): string =>
  value === null ? '--' : `${value > 0 ? '+' : ''}${value.toFixed(3)}`;

export const formatTime = (iso: string | number): string => time.format(new Date(iso));

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
