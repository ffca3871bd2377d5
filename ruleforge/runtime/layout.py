"""The tables of a compiled game: its cards, zone instances and numbers (counters,
per-card counters, piece attributes), laid out once per rule file, parameters and
player count. The code generator reads these to write indexes into the source.
"""

from __future__ import annotations

from ..lang import ast as A
from ..lang.cards import Card, standard_deck
from ..lang.check import Checked
from ..lang.const import fold
from . import typeinfo as refs
from .typeinfo import ref_kind
from .engine import DOWN, PRIVATE, UP, ZoneInst
from .game import Game, frozen_params


def new_game(ch: Checked, nplayers: int | None, path: str) -> Game:
    """A Game with its seats, cards, zones and numbers filled in, and no rules yet."""
    g = Game()
    g.title, g.path, g.params = ch.title, path, frozen_params(ch.params)
    low, high = ch.players
    g.nplayers = nplayers if nplayers is not None else low
    if not low <= g.nplayers <= high:
        raise ValueError(f"this game is for {low} to {high} players, not {g.nplayers}")
    if ch.roles:
        g.seat_names = [r for r, _ in ch.roles]
        g.seat_titles = [t for _, t in ch.roles]
    else:
        g.seat_names = [f"player {i + 1}" for i in range(g.nplayers)]
        g.seat_titles = list(g.seat_names)
    g.roles = {r: i for i, (r, _) in enumerate(ch.roles)}
    g.all_seats = (1 << g.nplayers) - 1
    g.match = ch.match
    g.turn_order = [g.roles[r] for r in ch.turn_order] if ch.roles else list(range(g.nplayers))
    build_cards(g, ch)
    build_zones(g, ch)
    build_vars(g, ch)
    kept_turn_values(g, ch)
    return g


def kept_turn_values(g: Game, ch: Checked) -> None:
    """A var for the record of each value of the turn a rule may work out from cards, after
    every other var (so that a game with none keeps its numbering): none as each turn starts,
    and shown nowhere (codegen/derived.py)."""
    if not ch.turn_values:
        return
    from .codegen.derived import Taint
    for name in Taint(ch).turn_values():
        r = len(g.vars_init)
        g.vars_init.append(None)
        g.var_labels.append(f"{name} (this turn, how it was worked out)")
        g.kept_turn_names[name] = r
        g.kept_turn += ((g.turn_base[name], r),)
        g.turn_vars += (r,)


def is_constant(ch: Checked, node) -> bool:
    """A card attribute written as a plain value (not a rule evaluated in play)."""
    if isinstance(node, (A.Number, A.Text, A.Bool)):
        return True
    if isinstance(node, A.Unary) and node.op == "-":
        return is_constant(ch, node.operand)
    if isinstance(node, A.Name):
        return ref_kind(ch, node) in ("symbol", "param")
    return False


def constant(ch: Checked, node):
    """The value of a node that `is_constant` accepts."""
    if isinstance(node, (A.Number, A.Text, A.Bool)):
        return node.value
    if isinstance(node, A.Unary):
        return -constant(ch, node.operand)
    ref = refs.ref(ch, node)
    if ref[0] == "symbol":
        return ref[1]
    v = ch.params[ref[1]]
    return tuple(v) if isinstance(v, list) else v


def build_cards(g: Game, ch: Checked) -> None:
    if not ch.card_decls:
        g.cards = standard_deck(*ch.deck)
        g.card_decl_of = [None] * len(g.cards)
    else:
        g.cards, g.card_decl_of = [], []
        for cd in ch.card_decls:
            copies = next((fold(a.value, ch.params) for a in cd.attrs if a.name.name == "copies"), 1)
            attrs = {"name": cd.title}
            for a in cd.attrs:
                if a.name.name != "copies" and is_constant(ch, a.value):
                    attrs[a.name.name] = constant(ch, a.value)
            for k in range(copies):
                name = cd.title if copies == 1 else f"{cd.title} ({k + 1})"
                g.cards.append(Card(len(g.cards), name, attrs))
                g.card_decl_of.append(cd)
    g.card_index = {c.name: c.index for c in g.cards}
    g.copies = copies_of(g.cards, g.card_decl_of)
    g.seen_names = [str(c.attrs.get("name", c.name)) if g.copies and g.copies[c.index] else c.name for c in g.cards]
    g.seen_index = {name: c for c, name in reversed(list(enumerate(g.seen_names)))}
    g.first_copy = [min((c.index, *g.copies[c.index])) if g.copies else c.index for c in g.cards]
    for attr in ch.card_attrs:
        if attr not in ch.card_counters:
            g.card_attr[attr] = [c.attrs.get(attr) for c in g.cards]
            g.card_dyn[attr] = [None] * len(g.cards)  # rules: filled by the compiled program


def copies_of(cards: list, decls: list) -> list | tuple:
    """Per card, the indexes of the other cards alike in everything a seat could see (the
    same card block, or the same standard card of another deck, and every attribute),
    for board.told_apart; () when no card has a copy."""
    alike: dict = {}
    for c, cd in zip(cards, decls):
        alike.setdefault((id(cd), tuple(sorted(c.attrs.items(), key=lambda kv: kv[0]))), []).append(c.index)
    if all(len(group) == 1 for group in alike.values()):
        return ()
    out: list = [()] * len(cards)
    for group in alike.values():
        for c in group:
            out[c] = tuple(d for d in group if d != c)
    return out


def build_zones(g: Game, ch: Checked) -> None:
    defaults = {"pile": DOWN, "hand": PRIVATE, "row": UP}
    facings = {"up": UP, "down": DOWN, "private": PRIVATE}

    def add(decl, owner, facing, kind, slot, label):
        zi = ZoneInst(len(g.zinst), decl.name.name, owner, facing, kind, slot, label)
        g.zinst.append(zi)
        g.zone_lookup[(decl.name.name, owner if owner >= 0 else None, slot)] = zi.index
        return zi

    for name, info in ch.zones.items():
        d = info.decl
        facing = facings[d.facing] if d.facing else defaults[d.kind]
        if info.owner is None:
            owners = [-1]
        elif info.owner == "each":
            owners = list(range(g.nplayers))
        else:
            owners = [g.roles[info.owner]]
        for owner in owners:
            if d.title:
                label = d.title if info.owner != "each" else f"{d.title} of {g.seat_titles[owner]}"
            else:
                label = name if owner < 0 else f"{name} of {g.seat_names[owner]}"
            if facing == PRIVATE and owner < 0:
                facing = DOWN
            if d.kind == "row":
                row = add(d, owner, facing, "row", None, label)
                slots = []
                for k in range(1, info.size + 1):
                    f = DOWN if k in info.down_slots else facing
                    slots.append(add(d, owner, f, "slot", k, f"{label} {k}" if d.title else f"{label} slot {k}").index)
                row.slots = tuple(slots)
            else:
                add(d, owner, facing, d.kind, None, label)
    for name, info in ch.zones.items():
        shown = {}
        for hint in info.decl.display:
            shown[hint[0]] = hint[1].name if len(hint) == 2 else (hint[1].name, hint[2].name)
        g.zone_display[name] = shown
    g.active_zones = [zi.index for zi in g.zinst if zi.kind != "row" and ch.zones[zi.decl].decl.active]
    g.start_zone = g.zone_lookup[(ch.cards_zone, None, None)]


def build_vars(g: Game, ch: Checked) -> None:
    for name, c in ch.counters.items():
        kind = held_kind(ch.counter_types.get(name))
        if kind is not None:  # a player, a card or a symbol; none (None) unless it starts at one
            value = c.value.name if ref_kind(ch, c.value) == "symbol" else \
                g.roles[c.value.name] if ref_kind(ch, c.value) == "role" else \
                c.value.number - 1 if isinstance(c.value, A.Seat) else None
        elif ref_kind(ch, c.value) == "symbol":
            value = c.value.name
        else:
            start = ch.params.get(c.value.name) if isinstance(c.value, A.Name) else None
            value = start if start is not None else fold(c.value, ch.params)
        base = len(g.vars_init)
        if c.per_player:
            for s in range(g.nplayers):
                g.vars_init.append(value)
                g.var_labels.append(f"{name} of {g.seat_names[s]}")
        else:
            g.vars_init.append(value)
            g.var_labels.append(name)
        g.counter_base[name] = (base, c.per_player)
        if kind is not None:
            for i in range(base, len(g.vars_init)):
                g.var_kinds[i] = kind
    turn_values(g, ch)
    # Once a counter is marked `shown`, the narrator prints only the marked ones; a file
    # that marks none narrates every counter, as before the marker existed.
    # (A per-card counter's changes are narrated as "charge of Battery (2): 2 -> 3".)
    if any(c.shown for c in [*ch.counters.values(), *ch.card_counters.values()]):
        g.quiet_labels = frozenset(
            [label for name, c in ch.counters.items() if not c.shown
             for label in g.var_labels[g.counter_base[name][0]:][:g.nplayers if c.per_player else 1]]
            + [f"{name} of {card.name}" for name, c in ch.card_counters.items() if not c.shown for card in g.cards])
    for name, c in ch.card_counters.items():
        g.card_counter_base[name] = len(g.vars_init)
        value = fold(c.value, ch.params)
        for card in g.cards:
            g.vars_init.append(value)
            g.var_labels.append(f"{name} of {card.name}")
    for kind, info in ch.pieces.items():
        g.piece_by_key[kind] = {}
        for key in info.keys:
            pid = len(g.pieces)
            pname = f"{key} {kind}"
            g.pieces.append((kind, key, pname))
            g.piece_by_key[kind][key] = pid
            for attr, (lo, hi, start) in info.attrs.items():
                g.piece_attr_var[(pid, attr)] = len(g.vars_init)
                g.vars_init.append(start)
                g.var_labels.append(f"{pname} {attr}")


def held_kind(t):
    """"player", "card" or "sym" for a counter that holds one (issue 13), else None."""
    k = refs.kind(t) if t is not None else None
    return k if k in ("player", "card", "sym") else None


def turn_values(g: Game, ch: Checked) -> None:
    """A var for each value of the turn: set to none as each turn starts (flow.py)."""
    for name, (t, _) in ch.turn_values.items():
        g.turn_base[name] = len(g.vars_init)
        kind = held_kind(t)
        if kind is not None:
            g.var_kinds[len(g.vars_init)] = kind
        g.vars_init.append(None)
        g.var_labels.append(f"{name} (this turn)")
    g.turn_vars = tuple(g.turn_base.values())
    from ..lang.values import walk
    g.finishes = any(isinstance(n, A.Finish) for item in ch.tree.items for n in walk(item))
