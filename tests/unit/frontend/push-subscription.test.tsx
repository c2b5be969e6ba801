// @vitest-environment jsdom
/**
 * Turning browser push on and off on the Alerts page: permission asked, the service worker
 * registered, the browser subscribed with the stage's VAPID key and the subscription stored;
 * off unsubscribes and deletes it; a refused permission is said and nothing is stored; a browser
 * without push says so. The browser's push APIs are stubbed; answers go through the API harness.
 */
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushSubscription } from '../../../frontend/src/features/notifications/components/push-subscription';
import { requestsTo, serve, useApiServer } from '../../helpers/api-server';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const PUBLIC_KEY = 'B'.repeat(87);
const ID = 'a'.repeat(32);
const subscriptionJson = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk'.padEnd(87, 'x'), auth: 'c2VjcmV0c2VjcmV0' },
};

useApiServer(
  serve('getPushKey', () => ({ publicKey: PUBLIC_KEY })),
  serve('subscribePush', () => new Response(JSON.stringify({ id: ID }), { status: 201 })),
  serve('unsubscribePush', () => new Response(null, { status: 204 })),
);

let current: { toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null;
const subscribe = vi.fn();
const register = vi.fn();

function stubPushApis(permission: NotificationPermission) {
  current = null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: subscribe.mockImplementation(async () => {
      current = { toJSON: () => subscriptionJson, unsubscribe: vi.fn(async () => ((current = null), true)) };
      return current;
    }),
  };
  const registration = { pushManager };
  register.mockResolvedValue(registration);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { payload: { sub: 'sub-1' }, toString: () => 'access-token' } },
  } as never);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push in this browser', () => {
  it('subscribes with the stage key and stores the subscription; turning it off deletes it', async () => {
    stubPushApis('granted');
    const user = userEvent.setup();
    render(<PushSubscription />);
    await user.click(await screen.findByRole('button', { name: 'Turn on push in this browser' }));
    expect(await screen.findByText('Push is on for this browser.')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: PUBLIC_KEY });
    expect(requestsTo('subscribePush').map((r) => r.body)).toEqual([subscriptionJson]);

    await user.click(screen.getByRole('button', { name: 'Turn off push in this browser' }));
    expect(await screen.findByText('Push is off for this browser.')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('unsubscribePush').map((r) => r.params)).toEqual([{ id: ID }]));
  });

  it('says so when notifications are blocked, and stores nothing', async () => {
    stubPushApis('denied');
    const user = userEvent.setup();
    render(<PushSubscription />);
    await user.click(await screen.findByRole('button', { name: 'Turn on push in this browser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site');
    expect(requestsTo('subscribePush')).toEqual([]);
    expect(screen.getByText('Push is off for this browser.')).toBeInTheDocument();
  });

  it('says a browser without push cannot take it', () => {
    render(<PushSubscription />);
    expect(screen.getByText(/This browser cannot take push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
