/**
 * The earnings calendar from the stage's provider (EARNINGS_PROVIDER: simulated, fmp or nasdaq),
 * laid over the simulated calendar (shared/src/market/earnings.ts) for the scanner's earnings
 * flags, the surface's earnings moves and the forecast. The provider's calendar of the next
 * EARNINGS_DAYS_AHEAD New York trading days is read per container, kept EARNINGS_REFRESH_SECONDS
 * (default six hours), then read again: Financial Modeling Prep's documented API in one request
 * for the range (its key in the fmpApiKey secret), or Nasdaq's undocumented one a request per
 * day. A day the provider fails to answer is not covered (the simulated calendar stands for it);
 * when every day fails, the last good calendar is kept and marked stale with its age; with none,
 * the simulated calendar alone.
 */
import { dayNumberOfIso, isoDateOf, isTradingDay, newYorkTime } from '@shared/market/calendar';
import { useProviderEarnings, type ProviderEarnings } from '@shared/market/earnings';
import {
  EARNINGS_PROVIDERS,
  FeedProviderError,
  providerFromEnv,
  type EarningsProviderName,
  type FeedStale,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import { fmpEarningsUrl, parseFmpEarnings } from '@shared/providers/feeds/fmp-earnings';
import {
  nasdaqEarningsUrl,
  parseNasdaqEarnings,
  type EarningsReport,
} from '@shared/providers/feeds/nasdaq-earnings';
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';
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

/** The days a provider answered for (each with its reports, maybe none) and its first failure. */
export interface EarningsRead {
  pages: { day: number; reports: EarningsReport[] }[];
  failure: string | null;
}

/** A real earnings calendar: reads the reports of the given trading days (ascending). */
export interface EarningsReader {
  provider: Exclude<EarningsProviderName, 'simulated'>;
  read(days: number[]): Promise<EarningsRead>;
}

/** Nasdaq's calendar, a request per day; a day that fails is left out and named. */
export function nasdaqEarningsReader(baseUrl: string, fetchJson: FetchJson): EarningsReader {
  return {
    provider: 'nasdaq',
    read: async (days) => {
      const answers = await Promise.all(
        days.map(async (day) => {
          const date = isoDateOf(day);
          try {
            return {
              day,
              reports: parseNasdaqEarnings(await fetchJson(nasdaqEarningsUrl(baseUrl, date)), date),
            };
          } catch (error) {
            if (!(error instanceof FeedProviderError)) throw error;
            return { day, failure: `Nasdaq ${error.message} (${date})` };
          }
        }),
      );
      return {
        pages: answers.flatMap((a) => (a.reports ? [{ day: a.day, reports: a.reports }] : [])),
        failure: answers.flatMap((a) => (a.failure ? [a.failure] : []))[0] ?? null,
      };
    },
  };
}

/**
 * FMP's calendar, one request for the whole range: every day of it is covered when FMP answers,
 * none when it fails. A report dated on a day the market is shut (a weekend) counts on the next
 * trading day, the first open it can move.
 */
export function fmpEarningsReader(
  baseUrl: string,
  fetchJson: FetchJson,
  apiKey: () => Promise<string | undefined> = () => readSecret('fmpApiKey'),
): EarningsReader {
  return {
    provider: 'fmp',
    read: async (days) => {
      const [first, last] = [days[0], days.at(-1)];
      if (first === undefined || last === undefined) return { pages: [], failure: null };
      const range = `${isoDateOf(first)} to ${isoDateOf(last)}`;
      try {
        const key = await apiKey();
        if (!key) throw new FeedProviderError('has no API key here (the FMP API key is not set)');
        const reports = parseFmpEarnings(
          await fetchJson(fmpEarningsUrl(baseUrl, key, isoDateOf(first), isoDateOf(last))),
        );
        const pages = new Map(days.map((day) => [day, [] as EarningsReport[]]));
        for (const report of reports) {
          let day = dayNumberOfIso(report.date);
          while (!isTradingDay(day)) day += 1;
          pages.get(day)?.push(report);
        }
        return { pages: [...pages].map(([day, list]) => ({ day, reports: list })), failure: null };
      } catch (error) {
        if (!(error instanceof FeedProviderError)) throw error;
        return { pages: [], failure: `FMP ${error.message} (${range})` };
      }
    },
  };
}

export interface EarningsStatus {
  provider: Exclude<EarningsProviderName, 'simulated'>;
  fetchedAt: Date | null;
  /** Days read (of EARNINGS_DAYS_AHEAD) and the first failure, when any day failed. */
  coveredDays: number;
  stale: FeedStale | null;
}

export class LastGoodEarnings {
  private kept: { calendar: ProviderEarnings; fetchedAt: Date } | null = null;
  private failure: string | null = null;

  constructor(
    private readonly reader: EarningsReader,
    private readonly marketNow: () => Date,
    private readonly now: () => Date = () => new Date(),
    private readonly freshMs = EARNINGS_FRESH_MS,
  ) {}

  /** Reads the calendar when the kept one is older than `freshMs`, and lays it over the simulated one. */
  async refresh(): Promise<EarningsStatus> {
    const now = this.now();
    if (!this.kept || now.getTime() - this.kept.fetchedAt.getTime() >= this.freshMs) {
      const { pages, failure } = await this.reader.read(
        tradingDaysFrom(newYorkTime(this.marketNow()).dayNumber),
      );
      this.failure = failure;
      if (pages.length > 0)
        this.kept = { calendar: providerCalendar(this.reader.provider, pages), fetchedAt: now };
    }
    useProviderEarnings(this.kept?.calendar ?? null);
    const ageSeconds = this.kept ? Math.floor((now.getTime() - this.kept.fetchedAt.getTime()) / 1000) : 0;
    return {
      provider: this.reader.provider,
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
  const provider = providerFromEnv(EARNINGS_PROVIDERS, runtimeEnv.earningsProvider, env);
  if (provider === 'simulated') return null;
  return new LastGoodEarnings(
    provider === 'fmp'
      ? fmpEarningsReader(env[runtimeEnv.fmpBaseUrl] ?? 'https://financialmodelingprep.com', feedFetchJson())
      : nasdaqEarningsReader(env[runtimeEnv.nasdaqBaseUrl] ?? 'https://api.nasdaq.com', feedFetchJson()),
    marketNow,
    () => new Date(),
    secondsFromEnv(runtimeEnv.earningsRefreshSeconds, EARNINGS_FRESH_MS, env),
  );
}
