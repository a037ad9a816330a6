/* The referees' service worker, served at /referee/sw.js (scope /referee/). It keeps the score
   sheets and their static files so that a sheet opens, and takes hands into its queue, without a
   connection. Pages: network first, the last good copy when offline. Static files: the cached copy
   at once, refreshed from the network. Writes (POST) always go to the network: the sheet's own
   queue (static/league/scoresheet.js) holds hands until the server confirms them. */
"use strict";
var CACHE = "mjl-referee-v1";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("mjl-referee-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// The sheet names what it needs (itself, its styles and scripts) once it has loaded.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.cache) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, {credentials: "same-origin"}).then(function (response) {
        if (response.ok && !response.redirected) return cache.put(url, response);
      }).catch(function () { /* offline now: kept from an earlier visit, if any */ });
    }));
  }));
});

function isStatic(url) { return url.pathname.indexOf("/static/") === 0; }

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname.indexOf("/referee/") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }, function () {
      return caches.match(url.pathname).then(function (cached) {
        return cached || new Response("<!doctype html><meta charset=utf-8><title>Offline</title>" +
          "<p>Offline: this page was not opened before on this device. / Offline: Diese Seite wurde " +
          "auf diesem Gerät noch nicht geöffnet.</p>", {status: 503, headers: {"Content-Type": "text/html"}});
      });
    }));
  } else if (isStatic(url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (cached) {
        var fresh = fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
        if (!cached) return fresh;
        fresh.catch(function () { /* offline: the cached copy serves */ });
        return cached;
      });
    }));
  }
});
