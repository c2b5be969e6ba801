/**
 * A small least-recently-used memo for generated items: one feed reads another's items (alerts
 * read dark pool prints, trend alerts read chatter), and a run reads overlapping windows, so
 * each item is generated once per process. Items are never mutated after generation.
 */
import { CappedMap } from '../cache/capped-map';

export function memoized<T>(limit: number): (key: string, make: () => T) => T {
  const cache = new CappedMap<string, T>(limit);
  return (key, make) => {
    if (cache.has(key)) return cache.touch(key) as T;
    const value = make();
    cache.set(key, value);
    return value;
  };
}
