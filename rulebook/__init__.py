"""The rules model: rule texts in English and French, looked up and cited by number.

Knows nothing of MkDocs: the site plugin, the engine's tests and the command
line all use it the same way.
"""

from rulebook.book import Rule, Rulebook, load_rulebook
from rulebook.numbering import RuleNumber

__all__ = ["Rule", "RuleNumber", "Rulebook", "load_rulebook"]
