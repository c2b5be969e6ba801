/** The notification matcher: thresholds per feed, tickers, quiet hours across time zones, the daily cap. */
import { describe, expect, it } from 'vitest';
import type { DarkPoolFlow, MarketAlert, SocialTrend } from '@shared/feeds/schemas';
import {
  capDay,
  deliveryDecision,
  inQuietHours,
  matchItem,
  type MatchableRule,
} from '@shared/notifications/matcher';
import { createRuleInput, updateRuleInput } from '@shared/notifications/schemas';

const alert = (over: Partial<MarketAlert> = {}): MarketAlert => ({
  id: 'alert-1',
  ticker: 'NVDA',
  type: 'breakout',
  message: 'NVDA broke its 20-day high',
  timestamp: '2026-03-10T15:00:00.000Z',
  severity: 'high',
  price: 120,
  changePercent: 2.5,
  volume: 1_000_000,
  bias: 'bullish',
  trigger: { metric: 'close', value: 120, threshold: 118 } as MarketAlert['trigger'],
  ...over,
});

const rule = (over: Partial<MatchableRule> = {}): MatchableRule => ({
  condition: { feed: 'alerts', minSeverity: 'high' },
  tickers: [],
  enabled: true,
  dailyCap: 5,
  ...over,
});

describe('matchItem', () => {
  it('matches an alert at or above the severity, on a watched ticker, and summarises it', () => {
    const event = matchItem(rule({ tickers: ['NVDA', 'AAPL'] }), 'alerts', alert());
    expect(event).toMatchObject({ feed: 'alerts', id: 'alert-1', ticker: 'NVDA', provider: 'simulated' });
    expect(event?.summary).toContain('NVDA high breakout alert');
  });

  it('does not match below the severity, off the watchlist, on another feed, or when disabled', () => {
    expect(matchItem(rule(), 'alerts', alert({ severity: 'medium' }))).toBeNull();
    expect(matchItem(rule({ tickers: ['AAPL'] }), 'alerts', alert())).toBeNull();
    expect(matchItem(rule({ enabled: false }), 'alerts', alert())).toBeNull();
    expect(
      matchItem(
        rule({ condition: { feed: 'alerts', minSeverity: 'low' } }),
        'alerts',
        alert({ severity: 'low' }),
      ),
    ).not.toBeNull();
  });

  it('matches dark pool prints by notional (shares × price)', () => {
    const flow = {
      id: 'dp-1',
      ticker: 'SPY',
      timestamp: '2026-03-10T15:00:00.000Z',
      blockSize: 10_000,
      price: 500,
      side: 'buy',
    } as DarkPoolFlow;
    const fiveMillion = rule({ condition: { feed: 'darkpool', minNotional: 5_000_000 } });
    expect(matchItem(fiveMillion, 'darkpool', flow)?.summary).toContain('$5,000,000');
    expect(matchItem(fiveMillion, 'darkpool', { ...flow, blockSize: 9_999 })).toBeNull();
    expect(matchItem(fiveMillion, 'alerts', alert())).toBeNull();
  });

  it('matches chatter at or above the risk level', () => {
    const trend = {
      id: 'c-1',
      ticker: 'GME',
      timestamp: '2026-03-10T15:00:00.000Z',
      riskLevel: 'high',
      platform: 'reddit',
      mentions: 900,
      sentiment: 'bullish',
      provider: 'stocktwits',
    } as SocialTrend;
    const highRisk = rule({ condition: { feed: 'chatter', minRisk: 'high' } });
    expect(matchItem(highRisk, 'chatter', trend)).toMatchObject({ provider: 'stocktwits', ticker: 'GME' });
    expect(matchItem(highRisk, 'chatter', { ...trend, riskLevel: 'extreme' })).not.toBeNull();
    expect(matchItem(highRisk, 'chatter', { ...trend, riskLevel: 'medium' })).toBeNull();
  });
});

describe('rules on the watchlist', () => {
  it("matches only the tickers on the owner's watchlist, at or above the severity", () => {
    const mine = rule({ watchlist: true, condition: { feed: 'alerts', minSeverity: 'high' } });
    const watched = new Set(['NVDA', 'TSLA']);
    expect(matchItem(mine, 'alerts', alert(), watched)).toMatchObject({ ticker: 'NVDA' });
    expect(matchItem(mine, 'alerts', alert({ ticker: 'AAPL' }), watched)).toBeNull();
    expect(matchItem(mine, 'alerts', alert({ severity: 'medium' }), watched)).toBeNull();
    const medium = { ...mine, condition: { feed: 'alerts', minSeverity: 'medium' } } as const;
    expect(matchItem(medium, 'alerts', alert({ severity: 'medium' }), watched)).not.toBeNull();
    // An empty watchlist matches nothing (not every ticker, as an empty list of the rule's own does).
    expect(matchItem(mine, 'alerts', alert(), new Set())).toBeNull();
    expect(matchItem(rule(), 'alerts', alert(), new Set())).not.toBeNull();
  });

  it('refuses a watchlist rule that also lists tickers of its own', () => {
    const base = {
      name: 'Watchlist highs',
      condition: { feed: 'alerts', minSeverity: 'high' },
      channels: ['in-app'],
    };
    expect(createRuleInput.safeParse({ ...base, watchlist: true }).success).toBe(true);
    expect(createRuleInput.parse(base).watchlist).toBe(false);
    const both = createRuleInput.safeParse({ ...base, watchlist: true, tickers: ['NVDA'] });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.path).toEqual(['tickers']);
  });
});

describe('rules on the tickers held', () => {
  const trend = (ticker: string, riskLevel: SocialTrend['riskLevel']) =>
    ({
      id: `trend-${ticker}`,
      ticker,
      platform: 'reddit',
      mentions: 900,
      sentiment: 'bullish',
      riskLevel,
      timestamp: '2026-03-10T15:00:00.000Z',
    }) as SocialTrend;

  it('matches only the tickers of the open positions, at or above the risk; none held matches nothing', () => {
    const held = rule({ held: true, condition: { feed: 'chatter', minRisk: 'high' } });
    const holding = new Set(['TSLA']);
    expect(matchItem(held, 'chatter', trend('TSLA', 'high'), holding)).toMatchObject({
      feed: 'chatter',
      ticker: 'TSLA',
    });
    expect(matchItem(held, 'chatter', trend('GME', 'extreme'), holding)).toBeNull();
    expect(matchItem(held, 'chatter', trend('TSLA', 'medium'), holding)).toBeNull();
    expect(matchItem(held, 'chatter', trend('TSLA', 'high'), new Set())).toBeNull();
    // The same rule without the scope watches every ticker (its own list is empty).
    expect(matchItem({ ...held, held: false }, 'chatter', trend('GME', 'high'), new Set())).not.toBeNull();
  });

  it('refuses a held-tickers rule with tickers of its own, or on the watchlist as well; a patch may set it', () => {
    const base = {
      name: 'Chatter on my positions',
      condition: { feed: 'chatter', minRisk: 'high' },
      channels: ['in-app'],
    };
    expect(createRuleInput.parse({ ...base, held: true })).toMatchObject({ held: true, tickers: [] });
    expect(createRuleInput.parse(base).held).toBe(false);
    const listed = createRuleInput.safeParse({ ...base, held: true, tickers: ['TSLA'] });
    expect(listed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['tickers'], 'A rule on the tickers you hold takes no tickers of its own'],
    ]);
    const both = createRuleInput.safeParse({ ...base, held: true, watchlist: true });
    expect(both.error?.issues[0]?.path).toEqual(['held']);
    expect(updateRuleInput.parse({ held: true, watchlist: false, tickers: [] })).toEqual({
      held: true,
      watchlist: false,
      tickers: [],
    });
  });
});

describe('quiet hours and the daily cap', () => {
  const overnight = { start: '22:00', end: '07:00', timeZone: 'America/New_York' };

  it('reads the clock in the rule’s time zone, across midnight and daylight saving', () => {
    // 03:30 UTC on 10 March 2026 is 23:30 in New York (EDT began 8 March): quiet.
    expect(inQuietHours(overnight, new Date('2026-03-10T03:30:00Z'))).toBe(true);
    // 11:30 UTC is 07:30 in New York: not quiet (end excluded).
    expect(inQuietHours(overnight, new Date('2026-03-10T11:30:00Z'))).toBe(false);
    expect(inQuietHours(overnight, new Date('2026-03-10T11:00:00Z'))).toBe(false);
    expect(inQuietHours(overnight, new Date('2026-03-10T10:59:00Z'))).toBe(true);
    // Before DST (1 March, EST = UTC-5): 11:30 UTC is 06:30, still quiet.
    expect(inQuietHours(overnight, new Date('2026-03-01T11:30:00Z'))).toBe(true);
    // The same instant in Tokyo is 20:30: not quiet there.
    expect(inQuietHours({ ...overnight, timeZone: 'Asia/Tokyo' }, new Date('2026-03-01T11:30:00Z'))).toBe(
      false,
    );
    // A daytime window (start before end).
    const lunch = { start: '12:00', end: '13:00', timeZone: 'Europe/London' };
    expect(inQuietHours(lunch, new Date('2026-01-15T12:15:00Z'))).toBe(true);
    expect(inQuietHours(lunch, new Date('2026-07-15T12:15:00Z'))).toBe(false); // 13:15 BST
  });

  it('counts the cap per day in the rule’s time zone', () => {
    const at = new Date('2026-03-10T03:30:00Z');
    expect(capDay(rule({ quietHours: overnight }), at)).toBe('2026-03-09');
    expect(capDay(rule(), at)).toBe('2026-03-10');
  });

  it('sends outside quiet hours under the cap, and says why it holds one back', () => {
    const at = new Date('2026-03-10T15:00:00Z');
    expect(deliveryDecision(rule({ quietHours: overnight }), at, 4)).toEqual({ send: true });
    expect(deliveryDecision(rule(), at, 5)).toEqual({ send: false, detail: 'daily cap reached' });
    expect(deliveryDecision(rule({ quietHours: overnight }), new Date('2026-03-10T03:30:00Z'), 0)).toEqual({
      send: false,
      detail: 'quiet hours',
    });
  });
});

describe('rule input', () => {
  const valid = {
    name: 'Big prints',
    condition: { feed: 'darkpool', minNotional: 5_000_000 },
    channels: ['email'],
  };

  it('takes a rule with defaults, upper-cased tickers, and a webhook with its channel', () => {
    expect(createRuleInput.parse({ ...valid, tickers: [' spy '] })).toMatchObject({
      tickers: ['SPY'],
      dailyCap: 20,
      enabled: true,
    });
    const withHook = { ...valid, channels: ['webhook'], webhook: { url: 'https://hooks.example.com/x' } };
    expect(createRuleInput.parse(withHook).webhook).toEqual({
      url: 'https://hooks.example.com/x',
      format: 'json',
    });
  });

  it('refuses a webhook without its channel (or the channel without a URL), bad clocks and zones', () => {
    expect(createRuleInput.safeParse({ ...valid, channels: ['webhook'] }).success).toBe(false);
    expect(createRuleInput.safeParse({ ...valid, webhook: { url: 'https://a.example.com' } }).success).toBe(
      false,
    );
    expect(createRuleInput.safeParse({ ...valid, channels: [] }).success).toBe(false);
    const quiet = (q: object) => createRuleInput.safeParse({ ...valid, quietHours: q }).success;
    expect(quiet({ start: '22:00', end: '07:00', timeZone: 'Europe/Paris' })).toBe(true);
    expect(quiet({ start: '24:00', end: '07:00', timeZone: 'Europe/Paris' })).toBe(false);
    expect(quiet({ start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' })).toBe(false);
    expect(quiet({ start: '07:00', end: '07:00', timeZone: 'UTC' })).toBe(false);
    expect(updateRuleInput.safeParse({}).success).toBe(false);
  });
});
