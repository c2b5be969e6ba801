import { type TradePrefill } from '@shared/trades/prefill';
import { formatPrice } from '../utils/format';

const percent = (fraction: number) => `${fraction >= 0 ? '+' : '-'}${Math.abs(fraction * 100).toFixed(1)}%`;

/** A tracked position's legs, edge score and expected return, as they will be stored with the trade. */
export function TrackedLegs({ prefill, className = '' }: { prefill: TradePrefill; className?: string }) {
  const legs = prefill.legs ?? [];
  return (
    <section
      aria-label="Tracked position"
      className={`rounded-lg border border-slate-700 p-3 text-sm ${className}`}
    >
      <table className="w-full text-left tabular-nums">
        <caption className="mb-1 text-left text-xs font-semibold text-slate-300">
          Legs (stored with the trade)
        </caption>
        <thead className="text-xs text-slate-400">
          <tr>
            {['Side', 'Quantity', 'Type', 'Strike', 'Expiration', 'Fill'].map((heading) => (
              <th key={heading} scope="col" className="pr-3 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {legs.map((leg, index) => (
            <tr key={index}>
              <td className="pr-3">{leg.side === 'long' ? 'Buy' : 'Sell'}</td>
              <td className="pr-3">{leg.kind === 'stock' ? `${leg.quantity * 100} shares` : leg.quantity}</td>
              <td className="pr-3 capitalize">{leg.kind}</td>
              <td className="pr-3">{leg.strike === null ? '—' : formatPrice(leg.strike)}</td>
              <td className="pr-3">{leg.expiration ?? '—'}</td>
              <td className="pr-3">{leg.premium > 0 ? formatPrice(leg.premium) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(prefill.edge_score !== null || prefill.expected_return !== null) && (
        <p className="mt-2 text-xs text-slate-300">
          {prefill.edge_score !== null && <>Edge score when tracked: {prefill.edge_score}. </>}
          {prefill.expected_return !== null && <>Expected return then: {percent(prefill.expected_return)}.</>}
        </p>
      )}
    </section>
  );
}
