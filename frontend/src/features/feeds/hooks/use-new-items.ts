import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onNew` with the items of each answer not seen in an earlier one (newest first), never
 * for the first answer: what arrived while the page was open.
 */
export function useNewItems<T extends { id: string }>(
  items: readonly T[] | undefined,
  onNew: (items: T[]) => void,
) {
  const seen = useRef<Set<string> | null>(null);
  const report = useEffectEvent(onNew);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const fresh = items.filter((item) => !seen.current!.has(item.id));
    for (const item of fresh) seen.current.add(item.id);
    if (fresh.length > 0) report(fresh);
  }, [items]);
}
