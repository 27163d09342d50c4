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
    return values ? text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; }) : text;
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

  // ---- shared links: the scenario, deflated, in the URL fragment -------------------------

  async function squeeze(text) {
    var stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    var packed = new Uint8Array(await new Response(stream).arrayBuffer());
    return packed.toBase64({ alphabet: "base64url", omitPadding: true });
  }

  async function unsqueeze(encoded) {
    var limit = DATA.limits.scenarioBytes;
    if (encoded.length > DATA.limits.shareCharacters) throw new Error(t("share.too-long", { size: encoded.length, limit: DATA.limits.shareCharacters }));
    var packed = Uint8Array.fromBase64(encoded, { alphabet: "base64url" });
    var reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    var parts = [];
    var size = 0;
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) break;
      size += chunk.value.length;
      if (size > limit) {
        reader.cancel();
        throw new Error(t("open.too-large", { size: Math.ceil(size / 1024), limit: limit / 1024 }));
      }
      parts.push(chunk.value);
    }
    return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
  }

  // ---- the form -------------------------------------------------------------------------

  function nameOf(name) {
    if (typeof name === "string") return name;
    if (name && typeof name === "object") return name[config.lang] || name[DATA.languages[0]] || "";
    return "";
  }

  function getAt(root, path) {
    return path.reduce(function (node, key) { return node == null ? undefined : node[key]; }, root);
  }

  function setAt(root, path, value) {
    var parent = getAt(root, path.slice(0, -1));
    var key = path[path.length - 1];
    if (value === undefined) {
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
    } else {
      parent[key] = value;
    }
  }

  // A number field's value: an integer when it is one, else what was typed (the engine's
  // loader then says what is wrong, as on the command line).
  function numberValue(text) {
    var trimmed = text.trim();
    if (/^-?\d+$/.test(trimmed)) return parseInt(trimmed, 10);
    if (trimmed !== "" && isFinite(Number(trimmed))) return Number(trimmed);
    return trimmed;
  }

  function Editor(root, options) {
    this.root = root;
    this.mode = options.mode; // "variation" or "page"
    this.number = ++editors;
    this.example = options.example || null;
    this.setBoard(options.form, options.documented);
    this.problems = [];
    this.build();
  }

  Editor.prototype.setBoard = function (form, documented) {
    form = copy(form);
    // A combat without rounds is one showdown and combat: show it, to edit its plays and damage.
    if (form.combat && !form.combat.rounds) form.combat.rounds = [{}];
    this.start = copy(form);
    this.form = form;
    this.documented = documented || null;
  };

  Editor.prototype.fieldId = function (path, suffix) {
    return "rb-ed" + this.number + "-" + path.join("-").replace(/[^A-Za-z0-9_-]/g, "_") + (suffix || "");
  };

  Editor.prototype.build = function () {
    var self = this;
    var level = this.mode === "page" ? "h2" : "h3";
    var headingId = "rb-ed" + this.number + "-title";
    this.heading = h(level, { id: headingId, tabindex: "-1", className: "rb-editor-title",
      text: t(this.mode === "page" ? "editor.board" : "editor.variation") });
    this.progress = h("progress", { "aria-label": t("status.progress"), max: "1" });
    this.bytes = h("span", { className: "rb-engine-bytes" });
    this.status = h("p", { className: "rb-engine-status", role: "status" });
    this.fields = h("div", { className: "rb-fields" });
    this.problemList = h("div", { className: "rb-problems rb-board-problems", role: "alert", tabindex: "-1" });
    this.shareBox = h("div", { className: "rb-share", hidden: true });
    this.result = h("div", { className: "rb-result", hidden: true });
    var buttons = [
      h("button", { type: "submit", className: "rb-run", text: t("button.run") }),
      this.mode === "page"
        ? h("button", { type: "button", text: t("button.new"), onclick: function () { self.reset(DATA.blank, null); } })
        : h("button", { type: "button", text: t("button.reset"), onclick: function () { self.reset(self.start, self.documented); } }),
      h("button", { type: "button", className: "rb-download", text: t("button.download"), onclick: function () { self.download(); } }),
      h("button", { type: "button", className: "rb-share-button", text: t("button.share"), onclick: function () { self.share(); } }),
    ];
    if (this.mode === "variation") {
      buttons.push(h("button", { type: "button", className: "rb-close", text: t("editor.close"), onclick: function () { self.close(); } }));
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
      this.problemList,
      this.shareBox,
      this.result,
    ]);
    this.problemList.hidden = true;
    this.root.appendChild(this.node);
    this.renderForm();
    this.listener = function (state) { self.showEngine(state); };
    engine.listeners.push(this.listener);
    this.showEngine(engine.state);
    startEngine().catch(function () { /* shown by showEngine */ });
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
      this.say(t("status.ready"));
    } else if (state.stage === "failed") {
      this.say(t("status.failed", { reason: state.reason }));
    } else if (state.stage === "stopped") {
      this.say(t("status.timeout", { seconds: state.seconds }));
    }
  };

  Editor.prototype.say = function (text) { this.status.textContent = text; };

  // -- fields ----------------------------------------------------------------------------

  // Draws the form again from the model (after a change that other fields show), keeping
  // focus where it was, or on ``focusKey``'s element.
  Editor.prototype.renderForm = function (focusKey) {
    var active = document.activeElement;
    var inside = active && this.fields.contains(active);
    var focused = focusKey || (inside ? active.getAttribute("data-focus") : null);
    // Where the caret was: typing goes on in the field drawn again (a reader's, or a test's).
    var selection = !focusKey && inside && active.type === "text" ? [active.selectionStart, active.selectionEnd] : null;
    var form = this.form;
    var full = this.mode === "page";
    var parts = [this.playersPart(form, full), this.battlefieldPart(form, full), this.unitsPart(form, full), this.combatPart(form, full)];
    this.fields.replaceChildren.apply(this.fields, parts.filter(Boolean));
    if (focused) {
      var again = this.fields.querySelector('[data-focus="' + CSS.escape(focused) + '"]');
      if (again) {
        again.focus();
        if (selection && again.type === "text") again.setSelectionRange(selection[0], selection[1]);
      }
    }
    this.showProblems();
  };

  Editor.prototype.input = function (path, type, value, extra) {
    var self = this;
    var id = this.fieldId(path);
    var attributes = { id: id, "data-path": path.join("."), "data-focus": id };
    var node;
    extra = extra || {};
    if (type === "select") {
      node = h("select", attributes, extra.choices.map(function (choice) {
        return h("option", { value: choice[0], text: choice[1], selected: String(value) === String(choice[0]) });
      }));
      if (!extra.choices.some(function (c) { return String(c[0]) === String(value); }) && value !== undefined) {
        node.appendChild(h("option", { value: String(value), text: String(value), selected: true }));
      }
    } else if (type === "checkbox") {
      node = h("input", Object.assign(attributes, { type: "checkbox", checked: !!value }));
    } else {
      node = h("input", Object.assign(attributes, {
        type: "text", value: value === undefined || value === null ? "" : String(value),
        inputmode: type === "number" ? "numeric" : undefined, spellcheck: type === "number" ? "false" : undefined,
        autocomplete: "off",
      }));
    }
    var update = function () {
      var raw = type === "checkbox" ? node.checked : node.value;
      var parsed = extra.parse ? extra.parse(raw) : type === "number" ? numberValue(raw) : raw;
      if (extra.apply) extra.apply(parsed);
      else setAt(self.form, path, parsed);
    };
    node.addEventListener(type === "checkbox" || type === "select" ? "change" : "input", update);
    // Once an edit is done (not at each keystroke): from the value before it to the value now.
    if (extra.commit) {
      var started = value;
      node.addEventListener("change", function () {
        var now = getAt(self.form, path);
        extra.commit(started, now);
        started = now;
      });
    }
    // After a change, the form is drawn again once focus has moved on (Tab), so it stays there.
    if (extra.rerender) node.addEventListener("change", function () { setTimeout(function () { self.renderForm(); }, 0); });
    return node;
  };

  Editor.prototype.field = function (path, label, type, value, extra) {
    var control = this.input(path, type, value, extra);
    var labelNode = h("label", { "for": control.id, text: label });
    var wrapper = h("div", { className: "rb-field rb-field-" + type, "data-field": path.join(".") },
      type === "checkbox" ? [control, " ", labelNode] : [labelNode, control]);
    return wrapper;
  };

  Editor.prototype.group = function (path, legend, children, className) {
    return h("fieldset", { className: "rb-group " + (className || ""), "data-field": path.join(".") },
      [h("legend", { text: legend })].concat(children));
  };

  // A button that changes the form's shape; focus then goes to ``after`` (an add button).
  Editor.prototype.button = function (text, action, className, focusKey, after) {
    var self = this;
    return h("button", { type: "button", className: className || "rb-add", text: text, "data-focus": focusKey, onclick: function () {
      action();
      self.renderForm(after || focusKey);
    } });
  };

  Editor.prototype.players = function () {
    return (this.form.players || []).map(function (p) { return [p.id, nameOf(p.name) || p.id]; });
  };

  Editor.prototype.unitChoices = function () {
    var choices = (this.form.units || []).map(function (u) { return [u.id, nameOf(u.name) || u.id]; });
    this.each(function (effect, kind) {
      if (kind === "play_unit" && effect && effect.id) choices.push([effect.id, nameOf(effect.name) || effect.id]);
    });
    return choices;
  };

  // Every effect of the board: its abilities' and its showdown plays'.
  Editor.prototype.each = function (visit) {
    var kinds = Object.keys(DATA.vocabulary.effects);
    var look = function (holder) {
      kinds.forEach(function (kind) { if (holder && kind in holder) visit(holder[kind], kind); });
    };
    (this.form.units || []).forEach(function (u) { (u.abilities || []).forEach(look); });
    ((this.form.combat || {}).rounds || []).forEach(function (r) { (r.showdown || []).forEach(look); });
  };

  // A name in every language of the site; ``base`` labels the fields ("Name in French" without it).
  Editor.prototype.nameFields = function (path, name, base) {
    var self = this;
    var source = DATA.languages[0];
    var all = typeof name === "string" ? {} : Object.assign({}, name || {});
    if (typeof name === "string") all[source] = name;
    return DATA.languages.map(function (lang) {
      var language = DATA.languageNames[config.lang][lang];
      var label = base ? base + " (" + language + ")" : t("form.name-in", { language: language });
      return self.field(path.concat([lang]), label, "text", all[lang], {
        rerender: true,
        apply: function (value) {
          var current = getAt(self.form, path);
          var next = {};
          if (typeof current === "string") next[source] = current;
          else Object.assign(next, current || {});
          if (value === "" && lang !== source) delete next[lang];
          else next[lang] = value;
          setAt(self.form, path, next);
        },
      });
    });
  };

  // The same word in every language, for a name the editor makes up.
  function inEveryLanguage(key, values) {
    var name = {};
    DATA.languages.forEach(function (lang) {
      name[lang] = DATA.words[lang][key].replace(/\{(\w+)\}/g, function (m, k) { return k in (values || {}) ? String(values[k]) : m; });
    });
    return name;
  }

  // A player, unit or effect in the form → for each of its id fields, the id that what refers
  // to it uses (it differs from the field while the field holds an id that is taken).
  var referencedAs = new WeakMap();

  // An id field: once edited, what referred to the old id refers to the new one; unless
  // another player or unit has that id already (the engine then says the id is taken): the
  // references wait, under the last id that was the owner's alone, and follow the next edit.
  Editor.prototype.idField = function (path, kind, value, key, label) {
    var self = this;
    var name = key || "id";
    return this.field(path.concat([name]), label || t("form.id"), "text", value, {
      rerender: true,
      commit: function (before, now) {
        var owner = getAt(self.form, path);
        var known = referencedAs.get(owner) || {};
        referencedAs.set(owner, known);
        var from = name in known ? known[name] : before;
        var ids = (kind === "players" ? self.players() : self.unitChoices()).map(function (c) { return c[0]; });
        if (ids.filter(function (id) { return id === now; }).length !== 1) {
          known[name] = from;
          return;
        }
        self.rename(kind, from, now);
        known[name] = now;
      },
    });
  };

  Editor.prototype.rename = function (kind, from, to) {
    if (!from || from === to) return;
    var form = this.form;
    var swap = function (value) { return value === from ? to : value; };
    var combat = form.combat || {};
    var rounds = combat.rounds || [];
    if (kind === "players") {
      (form.units || []).forEach(function (u) {
        u.owner = swap(u.owner);
        if (u.controller) u.controller = swap(u.controller);
      });
      var battlefield = form.battlefield || {};
      battlefield.controller = swap(battlefield.controller);
      if (battlefield.scored_this_turn) battlefield.scored_this_turn = battlefield.scored_this_turn.map(swap);
      combat.attacker = swap(combat.attacker);
      rounds.forEach(function (r) { (r.showdown || []).forEach(function (p) { p.player = swap(p.player); }); });
      return;
    }
    if (combat.move) combat.move = combat.move.map(swap);
    rounds.forEach(function (r) {
      if (!r.damage || !(from in r.damage)) return;
      var renamed = {};
      Object.keys(r.damage).forEach(function (id) { renamed[swap(id)] = r.damage[id]; });
      r.damage = renamed;
    });
    this.each(function (effect) { if (effect && effect.to === from) effect.to = to; });
  };

  Editor.prototype.remove = function (path, label) {
    var self = this;
    var list = path.slice(0, -1).join(".");
    var node = this.button(t("button.remove"), function () { setAt(self.form, path, undefined); }, "rb-remove",
      "remove-" + path.join("."), "add-" + list);
    node.setAttribute("aria-label", t("button.remove") + " · " + label);
    return node;
  };

  Editor.prototype.playersPart = function (form, full) {
    var self = this;
    var players = form.players || [];
    var items = players.map(function (player, i) {
      var path = ["players", i];
      var children = [];
      if (full) {
        children.push(self.idField(path, "players", player.id));
        children = children.concat(self.nameFields(path.concat(["name"]), player.name));
      }
      children.push(self.field(path.concat(["score"]), t("form.score"), "number", player.score === undefined ? 0 : player.score));
      if (full && players.length > 2) children.push(self.remove(path, nameOf(player.name) || player.id));
      return self.group(path, t("form.player", { n: i + 1 }) + " · " + (nameOf(player.name) || player.id), children, "rb-item");
    });
    if (full) {
      items.push(this.button(t("form.add-player"), function () {
        var n = players.length + 1;
        var name = inEveryLanguage("board.new-player", { n: n });
        players.push({ id: "player-" + n, name: name });
        form.players = players;
      }, "rb-add", "add-players"));
    }
    return this.group(["players"], t("form.players"), items);
  };

  Editor.prototype.battlefieldPart = function (form, full) {
    var self = this;
    var battlefield = form.battlefield || (form.battlefield = {});
    var path = ["battlefield"];
    var children = full ? this.nameFields(path.concat(["name"]), battlefield.name) : [];
    children.push(this.field(path.concat(["controller"]), t("form.controller"), "select", battlefield.controller,
      { choices: [["none", t("form.nobody")]].concat(this.players()) }));
    var scored = battlefield.scored_this_turn || [];
    var boxes = this.players().map(function (player) {
      return self.field(path.concat(["scored_this_turn", player[0]]), player[1], "checkbox", scored.indexOf(player[0]) >= 0, {
        apply: function (checked) {
          var list = (battlefield.scored_this_turn || []).filter(function (p) { return p !== player[0]; });
          if (checked) list.push(player[0]);
          if (list.length) battlefield.scored_this_turn = list;
          else delete battlefield.scored_this_turn;
        },
      });
    });
    children.push(this.group(path.concat(["scored_this_turn"]), t("form.scored"), boxes, "rb-checks"));
    return this.group(path, t("form.battlefield") + " · " + nameOf(battlefield.name), children);
  };

  Editor.prototype.unitsPart = function (form, full) {
    var self = this;
    var units = form.units || (form.units = []);
    var zones = DATA.vocabulary.zones.map(function (z) { return [z, t("zone." + z)]; });
    var items = units.map(function (unit, i) {
      var path = ["units", i];
      var children = [];
      if (full) {
        children.push(self.idField(path, "units", unit.id));
        children = children.concat(self.nameFields(path.concat(["name"]), unit.name));
        children.push(self.field(path.concat(["owner"]), t("form.owner"), "select", unit.owner, { choices: self.players(), rerender: true }));
        children.push(self.field(path.concat(["controller"]), t("form.unit-controller"), "select", unit.controller || "",
          { choices: [["", t("form.its-owner")]].concat(self.players()), parse: function (v) { return v === "" ? undefined : v; } }));
      }
      children.push(self.field(path.concat(["might"]), t("form.might"), "number", unit.might));
      children.push(self.field(path.concat(["at"]), t("form.at"), "select", unit.at, { choices: zones, rerender: true }));
      children.push(self.field(path.concat(["damage"]), t("form.damage"), "number", unit.damage === undefined ? 0 : unit.damage));
      if (full || unit.cant_move) {
        children.push(self.field(path.concat(["cant_move"]), t("form.cant_move"), "checkbox", unit.cant_move,
          { parse: function (v) { return v ? true : undefined; } }));
      }
      if (full || unit.if_it_would_die) {
        children.push(self.field(path.concat(["if_it_would_die"]), t("form.if_it_would_die"), "select", unit.if_it_would_die || "", {
          choices: [["", t("form.dies")]].concat(DATA.vocabulary.replacements.map(function (z) { return [z, t("zone." + z)]; })),
          parse: function (v) { return v === "" ? undefined : v; },
        }));
      }
      var abilities = unit.abilities || [];
      if (abilities.length || full) {
        var number = 0;  // as the engine numbers them ("Bomb (ability 2)"): left out, not counted
        var listed = abilities.map(function (ability, n) {
          var label = ability._off ? t("form.ability-off") : t("form.ability", { n: ++number });
          return self.abilityPart(path.concat(["abilities", n]), ability, label, full);
        });
        if (full) {
          listed.push(self.button(t("form.add-ability"), function () {
            var kind = Object.keys(DATA.vocabulary.effects)[0];
            var ability = { when: DATA.vocabulary.triggers[0] };
            ability[kind] = self.defaultEffect(kind);
            unit.abilities = abilities.concat([ability]);
          }, "rb-add", "add-" + path.concat(["abilities"]).join(".")));
        }
        children.push(self.group(path.concat(["abilities"]), t("form.abilities"), listed));
      }
      if (full) children.push(self.remove(path, nameOf(unit.name) || unit.id));
      return self.group(path, t("form.unit", { n: i + 1 }) + " · " + (nameOf(unit.name) || unit.id), children, "rb-item");
    });
    if (full) {
      items.push(this.button(t("form.add-unit"), function () {
        var n = units.length + 1;
        var name = inEveryLanguage("board.added-unit", { n: n });
        var owner = (form.players && form.players[0] && form.players[0].id) || "red";
        units.push({ id: "unit-" + n, name: name, owner: owner, might: 1, at: "base" });
      }, "rb-add", "add-units"));
    }
    return this.group(["units"], t("form.units"), items);
  };

  Editor.prototype.onOff = function (path, holder, label) {
    var self = this;
    return this.field(path.concat(["_off"]), label, "checkbox", !holder._off, {
      apply: function (on) {
        if (on) delete getAt(self.form, path)._off;
        else getAt(self.form, path)._off = true;
      },
      rerender: true,
    });
  };

  Editor.prototype.abilityPart = function (path, ability, label, full) {
    var triggers = DATA.vocabulary.triggers.map(function (w) { return [w, t("when." + w)]; });
    var children = [this.onOff(path, ability, t("form.ability-on"))];
    children.push(this.field(path.concat(["when"]), t("form.when"), "select", ability.when, { choices: triggers }));
    children = children.concat(this.effectPart(path, ability, full));
    if (full) children.push(this.remove(path, label));
    return this.group(path, label, children, "rb-item" + (ability._off ? " rb-off" : ""));
  };

  Editor.prototype.effectKind = function (holder) {
    return Object.keys(DATA.vocabulary.effects).filter(function (kind) { return kind in holder; })[0];
  };

  Editor.prototype.defaultEffect = function (kind) {
    var units = this.unitChoices();
    var effect = {};
    DATA.vocabulary.effects[kind].forEach(function (field) {
      if (!field.required) return;
      if (field.type === "unit") effect[field.name] = units.length ? units[0][0] : "";
      else if (field.type === "integer") effect[field.name] = 1;
      else if (field.type === "id") effect[field.name] = "new-unit";
      else if (field.type === "name") effect[field.name] = inEveryLanguage("board.new-unit");
      else if (field.type === "choice") effect[field.name] = field.choices[0];
    });
    return effect;
  };

  Editor.prototype.effectPart = function (path, holder, full) {
    var self = this;
    var kind = this.effectKind(holder);
    var kinds = Object.keys(DATA.vocabulary.effects).map(function (k) { return [k, t("effect." + k)]; });
    var parts = [];
    parts.push(this.field(path.concat(["effect"]), t("form.effect"), "select", kind || "", {
      choices: kind ? kinds : [["", "—"]].concat(kinds),
      rerender: true,
      apply: function (next) {
        var target = getAt(self.form, path);
        if (kind) delete target[kind];
        if (next) target[next] = self.defaultEffect(next);
      },
    }));
    if (!kind) return parts;
    var effect = holder[kind];
    var effectPath = path.concat([kind]);
    DATA.vocabulary.effects[kind].forEach(function (field) {
      var at = effectPath.concat([field.name]);
      var value = effect[field.name];
      var label = t("field." + field.name);
      if (field.type === "unit") {
        parts.push(self.field(at, label, "select", value, { choices: self.unitChoices() }));
      } else if (field.type === "integer") {
        var special = field.or !== undefined && value === field.or;
        var number = self.field(at, label, "number", special ? "" : value);
        if (special) number.querySelector("input").disabled = true;
        parts.push(number);
        if (field.or !== undefined) {
          parts.push(self.field(at.concat(["special"]), t("field." + field.or), "checkbox", special, {
            rerender: true,
            apply: function (checked) { setAt(self.form, at, checked ? field.or : 1); },
          }));
        }
      } else if (field.type === "id") {
        parts.push(self.idField(effectPath, "units", value, field.name, label));
      } else if (field.type === "name") {
        parts = parts.concat(self.nameFields(at, value, label));
      } else if (field.type === "choice") {
        parts.push(self.field(at, label, "select", value, {
          choices: field.choices.map(function (c) { return [c, t("zone." + c)]; }),
        }));
      }
    });
    return parts;
  };

  Editor.prototype.combatPart = function (form, full) {
    var self = this;
    var combat = form.combat || (form.combat = { attacker: "", move: [] });
    var path = ["combat"];
    var children = [];
    children.push(this.field(path.concat(["attacker"]), t("form.attacker"), "select", combat.attacker, { choices: this.players(), rerender: true }));
    var moving = combat.move || [];
    var candidates = (form.units || []).filter(function (u) {
      return moving.indexOf(u.id) >= 0 || (u.at === "base" && (u.controller || u.owner) === combat.attacker);
    });
    var boxes = candidates.map(function (unit) {
      return self.field(path.concat(["move", unit.id]), nameOf(unit.name) || unit.id, "checkbox", moving.indexOf(unit.id) >= 0, {
        rerender: true,
        apply: function (checked) {
          var list = (combat.move || []).filter(function (id) { return id !== unit.id; });
          if (checked) list.push(unit.id);
          combat.move = list;
        },
      });
    });
    children.push(this.group(path.concat(["move"]), t("form.move"), boxes, "rb-checks"));
    var rounds = combat.rounds || [];
    rounds.forEach(function (round, r) {
      children.push(self.roundPart(path.concat(["rounds", r]), round, r, full));
    });
    if (full) {
      children.push(this.button(t("form.add-round"), function () {
        combat.rounds = rounds.concat([{}]);
      }, "rb-add", "add-combat.rounds"));
    }
    return this.group(path, t("form.combat"), children);
  };

  Editor.prototype.roundPart = function (path, round, r, full) {
    var self = this;
    var plays = round.showdown || [];
    var listed = plays.map(function (play, n) {
      var at = path.concat(["showdown", n]);
      var children = [self.onOff(at, play, t("form.play-on"))];
      children.push(self.field(at.concat(["player"]), t("form.player-field"), "select", play.player, { choices: self.players() }));
      children = children.concat(self.effectPart(at, play, full));
      if (full) children.push(self.remove(at, t("form.play", { n: n + 1 })));
      return self.group(at, t("form.play", { n: n + 1 }), children, "rb-item" + (play._off ? " rb-off" : ""));
    });
    if (full) {
      listed.push(this.button(t("form.add-play"), function () {
        var player = (self.form.players && self.form.players[0]) ? self.form.players[0].id : "";
        var kind = Object.keys(DATA.vocabulary.effects)[0];
        var play = { player: player };
        play[kind] = self.defaultEffect(kind);
        round.showdown = plays.concat([play]);
      }, "rb-add", "add-" + path.concat(["showdown"]).join(".")));
    }
    var children = listed.length ? [this.group(path.concat(["showdown"]), t("form.showdown"), listed)] : [];
    var auto = !round.damage;
    var damage = [this.field(path.concat(["damage", "auto"]), t("form.assign-auto"), "checkbox", auto, {
      rerender: true,
      apply: function (checked) {
        if (checked) delete round.damage;
        else {
          var assigned = {};
          self.combatUnits().forEach(function (u) { assigned[u.id] = 0; });
          round.damage = assigned;
        }
      },
    })];
    if (!auto) {
      var shown = {};
      Object.keys(round.damage).forEach(function (id) { shown[id] = true; });
      this.combatUnits().forEach(function (u) { shown[u.id] = true; });
      Object.keys(shown).forEach(function (id) {
        var unit = (self.form.units || []).filter(function (u) { return u.id === id; })[0];
        damage.push(self.field(path.concat(["damage", id]), t("form.assigned-to", { unit: unit ? nameOf(unit.name) : id }), "number",
          round.damage[id], { parse: function (v) { return v === "" ? undefined : numberValue(v); } }));
      });
    }
    children.push(this.group(path.concat(["damage"]), t("form.assigned"), damage));
    if (full && (self.form.combat.rounds || []).length > 1) children.push(this.remove(path, t("form.round", { n: r + 1 })));
    return this.group(path, t("form.round", { n: r + 1 }), children, "rb-round");
  };

  // Units that fight: at the battlefield, or moving in.
  Editor.prototype.combatUnits = function () {
    var move = (this.form.combat && this.form.combat.move) || [];
    return (this.form.units || []).filter(function (u) { return u.at === "battlefield" || move.indexOf(u.id) >= 0; });
  };

  // -- problems, next to their fields ---------------------------------------------------

  Editor.prototype.showProblems = function () {
    var self = this;
    Array.prototype.forEach.call(this.fields.querySelectorAll(".rb-field-error"), function (n) { n.remove(); });
    Array.prototype.forEach.call(this.fields.querySelectorAll("[aria-invalid]"), function (n) {
      n.removeAttribute("aria-invalid");
      n.removeAttribute("aria-describedby");
    });
    var list = h("ul", {});
    this.problems.forEach(function (problem, i) {
      var item = h("li", {}, [h("code", { text: problem.message })]);
      list.appendChild(item);
      var place = self.placeOf(problem.field);
      if (!place) return;
      var id = "rb-ed" + self.number + "-problem-" + i;
      var note = h("p", { className: "rb-field-error", id: id, text: problem.message });
      var control = place.matches("fieldset") ? null : place.querySelector("input, select, textarea");
      if (control) {
        control.setAttribute("aria-invalid", "true");
        var described = control.getAttribute("aria-describedby");
        control.setAttribute("aria-describedby", described ? described + " " + id : id);
        place.appendChild(note);
      } else {
        var legend = place.querySelector("legend");
        legend.insertAdjacentElement("afterend", note);
      }
    });
    this.problemList.replaceChildren();
    if (this.problems.length) {
      this.problemList.appendChild(h("p", { text: t("problems.title", { count: this.problems.length }) }));
      this.problemList.appendChild(list);
    }
    this.problemList.hidden = !this.problems.length;
  };

  // The form's element for a dotted path: the field itself, or the nearest group holding it.
  Editor.prototype.placeOf = function (dotted) {
    if (!dotted) return null;
    var parts = String(dotted).split(".");
    while (parts.length) {
      var found = this.fields.querySelector('[data-field="' + CSS.escape(parts.join(".")) + '"]');
      if (found) return found;
      parts.pop();
    }
    return null;
  };

  // -- actions ---------------------------------------------------------------------------

  Editor.prototype.request = function (request) {
    var self = this;
    return ask(request).then(function (answer) {
      if (answer.error) throw new Error(answer.error);
      return answer;
    }).catch(function (error) {
      self.say(error.message || String(error));
      throw error;
    });
  };

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
    var request = { action: "run", lang: config.lang, form: this.form, page: this.pagePath() };
    if (this.documented) request.documented = this.documented;
    return this.request(request).then(function (answer) {
      self.problems = answer.ok ? [] : answer.problems;
      self.showProblems();
      if (!answer.ok) {
        self.result.hidden = true;
        self.say(t("problems.title", { count: answer.problems.length }));
        self.problemList.focus();
        return answer;
      }
      self.showResult(answer);
      performance.mark("rb-run-done");
      self.say(t("status.done"));
      return answer;
    }, function () { /* said */ });
  };

  Editor.prototype.showResult = function (answer) {
    var children = [h(this.mode === "page" ? "h3" : "h4", { className: "rb-result-title", text: t("result.title") })];
    if (answer.difference) {
      children.push(h("p", { className: "rb-difference" }, [h("strong", { text: t("result.compared") }), " ", answer.difference]));
    }
    // The engine's HTML, as the build renders examples: every value in it is escaped by
    // worked_examples/render.py, which the build's own pages rely on.
    var rendered = document.createElement("div");
    rendered.className = "rb-result-example";
    rendered.innerHTML = answer.html;
    children.push(rendered);
    this.result.replaceChildren.apply(this.result, children);
    this.result.hidden = false;
    Array.prototype.forEach.call(rendered.querySelectorAll(".rb-stepper"), function (stepper) {
      if (window.RiftboundStepper) window.RiftboundStepper.setUp(stepper);
    });
  };

  Editor.prototype.reset = function (form, documented) {
    this.setBoard(form, documented);
    this.problems = [];
    this.result.hidden = true;
    this.shareBox.hidden = true;
    this.renderForm();
    this.heading.focus();
  };

  Editor.prototype.scenario = function () {
    var self = this;
    return this.request({ action: "scenario", form: this.form }).then(function (answer) {
      self.problems = answer.ok ? [] : answer.problems;
      self.showProblems();
      if (!answer.ok) {
        self.say(t("problems.title", { count: answer.problems.length }));
        self.problemList.focus();
        return null;
      }
      return answer;
    });
  };

  Editor.prototype.download = function () {
    var self = this;
    return this.scenario().then(function (answer) {
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
    return this.scenario().then(function (answer) {
      if (!answer) return;
      return squeeze(answer.yaml).then(function (encoded) {
        var limit = DATA.limits.shareCharacters;
        if (encoded.length > limit) {
          self.shareBox.hidden = true;
          self.problems = [{ message: t("share.too-long", { size: encoded.length, limit: limit }), field: null }];
          self.showProblems();
          self.problemList.focus();
          return;
        }
        var link = config.askPage + "#scenario=" + encoded;
        var id = "rb-ed" + self.number + "-share";
        var field = h("input", { id: id, type: "text", readonly: true, value: link, className: "rb-share-link" });
        self.shareBox.replaceChildren(
          h("label", { "for": id, text: t("share.label") }), field,
          h("p", { className: "rb-share-note", text: t("share.done") }),
          h("p", {}, [h("a", { href: link, text: link.length > 80 ? link.slice(0, 77) + "…" : link })])
        );
        self.shareBox.hidden = false;
        field.focus();
        field.select();
        self.say(t("share.done"));
      });
    }, function () { /* said */ });
  };

  Editor.prototype.close = function () {
    this.node.hidden = true;
    if (this.opener) {
      this.opener.setAttribute("aria-expanded", "false");
      this.opener.focus();
    }
  };

  // -- the "Ask the engine" page: open a file, or a pasted scenario ----------------------

  Editor.prototype.openPanel = function () {
    var self = this;
    var fileId = "rb-ed" + this.number + "-file";
    var pasteId = "rb-ed" + this.number + "-paste";
    this.openProblems = h("div", { className: "rb-problems", role: "alert", hidden: true });
    var file = h("input", { id: fileId, type: "file", accept: ".yml,.yaml,.json,application/yaml,text/yaml,text/plain" });
    var paste = h("textarea", { id: pasteId, rows: "6", spellcheck: "false", autocomplete: "off" });
    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      if (!chosen) return;
      var limit = DATA.limits.scenarioBytes;
      if (chosen.size > limit) {
        self.openFailed([t("open.too-large", { size: Math.ceil(chosen.size / 1024), limit: limit / 1024 })]);
        return;
      }
      chosen.arrayBuffer().then(function (buffer) {
        var text;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
        } catch (error) {
          self.openFailed([t("open.not-text")]);
          return;
        }
        self.openText(text, chosen.name);
      }, function () {  // the file vanished, or the browser may not read it
        self.openFailed([t("open.unreadable")]);
      });
    });
    var button = h("button", { type: "button", text: t("open.load"), onclick: function () {
      var limit = DATA.limits.scenarioBytes;
      var size = new Blob([paste.value]).size;
      if (size > limit) {
        self.openFailed([t("open.too-large", { size: Math.ceil(size / 1024), limit: limit / 1024 })]);
        return;
      }
      self.openText(paste.value, "pasted.yml");
    } });
    return h("details", { className: "rb-open" }, [
      h("summary", { text: t("button.open") }),
      h("div", { className: "rb-field" }, [h("label", { "for": fileId, text: t("open.file") }), file]),
      h("div", { className: "rb-field" }, [h("label", { "for": pasteId, text: t("open.paste") }), paste]),
      button,
      this.openProblems,
    ]);
  };

  Editor.prototype.openFailed = function (messages) {
    this.openProblems.replaceChildren(h("ul", {}, messages.map(function (m) { return h("li", {}, [h("code", { text: m })]); })));
    this.openProblems.hidden = false;
  };

  Editor.prototype.openText = function (text, name) {
    var self = this;
    this.openProblems.hidden = true;
    return this.request({ action: "open", text: text, name: name }).then(function (answer) {
      if (!answer.ok) {
        self.openFailed(answer.problems.map(function (p) { return p.message; }));
        return false;
      }
      self.reset(answer.form, null);
      self.say(t("open.done", { name: name }));
      return true;
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
        editor = variations[id] = new Editor(place, { mode: "variation", example: id, form: known.form, documented: known.documented });
        editor.opener = button;
        button.setAttribute("aria-controls", editor.node.id = "rb-ed" + editor.number);
      }
      editor.node.hidden = false;
      button.setAttribute("aria-expanded", "true");
      editor.heading.focus();
    },
    openPage: function (root) {
      var hash = location.hash.slice(1);
      var example = /^example=([a-z0-9-]+)$/.exec(hash);
      var name = example && decodeURIComponent(example[1]);  // an example's id, never "constructor"
      var known = name && Object.prototype.hasOwnProperty.call(DATA.examples, name) ? DATA.examples[name] : null;
      var editor = new Editor(root, { mode: "page", form: known ? known.form : DATA.blank, documented: known ? known.documented : null });
      var shared = /^scenario=(.*)$/.exec(hash);
      if (shared) {
        unsqueeze(shared[1]).then(function (text) {
          return editor.openText(text, "shared.yml").then(function (opened) {
            if (opened) editor.say(t("share.restored"));
          });
        }).catch(function (error) {
          editor.openFailed([t("share.bad", { reason: error.message || String(error) })]);
          editor.say(t("share.bad", { reason: error.message || String(error) }));
        });
      }
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
