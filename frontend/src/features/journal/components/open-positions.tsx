import type { MarkedPosition, TriggeredTarget } from '@shared/trades/position-schemas';
import { formatShares, formatSignedMoney, PortfolioGreeks } from '../../../components/ui/portfolio-greeks';
import { Spinner } from '../../../components/ui/spinner';
import { usePositions } from '../../../lib/positions';
import { PayoffGraph } from './payoff-graph';
import { QueryError } from './query-error';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const price = (value: number) => value.toFixed(2);
const tone = (value: number) =>
  value > 0 ? 'text-green-400' : value < 0 ? 'text-red-400' : 'text-slate-200';

/** A reached target's badge colour: a profit target green, a warning amber, a loss red. */
const TARGET_TONE: Record<TriggeredTarget['kind'], string> = {
  take_profit: 'bg-green-900/60 text-green-200',
  stop_loss: 'bg-red-900/60 text-red-200',
  dte: 'bg-amber-900/60 text-amber-200',
  short_strike_breached: 'bg-red-900/60 text-red-200',
  earnings_before_expiry: 'bg-amber-900/60 text-amber-200',
};

const HEADINGS = [
  'Position',
  'DTE',
  'Close at bid/ask',
  'Close at mid',
  'Unrealised P&L',
  'Delta (shares)',
  'Gamma',
  'Theta / day',
  'Vega / pt',
  'Capital at risk',
];

function Row({ position }: { position: MarkedPosition }) {
  const name = `${position.ticker} ${position.strategy}`;
  return (
    <tr aria-label={name} className="border-t border-slate-800 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium text-white">
        {name}
        <span className="block text-xs font-normal text-slate-400">
          {position.quantity} × {position.side} {price(position.entry_price)} · underlying{' '}
          {price(position.underlying_price)}
        </span>
        {position.targets.length > 0 && (
          <ul aria-label={`Targets reached: ${name}`} className="mt-1 flex flex-wrap gap-1">
            {position.targets.map((target) => (
              <li
                key={target.kind}
                aria-label={`${target.label}: ${target.detail}`}
                title={target.detail}
                className={`rounded px-1.5 py-0.5 text-xs font-medium ${TARGET_TONE[target.kind]}`}
              >
                {target.label}
              </li>
            ))}
          </ul>
        )}
        {position.flags.map((flag) => (
          <span key={flag} className="block text-xs font-normal text-amber-300">
            {flag}
          </span>
        ))}
      </th>
      <td className="py-2 pr-3">{position.dte ?? '—'}</td>
      <td className="py-2 pr-3">
        {price(position.close_price)}
        <span className="block text-xs text-slate-400">{money.format(position.value)}</span>
      </td>
      <td className="py-2 pr-3">
        {price(position.close_price_mid)}
        <span className="block text-xs text-slate-400">{money.format(position.value_mid)}</span>
      </td>
      <td className={`py-2 pr-3 font-semibold ${tone(position.unrealized_pnl)}`}>
        {formatSignedMoney(position.unrealized_pnl)}
        <span className="block text-xs font-normal text-slate-400">
          {formatSignedMoney(position.unrealized_pnl_mid)} at mid
        </span>
      </td>
      <td className="py-2 pr-3">{formatShares(position.greeks.delta_shares)}</td>
      <td className="py-2 pr-3">{formatShares(position.greeks.gamma_shares)}</td>
      <td className="py-2 pr-3">{formatSignedMoney(position.greeks.theta_per_day)}</td>
      <td className="py-2 pr-3">{formatSignedMoney(position.greeks.vega_per_point)}</td>
      <td className="py-2 pr-3">
        {position.capital_at_risk === null
          ? position.risk === 'undefined'
            ? 'Undefined'
            : 'Unknown'
          : money.format(position.capital_at_risk)}
      </td>
    </tr>
  );
}

/**
 * Open positions marked to the market (GET /api/positions, re-read each minute): each open trade
 * with legs at its value to close at the bid/ask and at the mids, its unrealised P&L, greeks,
 * days to expiry and the targets it has reached (badges: shared/src/trades/targets.ts); the portfolio's totals above; trades that could not be marked, with why; and
 * trades this read closed at expiry; the payoff at expiry of a position or of an underlying's positions.
 */
export function OpenPositions() {
  const query = usePositions();
  if (query.error)
    return <QueryError what="the open positions" error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <section aria-labelledby="journal-open-positions" className="space-y-3">
      <h2 id="journal-open-positions" className="text-lg font-semibold text-white">
        Open positions
      </h2>
      {!data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner className="size-4" /> Marking open positions…
        </p>
      ) : (
        <>
          <PortfolioGreeks data={data} />
          {data.settled.length > 0 && (
            <ul aria-label="Settled at expiry" className="text-sm text-slate-300">
              {data.settled.map((s) => (
                <li key={s.trade_id}>
                  {s.ticker} settled at expiry ({s.ticker} closed at {price(s.settlement_price)}): exit{' '}
                  {price(s.exit_price)}
                  {s.assigned.length > 0 && ` · assigned: ${s.assigned.join('; ')}`}
                </li>
              ))}
            </ul>
          )}
          {data.positions.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[56rem] text-sm text-slate-200 tabular-nums">
                <caption className="sr-only">Open positions marked to the market</caption>
                <thead className="text-left text-xs text-slate-400">
                  <tr>
                    {HEADINGS.map((heading) => (
                      <th key={heading} scope="col" className="pr-3 pb-1 font-medium">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.positions.map((position) => (
                    <Row key={position.trade_id} position={position} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.positions.length > 0 && <PayoffGraph positions={data.positions} />}
          {data.unmarked.length > 0 && (
            <ul aria-label="Not marked" className="text-xs text-slate-400">
              {data.unmarked.map((u) => (
                <li key={u.trade_id}>
                  {u.ticker}: {u.reason}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
