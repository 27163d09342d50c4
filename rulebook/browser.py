"""The rules browser: for each version the site carries, one page per hundred rules (or, for
a chapter too large for one page, a page listing its parts and a page for each part:
``rulebook.paging``) and an index, in each language; and the browser's first page.

Every rule is a heading whose id (``rule-466-3-a``) is the same in every
language, so a citation, a search hit or a link shared between a French and an
English reader lands on the same rule. Each version lives under its own
folder (``rules-browser/v1.4/400.html``): its addresses never change. Where the
site carries several versions, each rule says since when its text is the same,
the numbers it had before, and, in an older version, what became of it in the
current one. The pages are a Markdown head (the title) and HTML rendered here,
every rule text escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import links
import markup
from markup import icons
from rulebook.book import Rule, Rulebook
from rulebook.changes import page_of as changes_page
from rulebook.changes import section_id
from rulebook.cite import NO_NUMBER, NOT_QUOTED, ORIGINAL, translation_note
from rulebook.crossref import Href, linked
from rulebook.numbering import KEYWORDS, RuleNumber
from rulebook.versions import Fate, RuleVersions, Version
from vocabulary import SOURCE_LANGUAGE, Message, excerpt, long_date, message, plural_message

BROWSER = message("browser:title", "Rules browser")
CHAPTER = message("browser:chapter", "Rules {start}–{end}")
CHAPTER_OF = message("browser:chapter-of", "Rules {start}–{end}, {version}")
KEYWORDS_TITLE = message("browser:keywords", "Keywords without a number")
KEYWORDS_OF = message("browser:keywords-of", "Keywords without a number, {version}")
# The page of a rule and of the rules under it, where its chapter is split into parts.
RANGE = message("browser:range", "Rule {number} and the rules under it")
RANGE_OF = message("browser:range-of", "Rule {number} and the rules under it, {version}")
PARTS = message("browser:parts", "These rules are too many for one page: each part has its own.")
VERSION_INDEX = message("browser:version-index", "Rules browser, {version}")
NOTE = message("browser:note", "Editor's note:")
CITED_BY = message("browser:cited-by", "Cited by:")
APPLIED_IN = plural_message(
    "browser:applied-in",
    "{count} worked example applies this rule",
    "{count} worked examples apply this rule",
)
INTRO = message(
    "browser:intro",
    "The rules this site cites or mentions, by number. Each rule has a permanent address in "
    "each version of the rules, the same in every language: {address} for rule {number} of "
    "{version}.",
)
# On screen only (class rb-screen): paper has no search box.
SEARCH_HINT = message(
    "browser:search-hint", "Type a rule number such as {number} in the search box to jump to it."
)
VERSIONS = message("browser:versions", "Versions")
VERSIONS_INTRO = message(
    "browser:versions-intro",
    "The versions of the rules this site carries. Pages cite the current one; each version "
    "keeps its own addresses, and a number from an older version leads to the rule it became.",
)
VERSION = message("browser:version", "Version")
EDITION = message("browser:edition", "Edition")
CHANGES = message("browser:changes", "Changes")
CURRENT = message("browser:current", "current")
CHANGES_FROM = message("browser:changes-from", "from {version}")
OLD_VERSION = message(
    "browser:old-version",
    "These are the rules of {version}, not those of the current version, {current}: {link}.",
)
CURRENT_RULES = message("browser:current-rules", "the current rules")
ADDED_IN = message("browser:added-in", "Added in {version}.")
CHANGED_IN = message("browser:changed-in", "Text last changed in {version}.")
UNCHANGED_SINCE = message("browser:unchanged-since", "Text unchanged since {version}.")
FORMERLY = message("browser:formerly", "Numbered {number} in {version}.")
LATER_SAME = message("browser:later-same", "In the current version ({version}): unchanged, {rule}.")
LATER_KEPT = message("browser:later-kept", "In the current version ({version}): {rule}.")
LATER_CHANGED = message(
    "browser:later-changed", "In the current version ({version}): text changed, {rule}."
)
LATER_RENUMBERED = message(
    "browser:later-renumbered", "In the current version ({version}): now {rule}."
)
LATER_RENUMBERED_CHANGED = message(
    "browser:later-renumbered-changed",
    "In the current version ({version}): now {rule}, text changed.",
)
LATER_REMOVED = message("browser:later-removed", "Removed in {version}.")
RULE_LINK = message("browser:rule-link", "rule {number}")
FORMER_NUMBER = message(
    "browser:former-number", "Numbered {number} in {version}: now rule {successor}."
)
REMOVED_NUMBER = message(
    "browser:removed-number", "Rule {number} of {version}, removed in {removed}."
)
UPDATED = message("browser:updated", "updated {date}")
# Each rule heading's permanent link, which copies the rule's versioned address; what the page
# then says (reading.js fills in the number and the address).
COPY_LINK = message("browser:copy-link", "Copy the link to rule {number}")
LINK_COPIED = message("browser:link-copied", "Link to rule {number} copied: {address}")
LINK_COPIED_ON_DISK = message(
    "browser:link-copied-on-disk",
    "Link to rule {number} copied: {address}. This page is opened from disk, so the link works "
    "on this computer only.",
)
LINK_NOT_COPIED = message(
    "browser:link-not-copied",
    "The browser did not let this page copy the link to rule {number}; here it is: {address}",
)
LINK_ICON = "material/link-variant"  # the theme's (markup.icons), drawn once per page
# The rule the browser's first page shows the address of, if the current version has it.
EXAMPLE_RULE = "466.3.a"


@dataclass(frozen=True)
class Citing:
    """A page, or a place in it, that cites or applies a rule."""

    page: links.Page
    title: str
    anchor: str = ""


# The link from a page to the list of the worked examples that apply a rule.
ExamplesLink = Callable[[links.Page, str], str]


@dataclass(frozen=True)
class BrowserPage:
    """A generated page: Markdown (title, headings), the HTML for each placeholder's name, and
    late HTML (the lists of pages and examples, which search need not read)."""

    markdown: str
    inserts: dict[str, str]
    late: tuple[markup.Late, ...] = ()
    anchors: frozenset[str] = frozenset()

    @property
    def parts(self) -> tuple[str, ...]:
        """Every late HTML, made."""
        return tuple(markup.made(part) for part in self.late)


@dataclass(frozen=True)
class Part:
    """A page of a version's rules browser that holds rules: a chapter, or (where its chapter
    is split) a range of it (``links.rule_range``). A split range's page holds its own rule,
    if any, and lists its parts (``parts``); ``under``: every rule in the range."""

    name: str
    level: int
    rules: tuple[Rule, ...]
    parts: tuple[str, ...] = ()
    under: tuple[Rule, ...] = ()


def layout(version: Version, chapter: int) -> list[Part]:
    """The pages of ``chapter`` of ``version``, in the order of their rules: the chapter's, then
    (where split) each part's, each followed by its own parts. Each rule is on the page
    ``links.rule_page`` names (a test holds them to it)."""
    split = version.at.split
    found: list[Part] = []

    def walk(name: str, level: int, rules: tuple[Rule, ...]) -> None:
        if name not in split:
            found.append(Part(name, level, rules))
            return
        own: list[Rule] = []
        parts: dict[str, list[Rule]] = {}
        for rule in rules:
            part = links.rule_range(rule.number, level + 1)
            if part is None:
                own.append(rule)
            else:
                parts.setdefault(part, []).append(rule)
        found.append(Part(name, level, tuple(own), tuple(parts), rules))
        for part, members in parts.items():
            walk(part, level + 1, tuple(members))

    walk(links.chapter_range(chapter), 0, tuple(version.book.chapters()[chapter]))
    return found


def range_title(name: str, lang: str, version: Version | None = None) -> str:
    """The title of the page of a range of rules (``400``, ``400/460-469``, ``400/466``)."""
    chapter, _, part = name.partition("/")
    if chapter == links.KEYWORDS_PAGE:
        return chapter_title(KEYWORDS, lang, version)
    if not part:
        return chapter_title(int(chapter), lang, version)
    if "-" in part:
        start, end = part.split("-")
        if version is None:
            return CHAPTER(lang, start=start, end=end)
        return CHAPTER_OF(lang, start=start, end=end, version=version.label)
    if version is None:
        return RANGE(lang, number=part)
    return RANGE_OF(lang, number=part, version=version.label)


# On a page listing a split range's parts: a link to one of its rules (``#rule-466-3-a``)
# leads on to the part's page that holds it now. ``pages``: each part's address and the
# anchors (less ``rule-``) of the rules it holds.
FORWARD = """<script>(function () {{
  var pages = {pages};
  function forward() {{
    var anchor = location.hash.slice(1);
    if (!anchor || document.getElementById(anchor)) return;
    for (var href in pages) {{
      if (pages[href].indexOf(anchor.replace(/^rule-/, "")) >= 0) {{
        location.replace(href + location.hash);
        return;
      }}
    }}
  }}
  forward();
  addEventListener("hashchange", forward);
}})();</script>"""


def index_page(lang: str) -> links.Page:
    return links.rules_index(lang)


def chapter_title(chapter: int, lang: str, version: Version | None = None) -> str:
    """A chapter's title; ``version`` named where the site carries several."""
    if chapter == KEYWORDS:
        return KEYWORDS_TITLE(lang) if version is None else KEYWORDS_OF(lang, version=version.label)
    if version is None:
        return CHAPTER(lang, start=chapter, end=chapter + 99)
    return CHAPTER_OF(lang, start=chapter, end=chapter + 99, version=version.label)


def edition_text(book: Rulebook, lang: str) -> str:
    """The edition, its last update (a date in the reader's language) and the text's status."""
    updated = book.meta(lang, "updated")
    parts = [
        book.meta(lang, "edition"),
        UPDATED(lang, date=long_date(updated, lang)) if updated else "",
        book.meta(lang, "status"),
    ]
    return " · ".join(p for p in parts if p)


def edition_line(book: Rulebook, lang: str) -> str:
    return f"<p><em>{markup.text(edition_text(book, lang))}</em></p>"


def head(title: str, toc: bool = False) -> list[str]:
    hide = [] if toc else ["---", "hide:", "  - toc", "---", ""]
    return [*hide, f"# {markup.markdown_literal(title)}", ""]


def a(href: str, content: str) -> str:
    """A link; ``content`` is HTML already."""
    return f'<a href="{markup.attribute(href)}">{content}</a>'


def depth(book: Rulebook, rule: Rule) -> int:
    level, parent = 0, book.parent_of(rule)
    while parent is not None:
        level, parent = level + 1, book.parent_of(parent)
    return level


class RulesBrowser:
    """The rules browser's pages in one language, for every version the site carries."""

    def __init__(self, versions: RuleVersions, lang: str, site_url: str | None = None) -> None:
        self.versions = versions
        self.lang = lang
        self.several = len(versions) > 1
        self.site_url = site_url  # where the site is published, if it names a host

    # -- addresses -------------------------------------------------------------

    def chapter_page(self, version: Version, chapter: int) -> links.Page:
        return links.chapter_page(self.lang, chapter, version.name)

    def part_page(self, version: Version, part: Part) -> links.Page:
        return links.range_page(self.lang, part.name, version.name)

    def rule_href(self, here: links.Page, version: Version, number: str) -> str:
        """The link to rule ``number`` of ``version`` (which has it) from ``here``."""
        rule = version.book.get(number)
        found = rule.number if rule is not None else RuleNumber(number)
        return links.rule(here, found, version=version.at)

    def linker(self, here: links.Page, version: Version) -> Href:
        """Cross-references of a text of ``version``: to the rules ``version`` carries."""
        book = version.book

        def href(number: str) -> str | None:
            return self.rule_href(here, version, number) if number in book else None

        return href

    def title(self, version: Version, part: Part) -> str:
        return range_title(part.name, self.lang, version if self.several else None)

    # -- pages -----------------------------------------------------------------

    def pages(
        self,
        cited_by: Mapping[str, Sequence[Citing]],
        applied: Mapping[str, int],
        examples_link: ExamplesLink,
    ) -> dict[str, BrowserPage]:
        """Path → page: the first page, and each version's index and chapters. ``applied``:
        how many worked examples apply each rule of the current version, whose list
        ``examples_link`` leads to."""
        pages = {index_page(self.lang).path: self.home()}
        for version in self.versions:
            current = version is self.versions.current
            pages[links.rules_index(self.lang, version.name).path] = self.index(version)
            for chapter in version.book.chapters():
                for part in layout(version, chapter):
                    page = self.chapter(
                        version,
                        part,
                        cited_by if current else {},
                        applied if current else {},
                        examples_link,
                    )
                    pages[self.part_page(version, part).path] = page
        return pages

    def page_order(self, version: Version) -> list[links.Page]:
        """The pages of ``version``'s rules, in the order of their rules."""
        return [
            self.part_page(version, part)
            for chapter in version.book.chapters()
            for part in layout(version, chapter)
        ]

    def chapter(
        self,
        version: Version,
        part: Part,
        cited_by: Mapping[str, Sequence[Citing]],
        applied: Mapping[str, int],
        examples_link: ExamplesLink | None = None,
    ) -> BrowserPage:
        """The page of a chapter, or of a part of one (``layout``). ``cited_by``: pages citing
        each rule; ``applied``: how many worked examples apply it (their list:
        ``examples_link``)."""
        here = self.part_page(version, part)

        def body() -> str:
            html = self.permalinks(here) + self.old_version_notice(here, version)
            html += edition_line(version.book, self.lang)
            html += "".join(
                self.rule_html(
                    version,
                    r,
                    here,
                    cited_by.get(r.number.text, ()),
                    applied.get(r.number.text, 0),
                    examples_link,
                )
                for r in part.rules
            )
            if part.parts:
                html += self.parts_html(version, part, here)
            return html

        markdown = "\n".join([*head(self.title(version, part)), markup.late(0), ""])
        anchors = frozenset(r.number.anchor for r in part.rules)
        # Late: search gets each rule from search_entries, not by parsing thousands of them;
        # made when the page is finished (a build never holds every chapter's HTML at once).
        return BrowserPage(markdown, {}, (body,), anchors)

    def parts_html(self, version: Version, part: Part, here: links.Page) -> str:
        """A split range's parts, linked, and the script that leads an address of one of its
        rules (this page's before the split) on to the part that holds it."""
        lang = self.lang
        items = "".join(
            "<li>"
            + a(
                links.link(here, links.range_page(lang, name, version.name)),
                markup.text(range_title(name, lang)),
            )
            + "</li>"
            for name in part.parts
        )
        held: dict[str, list[str]] = {}
        mine = {r.number.text for r in part.rules}
        for rule in part.under:
            if rule.number.text not in mine:
                href = links.link(here, links.rule_page(lang, rule.number, version.at))
                held.setdefault(href, []).append(rule.number.anchor.removeprefix("rule-"))
        said = markup.text(PARTS(lang))
        script = FORWARD.format(pages=markup.script_json(held))
        return f'<p class="rb-parts-intro">{said}</p><ul class="rb-parts">{items}</ul>{script}'

    def permalinks(self, here: links.Page) -> str:
        """What a page of rules needs for its headings' permanent links: the icon they draw
        (once), and the line that says a link was copied, read out, in this language. The
        address copied is absolute: on the host ``site_url`` names, when it names one other
        than this computer (``data-hosted``: this page there, against which each link's
        relative address resolves); otherwise where the reader has the page open."""
        lang = self.lang
        hosted = links.hosted(self.site_url, here)
        words = {
            "data-copied": LINK_COPIED(lang, number="{number}", address="{address}"),
            "data-on-disk": LINK_COPIED_ON_DISK(lang, number="{number}", address="{address}"),
            "data-failed": LINK_NOT_COPIED(lang, number="{number}", address="{address}"),
        }
        if hosted is not None:
            words["data-hosted"] = hosted
        attributes = "".join(f' {key}="{markup.attribute(value)}"' for key, value in words.items())
        return (
            icons.symbol(LINK_ICON, "rb-link-icon")
            + f'<p class="rb-link-copied rb-screen" role="status"{attributes}></p>'
        )

    def permalink(self, here: links.Page, version: Version, rule: Rule) -> str:
        """A rule heading's permanent link: the rule's versioned address (``links.rule``, from
        the page that holds it), which reading.js copies when it is followed."""
        href = links.rule(here, rule.number, version=version.at)
        named = rule.name(self.lang)
        name = markup.attribute(COPY_LINK(self.lang, number=named))
        return (
            f'<a class="rb-permalink rb-screen" href="{markup.attribute(href)}" title="{name}" '
            f'data-number="{markup.attribute(named)}">'
            f"{icons.use('rb-link-icon')}</a>"
        )

    def old_version_notice(self, here: links.Page, version: Version) -> str:
        current = self.versions.current
        if version is current:
            return ""
        link = a(
            links.link(here, links.rules_index(self.lang, current.name)),
            markup.text(CURRENT_RULES(self.lang)),
        )
        notice = OLD_VERSION(
            self.lang, version=version.label, current=current.label, link=markup.hole("link")
        )
        return f'<p class="rb-old-version"><strong>{markup.text_with(notice, {"link": link})}</strong></p>'

    def rule_html(
        self,
        version: Version,
        rule: Rule,
        here: links.Page,
        citing: Sequence[Citing],
        applied: int = 0,
        examples_link: ExamplesLink | None = None,
    ) -> str:
        """A rule's heading, text, history, the pages that cite it, and a link to the list of
        the worked examples that apply it."""
        lang, book = self.lang, version.book
        level = min(2 + depth(book, rule), 6)
        number = rule.number
        href = self.linker(here, version)
        link = self.permalink(here, version, rule)
        named = markup.text(rule.name(lang))
        out = [f'<h{level} id="{number.anchor}" class="rb-rule-number">{named} {link}</h{level}>']
        if rule.quoted:
            out += [f"<p>{linked(p, lang, href)}</p>" for p in rule.paragraphs(lang)]
            if lang != SOURCE_LANGUAGE:
                original = " ".join(
                    linked(p, SOURCE_LANGUAGE, href) for p in rule.paragraphs(SOURCE_LANGUAGE)
                )
                out.append(
                    f'<p class="rb-original" lang="{SOURCE_LANGUAGE}"><span lang="{lang}">'
                    f"{markup.text(ORIGINAL(lang))}</span> {original}</p>"
                )
                if (source := rule.translated_from(lang)) is not None:
                    out.append(f"<p><em>{markup.text(translation_note(lang, source))}</em></p>")
        else:
            name = markup.text(rule.paragraphs(lang)[0])
            said = markup.text((NO_NUMBER if number.is_keyword else NOT_QUOTED)(lang))
            out.append(f"<p><strong>{name}</strong>. <em>{said}</em></p>")
        for note in rule.notes(lang):
            out.append(f"<p><em>{markup.text(NOTE(lang))} {markup.text(note)}</em></p>")
        if history := self.history_html(version, rule, here):
            out.append(f'<p class="rb-history">{history}</p>')
        if citing:
            anchors = ", ".join(
                a(links.link(here, p.page, p.anchor), markup.text(p.title)) for p in citing
            )
            out.append(
                f'<p><span class="rb-cited-by">{markup.text(CITED_BY(lang))}</span> {anchors}</p>'
            )
        if applied and examples_link is not None:
            said = markup.text(APPLIED_IN(lang, applied))
            out.append(f'<p class="rb-applied">{a(examples_link(here, number.text), said)}</p>')
        return "\n".join(out) + "\n"

    def history_html(self, version: Version, rule: Rule, here: links.Page) -> str:
        """Since when the rule's text is the same, its numbers before, and (in an older
        version) what became of it; nothing where the site carries one version."""
        if not self.several:
            return ""
        versions, lang, number = self.versions, self.lang, rule.number.text
        parts: list[str] = []
        if version is not versions.oldest:
            history = versions.history(version, number)
            since = history.text_since
            if history.added_in is not None and history.added_in is since:
                parts.append(self.changes_link(ADDED_IN, here, since, "added", version, rule))
            elif not rule.quoted:
                pass  # our label: nothing is known of the text
            elif history.text_changed:
                parts.append(self.changes_link(CHANGED_IN, here, since, "changed", version, rule))
            elif since is not version:
                parts.append(markup.text(UNCHANGED_SINCE(lang, version=since.label)))
            for former, where in history.formerly:
                link = a(self.rule_href(here, where, former), markup.text(former))
                said = FORMERLY(lang, number=markup.hole("number"), version=where.label)
                parts.append(markup.text_with(said, {"number": link}))
        if version is not versions.current:
            parts.append(self.later_html(version, rule, here))
        return " ".join(parts)

    def last_of(self, fate: Fate) -> tuple[Version, str]:
        """A removed rule's last version, and its number there."""
        assert fate.removed_in is not None
        last = self.versions.previous(fate.removed_in)
        assert last is not None  # the oldest version removes nothing
        number = self.versions.successor(fate.number, fate.since, last)
        return last, number or fate.number

    def changes_link(
        self,
        said: Message,
        here: links.Page,
        version: Version,
        kind: str,
        shown: Version,
        rule: Rule,
    ) -> str:
        """``said`` (a message with a {version}) with ``version`` linked to the rule's entry
        in its changes page (``rule`` is of ``shown``, a version as new or newer)."""
        number = self.versions.predecessor(rule.number.text, shown, version) or rule.number.text
        target = links.link(
            here, changes_page(self.lang, version), section_id(kind, RuleNumber(number))
        )
        text = said(self.lang, version=markup.hole("version"))
        return markup.text_with(text, {"version": a(target, markup.text(version.label))})

    def later_html(self, version: Version, rule: Rule, here: links.Page) -> str:
        """What the current version made of a rule of an older one."""
        versions, lang = self.versions, self.lang
        current = versions.current
        fate = versions.fate(rule.number.text, version, current)
        if fate is not None and fate.removed_in is not None:
            _, number = self.last_of(fate)
            target = links.link(
                here, changes_page(lang, fate.removed_in), section_id("removed", RuleNumber(number))
            )
            text = LATER_REMOVED(lang, version=markup.hole("version"))
            return markup.text_with(
                text, {"version": a(target, markup.text(fate.removed_in.label))}
            )
        successor = fate.successor if fate is not None and fate.successor else rule.number.text
        kept = current.book.get(successor)
        said = LATER_SAME if rule.quoted and kept is not None and kept.quoted else LATER_KEPT
        if fate is not None:
            renumbered = fate.renumbered_in is not None
            changed = fate.changed_in is not None
            said = (
                LATER_RENUMBERED_CHANGED
                if renumbered and changed
                else LATER_RENUMBERED
                if renumbered
                else LATER_CHANGED
            )
        link = a(
            self.rule_href(here, current, successor),
            markup.text(RULE_LINK(lang, number=successor)),
        )
        text = said(lang, version=current.label, rule=markup.hole("rule"))
        return markup.text_with(text, {"rule": link})

    # -- the indexes -------------------------------------------------------------

    def home(self) -> BrowserPage:
        """The browser's first page: the versions carried, and the current version's chapters
        and the sections in them."""
        lang, current = self.lang, self.versions.current
        here = index_page(lang)
        shown = EXAMPLE_RULE if EXAMPLE_RULE in current.book else current.book.rules[0].number.text
        example = RuleNumber(shown)
        address = links.link(
            links.Page(lang, "index.md"),
            links.rule_page(lang, example, current.at),
            example.anchor,
        )
        said = INTRO(lang, address=markup.hole("address"), number=shown, version=current.label)
        code = {"address": f"<code>{markup.text(address)}</code>"}  # an address, not words
        inserts = {
            "intro": edition_line(current.book, lang)
            + f"<p>{markup.text_with(said, code)} "
            + f'<span class="rb-screen">{markup.text(SEARCH_HINT(lang, number=shown))}</span></p>'
        }
        markdown = [*head(BROWSER(lang), toc=True), markup.placeholder("intro"), ""]
        if self.several:
            markdown += [
                f"## {markup.markdown_literal(VERSIONS(lang))}",
                "",
                markup.placeholder("versions"),
                "",
            ]
            inserts["versions"] = self.versions_table(here)
        chapters, lists = self.chapter_lists(here, current)
        markdown += chapters
        inserts |= lists
        return BrowserPage("\n".join(markdown), inserts)

    def versions_table(self, here: links.Page) -> str:
        lang = self.lang
        rows = []
        for version in reversed(self.versions.versions):
            name = a(
                links.link(here, links.rules_index(lang, version.name)), markup.text(version.label)
            )
            if version is self.versions.current:
                name += f" <em>({markup.text(CURRENT(lang))})</em>"
            previous = self.versions.previous(version)
            changes = (
                a(
                    links.link(here, changes_page(lang, version)),
                    markup.text(CHANGES_FROM(lang, version=previous.label)),
                )
                if previous is not None
                else ""
            )
            updated = version.book.meta(lang, "updated")
            edition = version.book.meta(lang, "edition")
            if updated:
                edition += f" · {UPDATED(lang, date=long_date(updated, lang))}"
            cells = [name, markup.text(edition), changes]
            rows.append(cells)
        header = [markup.text(w(lang)) for w in (VERSION, EDITION, CHANGES)]
        intro = f"<p>{markup.text(VERSIONS_INTRO(lang))}</p>"
        return intro + markup.table(header, rows)

    def chapter_lists(self, here: links.Page, version: Version) -> tuple[list[str], dict[str, str]]:
        """A heading per chapter of ``version``, and the list of its sections under it."""
        lang = self.lang
        markdown: list[str] = []
        lists: dict[str, str] = {}
        for chapter, rules in version.book.chapters().items():
            title = markup.markdown_literal(chapter_title(chapter, lang))
            page = self.chapter_page(version, chapter)
            markdown += [
                f"## [{title}]({links.link(here, page, markdown=True)})",
                "",
                markup.placeholder(f"chapter-{chapter}"),
                "",
            ]
            items = []
            for rule in (r for r in rules if version.book.parent_of(r) is None):
                first = rule.paragraphs(lang)[0]
                text = excerpt(first, 90)
                href = self.rule_href(here, version, rule.number.text)
                items.append(
                    f"<li>{a(href, markup.text(rule.name(lang)))} {markup.text(text)}</li>"
                )
            lists[f"chapter-{chapter}"] = f"<ul>{''.join(items)}</ul>"
        return markdown, lists

    def index(self, version: Version) -> BrowserPage:
        """A version's own first page: its edition, and its chapters and their sections (not
        searched: the browser's first page and the rules themselves are)."""
        lang = self.lang
        here = links.rules_index(lang, version.name)
        title = VERSION_INDEX(lang, version=version.label) if self.several else BROWSER(lang)
        body = self.old_version_notice(here, version) + edition_line(version.book, lang)
        previous = self.versions.previous(version)
        if previous is not None:
            target = links.link(here, changes_page(lang, version))
            body += f"<p>{a(target, markup.text(CHANGES(lang) + ' ' + CHANGES_FROM(lang, version=previous.label)))}</p>"
        chapters, lists = self.chapter_lists(here, version)
        markdown = [*head(title, toc=True)]
        late = [body]
        markdown += [markup.late(0), ""]
        for line in chapters:
            if line.startswith("<!-- rb:chapter-"):
                name = line.removeprefix("<!-- rb:").removesuffix(" -->")
                markdown.append(markup.late(len(late)))
                late.append(lists[name])
            else:
                markdown.append(line)
        return BrowserPage("\n".join(markdown), {}, tuple(late))


def rule_words(languages: Sequence[str]) -> list[str]:
    """How each language names a rule before its number ("rule", « règle »: the words before
    the number in ``RULE_LINK``): search reads "rule 466" as the number 466, in any language.

    >>> rule_words(["en", "fr"])
    ['rule', 'règle']
    """
    words = (RULE_LINK(lang, number="\0").partition("\0")[0].strip() for lang in languages)
    return list(dict.fromkeys(word for word in words if word))


def search_entries(versions: RuleVersions, lang: str) -> list[dict[str, str]]:
    """What search finds by number in ``lang``: each rule of the current version (its
    number, its text), and each number an older version gave a rule, leading to the rule it
    became (or, for a rule since removed, to the last version that had it). Located from the
    language's root, as the theme's search index holds them."""
    home = links.Page(lang, "index.md")
    current = versions.current
    entries = []
    for rule in current.book:
        text = "".join(f"<p>{markup.text(p)}</p>" for p in rule.paragraphs(lang))
        location = links.link(
            home, links.rule_page(lang, rule.number, current.at), rule.number.anchor
        )
        entries.append({"location": location, "title": rule.number.text, "text": text})
    seen: set[tuple[str, str]] = set()
    for version in reversed(versions.versions):
        if version is current:
            continue
        for rule in version.book:
            number = rule.number.text
            fate = versions.fate(number, version, current)
            if fate is None or (fate.successor == number):
                continue
            if fate.successor is not None:
                key = (number, fate.successor)
                if key in seen:
                    continue
                seen.add(key)
                successor = RuleNumber(fate.successor)
                said = FORMER_NUMBER(
                    lang, number=number, version=version.label, successor=successor.text
                )
                location = links.link(
                    home, links.rule_page(lang, successor, current.at), successor.anchor
                )
                body = current.book.get(successor.text)
                texts = body.paragraphs(lang) if body is not None else ()
            else:
                assert fate.removed_in is not None
                last = versions.previous(fate.removed_in)
                assert last is not None
                kept = versions.successor(number, version, last) or number
                key = (number, f"{last.name}:{kept}")
                if key in seen:
                    continue
                seen.add(key)
                said = REMOVED_NUMBER(
                    lang, number=number, version=version.label, removed=fate.removed_in.label
                )
                found = RuleNumber(kept)
                location = links.link(home, links.rule_page(lang, found, last.at), found.anchor)
                texts = rule.paragraphs(lang)
            text = f"<p>{markup.text(said)}</p>" + "".join(
                f"<p>{markup.text(p)}</p>" for p in texts
            )
            entries.append({"location": location, "title": number, "text": text})
    return entries
