"""A seat's view -> what the page draws: areas of zones, as the rule file's display hints ask.

The same reading of the hints as the terminal's table (drivers/table.py): a row of
slots with the pieces standing at each slot, a pile shown as its size and top card, a
zone grouped by an attribute, a fan of cards. Every card is a name the view holds (or
None: a back), so nothing here can show more than `view(seat)` does.
"""

from __future__ import annotations

from ...lang.printable import plain
from ...runtime.seating import seat_key
from ...runtime.shown import shown_text
from ..table import all_empty, listed


def catalogue(game) -> dict:
    """Every card name -> its constant attributes, for drawing it and for its text.

    The card list is the rule file's, known to every player: it says what each card is,
    never where it lies."""
    out = {}
    for c in game.cards:
        attrs = {k: (v if isinstance(v, (int, str)) else str(v)) for k, v in c.attrs.items() if v is not None}
        out[plain(c.name)] = out[plain(game.seen_names[c.index])] = \
            {k: plain(v) if isinstance(v, str) else v for k, v in attrs.items()}
    return out


def areas(game, v, quantities: tuple = ()) -> list[dict]:
    """The table as areas: the shared zones first, then this seat's own (`owner`), then
    each other seat's in seat order (a spectator's: every seat's in seat order), as
    table.listed orders the terminal's lines, with the per-player quantities
    (shown.for_seats's, for this page) as `numbers` lines. Empty zones as the terminal
    has them: an empty pile is left out, a zone of each player empty at every seat is one
    zone, `picked of every player`, in this seat's area (where the terminal's line is);
    any other empty zone says `"empty": true`, which the page draws small."""
    g = game
    by_owner: dict = {}
    folded = all_empty(g, v)
    for zi, z in listed(g, v, v.player):
        if zi.decl in folded:
            if folded[zi.decl] is None:
                continue
            item = {"kind": "hand", "label": plain(folded[zi.decl]), "cards": [], "empty": True}
            folded[zi.decl] = None
        elif zi.kind == "row":
            item = dict(_row(g, v, zi), empty=False)
        elif not z.cards and zi.kind == "pile":
            continue
        else:
            item = _zone(g, zi, z)
            item["empty"] = not z.cards
        by_owner.setdefault(None if zi.owner < 0 else zi.owner, []).append(item)
    numbers: dict = {}
    for name, seat, value in quantities:
        if seat is not None:
            numbers.setdefault(seat, []).append(plain(f"{name} {shown_text(value)}"))
            by_owner.setdefault(seat, [])  # (a seat that owns no zone still has its numbers)
    return [{"owner": None if owner is None else plain(g.seat_titles[owner]),
             "seat": owner, "zones": by_owner[owner], "numbers": numbers.get(owner, [])}
            for owner in sorted(by_owner, key=lambda o: seat_key(o, v.player))]


def _row(g, v, row) -> dict:
    """A row of slots, from its row instance (a row of each player: one seat's)."""
    pieces_at = g.zone_display.get(row.decl, {}).get("pieces")
    cells = []
    for s in (g.zinst[k] for k in row.slots):
        sv = v.zone(s.decl, None if s.owner < 0 else g.seat_names[s.owner], s.slot)
        here = []
        if pieces_at:
            kind, attr = pieces_at
            here = [plain(name[:-len(kind) - 1]) for name, attrs in v.pieces
                    if name.endswith(" " + kind) and dict(attrs).get(attr) == s.slot]
        cells.append({"number": s.slot, "cards": [_card(c) for c in sv.cards], "pieces": here,
                      "piece_kind": plain(pieces_at[0]) if pieces_at else None})
    return {"kind": "row", "label": plain(row.label), "slots": cells}


def _zone(g, zi, z) -> dict:
    hints = g.zone_display.get(zi.decl, {})
    label = plain(z.label)
    as_pile = hints.get("shown") == "pile" or (zi.kind == "pile" and len(z.cards) > 6
                                               and hints.get("shown") != "fan" and "grouped" not in hints)
    if as_pile:
        return {"kind": "pile", "label": label, "count": len(z.cards),
                "top": _card(z.cards[-1]) if z.cards else None}
    if "grouped" in hints:
        attr = hints["grouped"]
        groups: dict = {}
        for c in z.cards:
            key = "?" if c is None else str(g.card_attr[attr][g.seen_index[c]])
            groups.setdefault(key, []).append(_card(c))
        return {"kind": "grouped", "label": label, "by": plain(attr),
                "groups": [{"key": plain(k), "cards": cs} for k, cs in groups.items()]}
    return {"kind": "hand" if zi.kind == "hand" else "fan", "label": label, "cards": [_card(c) for c in z.cards]}


def _card(name):
    return None if name is None else plain(name)


def pieces_elsewhere(game, v, quantities: tuple = ()) -> list[str]:
    """The pieces no row shows, and the game's numbers (the quantities of no player's among
    them), as text lines."""
    shown_kinds = {h["pieces"][0] for h in game.zone_display.values() if h.get("pieces")}
    lines = [plain(f"{name}: " + ", ".join(f"{a} {val}" for a, val in attrs)) for name, attrs in v.pieces
             if not any(name.endswith(" " + k) for k in shown_kinds)]
    # the counters the file marks `shown` (all, when it marks none), as narration does
    lines += [plain(f"{label} {val}") for label, val in v.counters if label not in game.quiet_labels]
    lines += [plain(f"{name} {shown_text(value)}") for name, seat, value in quantities if seat is None]
    return lines
