"""What a menu reads, as a key: a menu made once is looked up again when the board it
reads is the same.

A seat's menu ('takes an action') is every declared action with every combination of
its parameters that 'allowed if' accepts, and it is worked out at every such decision:
in many games most of a random game's time. But it reads little of the board (a hand,
the facing of a row of slots, a counter), and that little often repeats. The generator
walks every parameter's values and every 'allowed if' of the actions a menu offers and
names what they read; the menu's key function gathers exactly that from a state:

- the cards of each zone read (in order, or sorted where the menu cannot see their order:
  a parameter's values, a quantifier's), and for each of them whether it is face up and
  whether the seat knows it (how an action names a card depends on both), or who knows
  it, where a rule asks `knows`: no more than a zone's cards can differ in (nothing, for
  a face-up pile in a game that never flips a card, or the seat's own hand where no rule
  turns one face up; `_seen_bits`); of a zone whose top card's facing alone is asked (`row
  slot a is face up`), that facing; of one whose size alone is asked, its size;
- the numbers read (counters, piece attributes, per-card counters, values of the turn);
- who is out, where a rule asks for the players still in the game; the current player,
  where a definition reads it (inside an action, `current` is the seat itself).

The menu with the same key is the same menu (runtime/actions.py `Menu.offer` keeps them
and charges the work they cost). Anything else a rule may read (a quantity, an attribute
computed by rules, a card held in a counter, chance, a set of cards, a blind pick) gives
no key, and that menu is worked out every time, as before.
"""

from __future__ import annotations

from ...lang import ast as A
from .. import typeinfo as T
from ...lang.values import walk
from ..board import PRIVATE, UP
from .footprint import Anything, BINDERS, COMPOSITE
from .writer import Writer


class MenuReads:
    """What the actions of one menu read, for one seat (found by `MenuKeys._walk`)."""

    def __init__(self):
        self.zones: list = []      # zone instance indexes whose cards are read in order, in order of first reading
        self.sets: list = []       # ... whose cards are read as a set (a parameter's values, `any c in`)
        self.tops: list = []       # ... whose top card's facing alone is read (`is face up`)
        self.counts: list = []     # ... whose number of cards alone is read (`is empty`, `count of`)
        self.vars: list = []       # var indexes
        self.out = False           # who is out
        self.current = False       # the current player (read by a definition)
        self.who_knows = False     # `knows`: every seat's knowledge of a card, not only the seat's

    def zone(self, z: int, mode: str = "cards") -> None:
        into = {"cards": self.zones, "set": self.sets, "top": self.tops, "count": self.counts}[mode]
        if z not in into:
            into.append(z)

    def settle(self) -> None:
        """A zone whose cards are read in order needs nothing else of it; one read as a
        set, nothing but its facing of its top card."""
        self.sets = [z for z in self.sets if z not in self.zones]
        self.tops = [z for z in self.tops if z not in self.zones]
        self.counts = [z for z in self.counts if z not in self.zones and z not in self.sets and z not in self.tops]

    def var(self, i: int) -> None:
        if i not in self.vars:
            self.vars.append(i)


class MenuKeys:
    """Mixin of the code generator (module.CodeGenerator)."""

    def menu_key(self, only) -> str:
        """The name of the key function of a menu of the actions named in `only` (None:
        every action), or "None" when what they read cannot be named."""
        actions = [a for name, a in self.ch.actions.items() if only is None or name in only]
        per_seat = []
        try:
            for seat in range(self.g.nplayers):
                reads = MenuReads()
                for a in actions:
                    if a.role is not None and self.g.roles.get(a.role.name) != seat:
                        continue  # never offered to this seat
                    for p in a.params:
                        if p.some or p.unseen:
                            raise Anything  # sets of cards and blind picks: named by place
                        self._walk_set(p.domain, reads, seat, True, set())  # named in sorted order
                        self._walk((p.low, p.high, p.step), reads, seat, True, set())
                    self._walk(a.allowed, reads, seat, True, set())
                reads.settle()
                per_seat.append(reads)
        except (Anything, KeyError, AttributeError):  # a node this walk does not know: no key
            return "None"
        return self._key_function(per_seat)

    # ---- the walk
    def _walk(self, node, r: MenuReads, seat: int, in_action: bool, defs: set, mode: str = "cards") -> None:
        """Add what `node` reads to `r`; `mode` is what is read of a zone `node` names:
        its cards, the facing of its top card, or how many cards it holds."""
        if node is None or isinstance(node, (str, int, bool, float)):
            return
        if isinstance(node, (tuple, list)):
            for x in node:
                self._walk(x, r, seat, in_action, defs)
            return
        if isinstance(node, A.Current):
            if not in_action:  # a definition's `current` is the turn's player
                r.current = True
        elif isinstance(node, A.Name):
            self._walk_name(node, r, seat, in_action, defs, mode)
        elif isinstance(node, A.Of):
            kind, name = T.ref(self.ch, node.name)[:2]
            if kind == "zone":
                owner = self._seat_of(node.owner, seat, in_action)
                for z in self._instances(name, owner):
                    r.zone(z, mode)
            else:
                self._walk_global(kind, name, r, seat, defs)
            self._walk(node.owner, r, seat, in_action, defs)
        elif isinstance(node, A.Slot):
            if isinstance(node.index, A.Number):
                r.zone(self.g.zone_lookup[(node.zone.name, None, node.index.value)], mode)
            else:
                for z in self._instances(node.zone.name, None):
                    r.zone(z, mode)
            self._walk(node.index, r, seat, in_action, defs)
        elif isinstance(node, A.Attr):
            self._walk(node.obj, r, seat, in_action, defs)
            self._walk_attr(self.t(node.obj), node.name, r)
        elif isinstance(node, A.Test):
            if T.is_zone(self.t(node.value)):  # a zone's top card's facing, or its number of cards
                self._walk(node.value, r, seat, in_action, defs, "count" if "empty" in node.test else "top")
            else:  # a card's facing: a card of a zone read
                self._walk(node.value, r, seat, in_action, defs)
        elif isinstance(node, A.Aggregate) and node.op == "count" and T.is_zone(self.t(node.collection)):
            self._walk(node.collection, r, seat, in_action, defs, "count")
        elif isinstance(node, A.Quantifier):  # any, every, no: the order of the cards does not matter
            self._walk_set(node.collection, r, seat, in_action, defs)
            self._walk(node.condition, r, seat, in_action, defs)
        elif isinstance(node, A.Knows):
            r.who_knows = True
            self._walk((node.card, node.player), r, seat, in_action, defs)
        elif isinstance(node, A.Players):
            r.out = r.out or not node.every
        elif isinstance(node, (A.Opponents, A.PlayerAfter, A.IsEliminated)):
            r.out = True
            self._walk(node.player, r, seat, in_action, defs)
        elif isinstance(node, COMPOSITE):
            for f in node.__attrs_attrs__:
                if f.name not in ("span", "name_span") and not (f.name in BINDERS and isinstance(
                        getattr(node, f.name), A.Name)):
                    self._walk(getattr(node, f.name), r, seat, in_action, defs)
        else:  # chance, a card's owner, who has finished...: not named here
            raise Anything

    def _walk_set(self, node, r: MenuReads, seat: int, in_action: bool, defs: set) -> None:
        """A collection whose order does not matter (a parameter's values are named in
        sorted order): its zone's cards as a set, through any filters."""
        while isinstance(node, (A.Filter, A.CardsIn)):
            if isinstance(node, A.CardsIn):
                node = node.zone
                continue
            self._walk(node.condition, r, seat, in_action, defs)
            node = node.collection
        self._walk(node, r, seat, in_action, defs, "set" if T.is_zone(self.t(node)) else "cards")

    def _walk_name(self, node, r: MenuReads, seat: int, in_action: bool, defs: set, mode: str) -> None:
        ref = T.ref(self.ch, node)
        kind = ref[0]
        if kind in ("local", "element", "param", "pieces", "role", "symbol"):
            return
        if kind == "element attr":
            self._walk_attr(T.elem(self.t(ref[1].collection)), ref[2], r)
        elif kind == "zone":
            for z in self._instances(ref[1], None):
                r.zone(z, mode)
        else:
            self._walk_global(kind, ref[1], r, seat, defs)

    def _walk_global(self, kind: str, name: str, r: MenuReads, seat: int, defs: set) -> None:
        g = self.g
        if kind == "counter":
            base, per_player = g.counter_base[name]
            for i in range(base, base + (g.nplayers if per_player else 1)):
                if g.var_kinds.get(i) == "card":
                    raise Anything  # a card held in a counter may lie in a zone not read
                r.var(i)
        elif kind == "turn value":
            i = g.turn_base[name]
            if g.var_kinds.get(i) == "card":
                raise Anything
            r.var(i)
        elif kind == "define":
            if name not in defs:
                defs.add(name)
                self._walk(self.ch.defines[name].value, r, seat, False, defs)
        elif kind not in ("pieces", "param", "role", "symbol"):
            raise Anything  # a quantity: every active card adds to it

    def _walk_attr(self, t, attr: str, r: MenuReads) -> None:
        g = self.g
        if T.is_card(t):
            if attr in g.card_counter_base:
                base = g.card_counter_base[attr]
                for i in range(base, base + len(g.cards)):
                    r.var(i)
            elif self.has_rules(attr):
                raise Anything
        elif T.kind(t) == "piece":
            kind = T.piece_kind(t)
            if attr != self.ch.pieces[kind].key:
                for pid in g.piece_by_key[kind].values():
                    r.var(g.piece_attr_var[(pid, attr)])
        else:
            raise Anything

    def _seat_of(self, owner, seat: int, in_action: bool):
        """The seat a zone's owner names, when it is fixed for this menu (the seat
        itself, a role); else None (every owner's zone is read)."""
        if isinstance(owner, A.Current) and in_action:
            return seat
        if isinstance(owner, A.Name) and T.ref_kind(self.ch, owner) == "role":
            return self.g.roles[T.ref(self.ch, owner)[1]]
        return None

    def _instances(self, decl: str, owner) -> list:
        """Every zone instance of a declaration (of one owner, if given): its piles or
        hands, and a row's slots."""
        return [z.index for z in self.g.zinst if z.decl == decl and z.kind != "row"  # (a row's cards lie in its slots)
                and (owner is None or z.owner in (owner, -1))]

    # ---- the key function
    def _key_function(self, per_seat: list) -> str:
        """Write `menu_key_N(st, seat)`, a tuple of what the menu reads, for the end of
        the module (`write_key_functions`: a rule is being written now)."""
        if not hasattr(self, "key_functions"):
            self.key_functions = []
        ident = f"menu_key_{len(self.key_functions)}"  # (no rule-file name in it: fn_name's are never so)
        self.names[("menu key", ident)] = ident
        w = Writer()
        w.comment("a menu's key: what its actions read (codegen/menukeys.py)")
        w.line(f"def {ident}(st, seat):")
        with w.indent():
            w.line("Z = st.zones")
            branches: dict = {}
            for seat, reads in enumerate(per_seat):
                branches.setdefault(self._key_expr(reads, seat), []).append(seat)
            for k, (expr, seats) in enumerate(branches.items()):
                if len(branches) == 1:
                    self._key_body(w, expr)
                    break
                w.line("else:" if k == len(branches) - 1 else f"{'if' if k == 0 else 'elif'} seat in {tuple(seats)!r}:")
                with w.indent():
                    self._key_body(w, expr)
        self.key_functions.append(w.lines)
        return ident

    def write_key_functions(self) -> None:
        for lines in getattr(self, "key_functions", ()):
            self.w.blank()
            for line in lines:
                self.w.line(line)

    def _key_expr(self, r: MenuReads, seat: int) -> tuple:
        pieces = tuple((z, False, self._seen_bits(z, seat, r.who_knows)) for z in r.zones) + tuple(
            (z, True, self._seen_bits(z, seat, r.who_knows)) for z in r.sets)
        return (pieces, tuple(r.tops), tuple(r.counts), tuple(r.vars), r.out, r.current)

    def _seen_bits(self, z: int, seat: int, who_knows: bool) -> str:
        """What the key needs of the facing and knowledge of zone `z`'s cards, for `seat`:
        "none" where both are the same for every card it can hold (a face-up pile in a
        game that never flips a card or puts one face down there: face up, everyone knows
        it; the seat's own hand that no rule turns a card face up or face down in: face
        down, the seat knows it); "up" where the seat always knows them but a card may
        be face up or not; else "seat" (face up, and whether the seat knows it), or
        "all" (face up, and who knows it) where a rule asks `knows`."""
        if who_knows:
            return "all"
        zi, g = self.g.zinst[z], self.g
        if self._blind_or_flipped(zi.decl):
            return "seat"
        same = [i for i in g.zinst if i.decl == zi.decl]
        if all(i.facing == UP for i in same):
            return "none"
        if zi.owner == seat and all(i.facing == PRIVATE and i.owner >= 0 for i in same):
            return "up" if zi.decl in self._turned_up() else "none"
        return "seat"

    def _blind_or_flipped(self, decl: str) -> bool:
        """Can a rule put a card face down into `decl`, or flip a card anywhere?"""
        blind, flips = self.faced()
        return flips or decl in blind or "*" in blind

    def _turned_up(self) -> set:
        """The zones a rule may turn a card face up in, or move one into face up (`move c
        to hand of p face up`, `reveal c`, `reveal c to Z`); "*" in it where a rule's
        card or zone is not named plainly. (A card dealt, moved or swapped into a zone
        takes the zone's facing: board.place.)"""
        if not hasattr(self, "_up_zones"):
            up = set()
            for n in walk(self.ch.tree):
                if isinstance(n, A.Move) and n.facing == "up":
                    up.add(self._zone_named(n.target))
                elif isinstance(n, A.Reveal):
                    up.add(self._zone_named(n.what if n.target is None else n.target))
            if "*" in up:
                up |= {z.decl for z in self.g.zinst}
            self._up_zones = up
        return self._up_zones

    def _zone_named(self, node) -> str:
        """The zone declaration whose cards `node` names (`top of deck`, `the card in
        hand of p`, `cards in hand of p where ...`), or "*"."""
        while isinstance(node, (A.Filter, A.TheCard, A.CardsIn, A.Top, A.Slot)):
            node = node.collection if isinstance(node, (A.Filter, A.TheCard)) else node.zone
        if isinstance(node, A.Of):
            node = node.name
        if isinstance(node, A.Name) and T.ref_kind(self.ch, node) == "zone":
            return node.name
        return "*"

    @staticmethod
    def _key_body(w: Writer, expr: tuple) -> None:
        # (Loops appending to one list: a list comprehension costs a frame of its own, more
        # than the few items a key gathers.)
        pieces, tops, counts, vars_, out, current = expr
        if not (pieces or tops or counts or vars_ or out or current):
            w.line("return ()")
            return
        bits = [p for p in pieces if p[2] != "none"]
        if any(p[2] != "up" for p in bits):
            w.line("up, kn = st.up, st.known")
        elif bits or tops:
            w.line("up = st.up")
        if any(p[2] == "seat" for p in bits):
            w.line("b = 1 << seat")
        # the cards of each zone read, zone after zone (-1 between two zones), sorted where
        # their order does not matter; then, zone after zone, what the menu may read of
        # their facing and who knows them
        each = []
        for i, (z, in_order_not, mode) in enumerate(pieces):
            cards = f"sorted(Z[{z}])" if in_order_not else f"Z[{z}]"
            if mode != "none":
                w.line(f"s{i} = {cards}")
                cards = f"s{i}"
            each.append(cards)
        cards = ", -1, ".join("*" + c for c in each)
        # the facing of each top card read (2: the zone is empty), each zone's size, the numbers
        rest = [f"up[Z[{z}][-1]] if Z[{z}] else 2" for z in tops] + [f"len(Z[{z}])" for z in counts]
        if vars_:
            w.line("V = st.vars")
            rest += [f"V[{i}]" for i in vars_]
        rest += ["st.out"] if out else []
        rest += ["st.turn_pos"] if current else []
        if not bits:  # one tuple, made at once
            w.line(f"return ({', '.join(([cards] if cards else []) + rest)},)")
            return
        w.line(f"k = [{cards}]")
        seen = {"up": "up[c]", "seat": "up[c] | (kn[c] & b) << 1", "all": "up[c] | kn[c] << 1"}
        for i, (z, _, mode) in enumerate(pieces):
            if mode != "none":
                w.line(f"for c in s{i}: k.append({seen[mode]})")
        if rest:
            w.line(f"k += ({', '.join(rest)},)")
        w.line("return tuple(k)")
