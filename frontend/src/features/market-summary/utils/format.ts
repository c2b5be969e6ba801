import type { Tone } from '@shared/ui/colour-bands';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $582.49 */
export const formatDollars = (value: number): string => dollars.format(value);

/** 'Monday, November 23, 2026' */
export const longDate = (date: Date): string =>
  date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** A calendar day 'YYYY-MM-DD' (the market's, New York) as 'Monday, November 23, 2026', whatever the user's zone. */
export const longDay = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** '4:00 PM' in the user's zone. */
export const clockTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Fri, Nov 20, 4:00 PM' */
export const shortDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const toneText: Record<Tone, string> = {
  green: 'text-green-400',
  yellow: 'text-yellow-300',
  orange: 'text-orange-300',
  red: 'text-red-400',
  blue: 'text-blue-300',
  purple: 'text-purple-300',
  gray: 'text-slate-300',
};
