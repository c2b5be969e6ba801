// @vitest-environment jsdom
/**
 * The four feed screens in jsdom, the API answered by Mock Service Worker with the real
 * generators' items (tests/helpers/feeds-api-stub.ts; answers and requests checked against the
 * shared contract): what each shows, what its filters send, dismissal, the notification
 * permission flow, and 'Track in Journal'.
 */
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DARK_POOL_TICKER_NOT_FOUND,
  NOTIFICATIONS_BLOCKED,
  NOTIFICATIONS_ENABLED,
} from '@shared/constants/texts';
import { marketAlertTypeLabels, socialPlatformLabels, type MarketAlert } from '@shared/feeds/schemas';
import { getFeedQueryOptions } from '../../../frontend/src/features/feeds/api/get-feed';
import { FEED_TICKERS } from '../../../frontend/src/features/feeds/components/feed-state';
import type { Profile } from '@shared/profiles/schemas';
import { apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import {
  FEEDS_AS_OF,
  feedsStub,
  requestsToFeed,
  serveFeeds,
  type FeedsStub,
} from '../../helpers/feeds-api-stub';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

let stub: FeedsStub;

const profile = (push_notifications: boolean): Profile => ({
  id: 'sub-1',
  email: 'trader@example.com',
  full_name: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  trial_end_date: '2026-12-30T00:00:00.000Z',
  subscription_tier: null,
  notification_prefs: {
    email_alerts: true,
    push_notifications,
    market_updates: true,
    trade_confirmations: true,
  },
});

useApiServer(
  serve('getProfile', () => profile(true)),
  // The Alerts page's "Your positions": none for this user.
  serve('listPositionAlerts', () => ({ alerts: [] })),
);

/** A stand-in for the browser's Notification: records what was shown and closed. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static nextAnswer: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.nextAnswer;
    return FakeNotification.permission;
  });
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  stub = feedsStub();
  apiServer.use(serveFeeds(stub));
  FakeNotification.permission = 'default';
  FakeNotification.nextAnswer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('Notification', FakeNotification);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Market Alerts', () => {
  it('shows the feed with the alerts-today counter and the High / Medium / Low counts, each a filter', async () => {
    const { user } = renderApp('/dashboard/alerts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Alerts' })).toBeInTheDocument();
    expect(screen.getByText('Simulated data')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Market alerts' });
    const alerts = stub.items.alerts;
    expect(within(list).getAllByRole('listitem')).toHaveLength(alerts.length);
    expect(screen.getByLabelText(`${alerts.length + 40} alerts today`)).toBeInTheDocument();

    const first = alerts[0]!;
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName(
      `${first.ticker} ${marketAlertTypeLabels[first.type]}`,
    );
    const severity = alerts.find((a) => a.severity !== 'low')?.severity ?? 'low';
    const count = alerts.filter((a) => a.severity === severity).length;
    const button = screen.getByRole('button', { name: new RegExp(`^${severity} priority`, 'i') });
    expect(button).toHaveTextContent(String(count));
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list', { name: 'Market alerts' })).getAllByRole('listitem')).toHaveLength(
      count,
    );
  });

  it('polls while live and stops when paused', () => {
    const live = getFeedQueryOptions('alerts', {}, true);
    const paused = getFeedQueryOptions('alerts', {}, false);
    const state = { state: { error: null } } as never;
    expect((live.refetchInterval as (q: never) => number | false)(state)).toBe(15_000);
    expect((paused.refetchInterval as (q: never) => number | false)(state)).toBe(false);
    expect(live.refetchIntervalInBackground).toBe(false);
  });

  it('asks for permission, confirms with a test notification, then notifies each new alert (5 s unless high)', async () => {
    const { user } = renderApp('/dashboard/alerts');
    await screen.findByRole('list', { name: 'Market alerts' });
    const toggle = screen.getByRole('switch', { name: 'Browser notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByText(NOTIFICATIONS_ENABLED, { selector: 'p' })).toBeInTheDocument();
    expect(FakeNotification.shown.map((n) => n.title)).toEqual([NOTIFICATIONS_ENABLED]);
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    const newest = stub.items.alerts[0]!;
    const low: MarketAlert = { ...newest, id: 'al-new-low', severity: 'low', timestamp: FEEDS_AS_OF };
    const high: MarketAlert = { ...newest, id: 'al-new-high', severity: 'high', timestamp: FEEDS_AS_OF };
    stub.push('alerts', low);
    stub.push('alerts', high);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout'] });
    await user.click(screen.getByRole('switch', { name: 'Live updates' }));
    await user.click(screen.getByRole('switch', { name: 'Live updates' })); // resuming catches up at once
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(3));
    const byTag = (tag: string) => FakeNotification.shown.find((n) => n.options.tag === tag)!;
    const [lowShown, highShown] = [byTag('al-new-low'), byTag('al-new-high')];
    expect(lowShown.title).toBe(`${low.ticker}: ${marketAlertTypeLabels[low.type]} (low)`);
    expect(lowShown.options.body).toBe(`${low.message} (simulated data)`);
    expect(highShown.options.requireInteraction).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(lowShown.closed).toBe(true);
    expect(highShown.closed).toBe(false);
  });

  it('says notifications are blocked when the browser denies them', async () => {
    FakeNotification.nextAnswer = 'denied';
    const { user } = renderApp('/dashboard/alerts');
    await screen.findByRole('list', { name: 'Market alerts' });
    await user.click(screen.getByRole('switch', { name: 'Browser notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATIONS_BLOCKED);
    expect(screen.getByRole('switch', { name: 'Browser notifications' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('honours the notification preference: off in Account Settings, no browser notifications', async () => {
    apiServer.use(serve('getProfile', () => profile(false)));
    renderApp('/dashboard/alerts');
    await screen.findByRole('list', { name: 'Market alerts' });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Browser notifications' })).toBeDisabled());
    expect(screen.getByRole('link', { name: 'notification preferences' })).toHaveAttribute(
      'href',
      '/dashboard/account',
    );
  });
});

describe('Dark Pool Flow Analyzer', () => {
  it('shows the spec columns, patterns and each print’s edge breakdown on demand', async () => {
    const { user } = renderApp('/dashboard/darkpool');
    const table = await screen.findByRole('table', { name: /Dark pool flows/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 7)).toEqual([
      'Time',
      'Ticker',
      'Block Size',
      'Side',
      'Institution',
      'Options Impact',
      'Edge Score',
    ]);
    expect(await screen.findByRole('heading', { name: 'Detected patterns' })).toBeInTheDocument();
    const shown = stub.items.darkpool.filter((f) => (f.confidence ?? 0) >= 75);
    expect(within(table).getAllByRole('button', { name: /^Edge breakdown for/ })).toHaveLength(shown.length);

    await user.click(within(table).getAllByRole('button', { name: /^Edge breakdown for/ })[0]!);
    const breakdown = screen.getByRole('table', { name: new RegExp(`^Edge score ${shown[0]!.edgeScore}`) });
    expect(within(breakdown).getByRole('rowheader', { name: 'Base factors' })).toBeInTheDocument();
    expect(within(breakdown).getByRole('rowheader', { name: 'Options correlation' })).toBeInTheDocument();
    expect(within(breakdown).getByText('40%')).toBeInTheDocument();
  });

  it('sends the slider, Algo Only and a searched known ticker as a filter; an unknown one gets the hint', async () => {
    const { user } = renderApp('/dashboard/darkpool');
    await screen.findByRole('table', { name: /Dark pool flows/ });
    expect(requestsToFeed('darkpool').at(-1)!.get('minConfidence')).toBe('75');

    await user.click(screen.getByRole('switch', { name: 'Algo Only' }));
    await waitFor(() => expect(requestsToFeed('darkpool').at(-1)!.get('algoOnly')).toBe('true'));

    const search = screen.getByLabelText('Ticker search');
    expect(search).toHaveAttribute('maxLength', '5');
    await user.type(search, 'zzzzzz');
    expect(search).toHaveValue('ZZZZZ');
    expect(screen.getByText(DARK_POOL_TICKER_NOT_FOUND)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nvda');
    await waitFor(() => expect(requestsToFeed('darkpool').at(-1)!.get('ticker')).toBe('NVDA'));
    expect(requestsToFeed('darkpool').some((request) => request.has('focus'))).toBe(false);

    // The picker knows the whole universe (NVDA, TSLA, PLTR...), not the first 20 symbols.
    const known = screen.getByLabelText('Known tickers');
    expect(within(known).getAllByRole('option')).toHaveLength(FEED_TICKERS.length + 1);
    for (const symbol of ['NVDA', 'TSLA', 'PLTR'])
      expect(within(known).getByRole('option', { name: symbol })).toBeInTheDocument();
    await user.selectOptions(known, 'QQQ');
    expect(search).toHaveValue('QQQ');
  });

  it('a ticker shows only its prints, each labelled simulated; none for it says so', async () => {
    const { user } = renderApp('/dashboard/darkpool');
    const table = await screen.findByRole('table', { name: /Dark pool flows/ });
    expect(within(table).getAllByText('Simulated').length).toBeGreaterThan(0);
    const ticker = stub.items.darkpool.find((f) => (f.confidence ?? 0) >= 75)!.ticker;
    await user.selectOptions(screen.getByLabelText('Known tickers'), ticker);
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: /Dark pool flows/ }))
        .getAllByRole('row')
        .slice(1);
      const tickers = rows.map((row) => within(row).queryAllByRole('cell')[1]?.textContent ?? '');
      expect(tickers.filter((text) => text !== '').every((text) => text.startsWith(ticker))).toBe(true);
    });
    const absent = FEED_TICKERS.find((symbol) => !stub.items.darkpool.some((f) => f.ticker === symbol))!;
    await user.selectOptions(screen.getByLabelText('Known tickers'), absent);
    expect(
      await screen.findByText(`No dark pool prints for ${absent} in the feed right now.`),
    ).toBeInTheDocument();
  });

  it('on a holiday says the market is closed, with the next open', async () => {
    stub.asOf = '2026-11-26T22:30:00.000Z';
    renderApp('/dashboard/darkpool');
    const notice = await screen.findByText(/Market closed/);
    expect(notice.closest('[role="status"]')).toHaveTextContent('opens Fri, Nov 27, 9:30 AM ET');
  });
});

describe('Risky Chatter', () => {
  it('shows cards with source links, trending communities and the disclaimer; filters and sorts are sent', async () => {
    const { user } = renderApp('/dashboard/risky-chatter');
    const list = await screen.findByRole('list', { name: 'Social trends' });
    expect(within(list).getAllByRole('article')).toHaveLength(stub.items.chatter.length);
    const first = stub.items.chatter[0]!;
    const link = within(within(list).getAllByRole('article')[0]!).getByRole('link', {
      name: new RegExp(`${first.source} on ${socialPlatformLabels[first.platform]}`),
    });
    expect(link).toHaveAttribute('href', first.sourceUrl);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { name: 'Trending communities' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Risk disclaimer' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Platform'), 'reddit');
    await user.selectOptions(screen.getByLabelText('Risk'), 'extreme');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'growth');
    await waitFor(() => {
      const last = requestsToFeed('chatter').at(-1)!;
      expect(Object.fromEntries(last)).toEqual({ platform: 'reddit', risk: 'extreme', sort: 'growth' });
    });
    const expected = stub.items.chatter.filter((c) => c.platform === 'reddit' && c.riskLevel === 'extreme');
    await waitFor(() => expect(screen.queryAllByRole('article').length).toBe(expected.length));
  });
});

describe('Trend Alerts', () => {
  it('shows alert cards with price indications and evidence; dismiss hides one through the API', async () => {
    const { user } = renderApp('/dashboard/trend-alerts');
    const list = await screen.findByRole('list', { name: 'Trend alerts' });
    const first = stub.items.trends[0]!;
    const card = within(list).getByRole('article', { name: first.title });
    expect(within(card).getByRole('region', { name: 'Price indications' })).toHaveTextContent(
      `$${first.priceIndications.targetPrice.toFixed(2)}`,
    );
    expect(within(card).getByRole('region', { name: 'Supporting evidence' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Risk warning' })).toBeInTheDocument();

    // Once dismissed, the server leaves the alert out of the feed.
    apiServer.use(
      serve('dismissTrendAlert', () => {
        apiServer.use(serveFeeds(stub, new Set([first.id])));
        return undefined;
      }),
    );
    await user.click(within(card).getByRole('button', { name: `Dismiss ${first.title}` }));
    await waitFor(() => expect(screen.queryByRole('article', { name: first.title })).not.toBeInTheDocument());
    expect(requestsTo('dismissTrendAlert').map((request) => request.params.id)).toEqual([first.id]);

    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await waitFor(() => expect(requestsToFeed('trends').at(-1)!.get('severity')).toBe('critical'));
  });
});

describe('the Ticker filter of every feed page (issue 23)', () => {
  it.each([
    ['alerts', '/dashboard/alerts', 'Market alerts'],
    ['chatter', '/dashboard/risky-chatter', 'Social trends'],
    ['trends', '/dashboard/trend-alerts', 'Trend alerts'],
  ] as const)(
    '%s: sends ?ticker=, lists only that ticker, labels items, and shows the notice when none',
    async (feed, path, listName) => {
      const { user } = renderApp(path);
      const list = await screen.findByRole('list', { name: listName });
      expect(within(list).getAllByText('Simulated').length).toBeGreaterThan(0);
      const ticker = stub.items[feed][0]!.ticker;
      await user.selectOptions(screen.getByLabelText('Ticker'), ticker);
      await waitFor(() => expect(requestsToFeed(feed).at(-1)!.get('ticker')).toBe(ticker));
      await waitFor(() =>
        expect(
          within(screen.getByRole('list', { name: listName }))
            .getAllByRole('article')
            .every((article) => article.textContent!.includes(ticker)),
        ).toBe(true),
      );
      const absent = FEED_TICKERS.find((symbol) => !stub.items[feed].some((item) => item.ticker === symbol))!;
      await user.selectOptions(screen.getByLabelText('Ticker'), absent);
      expect(
        await screen.findByText(new RegExp(`^No .* for ${absent} in the feed right now\\.$`)),
      ).toBeInTheDocument();
    },
  );
});

describe('Track in Journal', () => {
  it('goes to the journal with the item as the Add Trade prefill', async () => {
    const { user, router } = renderApp('/dashboard/darkpool');
    const table = await screen.findByRole('table', { name: /Dark pool flows/ });
    await user.click(within(table).getAllByRole('button', { name: /^Edge breakdown for/ })[0]!);
    const flow = stub.items.darkpool.filter((f) => (f.confidence ?? 0) >= 75)[0]!;
    await user.click(screen.getByRole('button', { name: `Track ${flow.ticker} in Journal` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/journal'));
  });
});
