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


# A joker's rank and suit: symbols of their own (`rank = joker`, `suit = none`).
# a joker has no suit: its suit is none, the empty value (`suit is none`, `suit = none`)
JOKER_RANK, JOKER_SUIT, JOKER_NAME = "joker", None, "Joker"
JOKER_COLORS = ("black", "red")  # the first joker is black, the second red, and so on


def standard_deck(decks: int = 1, without: tuple = (), jokers: int = 0) -> list[Card]:
    """The 52 cards, suit by suit (clubs, diamonds, hearts, spades), ace to king, less
    the ranks `without`; `decks` times over, deck after deck; then the jokers.

    Values: A=1, 2..10 at face value, J=11, Q=12, K=13, a joker 0. With several decks (or
    jokers) each copy's name ends in its number, "7♣ (2)" as for a listed card's copies,
    and its `name` attribute is the same for every copy ("7♣").
    """
    cards = []
    for k in range(decks):
        for suit in SUITS:
            for value, rank in enumerate(RANKS, 1):
                if rank in without:
                    continue
                name = f"{rank}{SUIT_SIGNS[suit]}"
                shown = name if decks == 1 else f"{name} ({k + 1})"
                cards.append(Card(len(cards), shown, {"rank": rank, "suit": suit, "color": COLORS[suit],
                                                      "value": value, "name": name}))
    for j in range(jokers):
        shown = JOKER_NAME if jokers == 1 else f"{JOKER_NAME} ({j + 1})"
        cards.append(Card(len(cards), shown, {"rank": JOKER_RANK, "suit": JOKER_SUIT,
                                              "color": JOKER_COLORS[j % 2], "value": 0, "name": JOKER_NAME}))
    return cards
