// What every page does for its reader: a footnote tapped on a touch screen opens its
// tooltip where the reader is (the theme's tooltip; the link would jump to the notes at the
// page's foot), and the language switch opens the twin page at the same place: the same
// rule, step or example (their anchors are the same in every language), or the same section
// (its place among the page's sections: the twins' sections match, page for page). The
// search box finds a rule by its number however the reader writes it. The list of worked
// examples shows only those that apply the rule its address names (?rule=466.3.a): the
// build wrote which rules each one applies. A rule heading's permanent link copies its
// address.
(function () {
  "use strict";
  var HANDED = /^rb-section-(\d+)$/; // a section handed over by the twin page, by its place

  function fragment() {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (error) { // a malformed escape in an address: no place to keep
      return "";
    }
  }

  // The page's own sections, whose anchors are made from their titles (so differ between the
  // languages); a rule's heading has the same anchor in every language.
  function sections() {
    return Array.prototype.filter.call(
      document.querySelectorAll(".md-content article :is(h2, h3, h4)[id]"),
      function (heading) { return !heading.closest(".rb-example") && !heading.classList.contains("rb-rule-number"); }
    );
  }

  // Where the reader is: the element the address points at (a rule, a step, an example, a
  // section), else the last heading above the top of the window; as a fragment the twin page
  // reads: the anchor itself, or a section's place.
  function place() {
    var id = fragment();
    var at = id && document.getElementById(id);
    if (!at) {
      Array.prototype.forEach.call(document.querySelectorAll(".md-content article :is(h2, h3, h4, h5, h6)[id]"), function (heading) {
        if (!heading.closest(".rb-example") && heading.getBoundingClientRect().top <= 80) at = heading;
      });
    }
    if (!at) return "";
    var index = sections().indexOf(at);
    return index >= 0 ? "rb-section-" + index : at.id;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a");
    if (!link) return;
    if (link.classList.contains("footnote-ref") && matchMedia("(pointer: coarse)").matches) {
      event.preventDefault(); // the tooltip shows the rule's text; the page stays where it is
      link.focus({ preventScroll: true });
      return;
    }
    if (link.hasAttribute("hreflang") && link.closest(".md-select")) {
      var here = place();
      if (here) link.href = link.href.split("#")[0] + "#" + here;
    }
  }, true);

  // A rule number as a reader may write it (466.3d, 466 3 d, 466-3-d, 466.3.d., "rule 466",
  // « règle 466 ») searched as the rules write it (466.3.d): the word for a rule in any of the
  // site's languages left out (the page's head names them), its parts, numbers and letters,
  // apart whatever separates them, joined by dots; if that is a rule number (a section of three
  // digits, then numbers or single letters: rulebook/numbering.py has the format), it is
  // searched, the rule of that very number first (its title, boosted: a rule's title is its
  // number, and the theme's search finds 466.5.d too for 466, as it finds every word a
  // reader's typing begins). Anything else is searched as typed.
  var APART = /[\s.\-]+|(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)/i;
  var RULE_NUMBER = /^[1-9]\d{2}(?:\.(?:\d+|[a-z]))*$/;
  var EXACT = 100; // times the rule's own title counts, above those its number begins
  var named = document.querySelector('meta[name="rb-rule-words"]');
  var RULE_WORDS = named ? named.content.split(" ").filter(Boolean).map(folded) : [];

  function folded(word) {
    return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function asRuleNumber(query) {
    var words = query.trim().split(/\s+/);
    var asked = words.length > 1 && RULE_WORDS.indexOf(folded(words[0])) >= 0
      ? words.slice(1).join(" ") : query;
    var number = asked.toLowerCase().split(APART).filter(Boolean).join(".");
    return RULE_NUMBER.test(number) ? "title:" + number + "^" + EXACT + " " + number : query;
  }

  // The theme reads its search box's value to search: it reads the query as the rules write
  // it, while the box keeps what the reader typed.
  var box = document.querySelector("input[data-md-component=search-query]");
  var typed = box && Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  if (typed) {
    Object.defineProperty(box, "value", {
      configurable: true,
      get: function () { return asRuleNumber(typed.get.call(this)); },
      set: function (value) { typed.set.call(this, value); }
    });
  }

  // A rule heading's permanent link (rulebook/browser.py): followed, it copies the rule's
  // versioned address, absolute (on the host the site is published at when the page names
  // it, otherwise where the page is open), puts it in the address bar, and says so in the
  // page's line for it, which a screen reader reads out.
  var copied = document.querySelector(".rb-link-copied");
  if (copied) {
    var clearing = null;
    var say = function (words, number, address) {
      copied.textContent = copied.getAttribute(words)
        .replace("{number}", number).replace("{address}", address);
      clearTimeout(clearing);
      clearing = setTimeout(function () { copied.textContent = ""; }, 10000);
    };
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.rb-permalink");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      var hosted = copied.getAttribute("data-hosted");
      var address = new URL(link.getAttribute("href"), hosted || location.href).href;
      var number = link.getAttribute("data-number");
      history.replaceState(null, "", link.hash);
      var onDisk = !hosted && location.protocol === "file:";
      var copying = navigator.clipboard && window.isSecureContext
        ? navigator.clipboard.writeText(address) : Promise.reject(new Error("no clipboard"));
      copying.then(function () { say(onDisk ? "data-on-disk" : "data-copied", number, address); },
        function () { say("data-failed", number, address); });
    });
  }

  var rulings = document.querySelector(".rb-rulings");
  var status = document.querySelector(".rb-filter-status");
  if (rulings && status) {
    var wanted = new URLSearchParams(location.search).get("rule");
    if (wanted) {
      var shown = 0;
      Array.prototype.forEach.call(rulings.children, function (item) {
        var rules = item.querySelector(".rb-rules");
        var listed = rules && (rules.getAttribute("data-rules") || rules.textContent);
        item.hidden = !listed || listed.split(/[\s,]+/).indexOf(wanted) < 0;
        if (!item.hidden) shown += 1;
      });
      var said = status.getAttribute(shown ? "data-filtered" : "data-none");
      // A keyword by the name the page gives it (its option's), else the reader's text as it
      // is: a replacement string would expand "$&", "$'"…
      var choice = document.querySelector(".rb-rule-filter select");
      var named = wanted;
      if (choice) {
        Array.prototype.forEach.call(choice.options, function (option) {
          if (option.value === wanted) named = option.textContent;
        });
        choice.value = wanted;
      }
      status.querySelector("span").textContent = said.split("{rule}").join(named);
      status.hidden = false;
    }
  }

  // Arrived from the twin page at a section: open it, under its own anchor.
  var handed = HANDED.exec(fragment());
  if (handed) {
    var heading = sections()[Number(handed[1])];
    if (heading) {
      history.replaceState(null, "", "#" + heading.id);
      heading.scrollIntoView({ block: "start" });
    }
  }
})();
