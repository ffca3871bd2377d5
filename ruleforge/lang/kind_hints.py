"""Hints for type mistakes of a designer who reads a zone as the card in it: `swap hand
of a with hand of b` (a swap moves two cards), `if guess in hand of p` with `guess` a
symbol and `(c.value - 1) not in taken of p` (a zone holds cards, not kinds or numbers).
Each says what to write, with the file's own words."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from . import refs as R
from . import types as T
from .types import CARD, ZONE, Type, list_of


def _said(node, other: Optional[str]) -> Optional[str]:
    """`written`, knowing the players a card's rule names too (`hand of owner`)."""
    if isinstance(node, A.Owner):
        return "owner"
    if isinstance(node, A.Seat):
        return f"player {node.number}"
    if isinstance(node, A.Of):
        owner = _said(node.owner, other)
        return f"{node.name.name} of {owner}" if owner is not None else None
    from .exprs import written  # (exprs asks this module for a hint)
    return written(node, other)


def swap_side_hint(side, t: Optional[Type], other, other_t: Optional[Type], first: bool) -> Optional[str]:
    """The hint for a side of a swap that is a zone (or a list of cards), or None. How to
    trade two whole hands is said once, at the first side."""
    if t not in (ZONE, list_of(CARD)):
        return None
    this = _said(side, "ZONE") if t == ZONE else "ZONE"
    hint = f"a swap trades two cards: write `the card in {this}` for the one card of a hand"
    if t == ZONE and other_t == ZONE and first:
        that = _said(other, "OTHER")
        hint += (f"; to trade whole hands, move them through a pile set aside (declare one, such as "
                 f"`zone aside \"set aside\": pile`): move cards in {this} to aside, then move cards in "
                 f"{that} to {this}, then move cards in aside to {that}")
    return hint


def kind_in_zone_hint(node, lt: Optional[Type], rt: Optional[Type]) -> Optional[str]:
    """`guess in hand of p`, `guess` a symbol: the hint to ask about the cards' attribute."""
    if not isinstance(lt, T.SymbolType) or rt not in (ZONE, list_of(CARD)):
        return None
    what = _said(node.left, None)
    where = _said(node.right, None)
    if what is None or where is None:
        what, where = what or "SYMBOL", where or "ZONE"
    element = "x" if what == "c" else "c"
    return (f"a zone holds cards, not {lt.plural()}: to ask whether a card of that {lt.domain} is there, write "
            f"any {element} in {where} has {element}.{lt.domain} = {what}"
            + (" (negated: no ... has ...)" if node.op == "not in" else ""))


def _number(node, refs) -> Optional[str]:
    """A number as written (`c.value - 1`), or None where a part would not read the same
    inside the quantifier of the hint: an attribute written alone (`value - 1` in a
    `where`) would be the quantifier's card's there."""
    if isinstance(node, A.Number):
        return str(node.value)
    if isinstance(node, A.Binary) and node.op in A.ARITHMETIC:
        left, right = _number(node.left, refs), _number(node.right, refs)
        if left is None or right is None:
            return None
        left, right = (f"({side})" if isinstance(part, A.Binary) else side
                       for side, part in ((left, node.left), (right, node.right)))
        return f"{left} {node.op} {right}"
    if isinstance(node, A.Name) and isinstance(refs.get(node), (R.ElementAttr, R.Element)):
        return None
    return _said(node, None)


def _names(node) -> set:
    """The names an expression is written with (a hint's own name must be none of them)."""
    return {part.name for part in _parts(node) if isinstance(part, A.Name)}


def number_in_zone_hint(node, lt: Optional[Type], rt: Optional[Type], refs, scope) -> Optional[str]:
    """`c.value - 1 not in taken of p`: the hint to ask about the cards' numbers, with the
    designer's own expression (`no d in taken of p has d.value = c.value - 1`), naming the
    card with a name neither it nor the rule around it uses (`scope`)."""
    if lt != T.NUMBER or rt not in (ZONE, list_of(CARD)):
        return None
    what, where = _number(node.left, refs), _said(node.right, None)
    if what is None or where is None:
        what, where = what or "NUMBER", where or "ZONE"
    # the attribute the number reads (`c.value - 1`: value), else the usual one
    attrs = [part.name for part in _parts(node.left) if isinstance(part, A.Attr)]
    attr = attrs[0] if attrs else "value"
    used = _names(node.left) | _names(node.right)
    element = next((n for n in ("d", "c", "e", "x", "y", "z", "card", "other_card")
                    if n not in used and scope.lookup(n) is None), "CARD")
    quantifier = "no" if node.op == "not in" else "any"
    return (f"a zone holds cards, not numbers: to ask whether one of its cards has that {attr}, write "
            f"{quantifier} {element} in {where} has {element}.{attr} = {what}")


def _parts(node):
    """An expression and every expression within it."""
    yield node
    for field in type(node).__attrs_attrs__:
        part = getattr(node, field.name)
        for one in part if isinstance(part, tuple) else (part,):
            if isinstance(one, A.Expr):
                yield from _parts(one)
