"""The type checker's expressions: one `ex_<Node>` method per expression node kind,
each checking its parts and giving the node's type (None after an error it reported)."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from . import refs as R
from . import types as T
from .diagnostics import did_you_mean
from .where_arith import swallowed
from .kind_hints import kind_in_zone_hint, number_in_zone_hint
from .limits import MAX_EXPR_DEPTH, MAX_LIST_ITEMS, raise_hint
from .names import Resolver, Scope, Want
from .ordering import comparable, ordered
from .types import ANY, BOOL, CARD, NUMBER, PLAYER, ROW, TEXT, ZONE, Type, list_of


class ExprChecker(Resolver, abstract=True):
    expr_prefix = "ex_"
    MAX_DEPTH = MAX_EXPR_DEPTH
    depth = 0          # how deep the expression being checked is nested
    too_deep = False   # said so once for this expression

    def expr(self, node, scope: Scope, want: Optional[Want] = None) -> Optional[Type]:
        """Check an expression; its type (also kept in `types`), or None after an error."""
        self.depth += 1
        try:
            if self.depth > self.MAX_DEPTH:
                if not self.too_deep:
                    self.too_deep = True
                    self.error(node, f"this expression is nested more than {MAX_EXPR_DEPTH} deep",
                               "split it with 'define' or 'let'; " + raise_hint("MAX_EXPR_DEPTH"))
                return None
            method = self.expr_method(node)
            if method is not None:
                t = method(node, scope, want)
            elif isinstance(node, A.ChoiceCond):
                self.error(node, "a choice can only be the condition of 'if' or 'repeat while'")
                t = BOOL
            else:
                self.error(node, f"this cannot be used as a value here ({type(node).__name__})")
                t = None
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.too_deep = False
        if t is not None and node in self.misread:
            t = None  # (`top of trail of current.suit`: said at the attribute)
        if t is not None:
            self.types[node] = t
        return t

    def ex_Number(self, node: A.Number, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return NUMBER

    def ex_Text(self, node: A.Text, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return TEXT

    def ex_Bool(self, node: A.Bool, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return BOOL

    def ex_Nobody(self, node: A.Nobody, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return list_of(PLAYER)

    def ex_Current(self, node: A.Current, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return PLAYER

    def ex_Name(self, node: A.Name, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return self.name(node, scope, want)

    def ex_ListOf(self, node: A.ListOf, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        if len(node.items) > MAX_LIST_ITEMS:
            self.error(node.items[MAX_LIST_ITEMS], f"this list has {len(node.items):,} items: a list is "
                                                   f"limited to {MAX_LIST_ITEMS:,}", raise_hint("MAX_LIST_ITEMS"))
            return None
        types = [self.expr(x, scope) for x in node.items]
        known = [t for t in types if t is not None]
        if not known:
            return list_of(ANY) if not node.items else None
        first = known[0]
        for x, t in zip(node.items, types):
            if t is not None and not t.compatible(first):
                self.error(x, f"a list holds one kind of value: this is {t.describe()}, the first is {first.describe()}")
        return list_of(first)

    def ex_Attr(self, node: A.Attr, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        ot = self.expr(node.obj, scope)
        if ot is None:
            return None
        attrs = self.attributes(ot)
        if node.name not in attrs and self.misread_attr(node, ot):
            return None
        if not attrs:
            zone = written(node.obj) if ot in (ZONE, ROW) else None
            self.error(node.name_span, f"{ot.describe()} has no attributes",
                       f"attributes belong to cards and pieces: for the top card, write (top of {zone}).{node.name}"
                       if zone else "attributes belong to cards and pieces")
            return None
        if node.name not in attrs:
            self.error(node.name_span, f"{ot.describe()} has no attribute '{node.name}'",
                       did_you_mean(node.name, attrs) or f"its attributes are: {', '.join(attrs)}")
            return None
        return attrs[node.name]

    def misread_attr(self, node: A.Attr, ot: Type) -> bool:
        """`top of trail of current.suit` reads as top of trail of (current.suit): said, with
        the brackets to write, when the card the chain gives has the attribute. True when said."""
        head, up = None, node
        while up in self.of_parent:
            up = self.of_parent[up]
            if isinstance(up, A.TheCard) or isinstance(up, A.Top) and up.count is None:
                head = up
        if head is None or node.name not in self.attributes(CARD):
            return False
        obj = written(node.obj)
        whole, misread = _chain(head, node, f"{obj}.{node.name}"), _chain(head, node, f"({obj}.{node.name})")
        if obj is None or whole is None:
            return False
        self.misread.add(head)
        self.error(node.name_span, f"'{whole}' reads as '{misread}', and {ot.describe()} has no "
                                   f"attribute{'s' if not self.attributes(ot) else f' {node.name!r}'}",
                   f"write ({_chain(head, node, obj)}).{node.name}")
        return True

    def ex_Of(self, node: A.Of, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return self.of(node, scope)

    def ex_Slot(self, node: A.Slot, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        z = self.sym.zones.get(node.zone.name)
        if z is None:
            self.sym.unknown(node.zone, "zone", list(self.sym.zones))
            self.expr(node.index, scope)
            return None
        self.refs[node.zone] = R.Zone(node.zone.name, T.ROW)
        if z.decl.kind != "row":
            self.error(node.zone, f"zone '{node.zone.name}' has no slots", "only a 'row of N slots' has slots")
        elif z.decl.owner == "each":  # it read the first player's row, whoever's was meant
            self.error(node, f"'{node.zone.name}' is a row per player: '{node.zone.name} slot N' cannot say whose "
                             "row it is",
                       f"moving cards to one player's row works: 'move CARDS to {node.zone.name} of PLAYER slots N "
                       f"to N'; to read a slot, keep the row shared or of a role (a slot of a per-player row "
                       "cannot be named yet)")
        self.require(node.index, self.expr(node.index, scope), NUMBER, "a slot number")
        return ZONE

    def ex_Unary(self, node: A.Unary, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        t = self.expr(node.operand, scope)
        want_t = NUMBER if node.op == "-" else BOOL
        self.require(node.operand, t, want_t, f"the operand of '{node.op}'")
        return want_t

    def ex_Binary(self, node: A.Binary, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return self.binary(node, scope)

    def ex_Between(self, node: A.Between, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        for part, what in ((node.value, "the value"), (node.low, "the low end"), (node.high, "the high end")):
            self.require(part, self.expr(part, scope), NUMBER, f"{what} of 'between'")
        return BOOL

    def ex_Test(self, node: A.Test, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        t = self.expr(node.value, scope, want=Want.COLLECTION if "empty" in node.test else None)
        if t is None:
            return BOOL
        if "empty" in node.test:
            if t.element() is None:
                self.error(node.value, f"only a zone or a list can be empty, not {t.describe()}")
        elif t not in (CARD, ZONE):
            self.error(node.value, f"only a card (or the card in a slot) is face up or down, not {t.describe()}")
        return BOOL

    def ex_Filter(self, node: A.Filter, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return self.filter(node, scope)

    def ex_CardsIn(self, node: A.CardsIn, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        t = self.expr(node.zone, scope, want=Want.ZONE)
        if t is not None and t not in (ZONE, ROW):
            self.error(node.zone, f"expected a zone, not {t.describe()}")
        return list_of(CARD)

    def ex_TheCard(self, node: A.TheCard, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.of_parent[node.collection] = node
        t = self.expr(node.collection, scope, want=Want.ZONE)
        if t is None:
            return None
        et = t.element()
        if et is None:
            self.error(node.collection, f"expected a zone or a list, not {t.describe()}")
        return et

    def ex_Top(self, node: A.Top, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.of_parent[node.zone] = node
        t = self.expr(node.zone, scope, want=Want.ZONE)
        if t is not None and t != ZONE:
            self.error(node.zone, f"'{node.end} of' takes a pile or hand, not {t.describe()}")
        if node.count is not None:
            self.require(node.count, self.expr(node.count, scope), NUMBER, "the number of cards")
            return list_of(CARD)
        return CARD

    def ex_Aggregate(self, node: A.Aggregate, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        before = len(self.sym.diags)
        t = self.expr(node.collection, scope, want=Want.COLLECTION)
        swallowed(self, node, before)
        if t is None:
            return NUMBER
        if node.op == "count" and t.element() is None:
            self.error(node.collection, f"'count of' counts a zone or a list, not {t.describe()}")
        if node.op == "sum" and t != list_of(NUMBER):
            self.error(node.collection, f"'sum of' adds a list of numbers, not {t.describe()}")
        return NUMBER

    def ex_Quantifier(self, node: A.Quantifier, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        if node.name is not None and isinstance(node.collection, A.Filter):
            # `no e in C where e.colour = c has ...`: the filter may name the element, as a
            # `for each e in C where` does, or read its attributes alone, as any filter
            if (t := self.filter(node.collection, scope, node.name, bare=True)) is not None:
                self.types[node.collection] = t
        else:
            t = self.expr(node.collection, scope, want=Want.COLLECTION)
        et = t.element() if t else None  # None: not known (a mistake said, or an unparsed name)
        if t is not None and et is None:
            self.error(node.collection, f"'{node.kind}' looks through a zone or a list, not {t.describe()}")
        if node.name is None:
            inner = Scope(scope, (et, node))
        else:
            inner = Scope(scope)
            self.bind(inner, node.name, et, node)
        self.require(node.condition, self.expr(node.condition, inner), BOOL,
                     f"the condition of '{node.kind}'")
        return BOOL

    def ex_This(self, node: A.This, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        word = "this" if isinstance(node, A.This) else "owner"
        if not self.card_ctx:
            self.error(node, f"'{word}' means a card's own {'self' if word == 'this' else 'owner'}, "
                             "so it is used only inside a card's definition")
            return None
        return CARD if word == "this" else PLAYER

    ex_Owner = ex_This

    def ex_Players(self, node: A.Players, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        if node.word in self.sym.refused:  # (`counter everyone`, said there)
            return None
        return list_of(PLAYER)

    def ex_GameOver(self, node: A.GameOver, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return BOOL

    def ex_Knows(self, node: A.Knows, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER, "who knows")
        self.require(node.card, self.expr(node.card, scope), CARD, "what is known")
        return BOOL

    def ex_OwnerOf(self, node: A.OwnerOf, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.card, self.expr(node.card, scope), CARD, "whose owner")
        return PLAYER

    def ex_Opponents(self, node: A.Opponents, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER, "whose opponents")
        return list_of(PLAYER)

    def ex_IfExpr(self, node: A.IfExpr, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.condition, self.expr(node.condition, scope), BOOL, "the condition of 'if'")
        a = self.expr(node.then, scope, want)
        b = self.expr(node.otherwise, scope, want)
        if a is not None and b is not None and not a.compatible(b):
            self.error(node.otherwise, f"'then' gives {a.describe()} and 'else' gives {b.describe()}: "
                                       "both must be of one kind")
        if a is None or a == list_of(ANY):
            return b if b is not None else a
        return a

    def ex_PlayerAfter(self, node: A.PlayerAfter, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER,
                     "whose neighbour")
        return PLAYER

    def ex_IsEliminated(self, node: A.IsEliminated, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER,
                     "who is eliminated")
        return BOOL

    def ex_PlayersWith(self, node: A.PlayersWith, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        n = node.name.name
        ok = (n in self.sym.quantities and self.sym.quantities[n].param is not None) or \
             (n in self.sym.counters and self.sym.counters[n].per_player and self.sym.counter_types[n] == NUMBER) or \
             (n in self.sym.defines and self.sym.defines[n].param is not None
              and self.sym.defines[n].param_kind == "player" and not self.sym.defines[n].more)
        if ok:
            self.refs[node.name] = (R.Quantity(n, NUMBER) if n in self.sym.quantities else
                                    R.Counter(n, NUMBER) if n in self.sym.counters else
                                    R.Definition(n, self.define_type(n)))
            if n in self.sym.defines and not comparable(self.define_type(n)):
                self.error(node.name, f"'{n}' is not a number or a list of numbers")
        elif n not in self.sym.unparsed:
            cands = [q for q, d in self.sym.quantities.items() if d.param] + \
                    [c for c, d in self.sym.counters.items() if d.per_player]
            self.error(node.name, f"'{n}' is not a number counted per player",
                       _rank_by(n, self.sym.defines.get(n)) or did_you_mean(n, cands))
        return list_of(PLAYER)

    def ex_RandomCard(self, node: A.RandomCard, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        t = self.expr(node.collection, scope, want=Want.ZONE)
        et = t.element() if t else None
        if t is not None and et is None:
            self.error(node.collection, f"a random pick is made from a zone or a list, not {t.describe()}")
        return et

    def ex_SumFor(self, node: A.SumFor, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        inner = self.loop(node.collection, node.name, node, scope)
        self.require(node.value, self.expr(node.value, inner), NUMBER, "what is summed")
        return NUMBER

    def ex_HasEffect(self, node: A.HasEffect, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.value, self.expr(node.value, scope), CARD, "what has an effect")
        if node.trigger.name not in self.sym.triggers and node.trigger.name not in self.sym.unparsed:
            self.error(node.trigger, f"no card has an 'on {node.trigger.name}' effect",
                       did_you_mean(node.trigger.name, self.sym.triggers))
        return BOOL

    def quoted_symbol(self, node, t: Optional[Type]) -> Optional[str]:
        """`c.suit = "hearts"`: a hint when `node` is a text that is, unquoted, a symbol of `t`."""
        if isinstance(node, A.Text) and isinstance(t, T.SymbolType) \
                and node.value in self.sym.domains.get(t.domain, ()) and self.sym.global_kind(node.value) is None:
            return f"a {t.domain} is a symbol, written without quotes: {node.value}"
        return None

    def filter(self, node: A.Filter, scope: Scope, var: Optional[A.Name] = None,
               bare: bool = False) -> Optional[Type]:
        """`C where COND`; in `for each x in C where COND`, COND names x (`x.value`), and
        in `any x in C where COND has ...` (`bare`) it may also read x's attributes alone."""
        ct = self.expr(node.collection, scope, want=Want.COLLECTION)
        et = ct.element() if ct is not None else None
        if ct is not None and et is None:
            self.error(node.collection, f"'where' picks from a zone or a list, not {ct.describe()}")
        if var is None or bare:
            inner = Scope(scope, (et, node))  # (None: not known, after a mistake)
            if var is not None and scope.lookup(var.name) is None:  # (else the name is the outer one's: said by bind)
                inner.names[var.name] = (et, node)
        else:
            # The element has a name, so the condition says `u.altitude`, not `altitude`.
            inner = Scope(scope)
            inner.names[var.name] = (et, node)
            inner.named = var.name
        self.require(node.condition, self.expr(node.condition, inner), BOOL, "a 'where' condition")
        return list_of(et) if et is not None else None

    def loop(self, collection, name: A.Name, binder, scope: Scope) -> Scope:
        """`for each NAME in COLLECTION [where ...]`: the scope in which NAME is the
        element (a `where` right after the collection may name it too)."""
        if isinstance(collection, A.Filter):
            t = self.filter(collection, scope, name)
            if t is not None:
                self.types[collection] = t
        else:
            t = self.expr(collection, scope, want=Want.COLLECTION)
        et = t.element() if t else None
        if t is not None and et is None:
            self.error(collection, f"'for each' goes through a zone or a list, not {t.describe()}")
        inner = Scope(scope)
        self.bind(inner, name, et, binder)
        return inner

    def binary(self, node: A.Binary, scope: Scope) -> Optional[Type]:
        op = node.op
        lt = self.expr(node.left, scope)
        rt = self.expr(node.right, scope, want=Want.COLLECTION if op in ("in", "not in") else None)
        if op in ("and", "or"):
            self.require(node.left, lt, BOOL, f"each side of '{op}'")
            self.require(node.right, rt, BOOL, f"each side of '{op}'")
            return BOOL
        if op == "+" and lt is not None and rt is not None and lt.is_list and rt.is_list:
            if not lt.compatible(rt):
                self.error(node, f"cannot join {lt.describe()} and {rt.describe()}")
            return lt if not _holds_any(lt) else rt
        if op == "+" and all(t is not None and (t.is_list or t in (ZONE, ROW)) for t in (lt, rt)) \
                and any(t in (ZONE, ROW) for t in (lt, rt)):
            # `hand of p + cards in pile`: lists join, and a zone is no list (one error, not
            # one for each side as numbers)
            side = node.left if lt in (ZONE, ROW) else node.right
            self.error(side, "a zone is not a list: '+' joins lists",
                       f"write: cards in {written(side)}" if written(side) else "write: cards in ZONE")
            return None
        if op in A.ARITHMETIC and isinstance(node.left, A.Slot) and lt in (ZONE, ROW) and rt == NUMBER:
            # `table slot 1 + 1` reads as (table slot 1) + 1
            self.error(node.left, f"each side of '{op}' must be a number, not a zone",
                       f"for the slot numbered by a sum, write {node.left.zone.name} slot (... {op} ...)")
            return None
        if op in A.ARITHMETIC:
            self.require(node.left, lt, NUMBER, f"each side of '{op}'")
            self.require(node.right, rt, NUMBER, f"each side of '{op}'")
            return NUMBER
        if op in ("<", "<=", ">", ">="):
            return ordered(self, node, lt, rt)
        if op in ("=", "!="):
            if lt is not None and rt is not None and not lt.compatible(rt):
                hint = None
                if RANK in (lt, rt) and NUMBER in (lt, rt):
                    hint = "only A, J, Q and K are rank names; compare the card's value to a number (A=1, J=11, Q=12, K=13)"
                hint = hint or self.quoted_symbol(node.right, lt) or self.quoted_symbol(node.left, rt) \
                    or _swallowed(node, rt, scope)
                self.error(node, f"cannot compare {lt.describe()} with {rt.describe()}", hint)
            return BOOL
        if op in ("in", "not in"):
            if rt is not None:
                et = rt.element()
                if et is None:
                    self.error(node.right, f"'{op}' looks in a zone or a list, not {rt.describe()}")
                elif lt is not None and not lt.compatible(et):
                    hint = "ranks are symbols (A, J, Q, K); use the card's value to compare numbers" \
                        if et == RANK and lt == NUMBER or lt == RANK and et == NUMBER else \
                        kind_in_zone_hint(node, lt, rt) or number_in_zone_hint(node, lt, rt, self.refs, scope)
                    self.error(node, f"cannot look for {lt.describe()} in {rt.describe()}", hint)
            return BOOL
        self.error(node, f"unknown operator '{op}'")
        return None


def written(node, other: Optional[str] = None) -> Optional[str]:
    """A name, an attribute or a zone as written, for a message: `discard`, `c.suit`,
    `hand of current`; `other` for any other expression (None: the whole is None)."""
    if isinstance(node, A.Name):
        return node.name
    if isinstance(node, A.Current):
        return "current"
    if isinstance(node, A.Attr):
        obj = written(node.obj, other)
        return f"{obj}.{node.name}" if obj is not None else None
    if isinstance(node, A.Of):
        owner = written(node.owner, other)
        return f"{node.name.name} of {owner}" if owner is not None else None
    return other


def _chain(node, attr: A.Attr, inner: str) -> Optional[str]:
    """`node`, a chain of 'of's down to `attr`, written with `inner` in the attribute's place."""
    if node is attr:
        return inner
    if isinstance(node, A.Top) and node.count is None:
        rest = _chain(node.zone, attr, inner)
        return f"{node.end} of {rest}" if rest is not None else None
    if isinstance(node, A.TheCard):
        rest = _chain(node.collection, attr, inner)
        return f"the card in {rest}" if rest is not None else None
    if isinstance(node, A.Of):
        rest = _chain(node.owner, attr, inner)
        return f"{node.name.name} of {rest}" if rest is not None else None
    return None


def _holds_any(t: Type) -> bool:
    """Is this a list (of lists...) whose elements are not known yet?"""
    while isinstance(t, T.ListType):
        t = t.item
    return t == ANY


RANK = T.SymbolType("rank")


def _swallowed(node: A.Binary, rt: Type, scope: Scope) -> Optional[str]:
    """`sum of c.value for each c in hand where c.suit = s - 20`: the `where` of a `for
    each` heading took the arithmetic meant for the sum (its error said only that a suit
    and a number do not compare), or None."""
    right = node.right
    if rt != NUMBER or not (isinstance(right, A.Binary) and right.op in A.ARITHMETIC):
        return None
    if scope.named_element() is None:
        return None
    tail = f"{right.op} {right.right.value}" if isinstance(right.right, A.Number) else f"{right.op} ..."
    return (f"the 'where' takes everything after it, '{tail}' too: put what it belongs to in parentheses, as in "
            f"(sum of ... for each ... where ...) {tail}")


def _rank_by(n: str, d) -> str | None:
    """The hint for players ranked by a definition that takes more than a player, or
    another kind (`players with the highest expedition`, of a player and a colour)."""
    if d is None or d.param is None:
        return None
    return (f"'{n}' takes {'more than a player' if d.more else 'a ' + d.param_kind}: players are ranked by a number "
            "of a player alone" + (f"; define one with {n}, such as define best of p = the highest of {n} of (p, x) "
                                   "for each x in LIST" if d.more else ""))
