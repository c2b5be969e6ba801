/**
 * A symbol's real daily history (docs/decisions/real-iv-history.md), one small object per symbol in
 * the chain snapshot's store, `history/<SYMBOL>.json`, kept without expiry (rewritten, never
 * piling up): the provider's daily closes (fetched by the chain snapshot job at most once a
 * session day, so a new stage is not blind), the closes the job recorded itself, and the 30-day
 * at-the-money IV of each session's closing chain (./real-iv). A real chain's forecast
 * (../../options/forecast realHistoryForecast) and IV rank read it. Pure: schema, keys, the
 * providers' daily bars parsed, merging; the fetch and the store are in lambdas/market.
 *
 *   CBOE     GET {base}/api/global/delayed_quotes/charts/historical/{SYMBOL}.json (no key; indexes
 *            with the underscore): {"data":[{"date","open","high","low","close","volume"}]}
 *   Polygon  GET {base}/v2/aggs/ticker/{T}/range/1/day/{from}/{to}?adjusted=true&sort=asc&limit=50000
 *            (the key): {"results":[{"t" (ms, the New York session day's midnight),"o","h","l","c","v"}]}
 */
import * as z from 'zod';
import { isoDateOf, newYorkTime } from '../../market/calendar';
import { CHAIN_PROVIDERS, ChainProviderError, type ChainProviderName, type FetchJson } from '../chains/chain';
import { cboeSymbol } from '../chains/cboe';
import { REAL_IV_SESSIONS_KEPT } from './real-iv';

/** Daily closes kept per symbol: the forecast's long-run window (1,260 sessions, five years) and a margin. */
export const HISTORY_CLOSES_KEPT = 1300;
/** Calendar days of daily bars asked of Polygon (five years and a margin; CBOE sends what it has). */
export const HISTORY_FETCH_DAYS = 1900;

export const HISTORY_PREFIX = 'history/';
export const historyKey = (symbol: string) => `${HISTORY_PREFIX}${symbol.toUpperCase()}.json`;

const isoDay = z.iso.date();

export const dailyCloseSchema = z.object({ day: isoDay, close: z.number().positive() });
export type DailyClose = z.infer<typeof dailyCloseSchema>;

export const recordedIvSchema = z.object({
  day: isoDay,
  iv: z.number().positive(),
  /** `engine`: solved here from the closing chain's own quotes (./real-iv atm30Iv). */
  source: z.literal('engine'),
});
export type RecordedIv = z.infer<typeof recordedIvSchema>;

export const dailyHistorySchema = z.object({
  symbol: z.string().min(1),
  provider: z.enum(CHAIN_PROVIDERS),
  updatedAt: z.iso.datetime(),
  /** The session day (New York) the provider's daily bars were last asked for; null when never. */
  fetchedDay: isoDay.nullable(),
  /** Why the last ask failed (the bars kept are older); null when it did not. */
  fetchError: z.string().nullable(),
  /** Daily closes, oldest first, one per session day (the provider's bar wins over a recorded close). */
  closes: z.array(dailyCloseSchema),
  /** The closing chains' IV30, oldest first, one per session day. */
  iv: z.array(recordedIvSchema),
});
export type DailyHistory = z.infer<typeof dailyHistorySchema>;

/** A stored history read back, or null when the body is not one. */
export function parseDailyHistory(body: string): DailyHistory | null {
  try {
    const parsed = dailyHistorySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function emptyHistory(symbol: string, provider: ChainProviderName, at: Date): DailyHistory {
  return {
    symbol: symbol.toUpperCase(),
    provider,
    updatedAt: at.toISOString(),
    fetchedDay: null,
    fetchError: null,
    closes: [],
    iv: [],
  };
}

/** Rows by day, later rows replacing earlier ones of the same day, oldest first, the last `kept`. */
function byDay<T extends { day: string }>(rows: readonly T[], kept: number): T[] {
  const days = new Map<string, T>();
  for (const row of rows) days.set(row.day, row);
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)).slice(-kept);
}

/**
 * The history with the provider's daily bars merged in: a day the provider has takes its close
 * (the official one); the closes the job recorded fill the days it does not have yet.
 */
export function withProviderCloses(history: DailyHistory, bars: readonly DailyClose[]): DailyHistory {
  return { ...history, closes: byDay([...history.closes, ...bars], HISTORY_CLOSES_KEPT) };
}

/**
 * The history with one session's recorded close and IV30 (either may be absent); a close the
 * provider already sent for that day is kept.
 */
export function withSession(
  history: DailyHistory,
  day: string,
  close: number | null,
  iv: number | null,
): DailyHistory {
  return {
    ...history,
    closes:
      close === null || history.closes.some((c) => c.day === day)
        ? history.closes
        : byDay([...history.closes, { day, close }], HISTORY_CLOSES_KEPT),
    iv:
      iv === null ? history.iv : byDay([...history.iv, { day, iv, source: 'engine' }], REAL_IV_SESSIONS_KEPT),
  };
}

const cboeHistorySchema = z.object({
  data: z.array(
    z.object({
      date: isoDay,
      close: z.union([z.number(), z.string()]),
    }),
  ),
});

export function cboeHistoryUrl(baseUrl: string, symbol: string): string {
  return new URL(
    `/api/global/delayed_quotes/charts/historical/${cboeSymbol(symbol)}.json`,
    baseUrl,
  ).toString();
}

/** CBOE's daily bars: each day's close (a close of 0 or not a number, CBOE's "none", left out). */
export function parseCboeHistory(body: unknown): DailyClose[] {
  const parsed = cboeHistorySchema.safeParse(body);
  if (!parsed.success) throw new ChainProviderError('sent a daily history that is not in CBOE’s layout');
  return byDay(
    parsed.data.data.flatMap((d) => {
      const close = Number(d.close);
      return Number.isFinite(close) && close > 0 ? [{ day: d.date, close }] : [];
    }),
    Infinity,
  );
}

const polygonAggsSchema = z.object({
  results: z.array(z.object({ t: z.number(), c: z.number() })).optional(),
});

export function polygonHistoryUrl(baseUrl: string, symbol: string, to: Date): string {
  const from = new Date(to.getTime() - HISTORY_FETCH_DAYS * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const path = `/v2/aggs/ticker/${encodeURIComponent(symbol.toUpperCase())}/range/1/day/${day(from)}/${day(to)}`;
  const url = new URL(path, baseUrl);
  url.search = new URLSearchParams({ adjusted: 'true', sort: 'asc', limit: '50000' }).toString();
  return url.toString();
}

/** Polygon's daily aggregates: each bar's close on its New York session day. */
export function parsePolygonAggs(body: unknown): DailyClose[] {
  const parsed = polygonAggsSchema.safeParse(body);
  if (!parsed.success) throw new ChainProviderError('sent daily aggregates that are not in Polygon’s layout');
  return byDay(
    (parsed.data.results ?? []).flatMap((bar) =>
      bar.c > 0 ? [{ day: isoDateOf(newYorkTime(new Date(bar.t)).dayNumber), close: bar.c }] : [],
    ),
    Infinity,
  );
}

/** Where a stage's real daily history comes from. */
export interface HistoryProvider {
  readonly name: ChainProviderName;
  daily(symbol: string, now: Date): Promise<DailyClose[]>;
}

export function cboeHistoryProvider(baseUrl: string, fetchJson: FetchJson): HistoryProvider {
  return {
    name: 'cboe',
    daily: async (symbol) => parseCboeHistory(await fetchJson(cboeHistoryUrl(baseUrl, symbol))),
  };
}

export function polygonHistoryProvider(baseUrl: string, fetchJson: FetchJson): HistoryProvider {
  return {
    name: 'polygon',
    daily: async (symbol, now) => parsePolygonAggs(await fetchJson(polygonHistoryUrl(baseUrl, symbol, now))),
  };
}
