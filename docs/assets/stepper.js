// Step-through for worked examples: one step at a time, with buttons, arrow keys
// and a URL fragment per step. Without JavaScript the steps read as an ordered list.
(function () {
  "use strict";

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? values[key] : m; });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Draws one step's board from the page's JSON; the same markup as
  // worked_examples/render.py draws for the board before the combat.
  function drawBoard(data, index) {
    var L = data.labels, step = data.boards[index];
    var controller = step[0], scores = step[1], units = step[2], changed = step[3];
    var order = data.players.map(function (p) { return p[0]; });
    var names = {};
    data.players.forEach(function (p) { names[p[0]] = p[1]; });
    var board = el("div", "rb-board");
    var isChanged = function (id) { return changed.indexOf(id) >= 0; };
    var within = function (zones, player) {
      return units.filter(function (u) { return zones.indexOf(u[1]) >= 0 && (!player || u[2] === player); });
    };

    function unit(u) { // [id, zone, zone player, controller, Might, damage, designation]
      var item = el("li", "rb-unit rb-side-" + (order.indexOf(u[2]) + 1) + (isChanged(u[0]) ? " rb-changed" : ""));
      var parts = [el("span", "rb-unit-name", data.names[u[0]] || u[0])];
      if (u[1] !== "base") parts.push(el("span", "rb-player", names[u[2]]));
      if (u[1] === "battlefield" || u[1] === "base") {
        parts.push(el("span", "rb-might", fill(L.might, { value: u[4] })));
        if (u[5]) parts.push(el("span", "rb-damage", fill(L.damage, { value: u[5] })));
      } else if (u[1] === "hand" || u[1] === "banishment") {
        parts.push(el("span", "rb-where", L[u[1]]));
      }
      if (u[6]) parts.push(el("span", "rb-tag rb-" + u[6], L[u[6]]));
      parts.forEach(function (part, i) {
        if (i) item.appendChild(document.createTextNode(" "));
        item.appendChild(part);
      });
      if (isChanged(u[0])) item.appendChild(el("span", "rb-visually-hidden", " (" + L.changed + ")"));
      return item;
    }

    function zone(title, list, className) {
      var box = el("div", "rb-zone " + className);
      box.appendChild(el("p", "rb-zone-title", title));
      if (list.length) {
        var ul = el("ul", "rb-units");
        list.forEach(function (u) { ul.appendChild(unit(u)); });
        box.appendChild(ul);
      } else {
        box.appendChild(el("p", "rb-empty", L.empty));
      }
      board.appendChild(box);
    }

    var control = controller ? fill(L.controlled, { player: names[controller] }) : L.uncontrolled;
    zone(data.battlefield + " · " + control, within(["battlefield"]),
      "rb-battlefield" + (isChanged("controller") ? " rb-changed" : ""));
    order.forEach(function (p) { zone(fill(L.base, { player: names[p] }), within(["base"], p), "rb-base"); });
    zone(L.trash, within(["trash"]), "rb-trash");
    var elsewhere = within(["hand", "banishment", "elsewhere"]);
    if (elsewhere.length) zone(L.elsewhere, elsewhere, "rb-elsewhere");
    var line = el("p", "rb-scores", L.score + L.colon);
    scores.forEach(function (score, i) {
      if (i) line.appendChild(document.createTextNode(" · "));
      line.appendChild(el("span", isChanged("score:" + score[0]) ? "rb-changed" : "", names[score[0]] + " " + score[1]));
    });
    board.appendChild(line);
    return board;
  }

  // ``linkable``: steps get URL fragments (false for step-throughs the engine editor adds).
  function setUp(stepper, linkable) {
    var steps = Array.prototype.slice.call(stepper.querySelectorAll(".rb-step"));
    var controls = stepper.querySelector(".rb-controls");
    var position = stepper.querySelector(".rb-position");
    var live = stepper.querySelector(".rb-live-board");
    var json = stepper.querySelector("script.rb-boards");
    if (!steps.length || !controls || !position || !live || !json) return null;
    var data = JSON.parse(json.textContent);
    var buttons = {};
    Array.prototype.forEach.call(controls.querySelectorAll("button"), function (b) {
      buttons[b.getAttribute("data-go")] = b;
    });
    var current = 0;

    function show(index, record) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) {
        step.classList.toggle("rb-current", i === current);
        step.setAttribute("aria-current", i === current ? "step" : "false");
      });
      var label = position.getAttribute("data-template")
        .replace("{n}", current + 1).replace("{total}", steps.length);
      var narration = steps[current].querySelector(".rb-narration");
      position.innerHTML = "";
      position.appendChild(document.createTextNode(label));
      var spoken = document.createElement("span");
      spoken.className = "rb-visually-hidden";
      spoken.textContent = ". " + (narration ? narration.textContent : "");
      position.appendChild(spoken);
      live.replaceChildren(drawBoard(data, current));
      buttons.first.disabled = buttons.previous.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = current === steps.length - 1;
      if (record && linkable !== false) {
        try { history.pushState(null, "", "#" + steps[current].id); } catch (e) { /* file:// in old browsers */ }
      }
    }

    controls.addEventListener("click", function (event) {
      var go = event.target.getAttribute && event.target.getAttribute("data-go");
      var target = { first: 0, previous: current - 1, next: current + 1, last: steps.length - 1 }[go];
      if (target !== undefined) show(target, true);
    });
    stepper.addEventListener("keydown", function (event) {
      var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1 };
      if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) return;
      event.preventDefault();
      show(keys[event.key], true);
    });
    stepper.tabIndex = 0;
    stepper.classList.add("rb-js");
    controls.hidden = false;

    return {
      openFragment: function (id) {
        for (var i = 0; i < steps.length; i++) {
          if (steps[i].id === id) {
            var details = stepper.closest("details");
            if (details) details.open = true;
            show(i, false);
            stepper.scrollIntoView({ block: "start" });
            return true;
          }
        }
        return false;
      },
      reset: function () { show(0, false); }
    };
  }

  var steppers = Array.prototype.map.call(document.querySelectorAll(".rb-stepper"), function (s) {
    return setUp(s);
  }).filter(Boolean);

  // The engine's editor (assets/engine/) sets up the step-throughs of the boards it plays.
  window.RiftboundStepper = {
    setUp: function (stepper) {
      var added = setUp(stepper, false);
      if (added) added.reset();
      return added;
    },
  };

  // Open the step a link or the back button points at; other fragments
  // (a footnote, a heading) leave every stepper where it is.
  function followFragment() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (id) steppers.some(function (s) { return s.openFragment(id); });
  }

  steppers.forEach(function (s) { s.reset(); });
  window.addEventListener("popstate", followFragment);
  window.addEventListener("hashchange", followFragment);
  followFragment();
  // The theme scrolls to the fragment's element on load; scroll to the step after it.
  window.addEventListener("load", function () { setTimeout(followFragment, 0); });
})();
