import { useId, useState } from 'react';
import {
  hitMeaning,
  scorecardSeverityLabel,
  scorecardSourceLabels,
  scorecardTitles,
  scorecardTypeLabel,
} from '@shared/scorecards/labels';
import { horizons, type Horizon, type Scorecard, type ScorecardKind } from '@shared/scorecards/schemas';
import { SelectField } from '../../../components/ui/select-field';
import { useScorecard } from '../api/get-scorecard';

const WINDOWS = ['30', '90'] as const;

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const signedPercent = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}%`;

function sourceLine(card: Scorecard): string {
  const since = card.since ? ` since ${card.since}` : '';
  if (card.source === 'simulated')
    return `Simulated: the market model's past sessions replayed and valued${since}.`;
  return `Recorded from ${scorecardSourceLabels[card.source]}${since}.`;
}

/**
 * A scorecard (docs/features/live-feeds.md): per signal type and severity, how many signals were
 * valued at a horizon, how often they paid and their mean move, over the last 30 or 90 days. Rows
 * under the minimum sample say so instead of a rate.
 */
export function ScorecardPanel({ kind }: { kind: ScorecardKind }) {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>('30');
  const [horizon, setHorizon] = useState<Horizon>('1d');
  const id = useId();
  const card = useScorecard(kind, days);
  const data = card.data;
  const rows = data?.rows.filter((row) => row.horizon === horizon) ?? [];
  const title = `How these ${scorecardTitles[kind]} did`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-xl border border-slate-800 bg-slate-900/40 p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-label="Scorecard window" className="flex gap-1">
            {WINDOWS.map((window) => (
              <button
                key={window}
                type="button"
                aria-pressed={days === window}
                onClick={() => setDays(window)}
                className={`rounded-lg border px-3 py-2 text-sm ${
                  days === window
                    ? 'border-emerald-400 bg-emerald-400/10 text-emerald-200'
                    : 'border-slate-700 text-slate-300 hover:border-slate-500'
                }`}
              >
                {window} days
              </button>
            ))}
          </div>
          <SelectField
            id={`${id}-horizon`}
            label="Valued after"
            value={horizon}
            onChange={(event) => setHorizon(event.target.value as Horizon)}
            options={horizons.map((h) => ({ value: h, label: data?.horizonLabels[h] ?? h }))}
          />
        </div>
      </div>
      <div className="mt-3">
        {card.isPending ? (
          <p className="text-sm text-slate-400">Loading the scorecard…</p>
        ) : card.error && !data ? (
          // Secondary to the page: said quietly, not as an alert over the feed.
          <p className="text-sm text-slate-400">
            The scorecard could not be loaded ({card.error.message}).{' '}
            <button type="button" onClick={() => void card.refetch()} className="text-emerald-300 underline">
              Load the scorecard again
            </button>
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-slate-800 p-4 text-sm text-slate-300">
            No {scorecardTitles[kind]} valued at this horizon in the last {days} days yet
            {data && data.pending > 0 ? ` (${data.pending.toLocaleString('en-US')} valuations to come)` : ''}.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left text-xs text-slate-400">
                Scorecard of {scorecardTitles[kind]}, last {days} days, valued after{' '}
                {data?.horizonLabels[horizon].toLowerCase()}
              </caption>
              <thead className="text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {kind === 'darkpool' ? 'Size' : kind === 'scan' ? 'Edge' : 'Severity'}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Signals
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Hit rate
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Mean move
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800 text-slate-200">
                {rows.map((row) => (
                  <tr key={`${row.type}|${row.severity}`}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {scorecardTypeLabel(kind, row.type)}
                    </th>
                    <td className="py-2 pr-3">{scorecardSeverityLabel(kind, row.severity)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.n.toLocaleString('en-US')}</td>
                    {row.tooFew ? (
                      <td colSpan={2} className="py-2 text-right text-slate-400">
                        Too few to judge
                      </td>
                    ) : (
                      <>
                        <td className="py-2 pr-3 text-right tabular-nums">
                          {row.hitRate === null ? 'No direction' : percent(row.hitRate)}
                        </td>
                        <td className="py-2 text-right tabular-nums">
                          {row.meanMove === null
                            ? '–'
                            : row.directional
                              ? signedPercent(row.meanMove)
                              : `±${row.meanMove.toFixed(2)}%`}
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {data && (
        <div className="mt-3 space-y-1 text-xs text-slate-400">
          <p>{hitMeaning[kind]}</p>
          <p>
            {sourceLine(data)} {data.signals.toLocaleString('en-US')} signals in the window; rows with fewer
            than {data.minSample} valued signals are too few to judge.
            {data.pending > 0 ? ` ${data.pending.toLocaleString('en-US')} valuations still to come.` : ''}
          </p>
        </div>
      )}
    </section>
  );
}
