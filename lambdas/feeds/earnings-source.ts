/**
 * The earnings calendar from the stage's provider (EARNINGS_PROVIDER: simulated or nasdaq), laid
 * over the simulated calendar (shared/src/market/earnings.ts) for the scanner's earnings flags,
 * the surface's earnings moves and the forecast. Nasdaq's calendar of the next
 * EARNINGS_DAYS_AHEAD New York trading days is read per container, kept EARNINGS_REFRESH_SECONDS
 * (default six hours), then read again. A day Nasdaq fails to answer is not covered (the
 * simulated calendar stands for it); when every day fails, the last good calendar is kept and
 * marked stale with its age; with none, the simulated calendar alone.
 */
import { isoDateOf, isTradingDay, newYorkTime } from '@shared/market/calendar';
import { useProviderEarnings, type ProviderEarnings } from '@shared/market/earnings';
import {
  EARNINGS_PROVIDERS,
  FeedProviderError,
  providerFromEnv,
  type FeedStale,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import {
  nasdaqEarningsUrl,
  parseNasdaqEarnings,
  type EarningsReport,
} from '@shared/providers/feeds/nasdaq-earnings';
import { runtimeEnv } from '@shared/secrets';
import { feedFetchJson, secondsFromEnv } from './provider-fetch';

export const EARNINGS_DAYS_AHEAD = 10;
export const EARNINGS_FRESH_MS = 6 * 60 * 60_000;

/** The next `count` trading days from `today` on (today included when it trades). */
export function tradingDaysFrom(today: number, count = EARNINGS_DAYS_AHEAD): number[] {
  const days: number[] = [];
  for (let day = today; days.length < count; day += 1) if (isTradingDay(day)) days.push(day);
  return days;
}

/**
 * The day a report moves the stock's open: the day itself before the open (or unsaid), the next
 * trading day after the close.
 */
export function reportDayOf(report: EarningsReport, dayNumber: number): number {
  if (report.time !== 'after-close') return dayNumber;
  let next = dayNumber + 1;
  while (!isTradingDay(next)) next += 1;
  return next;
}

/** The calendar of the days that answered: reports per symbol, ascending. */
export function providerCalendar(
  provider: string,
  pages: { day: number; reports: EarningsReport[] }[],
): ProviderEarnings {
  const reports = new Map<string, number[]>();
  for (const { day, reports: list } of pages)
    for (const report of list)
      reports.set(report.symbol, [...(reports.get(report.symbol) ?? []), reportDayOf(report, day)]);
  for (const days of reports.values()) days.sort((a, b) => a - b);
  return { provider, coveredDays: new Set(pages.map((p) => p.day)), reports };
}

export interface EarningsStatus {
  provider: 'nasdaq';
  fetchedAt: Date | null;
  /** Days read (of EARNINGS_DAYS_AHEAD) and the first failure, when any day failed. */
  coveredDays: number;
  stale: FeedStale | null;
}

export class LastGoodEarnings {
  private kept: { calendar: ProviderEarnings; fetchedAt: Date } | null = null;
  private failure: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchJson: FetchJson,
    private readonly marketNow: () => Date,
    private readonly now: () => Date = () => new Date(),
    private readonly freshMs = EARNINGS_FRESH_MS,
  ) {}

  /** Reads the calendar when the kept one is older than `freshMs`, and lays it over the simulated one. */
  async refresh(): Promise<EarningsStatus> {
    const now = this.now();
    if (!this.kept || now.getTime() - this.kept.fetchedAt.getTime() >= this.freshMs) {
      const days = tradingDaysFrom(newYorkTime(this.marketNow()).dayNumber);
      const answers = await Promise.all(
        days.map(async (day) => {
          try {
            const date = isoDateOf(day);
            return {
              day,
              reports: parseNasdaqEarnings(await this.fetchJson(nasdaqEarningsUrl(this.baseUrl, date)), date),
            };
          } catch (error) {
            if (!(error instanceof FeedProviderError)) throw error;
            return { day, failure: `Nasdaq ${error.message} (${isoDateOf(day)})` };
          }
        }),
      );
      const pages = answers.flatMap((a) => (a.reports ? [{ day: a.day, reports: a.reports }] : []));
      this.failure = answers.flatMap((a) => (a.failure ? [a.failure] : []))[0] ?? null;
      if (pages.length > 0) this.kept = { calendar: providerCalendar('nasdaq', pages), fetchedAt: now };
    }
    useProviderEarnings(this.kept?.calendar ?? null);
    const ageSeconds = this.kept ? Math.floor((now.getTime() - this.kept.fetchedAt.getTime()) / 1000) : 0;
    return {
      provider: 'nasdaq',
      fetchedAt: this.kept?.fetchedAt ?? null,
      coveredDays: this.kept?.calendar.coveredDays.size ?? 0,
      stale: this.failure ? { reason: this.failure, ageSeconds } : null,
    };
  }
}

/** The stage's earnings source, or null for the simulated calendar alone. */
export function configuredEarningsSource(
  marketNow: () => Date,
  env: NodeJS.ProcessEnv = process.env,
): LastGoodEarnings | null {
  if (providerFromEnv(EARNINGS_PROVIDERS, runtimeEnv.earningsProvider, env) === 'simulated') return null;
  return new LastGoodEarnings(
    env[runtimeEnv.nasdaqBaseUrl] ?? 'https://api.nasdaq.com',
    feedFetchJson(),
    marketNow,
    () => new Date(),
    secondsFromEnv(runtimeEnv.earningsRefreshSeconds, EARNINGS_FRESH_MS, env),
  );
}
