"""What an invariant read, when it does not hold: one function per invariant that a
failing check calls (`Game.explain_invariant`), so that `check --deep` can say

    where p is player 2:
      count of hand of p = 12

and not only that `ten_cards` failed. It follows the invariant's shape: of `A and B`,
the first part that is false; of a comparison, both sides (a number written out is not
repeated); of `every p in X has C`, the first p for which C is false, and C's values
for it (of `no p ...`, the first p for which C is true). Each value is written as a
`say` text writes it. The texts of the expressions are the rule file's own, cut from
its source by their spans (`repr()`'d into the generated source, as every text is).

Nothing here runs while a game is played: only once a check has failed.
"""

from __future__ import annotations

import re

from ...lang import ast as A
from .. import typeinfo as T
from .menus import split_conjuncts

_COMPARISONS = ("=", "!=", "<", "<=", ">", ">=", "in", "not in")
_SHOWN = 72  # characters of an expression's text, at most
_TERMS = 16  # the terms of a sum shown each, at most
_DEPTH = 6   # quantifiers and parts looked into, one inside another, at most (Python nests
             # 20 loops at most: an invariant nested deeper still compiles, and shows less)


class Explain:
    """Mixin of the program writer (program.ProgramWriter)."""

    def explain_invariants(self) -> None:
        self._source_lines = {}  # file (None: the rule file itself) -> its lines, split once
        for inv in self.ch.invariants:
            ident = self.fn_name("x", inv.name.name)

            def body(inv=inv):
                self.scope()
                self._named = set()
                self.w.line("Z = st.zones")  # (each taken out again if nothing reads it)
                self.w.line("V = st.vars")
                self.w.line("out = []")
                self._explain(inv.condition, "", False)
                self.w.line("return out")
            self.function(ident, "st, L=None", f"invariant {inv.name.name}", inv.span, body)

    def _text(self, node) -> str:
        """The expression as the rule file writes it, on one line."""
        span = getattr(node, "span", None)
        if span is None:
            return type(node).__name__.lower()
        lines = self._source_lines.get(span.file)
        if lines is None:
            lines = self._source_lines[span.file] = (self.ch.sources.get(span.file, "") if span.file
                                                     else self.ch.text).splitlines()
        if not 0 < span.line <= span.end_line <= len(lines):
            return type(node).__name__.lower()
        if span.line == span.end_line:
            text = lines[span.line - 1][span.column - 1:span.end_column - 1]
        else:
            text = " ".join([lines[span.line - 1][span.column - 1:]] + lines[span.line:span.end_line - 1]
                            + [lines[span.end_line - 1][:span.end_column - 1]])
        text = re.sub(r"\s+", " ", text).strip()
        return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"

    def _value(self, node, pad: str) -> None:
        """`out` gains the line `TEXT = VALUE`, unless the node is a number written out."""
        if isinstance(node, A.Number) or self.t(node) is None:
            return
        if isinstance(node, A.Name) and node.name in self._named:
            return  # the element a `where NAME is ...` line above names
        v = self.ex(node)
        self.w.line(f"out.append({pad + self._text(node) + ' = '!r} + {self.formatted(v, self.t(node))})")
        if isinstance(node, A.Binary) and node.op in ("+", "-"):
            # a sum's terms each (an accounting invariant adds up a zone each)
            terms = _terms(node)
            if len(terms) <= _TERMS:
                for term in terms:
                    self._value(term, pad + "  ")

    def _explain(self, node, pad: str, held: bool = False, depth: int = 0) -> None:
        """Lines for `node`, which came out `held` (True or False) where this runs."""
        w = self.w
        if depth > _DEPTH:
            return
        if isinstance(node, A.Binary) and node.op in ("and", "or"):
            parts = split_conjuncts(node, node.op)
            if held == (node.op == "and"):  # every part came out as the whole did
                for part in parts:
                    self._explain(part, pad, held, depth + 1)
                return
            for k, part in enumerate(parts):  # the first part that decided it
                test = self.ex(part)
                w.line(f"{'if' if k == 0 else 'elif'} {'' if held else 'not '}({test}):")
                with w.indent():
                    self._block(part, pad, held, depth + 1)
        elif isinstance(node, A.Unary) and node.op == "not":
            self._explain(node.operand, pad, not held, depth + 1)
        elif isinstance(node, A.Binary) and node.op in _COMPARISONS:
            self._value(node.left, pad)
            self._value(node.right, pad)
        elif isinstance(node, A.Between):
            for part in (node.value, node.low, node.high):
                self._value(part, pad)
        elif isinstance(node, A.Quantifier):
            # the element that decided it: for `every`, one whose test failed; for `any`,
            # one whose test held; for `no`, one whose test held (each only when it did)
            if (node.kind, held) in (("every", False), ("any", True), ("no", False)):
                self._witness(node, pad, node.kind != "every", depth + 1)
        else:  # a test of its own (`north knows c`, `c is face up`): its value, and its card's
            self._value(node, pad)
            if isinstance(node, A.Knows):
                self._value(node.card, pad)
            elif isinstance(node, A.Test) and node.test.startswith("face"):
                self._value(node.value, pad)

    def _block(self, node, pad: str, held: bool, depth: int) -> None:
        """The lines of `node` as a block of their own (`pass` when there are none)."""
        start = len(self.w.lines)
        self._explain(node, pad, held, depth)
        if len(self.w.lines) == start:
            self.w.line("pass")

    def _witness(self, node, pad: str, held: bool, depth: int) -> None:
        """The first element for which the quantifier's test came out `held`, and the
        test's values for it."""
        w, sc = self.w, self.sc
        x = sc.fresh("e")
        if self.holds_cards(node.collection):
            sc.cards.add(x)
        items = self.coll(node.collection, live=True)
        sc.slots[node] = x
        name = node.name.name if node.name is not None else "it"
        w.line(f"for {x} in {items}:")
        with w.indent():
            test = self.ex(node.condition)
            w.line(f"if {'' if held else 'not '}({test}):")
            with w.indent():
                t = self.ch.types.get(node.collection)
                elem = T.elem(t) if t is not None and T.kind(t) == "list" else None
                shown = self.formatted(x, elem) if elem is not None else f"said_card({x})" if x in sc.cards \
                    else f"str({x})"
                w.line(f"out.append({pad + 'where ' + name + ' is '!r} + {shown} + ':')")
                outer = self._named
                self._named = outer | {name}
                self._explain(node.condition, pad + "  ", held, depth)
                self._named = outer
                w.line("break")



def _terms(node) -> list:
    """The terms of `A + B - C`, in order."""
    if isinstance(node, A.Binary) and node.op in ("+", "-"):
        return _terms(node.left) + _terms(node.right)
    return [node]
