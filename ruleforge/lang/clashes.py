"""Declarations named like a card's symbol. A name written alone means a parameter, a
counter, a zone, pieces, a definition, a quantity or a role before it means a symbol
(names.Resolver.name), so `define pudding of p` hid the symbol `pudding` of `kind:
pudding`, and the errors landed at each card that named it ("'pudding' takes a player").
The clash is said once, at the later of the two declarations, naming the other's line;
the name written alone is then quiet (`SymbolTable.clashed`).

The other names that would mean two things are said here too, each with what the first
one is and where: a name declared twice, a parameter named like the cards' attribute, a
local value named again in its rule.
"""

from __future__ import annotations

from . import ast as A
from .diagnostics import Span
from .slips import reserved_word


def _order(span: Span) -> tuple:
    # a variant's base (a span with a file) comes before the variant's own lines
    return (span.file is None, span.line, span.column)


def symbol_clashes(sym) -> None:
    """Say each top-level name that is also a symbol, once, where the second of the two
    is declared; and each symbol listed twice (two attributes, or the standard deck's and
    an attribute's), at the second listing."""
    declared = {}  # symbol -> (its Name node, or None for the standard deck's; its attribute)
    standard = next((d for d in sym.of_kind(A.CardsDecl)[:1] if d.kind == "standard"), None)
    for domain in ("suit", "rank", "color") if standard is not None else ():
        for s in sym.domains.get(domain, ()):
            declared.setdefault(s, (None, domain))
    for a in sym.of_kind(A.AttributeDecl):
        if sym.seen.get(a.name.name) is a.name:  # (filed: not a name declared twice)
            for v in a.values:
                if v.name in declared:
                    _listed_twice(sym, v, a.name.name, *declared[v.name], standard)
                else:
                    declared[v.name] = (v, a.name.name)
    for name, (node, domain) in declared.items():
        kind = sym.global_kind(name)
        decl = sym.seen.get(name)
        if kind is None or decl is None or name in sym.clashed:
            continue
        sym.clashed.add(name)
        hint = f"written alone, '{name}' would mean the {kind}, never the symbol: rename one of them"
        if node is None:
            sym.error(decl, f"'{name}' is already a symbol of the standard deck, a {domain} "
                            f"({sym.line_of(standard.span, decl.span)}): a {kind} cannot have its name",
                      f"rename the {kind}")
        elif _order(node.span) < _order(decl.span):
            sym.error(decl, f"'{name}' is already a symbol, a value of attribute '{domain}' "
                            f"({sym.line_of(node.span, decl.span)}): a {kind} cannot have its name", hint)
        else:
            sym.error(node, f"'{name}' is already the name of a {kind} ({sym.line_of(decl.span, node.span)}): "
                            "a symbol cannot have it", hint)


def _listed_twice(sym, v, attribute: str, first, domain: str, standard) -> None:
    """A symbol listed again: written alone it means its first listing's value alone, so
    cards given the second read as a mistake of type far from the cause."""
    if first is None:
        sym.error(v, f"'{v.name}' is already a symbol of the standard deck, a {domain} "
                     f"({sym.line_of(standard.span, v.span)}): attribute '{attribute}' cannot list it",
                  "rename it: a symbol is the value of one attribute")
    elif domain == attribute:
        sym.error(v, f"'{v.name}' is listed twice in attribute '{attribute}'", "list each value once")
    else:
        sym.error(v, f"'{v.name}' is already a value of attribute '{domain}' ({sym.line_of(first.span, v.span)}): "
                     f"attribute '{attribute}' cannot list it too",
                  f"written alone, '{v.name}' would mean the {domain}, never the {attribute}: rename one of them")


def local_clash(sym, node: A.Name):
    """(message, hint) for a local value named like a declaration or a symbol, or None:
    written alone in its rule the name means the local, so a symbol of that name could no
    longer be written there (`let pudding = ...`, then `kind = pudding`)."""
    name = node.name
    kind = sym.global_kind(name)
    if kind is not None:
        return declared_as(sym, node), "pick another name for this local value"
    for a in sym.of_kind(A.AttributeDecl):
        for v in a.values:
            if v.name == name and sym.seen.get(a.name.name) is a.name:
                return (f"'{name}' is already a symbol, a value of attribute '{a.name.name}' "
                        f"({sym.line_of(v.span, node.span)}): a local value cannot have its name",
                        f"pick another name for it: written alone in this rule, '{name}' would mean the local value, "
                        "never the symbol")
    standard = next((d for d in sym.of_kind(A.CardsDecl)[:1] if d.kind == "standard"), None)
    for domain in ("suit", "rank", "color") if standard is not None else ():
        if name in sym.domains.get(domain, ()):
            return (f"'{name}' is already a symbol of the standard deck, a {domain} "
                    f"({sym.line_of(standard.span, node.span)}): a local value cannot have its name",
                    f"pick another name for it: written alone in this rule, '{name}' would mean the local value, "
                    f"never the {domain}")
    return None


def card_attribute_at(sym, name: str, here: Span) -> str:
    """Where the cards' attribute `name` comes from, said from `here` for a counter per
    card named like it: another such counter, the first listed card that has it, or the
    standard deck."""
    counter = sym.card_counters.get(name)
    if counter is not None:
        return f"'{name}' is already declared as a counter per card at {sym.line_of(counter.name.span, here)}"
    for cd in sym.card_decls:
        for a in cd.attrs:
            if a.name.name == name:
                return f"cards already have an attribute '{name}' (card \"{cd.title}\" at {sym.line_of(a.span, here)})"
    standard = next((d for d in sym.of_kind(A.CardsDecl)[:1] if d.kind == "standard"), None)
    if standard is not None:
        return f"cards already have an attribute '{name}' (the standard deck's, at {sym.line_of(standard.span, here)})"
    if name == "name":
        return "cards already have an attribute 'name' (each listed card's title)"
    return f"cards already have an attribute '{name}'"


def declared_as(sym, node: A.Name) -> str:
    """"'n' is already declared as a counter at line 4", for a local value or a value of
    the turn named like a top-level name."""
    decl = sym.seen.get(node.name)
    at = f" at {sym.line_of(decl.span, node.span)}" if decl is not None else ""
    return f"'{node.name}' is already declared as a {sym.global_kind(node.name)}{at}"


def refuse_word(sym, name: A.Name, what: str) -> None:
    """A word of the language declared as a name (`what` it would name): said here; its
    uses, read as the word, are then quiet (`SymbolTable.refused`)."""
    sym.refused.add(name.name)
    sym.error(name, *reserved_word(name.name, what))


# ---- a name declared twice, said at the later line ----------------------------------------

# the declarations `SymbolTable.declare` files, with what each files its name as
_DECLARING = ((A.RoleDecl, "role"), (A.ParamDecl, "parameter"), (A.AttributeDecl, "attribute"),
              (A.ZoneDecl, "zone"), (A.PiecesDecl, "pieces"), (A.CounterDecl, "counter"),
              (A.QuantityDecl, "quantity"), (A.EndingDecl, "ending"), (A.ActionDecl, "action"),
              (A.DefineDecl, "define"), (A.RuleDecl, "rule"), (A.InvariantDecl, "invariant"),
              (A.ActionGroupDecl, "action group"))


def reserved_for(what: str) -> frozenset:
    """The words that cannot name a `what` ('zone', 'role')."""
    from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
    # (a role or a rule begins a statement's line: `dealer takes ...`, `score_round`)
    return EXPRESSION_WORDS | (STATEMENT_WORDS if what in ("role", "rule") else frozenset())


def first_declarations(sym) -> dict:
    """name -> (the Name that declares it first in the file, what it declares it as).
    The table files kind by kind (parameters before attributes, zones before counters), so
    without this a name declared twice was said at whichever came second in that order,
    pointing down the file at a later line as the "already" one."""
    first: dict = {}
    for kind, what in _DECLARING:
        for d in sym.of_kind(kind):
            n = d.name.name
            if (kind is A.CounterDecl and d.per == "card") or n in reserved_for(what) \
                    or (n == "pass" and what in ("action", "action group")):
                continue  # (not filed by name, or refused for its word: said by `declare`)
            if n not in first or _order(d.name.span) < _order(first[n][0].span):
                first[n] = (d.name, what)
    return first


# ---- a parameter named like the cards' attribute -----------------------------------------

def parameter_clashes(sym) -> None:
    """A parameter named like an attribute of the cards (`parameter value = 3` beside the
    standard deck's `value`) checked clean, yet inside `where` and `has` the name alone
    means the attribute (names.Resolver.name) and elsewhere the parameter: `where value >
    value` compared each card's value with itself. Said once, at the later of the two with
    the other's line; at the parameter when no line of the file names the attribute (the
    standard deck's, listed cards' `name`). An `attribute` line of the name is said by
    `SymbolTable.declare` already."""
    lines = {a.name.name for a in sym.of_kind(A.AttributeDecl)}
    for p in sym.of_kind(A.ParamDecl):
        name = p.name.name
        if sym.seen.get(name) is not p.name or name not in sym.card_attrs or name in lines:
            continue
        hint = f"inside 'where' and 'has', '{name}' alone would mean the cards' attribute, never the parameter"
        written = _attribute_written(sym, name)
        if written is not None and _order(p.name.span) < _order(written.span):
            what = "a counter per card" if name in sym.card_counters else "a card's attribute"
            sym.error(written, f"'{name}' is already declared as a parameter at "
                               f"{sym.line_of(p.name.span, written.span)}: {what} cannot have its name",
                      f"{hint}: rename one of them")
        else:
            sym.error(p.name, f"{card_attribute_at(sym, name, p.name.span)}: a parameter cannot have its name",
                      f"{hint}: rename {'one of them' if written is not None else 'the parameter'}")


def _attribute_written(sym, name: str):
    """The Name that gives the cards attribute `name` first: its counter per card, or the
    first listed card's line; None for the standard deck's and the cards' titles."""
    counter = sym.card_counters.get(name)
    if counter is not None:
        return counter.name
    return next((a.name for cd in sym.card_decls for a in cd.attrs if a.name.name == name), None)


# ---- a local value named again ------------------------------------------------------------

def already_used(sym, node: A.Name, known: tuple) -> str:
    """"'c' is already used in this rule: a card chosen at line 12", for a name given
    again where a local value of that name is known (`known`: its type and binding node,
    names.Scope)."""
    t, binder = known
    what = _bound_as(sym, binder, t.describe() if t is not None else "a value")
    at = binder.param if isinstance(binder, (A.QuantityDecl, A.HeuristicDecl, A.PayoffDecl, A.DefineDecl)) else binder
    where = f" at {sym.line_of(at.span, node.span)}" if getattr(at, "span", None) is not None else ""
    return f"'{node.name}' is already used in this rule: {what}{where}"


def _bound_as(sym, binder, held: str) -> str:
    """What binds a local value, in words, `held` being what it holds ('a card')."""
    noun = held.split(" ", 1)[1] if held.startswith(("a ", "an ")) else held
    if isinstance(binder, A.Let):
        return f"{held} named by 'let'"
    if isinstance(binder, (A.Move, A.Reveal)):
        return f"{held} named by 'as'"
    if isinstance(binder, (A.Choose, A.ForEachChosen)):
        return f"{held} chosen"
    if isinstance(binder, A.ActionParam):
        return f"{held} the action chooses"
    if isinstance(binder, (A.ForEach, A.SumFor, A.LeastSum, A.Extremes, A.Extreme)):
        return f"each {noun} of a 'for each'"
    if isinstance(binder, A.Quantifier):
        return f"each {noun} tested by '{binder.kind}'"
    if isinstance(binder, A.Filter):
        return f"each {noun} tested by 'where'"
    if isinstance(binder, A.QuantityDecl):
        return f"the player of quantity '{binder.name.name}'"
    if isinstance(binder, (A.HeuristicDecl, A.PayoffDecl)):
        return f"the player of the {'heuristic' if isinstance(binder, A.HeuristicDecl) else 'payoff'}"
    for d in sym.defines.values():
        if binder is d or any(q is binder for q, _ in d.more):
            return f"{held}, a parameter of definition '{d.name.name}',"
    for r in sym.rules.values():
        if any(p is binder for p, _ in r.params):
            return f"{held}, a parameter of rule '{r.name.name}',"
    return f"{held}, a group of 'outside groups'," if isinstance(binder, A.Name) else held
