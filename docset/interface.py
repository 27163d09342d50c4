"""The words of the site's frame, per language: its name, its notice, the theme's controls.

The MkDocs plugin sets them for each language it builds; the theme's own words
(search, navigation) come from Material's translations of ``theme.language``.
"""

from __future__ import annotations

from rulebook.versions import label
from vocabulary import message

SITE_NAME = message("site:name", "Riftbound Combat Rules")
SITE_DESCRIPTION = message(
    "site:description",
    "How combat resolves in Riftbound, rule by rule, with engine-verified worked examples.",
)
COPYRIGHT = message(
    "site:copyright",
    "Unofficial fan content, not endorsed by or affiliated with Riot Games. Riftbound and its "
    "rules are © Riot Games. Rule texts are quoted from the Core Rules {version}; translated "
    "rule texts are unofficial translations and the English text prevails.",
)


def copyright_notice(lang: str, current: str) -> str:
    """The notice every footer and the print edition's cover carry, naming the version of the
    rules the site cites: ``current``, as ``rules/versions.txt`` declares it, never a literal."""
    return COPYRIGHT(lang, version=label(current))


TO_DARK = message("theme:to-dark", "Switch to dark mode")
TO_LIGHT = message("theme:to-light", "Switch to light mode")
PERMALINK = message("theme:permalink", "Permanent link")
NOT_FOUND = message("site:not-found", "Page not found")
NOT_FOUND_HELP = message(
    "site:not-found-help", "This address is not on the site. Start again from the home page:"
)
