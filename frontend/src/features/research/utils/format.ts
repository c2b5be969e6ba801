/** How the assistant's page writes times, prices and risks. */
import type { RiskLevel } from '@shared/chat/schemas';
import { riskTone, type Tone } from '@shared/ui/colour-bands';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 23, 10:04 AM' in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDay = (iso: string) => day.format(new Date(iso));
/** '10:05 AM' */
export const formatClock = (date: Date) => clock.format(date);

export const formatPrice = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function formatSignedPercent(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}%`;
}

export const RISK_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Spec: risk coloured low green, medium yellow, high red. */
export const riskToneOf = (risk: RiskLevel): Tone => riskTone(risk);

/** The browser's IANA time zone, for journal questions about 'today' or 'this month'. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
