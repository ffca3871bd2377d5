"""The syntax tree of a rule file: small frozen classes, each carrying its source span.

Nodes compare by identity (eq=False) so that the checker can key its findings (types,
what a name refers to) by node. Every expression is an `Expr` and every statement a
`Stmt`: EXPRESSIONS and STATEMENTS list them, so that a visitor (visitor.py) can tell
at import time that it handles each. The declarations are in decls.py, re-exported here.
"""

from __future__ import annotations

from typing import Optional


from .diagnostics import Span
from .node import node



class Expr:
    """An expression: the checker gives it a type, the compiler a value."""
    __slots__ = ()


class Stmt:
    """A statement of a rule's body: the compiler turns it into steps."""
    __slots__ = ()


# ---- expressions ------------------------------------------------------------------------

@node
class Number(Expr):
    span: Span
    value: int


@node
class Text(Expr):
    span: Span
    value: str


@node
class Bool(Expr):
    span: Span
    value: bool


@node
class Nobody(Expr):
    span: Span


@node
class Current(Expr):
    span: Span


@node
class Name(Expr):
    span: Span
    name: str


@node
class ListOf(Expr):
    span: Span
    items: tuple


@node
class Attr(Expr):
    span: Span
    obj: object
    name: str
    name_span: Span


@node
class Of(Expr):
    """`hand of north`, `token of clubs`: something that belongs to, or is keyed by, a value."""
    span: Span
    name: Name
    owner: object


@node
class Slot(Expr):
    """`sky slot 3`: one slot of a row zone."""
    span: Span
    zone: Name
    index: object


@node
class Unary(Expr):
    span: Span
    op: str  # "-" or "not"
    operand: object


@node
class Binary(Expr):
    """Arithmetic, comparison, membership and logic: op is the operator as written."""
    span: Span
    op: str
    left: object
    right: object


# Binary.op of the operators on whole numbers (`/` rounds down; `mod` has the sign of the
# divisor, as Python's `%`)
ARITHMETIC = ("+", "-", "*", "/", "mod")


@node
class Between(Expr):
    span: Span
    value: object
    low: object
    high: object


@node
class Test(Expr):
    """`X is empty`, `X is not empty`, `X is face up`, `X is face down`."""
    span: Span
    test: str
    value: object


@node
class Filter(Expr):
    """`COLLECTION where CONDITION`; inside the condition, attribute names and `it`
    refer to the element being tested."""
    span: Span
    collection: object
    condition: object


@node
class CardsIn(Expr):
    span: Span
    zone: object


@node
class TheCard(Expr):
    span: Span
    collection: object


@node
class Top(Expr):
    """`top of Z`, `bottom of Z`, `top N cards of Z`."""
    span: Span
    end: str  # "top" or "bottom"
    count: Optional[object]
    zone: object


@node
class Aggregate(Expr):
    """`count of X`, `sum of X`."""
    span: Span
    op: str
    collection: object


@node
class Quantifier(Expr):
    """`any X has C`, `every X has C`, `no X has C`; with a name: `any c in X has C`."""
    span: Span
    kind: str
    collection: object
    condition: object
    name: Optional[Name] = None


@node
class This(Expr):
    """The card whose attribute, effect or modifier is being evaluated."""
    span: Span


@node
class Owner(Expr):
    """The player who owns the zone where `this` card lies."""
    span: Span


@node
class OwnerOf(Expr):
    """`owner of c`: the player who owns the zone where card c lies."""
    span: Span
    card: object


@node
class Players(Expr):
    """Every player still in the game, in turn order (`all players`: eliminated ones too)."""
    span: Span
    every: bool = False
    # "everyone" when written so: a file that declares `everyone` as a name, refused there,
    # is not told again at each use (which reads as the word)
    word: str = ""


@node
class Opponents(Expr):
    span: Span
    player: object


@node
class PlayerAfter(Expr):
    """`the player after p` (step 1), `the player before p` (step -1): the neighbour in
    turn order, wrapping around, skipping eliminated players."""
    span: Span
    player: object
    step: int


@node
class IsEliminated(Expr):
    span: Span
    player: object


@node
class IfExpr(Expr):
    """`if C then A else B`."""
    span: Span
    condition: object
    then: object
    otherwise: object


@node
class PlayersWith(Expr):
    """`players with the highest score`: every player tied for the extreme value."""
    span: Span
    extreme: str
    name: Name


@node
class RandomCard(Expr):
    span: Span
    collection: object


@node
class SumFor(Expr):
    """`sum of c.value for each c in C`."""
    span: Span
    value: object
    name: Name
    collection: object


@node
class LeastSum(Expr):
    """`least sum of W for each c in C outside groups g where COND`: the least sum of W
    over the elements of C left outside disjoint groups of them, each meeting COND (which
    names the group g), over every choice of such groups (none included)."""
    span: Span
    value: object
    name: Name
    collection: object
    group: Name
    condition: object


@node
class Extremes(Expr):
    """`the 3 highest of L`, `the 2 lowest of L`: the N highest (lowest) numbers of a list,
    highest (lowest) first; with `name`, of `VALUE for each NAME in C`."""
    span: Span
    extreme: str
    count: object
    value: object
    name: Optional[Name] = None
    collection: Optional[object] = None


@node
class Extreme(Expr):
    """`the highest of L`, `the lowest of L`: one number, the largest (smallest) of a list;
    with `name`, of `VALUE for each NAME in C`. Of an empty list, an error in play."""
    span: Span
    extreme: str
    value: object
    name: Optional[Name] = None
    collection: Optional[object] = None


@node
class PairOf(Expr):
    """`the greater of A and B`, `the lesser of A and B`, `the difference between A and B`
    (how far apart they are: never negative); `op` is 'greater', 'lesser' or 'difference'."""
    span: Span
    op: str
    left: object
    right: object


@node
class Knows(Expr):
    """`north knows c`: the card is face up, or this player has seen it where it lies."""
    span: Span
    player: object
    card: object


@node
class GameOver(Expr):
    """`the game is over`: an ending has been reached (true in 'when the game ends')."""
    span: Span


@node
class HasEffect(Expr):
    """`c has a play effect`."""
    span: Span
    value: object
    trigger: Name


# ---- statements -------------------------------------------------------------------------

@node
class Move(Stmt):
    span: Span
    what: object
    target: object
    slots: Optional[tuple]  # (low, high) when moving onto a range of slots
    facing: Optional[str]   # "up", "down", "bottom"
    bind: Optional[Name]


@node
class Reveal(Stmt):
    span: Span
    what: object
    target: Optional[object]
    slots: Optional[tuple]
    bind: Optional[Name]


@node
class Flip(Stmt):
    span: Span
    what: object


@node
class Swap(Stmt):
    span: Span
    first: object
    second: object


@node
class Shuffle(Stmt):
    span: Span
    zone: object
    into: Optional[object]


@node
class SetValue(Stmt):
    span: Span
    target: object
    value: object


@node
class Change(Stmt):
    span: Span
    op: str  # "increase" or "decrease"
    target: object
    amount: object


@node
class Let(Stmt):
    span: Span
    name: Name
    value: object


@node
class Choose(Stmt):
    span: Span
    name: Name
    player: object
    collection: object
    prompt: Optional[str]
    unseen: bool = False  # `..., unseen`: a blind pick, by place in the zone (choice of a place)


@node
class TakeAction(Stmt):
    span: Span
    player: object
    may_pass: bool
    # `takes one of play, discard`: the actions and action groups offered (Names); empty
    # for `takes an action`, the whole menu
    only: tuple = ()


@node
class EndTurn(Stmt):
    span: Span


@node
class Eliminate(Stmt):
    span: Span
    player: object


@node
class NextTurn(Stmt):
    """`p takes the next turn`: the turn after this one is p's."""
    span: Span
    player: object


@node
class EndGame(Stmt):
    span: Span
    ending: Name


@node
class Say(Stmt):
    """`say "text {expression} text"`: narration; parts are strs and expressions.
    `announce "text"` (`announced`) is told the same way, but the rulebook has it said
    aloud: check --deep does not warn that its test or its values tell a seat something."""
    span: Span
    text: str
    parts: tuple = ()
    announced: bool = False


@node
class Resolve(Stmt):
    """`resolve play effect of c`: run c's effect as if that action had been taken."""
    span: Span
    trigger: Name
    card: object
    by: Optional[object] = None  # who the effect acts for: its 'owner'


@node
class Look(Stmt):
    """`p looks at X`: the player learns the cards."""
    span: Span
    player: object
    what: object


@node
class ChoiceCond:
    """`P chooses "A" over "B"`: a yes/no decision, allowed as the head of if and repeat
    (so neither an expression nor a statement). `C and P chooses ...` asks only when C
    holds (`guard`)."""
    span: Span
    player: object
    yes: str
    no: str
    guard: object = None


@node
class If(Stmt):
    span: Span
    branches: tuple  # ((condition, body), ...)
    otherwise: Optional[tuple]


@node
class RepeatTimes(Stmt):
    span: Span
    count: object
    body: tuple


@node
class RepeatWhile(Stmt):
    span: Span
    condition: object  # an expression or a ChoiceCond
    body: tuple


@node
class ForEach(Stmt):
    span: Span
    name: Name
    collection: object
    body: tuple


@node
class ForEachChosen(Stmt):
    """`for each c chosen by p from C:`: p picks elements one at a time, or stops."""
    span: Span
    name: Name
    player: object
    collection: object
    prompt: Optional[str]
    body: tuple


@node
class Call(Stmt):
    """`score_round`, `knock_out of p`, `pay of (p, 3)`: a rule declared with `rule NAME:`
    run here, its parameters bound to `args` (evaluated once, at the call); `many` when
    they were written in parentheses."""
    span: Span
    name: Name
    args: tuple = ()
    many: bool = False


# ---- decks, dealing and positions (issue 13) -------------------------------------------

@node
class Position(Expr):
    """`the 3rd card of Z`, `the first card of Z` (the top card), `the last card of Z` (the
    bottom card): counted from the top; no card when the zone holds fewer."""
    span: Span
    index: int  # 1 is the top card; 0 means the last (bottom) card
    zone: object


@node
class Seat(Expr):
    """`player 3` in a game without roles: the third seat."""
    span: Span
    number: int


@node
class PlayersFrom(Expr):
    """`players starting with P`: the players still in the game, in turn order, from P
    (from the first after P still in the game, if P is out)."""
    span: Span
    player: object


@node
class Deal(Stmt):
    """`deal all cards of Z to H of each player`, `deal N cards from Z to H of each
    player [starting with P]`: one card at a time round the table. `loop` is the same
    deal written as the loop a designer would write (build.py makes it), which the
    checker and the compiler use, so events and logs are those of the loop."""
    span: Span
    count: Optional[object]  # None: all the cards
    source: object
    zone: Name
    start: Optional[object]
    loop: object

from .ast_values import *  # noqa: E402,F401,F403  (issue 13: values and finishing)

EXPRESSIONS = tuple(c for c in list(globals().values())
                    if isinstance(c, type) and issubclass(c, Expr) and c is not Expr)
STATEMENTS = tuple(c for c in list(globals().values())
                   if isinstance(c, type) and issubclass(c, Stmt) and c is not Stmt)

from .decls import *  # noqa: E402,F401,F403  (the declarations are part of the tree)
