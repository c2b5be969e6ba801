/**
 * Display formats of the journal's numbers and dates (en-US). Formatters are built once: building
 * an Intl formatter costs far more than using one, and the table formats every row it draws.
 */
import { calendarDay } from '@shared/format/calendar-day';
import { TRADE_TIME_ZONE } from '@shared/trades/dates';
import type { TradeLeg } from '@shared/trades/schemas';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The journal's time zone: the market's (New York), for every browser. Trade dates, 'today' and
 * month groups are read in it, so a trade dated Nov 3 is on Nov 3 in Tokyo too
 * (docs/decisions/trade-dates-in-the-market-zone.md).
 */
export const journalTimeZone = (): string => TRADE_TIME_ZONE;

/** A price as typed: $1.25. */
export const formatPrice = (value: number): string => usd.format(value);

/** P&L with an explicit sign: +$80.00, -$42.50, $0.00. */
export function formatPnl(value: number): string {
  const rounded = Math.round(value * 100) / 100 || 0; // no '-$0.00'
  return rounded > 0 ? `+${usd.format(rounded)}` : usd.format(rounded);
}

/** Short P&L for small cells: +$1.2K. */
export function formatPnlCompact(value: number): string {
  const rounded = Math.round(value) || 0;
  return rounded > 0 ? `+${compactUsd.format(rounded)}` : compactUsd.format(rounded);
}

export const formatInteger = (value: number): string => integer.format(value);

/** A percentage to one decimal: 66.7%. */
export const formatPercent = (value: number): string => `${(Math.round(value * 10) / 10).toFixed(1)}%`;

/** 'YYYY-MM-DD' of an instant on the journal's calendar (the market's, New York). */
export const localDay = (iso: string | Date, zone = journalTimeZone()): string =>
  calendarDay(typeof iso === 'string' ? new Date(iso) : iso, zone);

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' → 'Jan 5, 2026' (the day as written, no zone shift). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return dayLabel.format(new Date(Date.UTC(year, month - 1, date)));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const monthShortName = (monthIndex: number): string => MONTHS[monthIndex] ?? '';
export const monthName = (monthIndex: number): string => MONTH_NAMES[monthIndex] ?? '';

/**
 * A position's legs in one short line: '+80P −84P −88C +92C · Dec 18, 2026' (bought +, sold −,
 * a quantity above 1 before the strike, the expirations after), '+100 sh' for a stock leg.
 */
export function legsSummary(legs: readonly TradeLeg[] | null): string {
  if (!legs || legs.length === 0) return '';
  const parts = legs.map((leg) => {
    const sign = leg.side === 'long' ? '+' : '−';
    if (leg.kind === 'stock') return `${sign}${leg.quantity * 100} sh`;
    return `${sign}${leg.quantity > 1 ? `${leg.quantity}×` : ''}${leg.strike ?? ''}${leg.kind === 'call' ? 'C' : 'P'}`;
  });
  const expirations = [...new Set(legs.flatMap((leg) => (leg.expiration ? [leg.expiration] : [])))];
  return [parts.join(' '), expirations.map(formatDay).join(' / ')].filter(Boolean).join(' · ');
}
