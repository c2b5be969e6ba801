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

const expiryDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-04-17' → 'Apr 17, 2026' (an expiration is a date, not an instant). */
export const formatExpiration = (isoDate: string): string =>
  expiryDate.format(new Date(`${isoDate}T00:00:00Z`));

/** A net price per share with its side: '$1.25 debit', '$0.85 credit'. */
export const formatNetPrice = (value: number, type: 'debit' | 'credit'): string =>
  `${usd.format(Math.abs(value))} ${type}`;

/** A fraction as a signed percent: 0.0321 → '+3.2%'. */
export const formatSignedPercent = (fraction: number | null, digits = 1): string =>
  fraction === null || !Number.isFinite(fraction)
    ? '--'
    : `${fraction >= 0 ? '+' : '-'}${Math.abs(fraction * 100).toFixed(digits)}%`;

/** Signed whole dollars: '+$112', '-$40'. */
export const formatSignedDollars = (value: number): string =>
  `${value >= 0 ? '+' : '-'}${wholeUsd.format(Math.abs(Math.round(value)))}`;
