import type { PositionsResponse } from '@shared/trades/position-schemas';
import { PRICE_PLACEHOLDER } from '@shared/constants/texts';
import { provenanceLabel } from '../../lib/provenance';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const formatSignedMoney = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${dollars.format(Math.abs(value))}`;
export const formatShares = (value: number) => shares.format(value);

/** Where the marks come from, in the chain route's words ('Simulated', 'CBOE · 15 min delayed · as of …'). */
export function marksSourceLabel(provenance: PositionsResponse['provenance']): string {
  const label = provenanceLabel({
    source: provenance.source,
    delayed: provenance.delayed,
    stale: provenance.stale
      ? { reason: provenance.stale.reason, ageSeconds: provenance.stale.age_seconds }
      : null,
    asOf: provenance.as_of ?? new Date().toISOString(),
  });
  return provenance.source === 'simulated' ? `${label} market` : label;
}

/**
 * The portfolio's totals over its open positions marked to the market (GET /api/positions): net
 * delta in shares, theta a day, vega a volatility point, capital at risk, unrealised P&L. Each
 * figure is a group named by its label, for screen readers and tests.
 */
export function PortfolioGreeks({
  data,
  compact = false,
}: {
  data: PositionsResponse | undefined;
  compact?: boolean;
}) {
  const totals = data?.totals;
  const figures = [
    {
      label: 'Net delta',
      value: totals ? `${formatShares(totals.delta_shares)} shares` : PRICE_PLACEHOLDER,
      detail: 'Shares of the underlyings the positions move like',
    },
    {
      label: 'Theta per day',
      value: totals ? formatSignedMoney(totals.theta_per_day) : PRICE_PLACEHOLDER,
      detail: 'Gained (+) or lost (−) as a calendar day passes',
    },
    {
      label: 'Vega per point',
      value: totals ? formatSignedMoney(totals.vega_per_point) : PRICE_PLACEHOLDER,
      detail: 'Per volatility point of implied volatility',
    },
    {
      label: 'Capital at risk',
      value: totals ? dollars.format(totals.capital_at_risk) : PRICE_PLACEHOLDER,
      detail:
        totals && totals.undefined_risk_positions > 0
          ? `Max loss of defined-risk positions; ${totals.undefined_risk_positions} with undefined or unknown risk not counted`
          : 'Max loss at expiry of the open positions',
    },
    {
      label: 'Unrealised P&L',
      value: totals ? formatSignedMoney(totals.unrealized_pnl) : PRICE_PLACEHOLDER,
      detail: totals ? `At the bid/ask; ${formatSignedMoney(totals.unrealized_pnl_mid)} at the mids` : '',
    },
  ];
  return (
    <div role="group" aria-label="Portfolio greeks" aria-busy={!data}>
      <div
        className={`grid gap-3 ${compact ? 'grid-cols-2' : 'grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))]'}`}
      >
        {figures.map((figure) => (
          <div
            key={figure.label}
            role="group"
            aria-label={figure.label}
            className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
          >
            <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">{figure.label}</p>
            <p className="mt-1 text-lg font-bold text-white tabular-nums">{figure.value}</p>
            <p className="mt-1 text-xs text-slate-400">{figure.detail}</p>
          </div>
        ))}
      </div>
      {data && (
        <p className="mt-2 text-xs text-slate-400">
          {data.totals.positions} open position{data.totals.positions === 1 ? '' : 's'} marked ·{' '}
          {marksSourceLabel(data.provenance)} · refreshed every {data.refresh_seconds} s
          {data.unmarked.length > 0 && ` · ${data.unmarked.length} not marked`}
        </p>
      )}
    </div>
  );
}
