// The service worker (served at /sw.js so that it covers the whole site), on Workbox
// 7.4.1 (static/vendor/workbox-7.4.1, loaded from this site, never a CDN). The app shell
// (styles, scripts, icons) is kept at install; each page opened is kept as it was last
// seen, so with no connection the phone still shows the last board it saw, and the hands
// entered meanwhile wait in the page (static/js/offline.js). Live checks, fragments and
// every POST go to the network only.
"use strict";
importScripts("{{ workbox_sw|escapejs }}");
const MODULES = {
  "workbox-core": "{{ workbox.core|escapejs }}",
  "workbox-routing": "{{ workbox.routing|escapejs }}",
  "workbox-strategies": "{{ workbox.strategies|escapejs }}",
};
workbox.setConfig({ debug: false, modulePathCb: (name) => MODULES[name] });

const SHELL = "smear-shell-{{ version }}";
const PAGES = "smear-pages";
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
        keys.filter((k) => k.startsWith("smear-shell-") && k !== SHELL).map((k) => caches.delete(k))
      ))
      .then(() => self.clients.claim())
  );
});

const { registerRoute, setCatchHandler } = workbox.routing;
const { CacheFirst, NetworkFirst } = workbox.strategies;
// A page differs by cookie (Vary: Cookie), and this phone's cookie is the one it had.
const matchOptions = { ignoreVary: true };

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(STATIC) && request.method === "GET",
  STATIC_CACHE_FIRST
    ? new CacheFirst({ cacheName: SHELL, matchOptions })
    : new NetworkFirst({ cacheName: SHELL, matchOptions })
);
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.mode === "navigate",
  new NetworkFirst({ cacheName: PAGES, matchOptions })
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
