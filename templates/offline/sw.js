/* Tablescore's service worker (#13), served by scoring/pages/table/offline.py. */
"use strict";
var CACHE = "tablescore-__VERSION__";
var SHELL = {{ shell|safe }};
importScripts({{ outbox|safe }});

// A scorer page (/t/<code>/), a scoreboard (/matches/<id>/) or the words of the scripts in one
// language (/jsi18n/<language>.js): the network first, the last copy when there is no network.
function isPage(url) {
  return /^\/t\/[^/]+\/$/.test(url.pathname) || /^\/matches\/\d+\/$/.test(url.pathname) ||
    /^\/jsi18n\/[\w-]+\.js$/.test(url.pathname);
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("tablescore-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (SHELL.indexOf(url.pathname) !== -1) {
    event.respondWith(caches.match(url.pathname).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  if (!isPage(url) || request.headers.get("HX-Request")) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
    }
    return response;
  }, function () {
    return caches.match(url.pathname).then(function (hit) { return hit || Response.error(); });
  }));
});

// Chromium: the browser wakes the worker when the network is back, even with the page closed.
self.addEventListener("sync", function (event) {
  if (event.tag !== "tablescore-outbox") return;
  event.waitUntil(self.TablescoreOutbox.drain(null, true, true).then(function (accepted) {
    return self.clients.matchAll().then(function (clients) {
      clients.forEach(function (client) { client.postMessage({ outbox: true, accepted: accepted }); });
    });
  }));
});

// The page saw the network come back: give up the sends still waiting for their timeout.
self.addEventListener("message", function (event) {
  if (event.data && event.data.abort) self.TablescoreOutbox.abort();
});
