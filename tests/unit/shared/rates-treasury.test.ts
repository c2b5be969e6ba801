/**
 * The Treasury par yield curve adapter on the recorded 2024 CSV (tests/fixtures/SOURCES.md: the
 * Treasury's download of 2024-10-08, whole), and on a hand-written body for what the recording
 * lacks (the `1.5 Month` column and an empty cell, labelled `.handwritten.`); garbage bodies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  continuousRate,
  curveOn,
  fetchTreasuryCurve,
  parseTreasuryCsv,
  pricingCurve,
  rateAt,
  RateProviderError,
  tenorYears,
  TREASURY_BASE_URL,
  treasuryCsvUrl,
  type TreasuryCurve,
} from '@shared/providers/rates/treasury';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/providers/treasury/${name}`, import.meta.url), 'utf8');
const recorded = fixture('daily-par-yield-curve-2024.deerfieldgreen.csv');
const handwritten = fixture('daily-par-yield-curve-2025.handwritten.csv');
const curves = parseTreasuryCsv(recorded);

describe('parseTreasuryCsv on the recorded 2024 file', () => {
  it('reads every session, newest first, from 2024-10-08 back to 2024-01-02', () => {
    expect(curves).toHaveLength(194);
    expect(curves[0]!.day).toBe('2024-10-08');
    expect(curves.at(-1)!.day).toBe('2024-01-02');
    expect(curves.map((c) => c.day)).toEqual(
      curves
        .map((c) => c.day)
        .sort()
        .reverse(),
    );
  });

  it('reads the 13 tenors of 2024 in years, shortest first, the yields as published', () => {
    const day = curves.find((c) => c.day === '2024-06-28')!;
    expect(day.points.map((p) => p.years)).toEqual([
      1 / 12,
      2 / 12,
      3 / 12,
      4 / 12,
      6 / 12,
      1,
      2,
      3,
      5,
      7,
      10,
      20,
      30,
    ]);
    // The file's line: 06/28/2024,5.47,5.47,5.48,5.45,5.33,5.09,4.71,4.52,4.33,4.33,4.36,4.61,4.51
    expect(day.points.map((p) => p.parYield)).toEqual([
      5.47, 5.47, 5.48, 5.45, 5.33, 5.09, 4.71, 4.52, 4.33, 4.33, 4.36, 4.61, 4.51,
    ]);
  });
});

describe('curveOn', () => {
  it('takes the day itself when it has a row', () => {
    expect(curveOn(curves, '2024-06-28')!.day).toBe('2024-06-28');
  });

  it('takes the session before on a weekend and on a holiday', () => {
    expect(curveOn(curves, '2024-06-30')!.day).toBe('2024-06-28'); // Sunday
    expect(curveOn(curves, '2024-07-04')!.day).toBe('2024-07-03'); // Independence Day
    expect(curveOn(curves, '2024-12-31')!.day).toBe('2024-10-08'); // after the file's last row
  });

  it('is null before the first row', () => {
    expect(curveOn(curves, '2024-01-01')).toBeNull();
  });
});

describe('tenor labels and empty cells (hand-written body)', () => {
  it('reads Mo, Month, Wk and Yr labels and nothing else', () => {
    expect(tenorYears('1 Mo')).toBeCloseTo(1 / 12, 15);
    expect(tenorYears('1.5 Month')).toBeCloseTo(1.5 / 12, 15);
    expect(tenorYears('6 Wk')).toBeCloseTo(42 / 365, 15);
    expect(tenorYears('30 Yr')).toBe(30);
    expect(tenorYears('Date')).toBeNull();
    expect(tenorYears('LT Composite')).toBeNull();
  });

  it('leaves an empty cell out (never 0) and reads the 1.5 Month column', () => {
    const [tuesday, friday] = parseTreasuryCsv(handwritten);
    expect(tuesday!.points).toHaveLength(14);
    expect(tuesday!.points[1]).toEqual({ years: 1.5 / 12, parYield: 4.41 });
    expect(friday!.day).toBe('2025-02-14');
    expect(friday!.points).toHaveLength(13);
    expect(friday!.points.some((p) => p.years === 1.5 / 12)).toBe(false);
  });
});

describe('rates', () => {
  const day = curveOn(curves, '2024-06-28')!;

  it('converts a par yield to a continuous rate: 2·ln(1 + y/2)', () => {
    expect(continuousRate(5.47)).toBeCloseTo(2 * Math.log(1.02735), 15);
    expect(continuousRate(5.47)).toBeLessThan(0.0547);
  });

  it('interpolates linearly in years between tenors, flat beyond the ends', () => {
    expect(rateAt(day, 1 / 12)).toBeCloseTo(continuousRate(5.47), 15);
    expect(rateAt(day, 1 / 365)).toBe(continuousRate(5.47));
    expect(rateAt(day, 40)).toBe(continuousRate(4.51));
    // 1.5 years: halfway between 1 Yr (5.09) and 2 Yr (4.71).
    expect(rateAt(day, 1.5)).toBeCloseTo((continuousRate(5.09) + continuousRate(4.71)) / 2, 15);
    // 0.3 years: 3 Mo (5.48) to 4 Mo (5.45), 60 % of the way.
    expect(rateAt(day, 0.3)).toBeCloseTo(0.4 * continuousRate(5.48) + 0.6 * continuousRate(5.45), 15);
  });

  it('gives pricing the curve with its day, or the fixed rate saying so', () => {
    expect(pricingCurve(day, 0.0425)).toMatchObject({ source: 'US Treasury par curve', day: '2024-06-28' });
    expect(pricingCurve(day, 0.0425).rateAt(1.5)).toBe(rateAt(day, 1.5));
    const fixed = pricingCurve(null, 0.0425);
    expect(fixed).toMatchObject({ source: 'fixed', day: null });
    expect(fixed.rateAt(2)).toBe(0.0425);
  });
});

describe('garbage bodies', () => {
  const header = 'Date,"1 Mo","2 Mo","3 Mo"';
  it.each([
    ['an empty body', ''],
    ['a JSON body', { data: [] }],
    ['an HTML page', '<!DOCTYPE html><html><body>Maintenance</body></html>'],
    ['a CSV without a Date column', 'Day,"1 Mo","2 Mo"\n06/28/2024,5.47,5.47'],
    ['a CSV without tenors', 'Date,Foo,Bar\n06/28/2024,1,2'],
    ['a header alone', header],
    ['a row with a bad date', `${header}\n2024/06/28,5.47,5.47,5.48`],
    ['a row with an impossible date', `${header}\n02/30/2024,5.47,5.47,5.48`],
    ['a row with a text yield', `${header}\n06/28/2024,5.47,N/A,5.48`],
    ['a row with a missing cell', `${header}\n06/28/2024,5.47,5.48`],
    ['an implausible yield', `${header}\n06/28/2024,5.47,547,5.48`],
  ])('rejects %s with a RateProviderError', (_, body) => {
    expect(() => parseTreasuryCsv(body)).toThrow(RateProviderError);
  });
});

describe('fetchTreasuryCurve', () => {
  const url2024 = treasuryCsvUrl(TREASURY_BASE_URL, 2024);

  it('asks the documented yearly CSV URL', () => {
    expect(url2024).toBe(
      'https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2024/all?type=daily_treasury_yield_curve&field_tdr_date_value=2024&page&_format=csv',
    );
  });

  it('returns the curve of the day on or before the one asked', async () => {
    const asked: string[] = [];
    const curve: TreasuryCurve = await fetchTreasuryCurve(
      TREASURY_BASE_URL,
      async (url) => {
        asked.push(url);
        return recorded;
      },
      '2024-06-29',
    );
    expect(curve.day).toBe('2024-06-28');
    expect(asked).toEqual([url2024]);
  });

  it('asks the year before when the year has no row yet', async () => {
    const asked: string[] = [];
    const curve = await fetchTreasuryCurve(
      TREASURY_BASE_URL,
      async (url) => {
        asked.push(url);
        return url === url2024 ? recorded : 'Date,"1 Mo","2 Mo"\n';
      },
      '2025-01-01',
    );
    expect(curve.day).toBe('2024-10-08');
    expect(asked).toEqual([treasuryCsvUrl(TREASURY_BASE_URL, 2025), url2024]);
  });

  it('says a failed request as a RateProviderError', async () => {
    await expect(
      fetchTreasuryCurve(
        TREASURY_BASE_URL,
        async () => Promise.reject(new Error('answered 503')),
        '2024-06-28',
      ),
    ).rejects.toThrow(/2024 curve could not be fetched: answered 503/);
  });
});
