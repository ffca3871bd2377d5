"""Checked program -> Python source -> a Game.

The generated module (see program.ProgramWriter) is compiled once per rule file,
parameters and player count, and cached; each Game executes it in a namespace holding
only the engine primitives the code needs. `source(checked, players)` is what
`ruleforge compile` prints. `coverage=True` compiles it instrumented: it also counts the
branches of the rules' `if`s that a watched game takes (branches.py), for analyze.
"""

from __future__ import annotations

import hashlib

from ...lang.check import Checked
from .. import actions, engine, flow, grouping, limits, picks, prims, subsets, tops
from .program import ProgramWriter, heuristic_source
from .resumable import asks_decisions
from ..layout import new_game

_CACHE: dict = {}   # (source hash, parameters, players, coverage, deep) -> (source, code, spans, branch sites)


def _primitives() -> dict:
    from .. import board, decisions
    from .. import held
    from ..derived import derived
    ns = {name: getattr(prims, name) for name in prims.__all__}
    ns.update({name: getattr(held, name) for name in held.__all__})
    for name in ("move_card", "move_up", "move_cards", "move_all", "swap_cards", "reveal_card", "flip_card", "shuffle_zone", "pick_class", "pick_class_from", "set_var", "counter_changed", "random_card",
                 "eliminate", "end_game", "push", "decide"):
        ns[name] = getattr(engine, name)
    ns.update(Proc=engine.Proc, Ending=engine.Ending, ActionSpec=actions.ActionSpec, Param=actions.Param,
              Choice=actions.Choice, Blind=picks.Blind, offer_blind=picks.offer_blind,
              subsets=subsets.subsets, subset_menu=subsets.subset_menu, least_outside=grouping.least_outside, Menu=actions.Menu, Ask=actions.Ask, Table=prims.Table, end_turn=decisions.end_turn, offer_choice=decisions.offer_choice,
              offer_chosen=decisions.offer_chosen, offer_menu=decisions.offer_menu,
              start_action=decisions.start_action, push_effect=decisions.push_effect,
              # for the menus written out (codegen/menus.py)
              named=actions._named, Place=actions.Place, Deferred=actions.Deferred, charge_row=actions._charge_row,
              new_action=actions.new_action, new_row=actions.new_row, menu_whole=actions.menu_whole,
              menu_row=actions.menu_row, MAX_MENU=actions.MAX_MENU, CACHE_LIMIT=actions._CACHE_LIMIT,
              ROW_LIMIT=actions._ROW_LIMIT, PASS=actions.PASS, SharedStart=engine.SharedStart, no_block=flow.no_block, waiting_for=engine.waiting_for,
              MAX_REMEMBERED=limits.MAX_REMEMBERED, MAX_KEPT_CARDS=limits.MAX_KEPT_CARDS,
              looked_apart=board.looked_apart, derived=derived, top_to_hand=tops.top_to_hand,
              top_n_to_hand=tops.top_n_to_hand, top_up=tops.top_up,
              top_n_to_slots=tops.top_n_to_slots,
              AnyError=Exception)  # (a whole menu made again action by action: codegen/wholemenus.py)
    ns["__builtins__"] = {name: __builtins__[name] if isinstance(__builtins__, dict) else getattr(__builtins__, name)
                          for name in ("len", "range", "tuple", "list", "sum", "any", "all", "min", "max", "str",
                                       "bool", "zip", "reversed", "sorted", "dict", "set", "abs", "type")}
    return ns


def generate(ch: Checked, game, coverage: bool = False, deep: bool = False) -> tuple[str, list, dict, tuple]:
    """-> (source, per line (rule, span) or None, per proc {pc: span}, branch sites)."""
    gen = ProgramWriter(ch, game, coverage, deep)
    src = gen.generate()
    return src, gen.w.where, gen.spans, gen.branch_list()


def source(ch: Checked, nplayers: int | None = None, coverage: bool = False) -> str:
    return generate(ch, new_game(ch, nplayers, ""), coverage)[0]


def compile_game(ch: Checked, nplayers: int | None = None, path: str = "", text: str | None = None,
                 coverage: bool = False, deep: bool = False):
    """A Game for the checked program; `text`, if given, is run instead of the source
    generated now (the output of `ruleforge compile`, say), with the same layout.
    `coverage`: the instrumented compile, which counts the branches taken (branches.py);
    `deep`: check --deep's, which also notes the values a text says (saidfrom.py)."""
    g = new_game(ch, nplayers, path)
    key = (hashlib.sha256(ch.source_bytes).hexdigest(), repr(sorted(ch.params.items())), g.nplayers, coverage, deep)
    cached = _CACHE.get(key) if ch.source_bytes and text is None else None
    if cached is None:
        try:
            src, where, spans, branches = generate(ch, g, coverage, deep)
            if text is not None and text != src:
                src, where = text, [None] * len(text.splitlines())
            filename = f"<ruleforge {len(_CACHE)}:{key[0][:12]}>"
            code = compile(src, filename, "exec")
        except (RecursionError, MemoryError, SyntaxError) as e:
            # The checker's limits on nesting (lang/limits.py) keep a checked file inside
            # what Python compiles; this says so cleanly if one is ever not enough.
            from ..values import RuleError
            raise RuleError(f"the rules nest too deeply to be compiled ({type(e).__name__}: "
                            f"{getattr(e, 'msg', None) or e}); nest blocks and expressions less "
                            "(docs/limits.md)") from None
        engine.SOURCE_LINES[filename] = where
        engine.SOURCE_TEXT[filename] = src  # (the same string the cache keeps: no copy)
        cached = (src, code, spans, branches)
        if ch.source_bytes and text is None:
            _CACHE[key] = cached
    src, code, spans, branches = cached
    ns = _primitives()
    ns["GAME"] = g
    ns["SPANS"] = spans
    ns["INV_SPANS"] = [inv.span for inv in ch.invariants]
    exec(code, ns)  # noqa: S102 - our own generated source; rule-file text is only repr()'d in it
    g.source = src
    g.branch_sites = branches
    g.covered = coverage
    g.setup = ns["SETUP"]
    g.setup_resume = ns["SETUP_RESUME"]
    g.turn_procs = ns["TURNS"]
    g.actions = ns["ACTIONS"]
    g.endings = ns["ENDINGS"]
    g.immediate = list(ns["IMMEDIATE"])
    g.round_end = list(ns["ROUND_END"])
    g.runs_out = ns["RUNS_OUT"]
    g.round_end_procs = ns["ROUND_END_PROCS"]
    g.round_begin_procs = ns["ROUND_BEGIN_PROCS"]
    g.game_end_procs = ns["GAME_END_PROCS"]
    g.effects = ns["EFFECTS"]
    for attr, fns in ns["CARD_DYN"].items():
        g.card_dyn[attr] = list(fns)
    g.quantities = ns["QUANTITIES"]
    g.shown_quantities = ns["SHOWN_QUANTITIES"]
    g.definitions = ns["DEFINES"]
    g.invariants = list(ns["INVARIANTS"])
    g.invariant_values = ns["INV_EXPLAIN"]
    g.heuristic = ns["HEURISTIC"]
    g.heuristic_source = heuristic_source(ch)
    g.decides = asks_decisions(ch.tree)
    g.payoff = ns.get("PAYOFF")  # written only for a game that declares one
    g.cooperative = ch.cooperative
    # nothing happens between two turns but the next one (flow.next_turn's short way)
    g.plain_flow = not (g.round_end_procs or g.round_end or g.round_begin_procs)
    # (and what the turn order fixes for that short way: each position's next, its turn's rule)
    n = len(g.turn_order)
    g.turn_after = tuple((pos + 1) % n for pos in range(n))
    g.turn_at = tuple(g.turn_procs[seat] for seat in g.turn_order)
    g.all_played = (1 << n) - 1
    return g
