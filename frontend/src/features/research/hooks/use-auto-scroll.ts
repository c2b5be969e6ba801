import { useEffect, useRef } from 'react';

/** Keeps a scrolling container at its bottom whenever `trigger` changes (a new message, 'Analyzing...'). */
export function useAutoScroll<T extends HTMLElement>(trigger: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    element.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [trigger]);
  return ref;
}
