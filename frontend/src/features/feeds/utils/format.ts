/** How the feed screens write numbers and times. */
import { formatVolume } from '@shared/format/volume';

const integer = new Intl.NumberFormat('en-US');
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export const formatMoney = (value: number) => `$${value.toFixed(2)}`;
export const formatInteger = (value: number) => integer.format(value);
/** '+1.25%' / '-0.84%'. */
export const formatChange = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`;
/** '12.3K', '1.2M' (as the quotes write volume). */
export const formatShares = (value: number) => formatVolume(value);
/** The local time of day, to the second. */
export const formatTime = (timestamp: string) => time.format(new Date(timestamp));

/** 'Just now', '42s ago', '5m ago', '3h ago'. */
export function formatAge(timestamp: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(timestamp)) / 1000));
  if (seconds < 10) return 'Just now';
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  return `${Math.floor(seconds / 3600)}h ago`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
