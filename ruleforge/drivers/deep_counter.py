"""`check --deep`'s warning of a counter every seat reads, changed under a test or to a
value that read cards some seat did not know then or by the next decision
(runtime/countertold.py notes them; settled at each decision as a said text is:
deep_told.py), each place once."""

from __future__ import annotations

from .deep_told import line_column, settle
from .narrate import Narrator


def settle_counters(st) -> None:
    """At a decision (or the game's end): of the counters changed since the last one under
    a test or to a value some seat did not follow, keep, for each change's place, the first
    whose cards that seat still does not know (the rule may have shown them by now)."""
    ob = st.observer
    if ob is not None:
        settle(ob.counted, ob.counter_told, st)


def counter_told(st, known=frozenset()) -> list:
    """(where, what) of each change in the game (but those at a place in `known`) of a
    counter every seat reads, made under a test or to a value that read cards some seat
    did not know, then or by the next decision."""
    ob = st.observer
    if ob is None:
        return []
    return [_told(st, *found) for at, found in ob.counter_told.items() if at not in known]


def _told(st, i, at, op, kind, where, seat) -> tuple:
    g = st.game
    name, title = Narrator(g, seat, st).label(g.var_labels[i]), g.seat_titles[seat]
    fix = "change it after a reveal, once the cards are known; keep it only if the rulebook has it announced"
    if kind == "test":
        return at, (f"'{name}' is changed here under the test at {line_column(where, at)}, which read cards {title} "
                    "did not know, then or by the next decision: every seat sees the counter, so its change tells "
                    f"that seat something of them ({fix})")
    if kind == "which":
        return at, (f"which counter '{name}' is changed here hangs on a value worked out at {line_column(where, at)} "
                    f"from cards {title} did not know, then or by the next decision: every seat sees the counters, so "
                    f"the change tells that seat something of them ({fix})")
    how = "set here to" if op == "set" else f"{op}d here by"
    return at, (f"'{name}' is {how} a value worked out at {line_column(where, at)} from cards {title} did not know, "
                f"then or by the next decision: every seat sees the counter, so it tells that seat the value ({fix})")
