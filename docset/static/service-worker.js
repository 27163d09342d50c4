// The site's service worker (docset/precache.py writes the line above: the build's id, its
// Workbox scripts and its manifest). It keeps one build of the site on the reader's device,
// every file of it, and answers each request for one of them from there, network or none.
(function () {
  "use strict";
  var precache = self.RiftboundPrecache;
  importScripts.apply(self, precache.workbox);
  // A page's address with a query (?h=466 after a search, ?rule=466.3.a on the list of
  // examples) is that page; a folder's address is its index.html.
  workbox.precaching.precacheAndRoute(precache.manifest, {
    ignoreURLParametersMatching: [/.*/],
    directoryIndex: "index.html",
    cleanURLs: false,
  });
  // The site's first worker takes the page that installed it at once: a reader who goes
  // offline before opening another page can still open an editor there. A new build's worker
  // waits instead, serving nothing, until the site's only page left open asks it to take over
  // (offline.js), and that page reloads from it.
  workbox.core.clientsClaim();
  self.addEventListener("message", function (event) {
    if (!event.data || event.data.type !== "take-over") return;
    var scope = self.registration.scope;
    event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      var open = windows.filter(function (w) { return w.url.indexOf(scope) === 0; });
      if (open.length <= 1) return self.skipWaiting();
    }));
  });
})();
