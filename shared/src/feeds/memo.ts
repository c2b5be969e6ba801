/**
 * A small least-recently-used memo for generated items: one feed reads another's items (alerts
 * read dark pool prints, trend alerts read chatter), and a run reads overlapping windows, so
 * each item is generated once per process. Items are never mutated after generation.
 */
export function memoized<T>(limit: number): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    if (cache.has(key)) {
      const value = cache.get(key) as T;
      cache.delete(key);
      cache.set(key, value);
      return value;
    }
    const value = make();
    if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}
