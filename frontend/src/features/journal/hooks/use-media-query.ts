import { useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();
const mediaQueryList = (query: string) => {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
};

/** Whether a media query matches now, following changes; `fallback` where matchMedia is missing (jsdom). */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? mediaQueryList(query).matches : fallback),
    () => fallback,
  );
}
