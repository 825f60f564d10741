/* global self, caches */
/*
 * The service worker: opens the signed-in app at once (its shell from a cache), shows the pushes the
 * reminder job and 'Send a test notification' send, and opens the page a notification names when it
 * is tapped. The build (web/build/service-worker.ts) writes BUILD below: its version, the hashed
 * assets and the routes the app shell answers. A deploy changes the version, so the browser installs
 * the new worker on the next visit; it takes over at once (skipWaiting, clients.claim) and deletes
 * the caches of older versions. API answers are never cached: stale data is never served as fresh.
 * The runtime configuration (/config.json) is asked of the network first; its last copy answers only
 * when the network cannot, so the app still opens offline.
 */
const BUILD = '__SERVICE_WORKER_BUILD__';
const FALLBACK_URL = '/dashboard';
const SHELL_URL = '/app.html';
const CONFIG_URL = '/config.json';
const CACHE_PREFIX = 'rr-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
const appRoutes = BUILD.appRoutes.map((source) => new RegExp(source));

async function precache() {
  const cache = await caches.open(CACHE);
  // 'reload': the network's copy, never the HTTP cache's (which may hold an older app.html).
  await cache.addAll([SHELL_URL, ...BUILD.assets].map((url) => new Request(url, { cache: 'reload' })));
  // The configuration too, so the next visit opens offline; not a reason to fail the install.
  await cache.add(new Request(CONFIG_URL, { cache: 'reload' })).catch(() => undefined);
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
}

self.addEventListener('install', (event) => {
  // A development build (no assets, version 'dev') caches nothing: the dev server reloads as it likes.
  event.waitUntil((BUILD.assets.length > 0 ? precache() : Promise.resolve()).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) =>
  event.waitUntil(dropOldCaches().then(() => self.clients.claim())),
);

/** The cached copy, else the network's (kept when it is a hashed asset). */
async function cacheFirst(request, key, keep) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  if (cached) return cached;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(key, response.clone());
  return response;
}

/** The network's answer (kept for later), else the last one kept. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || BUILD.assets.length === 0) return;
  const url = new URL(request.url);
  // Only the shell, the hashed assets and the configuration; everything else (/api above all) goes
  // to the network as is.
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && appRoutes.some((route) => route.test(url.pathname))) {
    event.respondWith(cacheFirst(request, SHELL_URL, false));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, url.pathname, true));
  } else if (url.pathname === CONFIG_URL) {
    event.respondWith(networkFirst(request, CONFIG_URL));
  }
});

/** Only a path of this site: a push can never send the user elsewhere. */
function sitePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : FALLBACK_URL;
}

/** A push about one reminder opens its page, where it may also be snoozed. */
const isReminderPage = (path) => /^\/reminders\/[^/?#]+$/.test(path);

/** 'Open', and 'Snooze 3 days' for one reminder (browsers that show no actions ignore them). */
function actionsFor(path) {
  const open = { action: 'open', title: 'Open' };
  return isReminderPage(path) ? [open, { action: 'snooze', title: 'Snooze 3 days' }] : [open];
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
      actions: actionsFor(sitePath(data.url)),
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

/**
 * A tap opens the page the push names. 'Snooze 3 days' opens the reminder's page asking to confirm
 * (?snooze=1): the worker holds no session of its own (the tokens live in the page's storage), so it
 * never calls the API itself.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = new URL(sitePath(data && data.url), self.location.origin);
  if (event.action === 'snooze' && isReminderPage(url.pathname)) url.searchParams.set('snooze', '1');
  event.waitUntil(openAt(url));
});
