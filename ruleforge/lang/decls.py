"""The declarations of a rule file: the top-level items, and the parts of cards, zones,
pieces and actions. Part of the syntax tree (ast.py re-exports them); like every node
they carry their span and compare by identity.
"""

from __future__ import annotations

from typing import Optional

from attrs import field, frozen

from .diagnostics import Span
from .node import node


__all__ = [
    "ExtendsDecl", "WithoutDecl", "GameDecl", "PlayersDecl", "CooperativeDecl", "RoleDecl", "ParamDecl", "CardsDecl",
    "AttributeDecl", "CardAttr", "CardEffect", "Modifier", "CardDecl", "CardLoop", "CardListDecl", "HeuristicDecl",
    "PayoffDecl",
    "QuantityDecl", "ZoneDecl", "PieceAttr", "PiecesDecl", "CounterDecl", "DefineDecl", "RuleDecl",
    "TurnOrderDecl", "SetupDecl", "TurnDecl", "ActionParam", "ActionDecl", "ActionGroupDecl", "EventDecl",
    "EndingDecl", "InvariantDecl", "MatchDecl", "RuleFile",
]


@node
class ExtendsDecl:
    """`extends "base.rules"`: this file is a variant of another."""
    span: Span
    path: str


@node
class WithoutDecl:
    """`without action pass`, `without when the round ends (scoring)`: a variant takes its
    base's item of that kind and name out (load.py; the checker never sees one)."""
    span: Span
    kind: str                 # the class of the item taken out: "ActionDecl", "EventDecl"...
    name: Optional[Name]      # its name; a 'runs out' rule's zone; None for a card
    title: Optional[str] = None   # a card's or card list's title
    event: Optional[str] = None   # an EventDecl's event: "round ends"...

    @property
    def heading(self) -> str:
        """The item as the line names it: `action pass`, `when the round ends (scoring)`."""
        if self.title is not None:
            return f'{"card" if self.kind == "CardDecl" else "cards"} "{self.title}"'
        if self.event == "runs out":
            return f"when {self.name.name} runs out"
        if self.event is not None:
            return f"when the {self.event}" + (f" ({self.name.name})" if self.name is not None else "")
        return f"{_WITHOUT_WORDS[self.kind]} {self.name.name}"


_WITHOUT_WORDS = {"ActionDecl": "action", "ActionGroupDecl": "actions", "EndingDecl": "ending",
                  "InvariantDecl": "invariant"}


@node
class GameDecl:
    span: Span
    title: str


@node
class PlayersDecl:
    span: Span
    low: int
    high: int


@node
class CooperativeDecl:
    """`cooperative`: the players are one team, who win or lose together."""
    span: Span


@node
class RoleDecl:
    span: Span
    name: Name
    title: Optional[str]


@node
class ParamDecl:
    """`parameter NAME = VALUE [in LOW to HIGH]`: a constant with a default, which --set,
    --sweep and variants may change within its range (each item, for a list)."""
    span: Span
    name: Name
    value: object
    low: Optional[object] = None
    high: Optional[object] = None


@node
class CardsDecl:
    span: Span
    kind: str  # "standard" or "listed"
    zone: Name
    decks: int = 1           # `cards: 2 standard decks in Z`
    without: tuple = ()      # Names or Numbers of ranks left out: `without 8, 9, 10`
    jokers: int = 0          # `with 2 jokers`
    decks_span: Optional[Span] = None
    jokers_span: Optional[Span] = None


@node
class AttributeDecl:
    """`attribute kind: creature, spell, ...`: the symbols a card attribute may take."""
    span: Span
    name: Name
    values: tuple


@node
class CardAttr:
    span: Span
    name: Name
    value: object


@node
class CardEffect:
    span: Span
    trigger: Name
    body: tuple


@node
class Modifier:
    """`add 1 to hand_limit of owner` while the card is active."""
    span: Span
    sign: int
    amount: object
    quantity: Name
    target: object


@node
class CardDecl:
    span: Span
    title: str
    attrs: tuple
    effects: tuple
    modifiers: tuple


@node
class CardLoop:
    """One factor of a generated card list: `colour in [red, green]`, `value from 2 to 10`."""
    span: Span
    name: Name
    values: Optional[object]   # a list (or list parameter); None for a range
    low: Optional[object] = None
    high: Optional[object] = None
    step: Optional[object] = None  # `from 2 to 10 by 2`; None: by 1


@node
class CardListDecl:
    """`cards "{colour} {value}" for each colour in [...] and value from 2 to 10:`: one
    card kind for each combination of the loops' values, in the loops' order (the last
    loop varies fastest); the symbol table expands it into CardDecls (lang/cardlists.py)."""
    span: Span
    title: str
    title_span: Span
    loops: tuple
    attrs: tuple
    effects: tuple
    modifiers: tuple


@node
class HeuristicDecl:
    """`heuristic of p: EXPR`: how good a position looks for p, to bots that look ahead;
    `heuristic: EXPR` (no param): for the team, in a cooperative game."""
    span: Span
    param: Optional[Name]
    value: object


@node
class PayoffDecl:
    """`payoff of p: EXPR`: what p gets when the game ends (chips won or lost, points),
    recorded in the result and the bots' objective; `payoff: EXPR` (no param): the
    team's, in a cooperative game."""
    span: Span
    param: Optional[Name]
    value: object


@node
class QuantityDecl:
    """A number that active cards may modify; per player when it has a parameter."""
    span: Span
    name: Name
    param: Optional[Name]
    value: object
    shown: bool = False  # `, shown`: on the play screen and in narration (see Game.shown_quantities)


@node
class ZoneDecl:
    span: Span
    name: Name
    owner: Optional[object]  # a role Name, "each" for one per player, or None (shared)
    title: Optional[str]
    kind: str                # "pile", "hand" or "row"
    size: Optional[object]   # slot count of a row
    facing: Optional[str]    # "up", "down", "private" or None (the kind's default)
    down_slots: Optional[object]
    active: bool = False     # cards here are in play: their 'while active' modifiers apply
    display: tuple = ()      # how a screen best shows it: (("shown", "fan"), ("grouped", Name), ("pieces", Name, Name))


@node
class PieceAttr:
    span: Span
    name: Name
    low: object
    high: object
    start: object


@node
class PiecesDecl:
    span: Span
    name: Name
    key: Name
    keys: object
    attrs: tuple


@node
class CounterDecl:
    span: Span
    name: Name
    per: Optional[str]  # None, "player" or "card"
    value: object       # the start; None for `counter NAME: KIND` (empty at the start)
    kind: Optional[Name] = None  # `counter NAME: KIND`: player, card or a kind of symbol
    shown: bool = False  # `, shown`: narrated (see Game.quiet_labels)

    @property
    def per_player(self) -> bool:
        return self.per == "player"


@node
class DefineDecl:
    span: Span
    name: Name
    value: object
    param: Optional[Name] = None
    param_kind: str = "player"  # what the parameter is: "player", "card", "number", "zone" or a kind of symbol
    more: tuple = ()            # the parameters after the first: ((Name, kind), ...)


@node
class RuleDecl:
    """`rule NAME [of KIND p, ...]:` and a block: statements a rule runs where it names
    this one (ast.Call); `params` are ((Name, kind), ...), kinds as a definition's."""
    span: Span
    name: Name
    params: tuple
    body: tuple


@node
class TurnOrderDecl:
    span: Span
    names: tuple


@node
class SetupDecl:
    span: Span
    body: tuple


@node
class TurnDecl:
    span: Span
    role: Optional[Name]
    body: tuple


@node
class ActionParam:
    span: Span
    name: Name
    domain: object              # a collection, or None for a range
    low: Optional[object] = None
    high: Optional[object] = None
    step: Optional[object] = None  # `from 0 to 20 by 5`; None: by 1
    some: bool = False          # `with NAME some of C where COND`: a set of elements of C
    condition: Optional[object] = None  # what the set must meet (it may name the set)
    unseen: bool = False        # `with NAME from ZONE, unseen`: a blind pick, by place


@node
class ActionDecl:
    span: Span
    name: Name
    title: Optional[str]
    role: Optional[Name]
    params: tuple
    allowed: Optional[object]
    body: tuple


@node
class ActionGroupDecl:
    """`actions betting: fold, call, raise`: a name for some actions, offered together by
    `takes one of betting`."""
    span: Span
    name: Name
    members: tuple              # Names of actions


@node
class EventDecl:
    span: Span
    event: str                # "runs out", "game ends", "round ends" or "round begins"
    zone: Optional[Name]
    body: tuple
    name: Optional[Name] = None  # `when the round ends (scoring):`, what a variant replaces it by

    @property
    def heading(self) -> str:
        """The rule's first line as written, without its name: `when the round ends`."""
        return f"when {self.zone.name} runs out" if self.zone is not None else f"when the {self.event}"


@node
class EndingDecl:
    span: Span
    name: Name
    title: Optional[str]
    winners: object
    condition: Optional[object]
    at_round_end: bool


@node
class InvariantDecl:
    span: Span
    name: Name
    title: Optional[str]
    condition: object


@node
class MatchDecl:
    """`match:`. The wins needed are number expressions (a number, a parameter, or one
    worked out from `count of players`: lang/matchrule.py), evaluated per player count;
    `starts` is ('winner' or 'loser', the line's span) for `next game: winner starts`."""
    span: Span
    total: Optional[object]
    streak: Optional[object]
    loser_chooses: Optional[Name]
    starts: Optional[tuple] = None
    twice: tuple = ()  # (("total" or "streak", the value), ...): given again after the first


@frozen
class RuleFile:
    items: tuple = field(factory=tuple)
    removed: tuple = ()       # a variant's WithoutDecls: what it took out of its base (load.take_out)
