"""Helpers for designers' and our own tests: stacked decks and scripted play."""

from __future__ import annotations

from typing import Iterable, Optional

from .engine import State, place, run
from .values import Action


def arrange(st: State, zone: str, cards: Iterable[str], owner=None, slot: Optional[int] = None) -> None:
    """Stack a zone: put the named cards on top of `zone`, the last name on top.

    A card taken from elsewhere trades places with a card of `zone` that is not named,
    so every card stays in exactly one place and zone sizes do not change. Facing follows
    each card's new zone, as if it had been dealt there. Use it right after `new()` to
    script a known deal.
    """
    g = st.game
    target = g.zone_inst(zone, owner, slot).index
    cards = list(cards)
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card is named twice: {cards}")
    wanted = [g.card_index[n] for n in cards]
    spare = [c for c in st.zones[target] if c not in wanted]
    for c in wanted:
        src = st.loc[c]
        if src == target:
            continue
        if not spare:
            raise ValueError(f"{zone} has no room for {g.cards[c].name}")
        out = spare.pop()
        i, j = st.zones[src].index(c), st.zones[target].index(out)
        st.zones[src][i], st.zones[target][j] = out, c
        st.loc[c], st.loc[out] = target, src
        # as if dealt there: what anyone knew of either card no longer holds
        st.known[out] = st.known[c] = 0
        place(st, out, src)
        place(st, c, target)
    rest = [c for c in st.zones[target] if c not in wanted]
    st.zones[target][:] = rest + wanted
    refresh(st)


def refresh(st: State) -> None:
    """Ask the pending decision again, so its legal actions match a scripted change."""
    if st.pending is not None and st.stack:
        st.pending = None
        st.stack[-1].pc -= 1  # the instruction that asked; asking has no other effect
        run(st)


def set_number(st: State, name: str, value: int, owner=None, card: Optional[str] = None) -> None:
    """Set a counter (shared, per player with `owner`, or per card with `card`) to script a
    position."""
    g = st.game
    if card is not None:
        st.vars[g.card_counter_base[name] + g.card_index[card]] = value
    else:
        st.vars[g.counter_var(name, owner)] = value
    refresh(st)


def find(st: State, text: str) -> Action:
    """The legal action whose printed form is `text` (e.g. "7♣", "stop",
    "scan(card=2♥, level=5)")."""
    for a in st.legal_actions():
        if str(a) == text:
            return a
    raise AssertionError(f"{text!r} is not legal now; legal: {[str(a) for a in st.legal_actions()]}")


def play(st: State, *moves: str) -> State:
    """Apply actions given by their printed forms, in order."""
    for m in moves:
        st.apply(find(st, m))
    return st
