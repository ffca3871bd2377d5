"""Checked program -> runtime rules: every expression and statement becomes a closure,
once, so that playing a game never walks the syntax tree.

Expressions compile to `fn(state, locals) -> value`; statements to instructions
`ins(state, frame)` in a `Proc`, with jumps for control flow. Values at run time are
plain: cards, pieces and players are ints, symbols are strs, lists are tuples.
"""

from __future__ import annotations

from ..lang import ast as A
from ..lang import refs as R
from ..lang.const import fold
from . import rng
from ..lang.cards import Card, standard_deck
from ..lang.check import Checked
from ..lang.visitor import Visitor
from ..lang.types import BOOL, CARD, NUMBER, PLAYER, ROW, ZONE, PieceType, Type, list_of
from .engine import (DOWN, PRIVATE, UP, Ending, Frame, Proc, ZoneInst, check_immediate, decide,
                     eliminate, end_game, flip_card, in_game, move_card, new_class, push, quantity,
                     reveal_card, set_var, shuffle_zone, swap_cards)
from .events import Said
from .game import Game
from .actions import ActionSpec, Ask, Choice, Menu, Param, kind_of
from .values import RuleError


class _Ctx:
    """Local slots of one rule: each binder (let, choice, loop, filter) gets a slot."""

    def __init__(self):
        self.n = 0
        self.slots: dict = {}
        self.temp_types: dict[int, Type] = {}  # temporaries that hold cards, by slot

    def slot(self, binder) -> int:
        if binder not in self.slots:
            self.slots[binder] = self.n
            self.n += 1
        return self.slots[binder]

    def temp(self, t: Type | None = None) -> int:
        self.n += 1
        if t is not None:
            self.temp_types[self.n - 1] = t
        return self.n - 1


def compile_game(ch: Checked, nplayers: int | None = None, path: str = "") -> Game:
    return _Compiler(ch, nplayers, path).game


class _Compiler(Visitor):
    expr_prefix, stmt_prefix = "ex_", "st_"  # every node kind has one: see lang/visitor.py

    def __init__(self, ch: Checked, nplayers: int | None, path: str):
        self.ch = ch
        g = self.game = Game()
        g.title, g.path, g.params = ch.title, path, dict(ch.params)
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
        self.imm = bool([e for e in ch.endings.values() if e.condition is not None and not e.at_round_end])
        g.turn_order = [g.roles[r] for r in ch.turn_order] if ch.roles else list(range(g.nplayers))
        self.build_cards()
        self.build_zones()
        self.build_vars()
        self.build_quantities()
        self.build_card_rules()
        self.build_rules()
        self.build_heuristic()

    def build_heuristic(self) -> None:
        """The declared heuristic, or else a per-player 'score' if the game has one."""
        g, ch = self.game, self.ch
        ctx = _Ctx()
        if ch.heuristic is not None:
            slot = ctx.slot(ch.heuristic)
            g.heuristic = (self.ex(ch.heuristic.value, ctx), slot, ctx)
        elif "score" in ch.quantities and ch.quantities["score"].param is not None:
            slot = ctx.temp()
            g.heuristic = (lambda st, L: quantity(st, "score", L[slot]), slot, ctx)
        elif "score" in ch.counters and ch.counters["score"].per_player:
            slot = ctx.temp()
            base = g.counter_base["score"][0]
            g.heuristic = (lambda st, L: st.vars[base + L[slot]], slot, ctx)

    def build_quantities(self) -> None:
        g = self.game
        for name, q in self.ch.quantities.items():
            ctx = _Ctx()
            slot = ctx.slot(q) if q.param is not None else None
            g.quantities[name] = (self.ex(q.value, ctx), slot, ctx)

    # ---- static layout
    def build_cards(self) -> None:
        g, ch = self.game, self.ch
        if not ch.card_decls:
            g.cards = standard_deck()
            g.card_decl_of = [None] * len(g.cards)
        else:
            g.cards, g.card_decl_of = [], []
            for cd in ch.card_decls:
                copies = next((fold(a.value, ch.params) for a in cd.attrs if a.name.name == "copies"), 1)
                attrs = {"name": cd.title}
                for a in cd.attrs:
                    if a.name.name != "copies" and self.is_constant(a.value):
                        attrs[a.name.name] = self.constant(a.value)
                for k in range(copies):
                    name = cd.title if copies == 1 else f"{cd.title} ({k + 1})"
                    g.cards.append(Card(len(g.cards), name, attrs))
                    g.card_decl_of.append(cd)
        g.card_index = {c.name: c.index for c in g.cards}
        for attr in ch.card_attrs:
            if attr not in ch.card_counters:
                g.card_attr[attr] = [c.attrs.get(attr) for c in g.cards]
                # filled once zones and numbers exist: see build_card_rules
                g.card_dyn[attr] = [None] * len(g.cards)

    def is_constant(self, node) -> bool:
        if isinstance(node, (A.Number, A.Text, A.Bool)):
            return True
        if isinstance(node, A.Unary) and node.op == "-":
            return self.is_constant(node.operand)
        if isinstance(node, A.Name):
            return isinstance(self.ch.refs.get(node), (R.Symbol, R.Param))
        return False

    def constant(self, node):
        return self.ex(node, _Ctx())(None, [])

    def build_card_rules(self) -> None:
        """Card attributes that are rules, card effects and modifiers, compiled once per
        listed card and shared by its copies."""
        g, ch = self.game, self.ch
        if not ch.card_decls:
            return
        per_decl_attr: dict = {}
        for c, cd in enumerate(g.card_decl_of):
            for a in cd.attrs:
                n = a.name.name
                if n == "copies" or self.is_constant(a.value):
                    continue
                key = (id(cd), n)
                if key not in per_decl_attr:
                    ctx = _Ctx()
                    ctx.slot("this")
                    fn, size = self.ex(a.value, ctx), ctx
                    per_decl_attr[key] = _card_fn(fn, ctx)
                g.card_dyn[n][c] = per_decl_attr[key]
        procs: dict = {}
        for cd in ch.card_decls:
            for e in cd.effects:
                procs[(id(cd), e.trigger.name)] = (Proc(f"{cd.title}: on {e.trigger.name}"), e)
        for trigger in sorted(ch.triggers):
            g.effects[trigger] = [procs[(id(cd), trigger)][0] if (id(cd), trigger) in procs else None
                                  for cd in g.card_decl_of]
        for proc, e in procs.values():
            ctx = _Ctx()
            ctx.slot("this")   # L[0]: the card
            ctx.slot("owner")  # L[1]: who it acts for, when 'resolve ... by' says so
            self.fill(proc, e.body, ctx)
        mods: dict = {}
        for cd in ch.card_decls:
            out = []
            for m in cd.modifiers:
                ctx = _Ctx()
                ctx.slot("this")
                amount, target = self.ex(m.amount, ctx), self.ex(m.target, ctx)
                many = self.t(m.target) != PLAYER
                out.append((m.quantity.name, m.sign, amount, target, many, ctx))
            mods[id(cd)] = tuple(out)
        g.modifiers = [mods[id(cd)] for cd in g.card_decl_of]

    def build_zones(self) -> None:
        g = self.game
        defaults = {"pile": DOWN, "hand": PRIVATE, "row": UP}
        facings = {"up": UP, "down": DOWN, "private": PRIVATE}

        def add(decl, owner, facing, kind, slot, label):
            zi = ZoneInst(len(g.zinst), decl.name.name, owner, facing, kind, slot, label)
            g.zinst.append(zi)
            g.zone_lookup[(decl.name.name, owner if owner >= 0 else None, slot)] = zi.index
            return zi

        for name, info in self.ch.zones.items():
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
        for name, info in self.ch.zones.items():
            shown = {}
            for hint in info.decl.display:
                shown[hint[0]] = hint[1].name if len(hint) == 2 else (hint[1].name, hint[2].name)
            g.zone_display[name] = shown
        g.active_zones = [zi.index for zi in g.zinst
                          if zi.kind != "row" and self.ch.zones[zi.decl].decl.active]
        g.start_zone = g.zone_lookup[(self.ch.cards_zone, None, None)]

    def build_vars(self) -> None:
        g, ch = self.game, self.ch
        for name, c in ch.counters.items():
            if isinstance(ch.refs.get(c.value), R.Symbol):
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

    # ---- rules
    def build_rules(self) -> None:
        g, ch = self.game, self.ch
        for name, e in ch.endings.items():
            ctx = _Ctx()
            winners = self.ex(e.winners, ctx)
            cond = self.ex(e.condition, ctx) if e.condition is not None else None
            ending = Ending(name, e.title or name, winners, cond, e.at_round_end, ctx.n)
            g.endings[name] = ending
            if cond is not None:
                (g.round_end if e.at_round_end else g.immediate).append(ending)
        # Event rules are registered before any rule is compiled, since any rule may
        # take from a zone that has a 'runs out' rule (the handler's own body included).
        events = []
        for ev in ch.events:
            if ev.event == "runs out":
                proc = Proc(f"when {ev.zone.name} runs out")
                g.runs_out[g.zone_lookup[(ev.zone.name, None, None)]] = proc
            elif ev.event == "round ends":
                proc = Proc("when the round ends")
                g.round_end_procs.append(proc)
            elif ev.event == "round begins":
                proc = Proc("when the round begins")
                g.round_begin_procs.append(proc)
            else:
                proc = Proc("when the game ends")
                g.game_end_procs.append(proc)
            events.append((proc, ev))
        for proc, ev in events:
            self.fill(proc, ev.body, _Ctx())
        for name, a in ch.actions.items():
            spec = ActionSpec(name, a.title or name, None if a.role is None else g.roles[a.role.name])
            ctx = _Ctx()
            for p in a.params:  # parameters take the first slots, in order
                ctx.slot(p)
            # then the player taking the action: 'current' inside an action
            spec.actor = ctx.actor = ctx.slot("actor")
            for p in a.params:
                if p.domain is not None:
                    prm = Param(p.name.name, self.coll(p.domain, ctx), kind_of(self.ch.types[p.domain].element()))
                else:
                    lo, hi = self.ex(p.low, ctx), self.ex(p.high, ctx)
                    prm = Param(p.name.name, lambda st, L, lo=lo, hi=hi: range(lo(st, L), hi(st, L) + 1), None)
                spec.params.append(prm)
            spec.allowed = self.ex(a.allowed, ctx) if a.allowed is not None else None
            spec.proc = self.proc(f"action {name}", a.body, ctx)
            g.actions[name] = spec
        if ch.setup is not None:
            g.setup = self.proc("setup", ch.setup.body, _Ctx())
        by_role = {}
        for role, t in ch.turns.items():
            title = f"turn of {role}" if role else "turn"
            by_role[role] = self.proc(title, t.body, _Ctx(), is_turn=True)
        g.turn_procs = [by_role.get(g.seat_names[s] if ch.roles else None, by_role.get(None))
                        for s in range(g.nplayers)]
        for inv in ch.invariants:
            ctx = _Ctx()
            fn = self.ex(inv.condition, ctx)
            g.invariants.append((inv.name.name, inv.title or inv.name.name, fn, ctx.n, inv.span))

    def proc(self, name: str, body, ctx: _Ctx, is_turn: bool = False) -> Proc:
        return self.fill(Proc(name, is_turn=is_turn), body, ctx)

    def fill(self, p: Proc, body, ctx: _Ctx) -> Proc:
        self.block(body, p, ctx)
        p.nlocals = ctx.n
        # Which locals hold cards: a sampled world (determinize) renames hidden cards there.
        kinds = {slot: self.binder_type(b) for b, slot in ctx.slots.items()}
        kinds.update(ctx.temp_types)
        p.card_slots = tuple(i for i, t in kinds.items() if t == CARD)
        p.cards_slots = tuple(i for i, t in kinds.items() if t == list_of(CARD))
        return p

    def binder_type(self, b) -> Type | None:
        types = self.ch.types
        if b == "this":
            return CARD
        if isinstance(b, (A.Move, A.Reveal)):
            return CARD
        if isinstance(b, A.Let):
            return types.get(b.value)
        if isinstance(b, A.ActionParam):
            return _element(types.get(b.domain)) if b.domain is not None else NUMBER
        if isinstance(b, (A.Choose, A.ForEach, A.Filter, A.Quantifier, A.SumFor, A.ForEachChosen)):
            return _element(types.get(b.collection))
        return None

    # ---- helpers
    def t(self, node) -> Type:
        return self.ch.types[node]

    # ---- expressions
    def ex(self, node, ctx: _Ctx):
        fn = getattr(self, "ex_" + type(node).__name__)
        return fn(node, ctx)

    def ex_Number(self, node, ctx):
        v = node.value
        return lambda st, L: v

    ex_Text = ex_Bool = ex_Number

    def ex_Nobody(self, node, ctx):
        return lambda st, L: ()

    def ex_Current(self, node, ctx):
        actor = getattr(ctx, "actor", None)
        if actor is not None:  # inside an action: the player taking it
            return lambda st, L: L[actor]
        order = self.game.turn_order

        def current(st, L):
            if st.turn_pos < 0:
                raise RuleError("there is no current player during setup")
            return order[st.turn_pos]
        return current

    def ex_This(self, node, ctx):
        i = ctx.slot("this")
        return lambda st, L: L[i]

    def ex_Owner(self, node, ctx):
        i = ctx.slot("this")
        j = ctx.slots.get("owner")
        g = self.game

        def owner(st, L):
            if j is not None and L[j] is not None:
                return L[j]
            o = g.zinst[st.loc[L[i]]].owner
            if o < 0:
                raise RuleError(f"{g.cards[L[i]].name} lies in {g.zinst[st.loc[L[i]]].label}, which belongs to no one")
            return o
        return owner

    def ex_OwnerOf(self, node, ctx):
        card = self.ex(node.card, ctx)
        g = self.game

        def owner_of(st, L):
            c = card(st, L)
            if c is None:
                raise RuleError("there is no card here to find its owner")
            o = g.zinst[st.loc[c]].owner
            if o < 0:
                raise RuleError(f"{g.cards[c].name} lies in {g.zinst[st.loc[c]].label}, which belongs to no one")
            return o
        return owner_of

    def ex_GameOver(self, node, ctx):
        return lambda st, L: st.over or st.finishing is not None

    def ex_Knows(self, node, ctx):
        who, card = self.ex(node.player, ctx), self.ex(node.card, ctx)

        def knows(st, L):
            c = card(st, L)
            return c is not None and bool(st.up[c] or (st.known[c] >> who(st, L)) & 1)
        return knows

    def ex_Players(self, node, ctx):
        order = self.seat_order()
        if node.every:
            return lambda st, L: order
        return lambda st, L: in_game(st, order)

    def ex_Opponents(self, node, ctx):
        order = self.seat_order()
        who = self.ex(node.player, ctx)

        def opponents(st, L):
            p = who(st, L)
            return tuple(q for q in in_game(st, order) if q != p)
        return opponents

    def seat_order(self) -> tuple:
        """Every seat once, in turn order (a role may play twice a round)."""
        return tuple(dict.fromkeys(self.game.turn_order))

    def ex_PlayerAfter(self, node, ctx):
        order = self.seat_order()
        n, step = len(order), node.step
        who = self.ex(node.player, ctx)

        def neighbour(st, L):
            i = order.index(who(st, L))
            for k in range(1, n + 1):
                q = order[(i + step * k) % n]
                if not st.out >> q & 1:
                    return q
            raise RuleError("every player is eliminated")  # pragma: no cover
        return neighbour

    def ex_IsEliminated(self, node, ctx):
        who = self.ex(node.player, ctx)
        return lambda st, L: bool(st.out >> who(st, L) & 1)

    def ex_IfExpr(self, node, ctx):
        cond, a, b = self.ex(node.condition, ctx), self.ex(node.then, ctx), self.ex(node.otherwise, ctx)
        return lambda st, L: a(st, L) if cond(st, L) else b(st, L)

    def ex_PlayersWith(self, node, ctx):
        order = self.seat_order()
        g = self.game
        match self.ch.refs[node.name]:
            case R.Quantity(name=name):
                value = lambda st, L, p: quantity(st, name, p)  # noqa: E731
            case R.Counter(name=name):
                base = g.counter_base[name][0]
                value = lambda st, L, p: st.vars[base + p]  # noqa: E731
            case R.Definition(name=name):
                d = self.ch.defines[name]
                i = ctx.slot(d)
                body = self.ex(d.value, ctx)

                def value(st, L, p):
                    L[i] = p
                    return body(st, L)
        pick = max if node.extreme == "highest" else min

        def players_with(st, L):
            scores = [(value(st, L, p), p) for p in in_game(st, order)]
            if not scores:
                return ()
            best = pick(v for v, _ in scores)
            return tuple(p for v, p in scores if v == best)
        return players_with

    def ex_RandomCard(self, node, ctx):
        items = self.coll(node.collection, ctx)

        def random_card(st, L):
            found = items(st, L)
            if not found:
                return None
            st.rng, k = rng.below(st.rng, len(found))
            return found[k]
        return random_card

    def ex_SumFor(self, node, ctx):
        items = self.coll(node.collection, ctx)
        i = ctx.slot(node)
        value = self.ex(node.value, ctx)

        def sum_for(st, L):
            total = 0
            for e in items(st, L):
                L[i] = e
                total += value(st, L)
            return total
        return sum_for

    def ex_HasEffect(self, node, ctx):
        card = self.ex(node.value, ctx)
        procs = self.game.effects.get(node.trigger.name) or [None] * len(self.game.cards)
        return lambda st, L: procs[card(st, L)] is not None

    def ex_ListOf(self, node, ctx):
        items = [self.ex(x, ctx) for x in node.items]
        return lambda st, L: tuple(f(st, L) for f in items)

    def ex_Name(self, node, ctx):
        g = self.game
        match self.ch.refs[node]:
            case R.Local(binder=binder) | R.Element(binder=binder):
                i = ctx.slot(binder)
                return lambda st, L: L[i]
            case R.ElementAttr(binder=binder, attr=attr, element=element):
                i = ctx.slot(binder)
                get = self.attr_getter(element, attr)
                return lambda st, L: get(st, L[i])
            case R.Definition(name=name):
                return self.ex(self.ch.defines[name].value, ctx)
            case R.Param(name=name):
                v = self.ch.params[name]
                v = tuple(v) if isinstance(v, list) else v
                return lambda st, L: v
            case R.Counter(name=name):
                i = g.counter_base[name][0]
                return lambda st, L: st.vars[i]
            case R.Zone(name=name):
                z = g.zone_lookup[(name, None, None)]
                return lambda st, L: z
            case R.Pieces(name=name):
                ids = tuple(g.piece_by_key[name].values())
                return lambda st, L: ids
            case R.Role(name=name):
                s = g.roles[name]
                return lambda st, L: s
            case R.Quantity(name=name):
                return lambda st, L: quantity(st, name, None)
            case R.Symbol(name=v):
                return lambda st, L: v

    def attr_getter(self, t: Type, attr: str):
        g = self.game
        if t == CARD:
            if attr in g.card_counter_base:
                base = g.card_counter_base[attr]

                def card_counter(st, c):
                    if c is None:
                        raise RuleError(f"there is no card here to read its {attr}")
                    return st.vars[base + c]
                return card_counter
            values = g.card_attr[attr]
            dyn = g.card_dyn.get(attr)

            def card_attr(st, c):
                if c is None:
                    raise RuleError(f"there is no card here to read its {attr}")
                f = dyn[c] if dyn is not None else None
                if f is not None:
                    return f(st, c)
                v = values[c]
                if v is None:
                    raise RuleError(f"{g.cards[c].name} has no {attr}")
                return v
            return card_attr
        kind = t.kind
        info = self.ch.pieces[kind]
        if attr == info.key:
            keys = [p[1] for p in g.pieces]
            return lambda st, p: keys[p]
        var = {pid: g.piece_attr_var[(pid, attr)] for pid in g.piece_by_key[kind].values()}
        return lambda st, p: st.vars[var[p]]

    def ex_Attr(self, node, ctx):
        obj = self.ex(node.obj, ctx)
        get = self.attr_getter(self.t(node.obj), node.name)
        return lambda st, L: get(st, obj(st, L))

    def ex_Of(self, node, ctx):
        g = self.game
        ref = self.ch.refs[node.name]
        name = ref.name
        owner = self.ex(node.owner, ctx)
        match ref:
            case R.Definition():
                d = self.ch.defines[name]
                i = ctx.slot(d)
                body = self.ex(d.value, ctx)

                def defined(st, L):
                    L[i] = owner(st, L)
                    return body(st, L)
                return defined
            case R.Quantity():
                return lambda st, L: quantity(st, name, owner(st, L))
            case R.Zone():
                info = self.ch.zones[name]
                if info.owner == "each":
                    lookup = {s: g.zone_lookup[(name, s, None)] for s in range(g.nplayers)}
                    return lambda st, L: lookup[owner(st, L)]
                z = g.zone_lookup[(name, g.roles[info.owner], None)]
                return lambda st, L: z
            case R.Pieces():
                by_key = g.piece_by_key[name]

                def piece_of(st, L):
                    k = owner(st, L)
                    if k not in by_key:
                        raise RuleError(f"there is no {name} of {k}")
                    return by_key[k]
                return piece_of
            case R.Counter():
                base = g.counter_base[name][0]
                return lambda st, L: st.vars[base + owner(st, L)]

    def ex_Slot(self, node, ctx):
        g = self.game
        row = g.zinst[g.zone_lookup[(node.zone.name, None, None)]] if (node.zone.name, None, None) in g.zone_lookup \
            else next(z for z in g.zinst if z.decl == node.zone.name and z.kind == "row")
        slots = row.slots
        index = self.ex(node.index, ctx)
        label = row.label

        def slot(st, L):
            k = index(st, L)
            if not 1 <= k <= len(slots):
                raise RuleError(f"{label} has no slot {k} (it has slots 1 to {len(slots)})")
            return slots[k - 1]
        return slot

    def ex_Unary(self, node, ctx):
        f = self.ex(node.operand, ctx)
        if node.op == "-":
            return lambda st, L: -f(st, L)
        return lambda st, L: not f(st, L)

    def ex_Binary(self, node, ctx):
        op = node.op
        a = self.ex(node.left, ctx)
        if op in ("in", "not in"):
            rt = self.t(node.right)
            if rt in (ZONE, ROW):
                coll = self.coll(node.right, ctx)
                test = lambda st, L: a(st, L) in coll(st, L)  # noqa: E731
            else:
                b = self.ex(node.right, ctx)
                test = lambda st, L: a(st, L) in b(st, L)  # noqa: E731
            return test if op == "in" else (lambda st, L: not test(st, L))
        b = self.ex(node.right, ctx)
        if op == "and":
            return lambda st, L: a(st, L) and b(st, L)
        if op == "or":
            return lambda st, L: a(st, L) or b(st, L)
        if op == "/":
            def div(st, L):
                d = b(st, L)
                if d == 0:
                    raise RuleError("division by zero")
                return a(st, L) // d
            return div
        import operator
        fn = {"+": operator.add, "-": operator.sub, "*": operator.mul, "=": operator.eq,
              "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
              ">=": operator.ge}[op]
        return lambda st, L: fn(a(st, L), b(st, L))

    def ex_Between(self, node, ctx):
        v, lo, hi = self.ex(node.value, ctx), self.ex(node.low, ctx), self.ex(node.high, ctx)
        return lambda st, L: lo(st, L) <= v(st, L) <= hi(st, L)

    def ex_Test(self, node, ctx):
        if "empty" in node.test:
            coll = self.coll(node.value, ctx)
            if node.test == "empty":
                return lambda st, L: len(coll(st, L)) == 0
            return lambda st, L: len(coll(st, L)) > 0
        want_up = node.test == "face up"
        f = self.ex(node.value, ctx)
        if self.t(node.value) == ZONE:
            def zone_facing(st, L):
                cards = st.zones[f(st, L)]
                return bool(cards) and bool(st.up[cards[-1]]) == want_up
            return zone_facing

        def card_facing(st, L):
            c = f(st, L)
            return c is not None and bool(st.up[c]) == want_up
        return card_facing

    def coll(self, node, ctx):
        """A collection-valued expression -> fn giving a sequence (never a live zone list
        that a later step could change under an iteration)."""
        t = self.t(node)
        f = self.ex(node, ctx)
        g = self.game
        if t == ZONE:
            return lambda st, L: tuple(st.zones[f(st, L)])
        if t == ROW:
            def row_cards(st, L):
                return tuple(c for s in g.zinst[f(st, L)].slots for c in st.zones[s])
            return row_cards
        return f

    def ex_Filter(self, node, ctx):
        items = self.coll(node.collection, ctx)
        i = ctx.slot(node)
        cond = self.ex(node.condition, ctx)

        def filt(st, L):
            out = []
            for e in items(st, L):
                L[i] = e
                if cond(st, L):
                    out.append(e)
            return tuple(out)
        return filt

    def ex_CardsIn(self, node, ctx):
        return self.coll(node.zone, ctx)

    def ex_TheCard(self, node, ctx):
        items = self.coll(node.collection, ctx)

        def the(st, L):
            found = items(st, L)
            if len(found) > 1:
                raise RuleError(f"'the card in' found {len(found)} cards where one was expected")
            return found[0] if found else None
        return the

    def ex_Top(self, node, ctx):
        z = self.ex(node.zone, ctx)
        if node.count is not None:
            n = self.ex(node.count, ctx)

            def top_n(st, L):
                cards = st.zones[z(st, L)]
                k = max(0, n(st, L))
                return tuple(reversed(cards[-k:])) if k else ()
            return top_n
        if node.end == "top":
            return lambda st, L: st.zones[z(st, L)][-1] if st.zones[z(st, L)] else None
        return lambda st, L: st.zones[z(st, L)][0] if st.zones[z(st, L)] else None

    def ex_Aggregate(self, node, ctx):
        items = self.coll(node.collection, ctx)
        if node.op == "count":
            return lambda st, L: len(items(st, L))
        return lambda st, L: sum(items(st, L))

    def ex_Quantifier(self, node, ctx):
        items = self.coll(node.collection, ctx)
        i = ctx.slot(node)
        cond = self.ex(node.condition, ctx)

        def hits(st, L):
            for e in items(st, L):
                L[i] = e
                yield cond(st, L)
        if node.kind == "any":
            return lambda st, L: any(hits(st, L))
        if node.kind == "every":
            return lambda st, L: all(hits(st, L))
        return lambda st, L: not any(hits(st, L))

    # ---- statements
    def block(self, stmts, p: Proc, ctx: _Ctx) -> None:
        for s in stmts:
            getattr(self, "st_" + type(s).__name__)(s, p, ctx)

    def emit(self, p: Proc, ins, span) -> int:
        p.code.append(ins)
        p.spans.append(span)
        return len(p.code) - 1

    def effect(self, p: Proc, eff, span) -> None:
        if self.imm:
            def ins(st, fr):
                eff(st, fr.L)
                check_immediate(st)
        else:
            def ins(st, fr):
                eff(st, fr.L)
        self.emit(p, ins, span)

    def jump(self, p: Proc, span, cond=None, when=False) -> list:
        """Emit a jump (if cond(st, L) == when, or always); returns a cell to patch."""
        target = [0]
        if cond is None:
            def ins(st, fr):
                fr.pc = target[0]
        else:
            def ins(st, fr):
                if bool(cond(st, fr.L)) == when:
                    fr.pc = target[0]
        self.emit(p, ins, span)
        return target

    def runs_out_check(self, node, p: Proc, ctx: _Ctx) -> None:
        """Before taking from the top of a zone that has a 'runs out' rule, run that rule
        when the zone holds too few cards, then try once more."""
        if not isinstance(node, A.Top):
            return
        g = self.game
        zone = self.ex(node.zone, ctx)
        need = self.ex(node.count, ctx) if node.count is not None else (lambda st, L: 1)
        handlers = g.runs_out
        if not handlers:
            return

        def ins(st, fr):
            z = zone(st, fr.L)
            if z not in handlers or len(st.zones[z]) >= need(st, fr.L):
                fr.retry = -1
                return
            me = fr.pc - 1
            if fr.retry == me:  # the rule ran and the zone is still short: go on
                fr.retry = -1
                return
            fr.retry = me
            fr.pc = me
            push(st, handlers[z])
        self.emit(p, ins, node.span)

    def cards_fn(self, node, ctx):
        f = self.ex(node, ctx)
        if self.t(node) == CARD:
            return lambda st, L: () if f(st, L) is None else (f(st, L),)
        return f

    def targets_fn(self, target, slots, ctx):
        """-> fn(st, L, n) giving n destination zones."""
        z = self.ex(target, ctx)
        g = self.game
        if slots is None:
            return lambda st, L, n: [z(st, L)] * n
        lo, hi = self.ex(slots[0], ctx), self.ex(slots[1], ctx)

        def spread(st, L, n):
            row = g.zinst[z(st, L)]
            a, b = lo(st, L), hi(st, L)
            if not (1 <= a <= b <= len(row.slots)):
                raise RuleError(f"{row.label} has no slots {a} to {b}")
            if b - a + 1 != n:
                raise RuleError(f"{n} card(s) for {b - a + 1} slot(s) of {row.label}")
            return list(row.slots[a - 1:b])
        return spread

    def st_Move(self, s: A.Move, p, ctx):
        self.runs_out_check(s.what, p, ctx)
        cards = self.cards_fn(s.what, ctx)
        dests = self.targets_fn(s.target, s.slots, ctx)
        facing = {"up": UP, "down": DOWN}.get(s.facing)
        bottom = s.facing == "bottom"
        bind = ctx.slot(s) if s.bind is not None else None
        picked = _picks_by_rule(s.what)

        def move(st, L):
            cs = cards(st, L)
            for c, d in zip(cs, dests(st, L, len(cs))):
                move_card(st, c, d, facing, bottom)
            if picked and cs:
                new_class(st, cs)
            if bind is not None:
                L[bind] = cs[0] if cs else None
        self.effect(p, move, s.span)

    def st_Reveal(self, s: A.Reveal, p, ctx):
        self.runs_out_check(s.what, p, ctx)
        cards = self.cards_fn(s.what, ctx)
        dests = self.targets_fn(s.target, s.slots, ctx) if s.target is not None else None
        bind = ctx.slot(s) if s.bind is not None else None

        def reveal(st, L):
            cs = cards(st, L)
            if dests is None:
                for c in cs:
                    reveal_card(st, c)
            else:
                for c, d in zip(cs, dests(st, L, len(cs))):
                    move_card(st, c, d, UP)
            if bind is not None:
                L[bind] = cs[0] if cs else None
        self.effect(p, reveal, s.span)

    def st_Flip(self, s: A.Flip, p, ctx):
        cards = self.cards_fn(s.what, ctx)

        def flip(st, L):
            for c in cards(st, L):
                flip_card(st, c)
        self.effect(p, flip, s.span)

    def st_Swap(self, s: A.Swap, p, ctx):
        a, b = self.ex(s.first, ctx), self.ex(s.second, ctx)

        def swap(st, L):
            x, y = a(st, L), b(st, L)
            if x is None or y is None:
                raise RuleError("a swap needs two cards, and one of them is missing")
            swap_cards(st, x, y)
        self.effect(p, swap, s.span)

    def st_Shuffle(self, s: A.Shuffle, p, ctx):
        z = self.ex(s.zone, ctx)
        into = self.ex(s.into, ctx) if s.into is not None else None

        def shuffle(st, L):
            src = z(st, L)
            if into is None:
                shuffle_zone(st, src)
                return
            dst = into(st, L)
            for c in list(st.zones[src]):
                move_card(st, c, dst)
            shuffle_zone(st, dst)
        self.effect(p, shuffle, s.span)

    def setter(self, target, ctx):
        """-> (set(st, L, value), get(st, L)) for a local, counter or piece number."""
        g = self.game
        if isinstance(target, A.Name):
            ref = self.ch.refs[target]
            if isinstance(ref, R.Local):
                i = ctx.slot(ref.binder)

                def set_local(st, L, v):
                    L[i] = v
                return set_local, (lambda st, L: L[i])
            i = g.counter_base[ref.name][0]
            label = ref.name
            return (lambda st, L, v: set_var(st, i, v, label)), (lambda st, L: st.vars[i])
        if isinstance(target, A.Of):
            base = g.counter_base[target.name.name][0]
            owner = self.ex(target.owner, ctx)
            labels = g.var_labels

            def set_counter(st, L, v):
                i = base + owner(st, L)
                set_var(st, i, v, labels[i])
            return set_counter, (lambda st, L: st.vars[base + owner(st, L)])
        if self.t(target.obj) == CARD:
            base = g.card_counter_base[target.name]
            card = self.ex(target.obj, ctx)
            labels = g.var_labels

            def set_card_counter(st, L, v):
                i = base + card(st, L)
                set_var(st, i, v, labels[i])
            return set_card_counter, (lambda st, L: st.vars[base + card(st, L)])
        # a piece's number, kept within its declared bounds
        kind = self.t(target.obj).kind
        lo, hi, _ = self.ch.pieces[kind].attrs[target.name]
        obj = self.ex(target.obj, ctx)
        var = {pid: g.piece_attr_var[(pid, target.name)] for pid in g.piece_by_key[kind].values()}
        labels = g.var_labels

        def set_piece(st, L, v):
            i = var[obj(st, L)]
            set_var(st, i, min(hi, max(lo, v)), labels[i])
        return set_piece, (lambda st, L: st.vars[var[obj(st, L)]])

    def st_SetValue(self, s: A.SetValue, p, ctx):
        put, _ = self.setter(s.target, ctx)
        v = self.ex(s.value, ctx)
        self.effect(p, lambda st, L: put(st, L, v(st, L)), s.span)

    def st_Change(self, s: A.Change, p, ctx):
        put, get = self.setter(s.target, ctx)
        amount = self.ex(s.amount, ctx)
        sign = 1 if s.op == "increase" else -1
        self.effect(p, lambda st, L: put(st, L, get(st, L) + sign * amount(st, L)), s.span)

    def st_Let(self, s: A.Let, p, ctx):
        i = ctx.slot(s)
        v = self.ex(s.value, ctx)

        def let(st, fr):
            fr.L[i] = v(st, fr.L)
        self.emit(p, let, s.span)

    def st_Choose(self, s: A.Choose, p, ctx):
        i = ctx.slot(s)
        who = self.ex(s.player, ctx)
        items = self.coll(s.collection, ctx)
        menu = Choice(self.game, s.name.name, kind_of(self.t(s.collection).element()))
        prompt = s.prompt or f"choose {s.name.name}"
        var = s.name.name

        def resume(st, fr, value):
            fr.L[i] = value

        def choose(st, fr):
            options = items(st, fr.L)
            if not options:
                raise RuleError(f"there is nothing to choose from for '{var}'")
            seat = who(st, fr.L)
            decide(st, seat, prompt, menu.offer(st, seat, options), resume)
        self.emit(p, choose, s.span)

    def st_TakeAction(self, s: A.TakeAction, p, ctx):
        who = self.ex(s.player, ctx)
        # a view of the actions: event rules are compiled before them
        menu = Menu(self.game, self.game.actions.values(), s.may_pass)

        def resume(st, fr, payload):
            if payload is None:
                return
            spec, values, seat = payload
            L = [None] * spec.proc.nlocals
            L[:len(values)] = values
            L[spec.actor] = seat
            push(st, spec.proc, L)

        def take(st, fr):
            seat = who(st, fr.L)
            offer = menu.offer(st, seat)
            if not offer[0]:
                raise RuleError(f"{st.game.seat_names[seat]} has no legal action")
            decide(st, seat, "take an action", offer, resume)
        self.emit(p, take, s.span)

    def st_Eliminate(self, s, p, ctx):
        who = self.ex(s.player, ctx)
        self.effect(p, lambda st, L: eliminate(st, who(st, L)), s.span)

    def st_NextTurn(self, s, p, ctx):
        who = self.ex(s.player, ctx)

        def next_turn(st, L):
            st.next_seat = who(st, L)
        self.effect(p, next_turn, s.span)

    def st_EndTurn(self, s, p, ctx):
        def end_turn(st, fr):
            while st.stack:
                top = st.stack.pop()
                if top.proc.is_turn:
                    return
        self.emit(p, end_turn, s.span)

    def st_EndGame(self, s, p, ctx):
        ending = self.game.endings[s.ending.name]
        self.emit(p, lambda st, fr: end_game(st, ending), s.span)

    def st_Say(self, s, p, ctx):
        parts = [part if isinstance(part, str) else (self.ex(part, ctx), self.formatter(self.t(part)))
                 for part in s.parts] or [s.text]

        def say(st, fr):
            # evaluated even when nobody listens: narrating a game must not change it
            text = "".join(part if isinstance(part, str) else part[1](part[0](st, fr.L)) for part in parts)
            ob = st.observer
            if ob is not None and ob.record is not None:
                ob.record.append(Said(text))
        self.emit(p, say, s.span)

    def formatter(self, t):
        g = self.game
        if t == CARD:
            return lambda v: "no card" if v is None else g.cards[v].name
        if t == PLAYER:
            return lambda v: g.seat_titles[v]
        if isinstance(t, PieceType):
            return lambda v: g.pieces[v][2]
        if t == BOOL:
            return lambda v: "yes" if v else "no"
        if t in (ZONE, ROW):
            return lambda v: g.zinst[v].label
        if t is not None and t.is_list:
            inner = self.formatter(t.item)
            return lambda v: ", ".join(inner(x) for x in v) or "none"
        return str

    def st_Resolve(self, s, p, ctx):
        card = self.ex(s.card, ctx)
        by = self.ex(s.by, ctx) if s.by is not None else (lambda st, L: None)
        procs = self.game.effects.get(s.trigger.name) or [None] * len(self.game.cards)

        def resolve(st, fr):
            c = card(st, fr.L)
            if c is None:
                raise RuleError("there is no card here whose effect could be resolved")
            proc = procs[c]
            if proc is not None:
                L = [None] * proc.nlocals
                L[0], L[1] = c, by(st, fr.L)
                push(st, proc, L)
        self.emit(p, resolve, s.span)

    def st_Look(self, s, p, ctx):
        who = self.ex(s.player, ctx)
        cards = self.cards_fn(s.what, ctx)

        def look(st, L):
            bit = 1 << who(st, L)
            for c in cards(st, L):
                st.known[c] |= bit
        self.effect(p, look, s.span)

    def st_ForEachChosen(self, s, p, ctx):
        """p picks elements one at a time (each once) until p says "done"."""
        ct = self.t(s.collection)
        chosen_slot, var = ctx.temp(ct if ct.is_list else list_of(CARD)), ctx.slot(s)
        who = self.ex(s.player, ctx)
        items = self.coll(s.collection, ctx)
        menu = Choice(self.game, s.name.name, kind_of(self.t(s.collection).element()), done=True)
        prompt = s.prompt or f"choose {s.name.name}, or be done"

        def start(st, fr):
            fr.L[chosen_slot] = ()
        self.emit(p, start, s.span)
        top = len(p.code)

        def resume(st, fr, value):
            fr.L[var] = value
            if value is not None:
                fr.L[chosen_slot] = fr.L[chosen_slot] + (value,)

        def offer(st, fr):
            left = [e for e in items(st, fr.L) if e not in fr.L[chosen_slot]]
            if not left:  # nothing left to pick: no question to ask
                fr.L[var] = None
                return
            seat = who(st, fr.L)
            decide(st, seat, prompt, menu.offer(st, seat, left), resume)
        self.emit(p, offer, s.span)
        out = self.jump(p, s.span, lambda st, L: L[var] is None, when=True)
        self.block(s.body, p, ctx)
        self.jump(p, s.span)[0] = top
        out[0] = len(p.code)

    def cond(self, cond, p: Proc, ctx: _Ctx):
        """Compile a condition, emitting a decision first when it is a choice."""
        if isinstance(cond, A.ChoiceCond):
            i = ctx.temp()
            who = self.ex(cond.player, ctx)
            offer = Ask(cond.yes, cond.no).offer
            prompt = f"{cond.yes} or {cond.no}?"

            def resume(st, fr, value):
                fr.L[i] = value

            def ask(st, fr):
                decide(st, who(st, fr.L), prompt, offer, resume)
            if cond.guard is not None:  # no question unless the condition before 'and' holds
                guard = self.ex(cond.guard, ctx)

                def check(st, fr):
                    if not guard(st, fr.L):
                        fr.L[i] = False
                        fr.pc += 1  # past the question
                self.emit(p, check, cond.span)
            self.emit(p, ask, cond.span)
            return lambda st, L: L[i]
        return self.ex(cond, ctx)

    def st_If(self, s: A.If, p, ctx):
        ends = []
        for cond, body in s.branches:
            test = self.cond(cond, p, ctx)
            skip = self.jump(p, s.span, test, when=False)
            self.block(body, p, ctx)
            ends.append(self.jump(p, s.span))
            skip[0] = len(p.code)
        if s.otherwise is not None:
            self.block(s.otherwise, p, ctx)
        for e in ends:
            e[0] = len(p.code)

    def st_RepeatTimes(self, s: A.RepeatTimes, p, ctx):
        i = ctx.temp()
        n = self.ex(s.count, ctx)

        def start(st, fr):
            fr.L[i] = n(st, fr.L)
        self.emit(p, start, s.span)
        top = len(p.code)

        def more(st, L):
            if L[i] <= 0:
                return False
            L[i] -= 1
            return True
        out = self.jump(p, s.span, more, when=False)
        self.block(s.body, p, ctx)
        self.jump(p, s.span)[0] = top
        out[0] = len(p.code)

    def st_RepeatWhile(self, s: A.RepeatWhile, p, ctx):
        top = len(p.code)
        test = self.cond(s.condition, p, ctx)
        out = self.jump(p, s.span, test, when=False)
        self.block(s.body, p, ctx)
        self.jump(p, s.span)[0] = top
        out[0] = len(p.code)

    def st_ForEach(self, s: A.ForEach, p, ctx):
        items_slot, index_slot, var = ctx.temp(self.t(s.collection) if self.t(s.collection).is_list
                                               else list_of(CARD)), ctx.temp(), ctx.slot(s)
        items = self.coll(s.collection, ctx)

        def start(st, fr):
            fr.L[items_slot] = tuple(items(st, fr.L))
            fr.L[index_slot] = 0
        self.emit(p, start, s.span)
        top = len(p.code)

        def more(st, L):
            k = L[index_slot]
            if k >= len(L[items_slot]):
                return False
            L[var] = L[items_slot][k]
            L[index_slot] = k + 1
            return True
        out = self.jump(p, s.span, more, when=False)
        self.block(s.body, p, ctx)
        self.jump(p, s.span)[0] = top
        out[0] = len(p.code)


def _picks_by_rule(node) -> bool:
    """Does this expression pick cards by their attributes (a 'where' or 'the card in')?"""
    if isinstance(node, (A.Filter, A.TheCard)):
        return True
    return any(_picks_by_rule(getattr(node, f)) for f in ("collection", "zone") if hasattr(node, f))


def _element(t: Type | None) -> Type | None:
    return t.element() if t is not None else None


def _card_fn(fn, ctx):
    """A card attribute rule as fn(state, card)."""
    n = ctx.n

    def attr(st, c):
        L = [None] * n
        L[0] = c
        return fn(st, L)
    return attr


