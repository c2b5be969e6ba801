import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import Maximize from 'lucide-react/icons/maximize';
import Minimize from 'lucide-react/icons/minimize';
import Newspaper from 'lucide-react/icons/newspaper';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { hasSeenNewsToday } from '@shared/market/summary-seen';
import { storageKeys } from '../../lib/storage-keys';

const iconButtonClasses =
  'flex size-10 shrink-0 items-center justify-center gap-2 rounded-lg border border-slate-800 bg-slate-900 text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-400';

export const ENTER_FULL_SCREEN = 'Enter Full Screen View';
export const EXIT_FULL_SCREEN = 'Exit Full Screen View';

/** Spec 2: the Full Screen toggle, named for what it will do. */
export function FullScreenToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const label = on ? EXIT_FULL_SCREEN : ENTER_FULL_SCREEN;
  return (
    <button
      type="button"
      onClick={onToggle}
      title={label}
      className={`${iconButtonClasses} xl:w-auto xl:px-3`}
    >
      {on ? <Minimize className="size-5 shrink-0" /> : <Maximize className="size-5 shrink-0" />}
      <span className="sr-only xl:not-sr-only xl:text-sm xl:font-medium">{label}</span>
    </button>
  );
}

/** The top bar's Help button: the Help Center. */
export function HelpLink() {
  return (
    <Link to="/help" title="Help" className={iconButtonClasses}>
      <CircleQuestionMark className="size-5" />
      <span className="sr-only">Help</span>
    </Link>
  );
}

const readLastSeenNewsDate = () => {
  try {
    return window.localStorage.getItem(storageKeys.lastSeenNewsDate);
  } catch {
    return null;
  }
};

/**
 * lastSeenNewsDate as it changes: another tab's writes arrive as `storage` events; this tab's
 * (the daily summary storing its dismissal) are picked up by a light once-a-second read.
 */
function subscribeToNewsDate(onChange: () => void) {
  window.addEventListener('storage', onChange);
  const timer = window.setInterval(onChange, 1000);
  return () => {
    window.removeEventListener('storage', onChange);
    window.clearInterval(timer);
  };
}

/**
 * Spec 2: 'News' shows only when today's summary was already seen; it forgets that and loads
 * the page again, so the Daily Market Summary opens again. The summary opens over the
 * dashboard, so from another screen it loads the dashboard.
 */
export function NewsButton() {
  const lastSeen = useSyncExternalStore(subscribeToNewsDate, readLastSeenNewsDate, () => null);
  if (!hasSeenNewsToday(lastSeen, new Date())) return null;
  return (
    <button
      type="button"
      title="Show today's market summary again"
      onClick={() => {
        window.localStorage.removeItem(storageKeys.lastSeenNewsDate);
        if (window.location.pathname === '/dashboard') window.location.reload();
        else window.location.assign('/dashboard');
      }}
      className={`${iconButtonClasses} lg:w-auto lg:px-3`}
    >
      <Newspaper className="size-5 shrink-0" />
      <span className="sr-only lg:not-sr-only lg:text-sm lg:font-medium">News</span>
    </button>
  );
}
