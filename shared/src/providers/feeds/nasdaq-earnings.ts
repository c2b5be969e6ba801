/**
 * The earnings calendar from Nasdaq's public calendar API (`GET /api/calendar/earnings?date=`, no
 * key; the data behind nasdaq.com's earnings calendar): one request per day, listing every
 * company reporting that day and when (before the open, after the close, or not supplied). Pure;
 * the per-container source is lambdas/market/earnings-source.ts, the overlay on the simulated
 * calendar shared/src/market/earnings.ts.
 */
import * as z from 'zod';
import { parseProviderBody } from './feed-providers';

const rowSchema = z.object({
  symbol: z.string(),
  time: z.string(),
  name: z.string().optional(),
});

const pageSchema = z.object({
  data: z
    .object({ rows: z.array(rowSchema).nullable().default([]) })
    // A day with no reports (a weekend, a holiday) comes back without data.
    .nullable(),
  status: z.object({ rCode: z.number() }),
});

export type ReportTime = 'before-open' | 'after-close' | 'not-supplied';
export interface EarningsReport {
  symbol: string;
  /** New York calendar day, YYYY-MM-DD. */
  date: string;
  time: ReportTime;
}

const TIMES: Record<string, ReportTime> = {
  'time-pre-market': 'before-open',
  'time-after-hours': 'after-close',
};

/** A day's reports; a body that is not Nasdaq's calendar (or says it failed) is the provider failing. */
export function parseNasdaqEarnings(body: unknown, date: string): EarningsReport[] {
  const page = parseProviderBody(pageSchema, body, 'a Nasdaq earnings calendar');
  if (page.status.rCode !== 200)
    return parseProviderBody(
      z.never(),
      page.status,
      `a Nasdaq earnings calendar (rCode ${page.status.rCode})`,
    );
  return (page.data?.rows ?? []).map((row) => ({
    symbol: row.symbol.trim().toUpperCase(),
    date,
    time: TIMES[row.time] ?? 'not-supplied',
  }));
}

export function nasdaqEarningsUrl(baseUrl: string, date: string): string {
  const url = new URL('/api/calendar/earnings', baseUrl);
  url.searchParams.set('date', date);
  return url.toString();
}
