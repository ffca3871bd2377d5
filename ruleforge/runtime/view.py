"""view(state, player): everything one seat may know, as a plain frozen value.

This is the only thing an agent or a player's screen receives. A card's name appears in
it only if the card is face up or the seat knows it (it saw the card and no shuffle has
hidden it since). Unordered zones (hands) list the known cards sorted and then one
`None` per unknown card, so that positions leak nothing either.
"""

from __future__ import annotations

import re
from typing import Optional

from attrs import frozen

from .values import UnknownName


@frozen
class ZoneView:
    label: str
    zone: str
    owner: Optional[str]
    slot: Optional[int]
    cards: tuple  # card names, None for a card this seat cannot see

    @property
    def hidden(self) -> int:
        return sum(1 for c in self.cards if c is None)


@frozen
class View:
    player: Optional[int]
    seat_name: Optional[str]
    round: int
    turn: Optional[str]
    to_move: Optional[str]
    prompt: str
    zones: tuple
    pieces: tuple      # ((piece name, ((attr, value), ...)), ...)
    counters: tuple    # ((label, value), ...)
    result: Optional[object]
    eliminated: tuple = ()  # the names of the seats that are out
    finished: tuple = ()    # the names of the seats that finished, in finishing order

    def zone(self, name: str, owner: Optional[str] = None, slot: Optional[int] = None) -> ZoneView:
        for z in self.zones:
            if z.zone == name and z.slot == slot and (owner is None or z.owner == owner):
                return z
        raise UnknownName(self._no_zone(name, owner, slot))

    def _no_zone(self, name, owner, slot) -> str:
        """Why `zone(name, owner, slot)` finds nothing: what there is instead."""
        named = [z for z in self.zones if z.zone == name]
        if not named:
            return f"no zone {name!r} in this view: the zones are {', '.join(sorted({z.zone for z in self.zones}))}"
        slots = sorted({z.slot for z in named if z.slot is not None})
        if slots and slot not in slots:
            return (f"no zone {name!r} " + ("without a slot" if slot is None else f"with a slot {slot!r}")
                    + f": it is a row, found slot by slot: slot={slots[0]} to {slots[-1]}")
        if not slots and slot is not None:
            return f"no zone {name!r} with a slot {slot!r}: it is not a row, give no slot"
        owners = sorted({z.owner for z in named if z.owner is not None})
        return (f"no zone {name!r} of {owner!r} in this view: its owners are {', '.join(map(repr, owners))}, "
                "by their seat names" if owners else f"no zone {name!r} of {owner!r}: it is shared, give no owner")

    def visible_cards(self) -> set[str]:
        return {c for z in self.zones for c in z.cards if c is not None}

    def listed(self) -> list:
        """The zones as a listing shows them (`seating.py`): the shared ones, then this
        seat's own, then each other seat's. A view knows its seats by name only, so the
        others come in the order of their first zone, which is seat order for zones of
        each player (the layout makes them seat by seat)."""
        from .seating import by_seat
        seats: dict = {}
        for z in self.zones:
            if z.owner is not None:
                seats.setdefault(z.owner, len(seats))
        me = seats.get(self.seat_name) if self.seat_name is not None else None
        return by_seat(self.zones, lambda z: None if z.owner is None else seats[z.owner], me)

    def __str__(self) -> str:
        lines = [f"view of {self.seat_name or 'a spectator'} · round {self.round}"
                 + (f" · {self.to_move} to move: {self.prompt}" if self.to_move else "")]
        for z in self.listed():
            shown = " ".join(c if c is not None else "▒" for c in z.cards) or "-"
            lines.append(f"  {z.label}: {shown}")
        for name, attrs in self.pieces:
            lines.append(f"  {name}: " + ", ".join(f"{a} {v}" for a, v in attrs))
        for label, value in self.counters:
            lines.append(f"  {label}: {value}")
        if self.eliminated:
            lines.append("  eliminated: " + ", ".join(self.eliminated))
        if self.finished:
            lines.append("  finished: " + ", ".join(self.finished))
        if self.result is not None:
            lines.append(f"  over: {self.result.reason}")
        return "\n".join(lines)


def view(st, player: Optional[int]) -> View:
    g = st.game
    mask = (1 << player) if player is not None else 0
    up, known, names = st.up, st.known, g.seen_names  # (a copy without its number: seats cannot tell copies apart)
    # a hand lists the cards it knows in card order, a copy at its first copy's place: in
    # the order of its own number, a copy would say which it is ("8♣ 7♣" for the 7♣ of the
    # second deck)
    first = g.first_copy.__getitem__ if g.copies else None  # (without copies: card order itself)

    def sees(c: int) -> bool:
        if up[c]:
            return True
        if player is None:
            return known[c] == g.all_seats
        return bool(known[c] & mask)

    zones = []
    for zi in g.zinst:
        if zi.kind == "row":
            continue
        cards = st.zones[zi.index]
        if zi.kind == "hand":
            seen = [names[c] for c in sorted(cards, key=first) if sees(c)]
            shown = tuple(seen) + (None,) * (len(cards) - len(seen))
        else:
            shown = tuple(names[c] if sees(c) else None for c in cards)
        owner = g.seat_names[zi.owner] if zi.owner >= 0 else None
        zones.append(_zone_view(zi, owner, shown))
    pieces = []
    for pid, (kind, key, pname) in enumerate(g.pieces):
        attrs = tuple((a, st.vars[v]) for (p, a), v in g.piece_attr_var.items() if p == pid)
        pieces.append((pname, attrs))
    skip = _piece_vars(g) | g.card_vars() | frozenset(g.turn_vars)
    counters = tuple((label, st.vars[i]) for i, label in enumerate(g.var_labels) if i not in skip)
    if g.var_kinds:  # a player by name; a card by name only to a seat that knows it
        from .held import view_value
        counters = tuple((label, view_value(st, g.var_kinds[i], st.vars[i], sees) if i in g.var_kinds else st.vars[i])
                         for i, label in enumerate(g.var_labels) if i not in skip)
    turn = g.seat_names[g.turn_order[st.turn_pos]] if st.turn_pos >= 0 else None
    to_move = g.seat_names[st.waiting[0]] if st.waiting is not None else None
    out = tuple(g.seat_names[s] for s in range(g.nplayers) if st.out >> s & 1 and s not in st.fin)
    return View(player, g.seat_names[player] if player is not None else None, st.round, turn,
                to_move, st.prompt, tuple(zones), tuple(pieces), counters, st.result, out,
                tuple(g.seat_names[s] for s in st.fin))


def _zone_view(zi, owner, shown) -> ZoneView:
    return ZoneView(zi.label, zi.decl, owner, zi.slot, shown)


def _piece_vars(g) -> frozenset:
    cached = getattr(g, "_piece_vars", None)
    if cached is None:
        cached = frozenset(g.piece_attr_var.values())
        g._piece_vars = cached
    return cached


def names_hidden_cards(st, error, player: Optional[int]) -> bool:
    """Whether `error` (a RuleError) names a card's own rule ('Bomb: value', as the rule
    that failed or one it was reached from) while a card of that title lies where
    `player` (None: a spectator) cannot see it: the rule's name and its line would tell
    that card's title to a seat that may not know it. A title shared by copies counts
    as hidden while any copy is. So does a message that names a card hidden from
    `player` ('Paper has no goal', read from the top of a face-down deck)."""
    via = error.via or ()
    rules = [r for r in (error.rule, via[0] if via else None, via[2][0] if len(via) > 2 else None) if r]
    g = st.game
    up, known = st.up, st.known
    # (a limit's message is the engine's words and numbers, never a card's name: a card
    # named "3" is not told by "stopped after 3 decisions")
    message = "" if getattr(error, "limit", None) in _WORDED_LIMITS else (error.message or "")
    for c, cd in enumerate(g.card_decl_of):
        seen = up[c] or (known[c] == g.all_seats if player is None else known[c] >> player & 1)
        if seen:
            continue
        if cd is not None and any(r.startswith(f"{cd.title}: ") for r in rules):
            return True
        if message and _named_in(g.cards[c].name, message):
            return True
    return False


_WORDED_LIMITS = frozenset(("decisions", "game", "steps", "work"))


def _named_in(name: str, message: str) -> bool:
    """Whether `message` may name the card called `name`: anywhere in it, but a name of
    digits alone only as a number of its own (a card "2" is not named by "line 12")."""
    if not name.isdigit():
        return name in message
    return re.search(rf"(?<!\w)(?<!\d[.,]){name}(?!\w|[.,]\d)", message) is not None  # (not in 20,000 nor 1.5)
