/**
 * Polygon's paging: a page names the next in `next_url` (an absolute api.polygon.io URL with a
 * cursor). Every page is followed until one has none, or until `maxPages`. The next URL's path
 * and cursor are kept and its origin replaced by `baseUrl`, so the key (which `fetchJson` adds) is
 * only ever sent to the configured host, and a local server can serve a recorded second page.
 * Used by the chain snapshot (./chains/polygon.ts) and the trades behind dark pool prints
 * (./feeds/polygon-trades.ts); each passes the error its callers catch.
 */
import * as z from 'zod';

const nextUrlSchema = z.object({ next_url: z.string().nullish() });

export interface PolygonPages {
  pages: unknown[];
  /** True when `maxPages` was reached with a next page still named. */
  truncated: boolean;
}

export async function fetchPolygonPages(options: {
  firstUrl: string;
  baseUrl: string;
  fetchJson: (url: string) => Promise<unknown>;
  maxPages: number;
  /** What a page past `maxPages` does: throw (the chain needs all of it) or stop (`truncated`). */
  onTooMany: 'throw' | 'stop';
  fail: (message: string) => Error;
}): Promise<PolygonPages> {
  const { baseUrl, fetchJson, maxPages, fail } = options;
  const pages: unknown[] = [];
  const seen = new Set<string>();
  let url: string | null = options.firstUrl;
  while (url) {
    if (seen.has(url)) throw fail('Polygon sent a next_url it had already sent');
    if (pages.length === maxPages) {
      if (options.onTooMany === 'stop') return { pages, truncated: true };
      throw fail(`Polygon's answer ran past ${maxPages} pages`);
    }
    seen.add(url);
    const page = await fetchJson(url);
    pages.push(page);
    const next = nextUrlSchema.safeParse(page).data?.next_url;
    url = next ? rebase(next, baseUrl, fail) : null;
  }
  return { pages, truncated: false };
}

function rebase(nextUrl: string, baseUrl: string, fail: (message: string) => Error): string {
  let next: URL;
  try {
    next = new URL(nextUrl);
  } catch {
    throw fail('Polygon sent a next_url that is not a URL');
  }
  return new URL(`${next.pathname}${next.search}`, baseUrl).toString();
}
