"""Numbers in order: `the N highest of L`, `the N lowest of L` (and `... of VALUE for each
NAME in C`), the extreme numbers of a list, extreme first; `the highest of L`, one number;
`the greater of A and B`, `the lesser of A and B`, `the difference between A and B` (the
words of other languages for them, `max`, `abs`, are named by slips.py); and lists of
numbers compared item by item, first item first, where `players with the highest` reads a
definition that gives one ("the category of a hand, then its ranks, highest first")."""

from __future__ import annotations

from . import ast as A
from typing import Optional

from .names import Scope, Want
from .types import NUMBER, Type, list_of

RANKED = list_of(NUMBER)


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
