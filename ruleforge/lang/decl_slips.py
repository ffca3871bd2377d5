"""Declarations written as the designer's rulebook would have them, said as what the
language has instead: a counter only its owner sees (`counter chips per player = 0,
hidden`: counters are public). parse.py asks `slip` when a declaration stops parsing;
each message names the documented way around it, with the file's own names where it can."""

from __future__ import annotations

import re
from typing import Optional

from .diagnostics import Diagnostic, Span, did_you_mean

# a counter's line up to its start value and a comma, with `shown` perhaps after it
_COUNTER = re.compile(r"counter\s+(\w+)(?:\s+per\s+(?:player|card))?\s*[=:][^#]*?,\s*(?:shown\s*,?\s*)?$")

PUBLIC = ("counters are public: every seat sees every counter ('shown' only picks the ones the narration "
          "and the play screen print), so a number only its owner may know cannot be a counter")


def slip(text: str, tok, line: int, col: int, file_text: str) -> Optional[Diagnostic]:
    """A diagnostic for a declaration the language cannot make as written, or None."""
    before = text[:col - 1]
    word = str(tok)
    visibility = word.isidentifier() or word == "," and before.rstrip().endswith("shown")
    if _COUNTER.match(before) and visibility and word != "shown" and not _typo_of_shown(word):
        end = len(text.split("#", 1)[0].rstrip()) + 1
        return Diagnostic(Span(line, col, line, max(end, col + len(word))), PUBLIC, _secret_hint(file_text))
    return None


def _typo_of_shown(word: str) -> bool:
    """`show`, `shwon`: a slip of the one word that fits there, which the parser's own
    hint ("expected 'shown'") already answers."""
    return did_you_mean(word, ["shown"]) is not None


def _secret_hint(file_text: str) -> str:
    """Where a number only its owner knows can live: the value of cards in a private hand."""
    hand = re.search(r"^zone\s+(\w+)\s+per\s+player\b[^#\n]*:\s*hand\b", file_text, re.MULTILINE)
    zone = hand.group(1) if hand else "hand"
    return ("only cards are secret: a quantity worked out from the cards of a private hand shows its value to "
            f"the hand's owner alone, and '?' to the others (quantity NAME of p: sum of c.value for each c in "
            f"{zone} of p), though every seat sees how many cards a hand holds (docs/language.md, Counters)")
