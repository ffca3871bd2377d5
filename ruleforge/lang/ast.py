"""The syntax tree of a rule file: small frozen classes, each carrying its source span.

Nodes compare by identity (eq=False) so that the checker can key its findings (types,
what a name refers to) by node.
"""

from __future__ import annotations

from typing import Optional

from attrs import field, frozen

from .diagnostics import Span

node = frozen(eq=False)


# ---- expressions ------------------------------------------------------------------------

@node
class Number:
    span: Span
    value: int


@node
class Text:
    span: Span
    value: str


@node
class Bool:
    span: Span
    value: bool


@node
class Nobody:
    span: Span


@node
class Current:
    span: Span


@node
class Name:
    span: Span
    name: str


@node
class ListOf:
    span: Span
    items: tuple


@node
class Attr:
    span: Span
    obj: object
    name: str
    name_span: Span


@node
class Of:
    """`hand of north`, `token of clubs`: something that belongs to, or is keyed by, a value."""
    span: Span
    name: Name
    owner: object


@node
class Slot:
    """`sky slot 3`: one slot of a row zone."""
    span: Span
    zone: Name
    index: object


@node
class Unary:
    span: Span
    op: str  # "-" or "not"
    operand: object


@node
class Binary:
    """Arithmetic, comparison, membership and logic: op is the operator as written."""
    span: Span
    op: str
    left: object
    right: object


@node
class Between:
    span: Span
    value: object
    low: object
    high: object


@node
class Test:
    """`X is empty`, `X is not empty`, `X is face up`, `X is face down`."""
    span: Span
    test: str
    value: object


@node
class Filter:
    """`COLLECTION where CONDITION`; inside the condition, attribute names and `it`
    refer to the element being tested."""
    span: Span
    collection: object
    condition: object


@node
class CardsIn:
    span: Span
    zone: object


@node
class TheCard:
    span: Span
    collection: object


@node
class Top:
    """`top of Z`, `bottom of Z`, `top N cards of Z`."""
    span: Span
    end: str  # "top" or "bottom"
    count: Optional[object]
    zone: object


@node
class Aggregate:
    """`count of X`, `sum of X`."""
    span: Span
    op: str
    collection: object


@node
class Quantifier:
    """`any X has C`, `every X has C`, `no X has C`; with a name: `any c in X has C`."""
    span: Span
    kind: str
    collection: object
    condition: object
    name: Optional[Name] = None


@node
class This:
    """The card whose attribute, effect or modifier is being evaluated."""
    span: Span


@node
class Owner:
    """The player who owns the zone where `this` card lies."""
    span: Span


@node
class OwnerOf:
    """`owner of c`: the player who owns the zone where card c lies."""
    span: Span
    card: object


@node
class Players:
    """Every player still in the game, in turn order (`all players`: eliminated ones too)."""
    span: Span
    every: bool = False


@node
class Opponents:
    span: Span
    player: object


@node
class PlayerAfter:
    """`the player after p` (step 1), `the player before p` (step -1): the neighbour in
    turn order, wrapping around, skipping eliminated players."""
    span: Span
    player: object
    step: int


@node
class IsEliminated:
    span: Span
    player: object


@node
class IfExpr:
    """`if C then A else B`."""
    span: Span
    condition: object
    then: object
    otherwise: object


@node
class PlayersWith:
    """`players with the highest score`: every player tied for the extreme value."""
    span: Span
    extreme: str
    name: Name


@node
class RandomCard:
    span: Span
    collection: object


@node
class SumFor:
    """`sum of c.value for each c in C`."""
    span: Span
    value: object
    name: Name
    collection: object


@node
class Knows:
    """`north knows c`: the card is face up, or this player has seen it where it lies."""
    span: Span
    player: object
    card: object


@node
class GameOver:
    """`the game is over`: an ending has been reached (true in 'when the game ends')."""
    span: Span


@node
class HasEffect:
    """`c has a play effect`."""
    span: Span
    value: object
    trigger: Name


# ---- statements -------------------------------------------------------------------------

@node
class Move:
    span: Span
    what: object
    target: object
    slots: Optional[tuple]  # (low, high) when moving onto a range of slots
    facing: Optional[str]   # "up", "down", "bottom"
    bind: Optional[Name]


@node
class Reveal:
    span: Span
    what: object
    target: Optional[object]
    slots: Optional[tuple]
    bind: Optional[Name]


@node
class Flip:
    span: Span
    what: object


@node
class Swap:
    span: Span
    first: object
    second: object


@node
class Shuffle:
    span: Span
    zone: object
    into: Optional[object]


@node
class SetValue:
    span: Span
    target: object
    value: object


@node
class Change:
    span: Span
    op: str  # "increase" or "decrease"
    target: object
    amount: object


@node
class Let:
    span: Span
    name: Name
    value: object


@node
class Choose:
    span: Span
    name: Name
    player: object
    collection: object
    prompt: Optional[str]


@node
class TakeAction:
    span: Span
    player: object
    may_pass: bool


@node
class EndTurn:
    span: Span


@node
class Eliminate:
    span: Span
    player: object


@node
class NextTurn:
    """`p takes the next turn`: the turn after this one is p's."""
    span: Span
    player: object


@node
class EndGame:
    span: Span
    ending: Name


@node
class Say:
    """`say "text {expression} text"`: narration; parts are strs and expressions."""
    span: Span
    text: str
    parts: tuple = ()


@node
class Resolve:
    """`resolve play effect of c`: run c's effect as if that action had been taken."""
    span: Span
    trigger: Name
    card: object
    by: Optional[object] = None  # who the effect acts for: its 'owner'


@node
class Look:
    """`p looks at X`: the player learns the cards."""
    span: Span
    player: object
    what: object


@node
class ChoiceCond:
    """`P chooses "A" over "B"`: a yes/no decision, allowed as the head of if and repeat.
    `C and P chooses ...` asks only when C holds (`guard`)."""
    span: Span
    player: object
    yes: str
    no: str
    guard: object = None


@node
class If:
    span: Span
    branches: tuple  # ((condition, body), ...)
    otherwise: Optional[tuple]


@node
class RepeatTimes:
    span: Span
    count: object
    body: tuple


@node
class RepeatWhile:
    span: Span
    condition: object  # an expression or a ChoiceCond
    body: tuple


@node
class ForEach:
    span: Span
    name: Name
    collection: object
    body: tuple


@node
class ForEachChosen:
    """`for each c chosen by p from C:`: p picks elements one at a time, or stops."""
    span: Span
    name: Name
    player: object
    collection: object
    prompt: Optional[str]
    body: tuple


# ---- declarations -----------------------------------------------------------------------

@node
class ExtendsDecl:
    """`extends "base.rules"`: this file is a variant of another."""
    span: Span
    path: str


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
class RoleDecl:
    span: Span
    name: Name
    title: Optional[str]


@node
class ParamDecl:
    span: Span
    name: Name
    value: object


@node
class CardsDecl:
    span: Span
    kind: str  # "standard" or "listed"
    zone: Name


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
class HeuristicDecl:
    """`heuristic of p: EXPR`: how good a position looks for p, to bots that look ahead."""
    span: Span
    param: Name
    value: object


@node
class QuantityDecl:
    """A number that active cards may modify; per player when it has a parameter."""
    span: Span
    name: Name
    param: Optional[Name]
    value: object


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
    value: object

    @property
    def per_player(self) -> bool:
        return self.per == "player"


@node
class DefineDecl:
    span: Span
    name: Name
    value: object
    param: Optional[Name] = None
    param_kind: str = "player"  # what the parameter is: "player", "card", "number" or "zone"


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
class EventDecl:
    span: Span
    event: str                # "runs out" or "game ends"
    zone: Optional[Name]
    body: tuple


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
    span: Span
    total: Optional[int]
    streak: Optional[int]
    loser_chooses: Optional[Name]


@frozen
class RuleFile:
    items: tuple = field(factory=tuple)
