import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MARKET_DATA_SOURCE_LIVE, MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { MARKET_OVERVIEW_REFRESH_MS } from '@shared/constants/timings';
import { tickerSchema } from '@shared/market/ticker';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { provenanceLabel } from '../../../lib/provenance';
import { getQuotes } from '../api/get-quotes';
import { Panel } from './panel';
import { QuoteChange } from './quote-change';
import { formatDollars } from '../utils/format';
import { useToggleWatch, useWatchlist } from '../../../lib/watchlist';

/** Quotes of the watched tickers, refreshed with the dashboard's other quotes (every 30 s while visible). */
function useWatchlistQuotes(symbols: readonly string[]) {
  return useQuery({
    queryKey: ['market', 'quotes', 'watchlist', symbols] as const,
    queryFn: ({ signal }) => getQuotes(symbols, 'dashboard', { signal }),
    enabled: symbols.length > 0,
    refetchInterval: MARKET_OVERVIEW_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * The dashboard's Watchlist card (issue 25): the user's tickers with their quotes, a box to add
 * one and a button to remove each. The same list feeds notification rules on "my watchlist".
 */
export function WatchlistCard({ className = '' }: { className?: string }) {
  const { data, isPending, isError } = useWatchlist();
  const toggle = useToggleWatch();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const symbols = data?.tickers.map((t) => t.ticker) ?? [];
  const quotes = useWatchlistQuotes(symbols);
  const quoteOf = new Map(quotes.data?.data.map((q) => [q.symbol, q]));

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = tickerSchema.safeParse(input);
    if (!parsed.success) return setInputError(parsed.error.issues[0]?.message ?? 'Invalid ticker');
    setInputError(null);
    toggle.mutate({ ticker: parsed.data, watch: true }, { onSuccess: () => setInput('') });
  };
  const failure =
    toggle.error instanceof ApiError
      ? toggle.error.message
      : toggle.error
        ? 'Could not change the watchlist'
        : null;

  return (
    <Panel
      title="Watchlist"
      className={className}
      actions={
        quotes.data && (
          <span className="rounded-full border border-amber-400/30 bg-amber-400/10 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-amber-200 uppercase">
            {quotes.data.provenance
              ? provenanceLabel(quotes.data.provenance)
              : quotes.data.source === 'live'
                ? MARKET_DATA_SOURCE_LIVE
                : MARKET_DATA_SOURCE_SIMULATED}
          </span>
        )
      }
    >
      <form onSubmit={add} className="flex items-end gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor="watchlist-add" className="block text-sm font-medium text-slate-200">
            Add a ticker
          </label>
          <input
            id="watchlist-add"
            value={input}
            maxLength={10}
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'watchlist-add-error' : undefined}
            onChange={(event) => setInput(event.target.value.toUpperCase())}
            className="mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-white uppercase focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
          />
        </div>
        <Button type="submit" variant="secondary" isLoading={toggle.isPending}>
          Add
        </Button>
      </form>
      {(inputError ?? failure) && (
        <p id="watchlist-add-error" role="alert" className="mt-2 text-xs text-rose-300">
          {inputError ?? failure}
        </p>
      )}
      {isPending ? (
        <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-400">
          <Spinner className="size-4" /> Loading your watchlist...
        </div>
      ) : isError || !data ? (
        <p className="mt-4 text-sm text-slate-400">Your watchlist could not be loaded.</p>
      ) : data.tickers.length === 0 ? (
        <p className="mt-4 text-sm text-slate-400">
          No tickers yet. Add one here, or press Watch beside a ticker in the scanner or its option chain.
        </p>
      ) : (
        <ul aria-label="Watched tickers" className="mt-4 grid gap-1.5">
          {data.tickers.map(({ ticker }) => {
            const quote = quoteOf.get(ticker);
            return (
              <li key={ticker} className="flex min-w-0 items-baseline gap-2 text-sm">
                <span className="font-mono font-bold text-white">{ticker}</span>
                {quote ? (
                  <>
                    <span className="ml-auto text-white tabular-nums">
                      {formatDollars(Number(quote.price))}
                    </span>
                    <QuoteChange quote={quote} className="w-32 shrink-0 text-right text-xs" />
                  </>
                ) : (
                  <span className="ml-auto text-xs text-slate-500">
                    {quotes.isPending ? 'Loading…' : 'No quote'}
                  </span>
                )}
                <button
                  type="button"
                  aria-label={`Remove ${ticker} from watchlist`}
                  onClick={() => toggle.mutate({ ticker, watch: false })}
                  className="rounded px-1.5 text-slate-400 hover:bg-slate-800 hover:text-white"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {data && (
        <p className="mt-3 text-xs text-slate-500">
          {data.tickers.length} of {data.limit}. Rules on "my watchlist" (Alerts page) follow this list.
        </p>
      )}
    </Panel>
  );
}
