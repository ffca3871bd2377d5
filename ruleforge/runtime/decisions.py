"""Decisions as generated rules make them, with the action builders of runtime/actions.py
(one per decision site, made once): a choice, a menu of declared actions, a pick until
done, a question. The answer goes into a slot of the waiting frame's locals
(`engine.State.apply`) and the rule goes on from there.
"""

from __future__ import annotations

from .engine import decide, decide_later, placed, too_deep
from .flow import MAX_FRAMES, Frame, new_frame, push
from .values import RuleError


def offer_choice(st, options, player: int, prompt: str, name: str, site, slot: int) -> None:
    if not options:
        raise RuleError(f"there is nothing to choose from for '{name}'")
    if st.judging:  # (State.after: made only if asked for)
        return decide_later(st, player, prompt, site.offer, (player, options), slot)
    acts, vals = site.offer(st, player, options)
    st.waiting = (player, prompt, acts, vals, slot)  # (engine.decide, written out)


def offer_chosen(st, player: int, prompt: str, site, left, slot: int) -> None:
    if st.judging:
        return decide_later(st, player, prompt, site.offer, (player, left), slot)
    decide(st, player, prompt, site.offer(st, player, left), slot)


# The prompt of every menu of declared actions, whatever it offers: logs record it
# (tests/golden.py), so a screen that names the decision better says so itself
# (drivers/labels.py, from what the observer is told here)
MENU_PROMPT = "take an action"


def offer_menu(st, seat: int, menu, slot: int) -> None:
    """Every declared action `seat` may take now; answered with (spec, values, seat), or
    None for 'pass'."""
    ob = st.observer
    if ob is not None:
        ob.offered = menu.only
    if st.judging:  # (State.after: made only if asked for)
        return decide_later(st, seat, MENU_PROMPT, _menu, (menu, seat), slot)
    acts, vals = menu.offer(st, seat)  # (_menu, written out: a call fewer at every menu)
    if not acts:
        _no_action(st, menu, seat)
    st.waiting = (seat, MENU_PROMPT, acts, vals, slot)  # (engine.decide, written out)


def _menu(st, menu, seat: int) -> tuple[tuple, tuple]:
    """The menu's (actions, payloads); a menu with nothing legal is the rule file's error."""
    offer = menu.offer(st, seat)
    if not offer[0]:
        _no_action(st, menu, seat)
    return offer


def _no_action(st, menu, seat: int) -> None:
    among = f" among {', '.join(menu.only)}" if menu.only is not None else ""
    raise RuleError(f"{st.game.seat_names[seat]} has no legal action{among}")


def start_action(st, taken) -> bool:
    """Start the action's rule: True when it was pushed (the engine's loop runs it), False
    when it has run already (a rule that never stops, where nothing watches: straight,
    with no frame; an error in it placed as the loop would place it)."""
    spec, values, seat = taken
    proc = spec.proc
    if st.observer is None and len(st.stack) < MAX_FRAMES and st.steps > 1:  # (push, written out: nothing counts rules)
        st.steps -= 1
        if proc.straight is not None:
            try:
                proc.straight(st, *values, seat)
            except RuleError as e:
                if getattr(e, "stack_at", None) is None:
                    placed(e)
                raise
            except RecursionError as e:
                raise too_deep(e) from None
            return False
        L = [None] * proc.nlocals
        L[:len(values)] = values
        L[spec.actor] = seat
        fr = new_frame(Frame)  # (Frame(proc, L), written out: flow.push)
        fr.proc = proc
        fr.L = L
        fr.pc = 0
        fr.retry = -1
        st.stack.append(fr)
        return True
    L = [None] * proc.nlocals
    L[:len(values)] = values
    L[spec.actor] = seat
    push(st, proc, L)
    return True


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
