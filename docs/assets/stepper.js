// Step-through for worked examples: one step at a time, with buttons, arrow keys
// and a URL fragment per step. Each step carries its narration, rules and board,
// rendered at build (worked_examples/render.py); this only shows one at a time.
// Without JavaScript the steps read as an ordered list.
(function () {
  "use strict";

  // ``linkable``: steps get URL fragments (false for step-throughs the engine editor adds).
  function setUp(stepper, linkable) {
    var steps = Array.prototype.slice.call(stepper.querySelectorAll(".rb-step"));
    var controls = stepper.querySelector(".rb-controls");
    var position = stepper.querySelector(".rb-position");
    if (!steps.length || !controls || !position) return null;
    var buttons = {};
    Array.prototype.forEach.call(controls.querySelectorAll("button"), function (b) {
      buttons[b.getAttribute("data-go")] = b;
    });
    var current = 0;

    // A step that changed nothing carries no board: it shows the last board before it
    // (a copy, without that step's highlights).
    function showBoard(index) {
      Array.prototype.forEach.call(stepper.querySelectorAll(".rb-board-copy"), function (copy) {
        copy.remove();
      });
      if (steps[index].querySelector(".rb-board")) return;
      for (var i = index - 1; i >= 0; i--) {
        var board = steps[i].querySelector(".rb-board");
        if (!board) continue;
        var copy = board.cloneNode(true);
        copy.classList.add("rb-board-copy");
        Array.prototype.forEach.call(copy.querySelectorAll(".rb-changed"), function (e) {
          e.classList.remove("rb-changed");
        });
        Array.prototype.forEach.call(copy.querySelectorAll(".rb-visually-hidden"), function (e) {
          e.remove();
        });
        steps[index].appendChild(copy);
        return;
      }
    }

    function show(index, record) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) {
        step.classList.toggle("rb-current", i === current);
        step.setAttribute("aria-current", i === current ? "step" : "false");
      });
      showBoard(current);
      var label = position.getAttribute("data-template")
        .replace("{n}", current + 1).replace("{total}", steps.length);
      var narration = steps[current].querySelector(".rb-narration");
      position.innerHTML = "";
      position.appendChild(document.createTextNode(label));
      var spoken = document.createElement("span");
      spoken.className = "rb-visually-hidden";
      spoken.textContent = ". " + (narration ? narration.textContent : "");
      position.appendChild(spoken);
      buttons.first.disabled = buttons.previous.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = current === steps.length - 1;
      if (record) keepInView(steps[current]);
      if (record && linkable !== false) {
        try { history.pushState(null, "", "#" + steps[current].id); } catch (e) { /* file:// in old browsers */ }
      }
    }

    // After a step of the reader's: the step, board and all, right under the controls (which
    // stay in place) when it is not already there.
    function keepInView(step) {
      var top = step.getBoundingClientRect().top;
      if (top < controls.getBoundingClientRect().bottom || top > innerHeight / 2) {
        step.scrollIntoView({ block: "start" });
      }
    }

    controls.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button");
      var go = button && button.getAttribute("data-go");
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
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (error) { // a malformed escape in an address points at no step
      return;
    }
    if (id) steppers.some(function (s) { return s.openFragment(id); });
  }

  steppers.forEach(function (s) { s.reset(); });
  window.addEventListener("popstate", followFragment);
  window.addEventListener("hashchange", followFragment);
  followFragment();
  // The theme scrolls to the fragment's element on load; scroll to the step after it.
  window.addEventListener("load", function () { setTimeout(followFragment, 0); });
})();
