"""`least sum of W for each c in C outside groups g where COND`: the least total of W over
the cards of C that are left outside disjoint groups, each group meeting COND, over every
way of choosing the groups (choosing none included): a rummy hand's deadwood, the cards
outside its melds arranged at best.

The checker's part, and the analysis that lets the runtime (runtime/grouping.py) skip groups
without testing them: among the conjuncts of COND (seen through a definition of a list
of cards, `meld of g`), a bound on the group's size (`count of g >= 3`) and a condition on
every pair of its cards (`every a in g has every b in g has P`, P not naming g): a group
one of whose pairs fails has no larger group that passes."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from .names import Scope, Want
from .subsets import FLIP, binders_under, conjuncts
from .types import CARD, NUMBER, BOOL, Type, list_of


class GroupsChecker:
    """Mixin of the type checker (rules.TypeChecker)."""

    def ex_LeastSum(self, node: A.LeastSum, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        inner = self.loop(node.collection, node.name, node, scope)
        t = self.types.get(node.collection)
        et = t.element() if t is not None else None
        if et is not None and et != CARD:
            self.error(node.collection, f"'outside groups' groups cards: a zone or a list of cards, not {t.describe()}")
        self.require(node.value, self.expr(node.value, inner), NUMBER, "what is summed")
        groups = Scope(scope)
        self.bind(groups, node.group, list_of(CARD), node.group)
        self.require(node.condition, self.expr(node.condition, groups), BOOL, "the condition of a group")
        return NUMBER


def _is(node, binders, refs) -> bool:
    r = refs.get(node) if isinstance(node, A.Name) else None
    return r is not None and getattr(r, "binder", None) in binders


def hereditary(condition, group, refs, defines) -> tuple[list, list, list]:
    """([(op, E)] bounds on the group's size, [(outer, inner, P)] pair conditions, [(C, defs)]
    the other conjuncts) found in the conjuncts of `condition` about the group bound by
    `group`. A conjunct that calls a definition of one list of cards with the group is
    looked into, its body's conjuncts being about the group too: `defs` are the
    definitions whose parameter stands for the group in C. The bounds and the pairs are
    met by every group the runtime tests, so only the other conjuncts are tested."""
    sizes, pairs, rest = [], [], []

    def walk(cond, binders, defs, depth):
        for c in conjuncts(cond):
            if (isinstance(c, A.Of) and _is(c.owner, binders, refs) and depth < 8
                    and c.name.name in defines):
                d = defines[c.name.name]
                if d.param is not None and d.param_kind == "cards" and not d.more:
                    walk(d.value, binders | {d}, defs + (d,), depth + 1)
                    continue
            if (isinstance(c, A.Quantifier) and c.kind == "every" and c.name is not None
                    and _is(c.collection, binders, refs)):
                q = c.condition
                if (isinstance(q, A.Quantifier) and q.kind == "every" and q.name is not None
                        and _is(q.collection, binders, refs) and not (binders_under(q.condition, refs) & binders)):
                    pairs.append((c, q, q.condition))
                    continue
            if isinstance(c, A.Binary) and c.op in FLIP:
                for left, op, right in ((c.left, c.op, c.right), (c.right, FLIP[c.op], c.left)):
                    if (isinstance(left, A.Aggregate) and left.op == "count" and _is(left.collection, binders, refs)
                            and not (binders_under(right, refs) & binders)):
                        sizes.append((op, right))
                        break
                else:
                    rest.append((c, defs))
                continue
            rest.append((c, defs))
    walk(condition, {group}, (), 0)
    return sizes, pairs, rest
