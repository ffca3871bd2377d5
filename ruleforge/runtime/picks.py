"""Choices that name cards by where they lie rather than by what they are: a blind pick
from a zone (`chooses a card from hand of p, unseen`), and the actions' choice of a set of
cards (`with cards some of table where ...`, see subsets.py).

A blind pick offers one action per place in the zone, "the 2nd card of hand of bob", in
zone order, whatever the chooser knows of the cards: what is offered depends only on how
many cards the zone holds, so a world whose hidden cards were re-dealt offers the same.
The card at the place is found when the action is applied (actions.find_place)."""

from __future__ import annotations

from .actions import Action, CardSet, Place, PlaceSet, Deferred, ordinal, place_of_card
from .engine import decide, decide_later
from .values import RuleError

_tuple = tuple.__new__


def named_blind(st, values) -> list:
    """`_named` for a blind pick: `values` are a zone's cards in zone order; each is named
    by its place in the zone, whatever the seat knows of it (see picks.py)."""
    if not values:
        return []
    z = st.loc[values[0]]
    label = st.game.zinst[z].label
    out = []
    for i, c in enumerate(values, 1):
        p = Place("blind", z, i, f"the {ordinal(i)} card of {label}")
        out.append((p, c, p))
    return out


def named_sets(st, seat: int, values, names) -> list:
    """`_named` for sets of cards (tuples of card indexes): a CardSet label each; a set
    with a card the seat cannot see carries a PlaceSet, and sorts by its label."""
    up, known, bit = st.up, st.known, 1 << seat
    out, hidden = [], False
    for s in sorted(set(values)):
        seen = [names[c] for c in s if up[c] or known[c] & bit]
        if len(seen) == len(s):
            out.append((_tuple(CardSet, seen), s, s))
            continue
        hidden = True
        places = sorted(place_of_card(st, seat, c) for c in s if not (up[c] or known[c] & bit))
        out.append((_tuple(CardSet, seen + places),
                    s, _tuple(PlaceSet, [c for c in s if up[c] or known[c] & bit] + places)))
    if hidden:
        out.sort(key=lambda x: x[0])
    return out


class Blind:
    """The actions of one blind pick: a Place of kind "blind" per card of the zone."""

    __slots__ = ("game", "var", "_made")

    def __init__(self, game, var: str):
        self.game, self.var = game, var
        self._made: dict = {}  # (zone, nth) -> (action, payload): the same for every state

    def offer(self, st, seat: int, zone: int) -> tuple[tuple, tuple]:
        made, var = self._made, self.var
        acts, vals = [], []
        for nth in range(1, len(st.zones[zone]) + 1):
            hit = made.get((zone, nth))
            if hit is None:
                p = Place("blind", zone, nth, f"the {ordinal(nth)} card of {self.game.zinst[zone].label}")
                hit = made[(zone, nth)] = (_tuple(Action, ("choose", var, ((var, p),))), Deferred(None, (p,)))
            acts.append(hit[0])
            vals.append(hit[1])
        return tuple(acts), tuple(vals)


def offer_blind(st, zone: int, player: int, prompt: str, name: str, site, slot: int) -> None:
    if not st.zones[zone]:
        raise RuleError(f"there is nothing to choose from for '{name}': {st.game.zinst[zone].label} is empty")
    if st.judging:  # (State.after: made only if asked for)
        return decide_later(st, player, prompt, site.offer, (player, zone), slot)
    decide(st, player, prompt, site.offer(st, player, zone), slot)
