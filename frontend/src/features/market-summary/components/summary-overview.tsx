import type { ReactNode } from 'react';
import type { MarketSummary, PriceLevels } from '@shared/market/schemas';
import { vixTone } from '@shared/ui/colour-bands';
import { formatDollars, shortDateTime, toneText } from '../utils/format';

const FUTURES = {
  up: { label: 'Up', arrow: '▲', className: 'text-green-400' },
  down: { label: 'Down', arrow: '▼', className: 'text-red-400' },
  flat: { label: 'Flat', arrow: '■', className: 'text-slate-300' },
} as const;

type OverviewProps = {
  summary: MarketSummary & { asOf?: string; vixChange?: number };
};

function Tile({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div
      className={`rounded-xl border border-slate-800 bg-slate-950/60 p-4 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
    >
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-100">{children}</dd>
    </div>
  );
}

/** The modal's Market Overview block: futures, VIX, sector rotation and volatility outlook. */
export function SummaryOverview({ summary }: OverviewProps) {
  const { futuresDirection, vixLevel, sectorRotation, volatilityOutlook } = summary.overview;
  const futures = FUTURES[futuresDirection];
  return (
    <section aria-labelledby="summary-overview-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="summary-overview-title" className="text-base font-semibold text-white">
          Market Overview
        </h3>
        {summary.asOf && (
          <p className="text-xs text-slate-400">Figures as of the close, {shortDateTime(summary.asOf)}</p>
        )}
      </div>
      <dl className="mt-3 grid gap-3 grid-cols-2 lg:grid-cols-[9rem_9rem_1fr_1fr]">
        <Tile label="Futures">
          <span className={`text-lg font-semibold ${futures.className}`}>
            <span aria-hidden="true">{futures.arrow} </span>
            {futures.label}
          </span>
        </Tile>
        <Tile label="VIX">
          <span className={`text-lg font-semibold ${toneText[vixTone(vixLevel)]}`}>
            {vixLevel.toFixed(2)}
          </span>
          {summary.vixChange !== undefined && (
            <span className="ml-2 text-xs text-slate-400">
              {summary.vixChange >= 0 ? '+' : ''}
              {summary.vixChange.toFixed(2)}
            </span>
          )}
        </Tile>
        <Tile label="Sector Rotation" wide>
          {sectorRotation}
        </Tile>
        <Tile label="Volatility Outlook" wide>
          {volatilityOutlook}
        </Tile>
      </dl>
    </section>
  );
}

function LevelBlock({ symbol, levels }: { symbol: string; levels: PriceLevels }) {
  const rows = [
    { label: 'Support', value: levels.support, className: 'text-green-400' },
    { label: 'Current', value: levels.current, className: 'text-white' },
    { label: 'Resistance', value: levels.resistance, className: 'text-red-400' },
  ];
  return (
    <section
      aria-label={`${symbol} Levels`}
      className="rounded-xl border border-slate-800 bg-slate-950/60 p-4"
    >
      <h3 className="text-sm font-semibold text-white">{symbol} Levels</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs text-slate-400">{row.label}</dt>
            <dd className={`text-sm font-semibold tabular-nums ${row.className}`}>
              {formatDollars(row.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** SPY Levels and QQQ Levels: support, current and resistance. */
export function SummaryLevels({ levels }: { levels: MarketSummary['levels'] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LevelBlock symbol="SPY" levels={levels.SPY} />
      <LevelBlock symbol="QQQ" levels={levels.QQQ} />
    </div>
  );
}
