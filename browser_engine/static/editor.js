// The in-browser engine's editor: a form for a board, and the project's own Python engine
// (Pyodide in a Web Worker) to play it. Loaded by start.js when a reader opens an editor.
// Every word comes from the site's words (browser_engine/words.py, in data.js); every
// answer from the engine (browser_engine/entry.py). No rule is decided here.
(function () {
  "use strict";
  var DATA = self.RiftboundEngineData;
  var config = null;
  var W = null;
  var editors = 0;

  function t(key, values) {
    var text = W[key];
    if (text === undefined) throw new Error("no word " + key);
    return values ? text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? said(values[k]) : m; }) : text;
  }

  // A value in a word: a number the site computed as the page's language writes it, as
  // vocabulary.typography.number does (a true minus, digits grouped by three from 10 000 on).
  function said(value) {
    if (typeof value !== "number" || !isFinite(value) || value % 1 !== 0) return String(value);
    var digits = String(Math.abs(value));
    if (digits.length >= 5) {
      var groups = [];
      for (var end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
      digits = groups.join(DATA.digitGroups[config.lang]);
    }
    return (value < 0 ? "\u2212" : "") + digits;
  }

  function copy(value) { return JSON.parse(JSON.stringify(value)); }

  function h(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      var value = attributes[key];
      if (value === undefined || value === null || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // A button of the action bar: the theme's icon (an SVG the build checked and inlined into
  // the data: markup/icons.py) and its name, which a narrow bar shows as a tooltip only.
  function action(icon, name, attributes) {
    var picture = h("span", { className: "rb-icon" });
    picture.innerHTML = DATA.icons[icon];
    var button = h("button", Object.assign({ type: "button" }, attributes),
      [picture, h("span", { className: "rb-label", text: name })]);
    button.classList.add("rb-action");
    return button;
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toLocaleString(config.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  // ---- the engine: Pyodide in a module worker made from a data: URL ---------------------
  // (Chromium refuses file-based and blob: workers on file://, and Pyodide classic workers.)

  function workerMain() {
    var bytes = {};
    var handle = null;
    async function gunzip(text) {
      var stream = new Blob([Uint8Array.fromBase64(text)]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    }
    function module(name) {
      return import(URL.createObjectURL(new Blob([bytes[name]], { type: "text/javascript" })));
    }
    self.onmessage = async function (event) {
      var message = event.data;
      if (message.type === "call") {
        var answer;
        try {
          answer = String(handle(message.request));
        } catch (error) {
          // A Python error's message is its whole traceback: the reader gets its last line.
          var lines = String((error && error.message) || error).trim().split("\n");
          answer = JSON.stringify({ ok: false, error: lines[lines.length - 1] });
        }
        self.postMessage({ type: "answer", id: message.id, answer: answer });
        return;
      }
      var times = {};
      var begun = performance.now();
      var lap = function (name) { times[name] = Math.round(performance.now() - begun); };
      try {
        for (var name of Object.keys(message.files)) bytes[name] = await gunzip(message.files[name]);
        lap("unpacked");
        // Pyodide fetches its runtime and standard library by URL: answer from memory.
        self.fetch = function (url) {
          var file = String(url).split("?")[0].split("/").pop();
          if (!bytes[file]) return Promise.reject(new TypeError("the engine works offline; no " + file));
          var type = file.slice(-5) === ".wasm" ? "application/wasm" : "application/octet-stream";
          return Promise.resolve(new Response(bytes[file], { headers: { "Content-Type": type } }));
        };
        var loader = await module("pyodide.mjs");
        var runtime = await module("pyodide.asm.mjs");
        lap("imported");
        var pyodide = await loader.loadPyodide({
          indexURL: message.indexURL,
          packageBaseUrl: message.indexURL,
          lockFileContents: { info: message.lockInfo, packages: {} },
          createPyodideModule: runtime.default,
        });
        lap("python");
        pyodide.unpackArchive(bytes[message.code], "zip", { extractDir: "/home/pyodide/riftbound" });
        pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/riftbound')");
        handle = pyodide.pyimport(message.entry).handle;
        lap("engine");
        var warm = JSON.parse(String(handle(message.warmUp)));
        if (!warm.ok) throw new Error("the engine refused its own starting board: " + JSON.stringify(warm));
        lap("warm");
        self.postMessage({ type: "ready", times: times });
      } catch (error) {
        self.postMessage({ type: "failed", reason: String((error && error.message) || error) });
      }
    };
  }

  var engine = { state: { stage: "idle" }, ready: null, worker: null, waiting: {}, next: 1, listeners: [], queue: Promise.resolve() };

  function tell(state) {
    engine.state = state;
    engine.listeners.forEach(function (listener) { listener(state); });
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement("script");
      node.src = src;
      node.onload = resolve;
      node.onerror = function () { reject(new Error(src)); };
      document.head.appendChild(node);
    });
  }

  // The browser's own Worker. On file://, the theme's search shim (npm iframe-worker) puts an
  // iframe-based imitation in its place, which cannot run a module worker: a blank frame of
  // this page still has the real one, once the frame has loaded (a worker made by a
  // document that is then replaced would stop with it).
  var nativeWorker = null;
  function workerClass() {
    if (!nativeWorker) {
      nativeWorker = new Promise(function (resolve) {
        if (/\[native code\]/.test(Function.prototype.toString.call(window.Worker))) {
          resolve(window.Worker);
          return;
        }
        var frame = document.createElement("iframe");
        frame.hidden = true;
        frame.setAttribute("aria-hidden", "true");
        frame.tabIndex = -1;
        frame.addEventListener("load", function () { resolve(frame.contentWindow.Worker); }, { once: true });
        document.body.appendChild(frame);
      });
    }
    return nativeWorker;
  }

  function startEngine() {
    if (engine.ready) return engine.ready;
    performance.mark("rb-engine-start");
    var files = DATA.files;
    var total = files.reduce(function (sum, f) { return sum + f.size; }, 0);
    var done = 0;
    var have = self.RiftboundEngineFiles || {};
    tell({ stage: "loading", done: 0, total: total });
    var loaded = files.map(function (file) {
      var got = have[file.name] ? Promise.resolve() : loadScript(config.folder + file.src);
      return got.then(function () {
        done += file.size;
        tell({ stage: "loading", done: done, total: total });
      });
    });
    engine.ready = Promise.all(loaded.concat([workerClass()])).then(function (got) {
      var Worker = got[got.length - 1];
      var registry = self.RiftboundEngineFiles || {};
      var sent = {};
      files.forEach(function (file) {
        if (!registry[file.name]) throw new Error("missing " + file.src);
        sent[file.name] = registry[file.name];
      });
      tell({ stage: "starting" });
      var source = "(" + workerMain.toString() + ")();";
      var worker = new Worker("data:text/javascript;charset=utf-8," + encodeURIComponent(source), { type: "module" });
      engine.worker = worker;
      return new Promise(function (resolve, reject) {
        worker.onmessage = function (event) {
          var message = event.data;
          if (message.type === "ready") {
            performance.mark("rb-engine-ready");
            engine.times = message.times; // milliseconds since the worker got the files
            tell({ stage: "ready" });
            resolve();
          } else if (message.type === "failed") {
            reject(new Error(message.reason));
          } else if (message.type === "answer") {
            var waiting = engine.waiting[message.id];
            delete engine.waiting[message.id];
            if (waiting) waiting.resolve(message.answer);
          }
        };
        worker.onerror = function (event) {
          var where = event.filename ? " (" + event.filename.slice(0, 60) + ":" + event.lineno + ")" : "";
          reject(new Error((event.message || "the worker stopped") + where));
        };
        worker.onmessageerror = function () { reject(new Error("a message to the worker was lost")); };
        worker.postMessage({
          type: "start",
          files: sent,
          lockInfo: DATA.lockInfo,
          indexURL: config.folder,
          code: DATA.code,
          entry: DATA.entry,
          warmUp: JSON.stringify({ action: "run", lang: config.lang, form: DATA.blank }),
        });
      });
    });
    engine.ready.catch(function (error) {
      stopEngine();
      tell({ stage: "failed", reason: error.message || String(error) });
    });
    return engine.ready;
  }

  function stopEngine() {
    if (engine.worker) engine.worker.terminate();
    engine.worker = null;
    engine.ready = null;
    Object.keys(engine.waiting).forEach(function (id) {
      engine.waiting[id].reject(new Error("stopped"));
    });
    engine.waiting = {};
  }

  // One request to the Python entry; answers as an object. Requests go to the worker one at a
  // time, so that each one's time limit counts its own run, not the wait behind another.
  function ask(request) {
    var turn = engine.queue.then(startEngine).then(function () { return post(request); });
    engine.queue = turn.catch(function () {}); // the next waits for this one, however it ends
    return turn;
  }

  // Stopped past the time limit (the worker restarts at the next request).
  function post(request) {
    return new Promise(function (resolve, reject) {
      var id = engine.next++;
      var seconds = DATA.limits.seconds;
      var timer = setTimeout(function () {
        delete engine.waiting[id]; // this request says why
        stopEngine();
        tell({ stage: "stopped", seconds: seconds });
        reject(new Error(t("status.timeout", { seconds: seconds })));
      }, seconds * 1000);
      engine.waiting[id] = {
        resolve: function (answer) { clearTimeout(timer); resolve(JSON.parse(answer)); },
        reject: function (error) { clearTimeout(timer); reject(error); },
      };
      engine.worker.postMessage({ type: "call", id: id, request: JSON.stringify(request) });
    });
  }

  // ---- the form: drawn from the view the engine describes (browser_engine/view.py) -------

  function Editor(root, options) {
    this.root = root;
    this.mode = options.mode; // "variation" or "page"
    this.number = ++editors;
    this.start = copy(options.form);
    this.documented = options.documented || null;
    this.form = copy(options.form);
    this.view = null;
    this.problems = [];
    this.opened = {}; // the groups whose folded fields the reader opened, by key
    this.build();
  }

  Editor.prototype.id = function (key) {
    return "rb-ed" + this.number + "-" + String(key).replace(/[^A-Za-z0-9_-]/g, "_");
  };

  Editor.prototype.build = function () {
    var self = this;
    var headingId = this.id("title");
    this.heading = h(this.mode === "page" ? "h2" : "h3", { id: headingId, tabindex: "-1", className: "rb-editor-title",
      text: t(this.mode === "page" ? "editor.board" : "editor.variation") });
    this.progress = h("progress", { "aria-label": t("status.progress"), max: "1" });
    this.bytes = h("span", { className: "rb-engine-bytes" });
    this.status = h("p", { className: "rb-engine-status", role: "status" });
    this.fields = h("div", { className: "rb-fields" });
    this.problemList = h("div", { className: "rb-problems rb-board-problems", role: "alert", tabindex: "-1", hidden: true });
    this.shareBox = h("div", { className: "rb-share", hidden: true });
    this.answer = h("p", { className: "rb-answer", tabindex: "-1", hidden: true });
    this.result = h("div", { className: "rb-result", hidden: true });
    this.choices = h("section", { className: "rb-choices-box", hidden: true });
    var page = this.mode === "page";
    var buttons = [
      action("run", t("button.run"), { type: "submit", className: "rb-run" }),
      action(page ? "new" : "reset", t(page ? "button.new" : "button.reset"), { onclick: function () {
        self.reset(page ? DATA.blank : self.start);
      } }),
      action("explore", t("button.explore"), { className: "rb-explore-button", onclick: function () { self.explore(); } }),
      action("download", t("button.download"), { className: "rb-download", onclick: function () { self.download(); } }),
      action("share", t("button.share"), { className: "rb-share-button", onclick: function () { self.share(); } }),
    ];
    if (!page) {
      buttons.push(action("close", t("editor.close"), { className: "rb-close", onclick: function () { self.close(); } }));
    }
    this.formNode = h("form", { className: "rb-form", novalidate: true, onsubmit: function (event) { event.preventDefault(); self.run(); } },
      [this.fields, h("div", { className: "rb-actions" }, buttons)]);
    this.node = h("section", { className: "rb-editor", "aria-labelledby": headingId, "data-search-exclude": true,
      "data-mode": this.mode, "data-engine-state": "idle" }, [
      this.heading,
      h("p", { className: "rb-editor-hint", text: t("editor.hint") }),
      h("div", { className: "rb-engine" }, [this.progress, " ", this.bytes, this.status]),
      this.mode === "page" ? this.openPanel() : null,
      this.formNode,
      // The answer first: the outcome and how it differs, right under the controls.
      this.answer,
      this.problemList,
      this.shareBox,
      this.choices,
      this.result,
    ]);
    this.root.appendChild(this.node);
    this.listener = function (state) { self.showEngine(state); };
    engine.listeners.push(this.listener);
    this.showEngine(engine.state);
    this.describe();
  };

  // Progress is shown as it goes; the status line (read out) changes with each stage only.
  Editor.prototype.showEngine = function (state) {
    this.node.setAttribute("data-engine-state", state.stage);
    this.bytes.textContent = "";
    this.progress.hidden = state.stage === "ready" || state.stage === "idle";
    if (state.stage === "loading") {
      this.progress.max = state.total;
      this.progress.value = state.done;
      this.bytes.textContent = t("status.loading", { done: megabytes(state.done), total: megabytes(state.total) });
      if (state.done === 0) this.say(this.bytes.textContent);
    } else if (state.stage === "starting") {
      this.progress.removeAttribute("value");
      this.say(t("status.starting"));
    } else if (state.stage === "ready") {
      if (!this.status.textContent || this.engineSaid) this.say(t("status.ready"));
    } else if (state.stage === "failed") {
      this.say(t("status.failed", { reason: state.reason }));
    } else if (state.stage === "stopped") {
      this.say(t("status.timeout", { seconds: state.seconds }));
    }
    this.engineSaid = state.stage !== "ready";
  };

  Editor.prototype.say = function (text) { this.status.textContent = text; };

  Editor.prototype.request = function (request) {
    var self = this;
    request.lang = config.lang;
    request.mode = this.mode;
    return ask(request).then(function (answer) {
      if (answer.error) throw new Error(answer.error);
      return answer;
    }).catch(function (error) {
      self.say(error.message || String(error));
      throw error;
    });
  };

  Editor.prototype.describe = function () {
    var self = this;
    return this.request({ action: "describe", form: this.form }).then(function (answer) {
      self.draw(answer.view);
    });
  };

  // What the reader did to a control (or a button pressed): the engine answers with the
  // new form and its view. Edits go one at a time, in order.
  Editor.prototype.edit = function (key, value) {
    var self = this;
    this.edits = (this.edits || Promise.resolve()).then(function () {
      var request = { action: "edit", form: self.form, key: key };
      if (value !== undefined) request.value = value;
      var before = self.keys();
      return self.request(request).then(function (answer) {
        self.form = answer.form;
        self.draw(answer.view, before);
      }, function () { /* said */ });
    });
    return this.edits;
  };

  // Every edit made so far, done (a value typed and not yet committed included: Enter in a
  // field submits the form at once).
  Editor.prototype.settled = function () {
    var active = document.activeElement;
    if (active && this.fields.contains(active) && active.type === "text" && active.value !== active.getAttribute("data-value")) {
      this.edit(active.getAttribute("data-key"), active.value);
    }
    return this.edits || Promise.resolve();
  };

  Editor.prototype.keys = function () {
    var keys = {};
    Array.prototype.forEach.call(this.fields.querySelectorAll("[data-key]"), function (n) { keys[n.getAttribute("data-key")] = true; });
    return keys;
  };

  // Draws the view, keeping focus where it was (or, after an item was added, on its first
  // control), and the problems beside their controls.
  Editor.prototype.draw = function (view, before) {
    var active = document.activeElement;
    var focused = active && this.fields.contains(active) ? active.getAttribute("data-key") : null;
    // What the reader is typing and has not committed yet goes on in the field drawn again, and
    // so does the caret or selection (a field selected to be typed over stays selected).
    var typing = focused && active.type === "text"
      ? { value: active.value !== active.getAttribute("data-value") ? active.value : null,
        start: active.selectionStart, end: active.selectionEnd } : null;
    this.view = view;
    this.fields.replaceChildren.apply(this.fields, view.children.map(this.element, this));
    var target = null;
    if (before) {
      target = Array.prototype.filter.call(this.fields.querySelectorAll("input[data-key], select[data-key]"), function (n) {
        return !before[n.getAttribute("data-key")];
      })[0] || null;
    }
    if (!target && focused) target = this.fields.querySelector('[data-key="' + CSS.escape(focused) + '"]');
    if (target) {
      var fold = target.closest("details.rb-more");
      if (fold) fold.open = true;
      target.focus();
      if (typing && target.getAttribute("data-key") === focused) {
        if (typing.value !== null) target.value = typing.value;
        target.setSelectionRange(typing.start, typing.end);
      }
    }
    this.showProblems();
  };

  Editor.prototype.element = function (element) {
    if (element.t === "group") return this.group(element);
    if (element.t === "button") return this.button(element);
    if (element.t === "note") {
      return h("p", { className: "rb-note" + (element.warning ? " rb-warning" : ""), "data-key": element.key, text: element.label });
    }
    return this.field(element);
  };

  Editor.prototype.group = function (group) {
    var self = this;
    var shown = group.children.filter(function (c) { return !c.optional; });
    var folded = group.children.filter(function (c) { return c.optional; });
    var children = [h("legend", { text: group.label })].concat(shown.map(this.element, this));
    if (folded.length) {
      var more = h("details", { className: "rb-more", open: !!this.opened[group.key] },
        [h("summary", { text: t("form.more", { count: folded.length }) })].concat(folded.map(this.element, this)));
      more.addEventListener("toggle", function () { self.opened[group.key] = more.open; });
      children.push(more);
    }
    var css = "rb-group " + (group["class"] || "") + (group.off ? " rb-off" : "");
    return h("fieldset", { className: css, "data-field": group.key }, children);
  };

  Editor.prototype.button = function (button) {
    var self = this;
    return h("button", { type: "button", className: button["class"], "data-key": button.key, text: button.label,
      "aria-label": button.described || undefined,
      onclick: function () { self.edit(button.key); } });
  };

  Editor.prototype.field = function (field) {
    var self = this;
    var id = this.id(field.key);
    var attributes = { id: id, "data-path": field.key, "data-key": field.key, disabled: field.disabled || undefined };
    var control;
    if (field.kind === "select") {
      control = h("select", attributes, field.choices.map(function (choice) {
        return h("option", { value: choice[0], text: choice[1], selected: field.value === choice[0] });
      }));
      if (!field.choices.some(function (c) { return c[0] === field.value; })) {
        control.appendChild(h("option", { value: field.value, text: field.value, selected: true }));
      }
    } else if (field.kind === "checkbox") {
      control = h("input", Object.assign(attributes, { type: "checkbox", checked: field.value === true }));
    } else {
      control = h("input", Object.assign(attributes, { type: "text", value: field.value, "data-value": field.value, autocomplete: "off",
        inputmode: field.kind === "number" ? "numeric" : undefined, spellcheck: field.kind === "number" ? "false" : undefined }));
    }
    control.addEventListener("change", function () {
      self.edit(field.key, field.kind === "checkbox" ? control.checked : control.value);
    });
    var label = h("label", { "for": id, text: field.label });
    return h("div", { className: "rb-field rb-field-" + field.kind, "data-field": field.key },
      field.kind === "checkbox" ? [control, " ", label] : [label, control]);
  };

  // -- problems, next to their controls, and listed with links to them ---------------------

  Editor.prototype.showProblems = function () {
    var self = this;
    Array.prototype.forEach.call(this.fields.querySelectorAll(".rb-field-error"), function (n) { n.remove(); });
    Array.prototype.forEach.call(this.fields.querySelectorAll("[aria-invalid]"), function (n) {
      n.removeAttribute("aria-invalid");
      n.removeAttribute("aria-describedby");
    });
    var list = h("ul", {});
    this.problems.forEach(function (problem, i) {
      var place = problem.key ? self.fields.querySelector('[data-field="' + CSS.escape(problem.key) + '"]') : null;
      var control = place && !place.matches("fieldset") ? place.querySelector("input, select") : null;
      var noteId = self.id("problem-" + i);
      var item = control
        ? h("a", { href: "#" + control.id, text: problem.summary, onclick: function (event) {
          event.preventDefault();
          var fold = control.closest("details.rb-more");
          if (fold) fold.open = true;
          control.focus();
        } })
        : document.createTextNode(problem.summary);
      list.appendChild(h("li", {}, [item]));
      if (!place) return;
      var note = h("p", { className: "rb-field-error", id: noteId, text: problem.text });
      if (control) {
        control.setAttribute("aria-invalid", "true");
        var described = control.getAttribute("aria-describedby");
        control.setAttribute("aria-describedby", described ? described + " " + noteId : noteId);
        place.appendChild(note);
      } else {
        place.querySelector("legend").insertAdjacentElement("afterend", note);
      }
    });
    this.problemList.replaceChildren();
    if (this.problems.length) {
      this.problemList.appendChild(h("p", { text: this.problemTitle }));
      this.problemList.appendChild(list);
    }
    this.problemList.hidden = !this.problems.length;
  };

  Editor.prototype.refused = function (answer) {
    this.problems = answer.problems;
    this.problemTitle = answer.title;
    this.showProblems();
    this.answer.hidden = true;
    this.result.hidden = true;
    this.say(answer.title);
    this.problemList.focus();
  };

  // -- actions ---------------------------------------------------------------------------

  // This page's path among its language's pages ("resolution-step.md"): the engine makes the
  // rule links of the step-through from it, as the build does.
  Editor.prototype.pagePath = function () {
    var here = new URL(location.href);
    var root = new URL(config.languageRoot);
    var path = here.pathname.indexOf(root.pathname) === 0 ? here.pathname.slice(root.pathname.length) : "";
    return decodeURIComponent(path || "index.html").replace(/\.html$/, ".md");
  };

  Editor.prototype.run = function () {
    var self = this;
    performance.mark("rb-run-start");
    this.say(t("status.running"));
    return this.settled().then(function () {
      var request = { action: "run", form: self.form, page: self.pagePath() };
      if (self.documented) request.documented = self.documented;
      if (DATA.rulesVersion) request.rules_version = DATA.rulesVersion;
      if (DATA.rulesSplit && DATA.rulesSplit.length) request.rules_split = DATA.rulesSplit;
      if (DATA.ruleNames && DATA.ruleNames[config.lang]) request.rule_names = DATA.ruleNames[config.lang];
      return self.request(request);
    }).then(function (answer) {
      if (!answer.ok) {
        self.refused(answer);
        return answer;
      }
      self.problems = [];
      self.showProblems();
      self.showResult(answer);
      performance.mark("rb-run-done");
      self.say(t("status.done"));
      return answer;
    }, function () { /* said */ });
  };

  Editor.prototype.showResult = function (answer) {
    var children = [h("strong", { text: t("result.title") }), " ", answer.outcome];
    if (answer.difference) {
      children.push(h("br"), h("span", { className: "rb-difference" }, [h("strong", { text: t("result.compared") }), " ", answer.difference]));
    }
    this.answer.replaceChildren.apply(this.answer, children);
    this.answer.hidden = false;
    // The engine's HTML, as the build renders examples: every value in it is escaped by
    // worked_examples/render.py, which the build's own pages rely on.
    var rendered = h("div", { className: "rb-result-example" });
    rendered.innerHTML = answer.html;
    this.result.replaceChildren(rendered);
    this.result.hidden = false;
    Array.prototype.forEach.call(rendered.querySelectorAll(".rb-stepper"), function (stepper) {
      if (window.RiftboundStepper) window.RiftboundStepper.setUp(stepper);
    });
    this.answer.focus();
  };

  // Every choice players may make, tried by the engine in the worker a chunk of runs per
  // request (browser_engine/exploring.py), under the id the first answer gives: the page
  // shows each chunk's progress, and Stop (or a new exploration, Reset or Close) ends it
  // between two chunks. An answer for an exploration this editor left is dropped.
  Editor.prototype.explore = function () {
    var self = this;
    this.stopExploring();
    var token = { id: null };
    this.exploring = token;
    var line = h("p", { className: "rb-choices-progress", role: "status", text: t("explore.starting") });
    var found = h("div", { className: "rb-choices-found" });
    var stop = h("button", { type: "button", className: "rb-choices-stop", text: t("explore.stop"), onclick: function () {
      if (self.exploring !== token) return;
      self.stopExploring();
      line.textContent = t("explore.stopped");
    } });
    this.choices.replaceChildren(h("h4", { text: t("explore.title") }), line, stop, found);
    this.choices.hidden = false;
    this.choices.setAttribute("data-state", "running");
    token.finish = function (state) {
      stop.remove();
      if (self.exploring === token) self.exploring = null;
      self.choices.setAttribute("data-state", state);
    };
    function next(request, first) {
      return self.request(request).then(function (answer) {
        if (self.exploring !== token) { // stopped, or another began: the worker forgets it
          if (answer.exploration && !answer.done) {
            self.request({ action: "explore", stop: true, exploration: answer.exploration }).catch(function () { /* said */ });
          }
          return;
        }
        if (!answer.ok) {
          token.finish("refused");
          line.textContent = "";
          self.refused(answer);
          return;
        }
        if (first) {
          self.problems = [];
          self.showProblems();
        }
        if (answer.progress) line.textContent = answer.progress;
        if (answer.stopped) return token.finish("stopped");
        if (answer.bounded) return token.finish("bounded");
        token.id = answer.exploration;
        if (!answer.done) return next({ action: "explore", exploration: token.id }, false);
        token.finish("done");
        found.innerHTML = answer.html || ""; // escaped by browser_engine/exploring.py
      }, function () { if (self.exploring === token) token.finish("failed"); });
    }
    return this.settled().then(function () {
      if (self.exploring !== token) return; // stopped before it began
      return next({ action: "explore", start: true, form: self.form }, true);
    });
  };

  // The exploration under way, if any, ends: the worker forgets it.
  Editor.prototype.stopExploring = function () {
    var token = this.exploring;
    if (!token) return;
    this.exploring = null;
    token.finish("stopped");
    if (token.id) this.request({ action: "explore", stop: true, exploration: token.id }).catch(function () { /* said */ });
  };

  Editor.prototype.reset = function (form) {
    this.form = copy(form);
    this.problems = [];
    this.stopExploring();
    this.answer.hidden = this.result.hidden = this.shareBox.hidden = this.choices.hidden = true;
    this.say("");
    this.heading.focus();
    return this.describe();
  };

  Editor.prototype.file = function () {
    var self = this;
    return this.settled().then(function () {
      return self.request({ action: "scenario", form: self.form });
    }).then(function (answer) {
      if (!answer.ok) {
        self.refused(answer);
        return null;
      }
      return answer;
    });
  };

  Editor.prototype.download = function () {
    var self = this;
    return this.file().then(function (answer) {
      if (!answer) return;
      var url = URL.createObjectURL(new Blob([answer.yaml], { type: "application/yaml" }));
      var link = h("a", { href: url, download: answer.name, hidden: true });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      self.say(t("download.done", { name: answer.name }));
    }, function () { /* said */ });
  };

  Editor.prototype.share = function () {
    var self = this;
    return this.settled().then(function () {
      return self.request({ action: "share", form: self.form });
    }).then(function (answer) {
      if (!answer.ok) {
        self.shareBox.hidden = true;
        if (answer.problems) self.refused(answer);
        else self.say(answer.reason);
        return;
      }
      // From a copy opened from disk, a link to this file works on this computer only: the
      // site's own host, where it has one, opens the board anywhere.
      var fromDisk = location.protocol === "file:";
      var link = (fromDisk && config.hosted ? config.hosted : config.askPage) + "#scenario=" + answer.fragment;
      var where = !fromDisk ? "" : config.hosted ? t("share.hosted", { host: new URL(config.hosted).host }) : t("share.local");
      var id = self.id("share");
      var box = h("input", { id: id, type: "text", readonly: true, value: link, className: "rb-share-link" });
      var said = h("p", { className: "rb-share-note", role: "status" });
      self.shareBox.replaceChildren(h("label", { "for": id, text: t("share.label") }), box, said,
        h("p", {}, [h("a", { href: link, text: link.length > 80 ? link.slice(0, 77) + "…" : link })]));
      self.shareBox.hidden = false;
      box.focus();
      box.select();
      var copied = navigator.clipboard && window.isSecureContext
        ? navigator.clipboard.writeText(link).then(function () { return true; }, function () { return false; })
        : Promise.resolve(false);
      return copied.then(function (done) {
        said.textContent = t(done ? "share.copied" : "share.done") + (where ? " " + where : "");
        self.say(said.textContent);
      });
    }, function () { /* said */ });
  };

  Editor.prototype.close = function () {
    this.stopExploring();
    this.node.hidden = true;
    if (this.opener) {
      this.opener.setAttribute("aria-expanded", "false");
      this.opener.focus();
    }
  };

  // -- the "Ask the engine" page: open a file, a pasted scenario or a shared link -----------

  Editor.prototype.openPanel = function () {
    var self = this;
    var fileId = this.id("file");
    var pasteId = this.id("paste");
    this.openProblems = h("div", { className: "rb-problems", role: "alert", hidden: true });
    var file = h("input", { id: fileId, type: "file", accept: ".yml,.yaml,.json,application/yaml,text/yaml,text/plain" });
    var paste = h("textarea", { id: pasteId, rows: "6", spellcheck: "false", autocomplete: "off" });
    var limit = DATA.limits.scenarioBytes;
    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      if (!chosen) return;
      if (chosen.size > limit) {
        self.openFailed([t("open.too-large", { size: Math.ceil(chosen.size / 1024), limit: limit / 1024 })]);
        return;
      }
      chosen.arrayBuffer().then(function (buffer) {
        var text;
        try {
          // The byte-order mark is kept, so the engine treats it as the command line does.
          text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(buffer);
        } catch (error) {
          self.openFailed([t("open.not-text")]);
          return;
        }
        self.openText(text, chosen.name);
      }, function () { self.openFailed([t("open.unreadable")]); });
    });
    var button = h("button", { type: "button", text: t("open.load"), onclick: function () {
      var size = new Blob([paste.value]).size;
      if (size > limit) {
        self.openFailed([t("open.too-large", { size: Math.ceil(size / 1024), limit: limit / 1024 })]);
        return;
      }
      self.openText(paste.value, "pasted.yml");
    } });
    this.openBox = h("details", { className: "rb-open" }, [
      h("summary", { text: t("button.open") }),
      h("div", { className: "rb-field" }, [h("label", { "for": fileId, text: t("open.file") }), file]),
      h("div", { className: "rb-field" }, [h("label", { "for": pasteId, text: t("open.paste") }), paste]),
      button,
      this.openProblems,
    ]);
    return this.openBox;
  };

  // Why a file, a pasted scenario or a link could not be opened: where the reader looks
  // (the status line, and the panel opened), the board left as it was.
  Editor.prototype.openFailed = function (messages) {
    this.openProblems.replaceChildren(h("ul", {}, messages.map(function (m) { return h("li", { text: m }); })));
    this.openProblems.hidden = false;
    this.openBox.open = true;
    this.say(messages[0]);
  };

  // A scenario opened (a file, a paste, a link): its board, or why it cannot be one.
  Editor.prototype.take = function (answer, said) {
    if (!answer.ok) {
      this.openFailed(answer.problems);
      return false;
    }
    this.openProblems.hidden = true;
    this.start = copy(answer.form);
    this.documented = null;
    this.reset(answer.form);
    this.say(said);
    return true;
  };

  // An example's documented board ("Open in the editor"), compared with what it documents.
  Editor.prototype.openExample = function (known) {
    this.openProblems.hidden = true;
    this.start = copy(known.form);
    this.documented = known.documented;
    this.reset(known.form);
  };

  Editor.prototype.openText = function (text, name) {
    var self = this;
    return this.request({ action: "open", text: text, name: name }).then(function (answer) {
      return self.take(answer, t("open.done", { name: name }));
    }, function () { return false; });
  };

  Editor.prototype.openLink = function (fragment) {
    var self = this;
    var limit = DATA.limits.shareCharacters;
    if (fragment.length > limit) {  // too long to send the engine: it would refuse the request
      var reason = t("share.link-too-long", { size: fragment.length, limit: limit });
      var failed = function () { self.openFailed([t("share.bad", { reason: reason })]); return false; };
      return engine.queue.then(startEngine).then(failed, failed);  // said as the engine's answers are
    }
    return this.request({ action: "link", fragment: fragment }).then(function (answer) {
      return self.take(answer, t("share.restored"));
    }, function () { return false; });
  };

  // ---- the page's entry points ----------------------------------------------------------

  var variations = {};

  var api = {
    toggleVariation: function (example, id, button) {
      var editor = variations[id];
      if (editor && !editor.node.hidden) {
        editor.close();
        return;
      }
      if (!editor) {
        var known = Object.prototype.hasOwnProperty.call(DATA.examples, id) ? DATA.examples[id] : null;
        if (!known) throw new Error("no example " + id);
        var place = h("div", { className: "rb-variation" });
        example.appendChild(place);
        editor = variations[id] = new Editor(place, { mode: "variation", form: known.form, documented: known.documented });
        editor.opener = button;
        button.setAttribute("aria-controls", editor.node.id = "rb-ed" + editor.number);
      }
      editor.node.hidden = false;
      button.setAttribute("aria-expanded", "true");
      editor.heading.focus();
    },
    // "Ask the engine": a board from scratch, an example ("Open in the editor") or a shared
    // link, each played on arrival: the reader sees the answer without pressing anything. A
    // link followed while the page is open changes only its fragment (the page stays): it
    // is played the same way; any other fragment leaves the board as it is.
    openPage: function (root) {
      var editor = null;
      function arrive() {
        var hash = location.hash.slice(1);
        var example = /^example=([a-z0-9-]+)$/.exec(hash);
        var name = example && example[1];  // an example's id, never "constructor"
        var known = name && Object.prototype.hasOwnProperty.call(DATA.examples, name) ? DATA.examples[name] : null;
        var shared = /^scenario=(.*)$/.exec(hash);
        if (!editor) {
          editor = new Editor(root, { mode: "page", form: known ? known.form : DATA.blank, documented: known ? known.documented : null });
        } else if (known && !shared) {
          editor.openExample(known);
        }
        if (shared) {
          editor.openLink(shared[1]).then(function (opened) { if (opened) editor.run(); });
        } else if (known) {
          editor.run();
        }
      }
      arrive();
      window.addEventListener("hashchange", arrive);
      return editor;
    },
    engine: engine,
  };

  window.RiftboundEditor = {
    engine: engine, // its state and start-up times, for the benchmark
    init: function (settings) {
      config = settings;
      W = DATA.words[settings.lang];
      return api;
    },
  };
})();
