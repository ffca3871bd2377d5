"""The table as one seat sees it, for the terminal: rows of cards, then the game's numbers.

Every name comes from the rule file, so every name is made printable (`plain`) and put
in a rich `Text`, never read as markup.
"""

from __future__ import annotations

import re

from rich.table import Table
from rich.text import Text

from ..lang.printable import plain
from ..runtime.seating import by_seat
from ..runtime.shown import for_seats, quantities_now, shown_text


def the_seat(game, seat: int) -> str:
    """A seat as a sentence names it: 'the Dealer' (a role's title that the rule file's
    own texts write after 'the', as in a zone "the Dealer's hand"), 'the button' (a
    title that has its article already), 'Bob' (a title they never write so: a name,
    as narration has it), 'player 2' (a seat of a game without roles)."""
    title = game.seat_titles[seat]
    if not game.roles or title.lower().startswith("the "):
        return title
    return f"the {title}" if _written_after_the(game, title) else title


def _written_after_the(game, title: str) -> bool:
    """Whether a zone's, an ending's or an action's title in the rule file says 'the
    TITLE' (upper or lower case): how the designer calls the seat in a sentence."""
    after_the = re.compile(r"(?<!\w)the " + re.escape(title) + r"(?!\w)", re.IGNORECASE)
    texts = [zi.label for zi in game.zinst] + [e.title for e in game.endings.values()] + \
            [a.title for a in game.actions.values()]
    return any(after_the.search(text) for text in texts if text)


def table_parts(game, st, p: int) -> list:
    """The renderables of seat p's table: the table, its numbers line, who is out."""
    g, v = game, st.view(p)
    # the turns so far, not the rounds: a game's own rounds (a counter it keeps, at 7) are
    # no passes of the turn order (at 28), and a title saying "round 28" misled
    when = f"turn {st.turns}" if st.turns else "setup"  # (a decision of setup comes before the first turn)
    title = f"{g.title} · {when} · you are {the_seat(g, p)}"
    # The title is a line of its own: as a table title it wrapped to a narrow table's width.
    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column("zone", style="cyan", no_wrap=True)
    t.add_column("cards")
    folded = all_empty(g, v)
    for zi, z in listed(g, v, p):
        if zi.decl in folded:  # one line for them all, where the first would be (this seat's)
            if folded[zi.decl] is not None:
                t.add_row(Text(plain(folded[zi.decl])), Text("-"))
                folded[zi.decl] = None
            continue
        if zi.kind == "row":
            t.add_row(Text(plain(zi.label)), Text(plain(_slot_row(g, v, [g.zinst[s] for s in zi.slots], zi))))
            continue
        if not z.cards and zi.kind == "pile":
            continue
        t.add_row(Text(plain(z.label)), Text(plain(_zone_cells(g, zi, z))))
    # a per-player quantity is a row of its own under the zones, a scoreboard; a value
    # worked out from a card this seat did not know is `?`
    per_player, shared = shown_quantities(g, st, 1 << p)
    for name, cells in per_player.items():
        t.add_row(Text(plain(name)), Text(plain(" · ".join(f"{g.seat_titles[s]} {val}" for s, val in cells))))
    parts: list = [Text(plain(title), style="italic"), t]
    numbers = [f"{name}: " + ", ".join(f"{a} {val}" for a, val in attrs) for name, attrs in v.pieces]
    # the counters the file marks `shown` (all, when it marks none), as narration does
    numbers += [f"{label} {val}" for label, val in v.counters if label not in g.quiet_labels]
    numbers += [f"{name} {val}" for name, val in shared]
    if numbers:
        parts.append(Text(plain("  " + " · ".join(numbers))))
    if v.eliminated:
        titles = [g.seat_titles[g.seat_names.index(n)] for n in v.eliminated]
        parts.append(Text(plain("  out of the game: " + ", ".join(titles))))
    return parts


def listed(g, v, seat) -> list:
    """(zone instance, its ZoneView) in the order `seat`'s screen lists them
    (runtime/seating.py: the shared zones, this seat's, each other seat's); a row of slots
    is one item, its row instance with None, at its own place: a row of each player is
    its owner's."""
    views = iter(v.zones)  # (the view lists every zone but a row, in the layout's order)
    pairs = [(zi, None if zi.kind == "row" else next(views)) for zi in g.zinst]
    return by_seat([(zi, z) for zi, z in pairs if zi.kind != "slot"], lambda pair: pair[0].owner, seat)


def all_empty(g, v) -> dict:
    """{zone declaration: its line's label} for the zones of each player that are empty at
    every seat (hands: an empty pile is left out anyway): one line, `picked of every player
    -`, says it for them all. An empty hand among full ones keeps a line of its own: that
    one player holds nothing is worth a glance; that a zone the rules fill only now and
    then is empty everywhere needs one line, not one a player."""
    piles = {zi.decl for zi in g.zinst if zi.kind == "pile"}
    seats: dict = {}
    for z in v.zones:
        if z.owner is not None and z.slot is None and z.zone not in piles:
            seats.setdefault(z.zone, []).append(z)
    out = {}
    for decl, zones in seats.items():
        if len(zones) > 1 and not any(z.cards for z in zones):
            first = zones[0].label
            of = f" of {g.seat_titles[g.seat_names.index(zones[0].owner)]}"
            out[decl] = (first[:-len(of)] if first.endswith(of) else decl) + " of every player"
    return out


def shown_quantities(g, st, seats) -> tuple[dict, list]:
    """The shown quantities as `seats` (a bit each) may know them, as text: {name: [(seat,
    value), ...]} for the per-player ones, [(name, value), ...] for the others."""
    per_player: dict = {}
    shared = []
    for name, s, val in for_seats(quantities_now(st), seats):
        if s is None:
            shared.append((name, shown_text(val)))
        else:
            per_player.setdefault(name, []).append((s, shown_text(val)))
    return per_player, shared


def _slot_row(g, v, slots, zi) -> str:
    """A row of slots as `number:cards`, with the pieces standing at each slot."""
    cells = []
    pieces_at = g.zone_display.get(zi.decl, {}).get("pieces")
    for s in slots:
        sv = v.zone(s.decl, None if s.owner < 0 else g.seat_names[s.owner], s.slot)
        cell = f"{s.slot}:" + (" ".join(c or "▒" for c in sv.cards) or "·")
        if pieces_at:
            kind, attr = pieces_at
            here = [name for name, attrs in v.pieces if name.endswith(" " + kind)
                    and dict(attrs).get(attr) == s.slot]
            if here:
                cell += " [" + ", ".join(h[:-len(kind) - 1] for h in here) + f" {kind}]"
        cells.append(cell)
    return "  ".join(cells)


def _zone_cells(g, zi, z) -> str:
    """A zone's cards as its display hints ask: a pile (size and top), grouped, or a fan."""
    hints = g.zone_display.get(zi.decl, {})
    as_pile = hints.get("shown") == "pile" or (zi.kind == "pile" and len(z.cards) > 6
                                               and hints.get("shown") != "fan" and "grouped" not in hints)
    if as_pile:
        top = z.cards[-1] if z.cards else None
        return f"{len(z.cards)} card{'s' if len(z.cards) != 1 else ''}" + (f", {top} on top" if top else "")
    if "grouped" in hints:
        attr = hints["grouped"]
        groups: dict = {}
        for c in z.cards:
            key = "?" if c is None else str(g.card_attr[attr][g.seen_index[c]])
            groups.setdefault(key, []).append(c or "▒")
        return "  ".join(f"{k}: {' '.join(cs)}" for k, cs in groups.items()) or "-"
    sep = " · " if any(c and " " in c for c in z.cards) else " "
    return sep.join(c or "▒" for c in z.cards) or "-"
