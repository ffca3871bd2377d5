"""How the code generator reads the checker's types and references.

Every read of a type or a reference goes through these few functions, so that the
checker's representation (strings and tagged tuples today) can change in one place.
"""

from __future__ import annotations

from ...lang.check import CARD, PLAYER, ROW, ZONE


def kind(t) -> str:
    """One word for a type: card, player, zone, row, bool, number, text, piece, sym,
    list or any."""
    if t is None:
        return "any"
    if t.startswith("list:"):
        return "list"
    if t.startswith("piece:"):
        return "piece"
    if t.startswith("sym:"):
        return "sym"
    return t


def elem(t):
    """The element type of a list, zone or row (cards); None for anything else."""
    if t is None:
        return None
    if t.startswith("list:"):
        return t[5:]
    if t in (ZONE, ROW):
        return CARD
    return None


def piece_kind(t) -> str:
    return t[6:]


def is_card(t) -> bool:
    return t == CARD


def is_player(t) -> bool:
    return t == PLAYER


def is_zone(t) -> bool:
    return t == ZONE


def is_row(t) -> bool:
    return t == ROW


def is_cards(t) -> bool:
    return t == "list:" + CARD


def ref(ch, node) -> tuple:
    """What a name refers to: (kind, ...) with kind one of local, element, element attr,
    define, param, counter, zone, pieces, role, quantity, symbol."""
    return ch.refs[node]


def ref_kind(ch, node):
    r = ch.refs.get(node)
    return r[0] if r is not None else None
