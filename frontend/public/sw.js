/*
 * The app's service worker (issue 25): shows a Web Push notification while no tab is open, and
 * opens (or focuses) the page it names when it is clicked. Plain JavaScript, served as it is: it
 * is not in the app's bundle, and does nothing else (no caching).
 */
const FALLBACK_URL = '/dashboard/alerts';

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' ? data.title : 'Edge Options';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : FALLBACK_URL;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || FALLBACK_URL;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
