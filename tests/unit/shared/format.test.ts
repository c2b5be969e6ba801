import { describe, expect, it } from 'vitest';
import { calendarDay, isValidTimeZone, startOfDay } from '@shared/format/calendar-day';
import { activityRelativeTime, newsRelativeTime } from '@shared/format/relative-time';
import { formatVolume } from '@shared/format/volume';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('newsRelativeTime', () => {
  it("is 'Just now' under an hour (and for future times)", () => {
    expect(newsRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(newsRelativeTime(ago(HOUR - 1), NOW)).toBe('Just now');
    expect(newsRelativeTime(ago(-5 * MINUTE), NOW)).toBe('Just now');
  });

  it("is '{n}h ago' in whole hours under a day", () => {
    expect(newsRelativeTime(ago(HOUR), NOW)).toBe('1h ago');
    expect(newsRelativeTime(ago(2 * HOUR + 59 * MINUTE), NOW)).toBe('2h ago');
    expect(newsRelativeTime(ago(24 * HOUR - 1), NOW)).toBe('23h ago');
  });

  it('is a date from 24 hours on, in the given zone', () => {
    expect(newsRelativeTime(ago(24 * HOUR), NOW, 'UTC')).toBe('Mar 9, 2025');
    expect(newsRelativeTime('2025-03-01T02:00:00.000Z', NOW, 'America/New_York')).toBe('Feb 28, 2025');
  });

  it('accepts Date and epoch milliseconds', () => {
    expect(newsRelativeTime(new Date(NOW.getTime() - 3 * HOUR), NOW)).toBe('3h ago');
    expect(newsRelativeTime(NOW.getTime() - 5 * HOUR, NOW)).toBe('5h ago');
  });
});

describe('activityRelativeTime', () => {
  it("is 'Just now' under a minute and '{n}m ago' under an hour", () => {
    expect(activityRelativeTime(ago(59 * SECOND), NOW)).toBe('Just now');
    expect(activityRelativeTime(ago(MINUTE), NOW)).toBe('1m ago');
    expect(activityRelativeTime(ago(59 * MINUTE + 59 * SECOND), NOW)).toBe('59m ago');
  });

  it('goes on in hours and days past an hour', () => {
    expect(activityRelativeTime(ago(HOUR), NOW)).toBe('1h ago');
    expect(activityRelativeTime(ago(25 * HOUR), NOW)).toBe('1d ago');
    expect(activityRelativeTime(ago(72 * HOUR), NOW)).toBe('3d ago');
  });
});

describe('formatVolume', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [999.6, '1.0K'],
    [1000, '1.0K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_960, '1.0M'],
    [12_300_000, '12.3M'],
    [12_350_001, '12.4M'],
    [1_234_000_000, '1.2B'],
    [5e12, '5000.0B'],
    [-1500, '-1.5K'],
    [Number.NaN, '--'],
  ])('%d is %s', (volume, text) => {
    expect(formatVolume(volume)).toBe(text);
  });
});

describe('calendarDay', () => {
  it('is the date in the given zone', () => {
    const instant = new Date('2025-03-11T02:00:00.000Z');
    expect(calendarDay(instant)).toBe('2025-03-11');
    expect(calendarDay(instant, 'America/New_York')).toBe('2025-03-10');
    expect(calendarDay(new Date('2025-03-10T23:30:00.000Z'), 'Asia/Tokyo')).toBe('2025-03-11');
  });

  it('tells known zones from unknown ones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('startOfDay', () => {
  it.each([
    // [day, zone, the first instant of that day there: its UTC offset at midnight, by hand]
    ['2026-11-03', 'UTC', '2026-11-03T00:00:00.000Z'],
    ['2026-11-03', 'America/New_York', '2026-11-03T05:00:00.000Z'], // EST, UTC-5
    ['2026-07-01', 'America/New_York', '2026-07-01T04:00:00.000Z'], // EDT, UTC-4
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // clocks change at 02:00, after midnight
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'], // still EDT at midnight
    ['2026-11-03', 'Asia/Tokyo', '2026-11-02T15:00:00.000Z'], // UTC+9: the day starts the evening before in UTC
    ['2026-03-29', 'Europe/London', '2026-03-29T00:00:00.000Z'], // BST starts at 01:00
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'], // no 00:00 that day: 01:00 -03
  ])('%s in %s starts at %s', (day, zone, instant) => {
    expect(startOfDay(day, zone)).toBe(instant);
    // The instant is on that day in the zone, and a millisecond earlier is the day before.
    expect(calendarDay(new Date(instant), zone)).toBe(day);
    expect(calendarDay(new Date(Date.parse(instant) - 1), zone)).not.toBe(day);
  });
});
