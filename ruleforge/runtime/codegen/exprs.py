"""Expressions as Python expressions: one `ex_<Node>` per kind of expression node.

Values are plain at run time: cards, pieces and players are ints, symbols are strs,
lists are tuples. Every piece of rule-file text that reaches the source is the repr()
of a checked value; names become generated identifiers.
"""

from __future__ import annotations

from ...lang import ast as A
from .. import typeinfo as T
from .loops import CALL, LOOP_FREE, Loops  # noqa: F401  (CALL: module.py's)

def _small_literal(text: str) -> bool:
    t = text.strip("()")
    return t.lstrip("-").isdigit() and abs(int(t)) <= 1000


MAX_WRITTEN_OUT = 64  # tests a quantifier over a literal list writes out, nested ones multiplied


class Exprs(Loops):
    """Mixin of the code generator: needs self.ch, self.g, self.sc and self.table()."""

    def ex(self, node) -> str:
        text = self.expr_method(node)(node)  # see lang/visitor.py
        if self.told_reads is not None:  # in a said text: a card read is noted (codegen/told.py)
            text = self.told(node, text)
        self.w.expr(text, getattr(node, "span", None))  # (an error in it points at it)
        return text

    def t(self, node):
        return self.ch.types.get(node)

    # ---- leaves
    def ex_Number(self, node):
        return repr(node.value)

    ex_Text = ex_Bool = ex_Number

    def ex_Nobody(self, node):
        return "()"

    def ex_Current(self, node):
        if self.sc.actor is not None:  # inside an action: the player taking it
            return self.sc.actor
        return self.sc.current or "CUR[st.turn_pos]"

    def ex_This(self, node):
        return self.sc.slots["this"]

    def ex_Owner(self, node):
        this = self.sc.slots["this"]
        if self.sc.has_owner:
            by = self.sc.slots["owner"]
            return f"({by} if {by} is not None else this_owner(st, {this}))"
        return f"this_owner(st, {this})"

    def ex_OwnerOf(self, node):
        return f"owner_of(st, {self.ex(node.card)})"

    def ex_GameOver(self, node):
        return "(st.is_over or st.finishing is not None)"

    def ex_Knows(self, node):
        return f"knows(st, {self.ex(node.card)}, {self.ex(node.player)})"

    def seat_order(self) -> tuple:
        """Every seat once, in turn order (a role may play twice a round)."""
        return tuple(dict.fromkeys(self.g.turn_order))

    def ex_Players(self, node):
        order = repr(self.seat_order())
        return order if node.every else f"in_game(st, {order})"

    def ex_Opponents(self, node):
        return f"opponents(st, {self.ex(node.player)}, {self.seat_order()!r})"

    def ex_PlayerAfter(self, node):
        return f"player_after(st, {self.ex(node.player)}, {self.seat_order()!r}, {node.step!r})"

    def ex_IsEliminated(self, node):
        return f"bool(st.out >> {self.ex(node.player)} & 1)"

    def ex_IfExpr(self, node):
        return f"({self.ex(node.then)} if {self.ex(node.condition)} else {self.ex(node.otherwise)})"

    def ex_PlayersWith(self, node):
        kind, name = T.ref(self.ch, node.name)
        p = self.sc.fresh("p")
        if kind == "quantity":
            value = self.told_call("q", name, f"{self.fn_name('q', name)}(st, {p})")
        elif kind == "counter":
            value = f"V[{self.g.counter_base[name][0]} + {p}]"
        else:
            value = self.told_call("d", name, f"{self.fn_name('d', name)}(st, {p})")
        pick = "max" if node.extreme == "highest" else "min"
        return f"players_with(st, {self.seat_order()!r}, {pick}, lambda {p}: {value})"

    def ex_RandomCard(self, node):
        if T.is_card(self.t(node)):  # (its place is lost: board.random_card)
            return f"random_card(st, {self.coll(node.collection)})"
        return f"random_of(st, {self.coll(node.collection)})"

    def ex_SumFor(self, node):
        return f"sum({self._each_value(node)})"

    def _each_value(self, node) -> str:
        """`[VALUE for x in C]`: the values of a `... of VALUE for each x in C` form."""
        x = self.sc.fresh("e")
        self.sc.slots[node] = x
        if self.holds_cards(node.collection):
            self.sc.cards.add(x)
        items, value = self.expr_loop(node.collection, self.coll(node.collection, live=True),
                                     lambda: self.ex(node.value))
        return f"[{value} for {x} in {items}]"

    def ex_Extremes(self, node):
        # a list of numbers, sorted (charged: it may be as long as the cards), cut to N
        if node.name is None:
            items = self.coll(node.value, live=True)
        else:
            x = self.sc.fresh("e")
            self.sc.slots[node] = x
            items, value = self.expr_loop(node.collection, self.coll(node.collection, live=True),
                                         lambda: self.ex(node.value))
            items = f"[{value} for {x} in {items}]"
        order = ", reverse=True" if node.extreme == "highest" else ""
        return f"tuple(sorted(charge(st, {items}){order})[:max(0, {self.ex(node.count)})])"

    def ex_Extreme(self, node):
        # linear, as `sum of` is: uncharged unless its loop is (an empty list stops play)
        pick = "highest" if node.extreme == "highest" else "lowest"
        if node.name is None:
            return f"{pick}({self.coll(node.value, live=True)})"
        return f"{pick}({self._each_value(node)})"

    def ex_PairOf(self, node):
        a, b = self.ex(node.left), self.ex(node.right)
        if node.op == "difference":
            return f"abs({a} - {b})"
        return f"{'max' if node.op == 'greater' else 'min'}({a}, {b})"

    def ex_HasEffect(self, node):
        table = self.effects_table(node.trigger.name)
        return f"({table}[{self.ex(node.value)}] is not None)"

    def ex_ListOf(self, node):
        items = [self.ex(x) for x in node.items]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"

    # ---- names
    def ex_Name(self, node):
        ref = T.ref(self.ch, node)
        kind = ref[0]
        if kind in ("local", "element"):
            return self.sc.slots[ref[1]]
        if kind == "element attr":
            owner = ref[1]
            t, slot = T.elem(self.t(owner.collection)), self.sc.slots[owner]
            if self.told_reads is not None and T.is_card(t):
                slot = self.told_card(slot)
            return self.attr(t, ref[2], slot)
        if kind == "define":
            return self.told_call("d", ref[1], f"{self.fn_name('d', ref[1])}(st)")
        if kind == "param":
            v = self.ch.params[ref[1]]
            return repr(tuple(v) if isinstance(v, list) else v)
        if kind == "counter":
            return f"V[{self.g.counter_base[ref[1]][0]}]"
        if kind == "zone":
            return repr(self.g.zone_lookup[(ref[1], None, None)])
        if kind == "pieces":
            return repr(tuple(self.g.piece_by_key[ref[1]].values()))
        if kind == "role":
            return repr(self.g.roles[ref[1]])
        if kind == "quantity":
            return self.told_call("q", ref[1], f"{self.fn_name('q', ref[1])}(st, None)")
        if kind == "symbol":
            return repr(ref[1])
        raise AssertionError(kind)  # pragma: no cover

    def attr(self, t, attr: str, obj: str) -> str:
        """Reading attribute `attr` of the value `obj` (a card or a piece) of type t."""
        g = self.g
        if T.is_card(t):
            if attr in g.card_counter_base:
                if obj in self.sc.cards:  # a card for sure: its counter's index, no check for None
                    return f"V[{g.card_counter_base[attr]} + {obj}]"
                return f"V[card_var({obj}, {g.card_counter_base[attr]}, {attr!r})]"
            if self.has_rules(attr):
                return self.told_attr(attr, f"{self.fn_name('ga', attr)}(st, {obj})")
            obj = self.told_printed(attr, obj)
            if obj in self.sc.cards:  # a card for sure: a plain tuple, when every card has the attribute
                dense = self.dense_attr_table(attr)
                if dense is not None:
                    return f"{dense}[{obj}]"
            return f"{self.attr_table(attr)}[{obj}]"
        kind = T.piece_kind(t)
        info = self.ch.pieces[kind]
        if attr == info.key:
            return f"PKEY[{obj}]"
        return f"V[{self.piece_var(kind, attr, obj)}]"

    def piece_var(self, kind: str, attr: str, obj: str) -> str:
        """The index of a piece's number: a little arithmetic when the layout allows."""
        g = self.g
        pids = list(g.piece_by_key[kind].values())
        vars_ = [g.piece_attr_var[(p, attr)] for p in pids]
        stride = vars_[1] - vars_[0] if len(vars_) > 1 else 1
        if all(v == vars_[0] + (p - pids[0]) * stride for p, v in zip(pids, vars_)):
            off = vars_[0] - pids[0] * stride
            if obj.isdigit():  # a known piece: its number's index, worked out now
                return str(int(obj) * stride + off)
            scaled = obj if stride == 1 else f"{obj} * {stride}"
            return f"{scaled} + {off}" if off else scaled
        return f"{self.table('PVAR_' + attr, {p: v for p, v in zip(pids, vars_)})}[{obj}]"

    def ex_Attr(self, node):
        return self.attr(self.t(node.obj), node.name, self.ex(node.obj))

    def ex_Of(self, node):
        g = self.g
        kind, name = T.ref(self.ch, node.name)
        owner = self.ex(node.owner)
        if kind == "define":
            return self.told_call("d", name, f"{self.fn_name('d', name)}(st, {owner})")
        if kind == "quantity":
            return self.told_call("q", name, f"{self.fn_name('q', name)}(st, {owner})")
        if kind == "zone":
            info = self.ch.zones[name]
            if info.owner == "each":
                return f"{tuple(g.zone_lookup[(name, s, None)] for s in range(g.nplayers))!r}[{owner}]"
            return repr(g.zone_lookup[(name, g.roles[info.owner], None)])
        if kind == "pieces":
            return f"{self.pieces_table(name)}[{owner}]"
        return f"V[{g.counter_base[name][0]} + {owner}]"

    def ex_Slot(self, node):
        return f"{self.slots_table(node.zone.name)}[{self.ex(node.index)}]"

    # ---- operators
    def ex_Unary(self, node):
        if node.op == "-":
            return f"(-{self.ex(node.operand)})"
        return f"(not {self.ex(node.operand)})"

    def ex_Binary(self, node):
        op = node.op
        a = self.ex(node.left)
        if op in ("in", "not in"):
            rt = self.t(node.right)
            b = self.coll(node.right, live=True) if (T.is_zone(rt) or T.is_row(rt)) else self.ex(node.right)
            return f"({a} {op} {b})"
        b = self.ex(node.right)
        if op == "+" and T.kind(self.t(node)) == "list":  # joined lists: charged, so a doubling loop ends
            return f"join_lists(st, {self.coll(node.left, live=True)}, {self.coll(node.right, live=True)})"
        if op == "/":
            return f"div({a}, {b})"
        if op == "mod":
            return f"mod({a}, {b})"
        if op == "*" and not (_small_literal(a) or _small_literal(b)):
            # a product of two computed numbers can square itself: kept within MAX_NUMBER
            # (a small constant factor can only grow a number as far as the statement
            # that stores it, which checks it)
            return f"mul({a}, {b})"
        py = {"=": "==", "and": "and", "or": "or"}.get(op, op)
        return f"({a} {py} {b})"

    def ex_Between(self, node):
        return f"({self.ex(node.low)} <= {self.ex(node.value)} <= {self.ex(node.high)})"

    def ex_Test(self, node):
        if "empty" in node.test:
            c = self.coll(node.value, live=True)
            return f"(len({c}) == 0)" if node.test == "empty" else f"(len({c}) > 0)"
        want_up = node.test == "face up"
        v = self.facing_of(node.value)
        if T.is_zone(self.t(node.value)):
            z = self.sc.fresh("z")  # the zone's list, named once: its top card's facing
            return f"(True if ({z} := Z[{v}]) and st.up[{z}[-1]] == {int(want_up)} else False)"  # no call of bool()
        if v in self.sc.cards:  # a card for sure (an element of a zone, a card parameter)
            return f"(st.up[{v}] == {int(want_up)})"
        if v.isidentifier() or (v.startswith("L[") and v[2:-1].isdigit()):  # a plain name: inline
            return f"({v} is not None and st.up[{v}] == {int(want_up)})"
        return f"card_facing(st, {v}, {want_up!r})"

    # ---- collections
    def coll(self, node, live: bool = False) -> str:
        """A collection as a sequence. `live` allows the zone's own list where only an
        expression reads it (nothing can move a card while an expression runs); else
        a copy, which a later move cannot change under an iteration."""
        if isinstance(node, A.CardsIn):
            return self.coll(node.zone, live)
        t = self.t(node)
        f = self.ex(node)
        if T.is_zone(t):
            return f"Z[{f}]" if live else f"tuple(Z[{f}])"
        if T.is_row(t):
            if f.isdigit():
                slots = self.g.zinst[int(f)].slots
                return f"row_cards(st, {slots!r})"
            # a row chosen as the game goes (a per-player row): its slots by its index
            rows = {i: zi.slots for i, zi in enumerate(self.g.zinst) if zi.slots}
            return f"row_cards(st, {self.table('ROW_SLOTS', rows)}[{f}])"
        return f

    def holds_cards(self, node) -> bool:
        """Is every element of this collection a card (never none)? A zone's or a row's
        cards, or some of them."""
        t = self.t(node)
        if T.is_zone(t) or T.is_row(t) or isinstance(node, A.CardsIn):
            return True
        return isinstance(node, A.Filter) and self.holds_cards(node.collection)

    def ex_Filter(self, node):
        x = self.sc.fresh("e")
        self.sc.slots[node] = x
        if self.holds_cards(node.collection):
            self.sc.cards.add(x)
        items, cond = self.expr_loop(node.collection, self.coll(node.collection, live=True),
                                    lambda: self.ex(node.condition))
        return f"tuple([{x} for {x} in {items} if {cond}])"

    def ex_CardsIn(self, node):
        return self.coll(node.zone)

    def ex_TheCard(self, node):
        found = self.coll(node.collection, live=True)
        if found.startswith("Z[") and found[2:-1].isdigit():  # a known zone's one card, read inline
            return f"({found}[0] if len({found}) == 1 else the_one({found}))"
        return f"the_one({found})"

    def ex_Top(self, node):
        z = self.ex(node.zone)
        if node.count is not None:
            return f"top_n(Z[{z}], {self.ex(node.count)})"
        if z.isdigit():  # a known zone: its end read inline
            return f"(Z[{z}][{-1 if node.end == 'top' else 0}] if Z[{z}] else None)"
        return f"top_of(Z[{z}])" if node.end == "top" else f"bottom_of(Z[{z}])"

    def ex_Aggregate(self, node):
        items = self.coll(node.collection, live=True)
        return f"len({items})" if node.op == "count" else f"sum({items})"

    def ex_Quantifier(self, node):
        x = self.sc.fresh("e")
        if self.holds_cards(node.collection):
            self.sc.cards.add(x)
        items = self.coll(node.collection, live=True)
        small = self.literal_items(items)
        copies = getattr(self, "written_out", 1)
        if small is not None and copies * len(small) <= MAX_WRITTEN_OUT:
            # a handful of known values (the pieces, say): the test written out for each
            # (not past MAX_WRITTEN_OUT copies in all: nested, the copies multiply, and 20
            # quantifiers over [1, 2] made 3.9 MB of source from a line of the rule file)
            tests = []
            self.written_out = copies * len(small)
            outer = getattr(self, "loop_bound", 1)
            self.loop_bound = outer * len(small)  # a loop inside runs once per value
            for v in small:
                self.sc.slots[node] = v
                tests.append(self.ex(node.condition))
            self.loop_bound = outer
            self.written_out = copies
            if node.kind == "any":
                return "bool(" + " or ".join(tests) + ")" if tests else "False"
            if node.kind == "every":
                return "bool(" + " and ".join(tests) + ")" if tests else "True"
            return "(not (" + " or ".join(tests) + "))" if tests else "True"
        self.sc.slots[node] = x
        items, cond = self.expr_loop(node.collection, items, lambda: self.ex(node.condition))
        loops = f"for {x} in {items}"
        inner = self.quantified.get(cond)
        if inner is not None and (node.kind == "every") == (inner[0] == "every"):
            # `any p in X has any c in Y has P`: one generator over both loops, not one
            # made again for each p (the same tests, charges and errors, in the same order)
            cond, loops = inner[1], f"{loops} {inner[2]}"
        gen = f"{cond} {loops}"
        text = f"any({gen})" if node.kind == "any" else f"all({gen})" if node.kind == "every" else f"(not any({gen}))"
        if node.kind != "none":
            self.quantified[text] = (node.kind, cond, loops)
        return text

    @staticmethod
    def literal_items(text: str):
        """The items of a collection written as a short literal tuple of ints, else None."""
        if not (text.startswith("(") and text.endswith(")")):
            return None
        parts = [p.strip() for p in text[1:-1].split(",") if p.strip()]
        if not parts or len(parts) > 6 or not all(p.isdigit() for p in parts):
            return None
        return parts

    def cards(self, node) -> str:
        """Cards a statement acts on, as a sequence (a single card: zero or one)."""
        f = self.ex(node)
        if T.is_card(self.t(node)):
            return f"one({f})"
        return f
