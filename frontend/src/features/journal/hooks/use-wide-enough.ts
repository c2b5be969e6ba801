import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element is at least `minWidth` pixels wide, following resizes (the sidebar, a
 * rotated phone). Without ResizeObserver (jsdom) it answers true.
 */
export function useWideEnough<T extends HTMLElement>(minWidth: number) {
  const ref = useRef<T>(null);
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The first observation arrives before the first paint, so a phone never sees the table.
    const observer = new ResizeObserver(() => setWide(element.clientWidth >= minWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return [ref, wide] as const;
}
