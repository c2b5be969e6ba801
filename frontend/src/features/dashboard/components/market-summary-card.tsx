import { DASHBOARD_DEFAULT_SYMBOLS } from '@shared/constants/symbols';
import { futuresDirection } from '@shared/market/summary-levels';
import { vixTone } from '@shared/ui/colour-bands';
import { Spinner } from '../../../components/ui/spinner';
import { useMarketOverview } from '../api/get-quotes';
import { formatDollars, toneText } from '../utils/format';
import { Panel, type PanelVariant } from './panel';
import { QuoteChange } from './quote-change';

const DIRECTION_TEXT = {
  up: 'Markets are higher: SPY is up on the session.',
  down: 'Markets are lower: SPY is down on the session.',
  flat: 'Market direction is unknown right now.',
} as const;

/** The dashboard's Market Summary card: SPY, QQQ, IWM and VIX (the dashboard quote set), live. */
export function MarketSummaryCard({
  variant = 'default',
  className = '',
}: {
  variant?: PanelVariant;
  className?: string;
}) {
  const { data, isPending } = useMarketOverview();
  const quotes = DASHBOARD_DEFAULT_SYMBOLS.map((symbol) =>
    data?.data.find((q) => q.symbol === symbol),
  ).filter((quote) => quote !== undefined);
  const spy = quotes.find((quote) => quote.symbol === 'SPY');
  return (
    <Panel title="Market Summary" variant={variant} className={className}>
      {isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-400">
          <Spinner className="size-4" /> Loading quotes...
        </div>
      ) : quotes.length === 0 ? (
        <p className="text-sm text-slate-400">Market data is unavailable right now.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-300">{DIRECTION_TEXT[futuresDirection(spy?.isPositive)]}</p>
          <ul aria-label="Index quotes" className="space-y-2">
            {quotes.map((quote) => (
              <li key={quote.symbol} className="flex items-center justify-between gap-2 text-sm">
                <span className="font-mono font-semibold text-white">{quote.symbol}</span>
                <span className="flex flex-col items-end">
                  <span
                    className={`tabular-nums ${quote.symbol === 'VIX' ? toneText[vixTone(Number(quote.price))] : 'text-white'}`}
                  >
                    {quote.symbol === 'VIX' ? quote.price : formatDollars(Number(quote.price))}
                  </span>
                  <QuoteChange quote={quote} className="text-xs" />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
