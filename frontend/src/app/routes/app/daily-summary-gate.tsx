import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DAILY_NEWS_POPUP_DELAY_MS } from '@shared/constants/timings';
import { DailySummaryModal } from '../../../features/market-summary/components/daily-summary-modal';
import { markSeenToday, seenToday } from '../../../features/market-summary/utils/last-seen-news';
import { useProfile } from '../../../features/profile/api/get-profile';
import { useAuth } from '../../../lib/auth';
import { dashboardPath } from '../../../lib/dashboard-screens';

/**
 * Only one gate acts at a time, wherever it is mounted (a route and the layout may both mount
 * one): the first to mount owns the popup; when it unmounts, the next one takes over.
 */
const gates: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function useIsActiveGate(): boolean {
  const [id] = useState(() => Symbol('daily-summary-gate'));
  useEffect(() => {
    gates.push(id);
    notify();
    return () => {
      gates.splice(gates.indexOf(id), 1);
      notify();
    };
  }, [id]);
  return useSyncExternalStore(subscribe, () => gates[0] === id);
}

const OTHER_MODAL = 'dialog[open], [role="dialog"][aria-modal="true"]';

/**
 * Runs `open` once no other modal (the onboarding tour, a trade form) is showing, so two modals
 * never stack: the summary waits for the tour to close. Returns a function that stops waiting.
 */
function whenNoOtherModal(open: () => void): () => void {
  if (!document.querySelector(OTHER_MODAL)) {
    open();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(OTHER_MODAL)) return;
    observer.disconnect();
    open();
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open', 'aria-modal', 'role'],
  });
  return () => observer.disconnect();
}

/**
 * The daily news popup (spec 4): for a signed-in user on a /dashboard screen it opens 1.5 s after
 * load unless today's date equals lastSeenNewsDate (after any other open modal, such as the tour,
 * has closed); closing it stores today's date. A user who turned 'Market updates' off in Account
 * Settings is not shown it.
 */
export function DailySummaryGate() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = useIsActiveGate();
  const [open, setOpen] = useState(false);
  const wantsUpdates = useProfile().data?.notification_prefs.market_updates !== false;
  const eligible = active && status === 'signedIn' && pathname.startsWith('/dashboard') && wantsUpdates;

  useEffect(() => {
    if (!eligible || seenToday()) return;
    let stopWaiting = () => {};
    const timer = window.setTimeout(() => {
      stopWaiting = whenNoOtherModal(() => setOpen(true));
    }, DAILY_NEWS_POPUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [eligible]);

  if (!open || !eligible) return null;

  const dismiss = () => {
    markSeenToday();
    setOpen(false);
  };
  return (
    <DailySummaryModal
      onClose={dismiss}
      onStartTrading={() => {
        dismiss();
        void navigate(dashboardPath('scanner'));
      }}
    />
  );
}
