import { Fragment, useState } from 'react';
import {
  DARK_POOL_EDGE_WEIGHTS,
  darkPoolEdgeFactorLabels,
  type DarkPoolEdgeFactor,
  type DarkPoolFlow,
} from '@shared/feeds/schemas';
import { darkPoolEdgeLabel, edgeScoreTone } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';
import { useMediaQuery } from '../hooks/use-media-query';
import { formatInteger, formatMoney, formatTime } from '../utils/format';
import { OriginLabel } from './feed-state';
import { TrackInJournalButton } from './track-in-journal-button';

const FACTORS = Object.keys(DARK_POOL_EDGE_WEIGHTS) as DarkPoolEdgeFactor[];

function EdgeScore({ score }: { score: number }) {
  return (
    <Badge tone={edgeScoreTone(score)}>
      {score} · {darkPoolEdgeLabel(score)}
    </Badge>
  );
}

/** The print's edge score, factor by factor: score, weight, points (spec 9's 40 / 30 / 20 / 10). */
function FlowDetails({ flow }: { flow: DarkPoolFlow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <table className="w-full text-left text-xs">
        <caption className="mb-1 text-left text-xs font-semibold text-slate-300">
          Edge score {flow.edgeScore}: how it was computed
        </caption>
        <thead className="text-slate-400">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Factor
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Score
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Weight
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Points
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-200">
          {FACTORS.map((factor) => (
            <tr key={factor}>
              <th scope="row" className="py-1 font-normal">
                {darkPoolEdgeFactorLabels[factor]}
              </th>
              <td className="py-1 text-right">{flow.edgeBreakdown[factor].toFixed(1)}</td>
              <td className="py-1 text-right">{Math.round(DARK_POOL_EDGE_WEIGHTS[factor] * 100)}%</td>
              <td className="py-1 text-right">
                {(flow.edgeBreakdown[factor] * DARK_POOL_EDGE_WEIGHTS[factor]).toFixed(1)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <dt className="text-slate-400">Pattern</dt>
        <dd className="text-slate-200">{flow.humanPattern ? 'Human (block desk)' : 'Algorithmic'}</dd>
        <dt className="text-slate-400">Confidence</dt>
        <dd className="text-slate-200">{flow.confidence}%</dd>
        <dt className="text-slate-400">Strike / expiry</dt>
        <dd className="text-slate-200">
          {formatMoney(flow.strike)} · {flow.timeToExpiry} days
        </dd>
        <dt className="text-slate-400">Implied move</dt>
        <dd className="text-slate-200">±{flow.impliedMove.toFixed(2)}%</dd>
        <dt className="text-slate-400">Dark pool share of volume</dt>
        <dd className="text-slate-200">{flow.darkPoolPercentage.toFixed(1)}%</dd>
      </dl>
      <div className="md:col-span-2">
        <TrackInJournalButton feed="darkpool" item={flow} />
      </div>
    </div>
  );
}

function Side({ side }: { side: DarkPoolFlow['side'] }) {
  return (
    <span className={side === 'buy' ? 'font-semibold text-emerald-300' : 'font-semibold text-red-300'}>
      {side === 'buy' ? 'Buy' : 'Sell'}
    </span>
  );
}

/**
 * The spec's columns (Time, Ticker, Block Size, Side, Institution, Options Impact, Edge Score),
 * each row with its breakdown on demand; cards on narrow screens.
 */
export function FlowTable({ flows }: { flows: readonly DarkPoolFlow[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 767px)');
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const detailsButton = (flow: DarkPoolFlow) => (
    <button
      type="button"
      aria-expanded={open === flow.id}
      aria-controls={`flow-details-${flow.id}`}
      onClick={() => toggle(flow.id)}
      aria-label={`Edge breakdown for ${flow.ticker} at ${formatTime(flow.timestamp)}`}
      className="rounded border border-slate-700 px-2 py-1 text-xs text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-300"
    >
      {open === flow.id ? 'Hide' : 'Details'}
    </button>
  );

  if (narrow)
    return (
      <ul aria-label="Dark pool flows" className="space-y-3">
        {flows.map((flow) => (
          <li key={flow.id} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="text-base font-bold text-white">{flow.ticker}</span>
              <EdgeScore score={flow.edgeScore} />
            </div>
            <p className="mt-1 text-slate-300">
              <Side side={flow.side} /> {formatInteger(flow.blockSize)} shares at {formatMoney(flow.price)}
            </p>
            <p className="mt-1 text-xs text-slate-400">
              {formatTime(flow.timestamp)} · {flow.institutionalSignature} ·{' '}
              <OriginLabel provider={flow.provider} />
            </p>
            <p className="mt-1 text-xs text-slate-300">{flow.optionsImplication}</p>
            <div className="mt-2">{detailsButton(flow)}</div>
            {open === flow.id && (
              <div id={`flow-details-${flow.id}`} className="mt-3 border-t border-slate-800 pt-3">
                <FlowDetails flow={flow} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-800">
      <table className="w-full min-w-[880px] text-left text-sm">
        <caption className="sr-only">
          Dark pool flows, newest first. Details shows a print&apos;s edge breakdown.
        </caption>
        <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {['Time', 'Ticker', 'Block Size', 'Side', 'Institution', 'Options Impact', 'Edge Score'].map(
              (column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ),
            )}
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Breakdown</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {flows.map((flow) => (
            <Fragment key={flow.id}>
              <tr className="text-slate-200">
                <td className="px-3 py-2 whitespace-nowrap text-slate-400">{formatTime(flow.timestamp)}</td>
                <td className="px-3 py-2 font-semibold text-white">
                  {flow.ticker}
                  <OriginLabel provider={flow.provider} className="block" />
                </td>
                <td className="px-3 py-2">
                  {formatInteger(flow.blockSize)}
                  <span className="block text-xs text-slate-400">at {formatMoney(flow.price)}</span>
                </td>
                <td className="px-3 py-2">
                  <Side side={flow.side} />
                </td>
                <td className="px-3 py-2">
                  {flow.institutionalSignature}
                  <span className="block text-xs text-slate-400">
                    {flow.humanPattern ? 'Human pattern' : 'Algorithmic'}
                  </span>
                </td>
                <td className="px-3 py-2 text-xs">{flow.optionsImplication}</td>
                <td className="px-3 py-2">
                  <EdgeScore score={flow.edgeScore} />
                </td>
                <td className="px-3 py-2">{detailsButton(flow)}</td>
              </tr>
              {open === flow.id && (
                <tr id={`flow-details-${flow.id}`} className="bg-slate-900/60">
                  <td colSpan={8} className="px-3 py-3">
                    <FlowDetails flow={flow} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
