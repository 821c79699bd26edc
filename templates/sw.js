// The service worker (served at /sw.js so that it covers the whole site), on Workbox
// 7.4.1 (static/vendor/workbox-7.4.1, loaded from this site, never a CDN). The app shell
// (styles, scripts, icons) is kept at install. Only the pages the offline board needs
// (home, a game's board and history, the rules) are kept as last seen, so with no
// connection the phone still shows the last board it saw, and the hands entered
// meanwhile wait in the page (static/js/offline.js). Nothing else is kept: not the
// admin, clubs, leagues or tournament pages (a director's screen shows every table's
// scoring code), which would outlive a logout. The scoring link box is cut out of a
// board before it is kept, for the same reason. Live checks, fragments and every POST
// go to the network only.
"use strict";
importScripts("{{ workbox_sw|escapejs }}");
const MODULES = {
  "workbox-core": "{{ workbox.core|escapejs }}",
  "workbox-routing": "{{ workbox.routing|escapejs }}",
  "workbox-strategies": "{{ workbox.strategies|escapejs }}",
};
workbox.setConfig({ debug: false, modulePathCb: (name) => MODULES[name] });

const SHELL = "smear-shell-{{ version }}";
const PAGES = "smear-pages-2";
// Paths of the pages kept for offline use (smear_scores/views/pwa.py, OFFLINE_PAGES).
const OFFLINE_PAGES = new RegExp("{{ offline_pages|escapejs }}");
const STATIC = "{{ static_prefix|escapejs }}";
const SHELL_FILES = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
// Static file names carry a content hash in production: a kept one never goes stale.
// Without hashes (DEBUG), ask the network first.
const STATIC_CACHE_FIRST = {{ hashed|yesno:"true,false" }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        // Older shells, and the page cache of earlier versions, which kept every page.
        keys.filter((k) => (k.startsWith("smear-shell-") && k !== SHELL) || k === "smear-pages")
          .map((k) => caches.delete(k))
      ))
      .then(() => self.clients.claim())
  );
});

const { registerRoute, setCatchHandler } = workbox.routing;
const { CacheFirst, NetworkFirst, NetworkOnly } = workbox.strategies;
// A page differs by cookie (Vary: Cookie), and this phone's cookie is the one it had.
const matchOptions = { ignoreVary: true };

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(STATIC) && request.method === "GET",
  STATIC_CACHE_FIRST
    ? new CacheFirst({ cacheName: SHELL, matchOptions })
    : new NetworkFirst({ cacheName: SHELL, matchOptions })
);
// A board is kept without its scoring link box (between these marks in game.html): a
// page left in the cache must not let the next person at this phone score. It is kept
// with the time it was fetched, which the page says when it is shown with no connection.
const SECRET = /<!-- scoring-secret -->[\s\S]*?<!-- \/scoring-secret -->/g;
async function keepable(response) {
  if (!response || response.status !== 200) return null;
  const text = (await response.text()).replace(SECRET, "");
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());
  return new Response(text, { status: 200, statusText: response.statusText, headers });
}
const keptPages = {
  cacheWillUpdate: async ({ response }) => keepable(response),
  // Only read with no connection (the network comes first): the page says it is a saved
  // copy, and from when (static/js/offline.js shows it).
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const kept = cachedResponse.headers.get("X-Kept-At") || "";
    const text = (await cachedResponse.text()).replace(
      "<body", '<body data-saved-copy="' + kept.replace(/[^0-9TZ:.-]/g, "") + '"'
    );
    return new Response(text, { status: 200, headers: cachedResponse.headers });
  },
};
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.mode === "navigate" && OFFLINE_PAGES.test(url.pathname),
  new NetworkFirst({ cacheName: PAGES, matchOptions, plugins: [keptPages] })
);
// The board changes in place (a hand recorded, a live update): the page asks for its copy
// to be kept again, so a reload with no connection shows the latest board, not the first.
self.addEventListener("message", (event) => {
  const wanted = event.data && event.data.keep;
  if (typeof wanted !== "string") return;
  const url = new URL(wanted, self.location.origin);
  url.hash = "";
  if (url.origin !== self.location.origin || !OFFLINE_PAGES.test(url.pathname)) return;
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin", cache: "no-store" })
      .then(keepable)
      .then((page) => page && caches.open(PAGES).then((cache) => cache.put(url.href, page)))
      .then(() => event.source && event.source.postMessage({ kept: url.pathname }))
      .catch(() => {})
  );
});
// Every other page: the network only (with no connection, the offline page below).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.mode === "navigate",
  new NetworkOnly()
);

// A page never opened on this phone, with no connection.
setCatchHandler(({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline · Smear Scores</title><p>No connection, and this page was not opened on " +
    "this phone before. Connect to the table's Wi-Fi and try again.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
});
