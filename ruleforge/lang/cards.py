"""Generated decks: the standard 52-card deck and its attributes."""

from __future__ import annotations

from attrs import frozen

from .types import NUMBER, TEXT, SymbolType

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
COLORS = {"clubs": "black", "spades": "black", "diamonds": "red", "hearts": "red"}

STANDARD_ATTRS = {
    "rank": SymbolType("rank"),
    "suit": SymbolType("suit"),
    "color": SymbolType("color"),
    "value": NUMBER,
    "name": TEXT,
}
STANDARD_DOMAINS = {
    "rank": [r for r in RANKS if not r.isdigit()],  # A J Q K are the only rank *names*
    "suit": list(SUITS),
    "color": ["black", "red"],
}


@frozen
class Card:
    """One physical card: its index in the game's card table and its attributes."""
    index: int
    name: str
    attrs: dict

    def __getitem__(self, key):
        return self.attrs[key]


def standard_deck() -> list[Card]:
    """The 52 cards, suit by suit (clubs, diamonds, hearts, spades), ace to king.

    Values: A=1, 2..10 at face value, J=11, Q=12, K=13.
    """
    cards = []
    for suit in SUITS:
        for value, rank in enumerate(RANKS, 1):
            name = f"{rank}{SUIT_SIGNS[suit]}"
            cards.append(Card(len(cards), name, {"rank": rank, "suit": suit, "color": COLORS[suit],
                                                 "value": value, "name": name}))
    return cards
