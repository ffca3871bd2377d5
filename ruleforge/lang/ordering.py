"""Numbers in order: `A < B` (two texts have no order); `the N highest of L`, `the N lowest
of L` (and `... of VALUE for each NAME in C`), the extreme numbers of a list, extreme first;
`the highest of L`, one number; `the greater of A and B`, `the lesser of A and B`, `the
difference between A and B` (the words of other languages for them, `max`, `abs`, are named
by slips.py); and lists of numbers compared item by item, first item first, where `players
with the highest` reads a definition that gives one ("the category of a hand, then its
ranks, highest first")."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from .names import Scope, Want
from .types import BOOL, NUMBER, TEXT, Type, list_of

RANKED = list_of(NUMBER)


def ordered(checker, node: A.Binary, lt, rt) -> Type:
    """Check `A < B` (`<=`, `>`, `>=`): both sides numbers. Two texts are said once, with
    the hint of a pair of cards taken once (what ordering their names was for)."""
    op = node.op
    if lt == rt == TEXT:
        checker.error(node.left, f"each side of '{op}' must be a number, not a text",
                      _text_order_hint(node, checker.refs))
        return BOOL
    checker.require(node.left, lt, NUMBER, f"each side of '{op}'")
    checker.require(node.right, rt, NUMBER, f"each side of '{op}'")
    return BOOL


def _text_order_hint(node: A.Binary, refs: dict) -> str:
    """`allowed if first.name <= second.name`, written to offer a pair of cards once whatever
    its order: texts have no order, and a set of two is offered once. The set is chosen
    from the zone of the action's `with` line when a side names one."""
    zone = "ZONE"
    for side in (node.left, node.right):
        obj = side.obj if isinstance(side, A.Attr) else side
        binder = getattr(refs.get(obj), "binder", None) if isinstance(obj, A.Name) else None
        if isinstance(binder, A.ActionParam) and binder.domain is not None and not binder.some:
            domain = binder.domain.collection if isinstance(binder.domain, A.Filter) else binder.domain
            from .exprs import written  # (exprs imports this module)
            zone = written(domain) or zone
            break
    return ("texts have no order ('=' and '!=' compare them); to choose two cards once, whatever their order, "
            f"choose a set of two: with pair some of {zone} where count of pair = 2")


def extremes(checker, node: A.Extremes, scope: Scope) -> Type:
    """Check `the N highest|lowest of ...`; its type: a list of numbers."""
    n = node.count.value if isinstance(node.count, A.Number) else "N"
    words = f"the {n} {node.extreme} of"
    checker.require(node.count, checker.expr(node.count, scope), NUMBER, f"the N of 'the N {node.extreme} of'")
    if isinstance(node.count, A.Number) and node.count.value < 1:
        checker.error(node.count, f"'the {node.count.value} {node.extreme} of' picks nothing",
                      f"write 'the 1 {node.extreme} of' or more")
    if node.name is None:
        t = checker.expr(node.value, scope, want=Want.COLLECTION)
        if t is not None and not t.compatible(RANKED):
            hint = (f"rank them by a number: 'the 3 {node.extreme} of c.value for each c in ...'"
                    if t.element() is not None else None)
            checker.error(node.value, f"'{words}' picks from a list of numbers, not {t.describe()}", hint)
    else:
        inner = checker.loop(node.collection, node.name, node, scope)
        checker.require(node.value, checker.expr(node.value, inner), NUMBER, f"what '{words}' ranks")
    return RANKED


def extreme(checker, node: A.Extreme, scope: Scope) -> Type:
    """Check `the highest|lowest of ...`; its type: a number."""
    words = f"the {node.extreme} of"
    if node.name is None:
        t = checker.expr(node.value, scope, want=Want.COLLECTION)
        if isinstance(node.value, A.ListOf) and not node.value.items:
            checker.error(node.value, f"'{words} []' has no number to give: the list is empty")
        elif t is not None and not t.compatible(RANKED):
            if t == NUMBER:
                hint = f"of two numbers, write 'the {PAIR_WORDS[node.extreme]} of A and B'"
            elif t.element() is not None:
                hint = f"rank them by a number: '{words} c.value for each c in ...'"
            else:
                hint = None
            checker.error(node.value, f"'{words}' picks from a list of numbers, not {t.describe()}", hint)
    else:
        inner = checker.loop(node.collection, node.name, node, scope)
        checker.require(node.value, checker.expr(node.value, inner), NUMBER, f"what '{words}' ranks")
    return NUMBER


PAIR_WORDS = {"highest": "greater", "lowest": "lesser"}


def pair_of(checker, node: A.PairOf, scope: Scope) -> Type:
    """Check `the greater of A and B` (`lesser`, `the difference between`): two numbers."""
    words = f"the {node.op} {'between' if node.op == 'difference' else 'of'}"
    for side in (node.left, node.right):
        checker.require(side, checker.expr(side, scope), NUMBER, f"each side of '{words}'")
    return NUMBER


class OrderingChecker:
    """Mixin of the type checker (rules.TypeChecker): the forms above."""

    def ex_Extremes(self, node: A.Extremes, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return extremes(self, node, scope)

    def ex_Extreme(self, node: A.Extreme, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return extreme(self, node, scope)

    def ex_PairOf(self, node: A.PairOf, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return pair_of(self, node, scope)


def comparable(t) -> bool:
    """Whether `players with the highest` can compare values of type `t` (None: unknown)."""
    return t in (NUMBER, RANKED, None)
