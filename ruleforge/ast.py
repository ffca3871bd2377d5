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
    """`hand of radar`, `ufo of clubs`: something that belongs to, or is keyed by, a value."""
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
    """`any X has C`, `every X has C`, `no X has C`."""
    span: Span
    kind: str
    collection: object
    condition: object


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
class EndGame:
    span: Span
    ending: Name


@node
class Say:
    span: Span
    text: str


@node
class ChoiceCond:
    """`P chooses "A" over "B"`: a yes/no decision, allowed as the head of if and repeat."""
    span: Span
    player: object
    yes: str
    no: str


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


# ---- declarations -----------------------------------------------------------------------

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
    kind: str
    zone: Name


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
    per_player: bool
    value: object


@node
class DefineDecl:
    span: Span
    name: Name
    value: object


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
