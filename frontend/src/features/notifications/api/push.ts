import { noContentSchema } from '@shared/api/responses';
import { pushKeySchema, pushSubscribedSchema } from '@shared/notifications/schemas';
import { apiPath } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage-keys';

/** The service worker that shows pushes (frontend/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can take Web Push at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const existingSubscription = async () =>
  (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL))?.pushManager.getSubscription() ?? null;

/** Whether this browser is subscribed (it has a subscription and the server's id for it). */
export async function pushSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false;
  return (
    (await existingSubscription()) !== null && localStorage.getItem(storageKeys.pushSubscriptionId) !== null
  );
}

/**
 * Asks for permission, registers the service worker, subscribes with the stage's VAPID key and
 * stores the subscription (POST /api/push/subscriptions). Throws with a sentence when refused.
 */
export async function subscribeThisBrowser(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted')
    throw new Error('Notifications are blocked for this site: allow them in the browser’s site settings.');
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest(apiPath('getPushKey'), pushKeySchema);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const { id } = await apiRequest(apiPath('subscribePush'), pushSubscribedSchema, {
    method: 'POST',
    body: subscription.toJSON(),
  });
  localStorage.setItem(storageKeys.pushSubscriptionId, id);
}

/** Unsubscribes this browser and forgets it on the server (DELETE /api/push/subscriptions/{id}). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const id = localStorage.getItem(storageKeys.pushSubscriptionId);
  await (await existingSubscription())?.unsubscribe();
  localStorage.removeItem(storageKeys.pushSubscriptionId);
  if (id)
    await apiRequest(apiPath('unsubscribePush', { id }), noContentSchema, { method: 'DELETE' }).catch(
      () => undefined,
    );
}
