"""The types of the language: small frozen values that the checker gives every expression.

A type says what a value is (a number, a card, a list of players, a suit, a piece...) so
that the checker can reject a mistake before any game is played, and the compiler can
pick how to read or show a value without looking at it.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen


@frozen
class Type:
    """Base of every type."""

    def describe(self) -> str:
        """The type as a designer reads it in a message: 'a number', 'a list of cards'."""
        raise NotImplementedError

    def compatible(self, other: "Type") -> bool:
        """May a value of this type stand where `other` is expected (and back)? `any`
        fits everything; lists fit when their elements do."""
        return self == other or ANY in (self, other) or (NONE in (self, other) and holds_none(self if other == NONE else other))

    def plural(self) -> str:
        """'numbers', 'cards', 'lists of players': many values of this type."""
        return self.describe().split(" ", 1)[1] + "s"

    def element(self) -> Optional["Type"]:
        """What a collection of this type holds (a zone or a row holds cards), or None."""
        return None

    @property
    def is_list(self) -> bool:
        return False


@frozen
class Basic(Type):
    """A type without parts: number, bool, text, player, card, zone, row, any."""
    name: str

    def describe(self) -> str:
        return _BASIC_TEXT[self.name]

    def element(self) -> Optional[Type]:
        return CARD if self.name in ("zone", "row") else None


@frozen
class ListType(Type):
    """A list of values of one type (`any` while nothing says what it holds)."""
    item: Type

    def describe(self) -> str:
        return "a " + self.plural()[:-1] if self.item == ANY else "a list of " + self.item.plural()

    def plural(self) -> str:
        return "lists" if self.item == ANY else "lists of " + self.item.plural()

    def compatible(self, other: Type) -> bool:
        if isinstance(other, ListType):
            return self.item.compatible(other.item)
        return super().compatible(other)

    def element(self) -> Optional[Type]:
        return self.item

    @property
    def is_list(self) -> bool:
        return True


@frozen
class SymbolType(Type):
    """A symbol of one domain: a suit, a rank, a kind declared by 'attribute'."""
    domain: str

    def describe(self) -> str:
        return f"a {self.domain}"


@frozen
class PieceType(Type):
    """One piece of a declared set of pieces."""
    kind: str

    def describe(self) -> str:
        return f"a {self.kind}"


_BASIC_TEXT = {"number": "a number", "bool": "a yes/no condition", "text": "a text", "player": "a player",
               "card": "a card", "zone": "a zone", "row": "a row of slots", "any": "a value",
               "none": "none (no value)"}

NUMBER, BOOL, TEXT = Basic("number"), Basic("bool"), Basic("text")
PLAYER, CARD = Basic("player"), Basic("card")
ZONE = Basic("zone")  # one pile, hand or slot
ROW = Basic("row")    # a row of slots
ANY = Basic("any")    # not known yet: an empty list's elements
NONE = Basic("none")  # `none`: no player, no card, no symbol (issue 13)


def holds_none(t: Type) -> bool:
    """May a value of this type be none (an empty typed counter)? Players, cards and symbols."""
    return t in (PLAYER, CARD, NONE) or isinstance(t, SymbolType)


def list_of(t: Type) -> ListType:
    return ListType(t)


# the words a 'define NAME of KIND p' may give its parameter
BY_WORD = {"player": PLAYER, "card": CARD, "number": NUMBER, "zone": ZONE, "cards": list_of(CARD)}
