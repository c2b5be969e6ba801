import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { SelectField } from '../../../components/ui/select-field';
import type { MarketStatusInfo } from '@shared/feeds/schemas';
import { feedProviderLabels, type FeedProviderName } from '@shared/providers/feeds/feed-providers';
import { UNIVERSE } from '@shared/market/universe';

/** Loading, refused (a plan limit links to the plans), failed, empty, or the list. */
export function FeedState({
  what,
  isPending,
  error,
  isEmpty,
  empty,
  onRetry,
  children,
}: {
  what: string;
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  empty: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isPending)
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-slate-800 p-6 text-sm text-slate-300"
      >
        <Spinner className="size-4" /> Loading {what}…
      </p>
    );
  if (error instanceof ApiError && error.code === 'plan_limit')
    return (
      <div className="space-y-3">
        <ErrorAlert>{error.message}</ErrorAlert>
        <Link
          to="/pricing"
          className="text-sm font-semibold text-emerald-300 underline hover:text-emerald-200"
        >
          See the plans
        </Link>
      </div>
    );
  if (error)
    return (
      <div className="space-y-3">
        <ErrorAlert>
          Could not load {what}: {error.message}
        </ErrorAlert>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (isEmpty)
    return (
      <div className="rounded-2xl border border-dashed border-slate-700 px-6 py-10 text-center text-sm text-slate-300">
        {empty}
      </div>
    );
  return <>{children}</>;
}

/** 'Updated 10:31:05 AM · refreshing every 15 s' or 'Paused'. */
export function FeedClock({
  live,
  asOf,
  pollSeconds,
}: {
  live: boolean;
  asOf?: string;
  pollSeconds: number;
}) {
  return (
    <p className="flex items-center gap-2 text-xs text-slate-400" aria-live="off">
      <span
        aria-hidden="true"
        className={`inline-block size-2 rounded-full ${live ? 'animate-pulse bg-emerald-400' : 'bg-slate-500'}`}
      />
      {live ? `Live · every ${pollSeconds} s` : 'Paused'}
      {asOf && ` · updated ${new Date(asOf).toLocaleTimeString('en-US')}`}
    </p>
  );
}

/** 'Simulated', or the real provider's name: every item says where it comes from. */
export function OriginLabel({
  provider = 'simulated',
  className = '',
}: {
  provider?: FeedProviderName;
  className?: string;
}) {
  return (
    <span className={`text-xs font-normal text-slate-400 ${className}`}>
      {provider === 'simulated' ? 'Simulated' : `Source: ${feedProviderLabels[provider]}`}
    </span>
  );
}

const NEXT_OPEN_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});

/** 'Market closed · opens Fri, Nov 27, 9:30 AM ET' while the market does not trade. */
export function MarketClosedNotice({ market, what }: { market?: MarketStatusInfo; what: string }) {
  if (!market || market.isOpen) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-200"
    >
      <strong className="font-semibold">Market closed</strong> · opens{' '}
      {NEXT_OPEN_FORMAT.format(new Date(market.nextOpen))} ET. No new {what} until then; the list shows the
      last session&apos;s.
    </p>
  );
}

/** Every symbol the feeds carry (the market's stocks and ETFs), for a feed's ticker filter. */
export const FEED_TICKERS: readonly string[] = UNIVERSE.filter((entry) => entry.kind !== 'index').map(
  (entry) => entry.symbol,
);

/** A feed's ticker filter: all tickers, or one of the whole universe. */
export function TickerFilter({
  id,
  value,
  onChange,
  label = 'Ticker',
}: {
  id: string;
  value: string;
  onChange: (ticker: string) => void;
  label?: string;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={FEED_TICKERS.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: 'All tickers' },
        ...FEED_TICKERS.map((symbol) => ({ value: symbol, label: symbol })),
      ]}
    />
  );
}
