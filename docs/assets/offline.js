// Keeps the hosted site on the reader's device: after one visit over http(s), every page, the
// search and the engine open with no network (sw.js, at the site's root, which
// docset/precache.py writes). The footer says when the site is saved. From disk (file://, a
// zip) nothing registers: every file is there already.
(function () {
  "use strict";
  var script = document.currentScript;
  var line = document.querySelector(".rb-offline");
  var workers = navigator.serviceWorker;
  if (!script || !line || !workers || !/^https?:$/.test(location.protocol)) return;
  var root = new URL("..", script.src).href; // this script sits in the site's assets/
  var controlled = !!workers.controller;

  function say(state) {
    line.textContent = line.getAttribute("data-" + state);
    line.hidden = false;
  }

  // A new build's worker, once it takes over (this being the site's only page open): the page
  // reloads from it, the new build whole.
  workers.addEventListener("controllerchange", function () {
    if (controlled) location.reload();
    controlled = true;
  });

  window.addEventListener("load", function () {
    workers.register(root + "sw.js", { scope: root }).then(function (registration) {
      function show() {
        if (registration.waiting) registration.waiting.postMessage({ type: "take-over" });
        say(registration.active ? "saved" : registration.installing ? "saving" : "failed");
      }
      function follow(worker) {
        if (worker) worker.addEventListener("statechange", show);
      }
      registration.addEventListener("updatefound", function () {
        follow(registration.installing);
        show();
      });
      follow(registration.installing);
      follow(registration.waiting);
      show();
    }, function () { say("failed"); });
  });
})();
