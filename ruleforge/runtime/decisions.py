"""Decisions as generated rules make them: the legal actions of a choice, a menu of
declared actions, or a pick-until-done, and what happens once one is taken.

The answer goes into a slot of the waiting frame's locals (`engine.State.apply`), and
the rule goes on from there.
"""

from __future__ import annotations

from .engine import Frame, decide, push
from .values import Action, RuleError

PASS = Action("menu", "pass")
DONE = Action("ask", "done")


def offer_choice(st, options, player: int, prompt: str, name: str, mk, slot: int) -> None:
    if not options:
        raise RuleError(f"there is nothing to choose from for '{name}'")
    payload = {Action("choose", name, ((name, mk(o) if mk else o),)): o for o in options}
    decide(st, player, prompt, payload, slot)


def offer_chosen(st, player: int, prompt: str, name: str, mk, left, slot: int) -> None:
    payload = {Action("choose", name, ((name, mk(o) if mk else o),)): o for o in left}
    payload[DONE] = None
    decide(st, player, prompt, payload, slot)


def offer_menu(st, seat: int, may_pass: bool, slot: int) -> None:
    """Every declared action `seat` may take now, with every legal choice of its
    parameters; answered with (spec, values, seat), or None for 'pass'."""
    payload = {}
    for spec in st.game.actions.values():
        if spec.seat_filter is not None and spec.seat_filter != seat:
            continue
        names, makers = spec.param_names, spec.makers
        for values in spec.enum(st, seat):
            args = tuple((n, mk(v) if mk else v) for n, mk, v in zip(names, makers, values))
            payload[Action("menu", spec.name, args)] = (spec, values, seat)
    if may_pass:
        payload[PASS] = None
    if not payload:
        raise RuleError(f"{st.game.seat_names[seat]} has no legal action")
    decide(st, seat, "take an action", payload, slot)


def start_action(st, taken) -> None:
    spec, values, seat = taken
    L = [None] * spec.proc.nlocals
    L[:len(values)] = values
    L[spec.actor] = seat
    push(st, spec.proc, L)


def push_effect(st, proc, card: int, by) -> None:
    L = [None] * proc.nlocals
    L[0], L[1] = card, by
    push(st, proc, L)


def end_turn(st) -> None:
    """Leave every rule up to and including the current turn's."""
    stack = st.stack
    while stack:
        if stack.pop().proc.is_turn:
            return


__all__ = ["Frame", "offer_choice", "offer_chosen", "offer_menu", "start_action", "push_effect", "end_turn"]
