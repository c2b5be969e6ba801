/**
 * The risk-free rate curve real chains are priced with: the US Treasury's Daily Par Yield Curve
 * Rates, no key, one CSV per calendar year:
 *   GET {base}/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/{year}/all
 *       ?type=daily_treasury_yield_curve&field_tdr_date_value={year}&page&_format=csv
 * `Date,"1 Mo","2 Mo",...,"30 Yr"`, newest row first, dates MM/DD/YYYY, yields in percent
 * (bond-equivalent, semi-annual). The tenors vary by year ("1.5 Month", "4 Mo" and "6 Wk" come and
 * go) and a cell may be empty (that tenor not quoted that day: left out, never 0).
 *
 * A curve is the row of one day; its rate at T years is the par yields made continuous,
 * 2·ln(1 + y/2), interpolated linearly in years between tenors, flat beyond the ends. Pure but for
 * fetchTreasuryCurve, which asks through an injected fetch.
 */
import Papa from 'papaparse';
import * as z from 'zod';
import { dayNumberOfIso, isoDateOf } from '../../market/calendar';
import { TREASURY_SOURCE, type RateSource } from './rate-source';

export const TREASURY_BASE_URL = 'https://home.treasury.gov';
export { TREASURY_SOURCE, rateSourceSchema, type RateSource } from './rate-source';

/** The body was not the Treasury's par yield curve CSV, or the request failed. */
export class RateProviderError extends Error {
  override name = 'RateProviderError';
}

/** Fetches a URL's body as text; throws on a failed request. Injected, so tests and replays serve recorded bodies. */
export type FetchText = (url: string) => Promise<string>;

export const curvePointSchema = z.object({
  /** The tenor in years (1 Mo = 1/12). */
  years: z.number().positive(),
  /** The par yield in percent, as published (5.47 = 5.47 %). */
  parYield: z.number().gt(-5).lt(50),
});

/** One day's curve, as stored beside the chain snapshots (`rates/treasury.json`). */
export const treasuryCurveSchema = z.object({
  source: z.literal(TREASURY_SOURCE),
  /** The curve's own day (YYYY-MM-DD, New York). */
  day: z.iso.date(),
  /** By tenor, shortest first. */
  points: z.array(curvePointSchema).min(1),
});
export type TreasuryCurve = z.infer<typeof treasuryCurveSchema>;

export function treasuryCsvUrl(baseUrl: string, year: number): string {
  const url = new URL(
    `/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/${year}/all`,
    baseUrl,
  );
  return `${url.toString()}?type=daily_treasury_yield_curve&field_tdr_date_value=${year}&page&_format=csv`;
}

const UNIT_YEARS: Record<string, number> = { wk: 7 / 365, mo: 1 / 12, yr: 1 };

/** A column label's tenor in years (`1 Mo`, `1.5 Month`, `6 Wk`, `30 Yr`), or null for another column. */
export function tenorYears(label: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(wk|week|weeks|mo|month|months|yr|year|years)\s*$/i.exec(label);
  if (!m) return null;
  const unit = m[2]!.toLowerCase().startsWith('w') ? 'wk' : m[2]!.toLowerCase().startsWith('m') ? 'mo' : 'yr';
  return Number(m[1]) * UNIT_YEARS[unit]!;
}

/** MM/DD/YYYY (the Treasury's) to YYYY-MM-DD; null when it is not a real date. */
function isoDay(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  const day = dayNumberOfIso(iso);
  return Number.isFinite(day) && isoDateOf(day) === iso ? iso : null;
}

const cellSchema = z.union([z.literal(''), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/** Every day's curve in a yearly CSV body, newest first; RateProviderError when it is not one. */
export function parseTreasuryCsv(body: unknown): TreasuryCurve[] {
  if (typeof body !== 'string' || body.trim() === '')
    throw new RateProviderError('sent an empty body, not the par yield curve CSV');
  const parsed = Papa.parse<string[]>(body.replace(/^\uFEFF/, '').trim(), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header || header[0]?.trim() !== 'Date')
    throw new RateProviderError('sent a body that is not the par yield curve CSV (no Date column)');
  const tenors = header.map((label, i) => (i === 0 ? null : tenorYears(label)));
  if (tenors.filter((t) => t !== null).length < 2)
    throw new RateProviderError('sent a CSV without the par curve’s tenor columns');
  const curves: TreasuryCurve[] = [];
  for (const row of rows) {
    const day = isoDay(row[0] ?? '');
    if (!day || row.length !== header.length)
      throw new RateProviderError(`sent a row that is not a dated curve: ${row.join(',').slice(0, 80)}`);
    const points = row.flatMap((cell, i) => {
      const years = tenors[i];
      if (years === null || years === undefined) return [];
      const value = cellSchema.safeParse(cell.trim());
      if (!value.success) throw new RateProviderError(`sent a yield that is not a number on ${day}: ${cell}`);
      return value.data === '' ? [] : [{ years, parYield: Number(value.data) }];
    });
    if (points.length === 0) continue;
    const curve = treasuryCurveSchema.safeParse({
      source: TREASURY_SOURCE,
      day,
      points: points.sort((a, b) => a.years - b.years),
    });
    if (!curve.success) throw new RateProviderError(`sent an implausible curve on ${day}`);
    curves.push(curve.data);
  }
  if (curves.length === 0) throw new RateProviderError('sent a par yield curve CSV without a curve');
  return curves.sort((a, b) => b.day.localeCompare(a.day));
}

/** The newest curve on or before `day` (YYYY-MM-DD; a weekend or holiday takes the session before), or null. */
export function curveOn(curves: readonly TreasuryCurve[], day: string): TreasuryCurve | null {
  let best: TreasuryCurve | null = null;
  for (const c of curves) if (c.day <= day && (!best || c.day > best.day)) best = c;
  return best;
}

/** A par yield in percent (bond-equivalent, semi-annual) as a continuous rate: 2·ln(1 + y/2). */
export function continuousRate(parYieldPercent: number): number {
  return 2 * Math.log(1 + parYieldPercent / 200);
}

/** The curve's continuous rate at `years`: linear between tenors, flat beyond the ends. */
export function rateAt(curve: TreasuryCurve, years: number): number {
  const points = curve.points;
  const first = points[0]!;
  const last = points.at(-1)!;
  if (!(years > first.years)) return continuousRate(first.parYield);
  if (years >= last.years) return continuousRate(last.parYield);
  const i = points.findIndex((p) => p.years >= years);
  const a = points[i - 1]!;
  const b = points[i]!;
  const w = (years - a.years) / (b.years - a.years);
  return (1 - w) * continuousRate(a.parYield) + w * continuousRate(b.parYield);
}

/**
 * The curve of the newest day on or before `day` from the Treasury at `baseUrl`: that year's CSV,
 * and the year before's when the year has no row yet (its first days). RateProviderError when
 * the request fails or no curve is found.
 */
export async function fetchTreasuryCurve(
  baseUrl: string,
  fetchText: FetchText,
  day: string,
): Promise<TreasuryCurve> {
  const year = Number(day.slice(0, 4));
  for (const y of [year, year - 1]) {
    let body: string;
    try {
      body = await fetchText(treasuryCsvUrl(baseUrl, y));
    } catch (error) {
      throw new RateProviderError(
        `the Treasury’s ${y} curve could not be fetched: ${(error as Error).message}`,
      );
    }
    // A year with no row yet is an empty CSV (a header alone): try the year before.
    if (y === year && body.trim().split('\n').length < 2) continue;
    const curve = curveOn(parseTreasuryCsv(body), day);
    if (curve) return curve;
  }
  throw new RateProviderError(`the Treasury sent no curve on or before ${day}`);
}

/** What pricing reads: the rate at a tenor and where it came from. */
export interface RateCurve extends RateSource {
  rateAt(years: number): number;
}

/** The curve pricing reads: the Treasury's when there is one, else the fixed rate, which says so. */
export function pricingCurve(curve: TreasuryCurve | null, fixedRate: number): RateCurve {
  return curve
    ? { source: TREASURY_SOURCE, day: curve.day, rateAt: (years) => rateAt(curve, years) }
    : { source: 'fixed', day: null, rateAt: () => fixedRate };
}

/** Where the chain snapshot job keeps the curve, beside `history/<SYMBOL>.json`. */
export const RATES_KEY = 'rates/treasury.json';

/** The stored curve: the last one the Treasury sent (null: never one), the New York day it was last asked, why that ask failed. */
export const storedRatesSchema = z.object({
  curve: treasuryCurveSchema.nullable(),
  askedDay: z.iso.date(),
  failure: z.string().nullable(),
});
export type StoredRates = z.infer<typeof storedRatesSchema>;

/** A stored body, or null when it is not one (a store's garbage never becomes a rate). */
export function parseStoredRates(body: string): StoredRates | null {
  try {
    const parsed = storedRatesSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The curve source the chain snapshot job and a container's chains read (the Treasury's, or a test's). */
export interface RateProvider {
  /** The curve of the newest day on or before `day`; RateProviderError when there is none. */
  curve(day: string): Promise<TreasuryCurve>;
}

export function treasuryRateProvider(baseUrl: string, fetchText: FetchText): RateProvider {
  return { curve: (day) => fetchTreasuryCurve(baseUrl, fetchText, day) };
}
