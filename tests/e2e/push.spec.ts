/**
 * Browser push against the real local runtime, offline (Chromium reaches no push service here):
 * a browser's subscription stored through the API with its endpoint on a stand-in push service
 * this spec runs on 127.0.0.1 (tests/helpers/push-service-stub.ts; the e2e instance takes such
 * endpoints with ALLOW_LOCAL_WEBHOOKS), a rule with the Push channel made in the form and switched
 * off and on, and a generated alert's push received there encrypted and VAPID-signed; and the
 * app's service worker (frontend/public/sw.js), registered by **Turn on push in this browser**
 * (whose subscription Chromium refuses here, which the page says), showing a push message
 * delivered to it through the DevTools protocol (`ServiceWorker.deliverPushMessage`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { notificationLogSchema } from '@shared/notifications/schemas';
import { E2E_DATA_DIR } from '../../playwright.config';
import {
  decryptPush,
  pushBrowser,
  startPushService,
  vapidVerified,
  type PushReceived,
} from '../helpers/push-service-stub';
import { accessToken, signUpThroughUi } from './support';

test('a rule with the in-app and Push channels, switched off and on by its switch, sends a generated alert to the subscribed push endpoint, aes128gcm-encrypted and VAPID-signed, and the delivery log shows both channels sent', async ({
  page,
  request,
}) => {
  // The feeds job writes the next 90 s of simulated alerts each minute; the push follows the item's time.
  test.setTimeout(240_000);
  const pushService = await startPushService();
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughUi(page, request, 'push');
    const headers = { authorization: `Bearer ${await accessToken(page)}` };
    const browser = pushBrowser();
    const endpoint = `${pushService.url}/ok/${Date.now().toString(36)}`;
    const subscribed = await request.post('/api/push/subscriptions', {
      headers,
      data: { endpoint, keys: browser.keys },
    });
    expect(subscribed.status()).toBe(201);

    await page.goto('/dashboard/alerts');
    const form = page.getByRole('form', { name: 'New notification rule' });
    await form.getByLabel('Rule name').fill('Every alert by push');
    await form.getByLabel('Lowest severity').selectOption('low');
    await expect(form.getByRole('checkbox', { name: 'In the app (delivery log)' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Push (to the browsers that turned it on)' }).check();
    await form.getByRole('button', { name: 'Add rule' }).click();
    const rules = page.getByRole('list', { name: 'Your notification rules' });
    await expect(rules.getByText(/alerts of severity low\+ on every ticker; in-app, push;/)).toBeVisible();

    // Off, then on again: the switch is the rule's `enabled`.
    const toggle = rules.getByRole('switch', { name: 'Rule on: Every alert by push' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(rules.getByText('Off', { exact: true })).toBeVisible();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(rules.getByText('Off', { exact: true })).toHaveCount(0);

    let push: PushReceived | undefined;
    await expect
      .poll(() => (push = pushService.received.find((r) => endpoint.endsWith(r.path))), {
        timeout: 180_000,
        intervals: [2_000],
      })
      .toBeTruthy();
    const vapid = JSON.parse(await readFile(join(E2E_DATA_DIR, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(vapidVerified(String(push!.headers.authorization), vapid.publicKey, pushService.url)).toBe(true);
    const payload = JSON.parse(decryptPush(push!.body, browser)) as { title: string; url: string };
    expect(payload.title).toMatch(/^Every alert by push/);
    expect(payload.url).toBe('/dashboard/alerts');

    // The delivery log says both channels' deliveries were sent: through the API, then on the page.
    await expect
      .poll(async () => {
        const response = await request.get('/api/notifications', { headers });
        const { notifications } = notificationLogSchema.parse(await response.json());
        return ['in-app', 'push'].filter((channel) =>
          notifications.some((n) => n.channel === channel && n.status === 'sent'),
        );
      })
      .toEqual(['in-app', 'push']);
    await page.reload();
    const log = page.getByRole('table', { name: 'Delivery log' });
    for (const channel of [/push.*sent$/, /in-app.*sent$/])
      await expect(log.getByRole('row').filter({ hasText: channel }).first()).toBeVisible({
        timeout: 30_000,
      });
  } finally {
    await pushService.close();
  }
});

test('Turn on push registers the service worker, says why the test browser refused the subscription, and the worker shows a push delivered through DevTools as a notification with its title, body, tag and page', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpThroughUi(page, request, 'push-sw');
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');

  await page.goto('/dashboard/alerts');
  await page.getByRole('button', { name: 'Turn on push in this browser' }).click();
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted))
    .toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!;
  // Chromium refuses a subscription in the test's browser context ("Registration failed - permission
  // denied", the notifications permission granted; it would need Google's push service, offline
  // here anyway): the page says so, and push stays off.
  const refused = page.getByRole('alert').filter({ hasText: /^Registration failed - / });
  await expect(refused).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Push is off for this browser.' })).toBeVisible();
  await test.info().attach('offline subscribe refused', { body: (await refused.textContent()) ?? '' });

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      id: 'n-e2e-1',
      title: 'Every alert by push: NVDA',
      body: 'NVDA high breakout alert',
      url: '/dashboard/journal',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/sw.js');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      }),
    )
    .toEqual([
      {
        title: 'Every alert by push: NVDA',
        body: 'NVDA high breakout alert',
        tag: 'n-e2e-1',
        data: { url: '/dashboard/journal' },
      },
    ]);
});
