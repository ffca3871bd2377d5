"""Every set of cards an action's `with NAME some of C where COND` may choose.

Sets are made once each (never once per ordering), as tuples of card indexes in card
order, in canonical (lexicographic) order, by a depth-first walk that adds cards in card
order. Each set looked at is a unit of work (prims.charge); the cards to choose from are
at most MAX_SUBSET_CARDS. Two bounds found in COND (lang/subsets.py) skip sets early: the
number of cards (`count of NAME <= 4`), and a sum of numbers none of which is negative
(`sum of c.value for each c in NAME = 11`): a set whose sum is already over stays over.
A condition on every card or every pair of cards of the set (`every a in NAME has every b
in NAME has a.value = b.value`) is worked out once per card and pair: the walk adds only
cards that go with every card already chosen, so it makes only the sets that meet it. A
set too short to reach the fewest cards is not walked on. What the bounds and these
conditions make hold is not tested again; the rest of COND is, on every set offered."""

from __future__ import annotations

from .actions import enumerate_actions
from .limits import MAX_SUBSET_CARDS
from .prims import over_work
from .values import RuleError


def size_range(n: int, sizes) -> tuple[int, int]:
    """(fewest, most) cards a set of `n` may hold under the size bounds [(op, number)]
    found in its condition (`count of NAME >= 3`)."""
    lo, hi = 1, n
    for op, v in sizes:
        if op == "=":
            lo, hi = max(lo, v), min(hi, v)
        elif op == "<=":
            hi = min(hi, v)
        elif op == "<":
            hi = min(hi, v - 1)
        elif op == ">=":
            lo = max(lo, v)
        else:
            lo = max(lo, v + 1)
    return lo, hi


def subsets(st, items, L, k: int, test, sizes, weight, limit, action: str, name: str, pair=None) -> list:
    cands = sorted(set(items))
    n = len(cands)
    if n > MAX_SUBSET_CARDS:
        raise RuleError.over("subsets", f"action '{action}' would choose '{name}' among {n} cards: a set is "
                             f"chosen among at most {MAX_SUBSET_CARDS} (MAX_SUBSET_CARDS, see docs/limits.md)")
    lo, hi = size_range(n, sizes(st, L) if sizes is not None else ())
    if lo > hi:
        return []
    # every card, and every pair of cards, of the set meets `pair`: a card that fails alone
    # is in no set, and a set holds only cards that go together two by two
    together = None
    if pair is not None and n:
        st.work -= n * (n + 1) // 2
        if st.work < 0:
            over_work(st)
        cands = [c for c in cands if pair(st, L, c, c)]
        n = len(cands)
        together = [0] * n
        for i in range(n):
            a, m = cands[i], 0
            for j in range(i + 1, n):
                b = cands[j]
                if pair(st, L, a, b) and pair(st, L, b, a):
                    m |= 1 << j
            together[i] = m
        hi = min(hi, n)
    ws = cap = None
    if weight is not None:
        st.work -= n
        if st.work < 0:
            over_work(st)
        w = [weight(st, L, c) for c in cands]
        if all(x >= 0 for x in w):  # only then does a sum over the limit stay over it
            ws, cap = w, limit(st, L)
    out: list = []
    if lo > hi:
        return out
    chosen: list = []

    def walk(start: int, total: int, fits: int) -> None:
        short = lo - len(chosen)  # the cards still needed to reach the fewest
        for i in range(start, n):
            if n - i < short:  # too few cards left to reach the fewest
                break
            if not fits >> i & 1:
                continue
            t = total
            if ws is not None:
                t += ws[i]
                if t > cap:
                    continue
            chosen.append(cands[i])
            st.work -= 1
            if st.work < 0:
                over_work(st)
            m = len(chosen)
            if m >= lo:
                s = tuple(chosen)
                if test is None:
                    out.append(s)
                else:
                    L[k] = s
                    if test(st, L):
                        out.append(s)
            if m < hi:
                walk(i + 1, t, fits & together[i] if together is not None else fits)
            chosen.pop()
    walk(0, 0, (1 << n) - 1)
    return out


def subset_menu(st, seat: int, spec, names, cache: dict, acts: list, vals: list) -> None:
    """The menu entries of an action with a set of cards among its parameters: the generic
    enumerator's, which names sets (actions._named_sets) and defers hidden ones."""
    enumerate_actions(st, spec, names, seat, cache, acts, vals)
