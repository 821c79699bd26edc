// The service worker (served at /sw.js so that it covers the whole site): the app shell
// (styles, scripts, icons) is kept at install; each page opened is kept as it was last
// seen, so with no connection the phone still shows the last board it saw, and the hands
// entered meanwhile wait in the page (static/js/offline.js). Live checks, fragments and
// every POST go to the network only.
"use strict";
const SHELL = "smear-shell-{{ version }}";
const PAGES = "smear-pages";
const STATIC = "{{ static_prefix|escapejs }}";
const SHELL_FILES = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
// Static file names carry a content hash in production: a cached one never goes stale.
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

function networkFirst(request, cacheName) {
  return fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreVary: true }).then((hit) => hit || offlinePage(request)));
}

function offlinePage(request) {
  if (request.mode !== "navigate") return Response.error();
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline · Smear Scores</title><p>No connection, and this page was not opened on " +
    "this phone before. Connect to the table's Wi-Fi and try again.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(
      STATIC_CACHE_FIRST
        ? caches.match(request).then((hit) => hit || networkFirst(request, SHELL))
        : networkFirst(request, SHELL)
    );
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, PAGES));
  }
});
