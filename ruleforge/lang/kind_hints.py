"""Hints for two type mistakes of a designer who reads a zone as the card in it: `swap hand
of a with hand of b` (a swap moves two cards) and `if guess in hand of p` with `guess` a
symbol (a zone holds cards, not kinds). Each says what to write, with the file's own words."""

from __future__ import annotations

from typing import Optional

from . import ast as A
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
