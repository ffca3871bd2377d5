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
  it, where a rule asks `knows`; of a zone whose top card's facing alone is asked (`row
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
from .footprint import _BINDERS, _COMPOSITE, Anything
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
                        self._walk((p.low, p.high), reads, seat, True, set())
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
        elif isinstance(node, _COMPOSITE):
            for f in node.__attrs_attrs__:
                if f.name not in ("span", "name_span") and not (f.name in _BINDERS and isinstance(
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
                branches.setdefault(self._key_expr(reads), []).append(seat)
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

    @staticmethod
    def _key_expr(r: MenuReads) -> tuple:
        return (tuple(r.zones), tuple(r.sets), tuple(r.tops), tuple(r.counts), tuple(r.vars), r.out, r.current,
                r.who_knows)

    @staticmethod
    def _key_body(w: Writer, expr: tuple) -> None:
        # (Loops appending to one list: a list comprehension costs a frame of its own, more
        # than the few items a key gathers.)
        zones, sets, tops, counts, vars_, out, current, who_knows = expr
        if not (zones or sets or tops or counts or vars_ or out or current):
            w.line("return ()")
            return
        w.line("up, kn = st.up, st.known")
        if zones or sets:
            # the cards of each zone read, zone after zone (-1 between two zones), sorted
            # where their order does not matter
            each = [f"*Z[{z}]" for z in zones] + [f"*sorted(Z[{z}])" for z in sets]
            if len(each) == 1:  # one zone: its cards as they are, or sorted
                w.line(f"cs = {f'Z[{zones[0]}]' if zones else f'sorted(Z[{sets[0]}])'}")
            else:
                w.line(f"cs = [{', -1, '.join(each)}]")
            w.line("k = [*cs]")
            guard = "c >= 0 and " if len(each) > 1 else ""  # (-1: between two zones)
            if who_knows:  # face up, and who knows it
                seen = "up[c] | kn[c] << 1"
            else:  # face up, and whether the seat knows it
                w.line("b = 1 << seat")
                seen = "up[c] | (kn[c] & b) << 1"
            w.line(f"for c in cs: k.append({guard}{seen})")
        else:
            w.line("k = []")
        if tops:  # the facing of each one's top card (2: it is empty)
            run = tuple(tops) == tuple(range(tops[0], tops[0] + len(tops)))  # a row's slots: one slice
            rows = f"Z[{tops[0]}:{tops[-1] + 1}]" if run else f"({''.join(f'Z[{z}], ' for z in tops)})"
            w.line(f"for z in {rows}: k.append(up[z[-1]] if z else 2)")
        rest = [f"len(Z[{z}])" for z in counts]
        if vars_:
            w.line("V = st.vars")
            rest += [f"V[{i}]" for i in vars_]
        rest += ["st.out"] if out else []
        rest += ["st.turn_pos"] if current else []
        if rest:
            w.line(f"k += ({', '.join(rest)},)")
        w.line("return tuple(k)")
