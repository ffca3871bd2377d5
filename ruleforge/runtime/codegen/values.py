"""The code generator's part for issue 13's values (see lang/values.py): counters that
hold a player, a card or a symbol, `none`, values of the turn, definitions of several
parameters, and players who finish. A mixin of CodeGenerator, before Exprs.

A game that uses none of these gets the same code as before: every method here hands
the other nodes to the general generator unchanged.
"""

from __future__ import annotations

from ...lang import ast as A
from ...lang import types as LT
from .. import typeinfo as T
from .told import said_before


class Values:
    """Mixin of the code generator (needs Exprs and Straight after it)."""

    def raw(self) -> set:
        """Reads that may give none as it is: compared, stored or said, not used as a player."""
        if not hasattr(self, "_raw"):
            self._raw = set()
        return self._raw

    def held_kind(self, node):
        """'player', 'card' or 'sym' when `node` reads a counter (or a value of the turn)
        that may be none; else None."""
        name = node.name if isinstance(node, A.Of) else node if isinstance(node, A.Name) else None
        if name is None or name not in self.ch.refs:
            return None
        kind, ident = T.ref(self.ch, name)[:2]
        if kind == "counter":
            base = self.g.counter_base[ident][0]
            return self.g.var_kinds.get(base)
        if kind == "turn value":
            return self.g.var_kinds.get(self.g.turn_base[ident], "value")
        return None

    def may_be_none(self, node) -> bool:
        if isinstance(node, A.NoneValue) or (isinstance(node, A.Nobody) and self.t(node) == LT.NONE):
            return True
        if isinstance(node, A.IfExpr):
            return self.may_be_none(node.then) or self.may_be_none(node.otherwise)
        return self.held_kind(node) is not None

    def guard(self, node, text: str) -> str:
        """A player read from a counter that may be none, where a player is needed."""
        if node in self.raw() or self.held_kind(node) != "player":
            return text
        label = node.name if isinstance(node, A.Name) else f"{node.name.name} of ..."
        return f"held({text}, {label!r})"

    # ---- expressions
    def ex_NoneValue(self, node):
        return "None"

    def ex_Nobody(self, node):
        return "None" if self.t(node) == LT.NONE else super().ex_Nobody(node)

    def ex_Name(self, node):
        ref = self.ch.refs.get(node)
        if ref is not None and type(ref).__name__ == "TurnValue":
            text = f"V[{self.g.turn_base[ref.name]}]"
            if node not in self.raw() and self.held_kind(node) not in ("player", "card", "sym"):
                # a number or yes/no of the turn read before it is set this turn
                return f"turn_value({text}, {ref.name!r})"
            return self.guard(node, text)
        text = super().ex_Name(node)
        return self.guard(node, text) if ref is not None and T.ref(self.ch, node)[0] == "counter" else text

    def ex_Of(self, node):
        kind = T.ref(self.ch, node.name)[0] if node.name in self.ch.refs else None
        if kind == "place":
            return f"place_of(st, {self.ex(node.owner)})"
        text = super().ex_Of(node)
        return self.guard(node, text) if kind == "counter" else text

    def ex_OfMany(self, node):
        _, name = T.ref(self.ch, node.name)
        # (in a said text, its told variant notes the cards it reads, as a definition of one
        # value's does: ex_Of)
        return self.told_call("d", name, f"{self.fn_name('d', name)}(st, " + ", ".join(self.ex(a) for a in node.args) + ")")

    def ex_Binary(self, node):
        if node.op in ("=", "!="):
            self.raw().update((node.left, node.right))
        elif node.op in ("in", "not in"):  # none is in no list
            self.raw().add(node.left)
        return super().ex_Binary(node)

    def ex_IfExpr(self, node):
        if node in self.raw():
            self.raw().update((node.then, node.otherwise))
        return super().ex_IfExpr(node)

    def ex_HasFinished(self, node):
        return f"({self.ex(node.player)} in st.fin)"

    def ex_FinishedPlayers(self, node):
        return "st.fin"

    def ex_IsEliminated(self, node):
        if self.g.finishes:
            return f"is_eliminated(st, {self.ex(node.player)})"
        return super().ex_IsEliminated(node)

    def ex_Filter(self, node):
        if not isinstance(node.collection, A.PlayerAfter):
            return super().ex_Filter(node)
        x = self.sc.fresh("e")
        self.sc.slots[node] = x
        after = node.collection
        return (f"player_after_where(st, {self.ex(after.player)}, {self.seat_order()!r}, {after.step!r}, "
                f"lambda {x}: {self.ex(node.condition)})")

    # ---- statements
    def st_SetValue(self, s) -> None:
        kind = self.held_kind(s.target)
        if kind is not None:
            self.raw().add(s.value)
        if kind in (None, "sym"):  # a symbol is recorded as it is, by set_var
            return super().st_SetValue(s)
        _, (index, _, label) = self.target(s.target)
        if not index.isdigit():  # `partner of p`: the owner worked out once
            i = self.sc.fresh("i")
            self.w.line(f"{i} = {index}")
            index = i
        self.w.line(f"set_held(st, {index}, {self.ex(s.value)}, {label or f'LABELS[{index}]'}, {kind!r})")

    def st_LetTurn(self, s) -> None:
        self.raw().add(s.value)
        self.w.line(f"V[{self.g.turn_base[s.name.name]}] = {self.ex(s.value)}")

    def st_Finish(self, s) -> None:
        self.w.line(f"finish(st, {self.ex(s.player)})")

    def st_Say(self, s) -> None:
        if not any(not isinstance(p, str) and self.may_be_none(p) for p in s.parts):
            return super().st_Say(s)
        parts = []
        for k, p in enumerate(s.parts):
            if isinstance(p, str):
                parts.append(repr(p))
                continue
            self.raw().add(p)
            parts.append(self.told_part(p, lambda p=p: self.held_part(p), said_before(s.parts, k)))
        self.say_line(self.said_parts(parts, s.parts), s)

    def held_part(self, p) -> str:
        """A placeholder of a `say` that may be none (a held value not set): 'none'."""
        v = self.ex(p)
        if self.may_be_none(p):
            x = self.sc.fresh("x")
            return f"('none' if ({x} := {v}) is None else {self.formatted(x, self.t(p))})"
        return self.formatted(v, self.t(p))
