"""Syntax tree -> checked program: every name resolved, every expression typed.

The checker is its own pass and collects every mistake it finds as a diagnostic. It
never lets an unknown node through: each node kind has a rule here, and anything else is
reported. What it learns (the type of each expression, what each name refers to, the
values of the parameters) is handed to the compiler in a `Checked`.

Types are the frozen values of types.py: number, bool, text, player, card, zone (one
pile, hand or slot), row (a row of slots), a symbol of a domain (such as a suit), a piece
of a kind, and a list of T.
"""

from __future__ import annotations

from typing import Any, Optional

from attrs import define, field

from . import ast as A
from .cards import STANDARD_ATTRS, STANDARD_DOMAINS
from .diagnostics import Diagnostic, Span, did_you_mean
from . import refs as R
from .const import NotConstant, evaluate
from . import types as T
from .types import ANY, BOOL, CARD, NUMBER, PLAYER, ROW, TEXT, ZONE, Type, list_of

@define
class ZoneInfo:
    decl: A.ZoneDecl
    owner: Optional[str]  # a role name, "each", or None
    size: int = 0         # slots of a row
    down_slots: frozenset = frozenset()


@define
class PiecesInfo:
    decl: A.PiecesDecl
    key: str
    domain: str
    keys: list
    attrs: dict  # name -> (low, high, start)


@define
class Checked:
    """Everything the compiler needs, all of it already validated."""
    tree: A.RuleFile
    title: str
    players: tuple
    roles: list            # [(name, title)]
    params: dict           # name -> value
    param_types: dict      # name -> type
    zones: dict            # name -> ZoneInfo
    pieces: dict           # kind -> PiecesInfo
    counters: dict         # name -> CounterDecl
    defines: dict          # name -> DefineDecl
    card_attrs: dict       # name -> type
    domains: dict          # domain -> [symbols]
    cards_zone: Optional[str]
    turn_order: list       # role names, or [] for seat order
    setup: Optional[A.SetupDecl]
    turns: dict            # role name or None -> TurnDecl
    actions: dict          # name -> ActionDecl
    events: list
    endings: dict          # name -> EndingDecl
    invariants: list
    match: Optional[A.MatchDecl]
    card_decls: list = field(factory=list)
    card_counters: dict = field(factory=dict)  # name -> CounterDecl (one number per card)
    quantities: dict = field(factory=dict)     # name -> QuantityDecl
    triggers: set = field(factory=set)         # every trigger a card defines an effect for
    heuristic: Optional[A.HeuristicDecl] = None
    source_bytes: bytes = b""
    types: dict = field(factory=dict)   # expression node -> type
    refs: dict = field(factory=dict)    # Name node -> its refs.Reference


class _Scope:
    """Local names: a chain of dicts name -> (type, binder node)."""

    def __init__(self, parent: Optional["_Scope"] = None, element: Optional[tuple] = None):
        self.parent = parent
        self.names: dict[str, tuple] = {}
        # (element type, filter node) inside a `where`/`has` condition
        self.element = element

    def lookup(self, name: str):
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None

    def elements(self):
        s = self
        while s is not None:
            if s.element is not None:
                yield s.element
            s = s.parent

    def all_names(self):
        s, out = self, set()
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out


class Checker:
    def __init__(self, tree: A.RuleFile, overrides: dict[str, str] | None = None,
                 unparsed: set[str] | None = None, partial: bool = False):
        self.tree = tree
        self.overrides = dict(overrides or {})
        self.unparsed = unparsed or set()
        # Some items failed to parse: what seems missing may be in them, so say nothing
        # about missing parts (the syntax errors are reported already).
        self.partial = unparsed is not None and partial
        self.diags: list[Diagnostic] = []
        self.types: dict = {}
        self.refs: dict = {}

    # ---- reporting
    def error(self, node_or_span, message: str, hint: str | None = None) -> None:
        span = node_or_span if isinstance(node_or_span, Span) else node_or_span.span
        self.diags.append(Diagnostic(span, message, hint))

    def require(self, node, t: Optional[Type], want: Type, what: str) -> None:
        if t is not None and not t.compatible(want):
            self.error(node, f"{what} must be {want.describe()}, not {t.describe()}")

    # ---- entry point
    def run(self) -> tuple[Optional[Checked], list[Diagnostic]]:
        items = self.tree.items
        by_kind: dict[type, list] = {}
        for item in items:
            by_kind.setdefault(type(item), []).append(item)
        get = lambda k: by_kind.get(k, [])  # noqa: E731

        self.title = "untitled"
        for g in get(A.GameDecl)[:1]:
            self.title = g.title
        self.roles: list = []
        seen_names: dict[str, A.Name] = {}

        from .parse import EXPRESSION_WORDS, STATEMENT_WORDS

        def declare(name: A.Name, what: str) -> bool:
            reserved = EXPRESSION_WORDS | (STATEMENT_WORDS if what == "role" else frozenset())
            if name.name in reserved:
                self.error(name, f"'{name.name}' is a word of the language and cannot name a {what}",
                           "choose another name")
                return False
            if name.name == "pass" and what == "action":
                self.error(name, "'pass' is the name of passing, offered by 'takes an action or passes'",
                           "choose another name")
                return False
            if name.name in seen_names:
                prev = seen_names[name.name]
                self.error(name, f"'{name.name}' is already declared (line {prev.span.line})",
                           "each name may be declared once")
                return False
            seen_names[name.name] = name
            return True

        for r in get(A.RoleDecl):
            if declare(r.name, "role"):
                self.roles.append((r.name.name, r.title or r.name.name))
        role_names = [r for r, _ in self.roles]
        players = get(A.PlayersDecl)
        if players:
            p = players[0]
            low, high = p.low, p.high
            if not 1 <= low <= high <= 16:
                self.error(p, f"player count {low} to {high} is not possible",
                           "give a count from 1 to 16, low before high")
        else:
            low = high = max(len(self.roles), 1)
            if not self.roles and not self.partial:
                self.error(Span.point(1, 1), "the file says nothing about players",
                           "add a line such as 'players 2' or 'players 2 to 6'")
        if self.roles and players and not (low == high == len(self.roles)):
            self.error(players[0], f"{len(self.roles)} roles are declared, so the game is for exactly "
                                   f"{len(self.roles)} players")
        self.players = (low, high)

        # parameters first: everything constant may use them
        self.params: dict[str, Any] = {}
        self.param_types: dict[str, str] = {}
        for p in get(A.ParamDecl):
            if not declare(p.name, "parameter"):
                continue
            try:
                value = self.const(p.value)
            except NotConstant as e:
                self.error(e.node, e.message, "a parameter's default is a number, yes/no, text or a list")
                continue
            self.params[p.name.name] = value
            self.param_types[p.name.name] = self.const_type(value)
            # an override takes effect at once, so later defaults computed from it see it
            if p.name.name in self.overrides:
                self.apply_override(p, self.overrides[p.name.name])
        for name, text in self.overrides.items():
            if name not in self.params and name not in self.unparsed:
                self.error(Span(0, 0, 0, 0), f"--set {name}={text}: there is no parameter '{name}'",
                           did_you_mean(name, self.params) or
                           (f"the parameters are: {', '.join(self.params)}" if self.params else "this file has no parameters"))

        # cards
        self.card_attrs: dict[str, str] = {}
        self.domains: dict[str, list] = {}
        self.cards_zone = None
        self.card_decls = get(A.CardDecl)
        self.card_ctx = False
        for a in get(A.AttributeDecl):
            if declare(a.name, "attribute"):
                for v in a.values:
                    if v.name in EXPRESSION_WORDS:
                        self.error(v, f"'{v.name}' is a word of the language and cannot be a symbol",
                                   "choose another name")
                self.domains[a.name.name] = [v.name for v in a.values]
        decks = get(A.CardsDecl)
        for c in decks[1:]:
            self.error(c, "the cards are already declared", "declare the cards once")
        if decks:
            self.cards_zone = decks[0].zone
            if decks[0].kind == "standard":
                self.card_attrs = dict(STANDARD_ATTRS)
                self.domains.update({k: list(v) for k, v in STANDARD_DOMAINS.items()})
                for cd in self.card_decls[:1]:
                    self.error(cd, "this file uses the standard deck, so it cannot list cards too",
                               "write 'cards: listed in ZONE' to use only the listed cards")
            elif not self.card_decls:
                self.error(decks[0], "no card is listed", "add 'card \"NAME\":' blocks")
        elif self.card_decls:
            self.error(self.card_decls[0], "cards are listed but nothing says where they start",
                       "add 'cards: listed in ZONE'")
        self.triggers = {e.trigger.name for cd in self.card_decls for e in cd.effects}
        self.card_attr_types: dict[str, Optional[str]] = {}
        self.card_attr_busy: set[str] = set()
        if decks and decks[0].kind == "listed":
            self.card_attrs = {"name": TEXT}
            for cd in self.card_decls:
                for a in cd.attrs:
                    if a.name.name in ("name",):
                        self.error(a.name, "a card's name is its title", "remove this line")
                    elif a.name.name != "copies":
                        self.card_attrs.setdefault(a.name.name, None)

        # zones
        self.zones: dict[str, ZoneInfo] = {}
        for z in get(A.ZoneDecl):
            if not declare(z.name, "zone"):
                continue
            owner = None
            if isinstance(z.owner, A.Name):
                if z.owner.name not in role_names:
                    self.error(z.owner, f"unknown role '{z.owner.name}'", did_you_mean(z.owner.name, role_names))
                owner = z.owner.name
            elif z.owner == "each":
                owner = "each"
            info = ZoneInfo(z, owner)
            if z.kind == "row":
                info.size = self.const_int(z.size, "the number of slots", 1, 1000) or 1
            if z.down_slots is not None:
                if z.kind != "row":
                    self.error(z.down_slots, "only a row of slots has face-down slots")
                else:
                    try:
                        self.const_used = []
                        v = self.const(z.down_slots)
                        slots = v if isinstance(v, list) else [v]
                        bad = [s for s in slots if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= info.size]
                        if bad:
                            self.error(z.down_slots, f"face-down slots must be numbers from 1 to {info.size}, not {bad[0]!r}",
                                       self.overridden_hint())
                        else:
                            info.down_slots = frozenset(slots)
                    except NotConstant as e:
                        self.error(e.node, e.message)
            for hint in z.display:
                if hint[0] == "shown" and hint[1].name not in ("pile", "fan"):
                    self.error(hint[1], f"a zone is shown as a pile or a fan, not '{hint[1].name}'",
                               did_you_mean(hint[1].name, ["pile", "fan"]))
                if hint[0] == "pieces" and z.kind != "row":
                    self.error(hint[1], "only a row of slots shows pieces on its slots")
            if z.facing == "private" and owner is None:
                self.error(z, f"zone '{z.name.name}' is private but belongs to nobody",
                           "private zones belong to a role ('zone hand of north') or to each player ('per player')")
            self.zones[z.name.name] = info
        if self.cards_zone is not None and self.cards_zone.name not in self.zones:
            self.unknown(self.cards_zone, "zone", list(self.zones))
        elif self.cards_zone is not None and self.zones[self.cards_zone.name].owner is not None:
            self.error(self.cards_zone, "the cards start in a shared zone")
        if self.cards_zone is not None:
            self.cards_zone = self.cards_zone.name
        if not decks and not self.partial:
            self.error(Span.point(1, 1), "the file declares no cards", "add 'cards: standard deck in ZONE'")

        # pieces
        self.pieces: dict[str, PiecesInfo] = {}
        for pd in get(A.PiecesDecl):
            if not declare(pd.name, "pieces"):
                continue
            key = pd.key.name
            domain = None
            t = self.card_attrs.get(key)
            if not isinstance(t, T.SymbolType):
                sym_attrs = [a for a, t in self.card_attrs.items() if isinstance(t, T.SymbolType)]
                self.error(pd.key, f"'{key}' is not a kind of symbol cards have",
                           did_you_mean(key, sym_attrs) or f"use one of: {', '.join(sym_attrs)}")
            else:
                domain = t.domain
            keys = []
            if isinstance(pd.keys, A.ListOf) and domain:
                for k in pd.keys.items:
                    if isinstance(k, A.Name) and k.name in self.domains[domain]:
                        keys.append(k.name)
                    else:
                        self.error(k, f"expected a {key}", did_you_mean(getattr(k, "name", ""), self.domains[domain]))
            elif domain:
                self.error(pd.keys, f"expected a list of {key}s, such as [{', '.join(self.domains[domain][:2])}]")
            attrs = {}
            for a in pd.attrs:
                lo = self.const_int(a.low, "the lowest value", -10**9, 10**9)
                hi = self.const_int(a.high, "the highest value", -10**9, 10**9)
                start = self.const_int(a.start, "the starting value", -10**9, 10**9)
                if None not in (lo, hi, start) and not lo <= start <= hi:
                    self.error(a.start, f"the starting value {start} is outside {lo} to {hi}")
                if a.name.name in attrs or a.name.name == key:
                    self.error(a.name, f"'{a.name.name}' is already an attribute of {pd.name.name}")
                attrs[a.name.name] = (lo or 0, hi or 0, start or 0)
            self.pieces[pd.name.name] = PiecesInfo(pd, key, domain or "?", keys, attrs)

        self.counters = {}
        self.counter_types = {}
        self.card_counters = {}
        for c in get(A.CounterDecl):
            if c.per == "card" and c.name.name in EXPRESSION_WORDS:
                self.error(c.name, f"'{c.name.name}' is a word of the language and cannot name a counter",
                           "choose another name")
                continue
            if c.per == "card":
                if c.name.name in self.card_attrs:
                    self.error(c.name, f"cards already have an attribute '{c.name.name}'")
                    continue
                self.const_int(c.value, "a counter's starting value", -10**9, 10**9)
                self.card_counters[c.name.name] = c
                self.card_attrs[c.name.name] = NUMBER
                self.card_attr_types[c.name.name] = NUMBER
            elif declare(c.name, "counter"):
                domain = self.symbol_domain(c.value.name) if isinstance(c.value, A.Name) \
                    and c.value.name not in self.params else None
                if domain is not None:  # a counter that holds a symbol: `counter trumps = hearts`
                    self.refs[c.value] = R.Symbol(c.value.name, T.SymbolType(domain))
                    self.counter_types[c.name.name] = T.SymbolType(domain)
                else:
                    self.const_int(c.value, "a counter's starting value", -10**9, 10**9)
                    self.counter_types[c.name.name] = NUMBER
                self.counters[c.name.name] = c
        self.quantities = {}
        for q in get(A.QuantityDecl):
            if declare(q.name, "quantity"):
                self.quantities[q.name.name] = q
        self.endings = {}
        for e in get(A.EndingDecl):
            if declare(e.name, "ending"):
                self.endings[e.name.name] = e
        self.actions = {}
        for a in get(A.ActionDecl):
            if declare(a.name, "action"):
                self.actions[a.name.name] = a
        self.defines = {}
        for d in get(A.DefineDecl):
            if declare(d.name, "define"):
                self.defines[d.name.name] = d
        invariants = []
        for inv in get(A.InvariantDecl):
            if declare(inv.name, "invariant"):
                invariants.append(inv)
        # names for resolution, in order of precedence after locals
        self.define_types: dict[str, Optional[str]] = {}
        self.define_busy: set[str] = set()
        for name, d in self.defines.items():
            self.define_type(name)
        for name, q in self.quantities.items():
            scope = _Scope()
            if q.param is not None:
                self.bind(scope, q.param, PLAYER, q)
            self.require(q.value, self.expr(q.value, scope), NUMBER, "a quantity")
        self.check_cards()
        for info in self.zones.values():
            for hint in info.decl.display:
                if hint[0] == "grouped" and hint[1].name not in self.card_attrs:
                    self.error(hint[1], f"cards have no attribute '{hint[1].name}'",
                               did_you_mean(hint[1].name, self.card_attrs))
                if hint[0] == "pieces":
                    kind, attr = hint[1].name, hint[2].name
                    if kind not in self.pieces:
                        self.unknown(hint[1], "set of pieces", list(self.pieces))
                    elif attr not in self.pieces[kind].attrs:
                        self.error(hint[2], f"a {kind} has no number '{attr}'",
                                   did_you_mean(attr, self.pieces[kind].attrs))
        self.heuristic = None
        for h in get(A.HeuristicDecl)[:1]:
            scope = _Scope()
            self.bind(scope, h.param, PLAYER, h)
            self.require(h.value, self.expr(h.value, scope), NUMBER, "a heuristic")
            self.heuristic = h
        for h in get(A.HeuristicDecl)[1:]:
            self.error(h, "the heuristic is already declared")

        # turn order
        order = []
        for t in get(A.TurnOrderDecl)[:1]:
            for n in t.names:
                if n.name not in role_names:
                    self.unknown(n, "role", role_names)
                else:
                    order.append(n.name)
            missing = [r for r in role_names if r not in order]
            if missing and role_names:
                self.error(t, f"the turn order leaves out {', '.join(missing)}")

        # rules
        setup = get(A.SetupDecl)
        for s in setup[1:]:
            self.error(s, "setup is already declared", "write all setup steps in one 'setup:' block")
        if setup:
            self.block(setup[0].body, _Scope(), ctx="setup")
        turns = {}
        for t in get(A.TurnDecl):
            role = t.role.name if t.role else None
            if role is not None and role not in role_names:
                self.unknown(t.role, "role", role_names)
            if role in turns:
                self.error(t, f"the turn of {role or 'each player'} is already declared")
            turns[role] = t
            self.block(t.body, _Scope(), ctx="turn")
        if not turns and not self.diags and not self.partial:
            self.error(Span.point(1, 1), "the file has no turn rules", "add 'turn:' or 'turn of ROLE:'")
        if None not in turns:
            for r in role_names:
                if r not in turns and turns and not self.partial:
                    self.error(next(iter(turns.values())), f"no turn rules for role '{r}'",
                               f"add 'turn of {r}:' or a 'turn:' for every player")
        for a in self.actions.values():
            if a.role is not None and a.role.name not in role_names:
                self.unknown(a.role, "role", role_names)
            scope = _Scope()
            for p in a.params:
                if p.domain is not None:
                    t = self.expr(p.domain, scope, want="collection")
                    et = t.element() if t else None
                    if t is not None and et is None:
                        self.error(p.domain, f"a choice is made from a collection, not {t.describe()}")
                    ptype = et
                else:
                    self.require(p.low, self.expr(p.low, scope), NUMBER, "the lowest choice")
                    self.require(p.high, self.expr(p.high, scope), NUMBER, "the highest choice")
                    ptype = NUMBER
                self.bind(scope, p.name, ptype, p)
            if a.allowed is not None:
                self.require(a.allowed, self.expr(a.allowed, scope), BOOL, "'allowed if'")
            self.block(a.body, scope, ctx="action")
        events = []
        runs_out_seen: dict = {}
        for ev in get(A.EventDecl):
            if ev.zone is not None and ev.zone.name in runs_out_seen:
                self.error(ev.zone, f"'{ev.zone.name}' already has a 'runs out' rule "
                                    f"(line {runs_out_seen[ev.zone.name].span.line})",
                           "write both in one rule")
            elif ev.zone is not None:
                runs_out_seen[ev.zone.name] = ev
            if ev.zone is not None:
                z = self.zones.get(ev.zone.name)
                if z is None:
                    self.unknown(ev.zone, "zone", list(self.zones))
                elif z.owner is not None or z.decl.kind == "row":
                    self.error(ev.zone, "'runs out' applies to a shared pile or hand")
            self.block(ev.body, _Scope(), ctx="game end" if ev.event == "game ends" else "event")
            events.append(ev)
        for e in self.endings.values():
            t = self.expr(e.winners, _Scope(), want="player")
            if t is not None and t not in (PLAYER, list_of(PLAYER)):
                self.error(e.winners, f"the winners must be a player or a list of players, not {t.describe()}")
            if e.condition is not None:
                self.require(e.condition, self.expr(e.condition, _Scope()), BOOL, "an ending's condition")
        if not self.endings and not self.diags and not self.partial:
            self.error(Span.point(1, 1), "the game has no ending",
                       "add 'ending NAME: ROLE wins when CONDITION'" if self.roles else
                       "add 'ending NAME: players with the highest NUMBER win when CONDITION'")
        for inv in invariants:
            self.require(inv.condition, self.expr(inv.condition, _Scope()), BOOL, "an invariant")
        matches = get(A.MatchDecl)
        match = matches[0] if matches else None
        if match is not None:
            if match.loser_chooses is not None and match.loser_chooses.name not in role_names:
                self.unknown(match.loser_chooses, "role", role_names)
            if match.total is None and match.streak is None:
                self.error(match, "the match needs a number of wins", "add 'wins needed: 3 in all'")
            if len(role_names) != 2 and match.loser_chooses is not None:
                self.error(match, "'loser chooses' needs a two-role game")

        if self.diags:
            return None, self.diags
        checked = Checked(
            tree=self.tree, title=self.title, players=self.players, roles=self.roles,
            params=self.params, param_types=self.param_types, zones=self.zones, pieces=self.pieces,
            counters=self.counters, defines=self.defines, card_attrs=self.card_attrs,
            domains=self.domains, cards_zone=self.cards_zone, turn_order=order or role_names,
            setup=setup[0] if setup else None, turns=turns, actions=self.actions, events=events,
            endings=self.endings, invariants=invariants, match=match, card_decls=self.card_decls,
            card_counters=self.card_counters, quantities=self.quantities, triggers=self.triggers,
            heuristic=self.heuristic,
            types=self.types, refs=self.refs)
        return checked, []

    # ---- listed cards
    def card_attr_type(self, name: str) -> Optional[Type]:
        """The type of a card attribute: from a card that gives it a plain value, or else
        from the first card's expression."""
        if name in self.card_attr_types:
            return self.card_attr_types[name]
        if name in self.card_attr_busy:
            return None
        self.card_attr_busy.add(name)
        t = None
        exprs = [a.value for cd in self.card_decls for a in cd.attrs if a.name.name == name]
        for e in exprs:
            t = self.literal_type(e)
            if t is not None:
                break
        if t is None and exprs:
            t = self.card_expr(exprs[0])
        self.card_attr_busy.discard(name)
        self.card_attr_types[name] = t
        return t

    def literal_type(self, e) -> Optional[str]:
        if isinstance(e, A.Number) or (isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Number)):
            return NUMBER
        if isinstance(e, A.Text):
            return TEXT
        if isinstance(e, A.Bool):
            return BOOL
        if isinstance(e, A.Name) and self.global_kind(e.name) is None:
            domain = self.symbol_domain(e.name)
            if domain is not None:
                return T.SymbolType(domain)
        return None

    def card_expr(self, e, scope: Optional[_Scope] = None) -> Optional[str]:
        was, self.card_ctx = self.card_ctx, True
        try:
            return self.expr(e, scope or _Scope())
        finally:
            self.card_ctx = was

    def check_cards(self) -> None:
        titles: dict[str, A.CardDecl] = {}
        for cd in self.card_decls:
            if cd.title in titles:
                self.error(cd, f"card \"{cd.title}\" is already listed (line {titles[cd.title].span.line})",
                           "give each card its own title, or use 'copies: N'")
            titles[cd.title] = cd
            seen = set()
            for a in cd.attrs:
                n = a.name.name
                if n in seen:
                    self.error(a.name, f"'{n}' is given twice for this card")
                seen.add(n)
                if n == "copies":
                    self.const_int(a.value, "the number of copies", 1, 1000)
                    continue
                if n == "name":
                    continue
                want = self.card_attr_type(n)
                t = self.card_expr(a.value)
                if t is not None and want is not None and not t.compatible(want):
                    self.error(a.value, f"'{n}' of this card is {t.describe()}, but on other cards it is {want.describe()}")
            triggers = set()
            for e in cd.effects:
                if e.trigger.name in triggers:
                    self.error(e.trigger, f"this card already has an 'on {e.trigger.name}' effect")
                triggers.add(e.trigger.name)
                was, self.card_ctx = self.card_ctx, True
                self.block(e.body, _Scope(), ctx="effect")
                self.card_ctx = was
            for m in cd.modifiers:
                q = self.quantities.get(m.quantity.name)
                if q is None:
                    self.unknown(m.quantity, "quantity", list(self.quantities))
                elif q.param is None:
                    self.error(m.quantity, f"'{m.quantity.name}' is not counted per player",
                               f"a modifier changes a quantity declared as 'quantity {m.quantity.name} of p: ...'")
                self.require(m.amount, self.card_expr(m.amount), NUMBER, "a modifier's amount")
                t = self.card_expr(m.target)
                if t is not None and t not in (PLAYER, list_of(PLAYER)):
                    self.error(m.target, f"a modifier applies to a player or a list of players, not {t.describe()}")
        for name in list(self.card_attrs):
            if self.card_attrs[name] is None:
                self.card_attrs[name] = self.card_attr_type(name) or ANY

    # ---- parameters and constants
    def apply_override(self, decl: A.ParamDecl, text: str) -> None:
        name = decl.name.name
        t = self.param_types[name]
        value = parse_value(text, t)
        if value is None:
            self.error(decl.name, f"--set {name}={text}: '{name}' takes {t.describe()}",
                       {NUMBER: "write a whole number, such as 3", BOOL: "write true or false",
                        list_of(NUMBER): "write numbers separated by commas, such as 5,7"}.get(t))
            return
        self.params[name] = value

    def const_type(self, v) -> str:
        if isinstance(v, bool):
            return BOOL
        if isinstance(v, int):
            return NUMBER
        if isinstance(v, str):
            return TEXT
        return list_of(NUMBER)

    def overridden_hint(self) -> Optional[str]:
        """When a constant used an overridden parameter, say so: the mistake is in --set."""
        used = [n for n in getattr(self, "const_used", ()) if n in self.overrides]
        if not used:
            return None
        return "; ".join(f"{n} is {self.overrides[n]} from --set {n}={self.overrides[n]}" for n in used)

    def const(self, node):
        """Evaluate a constant expression: literals, parameters and arithmetic."""
        return evaluate(node, self.const_param)

    def const_param(self, node: A.Name):
        if node.name in getattr(self, "params", {}):
            self.refs[node] = R.Param(node.name, self.param_types[node.name])
            if not hasattr(self, "const_used"):
                self.const_used = []
            self.const_used.append(node.name)
            return self.params[node.name]
        if node.name in self.unparsed:
            raise NotConstant(node, "")
        raise NotConstant(node, f"'{node.name}' is not a parameter")

    def const_int(self, node, what: str, low: int, high: int) -> Optional[int]:
        self.const_used = []
        try:
            v = self.const(node)
        except NotConstant as e:
            if e.message:
                self.error(e.node, e.message)
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            self.error(node, f"{what} must be a number")
            return None
        if not low <= v <= high:
            self.error(node, f"{what} must be from {low} to {high}, not {v}", self.overridden_hint())
            return None
        return v

    # ---- names
    def unknown(self, name: A.Name, what: str, candidates) -> None:
        if name.name in self.unparsed:
            return
        self.error(name, f"unknown {what} '{name.name}'", did_you_mean(name.name, candidates))

    def bind(self, scope: _Scope, name: A.Name, t: Optional[str], binder) -> None:
        from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
        if name.name in EXPRESSION_WORDS | STATEMENT_WORDS:
            self.error(name, f"'{name.name}' is a word of the language and cannot name a value",
                       "choose another name")
        if name.name in scope.names:
            self.error(name, f"'{name.name}' is already used in this rule", "pick another name")
        elif self.global_kind(name.name) is not None:
            self.error(name, f"'{name.name}' is already the name of a {self.global_kind(name.name)}",
                       "pick another name for this local value")
        scope.names[name.name] = (t, binder)

    def global_kind(self, n: str) -> Optional[str]:
        if n in self.params:
            return "parameter"
        if n in self.counters:
            return "counter"
        if n in self.zones:
            return "zone"
        if n in self.pieces:
            return "set of pieces"
        if n in self.defines:
            return "definition"
        if n in getattr(self, "quantities", {}):
            return "quantity"
        if n in dict(self.roles):
            return "role"
        return None

    def define_type(self, name: str) -> Optional[str]:
        if name in self.define_types:
            return self.define_types[name]
        if name in self.define_busy:
            d = self.defines[name]
            self.error(d.name, f"'{name}' is defined in terms of itself")
            self.define_types[name] = None
            return None
        self.define_busy.add(name)
        d = self.defines[name]
        scope = _Scope()
        if d.param is not None:
            self.bind(scope, d.param, T.BY_WORD[d.param_kind], d)
        t = self.expr(d.value, scope)
        self.define_busy.discard(name)
        self.define_types[name] = t
        return t

    def symbol_domain(self, n: str) -> Optional[str]:
        for domain, values in self.domains.items():
            if n in values:
                return domain
        return None

    def name(self, node: A.Name, scope: _Scope, want: Optional[str]) -> Optional[str]:
        n = node.name
        local = scope.lookup(n)
        if local is not None:
            for etype, owner in scope.elements():
                if n in self.attributes(etype) and local[1] is not owner:
                    self.error(node, f"'{n}' names both a local value and an attribute of the "
                                     f"{etype.describe().split(' ', 1)[1]} being tested",
                               f"write 'it.{n}' for the attribute, or rename the local value")
                    break
            self.refs[node] = R.Local(local[1], local[0])
            return local[0]
        for etype, owner in scope.elements():
            if n == "it":
                self.refs[node] = R.Element(owner, etype)
                return etype
            attrs = self.attributes(etype)
            if n in attrs:
                self.refs[node] = R.ElementAttr(owner, n, etype, attrs[n])
                return attrs[n]
        if n in self.defines:
            if self.defines[n].param is not None:
                self.error(node, f"'{n}' is defined for a given {self.defines[n].param.name}",
                           f"write '{n} of ...'")
                return None
            t = self.define_type(n)
            self.refs[node] = R.Definition(n, t)
            return t
        if n in self.quantities:
            if self.quantities[n].param is not None:
                self.error(node, f"'{n}' is counted per player", f"write '{n} of PLAYER'")
                return None
            self.refs[node] = R.Quantity(n, NUMBER)
            return NUMBER
        if n in self.params:
            self.refs[node] = R.Param(n, self.param_types[n])
            return self.param_types[n]
        if n in self.counters:
            if self.counters[n].per_player:
                self.error(node, f"'{n}' is counted per player", f"write '{n} of PLAYER'")
                return None
            self.refs[node] = R.Counter(n, self.counter_types[n])
            return self.counter_types[n]
        if n in self.zones:
            z = self.zones[n]
            if z.owner is not None:
                owner = z.owner if z.owner != "each" else "PLAYER"
                self.error(node, f"zone '{n}' belongs to {'a player' if z.owner == 'each' else z.owner}",
                           f"write '{n} of {owner}'")
                return None
            t = ROW if z.decl.kind == "row" else ZONE
            self.refs[node] = R.Zone(n, t)
            return t
        if n in self.pieces:
            self.refs[node] = R.Pieces(n, list_of(T.PieceType(n)))
            return list_of(T.PieceType(n))
        if n in dict(self.roles):
            self.refs[node] = R.Role(n, PLAYER)
            return PLAYER
        domain = self.symbol_domain(n)
        if domain is not None:
            self.refs[node] = R.Symbol(n, T.SymbolType(domain))
            return T.SymbolType(domain)
        if n in self.unparsed:
            return None
        pools = {
            "zone": list(self.zones),
            "player": [r for r, _ in self.roles] + ["current"],
        }
        candidates = pools.get(want) or (
            list(scope.all_names()) + list(self.params) + list(self.counters) + list(self.zones)
            + list(self.pieces) + list(self.defines) + [r for r, _ in self.roles]
            + [a for etype, _ in scope.elements() for a in self.attributes(etype)]
            + [s for v in self.domains.values() for s in v])
        what = {"zone": "zone", "player": "player"}.get(want, "name")
        hint = did_you_mean(n, candidates)
        if hint is None and what == "name" and any(n in self.attributes(t) for t in [CARD] + [T.PieceType(k) for k in self.pieces]):
            hint = f"'{n}' is an attribute: write 'CARD.{n}', or use it inside 'where'"
        self.error(node, f"unknown {what} '{n}'", hint)
        return None

    def attributes(self, t: Optional[str]) -> dict:
        if t == CARD:
            return {n: (v if v is not None else (self.card_attr_type(n) or ANY))
                    for n, v in self.card_attrs.items()}
        if isinstance(t, T.PieceType):
            info = self.pieces.get(t.kind)
            if info is None:
                return {}
            out = {info.key: T.SymbolType(info.domain)}
            out.update({a: NUMBER for a in info.attrs})
            return out
        return {}

    # ---- expressions
    MAX_DEPTH = 120

    def expr(self, node, scope: _Scope, want: Optional[str] = None) -> Optional[str]:
        self.depth = getattr(self, "depth", 0) + 1
        try:
            if self.depth > self.MAX_DEPTH:
                if not getattr(self, "too_deep", False):
                    self.too_deep = True
                    self.error(node, "this expression is nested too deeply",
                               "split it with 'define' or 'let'")
                return None
            t = self._expr(node, scope, want)
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.too_deep = False
        if t is not None:
            self.types[node] = t
        return t

    def _expr(self, node, scope: _Scope, want: Optional[str]) -> Optional[str]:
        if isinstance(node, A.Number):
            return NUMBER
        if isinstance(node, A.Text):
            return TEXT
        if isinstance(node, A.Bool):
            return BOOL
        if isinstance(node, A.Nobody):
            return list_of(PLAYER)
        if isinstance(node, A.Current):
            return PLAYER
        if isinstance(node, A.Name):
            return self.name(node, scope, want)
        if isinstance(node, A.ListOf):
            types = [self.expr(x, scope) for x in node.items]
            known = [t for t in types if t is not None]
            if not known:
                return list_of(ANY) if not node.items else None
            first = known[0]
            for x, t in zip(node.items, types):
                if t is not None and not t.compatible(first):
                    self.error(x, f"a list holds one kind of value: this is {t.describe()}, the first is {first.describe()}")
            return list_of(first)
        if isinstance(node, A.Attr):
            ot = self.expr(node.obj, scope)
            if ot is None:
                return None
            attrs = self.attributes(ot)
            if not attrs:
                self.error(node.name_span, f"{ot.describe()} has no attributes",
                           "attributes belong to cards and pieces")
                return None
            if node.name not in attrs:
                self.error(node.name_span, f"{ot.describe()} has no attribute '{node.name}'",
                           did_you_mean(node.name, attrs) or f"its attributes are: {', '.join(attrs)}")
                return None
            return attrs[node.name]
        if isinstance(node, A.Of):
            return self.of(node, scope)
        if isinstance(node, A.Slot):
            z = self.zones.get(node.zone.name)
            if z is None:
                self.unknown(node.zone, "zone", list(self.zones))
                self.expr(node.index, scope)
                return None
            self.refs[node.zone] = R.Zone(node.zone.name, T.ROW)
            if z.decl.kind != "row":
                self.error(node.zone, f"zone '{node.zone.name}' has no slots", "only a 'row of N slots' has slots")
            self.require(node.index, self.expr(node.index, scope), NUMBER, "a slot number")
            return ZONE
        if isinstance(node, A.Unary):
            t = self.expr(node.operand, scope)
            want_t = NUMBER if node.op == "-" else BOOL
            self.require(node.operand, t, want_t, f"the operand of '{node.op}'")
            return want_t
        if isinstance(node, A.Binary):
            return self.binary(node, scope)
        if isinstance(node, A.Between):
            for part, what in ((node.value, "the value"), (node.low, "the low end"), (node.high, "the high end")):
                self.require(part, self.expr(part, scope), NUMBER, f"{what} of 'between'")
            return BOOL
        if isinstance(node, A.Test):
            t = self.expr(node.value, scope, want="collection" if "empty" in node.test else None)
            if t is None:
                return BOOL
            if "empty" in node.test:
                if t.element() is None:
                    self.error(node.value, f"only a zone or a list can be empty, not {t.describe()}")
            elif t not in (CARD, ZONE):
                self.error(node.value, f"only a card (or the card in a slot) is face up or down, not {t.describe()}")
            return BOOL
        if isinstance(node, A.Filter):
            return self.filter(node, scope)
        if isinstance(node, A.CardsIn):
            t = self.expr(node.zone, scope, want="zone")
            if t is not None and t not in (ZONE, ROW):
                self.error(node.zone, f"expected a zone, not {t.describe()}")
            return list_of(CARD)
        if isinstance(node, A.TheCard):
            t = self.expr(node.collection, scope, want="zone")
            if t is None:
                return None
            et = t.element()
            if et is None:
                self.error(node.collection, f"expected a zone or a list, not {t.describe()}")
            return et
        if isinstance(node, A.Top):
            t = self.expr(node.zone, scope, want="zone")
            if t is not None and t != ZONE:
                self.error(node.zone, f"'{node.end} of' takes a pile or hand, not {t.describe()}")
            if node.count is not None:
                self.require(node.count, self.expr(node.count, scope), NUMBER, "the number of cards")
                return list_of(CARD)
            return CARD
        if isinstance(node, A.Aggregate):
            t = self.expr(node.collection, scope, want="collection")
            if t is None:
                return NUMBER
            if node.op == "count" and t.element() is None:
                self.error(node.collection, f"'count of' counts a zone or a list, not {t.describe()}")
            if node.op == "sum" and t != list_of(NUMBER):
                self.error(node.collection, f"'sum of' adds a list of numbers, not {t.describe()}")
            return NUMBER
        if isinstance(node, A.Quantifier):
            t = self.expr(node.collection, scope, want="collection")
            et = t.element() if t else ANY
            if et is None:
                self.error(node.collection, f"'{node.kind}' looks through a zone or a list, not {t.describe()}")
                et = ANY
            if node.name is None:
                inner = _Scope(scope, (et, node))
            else:
                inner = _Scope(scope)
                self.bind(inner, node.name, et, node)
            self.require(node.condition, self.expr(node.condition, inner), BOOL,
                         f"the condition of '{node.kind}'")
            return BOOL
        if isinstance(node, A.ChoiceCond):
            self.error(node, "a choice can only be the condition of 'if' or 'repeat while'")
            return BOOL
        if isinstance(node, (A.This, A.Owner)):
            word = "this" if isinstance(node, A.This) else "owner"
            if not self.card_ctx:
                self.error(node, f"'{word}' means a card's own {'self' if word == 'this' else 'owner'}, "
                                 "so it is used only inside a card's definition")
                return None
            return CARD if word == "this" else PLAYER
        if isinstance(node, A.Players):
            return list_of(PLAYER)
        if isinstance(node, A.GameOver):
            return BOOL
        if isinstance(node, A.Knows):
            self.require(node.player, self.expr(node.player, scope, want="player"), PLAYER, "who knows")
            self.require(node.card, self.expr(node.card, scope), CARD, "what is known")
            return BOOL
        if isinstance(node, A.OwnerOf):
            self.require(node.card, self.expr(node.card, scope), CARD, "whose owner")
            return PLAYER
        if isinstance(node, A.Opponents):
            self.require(node.player, self.expr(node.player, scope, want="player"), PLAYER, "whose opponents")
            return list_of(PLAYER)
        if isinstance(node, A.IfExpr):
            self.require(node.condition, self.expr(node.condition, scope), BOOL, "the condition of 'if'")
            a = self.expr(node.then, scope, want)
            b = self.expr(node.otherwise, scope, want)
            if a is not None and b is not None and not a.compatible(b):
                self.error(node.otherwise, f"'then' gives {a.describe()} and 'else' gives {b.describe()}: "
                                           "both must be of one kind")
            if a is None or a == list_of(ANY):
                return b if b is not None else a
            return a
        if isinstance(node, A.PlayerAfter):
            self.require(node.player, self.expr(node.player, scope, want="player"), PLAYER,
                         "whose neighbour")
            return PLAYER
        if isinstance(node, A.IsEliminated):
            self.require(node.player, self.expr(node.player, scope, want="player"), PLAYER,
                         "who is eliminated")
            return BOOL
        if isinstance(node, A.PlayersWith):
            n = node.name.name
            ok = (n in self.quantities and self.quantities[n].param is not None) or \
                 (n in self.counters and self.counters[n].per_player and self.counter_types[n] == NUMBER) or \
                 (n in self.defines and self.defines[n].param is not None
                  and self.defines[n].param_kind == "player")
            if ok:
                self.refs[node.name] = (R.Quantity(n, NUMBER) if n in self.quantities else
                                        R.Counter(n, NUMBER) if n in self.counters else
                                        R.Definition(n, self.define_type(n)))
                if n in self.defines and self.define_type(n) not in (NUMBER, None):
                    self.error(node.name, f"'{n}' is not a number")
            elif n not in self.unparsed:
                cands = [q for q, d in self.quantities.items() if d.param] + \
                        [c for c, d in self.counters.items() if d.per_player]
                self.error(node.name, f"'{n}' is not a number counted per player", did_you_mean(n, cands))
            return list_of(PLAYER)
        if isinstance(node, A.RandomCard):
            t = self.expr(node.collection, scope, want="zone")
            et = t.element() if t else None
            if t is not None and et is None:
                self.error(node.collection, f"a random pick is made from a zone or a list, not {t.describe()}")
            return et
        if isinstance(node, A.SumFor):
            inner = self.loop(node.collection, node.name, node, scope)
            self.require(node.value, self.expr(node.value, inner), NUMBER, "what is summed")
            return NUMBER
        if isinstance(node, A.HasEffect):
            self.require(node.value, self.expr(node.value, scope), CARD, "what has an effect")
            if node.trigger.name not in self.triggers and node.trigger.name not in self.unparsed:
                self.error(node.trigger, f"no card has an 'on {node.trigger.name}' effect",
                           did_you_mean(node.trigger.name, self.triggers))
            return BOOL
        self.error(node, f"this cannot be used as a value here ({type(node).__name__})")
        return None

    def filter(self, node: A.Filter, scope: _Scope, var: Optional[A.Name] = None) -> Optional[str]:
        """`C where COND`; in `for each x in C where COND`, COND may also name x."""
        ct = self.expr(node.collection, scope, want="collection")
        et = ct.element() if ct is not None else None
        if ct is not None and et is None:
            self.error(node.collection, f"'where' picks from a zone or a list, not {ct.describe()}")
        if var is None:
            inner = _Scope(scope, (et or ANY, node))
        else:
            # The element has a name, so the condition says `u.altitude`, not `altitude`.
            inner = _Scope(scope)
            inner.names[var.name] = (et, node)
        self.require(node.condition, self.expr(node.condition, inner), BOOL, "a 'where' condition")
        return list_of(et) if et is not None else None

    def loop(self, collection, name: A.Name, binder, scope: _Scope) -> _Scope:
        """`for each NAME in COLLECTION [where ...]`: the scope in which NAME is the
        element (a `where` right after the collection may name it too)."""
        if isinstance(collection, A.Filter):
            t = self.filter(collection, scope, name)
            if t is not None:
                self.types[collection] = t
        else:
            t = self.expr(collection, scope, want="collection")
        et = t.element() if t else None
        if t is not None and et is None:
            self.error(collection, f"'for each' goes through a zone or a list, not {t.describe()}")
        inner = _Scope(scope)
        self.bind(inner, name, et, binder)
        return inner

    def of(self, node: A.Of, scope: _Scope) -> Optional[str]:
        n = node.name.name
        if n in self.zones:
            z = self.zones[n]
            ot = self.expr(node.owner, scope, want="player")
            self.refs[node.name] = R.Zone(n, ROW if z.decl.kind == "row" else ZONE)
            if z.owner is None:
                self.error(node.name, f"zone '{n}' is shared and belongs to no one", f"write just '{n}'")
            elif z.owner == "each":
                self.require(node.owner, ot, PLAYER, "the owner of a zone")
            elif not (isinstance(node.owner, A.Name) and node.owner.name == z.owner):
                self.error(node.owner, f"zone '{n}' belongs to {z.owner} only", f"write '{n} of {z.owner}'")
            return ROW if z.decl.kind == "row" else ZONE
        if n in self.pieces:
            info = self.pieces[n]
            ot = self.expr(node.owner, scope)
            self.refs[node.name] = R.Pieces(n, T.PieceType(n))
            self.require(node.owner, ot, T.SymbolType(info.domain), f"the {info.key} of a {n}")
            return T.PieceType(n)
        if n in self.defines and self.defines[n].param is not None:
            kind = self.defines[n].param_kind
            self.require(node.owner, self.expr(node.owner, scope, want="player" if kind == "player" else None),
                         T.BY_WORD[kind], f"what '{n}' is defined of")
            t = self.define_type(n)
            self.refs[node.name] = R.Definition(n, t)
            return t
        if n in self.quantities:
            self.refs[node.name] = R.Quantity(n, NUMBER)
            ot = self.expr(node.owner, scope, want="player")
            if self.quantities[n].param is None:
                self.error(node.name, f"quantity '{n}' is shared", f"write just '{n}'")
            self.require(node.owner, ot, PLAYER, "the owner of a quantity")
            return NUMBER
        if n in self.counters:
            self.refs[node.name] = R.Counter(n, self.counter_types[n])
            ot = self.expr(node.owner, scope, want="player")
            if not self.counters[n].per_player:
                self.error(node.name, f"counter '{n}' is shared", f"write just '{n}'")
            self.require(node.owner, ot, PLAYER, "the owner of a counter")
            return self.counter_types[n]
        self.expr(node.owner, scope)
        if n in self.unparsed:
            return None
        self.error(node.name, f"'{n}' is not a zone, a set of pieces, a counter, a quantity or a "
                              "definition with a parameter, so it has no 'of'",
                   did_you_mean(n, list(self.zones) + list(self.pieces) + list(self.counters)
                                + list(self.quantities) + [d for d, v in self.defines.items() if v.param]))
        return None

    def binary(self, node: A.Binary, scope: _Scope) -> Optional[str]:
        op = node.op
        lt = self.expr(node.left, scope)
        rt = self.expr(node.right, scope, want="collection" if op in ("in", "not in") else None)
        if op in ("and", "or"):
            self.require(node.left, lt, BOOL, f"each side of '{op}'")
            self.require(node.right, rt, BOOL, f"each side of '{op}'")
            return BOOL
        if op == "+" and lt is not None and rt is not None and lt.is_list and rt.is_list:
            if not lt.compatible(rt):
                self.error(node, f"cannot join {lt.describe()} and {rt.describe()}")
            return lt if not _holds_any(lt) else rt
        if op in ("+", "-", "*", "/"):
            self.require(node.left, lt, NUMBER, f"each side of '{op}'")
            self.require(node.right, rt, NUMBER, f"each side of '{op}'")
            return NUMBER
        if op in ("<", "<=", ">", ">="):
            self.require(node.left, lt, NUMBER, f"each side of '{op}'")
            self.require(node.right, rt, NUMBER, f"each side of '{op}'")
            return BOOL
        if op in ("=", "!="):
            if lt is not None and rt is not None and not lt.compatible(rt):
                hint = None
                if RANK in (lt, rt) and NUMBER in (lt, rt):
                    hint = "only A, J, Q and K are rank names; compare the card's value to a number (A=1, J=11, Q=12, K=13)"
                self.error(node, f"cannot compare {lt.describe()} with {rt.describe()}", hint)
            return BOOL
        if op in ("in", "not in"):
            if rt is not None:
                et = rt.element()
                if et is None:
                    self.error(node.right, f"'{op}' looks in a zone or a list, not {rt.describe()}")
                elif lt is not None and not lt.compatible(et):
                    hint = None
                    if et == RANK and lt == NUMBER or lt == RANK and et == NUMBER:
                        hint = "ranks are symbols (A, J, Q, K); use the card's value to compare numbers"
                    self.error(node, f"cannot look for {lt.describe()} in {rt.describe()}", hint)
            return BOOL
        self.error(node, f"unknown operator '{op}'")
        return None

    # ---- statements
    def block(self, stmts, scope: _Scope, ctx: str) -> None:
        inner = _Scope(scope)
        for s in stmts:
            self.stmt(s, inner, ctx)

    def lvalue(self, node, scope: _Scope, numeric: bool) -> Optional[str]:
        if isinstance(node, A.Name):
            local = scope.lookup(node.name)
            if local is not None:
                self.refs[node] = R.Local(local[1], local[0])
                if numeric and local[0] is not None and local[0] != NUMBER:
                    self.error(node, f"'{node.name}' holds {local[0].describe()}, not a number")
                    return None
                return local[0]
            if node.name in self.counters and not self.counters[node.name].per_player:
                self.refs[node] = R.Counter(node.name, self.counter_types[node.name])
                return self.numeric_counter(node, node.name, numeric)
            if node.name in self.params:
                self.error(node, f"'{node.name}' is a parameter and cannot change during a game",
                           "declare a 'counter' for a number that changes")
                return None
        elif isinstance(node, A.Attr):
            ot = self.expr(node.obj, scope)
            if ot == CARD and node.name in self.card_counters:
                return NUMBER
            if isinstance(ot, T.PieceType):
                info = self.pieces.get(ot.kind)
                if info and node.name in info.attrs:
                    return NUMBER
                if info:
                    self.error(node.name_span, f"'{node.name}' is not a number a {ot.kind} keeps",
                               did_you_mean(node.name, info.attrs))
                    return None
            if ot is not None:
                self.error(node, f"the attributes of {ot.describe()} cannot change")
            return None
        elif isinstance(node, A.Of) and node.name.name in self.counters:
            t = self.of(node, scope)
            return self.numeric_counter(node, node.name.name, numeric) if t is not None else None
        what = "a counter or a piece's number" if numeric else "a local name, a counter or a piece's number"
        if isinstance(node, A.Name) and node.name not in self.unparsed:
            cands = list(self.counters) + (list(scope.all_names()) if not numeric else [])
            self.error(node, f"unknown counter '{node.name}'", did_you_mean(node.name, cands))
            return None
        self.error(node, f"this cannot be changed: expected {what}")
        return None

    def numeric_counter(self, node, name: str, numeric: bool) -> Optional[str]:
        t = self.counter_types[name]
        if numeric and t != NUMBER:
            self.error(node, f"counter '{name}' holds {t.describe()}, not a number",
                       f"write 'set {name} to ...'")
            return None
        return t

    def cards_value(self, node, scope: _Scope, what: str) -> Optional[str]:
        t = self.expr(node, scope)
        if t is not None and t not in (CARD, list_of(CARD), ANY, list_of(ANY)):
            hint = "write 'cards in ZONE' to take every card of a zone" if t in (ZONE, ROW) else None
            self.error(node, f"{what} must be a card or a list of cards, not {t.describe()}", hint)
        return t

    def target(self, node, slots, scope: _Scope) -> None:
        t = self.expr(node, scope, want="zone")
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

    def stmt(self, s, scope: _Scope, ctx: str) -> None:
        if isinstance(s, A.Move):
            t = self.cards_value(s.what, scope, "what moves")
            self.target(s.target, s.slots, scope)
            if s.bind is not None:
                if t == list_of(CARD):
                    self.error(s.bind, "'as' names a single card", "move one card to name it")
                self.bind(scope, s.bind, CARD, s)
        elif isinstance(s, A.Reveal):
            t = self.cards_value(s.what, scope, "what is revealed")
            if s.target is not None:
                self.target(s.target, s.slots, scope)
            if s.bind is not None:
                if t == list_of(CARD):
                    self.error(s.bind, "'as' names a single card", "reveal one card to name it")
                self.bind(scope, s.bind, CARD, s)
        elif isinstance(s, A.Flip):
            self.cards_value(s.what, scope, "what is flipped")
        elif isinstance(s, A.Swap):
            self.require(s.first, self.expr(s.first, scope), CARD, "each side of a swap")
            self.require(s.second, self.expr(s.second, scope), CARD, "each side of a swap")
        elif isinstance(s, A.Shuffle):
            t = self.expr(s.zone, scope, want="zone")
            if t is not None and t != ZONE:
                self.error(s.zone, f"only a pile or hand can be shuffled, not {t.describe()}")
            if s.into is not None:
                t = self.expr(s.into, scope, want="zone")
                if t is not None and t != ZONE:
                    self.error(s.into, f"cards are shuffled into a pile, not {t.describe()}")
        elif isinstance(s, A.SetValue):
            t = self.lvalue(s.target, scope, numeric=False)
            v = self.expr(s.value, scope)
            if t == list_of(ANY) and v is not None and v.is_list and isinstance(s.target, A.Name):
                self.refine(scope, s.target.name, v)
                t = v
            if t is not None and v is not None and not t.compatible(v):
                self.error(s.value, f"'{_text(s.target)}' holds {t.describe()}, not {v.describe()}")
        elif isinstance(s, A.Change):
            self.lvalue(s.target, scope, numeric=True)
            self.require(s.amount, self.expr(s.amount, scope), NUMBER, f"the amount to {s.op} by")
        elif isinstance(s, A.Let):
            t = self.expr(s.value, scope)
            self.bind(scope, s.name, t, s)
        elif isinstance(s, A.Choose):
            self.bind(scope, s.name, self.chooser(s, scope), s)
        elif isinstance(s, A.TakeAction):
            self.require(s.player, self.expr(s.player, scope, want="player"), PLAYER, "who acts")
            if not self.actions and not self.partial:
                self.error(s, "no actions are declared", "declare one with 'action NAME by ROLE:'")
            if isinstance(s.player, A.Name) and s.player.name in dict(self.roles):
                mine = [a for a in self.actions.values() if a.role is None or a.role.name == s.player.name]
                if not mine and self.actions and not self.partial:
                    self.error(s, f"no action is declared for {s.player.name}",
                               f"declare one with 'action NAME by {s.player.name}:'")
        elif isinstance(s, A.Eliminate):
            self.require(s.player, self.expr(s.player, scope, want="player"), PLAYER, "who is eliminated")
        elif isinstance(s, A.NextTurn):
            self.require(s.player, self.expr(s.player, scope, want="player"), PLAYER, "who plays next")
        elif isinstance(s, A.EndTurn):
            if ctx not in ("turn", "action"):
                self.error(s, f"'end turn' cannot be used in {ctx} rules", "use it in a turn or an action")
        elif isinstance(s, A.EndGame):
            if s.ending.name not in self.endings:
                self.unknown(s.ending, "ending", list(self.endings))
            if ctx == "game end":
                self.error(s, "the game is already ending here")
        elif isinstance(s, A.Say):
            for part in s.parts:
                if not isinstance(part, str):
                    self.expr(part, scope)
        elif isinstance(s, A.Resolve):
            self.require(s.card, self.expr(s.card, scope), CARD, "whose effect is resolved")
            if s.by is not None:
                self.require(s.by, self.expr(s.by, scope, want="player"), PLAYER, "who the effect acts for")
            if s.trigger.name not in self.triggers and s.trigger.name not in self.unparsed:
                self.error(s.trigger, f"no card has an 'on {s.trigger.name}' effect",
                           did_you_mean(s.trigger.name, self.triggers))
        elif isinstance(s, A.Look):
            self.require(s.player, self.expr(s.player, scope, want="player"), PLAYER, "who looks")
            self.cards_value(s.what, scope, "what is looked at")
        elif isinstance(s, A.ForEachChosen):
            inner = _Scope(scope)
            self.bind(inner, s.name, self.chooser(s, scope), s)
            self.block(s.body, inner, ctx)
        elif isinstance(s, A.If):
            for cond, body in s.branches:
                self.condition(cond, scope)
                self.block(body, scope, ctx)
            if s.otherwise is not None:
                self.block(s.otherwise, scope, ctx)
        elif isinstance(s, A.RepeatTimes):
            self.require(s.count, self.expr(s.count, scope), NUMBER, "the number of repeats")
            self.block(s.body, scope, ctx)
        elif isinstance(s, A.RepeatWhile):
            self.condition(s.condition, scope)
            self.block(s.body, scope, ctx)
        elif isinstance(s, A.ForEach):
            self.block(s.body, self.loop(s.collection, s.name, s, scope), ctx)
        else:
            self.error(s, f"this is not a statement ({type(s).__name__})")

    def chooser(self, s, scope: _Scope) -> Optional[str]:
        """`PLAYER chooses ... COLLECTION`: check both; the type of what is chosen."""
        self.require(s.player, self.expr(s.player, scope, want="player"), PLAYER, "who chooses")
        t = self.expr(s.collection, scope, want="collection")
        et = t.element() if t else None
        if t is not None and et is None:
            self.error(s.collection, f"a choice is made from a zone or a list, not {t.describe()}")
        return et

    def refine(self, scope: _Scope, name: str, t: str) -> None:
        """`let pool = []` learns what it holds from its first `set`."""
        while scope is not None:
            if name in scope.names:
                scope.names[name] = (t, scope.names[name][1])
                return
            scope = scope.parent

    def condition(self, cond, scope: _Scope) -> None:
        if isinstance(cond, A.ChoiceCond):
            if cond.guard is not None:
                self.require(cond.guard, self.expr(cond.guard, scope), BOOL, "the condition before 'and'")
            self.require(cond.player, self.expr(cond.player, scope, want="player"), PLAYER, "who chooses")
            if cond.yes == cond.no:
                self.error(cond, "the two choices must differ")
        else:
            self.require(cond, self.expr(cond, scope), BOOL, "a condition")


def _holds_any(t: Type) -> bool:
    """Is this a list (of lists...) whose elements are not known yet?"""
    while isinstance(t, T.ListType):
        t = t.item
    return t == ANY


RANK = T.SymbolType("rank")


def _text(node) -> str:
    if isinstance(node, A.Name):
        return node.name
    if isinstance(node, A.Attr):
        return f"{_text(node.obj)}.{node.name}"
    if isinstance(node, A.Of):
        return f"{node.name.name} of {_text(node.owner)}"
    return "this"


def parse_value(text: str, t: Type):
    """A --set value as the parameter's type, or None if it does not fit."""
    text = text.strip()
    if t == NUMBER:
        try:
            return int(text)
        except ValueError:
            return None
    if t == BOOL:
        return {"true": True, "yes": True, "false": False, "no": False}.get(text.lower())
    if t == TEXT:
        return text
    if t == list_of(NUMBER):
        body = text[1:-1] if text.startswith("[") and text.endswith("]") else text
        if not body.strip():
            return []
        try:
            return [int(x) for x in body.split(",")]
        except ValueError:
            return None
    return None


def check(tree: A.RuleFile, overrides: dict[str, str] | None = None,
          unparsed: set[str] | None = None, partial: bool = False) -> tuple[Optional[Checked], list[Diagnostic]]:
    try:
        return Checker(tree, overrides, unparsed, partial).run()
    except RecursionError:
        return None, [Diagnostic(Span.point(1, 1), "the rule file is nested too deeply to check",
                                 "split deep expressions with 'define' or 'let'")]
