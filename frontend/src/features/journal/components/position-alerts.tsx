import { Link } from 'react-router-dom';
import { positionHref, usePositionAlerts } from '../../../lib/positions';
import { QueryError } from './query-error';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * "Your positions" on the Alerts page: the targets the user's own open journal positions reached
 * (GET /api/position-alerts; recorded once per position and rule by the positions job during the
 * market session), newest first, each linking to its position in the journal.
 */
export function PositionAlerts() {
  const query = usePositionAlerts();
  return (
    <section aria-labelledby="position-alerts-heading" className="mt-8 space-y-3">
      <h2 id="position-alerts-heading" className="text-lg font-semibold text-white">
        Your positions
      </h2>
      <p className="text-sm text-slate-400">
        Targets your open journal positions reached, checked each minute of the market session against your
        targets (Account page). Each is recorded once.
      </p>
      {query.error ? (
        <QueryError what="your position alerts" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <p role="status" className="text-sm text-slate-300">
          Loading your position alerts…
        </p>
      ) : query.data.alerts.length === 0 ? (
        <p className="text-sm text-slate-400">
          None yet. Track a position in the journal (with its legs) to have its targets watched.
        </p>
      ) : (
        <ul aria-label="Your position alerts" className="space-y-2">
          {query.data.alerts.map((alert) => (
            <li key={alert.id} className="rounded-lg border border-slate-800 p-3 text-sm text-slate-300">
              <p className="font-medium text-white">
                <Link
                  to={positionHref(alert.trade_id)}
                  className="text-emerald-300 underline-offset-2 hover:underline"
                >
                  {alert.ticker} {alert.strategy}
                </Link>
                : {alert.label}
              </p>
              <p>{alert.detail}</p>
              <p className="text-xs text-slate-500">
                {new Date(alert.triggered_at).toLocaleString()} · underlying{' '}
                {alert.underlying_price.toFixed(2)} · unrealised {money.format(alert.unrealized_pnl)} ·
                quotes: {alert.source === 'simulated' ? 'simulated market' : alert.source}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
