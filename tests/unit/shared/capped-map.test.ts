/** The one size-capped cache: never more than its capacity, the oldest-set entry evicted first, `touch` for LRU. */
import { describe, expect, it } from 'vitest';
import { CappedMap } from '@shared/cache/capped-map';

describe('CappedMap', () => {
  it('holds at most its capacity, evicting the oldest-set entry', () => {
    const cache = new CappedMap<string, number>(2);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.has('a')).toBe(false);
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });

  it('counts setting a key again as newest, without evicting another entry', () => {
    const cache = new CappedMap<string, number>(2);
    cache.set('a', 1).set('b', 2).set('a', 10);
    expect(cache.size).toBe(2);
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(10);
  });

  it('leaves the order alone on get, and moves an entry to newest on touch', () => {
    const byGet = new CappedMap<string, number>(2);
    byGet.set('a', 1).set('b', 2);
    byGet.get('a');
    byGet.set('c', 3);
    expect(byGet.has('a')).toBe(false);
    const byTouch = new CappedMap<string, number>(2);
    byTouch.set('a', 1).set('b', 2);
    expect(byTouch.touch('a')).toBe(1);
    byTouch.set('c', 3);
    expect(byTouch.has('a')).toBe(true);
    expect(byTouch.has('b')).toBe(false);
    expect(byTouch.touch('missing')).toBeUndefined();
  });
});
