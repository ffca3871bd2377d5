"""What a name refers to: the checker resolves every name once into one of these.

A local value, the element a filter or quantifier is testing (`it`, or one of its
attributes written alone), or a global of a named kind. Each carries the type of the
value it names; the compiler matches on the class and never looks a name up again.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from .types import Type


@frozen
class Reference:
    """Base of every reference."""


@frozen
class Local(Reference):
    """A value bound in the rule: let, a choice, a loop, an action's parameter, a
    define's or quantity's parameter, `as NAME`. `binder` is the node that binds it."""
    binder: object
    type: Optional[Type]


@frozen
class Element(Reference):
    """`it` inside `where` or a quantifier's condition: the element being tested.
    `binder` is the Filter or Quantifier node."""
    binder: object
    type: Type


@frozen
class ElementAttr(Reference):
    """An attribute of the element being tested, written alone (`value > 3` in `where`)."""
    binder: object
    attr: str
    element: Type  # the element's type, a card or a piece
    type: Type


@frozen
class Global(Reference):
    """A name declared at the top of the file. `type` is the type of the value it names
    (with 'of', the value of `NAME of OWNER`); None when that could not be found."""
    name: str
    type: Optional[Type]


@frozen
class Param(Global):
    """A parameter: a constant of this game, perhaps set with --set."""


@frozen
class Counter(Global):
    """A number (or symbol) that changes during a game, shared or per player."""


@frozen
class Zone(Global):
    """A pile, hand or row, shared or of an owner."""


@frozen
class Quantity(Global):
    """A number that active cards may modify, shared or per player."""


@frozen
class Definition(Global):
    """A `define`: an expression with a name, perhaps of a parameter."""


@frozen
class Pieces(Global):
    """A declared set of pieces: all of them, or (with 'of') the one of a key."""


@frozen
class Role(Global):
    """A role: the player who plays it."""


@frozen
class Symbol(Global):
    """A symbol of a domain (a suit, a rank, a declared attribute value)."""
