/**
 * The recorded Treasury par yield curve (tests/fixtures/providers/treasury, SOURCES.md) for stand-ins:
 * the recorded yearly CSVs by year, and the path the adapter asks a year at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { treasuryCsvUrl } from '@shared/providers/rates/treasury';

const dir = new URL('../fixtures/providers/treasury/', import.meta.url);

/** Each recorded (not hand-written) yearly CSV, by the year of its rows. */
export const recordedTreasuryYears: ReadonlyMap<number, string> = new Map(
  readdirSync(dir)
    .filter((name) => name.endsWith('.csv') && !name.includes('.handwritten.'))
    .map((name) => {
      const body = readFileSync(new URL(name, dir), 'utf8');
      return [Number(/\n\d{2}\/\d{2}\/(\d{4}),/.exec(body)![1]), body] as const;
    }),
);

/** The path and query the adapter asks `year` at (any base). */
export const treasuryPath = (year: number) => {
  const url = new URL(treasuryCsvUrl('http://stand-in', year));
  return `${url.pathname}${url.search}`;
};

/** The recorded CSV a request path asks for, or undefined (not the Treasury's path, or a year not recorded). */
export function recordedTreasuryAnswer(path: string): string | undefined {
  for (const [year, body] of recordedTreasuryYears) if (path === treasuryPath(year)) return body;
  return undefined;
}

/**
 * A TREASURY_BASE_URL nothing listens on (refused at once): for runtimes on recordings of a day
 * with no recorded curve, which then price at the fixed rate and say so, without asking the network.
 */
export const NO_TREASURY = 'http://127.0.0.1:1';
