import { hasSeenNewsToday, newsDateKey } from '@shared/market/summary-seen';
import { storageKeys } from '../../../lib/storage-keys';

/** localStorage can be unavailable (private modes, blocked storage): then the summary shows each visit. */
function read(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.lastSeenNewsDate);
  } catch {
    return null;
  }
}

/** Whether the summary was dismissed today (the user's calendar day). */
export function seenToday(now = new Date()): boolean {
  return hasSeenNewsToday(read(), now);
}

/** Dismissing the summary stores today's date (spec 4). */
export function markSeenToday(now = new Date()): void {
  try {
    window.localStorage.setItem(storageKeys.lastSeenNewsDate, newsDateKey(now));
  } catch {
    // Nothing to remember it in; it shows again next visit.
  }
}
