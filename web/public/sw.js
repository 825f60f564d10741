/* global self */
/*
 * The service worker: shows the pushes the reminder job and 'Send a test notification' send, and
 * opens the page a notification names when it is tapped. It has no fetch handler, so every page and
 * API answer comes from the network as before: nothing stale is ever served as fresh. A new version
 * takes over as soon as it is installed (skipWaiting, clients.claim), so a deploy needs no second visit.
 */
const FALLBACK_URL = '/dashboard';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this site: a push can never send the user elsewhere. */
function sitePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : FALLBACK_URL;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Renewal Reminders';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sitePath(data.url) },
      actions: [{ action: 'open', title: 'Open' }],
    }),
  );
});

/** Brings a window of the site to `url`: the open one if there is one, else a new one. */
async function openAt(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === url.origin);
  if (!open) return self.clients.openWindow(url.href);
  // Focusing may be refused (it needs the tap's activation); the page still moves to the reminder.
  await open.focus().catch(() => undefined);
  return open.navigate(url.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openAt(new URL(sitePath(data && data.url), self.location.origin)));
});
