import { useId } from 'react';
import { useElementWidth } from '../hooks/use-element-width';
import { niceTicks, type PayoffSeries } from '../utils/payoff-series';
import { formatDollars, formatPrice } from '../utils/format';

const HEIGHT = 280;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 64 };

type PayoffChartProps = {
  series: PayoffSeries;
  spot: number;
  breakevens: readonly number[];
  /** Spoken name, e.g. 'Payoff diagram for SPY Iron Condor'. */
  label: string;
};

/** P&L at expiration (solid) and today (dashed) against the underlying's price, as an SVG. */
export function PayoffChart({ series, spot, breakevens, label }: PayoffChartProps) {
  const descriptionId = useId();
  // Drawn at its on-screen width, so the axis labels keep their size on a phone.
  const [figure, width] = useElementWidth<HTMLElement>(640);
  const { prices, atExpiration, today } = series;
  const xMin = prices[0] ?? 0;
  const xMax = prices.at(-1) ?? 1;
  const values = [...atExpiration, ...today, 0];
  const yLow = Math.min(...values);
  const yHigh = Math.max(...values);
  const pad = (yHigh - yLow || 1) * 0.08;
  const yMin = yLow - pad;
  const yMax = yHigh + pad;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (price: number) => MARGIN.left + ((price - xMin) / (xMax - xMin)) * plotWidth;
  const y = (pnl: number) => MARGIN.top + ((yMax - pnl) / (yMax - yMin)) * plotHeight;
  const line = (ys: number[]) =>
    prices
      .map((price, i) => `${i === 0 ? 'M' : 'L'}${x(price).toFixed(1)},${y(ys[i] ?? 0).toFixed(1)}`)
      .join('');
  const zeroY = y(0);
  const expiryPath = line(atExpiration);

  return (
    <figure ref={figure} className="min-w-0">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={label}
        aria-describedby={descriptionId}
        className="h-auto w-full"
      >
        <defs>
          <clipPath id={`${descriptionId}-profit`}>
            <rect x={MARGIN.left} y={MARGIN.top} width={plotWidth} height={Math.max(0, zeroY - MARGIN.top)} />
          </clipPath>
          <clipPath id={`${descriptionId}-loss`}>
            <rect
              x={MARGIN.left}
              y={zeroY}
              width={plotWidth}
              height={Math.max(0, MARGIN.top + plotHeight - zeroY)}
            />
          </clipPath>
        </defs>
        {niceTicks(yMin, yMax).map((tick) => (
          <g key={`y${tick}`}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-800"
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-slate-400 text-[11px]"
            >
              {formatDollars(tick)}
            </text>
          </g>
        ))}
        {niceTicks(xMin, xMax, Math.max(3, Math.floor(width / 110))).map((tick) => (
          <text
            key={`x${tick}`}
            x={x(tick)}
            y={HEIGHT - MARGIN.bottom + 18}
            textAnchor="middle"
            className="fill-slate-400 text-[11px]"
          >
            {formatPrice(tick)}
          </text>
        ))}
        <path
          d={`${expiryPath}L${x(xMax)},${zeroY}L${x(xMin)},${zeroY}Z`}
          clipPath={`url(#${descriptionId}-profit)`}
          className="fill-emerald-400/15"
        />
        <path
          d={`${expiryPath}L${x(xMax)},${zeroY}L${x(xMin)},${zeroY}Z`}
          clipPath={`url(#${descriptionId}-loss)`}
          className="fill-red-400/15"
        />
        <line x1={MARGIN.left} x2={width - MARGIN.right} y1={zeroY} y2={zeroY} className="stroke-slate-500" />
        <line
          x1={x(spot)}
          x2={x(spot)}
          y1={MARGIN.top}
          y2={MARGIN.top + plotHeight}
          strokeDasharray="2 4"
          className="stroke-amber-300"
        />
        <text x={x(spot)} y={MARGIN.top - 4} textAnchor="middle" className="fill-amber-200 text-[11px]">
          Spot {formatPrice(spot)}
        </text>
        {breakevens.map((breakeven) => (
          <circle key={breakeven} cx={x(breakeven)} cy={zeroY} r={3.5} className="fill-slate-100" />
        ))}
        <path d={line(today)} fill="none" strokeWidth={2} strokeDasharray="6 4" className="stroke-sky-400" />
        <path d={expiryPath} fill="none" strokeWidth={2.5} className="stroke-emerald-400" />
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-5 bg-emerald-400" /> P&amp;L at expiration
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-5 border-t-2 border-dashed border-sky-400" /> P&amp;L
          today
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-slate-100" /> Breakeven
        </span>
      </figcaption>
      <p id={descriptionId} className="mt-2 text-xs text-slate-400">
        {summary(series, spot)}
      </p>
    </figure>
  );
}

function summary({ prices, atExpiration, today }: PayoffSeries, spot: number): string {
  const first = prices[0] ?? 0;
  const last = prices.at(-1) ?? 0;
  const nearest = prices.reduce(
    (best, price, i) => (Math.abs(price - spot) < Math.abs((prices[best] ?? 0) - spot) ? i : best),
    0,
  );
  return (
    `Underlying from ${formatPrice(first)} to ${formatPrice(last)}. ` +
    `At expiration the P&L runs from ${formatDollars(Math.min(...atExpiration))} to ${formatDollars(Math.max(...atExpiration))}. ` +
    `At the current ${formatPrice(spot)} it is ${formatDollars(today[nearest] ?? 0)} today ` +
    `and ${formatDollars(atExpiration[nearest] ?? 0)} at expiration.`
  );
}
