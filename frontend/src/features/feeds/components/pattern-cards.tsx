import type { Pattern } from '@shared/feeds/schemas';
import { confidenceTone } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';

/** Detected patterns (spec 3): each with its bullishness as a bar and its confidence. */
export function PatternCards({ patterns, title }: { patterns: readonly Pattern[]; title: string }) {
  const headingId = `patterns-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {patterns.length === 0 ? (
        <p className="text-sm text-slate-400">No pattern yet: it takes a few prints on the same names.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {patterns.map((pattern) => (
            <li
              key={`${pattern.ticker ?? 'all'}-${pattern.pattern}`}
              className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-sm font-semibold text-white">
                  {pattern.ticker && <span className="mr-1 text-emerald-300">{pattern.ticker}</span>}
                  {pattern.pattern}
                </h3>
                <Badge tone={confidenceTone(pattern.confidence)}>{pattern.confidence}% conf.</Badge>
              </div>
              <p className="mt-2 text-xs text-slate-400">{pattern.description}</p>
              <div className="mt-3">
                <div className="flex justify-between text-xs text-slate-300">
                  <span>Bullishness {pattern.bullishness}%</span>
                  <span className="text-slate-500">{pattern.timeframe}</span>
                </div>
                <div
                  role="meter"
                  aria-label={`Bullishness of ${pattern.ticker ?? 'all prints'}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pattern.bullishness}
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-red-500/40"
                >
                  <div className="h-full bg-emerald-400" style={{ width: `${pattern.bullishness}%` }} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
