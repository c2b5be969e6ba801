import { useCallback, useState } from 'react';
import { NOTIFICATIONS_BLOCKED, NOTIFICATIONS_ENABLED } from '@shared/constants/texts';

export type NotificationState = 'unsupported' | NotificationPermission;

const supported = () => typeof window !== 'undefined' && 'Notification' in window;
const permissionNow = (): NotificationState => (supported() ? Notification.permission : 'unsupported');

export interface ShowOptions {
  body: string;
  tag: string;
  /** Close after this long; undefined keeps it until the user closes it. */
  autoCloseMs?: number;
}

/** One browser notification; failures are logged as warnings (spec 8), never thrown. */
export function showNotification(title: string, { body, tag, autoCloseMs }: ShowOptions): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, {
      body,
      tag,
      requireInteraction: autoCloseMs === undefined,
    });
    if (autoCloseMs !== undefined) setTimeout(() => notification.close(), autoCloseMs);
  } catch (error) {
    console.warn('Could not show a notification', error);
  }
}

/**
 * Browser notifications On / Off with the permission flow of spec 4: turning on asks when the
 * browser has not been asked ('default'); granted turns them on (with a test notification when
 * `confirm` is set); denied shows that they are blocked. Off by default on each visit.
 */
export function useBrowserNotifications({ confirm }: { confirm: boolean }) {
  const [enabled, setEnabled] = useState(false);
  const [permission, setPermission] = useState<NotificationState>(permissionNow);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const turnOn = useCallback(async () => {
    if (!supported()) {
      setMessage({ tone: 'error', text: 'This browser does not support notifications.' });
      return;
    }
    let result = Notification.permission;
    if (result === 'default') {
      try {
        result = await Notification.requestPermission();
      } catch (error) {
        console.warn('Notification permission request failed', error);
      }
    }
    setPermission(result);
    if (result === 'granted') {
      setEnabled(true);
      setMessage({ tone: 'ok', text: NOTIFICATIONS_ENABLED });
      if (confirm)
        showNotification(NOTIFICATIONS_ENABLED, {
          body: 'Market alerts will appear here.',
          tag: 'enabled',
          autoCloseMs: 5000,
        });
    } else {
      setEnabled(false);
      setMessage(result === 'denied' ? { tone: 'error', text: NOTIFICATIONS_BLOCKED } : null);
    }
  }, [confirm]);

  const turnOff = useCallback(() => {
    setEnabled(false);
    setMessage(null);
  }, []);

  return { enabled, permission, message, turnOn, turnOff };
}
