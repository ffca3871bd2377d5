"""The type checker: every declaration that holds expressions or statements, checked
once the symbol table is full, one method per kind, in the order the file's mistakes are
reported (definitions, quantities, rules called by name, cards, zones' display, the heuristic, the turn order,
setup, turns, actions, events, endings, invariants, the match)."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from . import own_filter
from .calls import RuleCalls
from .decks_check import DecksChecker
from .groups import GroupsChecker
from .diagnostics import Span, did_you_mean
from .limits import MAX_CARDS, MAX_COPIES, raise_hint
from .names import Scope, Want
from .offers import check_group, declare_groups
from .ordering import OrderingChecker
from .ranges import constant_step
from .subsets import some_of, unseen_in
from .values import walk
from .matchrule import check_match
from .together import check_team_ending, check_team_value
from .stmts import StmtChecker
from .values import ValueChecks
from .types import ANY, BOOL, NUMBER, PLAYER, list_of


class TypeChecker(RuleCalls, DecksChecker, ValueChecks, GroupsChecker, OrderingChecker, StmtChecker):
    """Types every expression and checks every statement of the rules; what it finds
    goes to `types` (node -> type) and the symbol table's `refs` and diagnostics."""

    def check(self) -> None:
        sym = self.sym
        declare_groups(sym)
        for name in sym.defines:
            self.define_type(name)
        for q in sym.quantities.values():
            self.quantity(q)
        self.rule_decls()
        self.cards()
        for info in sym.zones.values():
            self.display(info.decl)
        self.heuristic: Optional[A.HeuristicDecl] = None
        for h in sym.of_kind(A.HeuristicDecl)[:1]:
            self.heuristic_decl(h)
        for h in sym.of_kind(A.HeuristicDecl)[1:]:
            self.error(h, "the heuristic is already declared")
        self.payoff: Optional[A.PayoffDecl] = None
        for h in sym.of_kind(A.PayoffDecl)[:1]:
            self.payoff_decl(h)
        for h in sym.of_kind(A.PayoffDecl)[1:]:
            self.error(h, "the payoff is already declared", "one 'payoff of p: ...' serves every ending")
        self.turn_order: list[str] = []
        for t in sym.of_kind(A.TurnOrderDecl)[:1]:
            self.turn_order_decl(t)
        setup = sym.of_kind(A.SetupDecl)
        for s in setup[1:]:
            self.error(s, "setup is already declared", "write all setup steps in one 'setup:' block")
        self.setup = setup[0] if setup else None
        if self.setup is not None:
            self.in_setup = True
            self.block(self.setup.body, Scope(), ctx="setup")
            self.in_setup = False
            for n in walk(self.setup.body):  # (said at run time before: "there is no current player during setup")
                if isinstance(n, A.Current):
                    self.error(n, "there is no current player during setup",
                               "name the player: a role, 'each player', or 'for each p in players'")
        self.turns: dict = {}
        for t in sym.of_kind(A.TurnDecl):
            self.turn(t)
        self.every_role_has_a_turn()
        for a in sym.actions.values():
            self.action(a)
        for g in sym.action_groups.values():
            check_group(sym, g)
        self.events: list = []
        self.runs_out_seen: dict = {}
        for ev in sym.of_kind(A.EventDecl):
            self.event(ev)
        for e in sym.endings.values():
            self.ending(e)
        if not sym.endings and not sym.diags and not sym.partial:
            self.error(Span.point(1, 1), "the game has no ending",
                       "add 'ending NAME: ROLE wins when CONDITION'" if sym.roles else
                       "add 'ending NAME: players with the highest NUMBER win when CONDITION'")
        for inv in sym.invariants:
            self.require(inv.condition, self.expr(inv.condition, Scope()), BOOL, "an invariant")
        matches = sym.of_kind(A.MatchDecl)
        self.match = matches[0] if matches else None
        if self.match is not None:
            self.match_decl(self.match)
        self.check_calls()

    def quantity(self, q: A.QuantityDecl) -> None:
        scope = Scope()
        if q.param is not None:
            self.bind(scope, q.param, PLAYER, q)
        self.require(q.value, self.expr(q.value, scope), NUMBER, "a quantity")

    def cards(self) -> None:
        """The listed cards: titles, attributes of one type across cards, effects and
        modifiers; then each attribute's type is settled."""
        titles: dict[str, A.CardDecl] = {}
        self.card_total = 0
        for cd in self.sym.card_decls:
            if cd.title in titles:
                self.error(cd, f"card \"{cd.title}\" is already listed (line {titles[cd.title].span.line})",
                           "give each card its own title, or use 'copies: N'")
            titles[cd.title] = cd
            self.card(cd)
        for name in list(self.sym.card_attrs):
            if self.sym.card_attrs[name] is None:
                self.sym.card_attrs[name] = self.card_attr_type(name) or ANY

    def card(self, cd: A.CardDecl) -> None:
        seen = set()
        for a in cd.attrs:
            n = a.name.name
            if n in seen:
                self.error(a.name, f"'{n}' is given twice for this card")
            seen.add(n)
            if n == "copies":
                copies = self.sym.const_int(a.value, "the number of copies", 1, MAX_COPIES, "MAX_COPIES")
                self.count_cards(a.value, copies or 1, cd)
                continue
            if n == "name":
                continue
            want = self.card_attr_type(n)
            t = self.card_expr(a.value)
            if t is not None and want is not None and not t.compatible(want):
                # (a generated list's cards share their lines: one error for the list)
                listed = sum(1 for other in self.sym.card_decls if other.span == cd.span) == 1
                who = f'"{cd.title}"' if listed else "this card"
                self.error(a.value, f"'{n}' of {who} is {t.describe()}, but on other cards it is {want.describe()}")
        if "copies" not in seen:
            self.count_cards(cd, 1, cd)
        triggers = set()
        for e in cd.effects:
            if e.trigger.name in triggers:
                self.error(e.trigger, f"this card already has an 'on {e.trigger.name}' effect")
            triggers.add(e.trigger.name)
            was, self.card_ctx = self.card_ctx, True
            self.block(e.body, Scope(), ctx="effect")
            self.card_ctx = was
        for m in cd.modifiers:
            q = self.sym.quantities.get(m.quantity.name)
            if q is None:
                if m.quantity.name in self.sym.counters:  # (a counter is changed by rules, not by cards)
                    self.sym.error(m.quantity, f"'{m.quantity.name}' is a counter: a card's modifier adds to a "
                                               "quantity, which is worked out from the cards in play",
                                   f"declare 'quantity {m.quantity.name} of p: 0' instead of the counter, or change "
                                   "the counter in a rule (increase ... by 1)")
                else:
                    self.sym.unknown(m.quantity, "quantity", list(self.sym.quantities))
            elif q.param is None:
                self.error(m.quantity, f"'{m.quantity.name}' is not counted per player",
                           f"a modifier changes a quantity declared as 'quantity {m.quantity.name} of p: ...'")
            self.require(m.amount, self.card_expr(m.amount), NUMBER, "a modifier's amount")
            t = self.card_expr(m.target)
            if t is not None and t not in (PLAYER, list_of(PLAYER)):
                self.error(m.target, f"a modifier applies to a player or a list of players, not {t.describe()}")

    def count_cards(self, node, copies: int, cd: A.CardDecl) -> None:
        """Cards in all, said at the card that passes MAX_CARDS (before the compiler
        makes them)."""
        before = self.card_total
        self.card_total += copies
        if before <= MAX_CARDS < self.card_total:
            self.error(node, f"with these copies of \"{cd.title[:40]}\" the game has {self.card_total:,} cards: "
                             f"a game is limited to {MAX_CARDS:,}", raise_hint("MAX_CARDS"))

    def display(self, z: A.ZoneDecl) -> None:
        """How a zone is best shown: the attribute it is grouped by, the pieces on it."""
        sym = self.sym
        for hint in z.display:
            if hint[0] == "grouped" and hint[1].name not in sym.card_attrs:
                self.error(hint[1], f"cards have no attribute '{hint[1].name}'",
                           did_you_mean(hint[1].name, sym.card_attrs))
            if hint[0] == "pieces":
                kind, attr = hint[1].name, hint[2].name
                if kind not in sym.pieces:
                    sym.unknown(hint[1], "set of pieces", list(sym.pieces))
                elif attr not in sym.pieces[kind].attrs:
                    self.error(hint[2], f"a {kind} has no number '{attr}'",
                               did_you_mean(attr, sym.pieces[kind].attrs))

    def heuristic_decl(self, h: A.HeuristicDecl) -> None:
        scope = Scope()
        check_team_value(self, h, "heuristic")
        if h.param is not None:
            self.bind(scope, h.param, PLAYER, h)
        self.require(h.value, self.expr(h.value, scope), NUMBER, "a heuristic")
        self.heuristic = h

    def payoff_decl(self, h: A.PayoffDecl) -> None:
        scope = Scope()
        check_team_value(self, h, "payoff")
        if h.param is not None:
            self.bind(scope, h.param, PLAYER, h)
        self.require(h.value, self.expr(h.value, scope), NUMBER, "a payoff")
        self.payoff = h

    def turn_order_decl(self, t: A.TurnOrderDecl) -> None:
        role_names = self.sym.role_names
        for n in t.names:
            if n.name not in role_names:
                self.sym.unknown(n, "role", role_names)
            else:
                self.turn_order.append(n.name)
        missing = [r for r in role_names if r not in self.turn_order]
        if missing and role_names:
            self.error(t, f"the turn order leaves out {', '.join(missing)}")

    def turn(self, t: A.TurnDecl) -> None:
        role = t.role.name if t.role else None
        if role is not None and role not in self.sym.role_names:
            self.sym.unknown(t.role, "role", self.sym.role_names)
        if role in self.turns:
            self.error(t, f"the turn of {role or 'each player'} is already declared")
        self.turns[role] = t
        self.block(t.body, Scope(), ctx="turn")

    def every_role_has_a_turn(self) -> None:
        sym, turns = self.sym, self.turns
        if not turns and not sym.diags and not sym.partial:
            self.error(Span.point(1, 1), "the file has no turn rules", "add 'turn:' or 'turn of ROLE:'")
        if None not in turns:
            for r in sym.role_names:
                if r not in turns and turns and not sym.partial:
                    self.error(next(iter(turns.values())), f"no turn rules for role '{r}'",
                               f"add 'turn of {r}:' or a 'turn:' for every player")

    def action(self, a: A.ActionDecl) -> None:
        if a.role is not None and a.role.name not in self.sym.role_names:
            self.sym.unknown(a.role, "role", self.sym.role_names)
        scope = Scope()
        self.turn_ctx = True  # an action is taken during a turn: its values are known
        for p in a.params:
            if p.some or p.unseen:
                self.bind(scope, p.name, some_of(self, p, scope) if p.some else unseen_in(self, p, scope), p)
                continue
            if p.domain is not None:
                with own_filter.binding(self, p.name.name, f"with {p.name.name} in ..."):
                    t = self.expr(p.domain, scope, want=Want.COLLECTION)
                et = t.element() if t else None
                if t is not None and et is None:
                    self.error(p.domain, f"a choice is made from a collection, not {t.describe()}")
                ptype = et
            else:
                self.require(p.low, self.expr(p.low, scope), NUMBER, "the lowest choice")
                self.require(p.high, self.expr(p.high, scope), NUMBER, "the highest choice")
                if p.step is not None:
                    t = self.expr(p.step, scope)
                    self.require(p.step, t, NUMBER, "the step")
                    if t == NUMBER:
                        constant_step(self.sym, p.step)
                ptype = NUMBER
            self.bind(scope, p.name, ptype, p)
        self.bare_action = None if a.params else set()
        if a.allowed is not None:
            self.require(a.allowed, self.expr(a.allowed, scope), BOOL, "'allowed if'")
        self.block(a.body, scope, ctx="action")
        self.turn_ctx = False
        self.bare_action = None

    def event(self, ev: A.EventDecl) -> None:
        seen = self.runs_out_seen
        if ev.zone is not None and ev.zone.name in seen:
            self.error(ev.zone, f"'{ev.zone.name}' already has a 'runs out' rule "
                                f"(line {seen[ev.zone.name].span.line})",
                       "write both in one rule")
        elif ev.zone is not None:
            seen[ev.zone.name] = ev
        if ev.name is not None:
            first = seen.setdefault((ev.event, ev.name.name), ev)
            if first is not ev:  # a variant replaces rules by name: two of one name would be one too many
                self.error(ev.name, f"'{ev.name.name}' already names a '{ev.heading}' rule "
                                    f"({self.sym.line_of(first.name.span, ev.name.span)})",
                           "give each rule a name of its own")
        if ev.zone is not None:
            z = self.sym.zones.get(ev.zone.name)
            if z is None:
                self.sym.unknown(ev.zone, "zone", list(self.sym.zones))
            elif z.owner is not None or z.decl.kind == "row":
                self.error(ev.zone, "'runs out' applies to a shared pile or hand")
        self.block(ev.body, Scope(), ctx="game end" if ev.event == "game ends" else "event")
        self.events.append(ev)

    def ending(self, e: A.EndingDecl) -> None:
        t = self.expr(e.winners, Scope(), want=Want.PLAYER)
        if t is not None and t not in (PLAYER, list_of(PLAYER)):
            self.error(e.winners, f"the winners must be a player or a list of players, not {t.describe()}")
        check_team_ending(self, e)
        if e.condition is not None:
            self.require(e.condition, self.expr(e.condition, Scope()), BOOL, "an ending's condition")

    def match_decl(self, match: A.MatchDecl) -> None:
        check_match(self, match)
