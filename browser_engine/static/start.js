// The in-browser engine's controls, the only part every page loads: "Try a variation" and
// "Open in the editor" on each worked example, and the editor on the "Ask the engine" page.
// The editor, its words and the engine load only when a reader asks (browser_engine/pack.py
// writes the line above this one: file names and the controls' words).
(function () {
  "use strict";
  var start = self.RiftboundEngineStart;
  var script = document.currentScript;
  if (!start || !script || !window.Promise) return;
  var folder = new URL(".", script.src).href; // .../assets/engine/
  var siteRoot = new URL(start.root, folder).href;
  var lang = start.languages.indexOf(document.documentElement.lang) >= 0
    ? document.documentElement.lang : start.languages[0];
  var words = start.words[lang];
  var languageRoot = siteRoot + start.folders[lang]; // each language's pages' folder (links/)
  var loading = null;

  function load(tag, attributes) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement(tag);
      Object.keys(attributes).forEach(function (key) { node[key] = attributes[key]; });
      node.onload = resolve;
      node.onerror = function () { reject(new Error(attributes.src || attributes.href)); };
      document.head.appendChild(node);
    });
  }

  // The editor's script, style and data: once per page, on the first request.
  function editor() {
    if (!loading) {
      loading = Promise.all([
        load("link", { rel: "stylesheet", href: folder + start.style }),
        load("script", { src: folder + start.data }),
      ]).then(function () { return load("script", { src: folder + start.editor }); })
        .then(function () {
          return window.RiftboundEditor.init({
            folder: folder, lang: lang, languageRoot: languageRoot, askPage: languageRoot + start.page,
            hosted: start.hosted[lang],
          });
        });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  function failed(place, error) {
    var message = document.createElement("p");
    message.className = "rb-engine-failed";
    message.setAttribute("role", "alert");
    message.textContent = words["launch.failed"].replace("{reason}", error.message || String(error));
    place.appendChild(message);
  }

  Array.prototype.forEach.call(document.querySelectorAll(".rb-example[data-example]"), function (example) {
    var id = example.getAttribute("data-example");
    var bar = document.createElement("p");
    bar.className = "rb-try";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rb-try-button";
    button.textContent = words["launch.try"];
    button.setAttribute("aria-expanded", "false");
    var link = document.createElement("a");
    link.href = languageRoot + start.page + "#example=" + encodeURIComponent(id);
    link.textContent = words["launch.open"];
    bar.appendChild(button);
    bar.appendChild(document.createTextNode(" · "));
    bar.appendChild(link);
    example.appendChild(bar);
    button.addEventListener("click", function () {
      button.disabled = true;
      editor().then(function (api) {
        button.disabled = false;
        api.toggleVariation(example, id, button);
      }, function (error) {
        button.disabled = false;
        failed(bar, error);
      });
    });
  });

  var page = document.getElementById("rb-ask");
  if (page) {
    editor().then(function (api) { api.openPage(page); }, function (error) { failed(page, error); });
  }
})();
