"""`check --deep`'s warning of a counter every seat reads, changed under a test or to a
value that read cards some seat did not know then or by the next decision
(runtime/countertold.py notes them; settled at each decision as a said text is:
deep_told.py)."""

from __future__ import annotations

from typing import Optional

from .deep_told import line_column, unknowing_seat
from .narrate import Narrator


def settle_counters(st) -> None:
    """At a decision (or the game's end): of the counters changed since the last one under
    a test or to a value some seat did not follow, keep the first whose cards that seat
    still does not know (the rule may have shown them by now)."""
    ob = st.observer
    if ob is None or not ob.counted:
        return
    pending, ob.counted = ob.counted, []
    for i, at, op, kind, where, cards, mask in pending if ob.counter_told is None else ():
        seat = unknowing_seat(st, mask, cards)
        if seat is not None:
            ob.counter_told = (i, at, op, kind, where, seat)
            return


def counter_told(st) -> Optional[tuple]:
    """(where, what) of the first change in the game of a counter every seat reads, made
    under a test or to a value that read cards some seat did not know, then or by the next
    decision; None when there is none."""
    ob = st.observer
    if ob is None or ob.counter_told is None:
        return None
    i, at, op, kind, where, seat = ob.counter_told
    g = st.game
    name, title = Narrator(g, seat, st).label(g.var_labels[i]), g.seat_titles[seat]
    fix = "change it after a reveal, once the cards are known; keep it only if the rulebook has it announced"
    if kind == "test":
        return at, (f"'{name}' is changed here under the test at {line_column(where, at)}, which read cards {title} "
                    "did not know, then or by the next decision: every seat sees the counter, so its change tells "
                    f"that seat something of them ({fix})")
    how = "set here to" if op == "set" else f"{op}d here by"
    return at, (f"'{name}' is {how} a value worked out at {line_column(where, at)} from cards {title} did not know, "
                f"then or by the next decision: every seat sees the counter, so it tells that seat the value ({fix})")
