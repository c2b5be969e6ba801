import { type ReactNode } from 'react';
import { type Tone } from '@shared/ui/colour-bands';

const toneClasses: Record<Tone, string> = {
  green: 'bg-green-400/10 text-green-300 ring-green-400/30',
  yellow: 'bg-yellow-400/10 text-yellow-300 ring-yellow-400/30',
  orange: 'bg-orange-400/10 text-orange-300 ring-orange-400/30',
  red: 'bg-red-400/10 text-red-300 ring-red-400/30',
  blue: 'bg-blue-400/10 text-blue-300 ring-blue-400/30',
  purple: 'bg-purple-400/10 text-purple-300 ring-purple-400/30',
  gray: 'bg-slate-400/10 text-slate-300 ring-slate-400/30',
};

/** A small pill coloured by one of the shared semantic tones. */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${toneClasses[tone]}`}
    >
      {children}
    </span>
  );
}
