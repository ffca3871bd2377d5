"""Card texts at the terminal: `cards` lists the game's cards, `card NAME` tells one.

The card list is the rule file's, known to every player, so nothing here is hidden: it
is the game's card list, not what any seat holds. A card's attributes are those the
rule file gives as constants; one computed by a rule is left out.
"""

from __future__ import annotations

from typing import NamedTuple

from ..lang.plural import count
from ..lang.printable import plain
from .menu import matching, words


class Kind(NamedTuple):
    """One kind of card: its name, how many copies, its constant attributes."""
    name: str
    copies: int
    attrs: tuple


def kinds(game) -> list[Kind]:
    """The game's kinds of cards, in the order of the card list."""
    seen: dict[str, list] = {}
    for c in game.cards:
        name = str(c.attrs.get("name", c.name))
        if name in seen:
            seen[name][0] += 1
        else:
            seen[name] = [1, tuple((k, v) for k, v in c.attrs.items() if k != "name" and v is not None)]
    return [Kind(n, copies, attrs) for n, (copies, attrs) in seen.items()]


def describe(kind: Kind) -> str:
    """One line: `Lantern (2 copies): type gadget. Active: you score 2 more. ...`."""
    attrs = dict(kind.attrs)
    text = attrs.pop("text", None)
    head = kind.name + (f" ({kind.copies} copies)" if kind.copies > 1 else "")
    facts = ", ".join(f"{k} {v}" for k, v in attrs.items())
    return plain(head + (f": {facts}" if facts else "") + (f". {text}" if text else ""))


def cards_lines(game) -> list[str]:
    """What `cards` prints: a line per kind, or the names alone when no card has a text."""
    ks = kinds(game)
    if not any(dict(k.attrs).get("text") for k in ks):
        return [plain(f"{count(len(game.cards), 'card')}, none with a text: " + " ".join(k.name for k in ks)),
                "card NAME tells one card's attributes."]
    return [describe(k) for k in ks]


def card_lines(game, query: str) -> list[str]:
    """What `card NAME` prints: that card, or why no one card matches."""
    ks = kinds(game)
    query = query.strip()
    q = query.lower()
    if not q:
        return ["card NAME tells one card: type, for example, card " + plain(ks[0].name)]
    by_copy = {c.name.lower(): str(c.attrs.get("name", c.name)) for c in game.cards}
    exact = [k for k in ks if k.name.lower() == q or by_copy.get(q) == k.name]
    if len(exact) == 1:
        return [describe(exact[0])]
    hits = [ks[i] for i in matching(words(q), [words(k.name) for k in ks])]
    if len(hits) == 1:
        return [describe(hits[0])]
    if not hits:
        return [plain(f"no card matches '{query}' (cards lists them)")]
    shown = ", ".join(k.name for k in hits[:8]) + (", ..." if len(hits) > 8 else "")
    return [plain(f"'{query}' matches {len(hits)} cards ({shown}): say more")]
