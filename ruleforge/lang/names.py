"""Name resolution: every name the rules use becomes a typed reference (refs.py), once.

Locals live in a chain of scopes; inside `where` and a quantifier's condition a scope
also knows the element being tested, so `it` and its attributes written alone resolve
to it. Anything else is looked up in the symbol table.
"""

from __future__ import annotations

import enum
import os
from typing import Optional

from . import ast as A
from . import refs as R
from . import types as T
from .clashes import already_used, local_clash, refuse_word
from .diagnostics import closest, did_you_mean, slip_of
from .limits import MAX_DEFINE_DEPTH, raise_hint
from . import own_filter
from .slips import other_word
from .symbols import SymbolTable
from .types import ANY, BOOL, CARD, NUMBER, PLAYER, ROW, TEXT, ZONE, Type, list_of
from .visitor import Visitor


# what a parameter of each type is written as (as the hints of --set say it)
_HINTS = {NUMBER: "write a whole number, such as 3", BOOL: "write true or false",
          TEXT: 'write a text in quotes, such as "north"',
          list_of(NUMBER): "write a list of numbers, such as [5, 7]"}


class Want(enum.Enum):
    """What the place of an expression expects, for a better 'did you mean'."""
    ZONE = "zone"
    PLAYER = "player"
    COLLECTION = "collection"


class Scope:
    """Local names: a chain of dicts name -> (type, binder node)."""

    def __init__(self, parent: Optional["Scope"] = None, element: Optional[tuple] = None):
        self.parent = parent
        self.names: dict[str, tuple] = {}
        # (element type, filter node) inside a `where`/`has` condition
        self.element = element
        self.named: Optional[str] = None  # `for each c in C where ...`: the element is `c`

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

    def named_element(self) -> Optional[tuple]:
        """(name, type) of the element a `for each NAME in C where` condition names, if
        this scope is inside one (there, the element is not `it`)."""
        s = self
        while s is not None:
            if s.named is not None:
                return s.named, s.names[s.named][0]
            s = s.parent
        return None

    def all_names(self):
        s, out = self, set()
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out


class Resolver(Visitor, abstract=True):
    """The part of the type checker that resolves names; it records what it finds in
    the symbol table's `refs` and each expression's type in `types`."""

    def __init__(self, sym: SymbolTable):
        self.sym = sym
        self.refs = sym.refs
        self.types: dict = {}
        self.card_ctx = False  # inside a card's definition: 'this' and 'owner' mean something
        self.in_setup = False  # checking setup, where there is no current player
        self.of_parent: dict = {}  # an operand of 'top of', 'NAME of'... -> that expression
        self.misread: set = set()  # chains of 'of' whose last attribute was misread (said there)
        self.bare_action: Optional[set] = None  # in an action with no `with` line: the unknown names said
        self.define_types: dict[str, Optional[Type]] = {}
        self.define_busy: set[str] = set()
        self.define_chain: dict[str, int] = {}  # name -> how deep definitions go in it, itself counted
        self.define_stack: list[int] = []       # the deepest chain used so far by each body being checked
        self.define_too_deep = False            # said once
        self.depth = 0
        self.variant_said: set[str] = set()     # parameters whose variant value is said to be of the wrong type

    def error(self, node_or_span, message: str, hint: str | None = None) -> None:
        self.sym.error(node_or_span, message, hint)

    def require(self, node, t: Optional[Type], want: Optional[Type], what: str) -> None:
        # (want None: a parameter's kind that no value has, said at its heading: `of bool b`)
        if t is not None and want is not None and not t.compatible(want):
            if not self.variant_value(node, t, want) and not self.quoted_number(node, want):
                self.error(node, f"{what} must be {want.describe()}, not {t.describe()}")

    def quoted_number(self, node, want: Type) -> bool:
        """`parameter target = "40"`, read as a number: said once, at the parameter's value,
        where the quotes are the mistake (not at each use). True when said."""
        ref = self.refs.get(node) if isinstance(node, A.Name) else None
        if want != NUMBER or not isinstance(ref, R.Param):
            return False
        value = getattr(self.param_decl(node.name), "value", None)
        if not isinstance(value, A.Text) or not value.value.strip().lstrip("-").isdigit():
            return False
        if node.name not in self.variant_said:
            self.variant_said.add(node.name)
            self.error(value, f"'{node.name}' is a text here: a number is written without quotes",
                       f"write: parameter {node.name} = {value.value.strip()}")
        return True

    def param_decl(self, name: str) -> Optional[A.ParamDecl]:
        return next((p for p in self.sym.of_kind(A.ParamDecl) if p.name.name == name), None)

    def variant_value(self, node, t: Type, want: Type) -> bool:
        """A base file reads a parameter as `want`, and the variant being checked gives it
        a value of another type (`parameter hearts_trump = 3`): said once, at the variant's
        value, as --set says it (the mistake is there, not in the base). True when said."""
        ref = self.refs.get(node) if isinstance(node, A.Name) else None
        if not isinstance(ref, R.Param) or node.span.file is None or want not in _HINTS:
            return False
        decl = self.param_decl(node.name)
        if decl is None or decl.name.span.file is not None:
            return False
        if node.name not in self.variant_said:
            self.variant_said.add(node.name)
            where = f"{os.path.normpath(node.span.file)}:{node.span.line}"
            self.error(decl.value, f"'{node.name}' takes {want.describe()}, not {t.describe()}: "
                                   f"{where} uses it as one", _HINTS[want])
        return True

    def bind(self, scope: Scope, name: A.Name, t: Optional[Type], binder) -> None:
        from .parse import EXPRESSION_WORDS, STATEMENT_WORDS
        if name.name in EXPRESSION_WORDS | STATEMENT_WORDS:
            refuse_word(self.sym, name, "value")
        known = scope.lookup(name.name)
        if known is not None:
            self.error(name, already_used(self.sym, name, known), "pick another name")
        elif local_clash(self.sym, name) is not None:  # a declaration's name, or a symbol
            self.error(name, *local_clash(self.sym, name))
            t = None  # (its uses are then quiet: said once, here)
        scope.names[name.name] = (t, binder)

    def name(self, node: A.Name, scope: Scope, want: Optional[Want]) -> Optional[Type]:
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
        if n in self.sym.clashed:  # (a declaration and a symbol: said once, where declared)
            return None
        said = self.needs_owner(n, scope)
        if said is not None:
            self.error(node, *said)
            return None
        if n in self.sym.defines:
            t = self.define_type(n)
            self.refs[node] = R.Definition(n, t)
            return t
        if n in self.sym.quantities:
            self.refs[node] = R.Quantity(n, NUMBER)
            return NUMBER
        if n in self.sym.params:
            self.refs[node] = R.Param(n, self.sym.param_types[n])
            return self.sym.param_types[n]
        if n in self.sym.counters:
            self.refs[node] = R.Counter(n, self.sym.counter_types[n])
            return self.sym.counter_types[n]
        if n in self.sym.zones:
            z = self.sym.zones[n]
            if z.owner is not None:
                self.error(node, f"zone '{n}' belongs to {z.owner}", f"write '{n} of {z.owner}'")
                return None
            t = ROW if z.decl.kind == "row" else ZONE
            self.refs[node] = R.Zone(n, t)
            return t
        if n in self.sym.pieces:
            self.refs[node] = R.Pieces(n, list_of(T.PieceType(n)))
            return list_of(T.PieceType(n))
        if n in dict(self.sym.roles):
            self.refs[node] = R.Role(n, PLAYER)
            return PLAYER
        domain = self.sym.symbol_domain(n)
        if domain is not None:
            self.refs[node] = R.Symbol(n, T.SymbolType(domain))
            return T.SymbolType(domain)
        if n in self.sym.unparsed:
            return None
        if any(etype is None for etype, _ in scope.elements()) and self.some_attribute(n):
            return None  # the element tested is not known (its collection is a mistake): say nothing
        pools = {
            Want.ZONE: list(self.sym.zones),
            Want.PLAYER: [r for r, _ in self.sym.roles] + ["current"],
        }
        candidates = pools.get(want) or (
            list(scope.all_names()) + list(self.sym.params) + list(self.sym.counters) + list(self.sym.zones)
            + list(self.sym.pieces) + list(self.sym.defines) + [r for r, _ in self.sym.roles]
            + [a for etype, _ in scope.elements() for a in self.attributes(etype)]
            + [s for v in self.sym.domains.values() for s in v])
        what = {Want.ZONE: "zone", Want.PLAYER: "player"}.get(want, "name")
        close = closest(n, candidates)
        hint = f"did you mean '{close}'?" if close else None
        named = scope.named_element() if what == "name" else None
        if named is not None and (n == "it" or named[1] is not None and n in self.attributes(named[1])):
            # `for each c in hand where suit = hearts`: the element has a name there
            hint = (f"in 'for each {named[0]} in ... where', the element is named '{named[0]}': write "
                    + (f"'{named[0]}'" if n == "it" else f"'{named[0]}.{n}'"))
        elif (getattr(self, "choosing", None) or ("",))[0] == n and n != "it":
            hint = own_filter.hint(n, self.choosing[1])
        elif self.bare_action is not None and what == "name" and not (close and slip_of(n, close)) \
                and not self.some_attribute(n):
            # an action with no `with` line, using the card it was meant to name: said once
            if n in self.bare_action:
                return None
            self.bare_action.add(n)
            hint = f"an action names the card it acts on with 'with {n} in ZONE', under its first line"
        elif hint is None and what == "name" and self.some_attribute(n):
            hint = f"'{n}' is an attribute: write 'CARD.{n}', or use it inside 'where'"
        elif hint is None and n in ("joker", "jokers") and "joker" not in self.sym.domains.get("rank", ()):
            hint = "a standard deck has jokers only when it says so: 'cards: standard deck with 2 jokers in ZONE'"
        hint = (what == "name" and other_word(n)) or hint  # `max`, `abs`: said in this language's words
        self.error(node, f"unknown {what} '{n}'", hint)
        return None

    def needs_owner(self, n: str, scope: Scope, read: bool = True) -> Optional[tuple[str, str]]:
        """(message, hint) when `n`, written alone, is kept per player or per card (a
        counter, a quantity, a zone, a definition with a parameter) and needs its owner
        (`cracks > 2` for `cracks of current`); else None."""
        from .values import kind_type
        sym = self.sym
        if n in sym.counters and sym.counters[n].per_player:
            message, t = f"'{n}' is a counter per player", PLAYER
        elif n in sym.quantities and sym.quantities[n].param is not None:
            message, t = f"'{n}' is a quantity per player", PLAYER
        elif n in sym.zones and sym.zones[n].owner == "each":
            message, t = f"zone '{n}' belongs to a player", PLAYER
        elif n in sym.defines and sym.defines[n].param is not None:
            d = sym.defines[n]
            if d.more:
                kinds = [d.param_kind] + [k for _, k in d.more]
                return f"'{n}' takes {len(kinds)} values", f"write '{n} of ({', '.join(k.upper() for k in kinds)})'"
            t = kind_type(sym, d.param_kind)
            message = f"'{n}' takes {t.describe() if t is not None else d.param_kind}"
        elif n in sym.card_counters and all(et is not None for et, _ in scope.elements()):
            card = self.owner_word(scope, CARD)
            return f"'{n}' is a counter per card", f"write '{card}.{n}'" + (f", or '{n}' alone inside 'where'"
                                                                            if read else "")
        else:
            return None
        if t not in (PLAYER, CARD):
            return message, f"write '{n} of ...'"
        who = self.owner_word(scope, t)
        more = " (or of another player)" if t == PLAYER and who != "PLAYER" else ""
        return message, f"write '{n} of {who}'{more}"

    def owner_word(self, scope: Scope, t: Type) -> str:
        """A player (or a card) as a hint writes it: the innermost local value of that type
        (`p`, `card`, `it` in a 'where'), else `current` (`this` in a card's own rules),
        else the placeholder PLAYER (setup has no current player) or CARD."""
        s = scope
        while s is not None:
            if s.element is not None and s.element[0] == t and s.named is None:
                return "it"
            for name, (lt, _) in reversed(s.names.items()):
                if lt == t:
                    return name
            s = s.parent
        if t == PLAYER:
            return "PLAYER" if self.in_setup else "current"
        return "this" if self.card_ctx else "CARD"

    def of(self, node: A.Of, scope: Scope) -> Optional[Type]:
        n = node.name.name
        self.of_parent[node.owner] = node
        if n in self.sym.zones:
            z = self.sym.zones[n]
            if isinstance(node.owner, A.Slot) and z.decl.kind == "row" and node.owner.zone.name in (z.owner, "current"):
                # `board of north slot 2` reads as board of (north slot 2)
                from .exprs import written
                k = str(node.owner.index.value) if isinstance(node.owner.index, A.Number) else \
                    written(node.owner.index) or "N"
                self.error(node, f"'{n} of {node.owner.zone.name} slot ...' reads as '{n} of "
                                 f"({node.owner.zone.name} slot ...)', and a player has no slots",
                           f"write '{n} slot {k}': a row of {z.owner} is named by its slots alone" if z.owner != "each"
                           else "a slot of a row per player cannot be named in an expression yet; moving cards "
                                f"there works: 'move CARDS to {n} of PLAYER slots {k} to {k}'")
                return None
            ot = self.expr(node.owner, scope, want=Want.PLAYER)
            self.refs[node.name] = R.Zone(n, ROW if z.decl.kind == "row" else ZONE)
            if z.owner is None:
                self.error(node.name, f"zone '{n}' is shared and belongs to no one", f"write just '{n}'")
            elif z.owner == "each":
                self.require(node.owner, ot, PLAYER, "the owner of a zone")
            elif not (isinstance(node.owner, A.Name) and node.owner.name == z.owner):
                self.error(node.owner, f"zone '{n}' belongs to {z.owner} only", f"write '{n} of {z.owner}'")
            return ROW if z.decl.kind == "row" else ZONE
        if n in self.sym.pieces:
            info = self.sym.pieces[n]
            ot = self.expr(node.owner, scope)
            self.refs[node.name] = R.Pieces(n, T.PieceType(n))
            self.require(node.owner, ot, T.SymbolType(info.domain), f"the {info.key} of a {n}")
            return T.PieceType(n)
        if n in self.sym.defines and self.sym.defines[n].param is not None:
            kind = self.sym.defines[n].param_kind
            from .values import kind_type
            self.require(node.owner, self.expr(node.owner, scope, want=Want.PLAYER if kind == "player" else None),
                         kind_type(self.sym, kind), f"what '{n}' is defined of")
            t = self.define_type(n)
            self.refs[node.name] = R.Definition(n, t)
            return t
        if n in self.sym.quantities:
            self.refs[node.name] = R.Quantity(n, NUMBER)
            ot = self.expr(node.owner, scope, want=Want.PLAYER)
            if self.sym.quantities[n].param is None:
                self.error(node.name, f"quantity '{n}' is shared", f"write just '{n}'")
            self.require(node.owner, ot, PLAYER, "the owner of a quantity")
            return NUMBER
        if n in self.sym.counters:
            self.refs[node.name] = R.Counter(n, self.sym.counter_types[n])
            ot = self.expr(node.owner, scope, want=Want.PLAYER)
            if not self.sym.counters[n].per_player:
                self.error(node.name, f"counter '{n}' is shared", f"write just '{n}'")
            self.require(node.owner, ot, PLAYER, "the owner of a counter")
            return self.sym.counter_types[n]
        self.expr(node.owner, scope)
        if n in self.sym.unparsed:
            return None
        if self.sym.global_kind(n) is None and scope.lookup(n) is None and self.sym.symbol_domain(n) is None:
            # declared nowhere: a misspelling, said as `trciks > 99` says it
            self.error(node.name, f"unknown name '{n}'", other_word(n) or did_you_mean(n, self.of_names()))
            return None
        self.error(node.name, f"'{n}' is not a zone, a set of pieces, a counter, a quantity or a "
                              "definition with a parameter, so it has no 'of'",
                   did_you_mean(n, self.of_names()))
        return None

    def of_names(self) -> list[str]:
        """The names that take 'of': zones, pieces, counters, quantities, definitions with a parameter."""
        return (list(self.sym.zones) + list(self.sym.pieces) + list(self.sym.counters)
                + list(self.sym.quantities) + [d for d, v in self.sym.defines.items() if v.param])

    def some_attribute(self, n: str) -> bool:
        """Is `n` an attribute of cards or of some pieces?"""
        return any(n in self.attributes(t) for t in [CARD] + [T.PieceType(k) for k in self.sym.pieces])

    def attributes(self, t: Optional[Type]) -> dict:
        if t == CARD:
            return {n: (v if v is not None else (self.card_attr_type(n) or ANY))
                    for n, v in self.sym.card_attrs.items()}
        if isinstance(t, T.PieceType):
            info = self.sym.pieces.get(t.kind)
            if info is None:
                return {}
            out = {info.key: T.SymbolType(info.domain)}
            out.update({a: NUMBER for a in info.attrs})
            return out
        return {}

    def define_type(self, name: str) -> Optional[Type]:
        """The type of a definition, its body checked once; also how deep definitions
        go inside it (`define_chain`), held to MAX_DEFINE_DEPTH: each level is a call
        when the game runs."""
        if name in self.define_types:
            self._used_chain(self.define_chain.get(name, 0))
            return self.define_types[name]
        if name in self.define_busy:
            d = self.sym.defines[name]
            self.error(d.name, f"'{name}' is defined in terms of itself")
            self.define_types[name] = None
            return None
        d = self.sym.defines[name]
        if len(self.define_stack) >= MAX_DEFINE_DEPTH:
            # checked from here down later, from the loop over every definition
            self._chain_too_deep(d)
            self._used_chain(MAX_DEFINE_DEPTH + 1)
            return None
        self.define_busy.add(name)
        scope = Scope()
        if d.param is not None:
            _bind_params(self, scope, d)
        # a body's expression depth is its own: the definitions it uses are calls
        depth, self.depth = self.depth, 0
        self.define_stack.append(0)
        try:
            t = self.expr(d.value, scope)
        finally:
            self.depth = depth
            chain = self.define_stack.pop() + 1
        if chain > MAX_DEFINE_DEPTH:
            self._chain_too_deep(d)
        self.define_chain[name] = chain
        self._used_chain(chain)
        self.define_busy.discard(name)
        self.define_types[name] = t
        return t

    def _chain_too_deep(self, d) -> None:
        if not self.define_too_deep:
            self.define_too_deep = True
            self.error(d.name, f"a chain of definitions, each computed from the next, is limited to "
                               f"{MAX_DEFINE_DEPTH}, and '{d.name.name}' is past it", raise_hint("MAX_DEFINE_DEPTH"))

    def _used_chain(self, chain: int) -> None:
        if self.define_stack:
            self.define_stack[-1] = max(self.define_stack[-1], chain)

    def card_attr_type(self, name: str) -> Optional[Type]:
        """The type of a card attribute: the kind of plain value most cards give it (so
        that the odd card out is the one reported), or else the first card's expression's."""
        if name in self.sym.card_attr_types:
            return self.sym.card_attr_types[name]
        if name in self.sym.card_attr_busy:
            return None
        self.sym.card_attr_busy.add(name)
        t = None
        exprs = [a.value for cd in self.sym.card_decls for a in cd.attrs if a.name.name == name]
        plain = [lt for lt in map(self.literal_type, exprs) if lt is not None]
        if name in self.sym.domains:  # an `attribute` line says what it holds
            t = T.SymbolType(name)
        elif plain:
            t = max(plain, key=plain.count)  # (the first of the most common)
        if t is None and exprs:
            t = self.card_expr(exprs[0])
        self.sym.card_attr_busy.discard(name)
        self.sym.card_attr_types[name] = t
        return t

    def literal_type(self, e) -> Optional[Type]:
        if isinstance(e, A.Number) or (isinstance(e, A.Unary) and e.op == "-" and isinstance(e.operand, A.Number)):
            return NUMBER
        if isinstance(e, A.Text):
            return TEXT
        if isinstance(e, A.Bool):
            return BOOL
        if isinstance(e, A.Name) and self.sym.global_kind(e.name) is None:
            domain = self.sym.symbol_domain(e.name)
            if domain is not None:
                return T.SymbolType(domain)
        return None

    def card_expr(self, e, scope: Optional[Scope] = None) -> Optional[Type]:
        was, self.card_ctx = self.card_ctx, True
        try:
            return self.expr(e, scope or Scope())
        finally:
            self.card_ctx = was


def _bind_params(res, scope, d) -> None:
    """A definition's parameters into its body's scope, each by its own name (`define pile
    of player p, colour c`)."""
    for p, kind, at in ((d.param, d.param_kind, d), *((q, k, q) for q, k in d.more)):
        res.bind(scope, p, param_type(res, p, kind), at)


def param_type(res, p: A.Name, kind: str) -> Optional[T.Type]:
    """The type a parameter's kind word names (`of card c`), for a definition's or a called
    rule's heading; a kind no value has (`of colur c`) is said at the parameter's name (a
    definition's passed in silence, the name then holding anything)."""
    from .values import kind_type
    t = kind_type(res.sym, kind)
    if t is None:
        kinds = list(T.BY_WORD) + list(res.sym.domains)
        res.error(p, f"'{kind}' is not a kind of value, so '{p.name}' cannot be one",
                  did_you_mean(kind, kinds) or f"write one of: {', '.join(kinds)}")
    return t
