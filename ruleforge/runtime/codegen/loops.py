"""An expression's loops, charged to the work budget where they may look at much.

A loop over a collection (a filter, a quantifier, a sum) is free while it, with the loops
around it, can look at no more than LOOP_FREE things: the step budget of its statement
counts that much. Any other loop is charged as it starts (prims.charge).
"""

from __future__ import annotations

import re

from ...lang import ast as A
from .. import typeinfo as T

# The things an expression's loops, nested, may look at together without being charged
# to the work budget (see Loops.expr_loop).
LOOP_FREE = 256
# A call of a generated definition, quantity or card rule, in generated code.
CALL = re.compile(r"\b(?:d|q|a|ga)_\w*\(st\b")


class Loops:
    """Mixin of the code generator's expressions: needs self.ch, self.g and self.t()."""

    def expr_loop(self, node, items: str, body) -> tuple[str, str]:
        """-> (the items an expression's loop over `node` runs over, its body's text).

        A loop is charged to the work budget (prims.charge) unless it and the loops it
        lies in can look at no more than LOOP_FREE things together (four players' hands
        of a 56-card game: 4 x 56): that much is counted by the step budget of the
        statement it is in. Any other loop is charged as it starts, and so is a loop whose
        body works out a definition, quantity or card rule: those can fan out again (a
        chain of quantities each adding up the one before over 52 cards)."""
        outer = getattr(self, "loop_bound", 1)
        bound = outer * self.collection_bound(node, items)
        self.loop_bound = bound
        try:
            text = body()
        finally:
            self.loop_bound = outer
        if bound > LOOP_FREE or CALL.search(text):
            items = f"charge(st, {items})"
        return items, text

    def collection_bound(self, node, items: str) -> float:
        """The most things a collection can hold in this game."""
        if items.startswith("(") and items.endswith(")") and "(" not in items[1:]:
            return items.count(",") + 1
        t = self.t(node)
        if T.is_zone(t) or T.is_row(t) or isinstance(node, (A.CardsIn, A.Top)):
            return len(self.g.cards)
        if isinstance(node, A.Filter):
            return self.collection_bound(node.collection, "")
        if isinstance(node, A.ListOf):
            return len(node.items)
        if isinstance(node, (A.Players, A.Opponents, A.PlayersWith, A.PlayersFrom)):
            return self.g.nplayers
        if self.lists_joined():  # any other list may hold its cards or players many times over
            return float("inf")
        if T.is_cards(t):
            return len(self.g.cards)
        k = T.kind(T.elem(t)) if t is not None else None
        if k == "card":
            return len(self.g.cards)
        if k == "player":
            return self.g.nplayers
        if k == "piece":
            return len(self.g.pieces)
        return float("inf")

    def lists_joined(self) -> bool:
        """Does the rule file join lists (`xs + ys`)? Then a list may be as long as the
        joining lets it (MAX_JOINED, `set xs to xs + xs`), whatever it holds: a loop over
        it is charged as it starts (a filter over such a list of 425,984 cards, in a
        loop, ran for minutes uncharged)."""
        joined = getattr(self, "_lists_joined", None)
        if joined is None:
            joined = self._lists_joined = any(isinstance(n, A.Binary) and n.op == "+" and T.kind(t) == "list"
                                              for n, t in self.ch.types.items())
        return joined
