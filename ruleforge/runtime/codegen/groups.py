"""The code generator's part for `least sum of W for each c in C outside groups g where
COND` (lang/groups.py is the checker's): a call of runtime/grouping.least_outside with W,
COND and the pair conditions found in COND as functions of their cards, and the bounds on
a group's size."""

from __future__ import annotations

from ...lang import ast as A
from ...lang.groups import hereditary


class Groups:
    """Mixin of the code generator (module.CodeGenerator)."""

    def ex_LeastSum(self, node: A.LeastSum) -> str:
        sc = self.sc
        x = sc.fresh("e")
        sc.slots[node] = x
        items = self.coll(node.collection, live=True)
        weight = f"lambda {x}: {self.ex(node.value)}"
        g = sc.fresh("g")
        sc.slots[node.group] = g
        sizes, pairs, rest = hereditary(node.condition, node.group, self.ch.refs, self.ch.defines)
        # the bounds and the pairs hold for every group tested: only the rest is tested,
        # a definition's conjuncts written out with the group for its parameter
        tests = []
        for cond, defs in rest:
            saved = {d: sc.slots.get(d) for d in defs}
            for d in defs:
                sc.slots[d] = g
            tests.append(f"({self.ex(cond)})")
            for d, was in saved.items():
                if was is None:
                    del sc.slots[d]
                else:
                    sc.slots[d] = was
        test = f"lambda {g}: " + " and ".join(tests) if tests else "None"
        bounds = "(" + "".join(f"({op!r}, {self.ex(e)}), " for op, e in sizes) + ")"
        pair = "None"
        if pairs:
            a, b = sc.fresh("a"), sc.fresh("b")
            both = []
            for outer, inner, cond in pairs:
                sc.slots[outer], sc.slots[inner] = a, b
                both.append(f"({self.ex(cond)})")
            pair = f"lambda {a}, {b}: " + " and ".join(both)
        return f"least_outside(st, {items}, {weight}, {test}, {pair}, {bounds})"
