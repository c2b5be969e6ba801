/**
 * Issue 23: the feeds of things that trade live on the NYSE calendar. Market alerts and dark pool
 * prints are stamped only inside a regular session (early closes end at 13:00); chatter runs every
 * day; trend alerts outside a session are only news or chatter. Property-tested over random
 * instants of 2020-2027, and pinned on the instants testers reported (Thanksgiving evening).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedItemsBetween, generateFeedItem, latestFeedItems } from '@shared/feeds/generate';
import type { FeedName } from '@shared/feeds/schemas';
import { arrivalsBetween, previousArrival } from '@shared/feeds/timeline';
import { isInSession } from '@shared/market/calendar';
import { quoteAt } from '@shared/market/quotes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = Date.parse('2020-06-01T00:00:00Z');
const TO = Date.parse('2027-12-31T00:00:00Z');
const inSession = (iso: string) => isInSession(new Date(iso));
const THANKSGIVING_EVENING = Date.parse('2026-11-26T22:30:00Z');

describe('feeds on the market calendar', () => {
  it.each(['alerts', 'darkpool'] as FeedName[])(
    '%s: nothing stamped outside a session, at any instant (property)',
    (feed) => {
      fc.assert(
        fc.property(fc.integer({ min: FROM, max: TO }), (t) => {
          const item = generateFeedItem(feed, t);
          if (!isInSession(new Date(t))) expect(item).toBeNull();
          const window = feedItemsBetween(feed, t - 20 * MINUTE, t);
          for (const each of window) expect(inSession(each.timestamp)).toBe(true);
          for (const time of arrivalsBetween(feed, t - 20 * MINUTE, t))
            expect(isInSession(new Date(time))).toBe(true);
        }),
        { numRuns: 150 },
      );
    },
  );

  it('a feed started on a holiday evening holds the last session’s items, none on the holiday', () => {
    for (const feed of ['alerts', 'darkpool'] as const) {
      const seeded = latestFeedItems(feed, THANKSGIVING_EVENING, 12);
      expect(seeded).toHaveLength(12);
      for (const item of seeded) {
        expect(inSession(item.timestamp)).toBe(true);
        expect(item.timestamp < '2026-11-25T21:00:00.000Z').toBe(true); // Wednesday's close
      }
      expect(feedItemsBetween(feed, THANKSGIVING_EVENING - 12 * HOUR, THANKSGIVING_EVENING)).toEqual([]);
    }
  });

  it('the day after Thanksgiving trades 09:30-13:00 only', () => {
    const open = Date.parse('2026-11-27T14:30:00Z');
    const earlyClose = Date.parse('2026-11-27T18:00:00Z');
    const prints = feedItemsBetween('darkpool', open - HOUR, earlyClose + 3 * HOUR);
    expect(prints.length).toBeGreaterThan(100);
    expect(prints.every((p) => Date.parse(p.timestamp) >= open && Date.parse(p.timestamp) < earlyClose)).toBe(
      true,
    );
  });

  it('a print is at its ticker’s price of that minute (the model’s intraday path, not the close)', () => {
    const prints = feedItemsBetween(
      'darkpool',
      Date.parse('2026-11-27T15:00:00Z'),
      Date.parse('2026-11-27T17:55:00Z'),
    );
    for (const print of prints.slice(0, 60))
      expect(print.price).toBe(Number(quoteAt(print.ticker, new Date(print.timestamp)).price));
    const close = Number(quoteAt('SPY', new Date('2026-11-27T18:30:00Z')).price);
    const spy = prints.filter((p) => p.ticker === 'SPY');
    expect(spy.length).toBeGreaterThan(2);
    expect(spy.some((p) => p.price !== close)).toBe(true);
  });

  it('chatter runs every day; trend alerts off-session are news or social only', () => {
    const chatter = feedItemsBetween('chatter', THANKSGIVING_EVENING - HOUR, THANKSGIVING_EVENING);
    expect(chatter.length).toBeGreaterThan(40);
    const trends = feedItemsBetween('trends', THANKSGIVING_EVENING - 6 * HOUR, THANKSGIVING_EVENING);
    for (const alert of trends) expect(['news', 'social']).toContain(alert.alertType);
  });

  it('the previous arrival of a session’s first item is the last session’s last, across a holiday', () => {
    const [first] = arrivalsBetween(
      'darkpool',
      Date.parse('2026-11-27T14:00:00Z'),
      Date.parse('2026-11-27T15:00:00Z'),
    );
    const previous = previousArrival('darkpool', first!);
    expect(new Date(previous).toISOString() < '2026-11-25T21:00:00.000Z').toBe(true);
    expect(isInSession(new Date(previous))).toBe(true);
  });
});
