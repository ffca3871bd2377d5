"""An action's choice of several cards at once: `with cards some of table where COND`
(and its blind pick of one card by place: `with c from hand of p, unseen`).

The condition is about the set, which it names (`count of cards`, `sum of c.value for
each c in cards`, `every c in cards has ...`). `bounds` finds, in the conjuncts of the
condition, what lets the enumerator skip sets early (runtime/subsets.py): a bound on the
number of cards, and a bound on a sum."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from .names import Scope, Want
from .types import ANY, BOOL, CARD, ZONE, list_of


def some_of(checker, p: A.ActionParam, scope: Scope):
    """Check `with NAME some of C [where COND]`; the type NAME holds: a list of cards."""
    t = checker.expr(p.domain, scope, want=Want.COLLECTION)
    et = t.element() if t else None
    if t is not None and et not in (CARD, ANY):
        what = t.describe()
        checker.error(p.domain, f"'some of' chooses cards from a zone or a list of cards, not {what}",
                      "to choose one value, write 'with NAME in ...'")
    if p.condition is not None:
        inner = Scope(scope)
        checker.bind(inner, p.name, list_of(CARD), p)
        checker.require(p.condition, checker.expr(p.condition, inner), BOOL, "the condition of 'some of'")
    return list_of(CARD)


def unseen_in(checker, p: A.ActionParam, scope: Scope):
    """Check `with NAME from ZONE, unseen` (a blind pick by place); NAME holds a card."""
    unseen_zone(checker, p.domain, checker.expr(p.domain, scope, want=Want.ZONE))
    return CARD


def unseen_zone(checker, node, t) -> None:
    """A blind pick (here, or `chooses a card from ZONE, unseen`) is made from a zone."""
    if t is not None and t != ZONE:
        hint = ("write the zone itself: 'hand of p', not 'cards in hand of p'" if t == list_of(CARD)
                else "an unseen pick takes a card by its place in a zone")
        checker.error(node, f"an unseen pick is made from a pile or hand, not {t.describe()}", hint)


def conjuncts(node):
    if isinstance(node, A.Binary) and node.op == "and":
        yield from conjuncts(node.left)
        yield from conjuncts(node.right)
    else:
        yield node


_FLIP = {"=": "=", "<=": ">=", "<": ">", ">=": "<=", ">": "<"}


def _names(node, refs):
    """Every binder a Name under `node` refers to."""
    stack, out = [node], set()
    while stack:
        n = stack.pop()
        if isinstance(n, A.Name):
            r = refs.get(n)
            if r is not None and hasattr(r, "binder"):
                out.add(r.binder)
        elif hasattr(n, "__attrs_attrs__"):
            for f in n.__attrs_attrs__:
                v = getattr(n, f.name)
                if isinstance(v, (tuple, list)):
                    stack.extend(x for x in v if hasattr(x, "__attrs_attrs__"))
                elif hasattr(v, "__attrs_attrs__"):
                    stack.append(v)
    return out


def _is_set(node, p, refs) -> bool:
    r = refs.get(node) if isinstance(node, A.Name) else None
    return r is not None and getattr(r, "binder", None) is p


def bounds(p: A.ActionParam, refs) -> tuple[list, Optional[tuple]]:
    """([(op, E)] bounds on the number of cards, (op, summed expression, the sum's node, E)
    or None): from conjuncts `count of NAME OP E` and `sum of X for each c in NAME OP E`
    (either side), where E does not depend on the set."""
    sizes, total = [], None
    if p.condition is None:
        return sizes, None
    for c in conjuncts(p.condition):
        if not (isinstance(c, A.Binary) and c.op in _FLIP):
            continue
        for left, op, right in ((c.left, c.op, c.right), (c.right, _FLIP[c.op], c.left)):
            if p in _names(right, refs):
                continue
            if isinstance(left, A.Aggregate) and left.op == "count" and _is_set(left.collection, p, refs):
                sizes.append((op, right))
            elif (isinstance(left, A.SumFor) and total is None and op in ("=", "<=", "<")
                  and _is_set(left.collection, p, refs)):
                total = (op, left, right)
    return sizes, total
