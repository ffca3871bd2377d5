"""A seat's view -> what the page draws: areas of zones, as the rule file's display hints ask.

The same reading of the hints as the terminal's table (drivers/table.py): a row of
slots with the pieces standing at each slot, a pile shown as its size and top card, a
zone grouped by an attribute, a fan of cards. Every card is a name the view holds (or
None: a back), so nothing here can show more than `view(seat)` does.
"""

from __future__ import annotations

from ...lang.printable import plain
from ...runtime.shown import shown_text


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
    """The table as areas: the shared zones first, then each seat's own (`owner`), with
    its per-player quantities (shown.for_seats's, for this page) as `numbers` lines."""
    g = game
    by_owner: dict = {}
    order: list = []
    slots_of: dict = {}
    for zi in g.zinst:
        if zi.kind == "slot":
            slots_of.setdefault(zi.decl, []).append(zi)
    drawn_rows: set = set()
    zone_views = iter(v.zones)
    for zi in g.zinst:
        if zi.kind == "row":
            continue
        z = next(zone_views)
        owner = None if zi.owner < 0 else zi.owner
        if zi.kind == "slot":
            if zi.decl in drawn_rows:
                continue
            drawn_rows.add(zi.decl)
            item = _row(g, v, zi, slots_of[zi.decl])
        elif not z.cards and zi.kind == "pile":
            continue
        else:
            item = _zone(g, zi, z)
        if owner not in by_owner:
            by_owner[owner] = []
            order.append(owner)
        by_owner[owner].append(item)
    numbers: dict = {}
    for name, seat, value in quantities:
        if seat is not None:
            numbers.setdefault(seat, []).append(plain(f"{name} {shown_text(value)}"))
            if seat not in by_owner:  # (a seat that owns no zone still has its numbers)
                by_owner[seat] = []
                order.append(seat)
    out = []
    for owner in sorted(order, key=lambda o: (o is not None, o if o is not None else -1)):
        out.append({"owner": None if owner is None else plain(g.seat_titles[owner]),
                    "seat": owner, "zones": by_owner[owner], "numbers": numbers.get(owner, [])})
    return out


def _row(g, v, zi, slots) -> dict:
    row = next(x for x in g.zinst if x.decl == zi.decl and x.kind == "row")
    pieces_at = g.zone_display.get(zi.decl, {}).get("pieces")
    cells = []
    for s in slots:
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
