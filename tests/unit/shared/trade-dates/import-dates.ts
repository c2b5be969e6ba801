/**
 * The date rule (docs/decisions/trade-dates-in-the-market-zone.md), checked from a process whose
 * own time zone is `zone`: each test file sets process.env.TZ and runs these.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTradesCsv, tradesToCsv } from '@shared/trades/csv';
import { TRADE_TIME_ZONE, tradeDay, tradeDayInstant } from '@shared/trades/dates';
import { todayPnl } from '@shared/trades/pnl';
import type { Trade } from '@shared/trades/schemas';
import { formatDay, localDay } from '../../../../frontend/src/features/journal/utils/format';
import { dayToInstant } from '../../../../frontend/src/features/journal/utils/trade-dates';

export function importDateTests(zone: string, novemberOffsetMinutes: number) {
  describe(`trade dates read from a process in ${zone}`, () => {
    it('runs in that zone (the test would prove nothing otherwise)', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(new Date(2026, 10, 3, 12).getTimezoneOffset()).toBe(novemberOffsetMinutes);
    });

    it('an imported row dated 2026-11-03 stays on Nov 3: in the table, the export and the edit form', () => {
      const parsed = parseTradesCsv('Date,Ticker,Strategy,Entry Price\n2026-11-03,SPY,Long Call,1.50\n');
      expect(parsed.errors).toEqual([]);
      const openedAt = parsed.candidates[0]!.trade.opened_at!;
      // Noon in New York that day.
      expect(openedAt).toBe('2026-11-03T17:00:00.000Z');
      expect(tradeDay(openedAt)).toBe('2026-11-03');
      expect(formatDay(localDay(openedAt))).toBe('Nov 3, 2026');
      const trade = { ...parsed.candidates[0]!.trade, opened_at: openedAt } as unknown as Trade;
      const exported = tradesToCsv([{ ...trade, closed_at: null, pnl: null } as Trade], TRADE_TIME_ZONE);
      expect(exported.split('\r\n')[1]!.startsWith('2026-11-03,SPY,')).toBe(true);
      // The edit form's day reads back as the same instant's day.
      const now = new Date('2026-11-27T15:00:00Z');
      expect(localDay(dayToInstant('2026-11-03', 'open', now)!)).toBe('2026-11-03');
      expect(localDay(dayToInstant('2026-11-03', 'close', now)!)).toBe('2026-11-03');
    });

    it('a day either side of a daylight-saving change keeps its date', () => {
      for (const day of ['2026-03-08', '2026-11-01', '2026-12-31', '2027-01-01']) {
        expect(tradeDay(tradeDayInstant(day, 'open')!)).toBe(day);
        expect(tradeDay(tradeDayInstant(day, 'close')!)).toBe(day);
      }
    });

    it('a closed row without a close date closes on its own date, never on the day of the import', () => {
      const parsed = parseTradesCsv(
        'Date,Ticker,Strategy,Entry Price,Exit Price\n2026-11-03,SPY,Long Call,1.50,8.53\n',
      );
      const row = parsed.candidates[0]!.trade;
      expect(tradeDay(row.closed_at!)).toBe('2026-11-03');
      // Imported on Nov 27: nothing closed today.
      const stored = { ...row, created_at: '2026-11-27T14:00:00Z', updated_at: '2026-11-27T14:00:00Z' };
      expect(todayPnl([stored as never], new Date('2026-11-27T15:00:00Z'), TRADE_TIME_ZONE)).toBe(0);
    });

    it('a closed row with no date at all is refused, by its row and column', () => {
      const parsed = parseTradesCsv('Ticker,Strategy,Entry Price,Exit Price\nSPY,Long Call,1.50,8.53\n');
      expect(parsed.candidates).toEqual([]);
      expect(parsed.errors).toEqual([
        { line: 2, field: 'Closed At', message: expect.stringContaining('needs a date') },
      ]);
    });

    it('a time written with its offset is kept as that instant', () => {
      const parsed = parseTradesCsv(
        'Ticker,Strategy,Entry Price,Opened At\nSPY,Long Call,1.50,2026-11-03T15:45:00-05:00\n',
      );
      expect(new Date(parsed.candidates[0]!.trade.opened_at!).toISOString()).toBe('2026-11-03T20:45:00.000Z');
    });

    it("an Interactive Brokers Flex Query's New York times keep their days (the recorded statement)", () => {
      const parsed = parseTradesCsv(
        readFileSync(
          join(process.cwd(), 'tests/fixtures/brokers/ibkr/flex-options-2017.ibflexreporter.xml'),
          'utf8',
        ),
      );
      const f = parsed.candidates.find((c) => c.row === 21)!.trade;
      // tradeDate 20170103 tradeTime 133511 (EST); expired 20170113 162000
      expect([f.opened_at, f.closed_at]).toEqual(['2017-01-03T18:35:11.000Z', '2017-01-13T21:20:00.000Z']);
      expect([tradeDay(f.opened_at!), tradeDay(f.closed_at!)]).toEqual(['2017-01-03', '2017-01-13']);
      expect(formatDay(localDay(f.opened_at!))).toBe('Jan 3, 2017');
      // 2017-06-02 13:14:20 (EDT) closes one put and opens the next
      const su = parsed.candidates.find((c) => c.row === 73)!.trade;
      expect([su.opened_at, tradeDay(su.opened_at!)]).toEqual(['2017-06-02T17:14:20.000Z', '2017-06-02']);
    });
  });
}
