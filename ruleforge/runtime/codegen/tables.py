"""The end of a generated module: the tables its functions read, and the procs,
actions and endings the engine runs, all written as literals."""

from __future__ import annotations


class Tables:
    """Mixin of ProgramWriter: `write_tables` ends the module."""

    def write_tables(self) -> None:
        ch, g, w = self.ch, self.g, self.w
        n = len(g.cards)
        w.blank()
        w.comment("---- the game's tables")
        names = tuple(c.name for c in g.cards)
        lines = [
            ("CARD_NAMES", repr(names)),
            ("CNAME", repr({None: "no card", **dict(enumerate(names))})),
            ("SEAT_NAMES", repr(tuple(g.seat_names))),
            ("STITLE", repr(tuple(g.seat_titles))),
            ("PIECE_NAMES", repr(tuple(p[2] for p in g.pieces))),
            ("PNAME", "PIECE_NAMES"),
            ("PKEY", repr(tuple(p[1] for p in g.pieces))),
            ("ZLABEL", repr(tuple(z.label for z in g.zinst))),
            ("LABELS", repr(tuple(g.var_labels))),
            ("ACTIVE", repr(tuple(g.active_zones))),
            ("ACTIVE_AT", repr(tuple(z in g.active_zones for z in range(len(g.zinst))))),
            ("CUR", f"Table({dict(enumerate(g.turn_order))!r}, "
                    "lambda k: 'there is no current player during setup')"),
            ("NO_EFFECTS", repr((None,) * n)),
        ]
        for ident, literal in lines + list(self.tables.items()):
            w.line(f"{ident} = {literal}")
        w.blank()
        w.comment("---- what the engine runs")
        for ident, title, is_turn, nlocals, card_slots, cards_slots, _, kept in self.procs:
            straight = self.straights.get(ident)
            w.line(f"P_{ident} = Proc({title!r}, {ident}, {nlocals!r}, {is_turn!r}, {card_slots!r}, "
                   f"{cards_slots!r}, SPANS[{ident!r}]" + (f", kept={kept!r}" if kept else "")
                   + (f", straight={straight})" if straight else ")"))
        for trigger in sorted(ch.triggers):
            per = [f"P_{self.effect_procs[(id(cd), trigger)]}" if (id(cd), trigger) in self.effect_procs
                   else "None" for cd in g.card_decl_of]
            w.line(f"EFF_{self.ident(trigger)} = (" + ", ".join(per) + ",)")
        w.line("EFFECTS = {" + ", ".join(f"{t!r}: EFF_{self.ident(t)}" for t in sorted(ch.triggers)) + "}")
        w.line("CARD_DYN = {" + ", ".join(f"{a!r}: DYN_{self.ident(a)}" for a in g.card_dyn if self.has_rules(a))
               + "}")
        w.line("QUANTITIES = {" + ", ".join(f"{q!r}: {self.fn_name('q', q)}" for q in ch.quantities) + "}")
        # the quantities the screens show: (name, per player, the variant that notes what it reads)
        w.line("SHOWN_QUANTITIES = (" + "".join(f"({q!r}, {ch.quantities[q].param is not None!r}, "
                                                f"{self.fn_name('qS', q)}), " for q in self.shown_names) + ")")
        for name, e in ch.endings.items():
            cond = self.fn_name("c", name) if e.condition is not None else "None"
            w.line(f"{self.ending_name(name)} = Ending({name!r}, {(e.title or name)!r}, {self.fn_name('w', name)}, "
                   f"{cond}, {e.at_round_end!r}, 0)")
        w.line("ENDINGS = {" + ", ".join(f"{n!r}: {self.ending_name(n)}" for n in ch.endings) + "}")
        for stem, pick in (("IMMEDIATE", False), ("ROUND_END", True)):
            ends = [self.ending_name(n) for n, e in ch.endings.items()
                    if e.condition is not None and e.at_round_end == pick]
            w.line(f"{stem} = (" + "".join(f"{x}, " for x in ends) + ")")
        runs_out, by_event = {}, {"round ends": [], "round begins": [], "game ends": []}
        for ident, ev in self.event_procs:
            if ev.event == "runs out":
                runs_out[g.zone_lookup[(ev.zone.name, None, None)]] = f"P_{ident}"
            else:
                by_event[ev.event].append(f"P_{ident}")
        w.line("RUNS_OUT = {" + ", ".join(f"{z!r}: {p}" for z, p in runs_out.items()) + "}")
        for stem, key in (("ROUND_END_PROCS", "round ends"), ("ROUND_BEGIN_PROCS", "round begins"),
                          ("GAME_END_PROCS", "game ends")):
            w.line(f"{stem} = [" + ", ".join(by_event[key]) + "]")
        for name, a, enum, ident, k, menu in self.action_specs:
            seat = repr(g.roles[a.role.name]) if a.role is not None else "None"
            spec = f"S_{enum}"
            w.line(f"{spec} = ActionSpec({name!r}, {(a.title or name)!r}, {seat})")
            for i, p in enumerate(a.params):
                kind = "cards" if p.some else "blind" if p.unseen else self.ref_kind(self.t_elem(p))
                w.line(f"{spec}.params.append(Param({p.name.name!r}, {enum}_{i}, {kind!r}))")
            w.line(f"{spec}.allowed = {enum + '_allowed' if a.allowed is not None else 'None'}")
            w.line(f"{spec}.proc, {spec}.actor = P_{ident}, {k!r}")
            if menu is not None:
                w.line(f"{spec}.menu = {menu}")
        # every definition, for tests and tools to read (State.definition): its function,
        # what its parameter is, and whether it gives a card or a list of cards
        w.line("DEFINES = {" + ", ".join(
            f"{n!r}: ({self.fn_name('d', n)}, {d.param_kind if d.param is not None else None!r}, "
            f"{self.define_gives(d)!r})" for n, d in ch.defines.items()) + "}")
        w.line("ACTIONS = {" + ", ".join(f"{name!r}: S_{enum}" for name, _, enum, *_ in self.action_specs) + "}")
        w.comment("the decision sites: each makes its legal actions (runtime/actions.py)")
        for ident, literal in self.sites:
            w.line(f"{ident} = {literal}")
        w.line("SETUP = P_r_setup" if ch.setup is not None else "SETUP = None")
        # the block setup goes on at after the start every game shares (None: no such start)
        w.line(f"SETUP_RESUME = {getattr(self, 'setup_resume', None)!r}")
        by_role = {role: f"P_{self.fn_name('r_turn', role or '')}" for role in ch.turns}
        turns = [by_role.get(g.seat_names[s] if ch.roles else None, by_role.get(None)) for s in range(g.nplayers)]
        w.line("TURNS = [" + ", ".join(t or "None" for t in turns) + "]")
        w.line("INVARIANTS = (" + "".join(
            f"({inv.name.name!r}, {(inv.title or inv.name.name)!r}, {self.fn_name('i', inv.name.name)}, 0, "
            f"INV_SPANS[{k}]), " for k, inv in enumerate(ch.invariants)) + ")")
        w.line("INV_EXPLAIN = {" + ", ".join(f"{inv.name.name!r}: {self.fn_name('x', inv.name.name)}"
                                             for inv in ch.invariants) + "}")
        if "heuristic" not in self.tables:
            w.line("HEURISTIC = heuristic")
        else:
            w.line(f"HEURISTIC = {self.tables['heuristic']}")
        if "payoff" in self.tables:
            w.line("PAYOFF = payoff")

    def define_gives(self, d) -> str:
        from .. import typeinfo as T
        t = self.t(d.value)
        return "card" if T.is_card(t) else "cards" if T.is_cards(t) else "player" if T.is_player(t) else \
            "players" if T.kind(t) == "list" and T.is_player(T.elem(t)) else "piece" if T.kind(t) == "piece" else \
            "pieces" if T.kind(t) == "list" and T.kind(T.elem(t)) == "piece" else "value"

    def ident(self, name: str) -> str:
        from .writer import py_ident
        return py_ident(name)

    def t_elem(self, p):
        from .. import typeinfo as T
        return T.elem(self.t(p.domain)) if p.domain is not None else None
