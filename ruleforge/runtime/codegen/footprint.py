"""What the immediate endings read, and what a statement writes: the check after a
statement is left out when the two cannot meet.

A game with immediate endings (a piece that lands, say) checks them after every statement that
changes the board. Most such statements change something no ending reads: a card
revealed from the deck, the discard pile shuffled. An ending's truth can only change
when something it reads does, so the check after a statement whose writes it does not
read would find what the check before it found.

Both sides are coarse and err towards checking. What is read or written is named by
token: a zone declaration (every owner's and every slot of it), a counter, a piece
attribute, a per-card counter, the facing of cards, who knows them. A source the
generator cannot name (a card held in a local may lie anywhere) is every zone; and an
ending that reads anything of the turn flow (the current player, who is out, the values
of the turn, a quantity, a rule-computed attribute, chance) is checked after every
statement, as before, since the flow changes between statements with no check of its own.
"""

from __future__ import annotations

from ...lang import ast as A
from .. import typeinfo as T

ANY_ZONE = ("zone", "*")
FACING, KNOWING = ("facing",), ("knowing",)
# Expressions that read nothing themselves: what they read is what their parts read.
COMPOSITE = (A.Number, A.Text, A.Bool, A.Nobody, A.ListOf, A.Unary, A.Binary, A.Between, A.Filter, A.CardsIn,
             A.TheCard, A.Top, A.Aggregate, A.Quantifier, A.IfExpr, A.SumFor, A.Extremes, A.Position, A.Seat,
             A.HasEffect, A.LeastSum, A.Extreme, A.PairOf)
BINDERS = ("name", "group")  # fields of those that bind a name rather than read one


class Anything(Exception):
    """Raised inside the walk: no footprint can be named (the answer is 'anything')."""


class _NotEqualities(Exception):
    """Raised by Footprints._equalities: an ending reads the number some other way."""


class Footprints:
    """Mixin of the code generator (module.CodeGenerator)."""

    _ending_reads: object = False  # frozenset of tokens, None for anything; False: not worked out

    def ending_reads(self):
        """What the immediate endings read (tokens), or None: anything."""
        if self._ending_reads is False:
            acc: set = set()
            try:
                for e in self.ch.endings.values():
                    if e.condition is not None and not e.at_round_end:
                        self._reads(e.condition, acc, set())
                self._ending_reads = frozenset(acc)
            except (Anything, KeyError, AttributeError):  # a node this walk does not know: anything
                self._ending_reads = None
        return self._ending_reads

    def may_end(self, s) -> bool:
        """Could statement `s` make an immediate ending hold that did not before?"""
        reads = self.ending_reads()
        if reads is None:
            return True
        try:
            writes = self._writes(s)
        except (Anything, KeyError, AttributeError):
            return True
        if writes & reads:
            return True
        zones_read = any(t[0] == "zone" for t in reads)
        zones_written = any(t[0] == "zone" for t in writes)
        return (ANY_ZONE in writes and zones_read) or (ANY_ZONE in reads and zones_written)

    def equal_only(self, s) -> tuple | None:
        """For a statement that sets one number (a counter, a piece's or a card's), the
        values it must take for an immediate ending to newly hold, or None: every ending
        that reads that number reads it only in tests `NUMBER = K` (K written as a
        number), joined by `and`, `or` and `any ... has`. Such an ending cannot come to
        hold when the number is set to anything else: each of its tests of it is then
        false or as it was, and the ending only weaker than before, when it did not hold
        (it is checked after every change it can see). A piece that lands at altitude
        1: its altitude changes at every step, and only a step to 1 can land it."""
        if not isinstance(s, (A.SetValue, A.Change)):
            return None
        try:
            w = self._value_of(s.target)
            found: set = set()
            for e in self.ch.endings.values():
                if e.condition is not None and not e.at_round_end and self._reads_token(e.condition, w):
                    found |= self._equalities(e.condition, w, set())
        except (Anything, _NotEqualities, KeyError, AttributeError):
            return None
        return tuple(sorted(found)) if found else None

    def _reads_token(self, node, w) -> bool:
        acc: set = set()
        self._reads(node, acc, set())
        return w in acc

    def _equalities(self, node, w, defs: set) -> set:
        """The constants K of the tests `w = K` in a condition built of them with `and`,
        `or` and `any ... has` (and tests that do not read w); else _NotEqualities."""
        if not self._reads_token(node, w):
            return set()
        if isinstance(node, A.Binary) and node.op in ("and", "or"):
            return self._equalities(node.left, w, defs) | self._equalities(node.right, w, defs)
        if isinstance(node, A.Quantifier) and node.kind == "any" and not self._reads_token(node.collection, w):
            return self._equalities(node.condition, w, defs)
        if isinstance(node, A.Binary) and node.op == "=":
            from ..layout import constant
            for a, b in ((node.left, node.right), (node.right, node.left)):
                if self._reads_only(a, w) and self.is_plain(b):
                    k = constant(self.ch, b)
                    if type(k) is int:
                        return {k}
        if isinstance(node, A.Name):
            ref = T.ref(self.ch, node)
            if ref[0] == "define" and ref[1] not in defs:
                return self._equalities(self.ch.defines[ref[1]].value, w, defs | {ref[1]})
        raise _NotEqualities

    def _reads_only(self, node, w) -> bool:
        """Whether `node` is a plain read of the number `w` (of some piece, card or owner
        that does not itself depend on w)."""
        if isinstance(node, A.Attr):
            return not self._reads_token(node.obj, w) and self._names(self.t(node.obj), node.name, w)
        if isinstance(node, A.Of):
            ref = T.ref(self.ch, node.name)
            return ref[0] == "counter" and w == ("counter", ref[1]) and not self._reads_token(node.owner, w)
        if isinstance(node, A.Name):
            ref = T.ref(self.ch, node)
            if ref[0] == "counter":
                return w == ("counter", ref[1])
            if ref[0] == "element attr":
                return self._names(T.elem(self.t(ref[1].collection)), ref[2], w)
        return False

    def _names(self, t, attr: str, w) -> bool:
        if w[0] == "piece":
            return T.kind(t) == "piece" and T.piece_kind(t) == w[1] and attr == w[2]
        return w[0] == "card counter" and T.is_card(t) and attr == w[1]

    def on_arguments_alone(self, d) -> bool:
        """Whether definition `d` gives a value that depends on its arguments alone: its
        parameters are cards, lists of cards, numbers or symbols, it reads no zone, counter,
        facing, knowledge, card counter, piece, rule-computed attribute, quantity or turn
        flow, and its value is a number, a yes/no or a symbol (never a list a caller could
        hold on to). Such a value can be kept by its arguments (program.py)."""
        if d.param is None:
            return False
        kinds = [d.param_kind] + [k for _, k in d.more]
        if any(k in ("player", "zone") for k in kinds):
            return False
        if T.kind(self.t(d.value)) not in ("number", "bool", "sym"):
            return False
        acc: set = set()
        try:
            self._reads(d.value, acc, set())
        except (Anything, KeyError, AttributeError):
            return False
        return not acc

    # ---- reads
    def _reads(self, node, acc: set, defs: set) -> None:
        if node is None or isinstance(node, (str, int, bool, float)):
            return
        if isinstance(node, (tuple, list)):
            for x in node:
                self._reads(x, acc, defs)
            return
        if isinstance(node, A.Name):
            self._name_reads(node, acc, defs)
        elif isinstance(node, A.Of):
            kind, name = T.ref(self.ch, node.name)[:2]
            self._global_reads(kind, name, acc, defs)
            self._reads(node.owner, acc, defs)
        elif isinstance(node, A.Slot):
            acc.add(("zone", node.zone.name))
            self._reads(node.index, acc, defs)
        elif isinstance(node, A.Attr):
            self._reads(node.obj, acc, defs)
            self._attr_reads(self.t(node.obj), node.name, acc)
        elif isinstance(node, A.Test):
            if "face" in node.test:
                acc.add(FACING)
            self._reads(node.value, acc, defs)
        elif isinstance(node, A.Knows):
            acc.add(KNOWING)
            self._reads(node.card, acc, defs)
            self._reads(node.player, acc, defs)
        elif isinstance(node, COMPOSITE):
            for f in node.__attrs_attrs__:
                if f.name not in ("span", "name_span") and not (f.name in BINDERS and isinstance(
                        getattr(node, f.name), A.Name)):
                    self._reads(getattr(node, f.name), acc, defs)
        else:  # the current player, who is out, chance...: the turn flow, or unknown
            raise Anything

    def _name_reads(self, node, acc: set, defs: set) -> None:
        ref = T.ref(self.ch, node)
        kind = ref[0]
        if kind in ("local", "element", "param", "pieces", "role", "symbol"):
            return
        if kind == "element attr":
            self._attr_reads(T.elem(self.t(ref[1].collection)), ref[2], acc)
            return
        self._global_reads(kind, ref[1], acc, defs)

    def _global_reads(self, kind: str, name: str, acc: set, defs: set) -> None:
        if kind in ("counter", "zone"):
            acc.add((kind, name))
        elif kind == "define":
            if name not in defs:
                defs.add(name)
                self._reads(self.ch.defines[name].value, acc, defs)
        elif kind not in ("pieces", "param", "role", "symbol"):
            raise Anything  # a quantity (active cards add to it), a value of the turn

    def _attr_reads(self, t, attr: str, acc: set) -> None:
        if T.is_card(t):
            if attr in self.g.card_counter_base:
                acc.add(("card counter", attr))
            elif self.has_rules(attr):
                raise Anything
        elif T.kind(t) == "piece":
            kind = T.piece_kind(t)
            if attr != self.ch.pieces[kind].key:
                acc.add(("piece", kind, attr))
        else:
            raise Anything

    # ---- writes
    def _writes(self, s) -> set:
        if isinstance(s, (A.Move, A.Reveal)):
            if isinstance(s, A.Reveal) and s.target is None:
                return {FACING, KNOWING}
            return {self._zone_of(s.target), self._source(s.what), FACING, KNOWING}
        if isinstance(s, A.Flip):
            return {FACING, KNOWING}
        if isinstance(s, A.Swap):
            return {self._source(s.first), self._source(s.second), FACING, KNOWING}
        if isinstance(s, A.Shuffle):
            out = {self._zone_of(s.zone), KNOWING}
            if s.into is not None:
                out |= {self._zone_of(s.into), FACING}
            return out
        if isinstance(s, A.Look):
            return {KNOWING}
        if isinstance(s, (A.SetValue, A.Change)):
            return {self._value_of(s.target)}
        raise Anything  # who is out, who plays next, who has finished: the turn flow

    def lands_face_up(self, target) -> bool:
        """Whether every zone (or slot) a target expression may name is face up."""
        token = self._zone_of(target)
        if token == ANY_ZONE:
            return False
        facings = {z.facing for z in self.g.zinst if z.decl == token[1]}
        return facings == {0}  # board.UP

    def lands_in_hand(self, target) -> bool:
        """Whether every zone a target expression may name is private (a hand: tops.py)."""
        token = self._zone_of(target)
        return token != ANY_ZONE and {z.facing for z in self.g.zinst if z.decl == token[1]} == {2}  # board.PRIVATE

    def is_no_hand(self, zone, picked: bool = False) -> bool:
        """Whether no zone a zone expression may name (`picked`: where the cards an
        expression picks may lie) is a hand: a card leaves it known to all who knew it, and
        its copies there are told apart by their places (board.zone_leave_keep, looked_apart)."""
        token = self._source(zone) if picked else self._zone_of(zone)
        return token != ANY_ZONE and all(z.kind != "hand" for z in self.g.zinst if z.decl == token[1])

    def _zone_of(self, node) -> tuple:
        """The zone declaration an expression names (a zone, one of an owner's, a slot)."""
        if isinstance(node, A.Slot):
            return ("zone", node.zone.name)
        if isinstance(node, A.CardsIn):
            return self._zone_of(node.zone)
        name = node.name if isinstance(node, A.Of) else node
        if isinstance(name, A.Name) and name in self.ch.refs and T.ref(self.ch, name)[0] == "zone":
            return ("zone", T.ref(self.ch, name)[1])
        return ANY_ZONE

    def _source(self, node) -> tuple:
        """Where the cards an expression picks lie now: a zone declaration, or any zone."""
        if isinstance(node, (A.Top, A.Position)):
            return self._zone_of(node.zone)
        if isinstance(node, (A.Filter, A.TheCard, A.RandomCard)):
            return self._source(node.collection)
        return self._zone_of(node)

    def _value_of(self, node) -> tuple:
        """The number a `set` or `increase` changes."""
        if isinstance(node, (A.Name, A.Of)):
            ref = T.ref(self.ch, node.name if isinstance(node, A.Of) else node)
            if ref[0] == "counter":
                return ("counter", ref[1])
            raise Anything
        if isinstance(node, A.Attr):
            t = self.t(node.obj)
            if T.is_card(t) and node.name in self.g.card_counter_base:
                return ("card counter", node.name)
            if T.kind(t) == "piece":
                return ("piece", T.piece_kind(t), node.name)
        raise Anything
