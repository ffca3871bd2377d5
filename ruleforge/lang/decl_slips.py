"""Declarations written as the designer's rulebook would have them, said as what the
language has instead: a counter only its owner sees (`counter chips per player = 0,
hidden`: counters are public), a zone for each player and each colour (`zone expedition
per player per colour`: a zone is one, or one per player). parse.py asks `slip` when a
declaration stops parsing; each message names the documented way around it, with the
file's own names where it can."""

from __future__ import annotations

import re
from typing import Optional

from .diagnostics import Diagnostic, Span, did_you_mean

# a counter's line up to its start value and a comma, with `shown` perhaps after it
_COUNTER = re.compile(r"counter\s+(\w+)(?:\s+per\s+(?:player|card))?\s*[=:][^#]*?,\s*(?:shown\s*,?\s*)?$")
# `zone NAME per player per colour`, `zone NAME of north per colour` (the parser stops at
# the second `per`), and `zone NAME per colour` (it stops at `colour`)
_OWNED_ZONE = re.compile(r"zone\s+(\w+)\s+(per\s+player|of\s+\w+)\s*$")
_ZONE_PER = re.compile(r"zone\s+(\w+)\s+per\s+$")

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
    owned, shared = _OWNED_ZONE.match(before), _ZONE_PER.match(before)
    after = re.match(r"per\s+(\w+)", text[col - 1:])
    if owned is not None and word == "per" and after is not None:
        span = Span(line, col, line, col + after.end())
        return _zone_per(owned.group(1), owned.group(2).split(), after.group(1), span, file_text)
    if shared is not None and tok.type == "NAME":
        return _zone_per(shared.group(1), [], word, Span(line, col, line, col + len(word)), file_text)
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


def _zone_per(name: str, owner: list, per: str, span: Span, file_text: str) -> Diagnostic:
    """`zone NAME [OWNER] per WORD`: the zones to declare, one for each WORD, and the
    definition that picks one, in the file's names (its attribute's first symbols)."""
    values = _values(file_text, per)
    first, second = (values + ["red", "green"])[:2] if len(values) != 1 else (values[0], values[0])
    each = owner == ["per", "player"]
    whose = " of p" if each else (f" of {owner[1]}" if owner else "")
    params = "player p, " if each else ""
    hint = (f"declare one zone for each {per} (zone {first}_{name}{' ' + ' '.join(owner) if owner else ''}: ...) "
            f"and pick one with a definition that gives a zone: define {name} of {params}{per} c = "
            f"(if c = {first} then {first}_{name}{whose} else if c = {second} then {second}_{name}{whose} "
            f"else ...), then move card to {name} of " + (f"(current, card.{per})" if each else f"card.{per}")
            + " (docs/language.md, 'if ... then ... else')")
    return Diagnostic(span, "a zone is one, or one per player, or one of a role: it cannot "
                            + (f"also be one per {per}" if owner else f"be one per {per}"), hint)


def _values(file_text: str, attribute: str) -> list:
    """The symbols an `attribute NAME: A, B, ...` line of the file gives."""
    m = re.search(rf"^attribute\s+{re.escape(attribute)}\s*:\s*([^#\n]*)", file_text, re.MULTILINE)
    return [v.strip() for v in m.group(1).split(",") if v.strip().isidentifier()] if m else []
