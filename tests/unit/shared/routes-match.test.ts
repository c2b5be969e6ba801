/** The route table's path patterns as the local runtime and the frontend match them. */
import { describe, expect, it } from 'vitest';
import { apiPath, matchPath, routes } from '@shared/routes';

describe('matchPath', () => {
  it('reads path parameters, decoded, and refuses other paths', () => {
    expect(matchPath('/api/feeds/{feed}', '/api/feeds/alerts')).toEqual({ feed: 'alerts' });
    expect(matchPath('/api/trades/{id}', '/api/trades/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/api/trades/{id}', '/api/trades/a/b')).toBeNull();
    expect(matchPath('/api/trades/{id}', '/api/trades/')).toBeNull();
    expect(matchPath('/api/profile', '/api/profile')).toEqual({});
    expect(matchPath('/api/profile', '/api/profiles')).toBeNull();
    // The same pattern twice (it is compiled once and kept) still matches each path on its own.
    expect(matchPath('/api/trades/{id}', '/api/trades/second')).toEqual({ id: 'second' });
  });

  it('matches every route of the table on the path apiPath builds for it, and only its own method and path', () => {
    for (const route of routes) {
      const params = Object.fromEntries(
        [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `x-${name}`]),
      );
      const path = apiPath(route.id, params as never);
      expect(matchPath(route.path, path), route.id).toEqual(params);
      const matching = routes.filter((r) => r.method === route.method && matchPath(r.path, path) !== null);
      expect(
        matching.map((r) => r.id),
        path,
      ).toEqual([route.id]);
    }
  });
});
