"""How the code generator reads the checker's types and references.

Every read of a type or a reference goes through these few functions, so that the
checker's representation can change in one place. Both the strings and tagged tuples
of the first checker and the classes of lang/types.py and lang/refs.py are read.
"""

from __future__ import annotations

_REF_TAGS = {"Local": "local", "Element": "element", "ElementAttr": "element attr", "Definition": "define",
             "Param": "param", "Counter": "counter", "Zone": "zone", "Pieces": "pieces", "Role": "role",
             "Quantity": "quantity", "Symbol": "symbol",
             "TurnValue": "turn value", "Place": "place"}


def kind(t) -> str:
    """One word for a type: card, player, zone, row, bool, number, text, piece, sym,
    list or any."""
    if t is None:
        return "any"
    if isinstance(t, str):
        if t.startswith("list:"):
            return "list"
        if t.startswith("piece:"):
            return "piece"
        if t.startswith("sym:"):
            return "sym"
        return t
    name = type(t).__name__
    if name == "ListType":
        return "list"
    if name == "PieceType":
        return "piece"
    if name == "SymbolType":
        return "sym"
    return t.name


def elem(t):
    """The element type of a list, zone or row (cards); None for anything else."""
    if t is None:
        return None
    if isinstance(t, str):
        if t.startswith("list:"):
            return t[5:]
        return "card" if t in ("zone", "row") else None
    return t.element()


def piece_kind(t) -> str:
    return t[6:] if isinstance(t, str) else t.kind


def is_card(t) -> bool:
    return kind(t) == "card"


def is_player(t) -> bool:
    return kind(t) == "player"


def is_zone(t) -> bool:
    return kind(t) == "zone"


def is_row(t) -> bool:
    return kind(t) == "row"


def is_cards(t) -> bool:
    return kind(t) == "list" and is_card(elem(t))


def ref(ch, node) -> tuple:
    """What a name refers to: (kind, ...) with kind one of local, element, element attr,
    define, param, counter, zone, pieces, role, quantity, symbol; then the binder node
    (and the attribute) for the first three, the global's name for the others."""
    r = ch.refs[node]
    if isinstance(r, tuple):
        return r
    tag = _REF_TAGS[type(r).__name__]
    if tag in ("local", "element"):
        return tag, r.binder
    if tag == "element attr":
        return tag, r.binder, r.attr
    return tag, r.name


def ref_kind(ch, node):
    return ref(ch, node)[0] if node in ch.refs else None
