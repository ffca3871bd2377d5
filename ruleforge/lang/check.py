"""Syntax tree -> checked program: every name resolved, every expression typed.

The checker is its own pass and collects every mistake it finds as a diagnostic. It
never lets an unknown node through: the type checker has a method for each node kind
(visitor.py makes sure of it), and anything else is reported. It runs in two steps: the
symbol table (symbols.py) files every declaration, then the type checker (rules.py, on
exprs.py, stmts.py and names.py) checks the rules against it. What they learn (the type
of each expression, what each name refers to, the values of the parameters) is handed
to the compiler in a `Checked`.

Types are the frozen values of types.py; references those of refs.py.
"""

from __future__ import annotations

from typing import Optional

from attrs import define, field

from . import ast as A
from .clashes import parameter_clashes, symbol_clashes
from .diagnostics import Diagnostic, Span, hint_budget
from .rules import TypeChecker
from .values import learn_turn_values
from .limits import MAX_ERRORS, raise_hint
from .symbols import SymbolTable, TooManyErrors


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
    payoff: Optional[A.PayoffDecl] = None     # what each player gets when the game ends
    cooperative: bool = False                 # the players are one team (`cooperative`)
    source_bytes: bytes = b""
    types: dict = field(factory=dict)   # expression node -> type
    refs: dict = field(factory=dict)    # Name node -> its refs.Reference
    param_ranges: dict = field(factory=dict)  # name -> ranges.Range, for the parameters that declare one
    warnings: list = field(factory=list)      # Diagnostics of severity "warning" (lint.py): the check passes
    sources: dict = field(factory=dict)       # path -> text of the files a variant extends, to show warnings
    text: str = ""                            # the rule file's own text (an invariant's values are named by it)
    deck: tuple = (1, (), 0)                  # the standard deck's (decks, ranks left out, jokers)
    action_groups: dict = field(factory=dict)  # name -> ActionGroupDecl
    counter_types: dict = field(factory=dict)  # counter name -> the type of what it holds (lang/values.py)
    turn_values: dict = field(factory=dict)    # name -> [type, its first 'let ... for the turn']
    rules: dict = field(factory=dict)          # name -> RuleDecl: rules called by name (lang/calls.py)


def check(tree: A.RuleFile, overrides: dict | None = None,
          unparsed: set[str] | None = None, partial: bool = False,
          texts: dict | None = None) -> tuple[Optional[Checked], list[Diagnostic]]:
    """Check a parsed rule file: the checked program, or None and every mistake found.
    `overrides` are --set texts, or values given from Python (lang/overrides.py);
    `unparsed` the names declared in items that did not parse, and `partial` says some
    did not (then nothing is said about missing parts); `texts` the file's text (under
    None) and its bases' (by path), for hints that write a line out corrected."""
    try:
        with hint_budget():
            sym = SymbolTable(tree, overrides, unparsed, partial)
            sym.texts = dict(texts or {})
            sym.fill()
            symbol_clashes(sym)
            parameter_clashes(sym)
            learn_turn_values(sym, TypeChecker)
            rules = TypeChecker(sym)
            rules.check()
    except RecursionError:
        return None, [Diagnostic(Span.point(1, 1), "the rule file is nested too deeply to check",
                                 "split deep expressions with 'define' or 'let'")]
    except TooManyErrors:
        return None, sym.diags + [Diagnostic(Span(0, 0, 0, 0), f"checking stopped after {MAX_ERRORS} errors",
                                             "fix these and check again; " + raise_hint("MAX_ERRORS"),
                                             severity="note")]
    if sym.diags:
        return None, sym.diags
    return Checked(
        tree=tree, title=sym.title, players=sym.players, roles=sym.roles,
        params=sym.params, param_types=sym.param_types, zones=sym.zones, pieces=sym.pieces,
        counters=sym.counters, defines=sym.defines, card_attrs=sym.card_attrs,
        domains=sym.domains, cards_zone=sym.cards_zone, turn_order=rules.turn_order or sym.role_names,
        setup=rules.setup, turns=rules.turns, actions=sym.actions, events=rules.events,
        endings=sym.endings, invariants=sym.invariants, match=rules.match, card_decls=sym.card_decls,
        card_counters=sym.card_counters, quantities=sym.quantities, triggers=sym.triggers,
        heuristic=rules.heuristic, payoff=rules.payoff, types=rules.types, refs=sym.refs,
        param_ranges=sym.param_ranges, deck=sym.deck, action_groups=sym.action_groups,
        counter_types=sym.counter_types, turn_values=sym.turn_values, rules=sym.rules,
        cooperative=sym.cooperative is not None), []
