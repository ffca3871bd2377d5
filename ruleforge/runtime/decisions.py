"""Decisions as generated rules make them, with the action builders of runtime/actions.py
(one per decision site, made once): a choice, a menu of declared actions, a pick until
done, a question. The answer goes into a slot of the waiting frame's locals
(`engine.State.apply`) and the rule goes on from there.
"""

from __future__ import annotations

from .engine import decide
from .flow import push
from .values import RuleError


def offer_choice(st, options, player: int, prompt: str, name: str, site, slot: int) -> None:
    if not options:
        raise RuleError(f"there is nothing to choose from for '{name}'")
    decide(st, player, prompt, site.offer(st, player, options), slot)


def offer_chosen(st, player: int, prompt: str, site, left, slot: int) -> None:
    decide(st, player, prompt, site.offer(st, player, left), slot)


def offer_menu(st, seat: int, menu, slot: int) -> None:
    """Every declared action `seat` may take now; answered with (spec, values, seat), or
    None for 'pass'."""
    offer = menu.offer(st, seat)
    if not offer[0]:
        among = f" among {', '.join(menu.only)}" if menu.only is not None else ""
        raise RuleError(f"{st.game.seat_names[seat]} has no legal action{among}")
    decide(st, seat, "take an action", offer, slot)


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
