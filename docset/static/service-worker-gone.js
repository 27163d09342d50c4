// The service worker `mkdocs serve` writes (docset/precache.py): a site being written is never
// kept on the reader's device. Where a build served at the same address left its worker, this
// one replaces it, deletes its cache, unregisters, and reloads the pages it had, from the
// server this time.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  var scope = self.registration.scope;
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.slice(-scope.length) === scope; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.registration.unregister(); })
    .then(function () { return self.clients.matchAll({ type: "window" }); })
    .then(function (windows) { windows.forEach(function (w) { w.navigate(w.url); }); }));
});
