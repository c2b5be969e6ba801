import type { Polarity, Tone } from '@shared/ui/colour-bands';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $1,234.50 */
export const formatDollars = (value: number): string => dollars.format(value);

/** +$1,234.50 / -$56.00 / $0.00 */
export const formatSignedDollars = (value: number): string =>
  value > 0 ? `+${dollars.format(value)}` : value < 0 ? `-${dollars.format(-value)}` : dollars.format(0);

/** +12.5% / -3.0% / 0.0% */
export const formatSignedPercent = (value: number): string => `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;

/** '4:00 PM' */
export const clockTime = (iso: string | number): string =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

export const polarityText: Record<Polarity, string> = {
  positive: 'text-green-400',
  neutral: 'text-yellow-300',
  negative: 'text-red-400',
};

export const toneText: Record<Tone, string> = {
  green: 'text-green-400',
  yellow: 'text-yellow-300',
  orange: 'text-orange-300',
  red: 'text-red-400',
  blue: 'text-blue-300',
  purple: 'text-purple-300',
  gray: 'text-slate-300',
};

/** A quote's change colour: green when up (or unchanged), red when down. */
export const changeText = (isPositive: boolean): string => (isPositive ? 'text-green-400' : 'text-red-400');
