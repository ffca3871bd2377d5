"""The symbol table: every declaration of a rule file, checked and filed by name.

The table is filled first, one method per kind of declaration, in an order where each
kind may use the ones before it (a zone's size may be a parameter; pieces are keyed by a
card attribute). Constants are evaluated here (const.py); the rules that hold
expressions are checked afterwards by the type checker (rules.py), which reads the table.
"""

from __future__ import annotations

from typing import Any, Optional

from attrs import define

from . import ast as A
from . import refs as R
from . import types as T
from .cardlists import deck_kind, listed_cards
from .clashes import card_attribute_at, first_declarations, refuse_word, reserved_for
from .const import NotConstant, evaluate
from .diagnostics import Diagnostic, Span, did_you_mean, line_of
from .limits import (MAX_CARD_KINDS, MAX_CARDS, MAX_COPIES, MAX_ERRORS, MAX_LIST_ITEMS, MAX_NUMBER_DIGITS,
                     MAX_PLAYERS, MAX_ROW_SLOTS, MAX_SLOTS, MAX_ZONES, number_error, raise_hint)
from .overrides import Given
from .printable import CONTROL, plain
from .ranges import declared_range
from .removed import removed_names, taken_out
from .types import BOOL, NUMBER, TEXT, Type, list_of


class TooManyErrors(Exception):
    """MAX_ERRORS errors are found: checking stops (check.py says so)."""


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


class SymbolTable:
    """The declarations of one rule file, and the diagnostics and references found so
    far (shared with the type checker)."""

    def __init__(self, tree: A.RuleFile, overrides: dict | None = None,
                 unparsed: set[str] | None = None, partial: bool = False):
        self.tree = tree
        self.overrides = dict(overrides or {})
        # (a copy: parameters whose default is not a constant join it, so that what
        # uses them stays quiet)
        self.unparsed = set(unparsed or ())
        # Some items failed to parse: what seems missing may be in them, so say nothing
        # about missing parts (the syntax errors are reported already).
        self.partial = unparsed is not None and partial
        self.diags: list[Diagnostic] = []
        self.refs: dict = {}
        self.by_kind: dict[type, list] = {}
        for item in tree.items:
            self.by_kind.setdefault(type(item), []).append(item)
        self.seen: dict[str, A.Name] = {}
        self.seen_as: dict[str, str] = {}  # name -> what `declare` filed it as ('zone')
        self.refused: set[str] = set()  # words of the language declared as names, said where declared
        self.const_used: list[str] = []
        self.title = "untitled"
        self.roles: list = []           # [(name, title)]
        self.params: dict[str, Any] = {}
        self.param_types: dict[str, Type] = {}
        self.param_ranges: dict = {}    # name -> ranges.Range
        self.card_attrs: dict[str, Optional[Type]] = {}
        self.card_attr_types: dict[str, Optional[Type]] = {}
        self.card_attr_busy: set[str] = set()
        self.domains: dict[str, list] = {}
        self.cards_zone: Optional[str] = None
        self.card_decls: list = self.of_kind(A.CardDecl)
        self.deck = (1, (), 0)          # the standard deck's: (decks, ranks left out, jokers)
        self.said: set = set()          # (span, message) of the errors reported, said once
        self.zones: dict[str, ZoneInfo] = {}
        self.places = (0, 0)            # zones and slots laid out so far (count_places)
        self.pieces: dict[str, PiecesInfo] = {}
        self.counters: dict = {}
        self.counter_types: dict[str, Type] = {}
        self.card_counters: dict = {}
        self.quantities: dict = {}
        self.endings: dict = {}
        self.actions: dict = {}
        self.defines: dict = {}
        self.rules: dict = {}           # name -> RuleDecl (lang/calls.py)
        self.invariants: list = []
        self.turn_values: dict = {}     # name -> [type, the first 'let ... for the turn'] (lang/values.py)
        self.clashed: set[str] = set()  # names of a declaration and a symbol both, said (clashes.py)
        self.removed = removed_names(tree)  # what a variant took out of its base
        self.first_named = first_declarations(self)  # name -> (its first Name in the file, what it declares)

    def of_kind(self, kind: type) -> list:
        return self.by_kind.get(kind, [])

    # ---- reporting
    def error(self, node_or_span, message: str, hint: str | None = None) -> None:
        span = node_or_span if isinstance(node_or_span, Span) else node_or_span.span
        if self.removed and message.startswith("unknown ") and isinstance(node_or_span, A.Name):
            message, hint = taken_out(self, node_or_span, message, hint)
        if (span, message) in self.said:  # the cards of a generated list share their lines
            return
        self.said.add((span, message))
        self.diags.append(Diagnostic(span, message, hint))
        if len(self.diags) >= MAX_ERRORS:
            raise TooManyErrors

    def unknown(self, name: A.Name, what: str, candidates) -> None:
        if name.name in self.unparsed or name.name in self.refused:  # (said where it is declared)
            return
        self.error(name, f"unknown {what} '{name.name}'", did_you_mean(name.name, candidates))

    # ---- filling
    def fill(self) -> None:
        """Every declaration, kind by kind."""
        for g in self.of_kind(A.GameDecl)[:1]:
            self.title = g.title
        for r in self.of_kind(A.RoleDecl):
            self.role(r)
        self.players_decl(self.of_kind(A.PlayersDecl))
        together = self.of_kind(A.CooperativeDecl)
        self.cooperative = together[0] if together else None  # the line that makes the players one team
        for t in together[1:]:
            self.error(t, f"the game is already declared cooperative ({self.line_of(together[0].span, t.span)})")
        params = self.of_kind(A.ParamDecl)
        self.later_params = {p.name.name: p.name.span for p in params}  # (read before their line: say so)
        for p in params:  # parameters first: every constant may use them
            self.later_params.pop(p.name.name, None)
            self.param(p)
        self.unknown_overrides()
        for a in self.of_kind(A.AttributeDecl):
            self.attribute(a)
        self.cards(self.of_kind(A.CardsDecl))
        for z in self.of_kind(A.ZoneDecl):
            self.zone(z)
        self.start_zone(self.of_kind(A.CardsDecl))
        for pd in self.of_kind(A.PiecesDecl):
            declare_pieces(self, pd)
        for c in self.of_kind(A.CounterDecl):
            self.counter(c)
        for kind, what, table in ((A.QuantityDecl, "quantity", self.quantities),
                                  (A.EndingDecl, "ending", self.endings),
                                  (A.ActionDecl, "action", self.actions),
                                  (A.DefineDecl, "define", self.defines), (A.RuleDecl, "rule", self.rules)):
            for d in self.of_kind(kind):
                if self.declare(d.name, what):
                    table[d.name.name] = d
        for inv in self.of_kind(A.InvariantDecl):
            if self.declare(inv.name, "invariant"):
                self.invariants.append(inv)

    def declare(self, name: A.Name, what: str) -> bool:
        """File a top-level name, or say why it cannot be one: a name declared twice is
        said at the later line, whichever kind the table files first."""
        if name.name in reserved_for(what):
            refuse_word(self, name, what)
            return False
        if name.name == "pass" and what in ("action", "action group"):
            self.error(name, "'pass' is the name of passing, offered by 'takes an action or passes'",
                       "choose another name")
            return False
        first, first_as = self.first_named.get(name.name, (name, what))
        if name.name in self.seen or first is not name:
            prev = self.seen[name.name] if name.name in self.seen else first
            was = DECLARED_AS.get(self.seen_as.get(name.name, first_as), "a name")
            self.error(name, f"'{name.name}' is already declared as {was} at {self.line_of(prev.span, name.span)}",
                       "each name may be declared once")
            return False
        self.seen[name.name] = name
        self.seen_as[name.name] = what
        return True

    line_of = staticmethod(line_of)

    def role(self, r: A.RoleDecl) -> None:
        if self.declare(r.name, "role"):
            self.roles.append((r.name.name, r.title or r.name.name))

    @property
    def role_names(self) -> list[str]:
        return [r for r, _ in self.roles]

    def players_decl(self, players: list) -> None:
        if players:
            p = players[0]
            low, high = p.low, p.high
            if not 1 <= low <= high <= MAX_PLAYERS:
                self.error(p, f"player count {low if low == high else f'{low} to {high}'} is not possible",
                           f"give a count from 1 to {MAX_PLAYERS}, low before high"
                           + (f"; {raise_hint('MAX_PLAYERS')}" if high > MAX_PLAYERS else ""))
                low, high = min(low, MAX_PLAYERS), min(high, MAX_PLAYERS)
        else:
            low = high = max(len(self.roles), 1)
            if not self.roles and not self.partial:
                self.error(Span.point(1, 1), "the file says nothing about players",
                           "add a line such as 'players 2' or 'players 2 to 6'")
        # (an item that did not parse may be a role: the count is then not known)
        if self.roles and players and not self.partial and not (low == high == len(self.roles)):
            self.error(players[0], f"{len(self.roles)} roles are declared, so the game is for exactly "
                                   f"{len(self.roles)} {'player' if len(self.roles) == 1 else 'players'}")
        self.players = (low, high)

    def param(self, p: A.ParamDecl) -> None:
        if not self.declare(p.name, "parameter"):
            return
        self.const_used = []
        try:
            value = self.const(p.value)
        except NotConstant as e:
            self.unparsed.add(p.name.name)
            if e.message:
                self.error(e.node, e.message, e.hint or "a parameter's default is a number, yes/no, text or a list")
            return
        self.params[p.name.name] = value
        self.param_types[p.name.name] = const_type(value)
        # an override takes effect at once, so later defaults computed from it see it
        if p.name.name in self.overrides:
            self.apply_override(p, self.overrides[p.name.name])
        if (r := declared_range(self, p, value, self.overridden_hint())) is not None:
            self.param_ranges[p.name.name] = r

    def unknown_overrides(self) -> None:
        for name, text in self.overrides.items():
            if name not in self.params and name not in self.unparsed:
                self.error(Span(0, 0, 0, 0), f"--set {name}={text}: there is no parameter '{name}'",
                           did_you_mean(name, self.params) or
                           (f"the parameters are: {', '.join(self.params)}" if self.params
                            else "this file has no parameters"))

    def attribute(self, a: A.AttributeDecl) -> None:
        from .parse import EXPRESSION_WORDS
        if not self.declare(a.name, "attribute"):
            if self.first_named.get(a.name.name, (a.name, "attribute"))[1] != "attribute":
                # named like another declaration (said at its name): its symbols' uses stay quiet
                self.unparsed.update(v.name for v in a.values)
        else:
            for v in a.values:
                if v.name in EXPRESSION_WORDS:
                    self.error(v, f"'{v.name}' is a word of the language and cannot be a symbol",
                               "choose another name")
            if len(a.values) > MAX_LIST_ITEMS:
                self.error(a.values[MAX_LIST_ITEMS], f"this attribute has {len(a.values):,} symbols: an "
                                                     f"attribute is limited to {MAX_LIST_ITEMS:,}",
                           raise_hint("MAX_LIST_ITEMS"))
            self.domains[a.name.name] = [v.name for v in a.values]

    def cards(self, decks: list) -> None:
        """`cards: standard deck in Z` or `cards: listed in Z`, and the listed cards'
        attribute names (their types are found by the type checker)."""
        for c in decks[1:]:
            self.error(c, "the cards are already declared", "declare the cards once")
        if decks:
            self.cards_zone = decks[0].zone
        deck_kind(self, decks)
        if decks and decks[0].kind == "listed":
            self.card_decls = listed_cards(self)
        self.card_decls = limit_card_kinds(self, self.card_decls)
        self.triggers = {e.trigger.name for cd in self.card_decls for e in cd.effects}
        if decks and decks[0].kind == "listed":
            self.card_attrs = {"name": TEXT}
            for cd in self.card_decls:
                for a in cd.attrs:
                    if a.name.name in ("name",):
                        self.error(a.name, "a card's name is its title", "remove this line")
                    elif a.name.name != "copies":
                        self.card_attrs.setdefault(a.name.name, None)

    def zone(self, z: A.ZoneDecl) -> None:
        if not self.declare(z.name, "zone"):
            return
        owner = None
        if isinstance(z.owner, A.Name):
            if z.owner.name not in self.role_names:
                self.error(z.owner, f"unknown role '{z.owner.name}'", did_you_mean(z.owner.name, self.role_names))
            owner = z.owner.name
        elif z.owner == "each":
            owner = "each"
        info = ZoneInfo(z, owner)
        if z.kind == "row":
            info.size = self.const_int(z.size, "the number of slots", 1, MAX_ROW_SLOTS, "MAX_ROW_SLOTS") or 1
        count_places(self, z, info)
        if z.down_slots is not None:
            if z.kind != "row":
                self.error(z.down_slots, "only a row of slots has face-down slots")
            else:
                self.down_slots(z, info)
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

    def down_slots(self, z: A.ZoneDecl, info: ZoneInfo) -> None:
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
            self.error(e.node, e.message, e.hint)

    def start_zone(self, decks: list) -> None:
        """Where the cards start: a shared zone."""
        if self.cards_zone is not None and self.cards_zone.name not in self.zones:
            self.unknown(self.cards_zone, "zone", list(self.zones))
        elif self.cards_zone is not None and self.zones[self.cards_zone.name].owner is not None:
            self.error(self.cards_zone, "the cards start in a shared zone")
        if self.cards_zone is not None:
            self.cards_zone = self.cards_zone.name
        if not decks and not self.partial and not self.of_kind(A.CardDecl):
            # (listed cards with no `cards:` line are told so where the first one is: cardlists.py)
            self.error(Span.point(1, 1), "the file declares no cards", "add 'cards: standard deck in ZONE'")

    def counter(self, c: A.CounterDecl) -> None:
        from .parse import EXPRESSION_WORDS
        from .values import counter_type, per_card_kind
        if c.per == "card" and c.name.name in EXPRESSION_WORDS:
            refuse_word(self, c.name, "counter")
            return
        if c.per == "card" and per_card_kind(self, c):
            return
        if c.per == "card":
            if c.name.name in self.card_attrs:
                self.error(c.name, card_attribute_at(self, c.name.name, c.name.span))
                return
            self.const_int(c.value, "a counter's starting value", -10**9, 10**9)
            self.card_counters[c.name.name] = c
            self.card_attrs[c.name.name] = NUMBER
            self.card_attr_types[c.name.name] = NUMBER
        elif self.declare(c.name, "counter"):
            self.counter_types[c.name.name] = counter_type(self, c)
            self.counters[c.name.name] = c

    # ---- parameters and constants
    def apply_override(self, decl: A.ParamDecl, text) -> None:
        """`text`: a --set value, or a value given from Python (overrides.Given), which
        must have the parameter's type already."""
        name = decl.name.name
        t = self.param_types[name]
        given = isinstance(text, Given)
        value = text.as_type(t) if given else parse_value(text, t)
        if value is None:
            self.error(decl.name, f"--set {name}={text}: '{name}' takes {t.describe()}{text.other(t) if given else ''}",
                       f"such as {name}={Given(self.params[name])} (its default)" if given else
                       {NUMBER: "write a whole number, such as 3", BOOL: "write true or false",
                        list_of(NUMBER): "write numbers separated by commas, such as 5,7"}.get(t))
            return
        text = str(text)
        why = override_error(value)
        if why:
            shown = plain(text[:40]).replace("\n", "\\n").replace("\t", "\\t")
            self.error(decl.name, f"--set {name}={shown}{'...' if len(text) > 40 else ''}: {why}",
                       raise_hint("MAX_NUMBER") if "number" in why else None)
            return
        self.params[name] = value

    def overridden_hint(self) -> Optional[str]:
        """When a constant used an overridden parameter, say so: the mistake is in --set."""
        used = [n for n in self.const_used if n in self.overrides]
        if not used:
            return None
        return "; ".join(f"{n} is {self.overrides[n]} from --set {n}={self.overrides[n]}" for n in used)

    def const(self, node):
        """Evaluate a constant expression: literals, parameters and arithmetic."""
        return evaluate(node, self.const_param)

    def const_param(self, node: A.Name):
        if node.name in self.params:
            self.refs[node] = R.Param(node.name, self.param_types[node.name])
            self.const_used.append(node.name)
            return self.params[node.name]
        if node.name in self.unparsed:
            raise NotConstant(node, "")
        later = getattr(self, "later_params", {}).get(node.name)
        if later is not None:
            where = self.line_of(later, node.span)
            hint = f"move 'parameter {node.name}' above this line"
            if later.file != node.span.file:  # a variant's value over a base's order, which it cannot move
                hint = (f"parameters keep the order of the file that declares them first, where '{node.name}' "
                        "comes later: write this value as a number")
            raise NotConstant(node, f"'{node.name}' is declared further down ({where}): a parameter's default "
                                    "may use only the parameters above it", hint)
        raise NotConstant(node, f"'{node.name}' is not a parameter")

    def const_int(self, node, what: str, low: int, high: int, limit: str | None = None) -> Optional[int]:
        """A constant number from `low` to `high`, or None after saying why not; `limit`
        names the limits.py constant that `high` is, for the hint on raising it."""
        self.const_used = []
        try:
            v = self.const(node)
        except NotConstant as e:
            if e.message:
                self.error(e.node, e.message, e.hint)
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            self.error(node, f"{what} must be a number")
            return None
        if not low <= v <= high:
            self.error(node, f"{what} must be from {low:,} to {high:,}, not {v:,}",
                       self.overridden_hint() or (raise_hint(limit) if limit and v > high else None))
            return None
        r = self.param_ranges.get(node.name) if isinstance(node, A.Name) else None
        if r is not None and not (low <= r.low and r.high <= high):
            # `copies: n` with `parameter n = 3 in 0 to 5`: --set n=0 is in its range, yet
            # no game could take it
            bad = r.low if r.low < low else r.high
            self.error(node, f"'{node.name}' may be {bad:,} (its range is {r.low:,} to {r.high:,}, {r.where()}), but "
                             f"{what} must be from {low:,} to {high:,}",
                       f"narrow its range to {max(r.low, low):,} to {min(r.high, high):,}")
            return None
        return v

    # ---- looking names up
    def global_kind(self, n: str) -> Optional[str]:
        """What a top-level name is, in words ('a counter'), or None."""
        for kind, table in (("parameter", self.params), ("counter", self.counters), ("zone", self.zones),
                            ("set of pieces", self.pieces), ("definition", self.defines),
                            ("quantity", self.quantities), ("role", dict(self.roles)),
                            ("value of the turn", self.turn_values), ("rule", self.rules)):
            if n in table:
                return kind
        return None

    def symbol_domain(self, n: str) -> Optional[str]:
        for domain, values in self.domains.items():
            if n in values:
                return domain
        return None


# what `declare` files a name as, said as a thing ("'pile' is already declared as a zone")
DECLARED_AS = {"role": "a role", "parameter": "a parameter", "attribute": "an attribute", "zone": "a zone",
               "pieces": "a set of pieces", "counter": "a counter", "quantity": "a quantity", "ending": "an ending",
               "action": "an action", "define": "a definition", "rule": "a rule", "invariant": "an invariant",
               "action group": "an action group"}


def limit_card_kinds(sym: SymbolTable, decls: list) -> list:
    """The listed cards up to MAX_CARD_KINDS, having said so when there are more."""
    if len(decls) > MAX_CARD_KINDS:
        sym.error(decls[MAX_CARD_KINDS], f"this is card {MAX_CARD_KINDS + 1:,} of {len(decls):,}: a game lists "
                                         f"at most {MAX_CARD_KINDS:,} kinds of card (each may have copies)",
                  raise_hint("MAX_CARD_KINDS"))
    return decls[:MAX_CARD_KINDS]


def count_places(sym: SymbolTable, z: A.ZoneDecl, info: ZoneInfo) -> None:
    """Zones and slots in all, a per-player one once per player at the most players:
    said here, before the compiler lays out a board of millions of slots."""
    copies = sym.players[1] if info.owner == "each" else 1
    zones, slots = sym.places
    sym.places = (zones + copies, slots + copies * info.size)
    each = f" ({copies} players x {info.size:,})" if copies > 1 and info.size else ""
    if zones <= MAX_ZONES < zones + copies:
        sym.error(z, f"this zone makes {zones + copies:,} zones: a game is limited to {MAX_ZONES:,} "
                  "(a zone per player counts once per player)", raise_hint("MAX_ZONES"))
    if slots <= MAX_SLOTS < slots + copies * info.size:
        sym.error(z.size if z.size is not None else z,
                  f"this row makes {slots + copies * info.size:,} slots{each}: a game is limited to "
                  f"{MAX_SLOTS:,} slots in all rows (a row per player counts once per player)",
                  raise_hint("MAX_SLOTS"))


def const_type(v) -> Type:
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return NUMBER
    if isinstance(v, str):
        return TEXT
    return list_of(NUMBER)


def override_error(value) -> Optional[str]:
    """Why a --set value that has the parameter's type is still refused, or None."""
    numbers = [value] if isinstance(value, int) and not isinstance(value, bool) else \
        value if isinstance(value, list) else []
    if len(numbers) > MAX_LIST_ITEMS:
        return f"a list is limited to {MAX_LIST_ITEMS:,} items"
    for n in numbers:
        if number_error(n):
            return number_error(n)
    if isinstance(value, str) and (CONTROL.search(value) or "\n" in value or "\t" in value):
        # (a rule file's text is one line: a line break given here wrote lines of its own
        # into the narration)
        return "a text may not contain control characters or line breaks"
    return None


def parse_value(text: str, t: Type):
    """A --set value as the parameter's type, or None if it does not fit."""
    text = text.strip()
    if t == NUMBER:
        digits = text[1:] if text[:1] in "+-" else text
        if not digits.isdecimal() or not digits.isascii():  # words are no number, however long
            return None
        if len(digits.lstrip("0")) > MAX_NUMBER_DIGITS:
            return 10 ** MAX_NUMBER_DIGITS  # too large, and said so; never converted

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
        parts = body.split(",")
        if len(parts) > MAX_LIST_ITEMS:
            return [0] * (MAX_LIST_ITEMS + 1)  # too long, and said so
        out = []
        for x in parts:
            n = parse_value(x, NUMBER)
            if n is None:
                return None
            out.append(n)
        return out
    return None


def declare_pieces(sym: SymbolTable, pd: A.PiecesDecl) -> None:
    """`pieces NAME: one for each KEY in [...]` and its numbers, filed in the symbol table."""
    if not sym.declare(pd.name, "pieces"):
        return
    key = pd.key.name
    domain = None
    t = sym.card_attrs.get(key)
    if isinstance(t, T.SymbolType):
        domain = t.domain
    elif key in sym.domains:  # an `attribute` line's symbols (listed cards)
        domain = key
    else:
        sym_attrs = [a for a, t in sym.card_attrs.items() if isinstance(t, T.SymbolType)] + list(sym.domains)
        sym.error(pd.key, f"'{key}' is not a kind of symbol cards have",
                   did_you_mean(key, sym_attrs) or (f"use one of: {', '.join(sym_attrs)}" if sym_attrs else
                                                    "declare its symbols first: attribute NAME: A, B"))
    keys = []
    if isinstance(pd.keys, A.ListOf) and domain:
        for k in pd.keys.items:
            if isinstance(k, A.Name) and k.name in sym.domains[domain]:
                keys.append(k.name)
            else:
                sym.error(k, f"expected a {key}", did_you_mean(getattr(k, "name", ""), sym.domains[domain]))
    elif domain:
        sym.error(pd.keys, f"expected a list of {key}s, such as [{', '.join(sym.domains[domain][:2])}]")
    attrs = {}
    for a in pd.attrs:
        lo = sym.const_int(a.low, "the lowest value", -10**9, 10**9)
        hi = sym.const_int(a.high, "the highest value", -10**9, 10**9)
        start = sym.const_int(a.start, "the starting value", -10**9, 10**9)
        if None not in (lo, hi, start) and not lo <= start <= hi:
            sym.error(a.start, f"the starting value {start} is outside {lo} to {hi}")
        if a.name.name in attrs or a.name.name == key:
            sym.error(a.name, f"'{a.name.name}' is already an attribute of {pd.name.name}")
        attrs[a.name.name] = (lo or 0, hi or 0, start or 0)
    sym.pieces[pd.name.name] = PiecesInfo(pd, key, domain or "?", keys, attrs)
