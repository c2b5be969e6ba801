import { useMemo, useState } from 'react';
import { payoffCurve } from '@shared/trades/position-payoff';
import type { MarkedPosition } from '@shared/trades/position-schemas';
import { formatSignedMoney } from '../../../components/ui/portfolio-greeks';

const WIDTH = 600;
const HEIGHT = 180;

interface Choice {
  key: string;
  label: string;
  positions: MarkedPosition[];
}

/** One choice per underlying (all its positions together), then one per position. */
function choices(positions: readonly MarkedPosition[]): Choice[] {
  const byTicker = new Map<string, MarkedPosition[]>();
  for (const position of positions)
    byTicker.set(position.ticker, [...(byTicker.get(position.ticker) ?? []), position]);
  const all = [...byTicker].map(([ticker, list]) => ({
    key: `ticker:${ticker}`,
    label: `All ${ticker} positions (${list.length})`,
    positions: list,
  }));
  const each = positions.map((position) => ({
    key: `trade:${position.trade_id}`,
    label: `${position.ticker} ${position.strategy} (${position.quantity} × ${position.entry_price.toFixed(2)} ${position.side})`,
    positions: [position],
  }));
  return [...all, ...each];
}

/**
 * The payoff at expiry of one position or of all an underlying's positions: P&L in dollars against
 * the underlying's price at the first expiration, with the spot and zero marked; described in
 * words for screen readers (worst, best, breakevens).
 */
export function PayoffGraph({ positions }: { positions: readonly MarkedPosition[] }) {
  const options = useMemo(() => choices(positions), [positions]);
  const [selected, setSelected] = useState(options[0]?.key ?? '');
  const choice = options.find((option) => option.key === selected) ?? options[0];
  const curve = useMemo(() => (choice ? payoffCurve(choice.positions) : null), [choice]);
  if (!choice || !curve || curve.points.length < 2) return null;
  const prices = curve.points.map((p) => p.price);
  const [minX, maxX] = [Math.min(...prices), Math.max(...prices)];
  const span = Math.max(curve.best - curve.worst, 1);
  const [minY, maxY] = [curve.worst - span * 0.08, curve.best + span * 0.08];
  const x = (price: number) => ((price - minX) / (maxX - minX || 1)) * WIDTH;
  const y = (pnl: number) => HEIGHT - ((pnl - minY) / (maxY - minY)) * HEIGHT;
  const line = curve.points.map((p) => `${x(p.price).toFixed(1)},${y(p.pnl).toFixed(1)}`).join(' ');
  const description = `Payoff at expiry ${curve.expiration ?? ''} of ${choice.label}: worst ${formatSignedMoney(curve.worst)}, best ${formatSignedMoney(curve.best)} between ${minX.toFixed(2)} and ${maxX.toFixed(2)}; breakevens ${curve.breakevens.length > 0 ? curve.breakevens.map((b) => b.toFixed(2)).join(', ') : 'none'}; ${curve.ticker} now ${curve.spot.toFixed(2)}${curve.estimate ? '; later legs held at their mid (an estimate)' : ''}`;
  return (
    <section
      aria-labelledby="journal-payoff"
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="journal-payoff" className="text-sm font-semibold text-white">
          Payoff at expiry
        </h3>
        <label className="flex items-center gap-2 text-xs text-slate-300">
          Payoff of
          <select
            value={choice.key}
            onChange={(event) => setSelected(event.target.value)}
            className="rounded-md border border-slate-700 bg-slate-900 px-2 py-1 text-slate-100"
          >
            {options.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <svg role="img" aria-label={description} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-44 w-full">
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} className="stroke-slate-600" strokeDasharray="4 4" />
        <line
          x1={x(curve.spot)}
          x2={x(curve.spot)}
          y1={0}
          y2={HEIGHT}
          className="stroke-sky-500"
          strokeDasharray="2 3"
        />
        <polyline points={line} fill="none" className="stroke-emerald-400" strokeWidth={2} />
      </svg>
      <p className="mt-1 text-xs text-slate-400 tabular-nums">
        {curve.ticker} {minX.toFixed(2)} – {maxX.toFixed(2)} · worst {formatSignedMoney(curve.worst)} · best{' '}
        {formatSignedMoney(curve.best)} · breakevens{' '}
        {curve.breakevens.length > 0 ? curve.breakevens.map((b) => b.toFixed(2)).join(', ') : 'none'}
        {curve.estimate && ' · later legs held at their mid'}
      </p>
    </section>
  );
}
