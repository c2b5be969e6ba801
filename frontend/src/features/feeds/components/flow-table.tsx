import { Fragment, useState } from 'react';
import {
  DARK_POOL_EDGE_WEIGHTS,
  darkPoolEdgeFactorLabels,
  type DarkPoolEdgeFactor,
  type DarkPoolFlow,
  type NbboPlacement,
  type PrintTape,
} from '@shared/feeds/schemas';
import { darkPoolEdgeLabel, edgeScoreTone } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';
import { useMediaQuery } from '../hooks/use-media-query';
import { formatInteger, formatMoney, formatTime } from '../utils/format';
import { OriginLabel } from './feed-state';
import { TrackInJournalButton } from './track-in-journal-button';

const FACTORS = Object.keys(DARK_POOL_EDGE_WEIGHTS) as DarkPoolEdgeFactor[];

function EdgeScore({ score }: { score: number | undefined }) {
  if (score === undefined) return <span className="text-xs text-slate-400">None (real print)</span>;
  return (
    <Badge tone={edgeScoreTone(score)}>
      {score} · {darkPoolEdgeLabel(score)}
    </Badge>
  );
}

const PLACEMENT_LABELS: Record<NbboPlacement, string> = {
  'above-ask': 'above the ask',
  'at-ask': 'at the ask',
  'above-mid': 'above the midpoint',
  'at-mid': 'at the midpoint',
  'below-mid': 'below the midpoint',
  'at-bid': 'at the bid',
  'below-bid': 'below the bid',
};

/** A real print's NBBO context in a few words (its Options Impact cell: a print implies no options). */
function nbboText(tape: PrintTape): string {
  if (!tape.nbbo) return 'No NBBO recorded for this print';
  return `NBBO ${formatMoney(tape.nbbo.bid)} × ${formatMoney(tape.nbbo.ask)}${
    tape.placement ? `, printed ${PLACEMENT_LABELS[tape.placement]}` : ''
  }`;
}

/** A real print's tape: venue, report time, conditions, notional and the NBBO in force. */
function TapeDetails({ flow, tape }: { flow: DarkPoolFlow; tape: PrintTape }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <dt className="text-slate-400">Venue</dt>
        <dd className="text-slate-200">
          {tape.venue}
          {tape.trfId !== null ? ` (TRF ${tape.trfId})` : ''}
        </dd>
        <dt className="text-slate-400">Reported</dt>
        <dd className="text-slate-200">{tape.reportedAt ? formatTime(tape.reportedAt) : 'Not given'}</dd>
        <dt className="text-slate-400">Notional</dt>
        <dd className="text-slate-200">{formatMoney(tape.notional)}</dd>
        <dt className="text-slate-400">Sale conditions</dt>
        <dd className="text-slate-200">{tape.conditions.length > 0 ? tape.conditions.join(', ') : 'None'}</dd>
        <dt className="text-slate-400">NBBO</dt>
        <dd className="text-slate-200">{nbboText(tape)}</dd>
      </dl>
      <p className="text-xs text-slate-400">
        A real print carries no edge score or options implication: the tape says what traded, not who or why.
        Side is read from the NBBO (above the midpoint a buy, below it a sell).
      </p>
      <div className="md:col-span-2">
        <TrackInJournalButton feed="darkpool" item={flow} />
      </div>
    </div>
  );
}

/** The print's edge score, factor by factor: score, weight, points (spec 9's 40 / 30 / 20 / 10). */
function FlowDetails({ flow }: { flow: DarkPoolFlow }) {
  if (flow.tape) return <TapeDetails flow={flow} tape={flow.tape} />;
  const breakdown = flow.edgeBreakdown;
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
          {breakdown &&
            FACTORS.map((factor) => (
              <tr key={factor}>
                <th scope="row" className="py-1 font-normal">
                  {darkPoolEdgeFactorLabels[factor]}
                </th>
                <td className="py-1 text-right">{breakdown[factor].toFixed(1)}</td>
                <td className="py-1 text-right">{Math.round(DARK_POOL_EDGE_WEIGHTS[factor] * 100)}%</td>
                <td className="py-1 text-right">
                  {(breakdown[factor] * DARK_POOL_EDGE_WEIGHTS[factor]).toFixed(1)}
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
          {formatMoney(flow.strike ?? 0)} · {flow.timeToExpiry} days
        </dd>
        <dt className="text-slate-400">Implied move</dt>
        <dd className="text-slate-200">±{(flow.impliedMove ?? 0).toFixed(2)}%</dd>
        <dt className="text-slate-400">Dark pool share of volume</dt>
        <dd className="text-slate-200">{(flow.darkPoolPercentage ?? 0).toFixed(1)}%</dd>
      </dl>
      <div className="md:col-span-2">
        <TrackInJournalButton feed="darkpool" item={flow} />
      </div>
    </div>
  );
}

function Side({ side }: { side: DarkPoolFlow['side'] }) {
  if (side === null) return <span className="text-slate-300">Unknown</span>;
  return (
    <span className={side === 'buy' ? 'font-semibold text-emerald-300' : 'font-semibold text-red-300'}>
      {side === 'buy' ? 'Buy' : 'Sell'}
    </span>
  );
}

/** Institution column: the model's guess on a simulated print, the reporting venue on a real one. */
const institutionOf = (flow: DarkPoolFlow) => (flow.tape ? flow.tape.venue : flow.institutionalSignature);
const patternOf = (flow: DarkPoolFlow) =>
  flow.tape
    ? `Reported ${flow.tape.reportedAt ? formatTime(flow.tape.reportedAt) : 'at print'}`
    : flow.humanPattern
      ? 'Human pattern'
      : 'Algorithmic';
const impactOf = (flow: DarkPoolFlow) => (flow.tape ? nbboText(flow.tape) : flow.optionsImplication);

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
              {formatTime(flow.timestamp)} · {institutionOf(flow)} · <OriginLabel provider={flow.provider} />
            </p>
            <p className="mt-1 text-xs text-slate-300">{impactOf(flow)}</p>
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
                  {institutionOf(flow)}
                  <span className="block text-xs text-slate-400">{patternOf(flow)}</span>
                </td>
                <td className="px-3 py-2 text-xs">{impactOf(flow)}</td>
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
