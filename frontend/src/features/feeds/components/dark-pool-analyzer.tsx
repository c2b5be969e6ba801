import { useId, useState } from 'react';
import { DARK_POOL_TICKER_MAX_LENGTH } from '@shared/constants/caps';
import { DARK_POOL_CONFIDENCE_SLIDER } from '@shared/constants/ranges';
import { DARK_POOL_TICKER_NOT_FOUND } from '@shared/constants/texts';
import { isKnownSymbol } from '@shared/market/universe';
import { feedPollMs } from '@shared/feeds/schemas';
import { useFeed } from '../api/get-feed';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FeedClock, FeedState, MarketClosedNotice, TickerFilter } from './feed-state';
import { FlowTable } from './flow-table';
import { PatternCards } from './pattern-cards';
import { InlineSwitch } from '../../../components/ui/switch';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white uppercase placeholder:normal-case placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none';

/**
 * Dark Pool Flow Analyzer (spec 2): ticker search and the known tickers (the whole universe) both
 * filter the prints to one ticker (nothing is invented for it), a confidence slider, Live Analysis
 * and Algo Only, the detected patterns and the flow table with each print's edge breakdown. While
 * the market is closed it says so, with the next open (prints exist only in a session).
 */
export function DarkPoolAnalyzer() {
  const id = useId();
  const [ticker, setTicker] = useState('');
  const [minConfidence, setMinConfidence] = useState<number>(DARK_POOL_CONFIDENCE_SLIDER.default);
  const [live, setLive] = useState(true);
  const [algoOnly, setAlgoOnly] = useState(false);
  const search = useDebouncedValue(ticker, 400);
  const confidence = useDebouncedValue(minConfidence, 250);
  const known = search !== '' && isKnownSymbol(search);

  const feed = useFeed(
    'darkpool',
    {
      minConfidence: confidence,
      ...(algoOnly ? { algoOnly: 'true' } : {}),
      ...(known ? { ticker: search } : {}),
    },
    live,
  );

  function changeTicker(value: string) {
    const next = value
      .toUpperCase()
      .replace(/[^A-Z.-]/g, '')
      .slice(0, DARK_POOL_TICKER_MAX_LENGTH);
    setTicker(next);
  }

  function setLiveState(next: boolean) {
    setLive(next);
    if (next) void feed.refetch();
  }

  const hint =
    ticker === ''
      ? 'Search a ticker to show its prints only.'
      : isKnownSymbol(ticker)
        ? `Showing ${ticker} prints only.`
        : DARK_POOL_TICKER_NOT_FOUND;

  return (
    <div className="space-y-6">
      <section
        aria-label="Dark pool filters"
        className="grid gap-4 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <div>
          <label htmlFor={`${id}-ticker`} className="block text-sm font-medium text-slate-200">
            Ticker search
          </label>
          <input
            id={`${id}-ticker`}
            value={ticker}
            onChange={(event) => changeTicker(event.target.value)}
            maxLength={DARK_POOL_TICKER_MAX_LENGTH}
            placeholder="e.g. NVDA"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-ticker-hint`}
            className={inputClass}
          />
          <p
            id={`${id}-ticker-hint`}
            role="status"
            className={`mt-1 text-xs ${ticker && !isKnownSymbol(ticker) ? 'text-amber-300' : 'text-slate-400'}`}
          >
            {hint}
          </p>
        </div>
        <TickerFilter id={`${id}-known`} label="Known tickers" value={ticker} onChange={changeTicker} />
        <div>
          <label htmlFor={`${id}-confidence`} className="block text-sm font-medium text-slate-200">
            Min confidence: {minConfidence}%
          </label>
          <input
            id={`${id}-confidence`}
            type="range"
            min={DARK_POOL_CONFIDENCE_SLIDER.min}
            max={DARK_POOL_CONFIDENCE_SLIDER.max}
            step={1}
            value={minConfidence}
            aria-valuetext={`${minConfidence}%`}
            onChange={(event) => setMinConfidence(Number(event.target.value))}
            className="mt-4 block w-full accent-emerald-500"
          />
        </div>
        <div className="flex flex-col justify-center gap-3">
          <InlineSwitch
            label="Live Analysis"
            checked={live}
            onChange={setLiveState}
            onText="Live"
            offText="Paused"
          />
          <InlineSwitch label="Algo Only" checked={algoOnly} onChange={setAlgoOnly} />
        </div>
        <div className="sm:col-span-2 xl:col-span-4">
          <FeedClock live={live} asOf={feed.data?.asOf} pollSeconds={feedPollMs('darkpool') / 1000} />
        </div>
      </section>

      <MarketClosedNotice market={feed.data?.market} what="prints" />

      <FeedState
        what="dark pool flows"
        isPending={feed.isPending}
        error={feed.error && !feed.data ? feed.error : null}
        isEmpty={false}
        empty={null}
        onRetry={() => void feed.refetch()}
      >
        <PatternCards patterns={feed.data?.patterns ?? []} title="Detected patterns" />
        <section aria-labelledby="flows-title" className="space-y-3">
          <h2 id="flows-title" className="text-lg font-semibold text-white">
            Dark pool flows
          </h2>
          {(feed.data?.items.length ?? 0) === 0 ? (
            <p
              role="status"
              className="rounded-2xl border border-dashed border-slate-700 px-6 py-10 text-center text-sm text-slate-300"
            >
              {known && feed.data?.notice
                ? feed.data.notice
                : `No flows at ${minConfidence}% confidence or more${algoOnly ? ' from algorithms' : ''}. Lower the slider or wait for the next prints (every 8-20 seconds, while the market trades).`}
            </p>
          ) : (
            <FlowTable flows={feed.data!.items} />
          )}
        </section>
      </FeedState>
    </div>
  );
}
