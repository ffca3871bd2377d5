"""The checker's part for issue 13's values: counters that hold a player, a card or a
symbol (and `none`, what such a counter holds before it is set), values of the turn
(`let NAME = VALUE for the turn`), definitions of several parameters, and players who
finish (`p finishes`, `p has finished`, `finished players`, `place of p`,
`the player after p where COND`).

`ValueChecks` is a mixin of the type checker (rules.TypeChecker); `held_counter_type`
is used by the symbol table when it files a counter; `learn_turn_values` runs before
the type checker when a file has values of the turn.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from . import ast as A
from . import refs as R
from . import types as T
from .clashes import already_used, declared_as, refuse_word
from .decks_check import check_seat
from .diagnostics import did_you_mean
from .names import Scope, Want
from .types import BOOL, CARD, NONE, NUMBER, PLAYER, Type, holds_none, list_of

# what a value of the turn may be read in: the rules that run during a turn
TURN_CONTEXTS = ("turn", "action", "effect", "event")


@frozen
class TurnValue(R.Global):
    """A value of the turn: `let NAME = VALUE for the turn`, read by any rule of the turn."""


@frozen
class Place(R.Global):
    """`place of p`: p's place in the finishing order (0 while p plays on)."""


def kind_type(sym, kind: str) -> Optional[Type]:
    """The type a kind word names: player, card, number, zone, or a kind of symbol
    (suit, rank, color, or an `attribute` line's name)."""
    if kind in T.BY_WORD:
        return T.BY_WORD[kind]
    if kind in sym.domains:
        return T.SymbolType(kind)
    return None


def held_counter_type(sym, c: A.CounterDecl) -> Optional[Type]:
    """The type of a counter that holds a player, a card or a symbol, from its kind
    (`counter lead: card`) or its start (`counter dealer = north`, `= player 4`,
    `= nobody`); None for a counter of numbers or of a symbol given by its start (after
    saying what is wrong)."""
    if c.kind is not None:
        t = kind_type(sym, c.kind.name) if c.kind.name not in ("number", "zone") else None
        if t is None:
            kinds = ["player", "card"] + list(sym.domains)
            sym.error(c.kind, f"a counter holds a number, a player, a card or a symbol, not '{c.kind.name}'",
                      did_you_mean(c.kind.name, kinds) or f"write one of: {', '.join(kinds)}"
                      if c.kind.name not in ("number", "zone") else
                      ("write 'counter NAME = 0' for a number" if c.kind.name == "number"
                       else "a counter cannot hold a zone: keep a player or a card"))
        return t
    if isinstance(c.value, A.Nobody):
        return PLAYER
    if isinstance(c.value, A.NoneValue):
        sym.error(c.value, "'none' does not say what the counter holds",
                  f"write 'counter {c.name.name}: player' (or card, or a kind of symbol such as suit)")
        return None
    if isinstance(c.value, A.Name) and c.value.name in dict(sym.roles) and c.value.name not in sym.params:
        sym.refs[c.value] = R.Role(c.value.name, PLAYER)
        return PLAYER
    if isinstance(c.value, A.Seat):  # `counter dealer = player 4`, in a game without roles
        check_seat(sym, c.value, sym.players[0])
        return PLAYER
    return None


def per_card_kind(sym, c: A.CounterDecl) -> bool:
    """`counter NAME per card: KIND` is refused (said here): True when it was."""
    if c.kind is not None:
        sym.error(c.kind, "a per-card counter holds a number",
                  "write 'counter NAME per card = NUMBER', or keep a player or card per player")
    return c.kind is not None


def counter_type(sym, c: A.CounterDecl) -> Optional[Type]:
    """What a shared or per-player counter holds: a number, a symbol it starts at
    (`counter trumps = hearts`), or a player, a card or a symbol (`held_counter_type`)."""
    held = held_counter_type(sym, c)
    if held is not None or c.kind is not None or isinstance(c.value, (A.Nobody, A.NoneValue)):
        return held  # None: said why
    domain = sym.symbol_domain(c.value.name) if isinstance(c.value, A.Name) \
        and c.value.name not in sym.params else None
    if domain is not None:  # a counter that holds a symbol: `counter trumps = hearts`
        sym.refs[c.value] = R.Symbol(c.value.name, T.SymbolType(domain))
        return T.SymbolType(domain)
    sym.const_int(c.value, "a counter's starting value", -10**9, 10**9)
    return NUMBER


def walk(node):
    """Every node below `node` (statements, expressions, bodies), depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(reversed(n))
            continue
        yield n
        for f in getattr(n, "__attrs_attrs__", ()):
            v = getattr(n, f.name)
            if isinstance(v, (tuple, list)) or hasattr(v, "__attrs_attrs__"):
                stack.append(v)


def learn_turn_values(sym, checker_class) -> None:
    """Values of the turn may be read in a rule checked before the one that sets them
    (an action's `let ... for the turn`, read by the turn): a first, silent pass of the
    checker learns their types. Nothing it reports is kept."""
    lets = [n for item in sym.tree.items for n in walk(item) if isinstance(n, A.LetTurn)]
    if not lets:
        return
    from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
    for s in lets:
        n = s.name.name
        if n in EXPRESSION_WORDS | STATEMENT_WORDS:
            continue  # said by the checker
        if n not in sym.turn_values:
            sym.turn_values[n] = [None, s]
    diags, refs, said = list(sym.diags), dict(sym.refs), set(sym.said)
    seen = dict(sym.seen)  # the names the pass files (its action groups) are filed again by the real one
    busy = set(sym.card_attr_busy)
    attr_types = dict(sym.card_attr_types)
    card_attrs = dict(sym.card_attrs)
    from .symbols import TooManyErrors
    try:
        checker_class(sym).check()
    except TooManyErrors:  # the real pass reports them
        pass
    sym.diags[:] = diags
    sym.seen.clear()
    sym.seen.update(seen)
    sym.said = said  # what the silent pass said is said again by the real one
    sym.refs.clear()
    sym.refs.update(refs)
    sym.card_attr_busy, sym.card_attr_types = busy, attr_types
    sym.card_attrs.clear()
    sym.card_attrs.update(card_attrs)


class ValueChecks:
    """Mixin of the type checker (before StmtChecker in its bases)."""

    turn_ctx = False  # checking a rule that runs during a turn: values of the turn are known

    # ---- none, and the counters that may hold it
    def none_ok(self) -> set:
        if not hasattr(self, "_none_ok"):
            self._none_ok = set()
        return self._none_ok

    def ex_NoneValue(self, node: A.NoneValue, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        if node not in self.none_ok():
            self.error(node, "'none' is what an empty counter holds: it can be stored ('set NAME to none') "
                             "or compared ('NAME is none'), nothing more")
            return None
        return NONE

    def binary(self, node: A.Binary, scope: Scope) -> Optional[Type]:
        if node.op in ("=", "!="):
            ok = self.none_ok()
            for side, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(side, (A.NoneValue, A.IfExpr)):
                    ok.add(side)
                if isinstance(side, A.Nobody) and not isinstance(other, (A.Nobody, A.ListOf)):
                    # `p is nobody`: a player counter that is empty
                    t = self.expr(other, scope)
                    if t == PLAYER:
                        self.types[side] = NONE
                        return BOOL
                    if t is not None and not t.compatible(list_of(PLAYER)):
                        self.error(node, f"cannot compare {t.describe()} with nobody")
                        return BOOL
                    break
        return super().binary(node, scope)

    def ex_IfExpr(self, node: A.IfExpr, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        if node in self.none_ok():
            self.none_ok().update((node.then, node.otherwise))
        t = super().ex_IfExpr(node, scope, want)
        return self.types.get(node.otherwise, t) if t == NONE else t

    def st_SetValue(self, s: A.SetValue, scope: Scope, ctx: str) -> None:
        if isinstance(s.value, (A.NoneValue, A.Nobody)):
            t = self.lvalue(s.target, scope, numeric=False)
            ref = self.refs.get(s.target.name if isinstance(s.target, A.Of) else s.target)
            if t is None:
                return
            if not isinstance(ref, R.Counter):
                self.error(s.value, f"'{_text(s.target)}' is a local value and always holds one",
                           "declare a counter ('counter NAME: player') for a value that may be empty")
            elif not holds_none(t) or (isinstance(s.value, A.Nobody) and t != PLAYER):
                self.error(s.value, f"counter '{ref.name}' holds {t.describe()}, "
                                    f"which cannot be {'nobody' if isinstance(s.value, A.Nobody) else 'none'}")
            self.types[s.value] = NONE
            return
        if isinstance(s.value, A.IfExpr):
            self.none_ok().add(s.value)
        super().st_SetValue(s, scope, ctx)

    def st_Let(self, s: A.Let, scope: Scope, ctx: str) -> None:
        if isinstance(s.value, A.NoneValue):
            self.error(s.value, "a local value always holds a value, and 'none' says nothing of its kind",
                       "declare a counter ('counter NAME: player') for a value that may be empty")
            self.bind(scope, s.name, None, s)
            return
        super().st_Let(s, scope, ctx)

    # ---- values of the turn
    def block(self, stmts, scope: Scope, ctx: str) -> None:
        was, self.turn_ctx = self.turn_ctx, self.turn_ctx or ctx in TURN_CONTEXTS
        try:
            super().block(stmts, scope, ctx)
        finally:
            self.turn_ctx = was

    def st_LetTurn(self, s: A.LetTurn, scope: Scope, ctx: str) -> None:
        from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
        n = s.name.name
        self.none_ok().add(s.value)
        t = self.expr(s.value, scope)
        if n in EXPRESSION_WORDS | STATEMENT_WORDS:
            refuse_word(self.sym, s.name, "value")
            return
        if ctx not in TURN_CONTEXTS:
            self.error(s, f"'for the turn' is for the rules that run during a turn, not {ctx} rules",
                       "use it in a turn, an action, a card effect or an event")
        if self.sym.global_kind(n) not in (None, "value of the turn"):
            self.error(s.name, declared_as(self.sym, s.name), "pick another name for this value of the turn")
            return
        if scope.lookup(n) is not None:
            self.error(s.name, already_used(self.sym, s.name, scope.lookup(n)), "pick another name")
            return
        entry = self.sym.turn_values.setdefault(n, [None, s])
        if t == NONE:
            self.error(s.value, "a value of the turn starts as none each turn: give it a value",
                       f"write 'let {n} = VALUE for the turn' when it gets one")
            return
        if t is not None and t.is_list:
            self.error(s.value, f"a value of the turn holds a number, a yes/no, a player, a card or a symbol, "
                                f"not {t.describe()}", "keep cards in a zone")
            return
        if t is not None and entry[0] is not None and entry[1] is not s and not entry[0].compatible(t):
            self.error(s.value, f"'{n}' holds {entry[0].describe()} (line {entry[1].span.line}), "
                                f"not {t.describe()}")
        elif t is not None and (entry[0] is None or entry[1] is s):
            entry[0], entry[1] = t, s
        self.refs[s.name] = TurnValue(n, entry[0])

    def name(self, node: A.Name, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        n = node.name
        if n in self.sym.turn_values and scope.lookup(n) is None \
                and not any(n in self.attributes(et) for et, _ in scope.elements()):
            t, s = self.sym.turn_values[n]
            if not self.turn_ctx:
                self.error(node, f"'{n}' is a value of the turn (line {s.span.line}): only the rules that run "
                                 "during a turn can read it", "read it in a turn, an action, a card effect or an event")
                return None
            self.refs[node] = TurnValue(n, t)
            return t
        return super().name(node, scope, want)

    # ---- definitions of several parameters
    def ex_OfMany(self, node: A.OfMany, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        n = node.name.name
        d = self.sym.defines.get(n)
        if d is None or d.param is None:
            for a in node.args:
                self.expr(a, scope)
            if n not in self.sym.unparsed and d is None and n not in self.sym.seen:  # a name of nothing
                self.error(node.name, f"unknown definition '{n}'",
                           did_you_mean(n, [k for k, v in self.sym.defines.items() if v.more] or list(self.sym.defines)))
            elif n not in self.sym.unparsed:
                self.error(node.name, f"'{n}' is not a definition of several values, so it takes no list of values",
                           did_you_mean(n, [k for k, v in self.sym.defines.items() if v.more]))
            return None
        params = ((d.param, d.param_kind),) + d.more
        if len(params) != len(node.args):
            for a in node.args:
                self.expr(a, scope)
            self.error(node, f"'{n}' takes {len(params)} value{'s' if len(params) > 1 else ''} "
                             f"({', '.join(p.name for p, _ in params)}), not {len(node.args)}")
            return None
        for (p, kind), a in zip(params, node.args):
            want_t = kind_type(self.sym, kind)
            self.require(a, self.expr(a, scope, want=Want.PLAYER if kind == "player" else None), want_t,
                         f"'{p.name}' of '{n}'")
        t = self.define_type(n)
        self.refs[node.name] = R.Definition(n, t)
        return t

    # ---- finishing
    def ex_HasFinished(self, node: A.HasFinished, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER, "who has finished")
        return BOOL

    def ex_FinishedPlayers(self, node: A.FinishedPlayers, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        return list_of(PLAYER)

    def st_Finish(self, s: A.Finish, scope: Scope, ctx: str) -> None:
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who finishes")

    def of(self, node: A.Of, scope: Scope) -> Optional[Type]:
        if node.name.name == "place" and self.sym.global_kind("place") is None:
            self.require(node.owner, self.expr(node.owner, scope, want=Want.PLAYER), PLAYER,
                         "whose place")
            self.refs[node.name] = Place("place", NUMBER)
            return NUMBER
        d = self.sym.defines.get(node.name.name)
        if d is not None and d.more:
            self.expr(node.owner, scope)
            k = len(d.more) + 1
            self.error(node, f"'{d.name.name}' takes {k} values: write '{d.name.name} of ("
                             + ", ".join(kind.upper() for _, kind in ((d.param, d.param_kind),) + d.more) + ")'")
            return None
        return super().of(node, scope)

    def filter(self, node: A.Filter, scope: Scope, var: Optional[A.Name] = None,
               bare: bool = False) -> Optional[Type]:
        if isinstance(node.collection, A.PlayerAfter) and (var is None or bare):
            # `the player after p where COND`: the first one, going round, for whom COND holds
            self.expr(node.collection, scope)
            inner = Scope(scope, (PLAYER, node))
            self.require(node.condition, self.expr(node.condition, inner), BOOL, "a 'where' condition")
            return PLAYER
        return super().filter(node, scope, var, bare)


def _text(node) -> str:
    if isinstance(node, A.Name):
        return node.name
    if isinstance(node, A.Of):
        return f"{node.name.name} of ..."
    return "this"
