/**
 * The earnings calendar from Financial Modeling Prep's documented API
 * (`GET /stable/earnings-calendar?from=&to=&apikey=`, site.financialmodelingprep.com/developer/docs;
 * a key on every plan, the free one included): one request for a range of days (at most 90),
 * listing every company reporting in it, with its EPS and revenue estimates. The stable API
 * does not say when in the day a company reports; FMP's legacy `/api/v3/earning_calendar` sent
 * `time` (`bmo`, `amc`), read here when a row carries it. Pure; the per-container source is
 * lambdas/feeds/earnings-source.ts, the overlay on the simulated calendar
 * shared/src/market/earnings.ts.
 */
import * as z from 'zod';
import { FeedProviderError, parseProviderBody } from './feed-providers';
import type { EarningsReport, ReportTime } from './nasdaq-earnings';

const rowSchema = z.object({
  symbol: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().nullish(),
});

/** FMP answers a bad key, a plan limit or a wrong parameter with `{"Error Message": "…"}`. */
const errorSchema = z.object({ 'Error Message': z.string() });

const TIMES: Record<string, ReportTime> = { bmo: 'before-open', amc: 'after-close' };

/** The reports of a range; an error body, or a body that is not FMP's calendar, is the provider failing. */
export function parseFmpEarnings(body: unknown): EarningsReport[] {
  const error = errorSchema.safeParse(body);
  if (error.success) throw new FeedProviderError(`said "${error.data['Error Message'].slice(0, 200)}"`);
  return parseProviderBody(z.array(rowSchema), body, 'an FMP earnings calendar').map((row) => ({
    symbol: row.symbol.trim().toUpperCase(),
    date: row.date,
    time: TIMES[row.time ?? ''] ?? 'not-supplied',
  }));
}

/** FMP's calendar from `from` to `to` (New York days, YYYY-MM-DD, both included). */
export function fmpEarningsUrl(baseUrl: string, apiKey: string, from: string, to: string): string {
  const url = new URL('/stable/earnings-calendar', baseUrl);
  url.searchParams.set('from', from);
  url.searchParams.set('to', to);
  url.searchParams.set('apikey', apiKey);
  return url.toString();
}
