"""Values a rule worked out from cards, worked out again in a sampled world.

`let v = (top of pile).value for the turn`, then another seat's decision: a world that
deals another card on the pile must not keep the true `v`, or a bot that searches it
knows the card. The generated code (codegen/derived.py) keeps with such a value its
record, made by `derived`: the board as it was (which card lay where, facing, who knew
each, the numbers), the values of the names the rule read, and the function that works
the value out from them. `world_values` gives a world each kept value as that function
finds it on the old board with every card the seat cannot see now renamed as the world
renames it: the world's history is the true one with the hidden cards swapped, so the
value is the one this history would have given.

A value the function cannot work out again (a rule error on the renamed board: a card
without the attribute read, a budget spent) keeps its true value.
"""

from __future__ import annotations

from .values import RuleError

__all__ = ["derived", "world_values"]


# How many records a kept value may be built on (`increase total by c.value` in a loop
# chains one record per pass, each with a copy of the board: a hostile `repeat 90000
# times` took 540 MB and 26 times as long). A value built on more is kept as it is in
# every world (TOO_DEEP), as is every value worked out from it after.
MAX_KEPT_CHAIN = 64
TOO_DEEP = ()


def derived(st, kv, names: tuple) -> tuple:
    """A kept value's record: (kv_N and the kinds of the names it reads, the board, the
    names' values, how many records it is built on); TOO_DEEP past MAX_KEPT_CHAIN."""
    depth = 1
    for kind, v in zip(kv[1], names):
        if kind == "k" and v[1] is not None:
            r = v[1]
            if r is TOO_DEEP or r[3] >= MAX_KEPT_CHAIN:
                return TOO_DEEP
            if r[3] >= depth:
                depth = r[3] + 1
    V = st.vars
    for _, i in st.game.kept_turn:  # the board's copy holds the values of the turn's records,
        r = V[i]                    # each worked out again first (`let t = t + c.value for the
        if r is not None:           # turn` in a loop chained them past Python's stack)
            if r is TOO_DEEP or r[3] >= MAX_KEPT_CHAIN:
                return TOO_DEEP
            if r[3] >= depth:
                depth = r[3] + 1
    return kv, (tuple(map(tuple, st.zones)), tuple(st.up), tuple(st.known), tuple(st.vars)), names, depth


def world_values(out, card) -> None:
    """Give the world `out` every kept value as its own cards make it; `card(c)` is the
    world's card for card c (itself for one the seat can see). The records are renamed
    too, so that a world sampled from this one (ISMCTS's other views) starts from it."""
    memo: dict = {}
    for fr in out.stack:
        kept = fr.proc.kept
        if kept:
            L = fr.L
            for i, r in kept:
                if L[r]:  # (None: no record; TOO_DEEP: kept as it is)
                    L[i], L[r] = _again(out, L[i], L[r], card, memo)
    V = out.vars
    for i, r in out.game.kept_turn:
        if V[r]:
            V[i], V[r] = _again(out, V[i], V[r], card, memo)


def _again(world, value, record, card, memo):
    """(the value of `record` with the world's cards, the record renamed); `value` where it
    cannot be worked out."""
    key = id(record)
    if key not in memo:
        try:
            memo[key] = _work_out(world, record, card, memo)
        except (RuleError, RecursionError):  # (a chain of records longer than Python's stack: a loop's sum)
            memo[key] = value, record
    return memo[key]


def _work_out(world, record, card, memo):
    (fn, kinds), (zones, up, known, numbers), names, depth = record
    ws = world.clone()
    g = ws.game
    ws.zones = [[card(c) for c in z] for z in zones]
    loc, wup, wknown = ws.loc, ws.up, ws.known
    for z, cards in enumerate(ws.zones):
        for c in cards:
            loc[c] = z
    for c in range(len(up)):
        d = card(c)
        wup[d], wknown[d] = up[c], known[c]
    V = ws.vars = list(numbers)
    for i, kind in g.var_kinds.items():
        if kind == "card" and V[i] is not None:
            V[i] = card(V[i])
    for i, r in g.kept_turn:  # a value of the turn read from that board: its own cards too
        if V[r]:
            V[i], V[r] = _again(world, V[i], V[r], card, memo)
    args = []
    for kind, v in zip(kinds, names):
        if kind == "c":
            args.append(v if v is None else card(v))
        elif kind == "cs":
            args.append(tuple(card(c) for c in v) if v else v)
        elif kind == "k":  # a name kept with its own record
            args.append(_again(world, v[0], v[1], card, memo) if v[1] else v)
        else:
            args.append(v)
    renamed = ((fn, kinds), (tuple(map(tuple, ws.zones)), tuple(wup), tuple(wknown), tuple(V)), tuple(args), depth)
    return fn(ws, *[a[0] if k == "k" else a for k, a in zip(kinds, args)]), renamed
