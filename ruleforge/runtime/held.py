"""Run-time side of issue 13's values: counters that hold a player, a card or a symbol
(None is `none`, the empty value), values of the turn, and players who finish.

A held value is stored plain in `State.vars` (a seat or a card is its index), so a
clone copies it with the list. What crosses the engine's boundary is named: a change
is recorded with `Ref`s (so narration, logs and golden records show names, and a
seat's narrator hides a card it does not know), and a view shows a card only to a
seat that knows it (`view_value`).
"""

from __future__ import annotations

import sys

from .actions import Ref
from .events import Finished, ValueSet
from .values import RuleError, StackAt

__all__ = ["held", "turn_value", "set_held", "finish", "place_of", "player_after_where", "is_eliminated",
           "winners_in_play"]

# How a view shows a card a seat does not know, held in a counter (a zone shows None
# for it; a counter's None is already 'none', the empty value).
HIDDEN_CARD = "a hidden card"


def held(v, name: str):
    """A player read from a counter, where a player is needed: never none."""
    if v is None:
        raise RuleError(f"'{name}' holds no player (it is none): test '{name} is none' before using it")
    return v


def turn_value(v, name: str):
    """A number or yes/no of the turn, read where a value is needed: set this turn."""
    if v is None:
        raise RuleError(f"'{name}' has no value yet this turn (it is set by 'let {name} = ... for the turn')")
    return v


def named(g, kind: str, v):
    """A held value as it crosses the engine's boundary: a Ref for a card or a seat."""
    if v is None or kind == "sym":
        return v
    if kind == "card":
        return Ref("card", v, g.cards[v].name)
    return Ref("player", v, g.seat_titles[v])


def set_held(st, i: int, value, label: str, kind: str) -> None:
    """`set_var` for a counter that holds a player, a card or a symbol: the change is
    recorded with names."""
    old = st.vars[i]
    st.vars[i] = value
    ob = st.observer
    if ob is not None and ob.record is not None and old != value:
        g = st.game
        ob.record.append(ValueSet(label, named(g, kind, old), named(g, kind, value)))


def view_value(st, kind: str, v, sees):
    """What a view shows of a held value: 'none' when empty, a seat's name, a card's
    name only if the seat knows the card (`sees(card)`), else HIDDEN_CARD."""
    if v is None:
        return "none"
    if kind == "player":
        return st.game.seat_names[v]
    if kind == "card":
        return st.game.seen_names[v] if sees(v) else HIDDEN_CARD
    return v


# ---- finishing ------------------------------------------------------------------------
# A finished player is out of the turn order like an eliminated one (their bit is set
# in `st.out`, so every neighbour, `players` and the turn order skip them), and is in
# `st.fin`, the finishing order: eliminated players are the ones out but not finished.

def keep_if_emptied(st, frame) -> None:
    """Nobody is left in the game (the last one out, by `eliminate` or `finishes`): where
    the statement that did it stands, for the error flow._next_position raises when no
    ending follows (engine.run places it there)."""
    if st.out == st.game.all_seats:
        st.emptied = StackAt.here(frame)


def finish(st, seat) -> None:
    if seat is None:
        raise RuleError("there is no player here to finish (none)")
    if not st.out >> seat & 1:
        st.out |= 1 << seat
        st.fin = st.fin + (seat,)
        keep_if_emptied(st, sys._getframe(1))
        if st.observer is not None and st.observer.record is not None:
            st.observer.record.append(Finished(seat, len(st.fin)))


def place_of(st, p) -> int:
    fin = st.fin
    return fin.index(p) + 1 if p in fin else 0


def is_eliminated(st, p) -> bool:
    return bool(st.out >> p & 1) and p not in st.fin


def winners_in_play(st, winners) -> tuple:
    """The winners an ending names, without the eliminated players (finished ones win)."""
    return tuple(w for w in winners if not st.out >> w & 1 or w in st.fin)


def player_after_where(st, p, order, step, test):
    """The first player after p in turn order (going round, p itself last) who still
    plays and for whom `test` holds."""
    n = len(order)
    i = order.index(p)
    out = st.out
    for k in range(1, n + 1):
        q = order[(i + step * k) % n]
        if not out >> q & 1 and test(q):
            return q
    raise RuleError(f"no player {'after' if step > 0 else 'before'} {st.game.seat_names[p]} meets the condition")

