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
import { BACKTEST_BANDS, BACKTEST_PERIOD } from '@shared/options/backtest-bands';
import { edgeScoreBand } from '@shared/ui/colour-bands';
import { Button } from '../../../components/ui/button';
import { WatchButton } from '../../../components/ui/watch-button';
import { type ScanResultRow } from '@shared/options/response-schemas';
import {
  formatDollars,
  formatExpiration,
  formatFractionPercent,
  formatGreek,
  formatInteger,
  formatNetPrice,
  formatPrice,
  formatSignedDollars,
  formatSignedPercent,
} from '../utils/format';
import { payoffSeries } from '../utils/payoff-series';
import { EdgeScoreBadge } from './edge-score-badge';
import { OptionChain } from './option-chain';
import { PayoffChart } from './payoff-chart';
import { ScoreBreakdown } from './score-breakdown';

type PositionDialogProps = {
  row: ScanResultRow;
  onClose: () => void;
  /** The chain was opened for the position (symbol and expiration), e.g. to put it in the address. */
  onViewChain: (symbol: string, expiration: string) => void;
  /** Track: the journal's Add Trade with this position as shown. */
  onTrack: () => void;
};

/** How positions in a score's band did in the backtest: "positions scoring 80+ made ...". */
function bandHistory(score: number): string {
  const band = BACKTEST_BANDS.find((b) => score >= b.min);
  if (!band) return '';
  const range = band.min === 80 ? '80+' : band.min === 0 ? 'below 20' : `${band.min}-${band.min + 19}`;
  const years =
    BACKTEST_PERIOD.outOfSampleFrom === null
      ? `${BACKTEST_PERIOD.from.slice(0, 4)}-${BACKTEST_PERIOD.to.slice(0, 4)}`
      : `${BACKTEST_PERIOD.outOfSampleFrom}-${BACKTEST_PERIOD.to.slice(0, 4)} (years the calibration did not see)`;
  return `In the ${years} backtest of the simulated market (held to expiry, filled at the bid/ask), positions scoring ${range} were profitable ${Math.round(band.hitRate * 100)}% of the time and returned ${formatSignedPercent(band.meanReturn)} on capital on average (${formatInteger(band.positions)} positions)${band.worst ? `; in its worst year, ${band.worst.year}, ${Math.round(band.worst.hitRate * 100)}% were profitable and they returned ${formatSignedPercent(band.worst.meanReturn)}` : ''}.`;
}

/**
 * One scan result as a position: legs at their fills, risk and reward at the bid/ask, the
 * forecast's expected P&L, greeks, the edge score's reasons with its band's history, the payoff
 * diagram, and the chain at the position's expiration. Track opens the journal's Add Trade with
 * the position as shown (legs, net fill, edge score). A modal <dialog>: focus stays inside,
 * Escape closes, focus returns to the opener.
 */
export function PositionDialog({ row, onClose, onViewChain, onTrack }: PositionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const chainRef = useRef<HTMLDivElement>(null);
  const [showChain, setShowChain] = useState(false);
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

  // The chain opens inside the dialog at the position's expiration, scrolled into view.
  useEffect(() => {
    if (showChain) chainRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [showChain]);

  const band = edgeScoreBand(row.edgeScore);

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
            <p className="mt-1 text-sm text-slate-300">
              <span className="font-semibold text-white tabular-nums">{row.strikeLabel}</span> · expires{' '}
              <time dateTime={row.expiration}>{formatExpiration(row.expiration)}</time> ({row.dte}{' '}
              {row.dte === 1 ? 'day' : 'days'}) · {formatNetPrice(row.netPrice, row.priceType)}
            </p>
            <p className="mt-1 text-sm text-slate-400">
              {row.sector} · underlying {formatPrice(row.underlyingPrice)} ·{' '}
              {row.ivRank === null
                ? `IV rank: ${row.ivRankNote ?? 'not known'}`
                : `IV rank ${Math.round(row.ivRank)}`}{' '}
              · {row.exercise === 'american' ? 'American' : 'European'} exercise
            </p>
            {row.spansEarnings && row.earnings && (
              <p className="mt-2 rounded-lg border border-amber-400/30 bg-amber-400/5 px-3 py-1.5 text-sm text-amber-100">
                Spans {row.ticker}'s earnings report on {formatExpiration(row.earnings)}: the stock can gap on
                the report, and the premium prices that in.
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onTrack} aria-label={`Track ${title} in Journal`}>
              Track
            </Button>
            <Button
              variant="secondary"
              aria-expanded={showChain}
              onClick={() => {
                setShowChain(true);
                onViewChain(row.ticker, row.expiration);
              }}
            >
              View chain
            </Button>
            <WatchButton ticker={row.ticker} />
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
                term={
                  row.priceType === 'credit'
                    ? 'Credit received (at the bid/ask)'
                    : 'Debit paid (at the bid/ask)'
                }
                value={`${formatPrice(Math.abs(row.netPrice))} × 100 = ${formatDollars(Math.abs(row.netPrice) * 100)}`}
              />
              <Stat
                term="At the mids"
                value={formatNetPrice(row.midPrice, row.midPrice < 0 ? 'credit' : 'debit')}
              />
              <Stat term="Max profit" value={formatDollars(row.maxProfit)} />
              <Stat term="Max loss" value={formatDollars(row.maxLoss)} />
              <Stat
                term="Reward/risk"
                value={row.rewardRisk === null ? 'Unlimited' : `${row.rewardRisk.toFixed(2)} (profit ÷ loss)`}
              />
              <Stat
                term="Breakevens"
                value={row.breakevens.length ? row.breakevens.map(formatPrice).join(', ') : 'None'}
              />
              <Stat term="Probability of profit" value={formatFractionPercent(row.probabilityOfProfit)} />
              <Stat
                term="Expected P&L (forecast)"
                value={`${formatSignedDollars(row.expectedProfit)} (${formatSignedPercent(row.expectedReturn)})`}
              />
              <Stat term="Capital required" value={formatDollars(row.capitalRequired)} />
              <Stat term="Expected move" value={`±${formatPrice(row.expectedMove)}`} />
              <Stat
                term="Forecast / implied volatility"
                value={`${formatFractionPercent(row.forecastVol)} / ${formatFractionPercent(row.atmIv)}`}
              />
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
                  {['Side', 'Quantity', 'Type', 'Strike', 'Expiration', 'Bid', 'Ask', 'Fill', 'IV'].map(
                    (heading) => (
                      <th key={heading} scope="col" className="py-1.5 pr-3 font-medium">
                        {heading}
                      </th>
                    ),
                  )}
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
                    <td className="py-2 pr-3">{leg.kind === 'stock' ? '—' : formatPrice(leg.bid)}</td>
                    <td className="py-2 pr-3">{leg.kind === 'stock' ? '—' : formatPrice(leg.ask)}</td>
                    <td className="py-2 pr-3 font-semibold text-white">{formatPrice(leg.premium)}</td>
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
          <p className="mb-3 text-sm text-slate-300">{bandHistory(row.edgeScore)}</p>
          <ScoreBreakdown breakdown={row.scoreBreakdown} />
        </Panel>

        {showChain && (
          <div ref={chainRef} className="mt-6 scroll-mt-4">
            <OptionChain
              symbol={row.ticker}
              initialExpiration={row.expiration}
              highlightStrikes={row.strikes}
              embedded
              onClose={() => setShowChain(false)}
            />
          </div>
        )}
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
