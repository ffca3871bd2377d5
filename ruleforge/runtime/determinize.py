"""Sampled worlds: a full state consistent with what one seat may know.

Search agents (ISMCTS, greedy lookahead) need whole states to play forward, but may only
know what their seat knows. `determinize(state, seat, seed)` re-deals every card hidden
from `seat` among the places it cannot see, from the visibility model alone:

- a card is hidden from a seat when it is face down and the seat does not know it;
- hidden cards are re-dealt only within their class: cards interchangeable to whoever
  cannot see them (`board.shuffle_zone`, `board.pick_class`). A class may be wider than
  what the seat knows, never narrower. So the hidden hearts of a row a rule picked from
  a whole class stay hearts, and the hands dealt from a deck shuffled again later are
  still of the deck's class;
- the re-deal goes by position: hidden positions are listed in a fixed order and the
  class's cards, sorted, are shuffled onto them with `seed`. Where the hidden cards
  really were therefore cannot change the sample;
- everything a card carries with its place (facing, who knows it) stays with the place;
  rules' local values naming a moved card are renamed to match;
- a card's per-card counters go with the card where every seat saw them change, stay
  with the place where a seat could not see which card changed, and are dealt at random
  among such places of the class once a shuffle lost the places too
  (`board.counter_changed`);
- a hidden card a rule holds (a local value, a counter) is the card now at its place;
  once its place is lost (a shuffle, a random pick: `Board.marks`), a card drawn
  among those of its class at the hidden places of its zone;
- a number, yes/no, symbol or player a rule worked out from cards and keeps (a value of
  the turn, a local of a rule stopped at a decision) is worked out again from the world's
  cards (runtime/derived.py);
- the game's random generator is reseeded: future shuffles are unknown too.

Nothing here is game-specific.
"""

from __future__ import annotations

from . import rng
from .board import BY_CARD, BY_PLACE, LOST
from .derived import world_values


def hidden_from(st, seat: int) -> list[int]:
    bit = 1 << seat
    return [c for c in range(len(st.loc)) if not st.up[c] and not st.known[c] & bit]


class _Held:
    """The world's card for a hidden card a rule holds (a local value, a counter, a value
    of the turn): the card now at its place; or, when its place is lost (Board.marks: a
    shuffle while it was held, a random pick), a card of its class at a hidden place of
    the zone where it lies, drawn from the seed, the same for every holder of it, and
    another for each."""

    def __init__(self, st, out, perm, positions, seed):
        self.st, self.out, self.perm, self.positions = st, out, perm, positions
        self.lost = st.marks[len(st.loc):]
        self.of: dict = {}
        self.seed = seed

    def card(self, v: int) -> int:
        if not self.lost[v]:
            return self.perm[v]
        h = self.of.get(v)
        if h is None:
            st, z = self.st, self.st.loc[v]
            here = [self.out.zones[z][i] for y, i in self.positions[st.cls[v]] if y == z]
            taken = set(self.of.values())
            here = [c for c in here if c not in taken] or here
            if not self.of:
                self.s = rng.derive(self.seed, 0x4E1D)
            self.s, k = rng.below(self.s, len(here))
            h = self.of[v] = here[k]
        return h


def determinize(st, seat: int, seed: int):
    """A copy of `st` with the cards hidden from `seat` re-dealt; see the module doc."""
    out = st.clone()
    hidden = hidden_from(st, seat)
    if not hidden:
        out.rng = rng.derive(seed, 0xD37)
        return out
    hidden_set = set(hidden)
    # Hidden positions in a fixed order: zone by zone, bottom to top.
    positions: dict[int, list[tuple[int, int]]] = {}
    for z, cards in enumerate(st.zones):
        for i, c in enumerate(cards):
            if c in hidden_set:
                positions.setdefault(st.cls[c], []).append((z, i))
    s = rng.derive(seed, 0x5A4D)
    perm: dict[int, int] = {}  # the card that was at a place -> the card now there
    g = st.game
    n = len(st.loc)
    marks = st.marks  # per card: where its counters go (board.counter_changed), then whether its place is lost
    # (every card's counters going with it, the clone has them already)
    counter_bases = list(g.card_counter_base.values()) if any(marks[:n]) else ()
    out_marks = list(marks) if counter_bases else None
    zones, out_zones, V = st.zones, out.zones, st.vars
    for k in sorted(positions):
        places = positions[k]
        deal = sorted(zones[z][i] for z, i in places)
        s = rng.shuffle(s, deal)
        if counter_bases:
            lost = [c for z, i in places if marks[c := zones[z][i]] == LOST]
            if lost:  # counters nobody can tie to a card or a place: in any order
                s = rng.shuffle(s, lost)
        for (z, i), new in zip(places, deal):
            old = zones[z][i]
            perm[old] = new
            out_zones[z][i] = new
            out.loc[new] = z
            out.up[new] = st.up[old]
            out.known[new] = st.known[old]
            out.cls[new] = st.cls[old]
            if counter_bases and (marks[old] or marks[new]):  # (both BY_CARD: nothing to do)
                how = marks[old]
                src = old if how == BY_PLACE or (how == BY_CARD and marks[new] != BY_CARD) else \
                    lost.pop() if how == LOST else new
                out_marks[new] = how
                for base in counter_bases:
                    out.vars[base + new] = V[base + src]
    if out_marks is not None:
        out.marks = tuple(out_marks)
    held = (_Held(st, out, perm, positions, seed).card if any(marks[n:]) else perm.__getitem__)
    for fr in out.stack:
        L = fr.L
        for i in fr.proc.card_slots:
            v = L[i]
            if v is not None and v in perm:
                L[i] = held(v)
        for i in fr.proc.cards_slots:
            v = L[i]
            if v:
                L[i] = tuple(held(c) if c in perm else c for c in v)
    for i, kind in g.var_kinds.items():  # a card held in a counter is the card now at its place
        if kind == "card" and out.vars[i] in perm:
            out.vars[i] = held(out.vars[i])
    if g.kept_turn or any(fr.proc.kept for fr in out.stack):  # numbers a rule worked out from cards
        world_values(out, lambda c: held(c) if c in perm else c)
    out.rng = rng.derive(seed, 0xD37)
    return out
