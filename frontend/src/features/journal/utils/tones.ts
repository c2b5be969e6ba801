/** The shared semantic tones (spec 9, colour-bands.ts) as text classes. */
import { pnlTone, winRateTone, type Polarity, type Tone } from '@shared/ui/colour-bands';

const polarityText: Record<Polarity, string> = {
  positive: 'text-green-400',
  negative: 'text-red-400',
  neutral: 'text-slate-300',
};

export const toneText: Record<Tone, string> = {
  green: 'text-green-400',
  yellow: 'text-yellow-300',
  orange: 'text-orange-300',
  red: 'text-red-400',
  blue: 'text-blue-400',
  purple: 'text-purple-300',
  gray: 'text-slate-300',
};

/** P&L: green above 0, red below, plain at exactly 0. */
export const pnlClass = (pnl: number): string => polarityText[pnlTone(pnl)];

/** Win rate: green at 50% or more, yellow above 0, red at 0 (spec 9). */
export function winRateClass(winRate: number): string {
  const tone = winRateTone(winRate);
  return tone === 'neutral' ? 'text-yellow-300' : polarityText[tone];
}
