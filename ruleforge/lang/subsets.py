"""An action's choice of several cards at once: `with cards some of table where COND`
(and its blind pick of one card by place: `with c from hand of p, unseen`).

The condition is about the set, which it names (`count of cards`, `sum of c.value for
each c in cards`, `every c in cards has ...`). `bounds` finds, in the conjuncts of the
condition, what lets the enumerator skip sets early (runtime/subsets.py): a bound on the
number of cards, and a bound on a sum; `pairwise` finds the conditions on every card or
every pair of cards of the set, which let it make only the sets whose cards go together;
`rest` is what it must still test on each set."""

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


FLIP = {"=": "=", "<=": ">=", "<": ">", ">=": "<=", ">": "<"}


def binders_under(node, refs):
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
        if not (isinstance(c, A.Binary) and c.op in FLIP):
            continue
        for left, op, right in ((c.left, c.op, c.right), (c.right, FLIP[c.op], c.left)):
            if p in binders_under(right, refs):
                continue
            if isinstance(left, A.Aggregate) and left.op == "count" and _is_set(left.collection, p, refs):
                sizes.append((op, right))
            elif (isinstance(left, A.SumFor) and total is None and op in ("=", "<=", "<")
                  and _is_set(left.collection, p, refs)):
                total = (op, left, right)
    return sizes, total


def _mentions(node, p, refs) -> bool:
    return p in binders_under(node, refs)


def pairwise(p: A.ActionParam, refs) -> list:
    """The conjuncts of the condition about every card or every pair of cards of the set,
    as [(outer, inner)]: `every a in NAME has Q(a)` (inner None) and `every a in NAME has
    every b in NAME has P(a, b)`, where Q and P do not look at the set otherwise. Such a
    conjunct holds of a set exactly when it holds of each card (Q), or of each ordered
    pair of its cards, a card with itself included (P): the enumerator works it out once
    per card and pair of the cards to choose from, instead of once per set."""
    out = []
    if p.condition is None:
        return out
    for c in conjuncts(p.condition):
        if not (isinstance(c, A.Quantifier) and c.kind == "every" and _is_set(c.collection, p, refs)):
            continue
        body = c.condition
        if not _mentions(body, p, refs):
            out.append((c, None))
        elif (isinstance(body, A.Quantifier) and body.kind == "every" and _is_set(body.collection, p, refs)
              and not _mentions(body.condition, p, refs)):
            out.append((c, body))
    return out


def _is_size(c, p, refs) -> bool:
    """Whether conjunct `c` is a bound on the number of cards (`bounds` takes it)."""
    if not (isinstance(c, A.Binary) and c.op in FLIP):
        return False
    for left, right in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(left, A.Aggregate) and left.op == "count" and _is_set(left.collection, p, refs)
                and not _mentions(right, p, refs)):
            return True
    return False


def rest(p: A.ActionParam, refs) -> list:
    """The conjuncts of the condition that the enumerator does not already make hold (the
    bounds on the number of cards, and `pairwise`): the test of each set it offers."""
    if p.condition is None:
        return []
    pairs = {outer for outer, _ in pairwise(p, refs)}
    return [c for c in conjuncts(p.condition) if c not in pairs and not _is_size(c, p, refs)]
