"""Choices that name cards by where they lie rather than by what they are: a blind pick
from a zone (`chooses a card from hand of p, unseen`), and the actions' choice of a set of
cards (`with cards some of table where ...`, see subsets.py).

A blind pick offers one action per place in the zone, "the 2nd card of hand of bob", in
zone order, whatever the chooser knows of the cards: what is offered depends only on how
many cards the zone holds, so a world whose hidden cards were re-dealt offers the same.
The card at the place is found when the action is applied (actions.find_place)."""

from __future__ import annotations

from .actions import Action, Place, _Deferred, _ordinal
from .engine import decide
from .values import RuleError

_tuple = tuple.__new__


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
                p = Place("blind", zone, nth, f"the {_ordinal(nth)} card of {self.game.zinst[zone].label}")
                hit = made[(zone, nth)] = (_tuple(Action, ("choose", var, ((var, p),))), _Deferred(None, (p,)))
            acts.append(hit[0])
            vals.append(hit[1])
        return tuple(acts), tuple(vals)


def offer_blind(st, zone: int, player: int, prompt: str, name: str, site, slot: int) -> None:
    if not st.zones[zone]:
        raise RuleError(f"there is nothing to choose from for '{name}': {st.game.zinst[zone].label} is empty")
    decide(st, player, prompt, site.offer(st, player, zone), slot)
