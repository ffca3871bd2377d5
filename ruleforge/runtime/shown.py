"""The quantities a screen shows (the play screen, the served page, the narration's line
of where things stand), each to a seat only if it knew every card the value was worked
out from, at that moment.

Which ones: the quantity named `score` and every one marked `, shown` (docs/language.md).
Each is worked out by its told variant (codegen/told.py, `qS_`), which notes every card
it reads as a said text's placeholder does (said.py). Nothing here runs in a simulation:
only the screens and a told game's Status events ask, and the game is left as it was
(its work, steps and random draws given back, as prims.say gives them back).
"""

from __future__ import annotations

from typing import Optional

from .values import RuleError

__all__ = ["quantities_now", "for_seats", "shown_text"]


def quantities_now(st) -> tuple:
    """Every shown quantity now: ((name, player or None, value, who knew every card it
    read: a bit per seat, -1 for all), ...), a per-player one once per seat in seat
    order. A value whose rule fails now (a division by zero, a limit) is None, for all."""
    g = st.game
    if not g.shown_quantities:
        return ()
    saved = st.work, getattr(st, "steps", None), st.rng
    out = []
    try:
        for name, per_player, told in g.shown_quantities:
            for p in (range(g.nplayers) if per_player else (None,)):
                # (each with a whole budget: one long rule must not hide the next)
                st.work, st.steps = g.work_budget, g.step_budget
                reads = [-1]
                try:
                    value = told(st, reads, p)
                except (RuleError, RecursionError):
                    value, reads[0] = None, -1
                out.append((name, p, value, reads[0]))
    finally:
        st.work, st.steps, st.rng = saved
    return tuple(out)


def for_seats(quantities: tuple, seats: Optional[int]) -> tuple:
    """`quantities` (quantities_now's) as `seats` may know them: ((name, player or None,
    value, or None where one of `seats`, a bit each, did not know a card it read), ...).
    `seats` None is the designer, who knows every card."""
    if seats is None:
        return tuple((name, p, v) for name, p, v, _ in quantities)
    return tuple((name, p, v if known & seats == seats else None) for name, p, v, known in quantities)


def shown_text(value) -> str:
    """A shown quantity's value on a screen: `?` where it is hidden (or cannot be worked out)."""
    return "?" if value is None else str(value)
