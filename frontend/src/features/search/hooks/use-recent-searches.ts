import { useCallback, useState } from 'react';
import { addRecentSearch, parseRecentSearches } from '@shared/search/global-search';
import { storageKeys } from '../../../lib/storage-keys';

function readStored(): string[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(storageKeys.recentSearches));
  } catch {
    return [];
  }
}

/** Spec 3: recentSearches on this device, newest first; `remember` stores a selection. */
export function useRecentSearches() {
  const [recents, setRecents] = useState(readStored);
  const remember = useCallback((entry: string) => {
    const next = addRecentSearch(readStored(), entry);
    try {
      window.localStorage.setItem(storageKeys.recentSearches, JSON.stringify(next));
    } catch {
      // Storage full or unavailable: the recents last for this page only.
    }
    setRecents(next);
  }, []);
  return { recents, remember };
}
