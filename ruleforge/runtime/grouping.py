"""`least sum of W for each c in C outside groups g where COND` (lang/groups.py): the
least total of W over the cards of C left outside disjoint groups that meet COND.

First every group is found, as a bitmask over the cards (in card order): a depth-first
walk adds cards in order, only a card that meets the pair conditions with itself and with
every card already in (so a group is never made twice, and a pair that fails ends the
walk there), within the size bounds; COND is tested on each group of a size it allows.
Then the least total: going through the cards in order, the first card not yet placed is
either left outside (its W counts) or placed with one of the groups it is the first card
of whose cards are all free; each (card, cards placed) is worked out once. Each group
looked at (and each of its cards, which its test reads), each step of the search and each
group a step tries is a unit of work (prims.charge); the cards are at most
MAX_SUBSET_CARDS: a search that took 6 s under a million units now stops at the limit."""

from __future__ import annotations

from .limits import MAX_SUBSET_CARDS
from .prims import over_work
from .subsets import size_range
from .values import RuleError


def least_outside(st, items, weight, test, pair, sizes) -> int:
    cands = sorted(set(items))
    n = len(cands)
    if n > MAX_SUBSET_CARDS:
        raise RuleError.over("subsets", f"'outside groups' would group {n} cards: groups are made among at most "
                                        f"{MAX_SUBSET_CARDS} (MAX_SUBSET_CARDS, see docs/limits.md)")
    lo, hi = size_range(n, sizes)
    st.work -= n
    if st.work < 0:
        over_work(st)
    w = [weight(c) for c in cands]
    # with[i]: the cards after i that may share a group with it (each way round)
    ok = [pair is None or pair(c, c) for c in cands]
    later = [0] * n
    for i in range(n):
        if not ok[i]:
            continue
        for j in range(i + 1, n):
            if ok[j] and (pair is None or (pair(cands[i], cands[j]) and pair(cands[j], cands[i]))):
                later[i] |= 1 << j
    first: list = [[] for _ in range(n)]  # the groups, by their first card
    chosen: list = []

    def walk(free: int, mask: int) -> None:
        while free:
            low = free & -free
            free ^= low
            i = low.bit_length() - 1
            st.work -= len(chosen) + 1  # the card added, and the group test's look at its cards
            if st.work < 0:
                over_work(st)
            chosen.append(cands[i])
            m = mask | low
            if len(chosen) >= lo and (test is None or test(tuple(chosen))):
                first[(m & -m).bit_length() - 1].append(m)
            if len(chosen) < hi:
                walk(free & later[i], m)
            chosen.pop()

    if lo <= hi:
        for i in range(n):
            if ok[i]:
                chosen.append(cands[i])
                if lo <= 1 and (test is None or test(tuple(chosen))):
                    first[i].append(1 << i)
                if hi > 1:
                    walk(later[i], 1 << i)
                chosen.pop()
    memo: dict = {}

    def least(i: int, placed: int) -> int:
        while i < n and placed >> i & 1:
            i += 1
        if i == n:
            return 0
        key = (i, placed >> i)
        v = memo.get(key)
        if v is not None:
            return v
        st.work -= 1 + len(first[i])  # the step, and each group it tries (thousands a step, 20 cards in)
        if st.work < 0:
            over_work(st)
        v = w[i] + least(i + 1, placed)
        for g in first[i]:
            if not g & placed:
                v = min(v, least(i + 1, placed | g))
        memo[key] = v
        return v
    return least(0, 0)
