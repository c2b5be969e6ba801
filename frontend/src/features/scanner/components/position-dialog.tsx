import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { scannerStrategyLabel } from '@shared/constants/strategies';
import { edgeScoreBand } from '@shared/ui/colour-bands';
import { Button } from '../../../components/ui/button';
import { type ScanResultRow } from '../api/run-scan';
import { formatDollars, formatFractionPercent, formatGreek, formatPrice } from '../utils/format';
import { payoffSeries } from '../utils/payoff-series';
import { EdgeScoreBadge } from './edge-score-badge';
import { PayoffChart } from './payoff-chart';
import { ScoreBreakdown } from './score-breakdown';

type PositionDialogProps = {
  row: ScanResultRow;
  onClose: () => void;
  onViewChain: (symbol: string) => void;
};

/**
 * One scan result as a position: legs, risk, greeks, the edge score's reasons and the payoff
 * diagram. A modal <dialog>: focus stays inside, Escape closes, focus returns to the opener.
 */
export function PositionDialog({ row, onClose, onViewChain }: PositionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const title = `${row.ticker} ${scannerStrategyLabel(row.strategy)}`;
  const series = useMemo(
    () => payoffSeries(row.position, row.expectedMove, row.breakevens),
    [row.position, row.expectedMove, row.breakevens],
  );

  // Taken at the first render, before the dialog moves focus (and before Strict Mode re-runs effects).
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      // jsdom has no showModal; a plain open dialog is enough there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else {
        dialog.setAttribute('open', '');
        dialog.querySelector('button')?.focus();
      }
    }
    return () => {
      // Close before refocusing: the page behind a modal dialog is inert.
      if (typeof dialog.close === 'function') dialog.close();
      opener?.focus();
    };
  }, [opener]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  }

  // A click on the backdrop lands on the <dialog> itself.
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) =>
    event.target === event.currentTarget && onClose();

  const band = edgeScoreBand(row.edgeScore);
  const credit = row.cost < 0;

  return (
    <dialog
      ref={ref}
      aria-labelledby="position-title"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
      className="m-auto max-h-[92vh] w-[min(72rem,calc(100vw-1rem))] max-w-none overflow-y-auto rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-slate-950/80"
    >
      <div className="p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="position-title" className="text-xl font-semibold text-white">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-400">
              {row.sector} · underlying {formatPrice(row.underlyingPrice)} · expires {row.expiration} (
              {row.dte} days) · IV rank {Math.round(row.ivRank)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => onViewChain(row.ticker)}>
              View chain
            </Button>
            <Button variant="secondary" onClick={onClose} aria-label="Close position">
              Close
            </Button>
          </div>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Panel title="Payoff diagram">
            <PayoffChart
              series={series}
              spot={row.underlyingPrice}
              breakevens={row.breakevens}
              label={`Payoff diagram for ${title}: profit and loss against the underlying price`}
            />
          </Panel>
          <Panel title="Risk and reward">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <Stat
                term={credit ? 'Credit received' : 'Debit paid'}
                value={formatDollars(Math.abs(row.cost))}
              />
              <Stat term="Max profit" value={formatDollars(row.maxProfit)} />
              <Stat term="Max loss" value={formatDollars(row.maxLoss)} />
              <Stat
                term="Breakevens"
                value={row.breakevens.length ? row.breakevens.map(formatPrice).join(', ') : 'None'}
              />
              <Stat term="Probability of profit" value={formatFractionPercent(row.probabilityOfProfit)} />
              <Stat term="Expected move" value={`±${formatPrice(row.expectedMove)}`} />
              <Stat term="Capital required" value={formatDollars(row.capitalRequired)} />
              <Stat term="Reward/risk" value={row.rewardRisk === null ? '--' : row.rewardRisk.toFixed(2)} />
            </dl>
            <h4 className="mt-5 text-xs font-semibold tracking-wide text-slate-400 uppercase">
              Net greeks (per share)
            </h4>
            <dl className="mt-2 grid grid-cols-4 gap-3 text-sm">
              <Stat term="Delta" value={formatGreek(row.greeks.delta)} />
              <Stat term="Gamma" value={formatGreek(row.greeks.gamma)} />
              <Stat term="Theta" value={formatGreek(row.greeks.theta)} />
              <Stat term="Vega" value={formatGreek(row.greeks.vega)} />
            </dl>
          </Panel>
        </div>

        <Panel title="Legs" className="mt-6">
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[520px] text-left text-sm">
              <thead className="text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  {['Side', 'Quantity', 'Type', 'Strike', 'Expiration', 'Premium', 'IV'].map((heading) => (
                    <th key={heading} scope="col" className="py-1.5 pr-3 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800 tabular-nums">
                {row.position.legs.map((leg, index) => (
                  <tr key={index}>
                    <td
                      className={`py-2 pr-3 font-semibold ${leg.side === 'long' ? 'text-emerald-300' : 'text-red-300'}`}
                    >
                      {leg.side === 'long' ? 'Buy' : 'Sell'}
                    </td>
                    <td className="py-2 pr-3">
                      {leg.kind === 'stock' ? `${leg.quantity * 100} shares` : `${leg.quantity} ×`}
                    </td>
                    <td className="py-2 pr-3 capitalize">{leg.kind}</td>
                    <td className="py-2 pr-3">{leg.strike === null ? '—' : formatPrice(leg.strike)}</td>
                    <td className="py-2 pr-3">{leg.expiration ?? '—'}</td>
                    <td className="py-2 pr-3">{formatPrice(leg.premium)}</td>
                    <td className="py-2 pr-3">{formatFractionPercent(leg.iv)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>

        <Panel
          className="mt-6"
          title={
            <span className="flex items-center gap-2">
              Edge score <EdgeScoreBadge score={row.edgeScore} />
              <span className="text-sm font-normal text-slate-400">{band.label}</span>
            </span>
          }
        >
          <ScoreBreakdown breakdown={row.scoreBreakdown} />
        </Panel>
      </div>
    </dialog>
  );
}

function Panel({
  title,
  className = '',
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`min-w-0 rounded-xl border border-slate-800 bg-slate-950/50 p-4 ${className}`}>
      <h3 className="mb-3 text-sm font-semibold text-white">{title}</h3>
      {children}
    </section>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{term}</dt>
      <dd className="mt-0.5 font-medium text-slate-100 tabular-nums">{value}</dd>
    </div>
  );
}
