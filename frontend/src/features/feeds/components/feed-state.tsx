import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';

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
