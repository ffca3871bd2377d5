"""The type checker's statements: one `st_<Node>` method per statement node kind; the
places a statement writes to (a local, a counter, a piece's number) and where cards go."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from . import own_filter
from . import refs as R
from . import types as T
from .diagnostics import did_you_mean
from .exprs import ExprChecker, written
from .kind_hints import swap_side_hint
from .names import Scope, Want
from .offers import check_offer
from .subsets import unseen_zone
from .types import ANY, BOOL, CARD, NUMBER, PLAYER, ROW, ZONE, Type, list_of


class StmtChecker(ExprChecker, abstract=True):
    stmt_prefix = "st_"

    def block(self, stmts, scope: Scope, ctx: str) -> None:
        """Check a rule's statements in order; `ctx` names the kind of rule ('turn',
        'action', 'setup', 'effect', 'event', 'game end') for the statements that care."""
        inner = Scope(scope)
        for s in stmts:
            self.stmt(s, inner, ctx)

    def stmt(self, s, scope: Scope, ctx: str) -> None:
        method = self.stmt_method(s)
        if method is None:
            self.error(s, f"this is not a statement ({type(s).__name__})")
        else:
            method(s, scope, ctx)

    def st_Move(self, s: A.Move, scope: Scope, ctx: str) -> None:
        t = self.cards_value(s.what, scope, "what moves")
        self.target(s.target, s.slots, scope)
        if s.bind is not None:
            if t == list_of(CARD):
                self.error(s.bind, "'as' names a single card", "move one card to name it")
            self.bind(scope, s.bind, CARD, s)

    def st_Reveal(self, s: A.Reveal, scope: Scope, ctx: str) -> None:
        t = self.cards_value(s.what, scope, "what is revealed")
        if s.target is not None:
            self.target(s.target, s.slots, scope)
        if s.bind is not None:
            if t == list_of(CARD):
                self.error(s.bind, "'as' names a single card", "reveal one card to name it")
            self.bind(scope, s.bind, CARD, s)

    def st_Flip(self, s: A.Flip, scope: Scope, ctx: str) -> None:
        self.cards_value(s.what, scope, "what is flipped")

    def st_Swap(self, s: A.Swap, scope: Scope, ctx: str) -> None:
        first, second = self.expr(s.first, scope), self.expr(s.second, scope)
        for side, t, other, other_t, one in ((s.first, first, s.second, second, True),
                                             (s.second, second, s.first, first, False)):
            hint = swap_side_hint(side, t, other, other_t, one)
            if hint is not None:  # `swap hand of owner with hand of other`: a zone read as its card
                self.error(side, f"each side of a swap must be a card, not {t.describe()}", hint)
            else:
                self.require(side, t, CARD, "each side of a swap")

    def st_Shuffle(self, s: A.Shuffle, scope: Scope, ctx: str) -> None:
        t = self.expr(s.zone, scope, want=Want.ZONE)
        if t is not None and t != ZONE:
            self.error(s.zone, f"only a pile or hand can be shuffled, not {t.describe()}")
        if s.into is not None:
            t = self.expr(s.into, scope, want=Want.ZONE)
            if t is not None and t != ZONE:
                self.error(s.into, f"cards are shuffled into a pile, not {t.describe()}")

    def st_SetValue(self, s: A.SetValue, scope: Scope, ctx: str) -> None:
        t = self.lvalue(s.target, scope, numeric=False)
        v = self.expr(s.value, scope)
        if t == list_of(ANY) and v is not None and v.is_list and isinstance(s.target, A.Name):
            self.refine(scope, s.target.name, v)
            t = v
        if t is not None and v is not None and not t.compatible(v):
            self.error(s.value, f"'{written(s.target, 'this')}' holds {t.describe()}, not {v.describe()}",
                       self.quoted_symbol(s.value, t))

    def st_Change(self, s: A.Change, scope: Scope, ctx: str) -> None:
        self.lvalue(s.target, scope, numeric=True)
        self.require(s.amount, self.expr(s.amount, scope), NUMBER, f"the amount to {s.op} by")

    def st_Let(self, s: A.Let, scope: Scope, ctx: str) -> None:
        t = self.expr(s.value, scope)
        self.bind(scope, s.name, t, s)

    def st_Choose(self, s: A.Choose, scope: Scope, ctx: str) -> None:
        with own_filter.binding(self, s.name.name, f"let {s.name.name} = ... chooses ..."):
            et = self.chooser(s, scope)
        if s.unseen:
            unseen_zone(self, s.collection, self.types.get(s.collection))
        self.bind(scope, s.name, et, s)

    def st_TakeAction(self, s: A.TakeAction, scope: Scope, ctx: str) -> None:
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who acts")
        if s.only:
            check_offer(self.sym, s)
            return
        # (an action refused at its name, `action hand` beside `zone hand`, is still
        # declared: its own error says what is wrong, and "no actions" would be a second, false one)
        declared = self.sym.of_kind(A.ActionDecl)
        if not declared and not self.sym.partial:
            self.error(s, "no actions are declared", "declare one with 'action NAME by ROLE:'")
        if isinstance(s.player, A.Name) and s.player.name in dict(self.sym.roles):
            mine = [a for a in declared if a.role is None or a.role.name == s.player.name]
            if not mine and declared and not self.sym.partial:
                self.error(s, f"no action is declared for {s.player.name}",
                           f"declare one with 'action NAME by {s.player.name}:'")

    def st_Eliminate(self, s: A.Eliminate, scope: Scope, ctx: str) -> None:
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who is eliminated")

    def st_NextTurn(self, s: A.NextTurn, scope: Scope, ctx: str) -> None:
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who plays next")

    def st_EndTurn(self, s: A.EndTurn, scope: Scope, ctx: str) -> None:
        if ctx not in ("turn", "action"):
            self.error(s, f"'end turn' cannot be used in {ctx} rules", "use it in a turn or an action")

    def st_EndGame(self, s: A.EndGame, scope: Scope, ctx: str) -> None:
        if s.ending.name not in self.sym.endings:
            self.sym.unknown(s.ending, "ending", list(self.sym.endings))
        if ctx == "game end":
            self.error(s, "the game is already ending here")

    def st_Say(self, s: A.Say, scope: Scope, ctx: str) -> None:
        for part in s.parts:
            if not isinstance(part, str):
                self.expr(part, scope)

    def st_Resolve(self, s: A.Resolve, scope: Scope, ctx: str) -> None:
        self.require(s.card, self.expr(s.card, scope), CARD, "whose effect is resolved")
        if s.by is not None:
            self.require(s.by, self.expr(s.by, scope, want=Want.PLAYER), PLAYER, "who the effect acts for")
        if s.trigger.name not in self.sym.triggers and s.trigger.name not in self.sym.unparsed:
            self.error(s.trigger, f"no card has an 'on {s.trigger.name}' effect",
                       did_you_mean(s.trigger.name, self.sym.triggers))

    def st_Look(self, s: A.Look, scope: Scope, ctx: str) -> None:
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who looks")
        self.cards_value(s.what, scope, "what is looked at")

    def st_ForEachChosen(self, s: A.ForEachChosen, scope: Scope, ctx: str) -> None:
        inner = Scope(scope)
        with own_filter.binding(self, s.name.name, f"for each {s.name.name} chosen by ... from ..."):
            t = self.chooser(s, scope)
        self.bind(inner, s.name, t, s)
        self.block(s.body, inner, ctx)

    def st_If(self, s: A.If, scope: Scope, ctx: str) -> None:
        for cond, body in s.branches:
            self.condition(cond, scope)
            self.block(body, scope, ctx)
        if s.otherwise is not None:
            self.block(s.otherwise, scope, ctx)

    def st_RepeatTimes(self, s: A.RepeatTimes, scope: Scope, ctx: str) -> None:
        self.require(s.count, self.expr(s.count, scope), NUMBER, "the number of repeats")
        self.block(s.body, scope, ctx)

    def st_RepeatWhile(self, s: A.RepeatWhile, scope: Scope, ctx: str) -> None:
        self.condition(s.condition, scope)
        self.block(s.body, scope, ctx)

    def st_ForEach(self, s: A.ForEach, scope: Scope, ctx: str) -> None:
        self.block(s.body, self.loop(s.collection, s.name, s, scope), ctx)

    def lvalue(self, node, scope: Scope, numeric: bool) -> Optional[Type]:
        if isinstance(node, A.Name):
            local = scope.lookup(node.name)
            if local is not None:
                self.refs[node] = R.Local(local[1], local[0])
                if numeric and local[0] is not None and local[0] != NUMBER:
                    self.error(node, f"'{node.name}' holds {local[0].describe()}, not a number")
                    return None
                return local[0]
            if node.name in self.sym.counters and not self.sym.counters[node.name].per_player:
                self.refs[node] = R.Counter(node.name, self.sym.counter_types[node.name])
                return self.numeric_counter(node, node.name, numeric)
            if node.name in self.sym.params:
                self.error(node, f"'{node.name}' is a parameter and cannot change during a game",
                           "declare a 'counter' for a number that changes")
                return None
        elif isinstance(node, A.Attr):
            ot = self.expr(node.obj, scope)
            if ot == CARD and node.name in self.sym.card_counters:
                return NUMBER
            if isinstance(ot, T.PieceType):
                info = self.sym.pieces.get(ot.kind)
                if info and node.name in info.attrs:
                    return NUMBER
                if info:
                    self.error(node.name_span, f"'{node.name}' is not a number a {ot.kind} keeps",
                               did_you_mean(node.name, info.attrs))
                    return None
            if ot is not None:
                self.error(node, f"the attributes of {ot.describe()} cannot change")
            return None
        elif isinstance(node, A.Of) and node.name.name in self.sym.counters:
            t = self.of(node, scope)
            return self.numeric_counter(node, node.name.name, numeric) if t is not None else None
        if isinstance(node, A.Of) and self.unknown_of(node, scope):
            return None
        if isinstance(node, A.Of) and node.name.name in self.sym.pieces and isinstance(node.owner, A.Attr):
            # `increase pawn of clubs.step by 1` reads as pawn of (clubs.step)
            key = written(node.owner.obj) or "..."
            self.error(node, f"'{node.name.name} of {key}.{node.owner.name}' reads as '{node.name.name} of "
                             f"({key}.{node.owner.name})'",
                       f"write '({node.name.name} of {key}).{node.owner.name}'")
            return None
        if isinstance(node, A.Players) and node.word in self.sym.refused:  # (`counter everyone`, said there)
            return None
        what = "a counter or a piece's number" if numeric else "a local name, a counter or a piece's number"
        if isinstance(node, A.Name) and node.name in self.sym.turn_values and scope.lookup(node.name) is None:
            self.error(node, f"'{node.name}' is a value of the turn: it is given again, not changed",
                       f"write: let {node.name} = NEW VALUE for the turn")
            return None
        said = self.needs_owner(node.name, scope, read=False) if isinstance(node, A.Name) else None
        if said is not None:  # `increase cracks by 1` for `cracks of current`
            self.error(node, *said)
            return None
        if isinstance(node, A.Name):
            if node.name not in self.sym.unparsed:  # (an item that did not parse may declare it)
                cands = list(self.sym.counters) + (list(scope.all_names()) if not numeric else [])
                self.error(node, f"unknown counter '{node.name}'", did_you_mean(node.name, cands))
            return None
        self.error(node, f"this cannot be changed: expected {what}")
        return None

    def unknown_of(self, node: A.Of, scope: Scope) -> bool:
        """`increase trciks of p by 1`: a name declared nowhere before 'of' is a misspelt
        counter (it said "this cannot be changed"); True when said (or quiet: unparsed)."""
        n = node.name.name
        if self.sym.global_kind(n) is not None or scope.lookup(n) is not None:
            return False
        self.expr(node.owner, scope, want=Want.PLAYER)
        if n not in self.sym.unparsed:
            per = [c for c, d in self.sym.counters.items() if d.per_player]
            self.error(node.name, f"unknown counter '{n}'",
                       did_you_mean(n, per) or did_you_mean(n, list(self.sym.counters)))
        return True

    def numeric_counter(self, node, name: str, numeric: bool) -> Optional[Type]:
        t = self.sym.counter_types[name]
        if numeric and t != NUMBER:
            self.error(node, f"counter '{name}' holds {t.describe()}, not a number",
                       f"write 'set {name} to ...'")
            return None
        return t

    def cards_value(self, node, scope: Scope, what: Type) -> Optional[Type]:
        t = self.expr(node, scope)
        if t is not None and t not in (CARD, list_of(CARD), ANY, list_of(ANY)):
            hint = "write 'cards in ZONE' to take every card of a zone" if t in (ZONE, ROW) else None
            self.error(node, f"{what} must be a card or a list of cards, not {t.describe()}", hint)
        return t

    def target(self, node, slots, scope: Scope) -> None:
        t = self.expr(node, scope, want=Want.ZONE)
        if slots is None:
            if t == ROW:
                self.error(node, "a row needs a slot", "write 'ZONE slot N' or 'ZONE slots A to B'")
            elif t is not None and t != ZONE:
                self.error(node, f"cards go to a zone, not {t.describe()}")
        else:
            if t is not None and t != ROW:
                self.error(node, f"only a row of slots has 'slots', not {t.describe()}")
            for s in slots:
                self.require(s, self.expr(s, scope), NUMBER, "a slot number")

    def chooser(self, s, scope: Scope) -> Optional[Type]:
        """`PLAYER chooses ... COLLECTION`: check both; the type of what is chosen."""
        self.require(s.player, self.expr(s.player, scope, want=Want.PLAYER), PLAYER, "who chooses")
        t = self.expr(s.collection, scope, want=Want.COLLECTION)
        et = t.element() if t else None
        if t is not None and et is None:
            self.error(s.collection, f"a choice is made from a zone or a list, not {t.describe()}")
        return et

    def refine(self, scope: Scope, name: str, t: Type) -> None:
        """`let pool = []` learns what it holds from its first `set`."""
        while scope is not None:
            if name in scope.names:
                scope.names[name] = (t, scope.names[name][1])
                return
            scope = scope.parent

    def condition(self, cond, scope: Scope) -> None:
        if isinstance(cond, A.ChoiceCond):
            if cond.guard is not None:
                self.require(cond.guard, self.expr(cond.guard, scope), BOOL, "the condition before 'and'")
            p = cond.player
            if isinstance(p, A.Unary) and p.op == "not" or isinstance(p, A.Binary) and p.op in ("or", "and"):
                # `not current chooses ...`, `A or current chooses ...`: read as `(not current)
                # chooses`; a choice stands alone, or after `CONDITION and`
                self.error(p, f"a choice between two answers cannot follow '{p.op}'",
                           "swap the two answers to ask it the other way round" if p.op == "not" else
                           "a choice is the whole condition, or comes after 'CONDITION and'")
            else:
                self.require(p, self.expr(p, scope, want=Want.PLAYER), PLAYER, "who chooses")
            if cond.yes == cond.no:
                self.error(cond, "the two choices must differ")
        else:
            self.require(cond, self.expr(cond, scope), BOOL, "a condition")


