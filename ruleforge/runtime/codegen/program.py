"""The whole module: every rule of a checked program, then its tables.

`ProgramWriter.generate()` returns the source; the names it defines at the end (SETUP,
TURNS, ACTIONS, ENDINGS, ...) are what `codegen.compile_game` puts into the Game.
"""

from __future__ import annotations

from contextlib import nullcontext

from .. import typeinfo as T
from .explain import Explain
from .menus import Menus
from .module import CodeGenerator
from .sets import Subsets
from .tables import Tables
from .wholemenus import WholeMenus
from .writer import Scope, py_ident, comment_text

# A quantity that few cards modify looks for those cards (where each lies: one read)
# instead of going through every card of every active zone.
_FEW_MODDED = 8


def heuristic_source(ch) -> str | None:
    """What the game's heuristic (Game.heuristic) is made of: "heuristic" (the rule
    file's `heuristic of p:`), "score quantity" or "score counter" (no heuristic is
    declared, and a per-player score stands for one), or None (neither). Reports name
    it, so that a lead judged by the score is not said to be judged by a heuristic."""
    if ch.heuristic is not None:
        return "heuristic"
    # in a cooperative game the team's score stands for one too: a score per player
    # counts for the team as their sum
    if "score" in ch.quantities and (ch.quantities["score"].param is not None or ch.cooperative):
        return "score quantity"
    if "score" in ch.counters and (ch.counters["score"].per_player or ch.cooperative) \
            and T.kind(ch.counter_types.get("score", "number")) == "number":
        return "score counter"
    return None


def team_score(ch, g, source: str, quantity: str) -> str:
    """A cooperative game's heuristic made of its score: the team's, the same for every
    seat (a score per player is summed over the seats)."""
    if source == "score quantity":
        one = ch.quantities["score"].param is None
        return f"lambda st, p: {quantity}(st, None)" if one else \
            f"lambda st, p: sum({quantity}(st, s) for s in range({g.nplayers}))"
    base = g.counter_base["score"][0]
    return f"lambda st, p: st.vars[{base}]" if not ch.counters["score"].per_player else \
        f"lambda st, p: sum(st.vars[{base}:{base + g.nplayers}])"


class ProgramWriter(Tables, WholeMenus, Menus, Subsets, Explain, CodeGenerator):
    _kept_number = -1  # the last number a kept definition's keys start with

    def generate(self) -> str:
        ch, g, w = self.ch, self.g, self.w
        w.comment(f"ruleforge: {comment_text(ch.title)} compiled for {g.nplayers} players")
        w.comment("parameters: " + comment_text(", ".join(f"{k}={v}" for k, v in sorted(ch.params.items()))))
        w.comment("Each rule is a function over (state, frame). One that can stop for a decision is")
        w.comment("a state machine: `pc` says where it goes on, `L` keeps its locals.")
        self.definitions()
        self.card_rules()
        self.endings()
        self.events()
        self.actions()
        if ch.setup is not None:
            self.rule("r_setup", "setup", ch.setup.span, ch.setup.body, {}, 0, is_setup=True)
        for role, t in ch.turns.items():
            self.rule(self.fn_name("r_turn", role or ""), f"turn of {role}" if role else "turn",
                      t.span, t.body, {}, 0, is_turn=True)
        self.invariants()
        self.explain_invariants()
        self.shown_names = self.want_shown()
        self.write_told_variants()
        self.write_kept_functions()
        self.heuristic()
        self.payoff()
        self.write_key_functions()
        self.write_whole_menus()
        self.write_tables()
        return w.source()

    def scope(self, fixed: dict | None = None) -> Scope:
        self.sc = Scope(False, fixed)
        return self.sc

    # ---- definitions, quantities, card rules
    def definitions(self) -> None:
        for name, d in self.ch.defines.items():
            args = "st"
            fixed = {}
            if d.param is not None:
                args, fixed = "st, p", {d: "p"}
                for k, (p, _) in enumerate(d.more, 2):  # `define pile of player p, colour c`
                    args, fixed[p] = f"{args}, p{k}", f"p{k}"
            if self.on_arguments_alone(d):
                self.remembered_function(self.fn_name("d", name), args, f"define {name}", d, self.scope(fixed))
            else:
                self.expr_function(self.fn_name("d", name), args, f"define {name}", d.span, d.value,
                                   self.scope(fixed), charged=True)
        for name, q in self.ch.quantities.items():
            self.quantity(name, q)

    def remembered_function(self, ident: str, args: str, title: str, d, scope: Scope) -> None:
        """A definition whose value depends on its arguments alone (on_arguments_alone) and
        that loops or calls others: each value is kept by its arguments, with the work it
        cost, and a call that finds it charges that work again instead of working it out
        (short of that work it is worked out, to fail where it fails). A rummy bot asks the
        deadwood of the same hands again and again. Every such definition of a game keeps
        its values in one table, `KEPT`, bounded in entries and in the cards of a key."""
        def body():
            self.sc = scope
            w = self.w
            text = self.ex(d.value)
            with self.at_expr(d.value):
                if not self.fans_out(text):  # cheap: worked out every time
                    self.prologue(text)
                    w.line(f"return {text}")
                    return
                kinds = [d.param_kind] + [k for _, k in d.more]
                names = ["p"] + [f"p{k}" for k in range(2, len(kinds) + 1)]
                # (a list of cards may come as a zone's own list: kept as a tuple)
                parts = [f"({n} if type({n}) is tuple else tuple({n}))" if k == "cards" else n
                         for n, k in zip(names, kinds)]
                self._kept_number += 1
                number = self._kept_number
                self.table("KEPT", "{}")
                w.line(f"key = ({number}, {', '.join(parts)})")
                w.line("kept = KEPT.get(key)")
                w.line("if kept is not None and st.work >= kept[1]:")
                with w.indent():
                    w.line("st.work -= kept[1]")
                    w.line("return kept[0]")
                w.line("work = st.work")
                w.line(self.charge_line(text))
                self.prologue(text)
                w.line(f"v = {text}")
                small = [f"len(key[{i}]) <= MAX_KEPT_CARDS" for i, k in enumerate(kinds, 1) if k == "cards"]
                if small:  # (a long list is worked out every time: memory stays bounded)
                    w.line(f"if {' and '.join(small)}:")
                with w.indent() if small else nullcontext():
                    w.line("if len(KEPT) >= MAX_REMEMBERED:")
                    with w.indent():
                        w.line("KEPT.clear()")
                    w.line("KEPT[key] = (v, work - st.work)")
                w.line("return v")
        self.function(ident, args, title, d.span, body)

    def quantity(self, name, q) -> None:
        ident = self.fn_name("q", name)
        mods = [(cd, m) for cd in self.ch.card_decls for m in cd.modifiers if m.quantity.name == name]
        modded = tuple(c for c, cd in enumerate(self.g.card_decl_of)
                       if cd is not None and any(m.quantity.name == name for m in cd.modifiers))
        mods_of: dict = {}  # id(card decl) -> [(k, modifier)]: k numbers its functions
        for k, (cd, m) in enumerate(mods):
            mods_of.setdefault(id(cd), []).append((k, m))

        def body():
            self.sc = Scope(False, {q: "p"} if q.param is not None else {})
            w = self.w
            value = self.ex(q.value)
            with self.at_expr(q.value):  # (errors shown at the expression)
                if self.fans_out(value):
                    w.line(self.charge_line(value))
                w.line("Z = st.zones")
                w.line("V = st.vars")
                w.line(f"v = {value}")
            if mods:
                w.comment("what every active card adds")
                adds = [f"for sign, amount, target, many in MODS_{ident}[c]:", "    who = target(st, c)",
                        "    if (p in who) if many else (p == who):", "        v += sign * amount(st, c)"]
                if len(modded) <= _FEW_MODDED:  # a few cards to look for, one test each, in card order
                    w.line("loc = st.loc")
                    for c in modded:
                        w.line(f"if ACTIVE_AT[loc[{c}]]:")
                        with w.indent():  # its modifiers written out: whom, then how much
                            for k, m in mods_of[id(self.g.card_decl_of[c])]:
                                test = "in" if not T.is_player(self.t(m.target)) else "=="
                                w.line(f"if p {test} {ident}_target{k}(st, {c}):")
                                with w.indent():
                                    w.line(f"v {'+' if m.sign > 0 else '-'}= {self.mod_amount(ident, k, m, c)}")
                else:
                    w.line("for z in ACTIVE:")
                    with w.indent():
                        w.line("for c in Z[z]:")
                        with w.indent():
                            for line in adds:
                                w.line(line)
            w.line("return v")
        self.function(ident, "st, p", f"quantity {name}", q.span, body)
        per_decl = {}
        for k, (cd, m) in enumerate(mods):
            mt, ma = f"{ident}_target{k}", f"{ident}_amount{k}"
            self.expr_function(mt, "st, this", f"{cd.title}: whom it adds to {name}", m.span, m.target,
                               self.scope({"this": "this"}))
            if len(modded) > _FEW_MODDED or not self.mod_amount(ident, k, m, 0).isdigit():
                self.expr_function(ma, "st, this", f"{cd.title}: what it adds to {name}", m.span, m.amount,
                                   self.scope({"this": "this"}))
            many = not T.is_player(self.t(m.target))
            per_decl.setdefault(id(cd), []).append(f"({m.sign!r}, {ma}, {mt}, {many!r})")
        if mods and len(modded) > _FEW_MODDED:
            row = ["(" + "".join(x + ", " for x in per_decl.get(id(cd), [])) + ")" for cd in self.g.card_decl_of]
            self.table(f"MODS_{ident}", "(" + ", ".join(row) + ",)")

    def mod_amount(self, ident: str, k: int, m, c: int) -> str:
        """What modifier `k` of card `c` adds: its number where written as one (`add 1 to
        hand_limit`), else a call of its function."""
        if self.is_plain(m.amount):
            from ..layout import constant
            value = constant(self.ch, m.amount)
            if type(value) is int:
                return repr(value)
        return f"{ident}_amount{k}(st, {c})"

    def card_rules(self) -> None:
        """Card attributes that are rules, card effects: once per listed card, shared by
        its copies."""
        ch, g = self.ch, self.g
        dyn: dict = {}
        for attr in g.card_dyn:
            if not self.has_rules(attr):
                continue
            per = []
            for cd in g.card_decl_of:
                a = next((a for a in cd.attrs if a.name.name == attr), None) if cd is not None else None
                if a is None or self.is_plain(a.value):
                    per.append("None")
                    continue
                key = (id(cd), attr)
                if key not in dyn:
                    dyn[key] = f"{self.fn_name('a', attr)}_{len(dyn)}"
                    self.expr_function(dyn[key], "st, this", f"{cd.title}: {attr}", a.span, a.value,
                                       self.scope({"this": "this"}), charged=True)
                per.append(dyn[key])
            table = self.table(f"DYN_{py_ident(attr)}", "(" + ", ".join(per) + ",)")
            self.attr_dispatch(self.fn_name("ga", attr), "st, c", f"the {attr} of a card", table, attr)
        self.effect_procs: dict = {}
        for cd in ch.card_decls:
            for e in cd.effects:
                ident = self.fn_name("r_effect", f"{len(self.effect_procs)}")
                self.effect_procs[(id(cd), e.trigger.name)] = ident
                self.rule(ident, f"{cd.title}: on {e.trigger.name}", e.span, e.body,
                          {"this": (0, "this", "card"), "owner": (1, "by", None)}, 2)

    # ---- endings, events, actions

    def attr_dispatch(self, ident: str, params: str, doc: str, table: str, attr: str) -> None:
        """`ident(PARAMS)`: a card's `attr`, by the rule `table` holds for the card if any
        (called with PARAMS), else the card's constant value (`ga_`, and `gaS_` for said texts)."""
        values = self.attr_table(attr)

        def body():
            w = self.w
            w.line(f"f = {table}[c] if c is not None else no_card({attr!r})")
            w.line("if f is not None:")
            with w.indent():
                w.line(f"return f({params})")
            w.line(f"return {values}[c]")
        self.function(ident, params, doc, None, body)
    def endings(self) -> None:
        for name, e in self.ch.endings.items():
            self.expr_function(self.fn_name("w", name), "st, L=None", f"ending {name}: who wins", e.span, e.winners,
                               self.scope())
            if e.condition is not None:
                self.expr_function(self.fn_name("c", name), "st, L=None", f"ending {name}: when", e.span, e.condition,
                                   self.scope())
        now = [(n, e) for n, e in self.ch.endings.items() if e.condition is not None and not e.at_round_end]

        def body():
            w = self.w
            w.line("if st.finishing is None and st.turn_pos >= 0:")
            with w.indent():
                if not now:
                    w.line("pass")
                else:
                    w.line("Z = st.zones")
                    w.line("V = st.vars")
                for n, e in now:
                    self.scope()
                    w.rule = f"ending {n}: when"  # an error in the condition names its ending
                    with w.at(e.span):
                        w.line(f"if {self.ex(e.condition)}:  # ending {comment_text(n)}")
                    w.rule = "the endings checked after every change"
                    with w.indent():
                        w.line(f"end_game(st, {self.ending_name(n)})")
                        w.line("return True")
            w.line("return False")
        self.function("check_immediate", "st", "the endings checked after every change", None, body)

    def events(self) -> None:
        self.event_procs = []
        for k, ev in enumerate(self.ch.events):
            title = ev.heading + (f" ({ev.name.name})" if ev.name is not None else "")
            ident = self.fn_name("r_event", str(k))
            self.event_procs.append((ident, ev))
            self.rule(ident, title, ev.span, ev.body, {}, 0)

    def actions(self) -> None:
        self.action_specs = []
        for name, a in self.ch.actions.items():
            fixed = {}
            for i, p in enumerate(a.params):
                et = T.elem(self.t(p.domain)) if p.domain is not None else None
                kind = "cards" if p.some else "card" if T.is_card(et) else None
                fixed[p] = (i, f"{py_ident(p.name.name)}_{i}", kind)
            fixed["actor"] = (len(a.params), "actor", None)
            enum = self.fn_name("enum", name)
            self.enumerator(enum, name, a, fixed)
            # a set of cards: the generic enumerator (runtime/actions.py) makes the menu
            menu = "subset_menu" if any(p.some for p in a.params) else self.menu_function(enum, name, a)
            ident = self.fn_name("r_action", name)
            self.rule(ident, f"action {name}", a.span, a.body, fixed, len(a.params) + 1, actor="actor")
            self.action_specs.append((name, a, enum, ident, len(a.params), menu))

    def enumerator(self, ident, name, a, fixed) -> None:
        """An action's choices, for runtime/actions.py to enumerate: each parameter's
        domain and the 'allowed if' test, as functions of the locals `L` (parameters in
        the first slots, then the player taking the action)."""
        for k, p in enumerate(a.params):
            if p.some:
                self.subset_domain(f"{ident}_{k}", name, a, k, p, fixed)
            elif p.domain is not None:
                self.expr_function(f"{ident}_{k}", "st, L", f"action {name}: the values of {p.name.name}", p.span,
                                   p.domain, self.action_scope(a, fixed), collection=True)
            else:
                self.range_function(f"{ident}_{k}", name, a, p, fixed)
        if a.allowed is not None:
            self.expr_function(f"{ident}_allowed", "st, L", f"action {name}: allowed if", a.span, a.allowed,
                               self.action_scope(a, fixed))

    def action_scope(self, a, fixed) -> Scope:
        sc = self.sc = Scope(False, {b: f"L[{v[0]}]" for b, v in fixed.items()})
        sc.actor = f"L[{len(a.params)}]"
        return sc

    def range_function(self, ident, name, a, p, fixed) -> None:
        def body():
            self.action_scope(a, fixed)
            lo, hi = self.ex(p.low), self.ex(p.high)
            step = "" if p.step is None else f", {self.ex(p.step)}"
            self.prologue(lo + hi + step)
            self.w.line(f"return bounded_range({lo}, {hi}{step})")
        self.function(ident, "st, L", f"action {name}: the values of {p.name.name}", p.span, body)

    def invariants(self) -> None:
        for inv in self.ch.invariants:
            self.expr_function(self.fn_name("i", inv.name.name), "st, L=None", f"invariant {inv.name.name}",
                               inv.span, inv.condition, self.scope())

    def payoff(self) -> None:
        # written only when declared, so that a game without one compiles as before
        p = self.ch.payoff
        if p is not None:
            self.expr_function("payoff", "st, p", "payoff", p.span, p.value, self.scope({p: "p"}),
                               held_by="payoff_value")
            self.tables["payoff"] = "payoff"

    def heuristic(self) -> None:
        ch, g = self.ch, self.g
        source = heuristic_source(ch)
        if source == "heuristic":
            self.expr_function("heuristic", "st, p", "heuristic", ch.heuristic.span, ch.heuristic.value,
                               self.scope({ch.heuristic: "p"}))
        elif ch.cooperative and source is not None:
            self.tables["heuristic"] = team_score(ch, g, source, self.fn_name("q", "score"))
        elif source == "score quantity":
            self.tables["heuristic"] = f"lambda st, p: {self.fn_name('q', 'score')}(st, p)"
        elif source == "score counter":
            self.tables["heuristic"] = f"lambda st, p: st.vars[{g.counter_base['score'][0]} + p]"
        else:
            self.tables["heuristic"] = "None"
