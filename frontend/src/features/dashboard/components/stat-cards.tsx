import { pnlTone, winRateTone, type Polarity } from '@shared/ui/colour-bands';
import { PRICE_PLACEHOLDER } from '@shared/constants/texts';
import { useDashboardStats } from '../api/get-trade-stats';
import { formatDollars, formatSignedDollars, formatSignedPercent, polarityText } from '../utils/format';

type Card = { label: string; value: string; detail: string; polarity: Polarity | null };

function cards(stats: ReturnType<typeof useDashboardStats>['data']): Card[] {
  if (!stats) {
    return ['Portfolio Value', 'Today P&L', 'Win Rate', 'Open Positions'].map((label) => ({
      label,
      value: PRICE_PLACEHOLDER,
      detail: '',
      polarity: null,
    }));
  }
  const closed = stats.closed_trades > 0;
  // A percent only with a base (the premium paid for the closed trades); zero states stay neutral.
  const returnText =
    stats.return_on_cost_percent === null
      ? ''
      : `${formatSignedPercent(stats.return_on_cost_percent)} on premium paid · `;
  return [
    {
      label: 'Portfolio Value',
      value: formatDollars(stats.portfolio_value),
      detail: closed
        ? `${returnText}total P&L ${formatSignedDollars(stats.total_pnl)}`
        : 'No closed trades yet',
      polarity: closed && stats.total_pnl !== 0 ? pnlTone(stats.total_pnl) : null,
    },
    {
      label: 'Today P&L',
      value: formatSignedDollars(stats.today_pnl),
      detail: 'Trades closed today (New York)',
      polarity: stats.today_pnl !== 0 ? pnlTone(stats.today_pnl) : null,
    },
    {
      label: 'Win Rate',
      value: closed ? `${stats.win_rate.toFixed(1)}%` : '—',
      detail: closed
        ? `${stats.closed_trades} closed trade${stats.closed_trades === 1 ? '' : 's'}`
        : 'No closed trades yet',
      polarity: closed ? winRateTone(stats.win_rate) : null,
    },
    {
      label: 'Open Positions',
      value: String(stats.open_trades),
      detail: `${stats.total_trades} trade${stats.total_trades === 1 ? '' : 's'} in total`,
      polarity: null,
    },
  ];
}

/**
 * The four figures of spec 9 from GET /api/trades/stats (the journal's one implementation),
 * coloured by spec 9: P&L by sign, win rate at 50% / above 0 / 0; a journal with nothing closed
 * (and a zero P&L) is shown uncoloured, the win rate as '—'. Portfolio Value's percent is the
 * return on the premium paid, shown only when that base exists. Failures are logged and the
 * cards show '--'.
 */
export function StatCards({ compact = false }: { compact?: boolean }) {
  const { data, isPending } = useDashboardStats();
  return (
    <div
      className={`grid gap-3 ${compact ? 'grid-cols-2' : 'grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))]'}`}
      aria-busy={isPending}
    >
      {cards(data).map((card) => (
        <div
          key={card.label}
          role="group"
          aria-label={card.label}
          className={`rounded-2xl border border-slate-800 bg-slate-900/60 ${compact ? 'p-3' : 'p-5'}`}
        >
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">{card.label}</p>
          <p
            data-polarity={card.polarity ?? undefined}
            className={`mt-1 font-bold tabular-nums ${compact ? 'text-lg' : 'text-2xl'} ${
              card.polarity ? polarityText[card.polarity] : 'text-white'
            }`}
          >
            {isPending ? '…' : card.value}
          </p>
          {!compact && card.detail && <p className="mt-1 text-xs text-slate-400">{card.detail}</p>}
        </div>
      ))}
    </div>
  );
}
