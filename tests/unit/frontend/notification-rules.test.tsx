// @vitest-environment jsdom
/**
 * The notification rules on the Alerts page and the Account page: a rule made from the form (what
 * is sent; on the watchlist or the tickers held), the webhook secret shown once, editing a rule in
 * a form holding its values (saved by PATCH), a rule switched off and on (and the error when that
 * fails), test and delete by each rule's named buttons, and the
 * delivery log with each failure's reason. Answers come through the contract-checked API harness.
 */
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRule } from '@shared/notifications/schemas';
import type { Profile } from '@shared/profiles/schemas';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';
import { feedsStub, serveFeeds } from '../../helpers/feeds-api-stub';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });
vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const profile: Profile = {
  id: 'sub-1',
  email: 'trader@example.com',
  full_name: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  trial_end_date: '2026-12-30T00:00:00.000Z',
  subscription_tier: null,
  notification_prefs: {
    email_alerts: true,
    push_notifications: false,
    market_updates: true,
    trade_confirmations: true,
  },
};

const at = '2026-11-20T15:00:00.000Z';
const existing: NotificationRule = {
  id: '6f1c1f7e-8a38-4c2e-9d2c-0c9f6c1d2b3a',
  name: 'Big prints',
  condition: { feed: 'darkpool', minNotional: 5_000_000 },
  tickers: ['SPY'],
  watchlist: false,
  held: false,
  channels: ['email'],
  dailyCap: 20,
  enabled: true,
  createdAt: at,
  updatedAt: at,
};

let rules: NotificationRule[];

/** POST /api/notification-rules answered as the API does: the rule sent, given an id, added to the list. */
function serveCreatedRule(id: string, extra: { secret?: string } = {}) {
  return serve('createNotificationRule', (request) => {
    const rule = {
      ...(request.body as Omit<NotificationRule, 'id' | 'createdAt' | 'updatedAt'>),
      id,
      createdAt: at,
      updatedAt: at,
    } as NotificationRule;
    rules = [...rules, rule];
    return { ...rule, ...extra };
  });
}

useApiServer(
  serve('getProfile', () => profile),
  serve('listPositionAlerts', () => ({
    alerts: [
      {
        id: 't-1:dte',
        trade_id: 't-1',
        ticker: 'SPY',
        strategy: 'Iron Condor',
        kind: 'dte',
        label: '21 DTE reached',
        detail: '20 days to the nearest expiration (rule: 21 or fewer)',
        triggered_at: '2026-11-25T16:00:00.000Z',
        underlying_price: 601.25,
        close_price: 0.9,
        unrealized_pnl: 30,
        source: 'simulated',
      },
    ],
  })),
  serve('listNotificationRules', () => ({ rules })),
  serve('listNotifications', () => ({
    notifications: [
      {
        id: 'n-1',
        ruleId: existing.id,
        channel: 'webhook',
        status: 'failed',
        detail: 'HTTP 500',
        attempts: 3,
        event: {
          feed: 'darkpool',
          id: 'dp-1',
          ticker: 'SPY',
          summary: 'SPY dark pool buy print of $6,000,000',
          timestamp: at,
          provider: 'simulated',
        },
        createdAt: at,
        updatedAt: at,
      },
    ],
  })),
);

beforeEach(() => {
  rules = [existing];
  apiServer.use(serveFeeds(feedsStub()));
  mockSignedIn();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Notification rules on the Alerts and Account pages', () => {
  it('lists the rules and the delivery log with each failure’s reason', async () => {
    renderApp('/dashboard/alerts');
    const list = await screen.findByRole('list', { name: 'Your notification rules' });
    expect(await within(list).findByText('Big prints')).toBeInTheDocument();
    expect(within(list).getByText(/dark pool prints of \$5,000,000\+ on SPY/)).toBeInTheDocument();
    const log = screen.getByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('failed: HTTP 500')).toBeInTheDocument();
    expect(within(log).getByText(/SPY dark pool buy print/)).toBeInTheDocument();
  });

  it('makes a webhook rule from the form and shows its signing secret once', async () => {
    apiServer.use(
      serveCreatedRule('0b9a3c5e-7d21-4f6a-8e4b-1c2d3e4f5a6b', { secret: `whsec_${'ab'.repeat(32)}` }),
    );
    const { user } = renderApp('/dashboard/alerts');
    await user.type(await screen.findByLabelText('Rule name'), 'High alerts');
    await user.type(screen.getByLabelText('Tickers (comma-separated; empty for all)'), 'nvda, aapl');
    await user.click(screen.getByRole('checkbox', { name: 'Webhook (Slack, Discord or JSON)' }));
    await user.type(screen.getByLabelText('Webhook URL (https)'), 'https://hooks.slack.com/services/T/B/X');
    await user.selectOptions(screen.getByLabelText('Webhook format'), 'slack');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));

    expect(await screen.findByRole('status')).toHaveTextContent(`whsec_${'ab'.repeat(32)}`);
    const [sent] = requestsTo('createNotificationRule');
    expect(sent?.body).toMatchObject({
      name: 'High alerts',
      condition: { feed: 'alerts', minSeverity: 'high' },
      tickers: ['NVDA', 'AAPL'],
      channels: ['in-app', 'webhook'],
      webhook: { url: 'https://hooks.slack.com/services/T/B/X', format: 'slack' },
      dailyCap: 20,
    });
    const list = screen.getByRole('list', { name: 'Your notification rules' });
    expect(await within(list).findByText('High alerts')).toBeInTheDocument();
  });

  it("makes a rule on my watchlist's tickers: no tickers of its own, described as such", async () => {
    apiServer.use(serveCreatedRule('1c9a3c5e-7d21-4f6a-8e4b-1c2d3e4f5a6b'));
    const { user } = renderApp('/dashboard/alerts');
    await user.type(await screen.findByLabelText('Rule name'), 'Watchlist highs');
    await user.type(screen.getByLabelText('Tickers (comma-separated; empty for all)'), 'nvda');
    await user.click(screen.getByRole('radio', { name: "On my watchlist's tickers" }));
    expect(screen.getByLabelText('Tickers (comma-separated; empty for all)')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(requestsTo('createNotificationRule')).toHaveLength(1));
    expect(requestsTo('createNotificationRule')[0]?.body).toMatchObject({
      condition: { feed: 'alerts', minSeverity: 'high' },
      watchlist: true,
      held: false,
      tickers: [],
    });
    const list = screen.getByRole('list', { name: 'Your notification rules' });
    expect(await within(list).findByText(/alerts of severity high\+ on my watchlist/)).toBeInTheDocument();
  });

  it('makes a "chatter risk high on tickers I hold" rule: no tickers of its own, described as such', async () => {
    apiServer.use(serveCreatedRule('3c9a3c5e-7d21-4f6a-8e4b-1c2d3e4f5a6b'));
    const { user } = renderApp('/dashboard/alerts');
    const form = await screen.findByRole('form', { name: 'New notification rule' });
    await user.type(within(form).getByLabelText('Rule name'), 'Chatter on my positions');
    await user.selectOptions(within(form).getByLabelText('Notify me about'), 'chatter');
    await user.type(within(form).getByLabelText('Tickers (comma-separated; empty for all)'), 'gme');
    await user.click(within(form).getByRole('radio', { name: 'Tickers I hold' }));
    expect(within(form).getByLabelText('Tickers (comma-separated; empty for all)')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(requestsTo('createNotificationRule')).toHaveLength(1));
    expect(requestsTo('createNotificationRule')[0]?.body).toMatchObject({
      condition: { feed: 'chatter', minRisk: 'high' },
      held: true,
      watchlist: false,
      tickers: [],
    });
    const list = screen.getByRole('list', { name: 'Your notification rules' });
    expect(await within(list).findByText(/chatter of risk high\+ on the tickers I hold/)).toBeInTheDocument();
  });

  it('edits a rule in a form holding its values, saved by PATCH with only what the form says', async () => {
    apiServer.use(
      serve('updateNotificationRule', (request) => {
        const patch = request.body as Partial<NotificationRule> & { webhook?: null; quietHours?: null };
        const { webhook: _w, quietHours: _q, ...rest } = patch;
        const rule = { ...existing, ...rest, updatedAt: at } as NotificationRule;
        rules = [rule];
        return rule;
      }),
    );
    rules = [{ ...existing, quietHours: { start: '22:00', end: '07:00', timeZone: 'America/New_York' } }];
    const { user } = renderApp('/dashboard/alerts');
    const edit = await screen.findByRole('button', { name: 'Edit Big prints' });
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Edit Big prints' });
    expect(within(form).getByLabelText('Rule name')).toHaveValue('Big prints');
    expect(within(form).getByLabelText('Notify me about')).toHaveValue('darkpool');
    expect(within(form).getByLabelText('Smallest print (USD)')).toHaveValue(5_000_000);
    expect(within(form).getByRole('radio', { name: 'The tickers listed' })).toBeChecked();
    expect(within(form).getByLabelText('Tickers (comma-separated; empty for all)')).toHaveValue('SPY');
    expect(within(form).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'In the app (delivery log)' })).not.toBeChecked();
    expect(within(form).getByLabelText('Quiet from (America/New_York)')).toHaveValue('22:00');
    expect(within(form).getByLabelText('At most this many a day')).toHaveValue(20);

    await user.clear(within(form).getByLabelText('Smallest print (USD)'));
    await user.type(within(form).getByLabelText('Smallest print (USD)'), '10000000');
    await user.click(within(form).getByRole('radio', { name: 'Tickers I hold' }));
    await user.clear(within(form).getByLabelText('Quiet from (America/New_York)'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requestsTo('updateNotificationRule')).toHaveLength(1));
    const [sent] = requestsTo('updateNotificationRule');
    expect(sent?.params).toEqual({ id: existing.id });
    expect(sent?.body).toEqual({
      name: 'Big prints',
      condition: { feed: 'darkpool', minNotional: 10_000_000 },
      tickers: [],
      watchlist: false,
      held: true,
      channels: ['email'],
      webhook: null,
      quietHours: null,
      dailyCap: 20,
    });
    expect(requestsTo('createNotificationRule')).toEqual([]);
    const list = screen.getByRole('list', { name: 'Your notification rules' });
    expect(
      await within(list).findByText(/dark pool prints of \$10,000,000\+ on the tickers I hold/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit Big prints' })).not.toBeInTheDocument();
  });

  it('lists, edits and adds rules on the Account page under its own heading', async () => {
    apiServer.use(
      serve('updateNotificationRule', (request) => {
        // The patch's nulls (no webhook, no quiet hours) are fields removed.
        const patch = Object.entries(request.body as object).filter(([, value]) => value !== null);
        const rule = { ...existing, ...Object.fromEntries(patch) } as NotificationRule;
        rules = [rule];
        return rule;
      }),
    );
    const { user } = renderApp('/dashboard/account');
    const section = await screen.findByRole('region', { name: 'Notification rules' });
    const list = within(section).getByRole('list', { name: 'Your notification rules' });
    expect(await within(list).findByText('Big prints')).toBeInTheDocument();
    expect(within(section).getByRole('form', { name: 'New notification rule' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Edit Big prints' }));
    const form = within(list).getByRole('form', { name: 'Edit Big prints' });
    await user.clear(within(form).getByLabelText('Rule name'));
    await user.type(within(form).getByLabelText('Rule name'), 'Bigger prints');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(list).findByText('Bigger prints')).toBeInTheDocument();
    expect(requestsTo('updateNotificationRule')[0]?.body).toMatchObject({ name: 'Bigger prints' });
  });

  it('lists the targets the user’s positions reached under Your positions, each linking to its journal row', async () => {
    renderApp('/dashboard/alerts');
    const list = await screen.findByRole('list', { name: 'Your position alerts' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('SPY Iron Condor: 21 DTE reached');
    expect(item).toHaveTextContent('quotes: simulated market');
    expect(within(item).getByRole('link', { name: 'SPY Iron Condor' })).toHaveAttribute(
      'href',
      '/dashboard/journal#position-t-1',
    );
  });

  it('makes a "my position targets" rule for the rules ticked', async () => {
    apiServer.use(serveCreatedRule('2c9a3c5e-7d21-4f6a-8e4b-1c2d3e4f5a6b'));
    const { user } = renderApp('/dashboard/alerts');
    await user.type(await screen.findByLabelText('Rule name'), 'Stops');
    await user.selectOptions(screen.getByLabelText('Notify me about'), 'targets');
    for (const kind of ['Take profit', 'Days to expiry', 'Short strike breached', 'Earnings before expiry'])
      await user.click(screen.getByRole('checkbox', { name: kind }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(requestsTo('createNotificationRule')).toHaveLength(1));
    expect(requestsTo('createNotificationRule')[0]?.body).toMatchObject({
      condition: { feed: 'targets', kinds: ['stop_loss'] },
    });
  });

  it('refuses a rule with no channel in the form, sending nothing', async () => {
    const { user } = renderApp('/dashboard/alerts');
    await user.type(await screen.findByLabelText('Rule name'), 'No URL');
    await user.click(screen.getByRole('checkbox', { name: 'In the app (delivery log)' }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    // The form's own alert (the shell may raise others, e.g. the day's summary failing to load).
    expect(await screen.findByText('channels: Choose at least one channel')).toHaveAttribute('role', 'alert');
    expect(requestsTo('createNotificationRule')).toEqual([]);
  });

  it('switches a rule off and on again by its switch (PATCH of enabled only), an Off badge while it is off', async () => {
    apiServer.use(
      serve('updateNotificationRule', (request) => {
        const rule = { ...rules[0]!, ...(request.body as { enabled: boolean }), updatedAt: at };
        rules = [rule];
        return rule;
      }),
    );
    const { user } = renderApp('/dashboard/alerts');
    const list = await screen.findByRole('list', { name: 'Your notification rules' });
    const toggle = await within(list).findByRole('switch', { name: 'Rule on: Big prints' });
    expect(toggle).toBeChecked();
    expect(within(list).queryByText('Off')).not.toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() =>
      expect(within(list).getByRole('switch', { name: 'Rule on: Big prints' })).not.toBeChecked(),
    );
    expect(within(list).getByText('Off')).toBeInTheDocument();
    expect(requestsTo('updateNotificationRule').map((r) => [r.params, r.body])).toEqual([
      [{ id: existing.id }, { enabled: false }],
    ]);

    await user.click(within(list).getByRole('switch', { name: 'Rule on: Big prints' }));
    await waitFor(() =>
      expect(within(list).getByRole('switch', { name: 'Rule on: Big prints' })).toBeChecked(),
    );
    expect(within(list).queryByText('Off')).not.toBeInTheDocument();
    expect(requestsTo('updateNotificationRule')[1]?.body).toEqual({ enabled: true });
  });

  it('shows a rule off from the API as off, and says why when turning it on fails (it stays off)', async () => {
    rules = [{ ...existing, enabled: false }];
    apiServer.use(
      serve('updateNotificationRule', () =>
        apiError(403, 'plan_limit', 'Your plan does not include the Dark Pool feed.'),
      ),
    );
    const { user } = renderApp('/dashboard/account');
    const section = await screen.findByRole('region', { name: 'Notification rules' });
    const toggle = await within(section).findByRole('switch', { name: 'Rule on: Big prints' });
    expect(toggle).not.toBeChecked();
    expect(within(section).getByText('Off')).toBeInTheDocument();

    await user.click(toggle);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Big prints was not turned on: Your plan does not include the Dark Pool feed.',
    );
    expect(within(section).getByRole('switch', { name: 'Rule on: Big prints' })).not.toBeChecked();
    expect(requestsTo('updateNotificationRule')[0]?.body).toEqual({ enabled: true });
  });

  it('sends a test and deletes a rule by its named buttons', async () => {
    apiServer.use(
      serve('testNotificationRule', () => ({ notifications: [] })),
      serve('deleteNotificationRule', () => {
        rules = [];
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard/alerts');
    await user.click(await screen.findByRole('button', { name: 'Send a test of Big prints' }));
    await waitFor(() => expect(requestsTo('testNotificationRule')).toHaveLength(1));
    expect(requestsTo('testNotificationRule')[0]?.params).toEqual({ id: existing.id });
    await user.click(screen.getByRole('button', { name: 'Delete Big prints' }));
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
  });
});
