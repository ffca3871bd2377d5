"""Generated cards: the standard deck's variants (`cards: 2 standard decks without 8, 9, 10
with 2 jokers in Z`) and card lists made as products of attribute values
(`cards "{colour} {value}" for each colour in [...] and value from 2 to 10:`).

A card list is expanded by the symbol table into one CardDecl per combination of its
loops' values, with plain values only (numbers, texts, yes/no, symbols), so everything
after it (the type checker, the card table, variants' listing) sees ordinary listed
cards. Each mistake is reported once, at the list's own line.
"""

from __future__ import annotations

import re

from . import ast as A
from .cards import JOKER_RANK, RANKS, STANDARD_ATTRS, STANDARD_DOMAINS
from .const import arithmetic, by_zero, pair
from .diagnostics import Span, did_you_mean
from .limits import MAX_CARD_KINDS, MAX_CARDS, raise_hint
from .ranges import STEP_HINT, step_message
from .slips import reserved_word

BRACES = re.compile(r"\{([^{}]*)\}")


class Sym(str):
    """A symbol value (a loop over `[red, green]`), as opposed to a text."""


class Refused(Exception):
    def __init__(self, node, message: str, hint: str | None = None):
        super().__init__(message)
        self.node, self.message, self.hint = node, message, hint


# ---- the standard deck's variants ---------------------------------------------------------

def deck_kind(sym, decks: list) -> None:
    """The standard deck (with its attributes and symbols) or listed cards, not both, and
    something that says where listed cards start."""
    listed = [x for x in sym.tree.items if isinstance(x, (A.CardDecl, A.CardListDecl))]
    if decks:
        if decks[0].kind == "standard":
            sym.card_attrs = dict(STANDARD_ATTRS)
            sym.domains.update({k: list(v) for k, v in STANDARD_DOMAINS.items()})
            sym.deck = standard_options(sym, decks[0])
            for cd in listed[:1]:
                sym.error(cd, "this file uses the standard deck, so it cannot list cards too",
                          "write 'cards: listed in ZONE' to use only the listed cards")
        elif not listed and not sym.partial:  # (a card that did not parse is listed all the same)
            sym.error(decks[0], "no card is listed", "add 'card \"NAME\":' blocks")
    elif listed:
        sym.error(listed[0], "cards are listed but nothing says where they start",
                  "add 'cards: listed in ZONE'")


def standard_options(sym, d: A.CardsDecl) -> tuple:
    """(decks, ranks left out, jokers) of `cards: ... standard deck ...`, checked; the
    symbol table's domains gain `joker` and `none` when there are jokers."""
    ok = True
    left_out = []
    for r in d.without:
        rank = str(r.value) if isinstance(r, A.Number) else r.name
        if rank not in RANKS:
            ok = False
            sym.error(r, f"'{rank}' is not a rank of the standard deck", "the ranks are A, 2 to 10, J, Q, K")
        elif rank in left_out:
            ok = False
            sym.error(r, f"'{rank}' is left out already")
        else:
            left_out.append(rank)
    if d.decks < 1:
        ok = False
        sym.error(d.decks_span, "the game needs at least one deck")
    if d.jokers_span is not None and d.jokers < 1:
        ok = False
        sym.error(d.jokers_span, "a deck with jokers has at least one", "leave out 'with 0 jokers'")
    per_deck = 4 * (len(RANKS) - len(left_out))
    total = d.decks * per_deck + d.jokers
    if ok and total == 0:
        ok = False
        sym.error(d, "this deck has no card left", "leave out fewer ranks")
    if ok and total > MAX_CARDS:
        ok = False
        sym.error(d.decks_span or d.jokers_span or d,
                  f"this deck has {total:,} cards: a game is limited to {MAX_CARDS:,}", raise_hint("MAX_CARDS"))
    if d.jokers:
        sym.domains["rank"].append(JOKER_RANK)  # (a joker's suit is none, no symbol)
    return (d.decks, tuple(left_out), d.jokers) if ok else (1, (), 0)


# ---- card lists ------------------------------------------------------------------------------

def listed_cards(sym) -> list:
    """Every listed card, in the order of the file, each list expanded where it stands."""
    out = []
    for item in sym.tree.items:
        if isinstance(item, A.CardDecl):
            out.append(item)
        elif isinstance(item, A.CardListDecl):
            out.extend(expand(sym, item, len(out)))
    return out


def expand(sym, d: A.CardListDecl, kinds_before: int) -> list:
    """The CardDecls of a card list, in the order of its loops (the last varies
    fastest); [] after saying why when it cannot be made."""
    try:
        loops = [loop_values(sym, d, lp) for lp in d.loops]
        kinds = 1
        for lp, values in zip(d.loops, loops):
            kinds *= len(values)
        shape = " x ".join(str(len(v)) for v in loops)
        if kinds_before + kinds > MAX_CARD_KINDS:
            raise Refused(Span(d.span.line, d.span.column, d.span.line, d.title_span.end_column, d.span.file),
                          f"this list makes {kinds:,} kinds of card ({shape}): a game lists at most "
                          f"{MAX_CARD_KINDS:,} kinds of card (each may have copies)", raise_hint("MAX_CARD_KINDS"))
        for e in d.effects[:1]:
            raise Refused(e.trigger, "a generated card list gives attributes only",
                          "write a card with effects as its own 'card \"TITLE\":' block")
        for m in d.modifiers[:1]:
            raise Refused(m, "a generated card list gives attributes only",
                          "write a card with modifiers as its own 'card \"TITLE\":' block")
        names = [lp.name.name for lp in d.loops]
        seen = set()
        for a in d.attrs:
            n = a.name.name
            if n in names:
                raise Refused(a.name, f"'{n}' is the loop's value on every card of this list",
                              "remove this line, or give the loop another name")
            if n == "name":
                raise Refused(a.name, "a card's name is its title", "remove this line")
            if n in seen:
                raise Refused(a.name, f"'{n}' is given twice for these cards")
            seen.add(n)
        out, titles, total = [], {}, 0
        for combo in product(loops):
            env = dict(zip(names, combo))
            title = interpolate(d.title, env, d.title_span, "title")
            if title in titles:
                raise Refused(d.title_span, f"two cards of this list are named \"{title}\" "
                                            f"({describe(titles[title])} and {describe(env)})",
                              "put every loop's name in the title, such as \"{" + "} {".join(names) + "}\"")
            titles[title] = env
            attrs = [A.CardAttr(lp.name.span, lp.name, literal(lp.name.span, env[lp.name.name]))
                     for lp in d.loops]
            for a in d.attrs:
                v = value(sym, a.value, env)
                if a.name.name == "copies" and isinstance(v, int) and not isinstance(v, bool):
                    total += v
                attrs.append(A.CardAttr(a.span, a.name, literal(a.value.span, v)))
            if "copies" not in seen:
                total += 1
            out.append(A.CardDecl(d.span, title, tuple(attrs), (), ()))
        if total > MAX_CARDS:
            raise Refused(d.title_span, f"this list makes {total:,} cards, copies counted: a game is "
                                        f"limited to {MAX_CARDS:,}", raise_hint("MAX_CARDS"))
        return out
    except Refused as e:
        if e.message:  # (an empty one was said already)
            sym.error(e.node, e.message, e.hint)
        return []


def loop_values(sym, d: A.CardListDecl, lp: A.CardLoop) -> list:
    from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
    n = lp.name.name
    if n in EXPRESSION_WORDS | STATEMENT_WORDS:
        raise Refused(lp.name, *reserved_word(n, "attribute"))
    if sum(1 for other in d.loops if other.name.name == n) > 1:
        raise Refused(lp.name, f"'{n}' is already a loop of this list")
    if n == "name" or n == "copies":
        raise Refused(lp.name, f"'{n}' is not an attribute a loop can give", "name the loop after an attribute")
    if lp.values is None:
        low, high = (sym.const_int(x, "a loop's bound", -10**9, 10**9) for x in (lp.low, lp.high))
        step = 1 if lp.step is None else sym.const_int(lp.step, "a loop's step", -10**9, 10**9)
        if low is None or high is None or step is None:
            raise Refused(lp, "", None)
        if step < 1:
            raise Refused(lp.step, step_message(step), STEP_HINT)
        if low > high:
            raise Refused(lp, f"this list makes no card: '{n}' from {low} to {high} is empty",
                          "give the lower bound first")
        values = range(low, high + 1, step)
        if len(values) > MAX_CARD_KINDS:
            by = f" by {step:,}" if step != 1 else ""
            raise Refused(lp, f"'{n}' from {low:,} to {high:,}{by} makes {len(values):,} kinds of card: a game "
                              f"lists at most {MAX_CARD_KINDS:,}", raise_hint("MAX_CARD_KINDS"))
        return list(values)
    items = lp.values.items if isinstance(lp.values, A.ListOf) else None
    if items is None:
        if isinstance(lp.values, A.Name) and isinstance(sym.params.get(lp.values.name), list):
            sym.const(lp.values)  # records the parameter's use
            values = list(sym.params[lp.values.name])
        else:
            raise Refused(lp.values, f"'{n}' takes its values from a list such as [red, green], "
                                     "or a range such as 'from 2 to 10'")
    else:
        if len(items) > MAX_CARD_KINDS:
            raise Refused(lp.values, f"this list has {len(items):,} values: a game lists at most "
                                     f"{MAX_CARD_KINDS:,} kinds of card", raise_hint("MAX_CARD_KINDS"))
        values = [item_value(sym, n, x) for x in items]
        kinds = {type(v) for v in values}
        if len(kinds) > 1:
            raise Refused(lp.values, f"the values of '{n}' must be of one kind")
    if not values:
        raise Refused(lp.values, f"this list makes no card: '{n}' has no value", "give at least one value")
    dup = next((v for i, v in enumerate(values) if v in values[:i]), None)
    if dup is not None:
        raise Refused(lp.values, f"'{dup}' is given twice for '{n}'")
    return values


def item_value(sym, attr: str, x):
    """A value of a loop's list: a number, a text, a parameter, or a symbol of the
    attribute the loop is named after."""
    if isinstance(x, A.Name) and x.name not in sym.params:
        domain = sym.domains.get(attr)
        if domain is None:
            raise Refused(x, f"unknown attribute '{attr}': '{x.name}' is a symbol of no attribute of that name",
                          f"declare its symbols first: 'attribute {attr}: {x.name}, ...'")
        if x.name not in domain:
            raise Refused(x, f"'{x.name}' is not a {attr}",
                          did_you_mean(x.name, domain) or f"the {attr}s are {', '.join(domain[:8])}")
        return Sym(x.name)
    v = value(sym, x, {})
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise Refused(x, "a loop's value is a number, a text or a symbol")
    return v


def product(loops: list):
    combos = [()]
    for values in loops:
        combos = [c + (v,) for c in combos for v in values]
    return combos


def describe(env: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in env.items())


def interpolate(text: str, env: dict, span: Span, what: str) -> str:
    def sub(m):
        key = m.group(1).strip()
        if key not in env:
            if not key.isidentifier():  # `{value * 2}`: a list's texts fill in its loops' values only
                raise Refused(span, f"'{{{m.group(1)}}}' in this {what}: a card list fills in {{NAME}} of its "
                                    "loops only, not an expression",
                              f"write a loop's name alone, such as {{{next(iter(env))}}}" if env else None)
            raise Refused(span, f"'{{{m.group(1)}}}' in this {what} is not a loop of this list",
                          did_you_mean(key, env) or f"the loops are {', '.join(env) or 'none'}")
        return str(env[key])
    return BRACES.sub(sub, text)


def literal(span: Span, v):
    if isinstance(v, Sym):
        return A.Name(span, str(v))
    if isinstance(v, bool):
        return A.Bool(span, v)
    if isinstance(v, int):
        return A.Number(span, v)
    return A.Text(span, v)


NOT_PLAIN = ("an attribute of a generated card is a value worked out from the loops: a number, "
             "text, yes/no, symbol, parameter, arithmetic (with 'the greater of', 'the lesser of' and 'the "
             "difference between'), a comparison or 'if ... then ... else'")


def value(sym, node, env: dict):
    """The value of a generated card's attribute for one combination of the loops."""
    match node:
        case A.Number(value=v) | A.Bool(value=v):
            return v
        case A.Text(value=v):
            return interpolate(v, env, node.span, "text")
        case A.Name(name=n):
            if n in env:
                return env[n]
            if n in sym.params:
                sym.const(node)
                v = sym.params[n]
                if isinstance(v, list):
                    raise Refused(node, "a card's attribute cannot be a list")
                return v
            if sym.symbol_domain(n) is not None:
                return Sym(n)
            raise Refused(node, f"'{n}' is neither a loop of this list, a parameter nor a symbol",
                          did_you_mean(n, list(env) + list(sym.params)))
        case A.Unary(op="-", operand=x):
            return -number(sym, x, env)
        case A.Unary(op="not", operand=x):
            return not truth(sym, x, env)
        case A.Binary(op=op, left=l, right=r) if op in A.ARITHMETIC:
            a, b = number(sym, l, env), number(sym, r, env)
            if by_zero(op, b):
                raise Refused(node, f"{by_zero(op, b)} (for {describe(env)})")
            v = arithmetic(op, a, b)
            if abs(v) > 10**18:
                raise Refused(node, "the value of this attribute is too large")
            return v
        case A.Binary(op="=" | "!=" as op, left=l, right=r):  # (`is` and `is not` are built as these)
            same = value(sym, l, env) == value(sym, r, env)
            return same if op == "=" else not same
        case A.Binary(op="<" | "<=" | ">" | ">=" as op, left=l, right=r):
            a, b = number(sym, l, env), number(sym, r, env)
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
        case A.Binary(op="and" | "or" as op, left=l, right=r):
            a = truth(sym, l, env)
            return (a and truth(sym, r, env)) if op == "and" else (a or truth(sym, r, env))
        case A.Binary(op="in" | "not in" as op, left=l, right=A.ListOf(items=items)):
            found = value(sym, l, env) in [value(sym, x, env) for x in items]
            return found if op == "in" else not found
        case A.IfExpr(condition=c, then=t, otherwise=o):
            return value(sym, t, env) if truth(sym, c, env) else value(sym, o, env)
        case A.PairOf(op=op, left=l, right=r):
            v = pair(op, number(sym, l, env), number(sym, r, env))
            if abs(v) > 10**18:
                raise Refused(node, "the value of this attribute is too large")
            return v
    raise Refused(node, NOT_PLAIN, "write a card whose attribute is a rule as its own 'card \"TITLE\":' block")


def number(sym, node, env: dict) -> int:
    v = value(sym, node, env)
    if isinstance(v, bool) or not isinstance(v, int):
        raise Refused(node, f"this must be a number, not {v!r}")
    return v


def truth(sym, node, env: dict) -> bool:
    v = value(sym, node, env)
    if not isinstance(v, bool):
        raise Refused(node, f"this must be yes or no, not {v!r}")
    return v
