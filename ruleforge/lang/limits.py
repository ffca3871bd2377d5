"""Check-time limits: how much a rule file may ask of the checker and the compiler.

A rule file is untrusted: without bounds a few kilobytes can ask for millions of slots,
numbers of thousands of digits, or blocks nested past what Python compiles. Each limit
is checked before anything of its size is built, and its error names the limit, the
line, and how to raise it (docs/limits.md). The values leave every shipped game, example
and variant far inside: the largest has 482 lines and 3,016 words and symbols, items of 2,434 characters, blocks 5
deep, 8 slots, 23 zones (per-player zones counted per player), 29 kinds of card, 56
cards, lists of 8.
"""

from __future__ import annotations

MAX_LINES = 20_000            # lines in a rule file
MAX_WORDS = 30_000            # words, numbers, texts and symbols in a rule file (the time to check grows with them)
MAX_ITEM_CHARS = 50_000       # characters in one top-level item (a rule with its block)
MAX_BLOCK_DEPTH = 16          # blocks inside blocks, the rule's own counted (Python nests at most 20 loops)
MAX_EXPR_DEPTH = 120          # an expression's operators inside operators
MAX_DEFINE_DEPTH = 100        # definitions computed from definitions (each is a call when the game runs)
MAX_WRITTEN_OUT = 100_000     # parts of rules (nodes, and texts' characters) written out at their calls, all calls of a file together
MAX_CALL_DEPTH = 100          # rules called by name, each written out inside the one that calls it
MAX_NUMBER = 10**18           # |n| of a number written in a file, a constant or a parameter
MAX_NUMBER_DIGITS = 19        # digits of a number as written (read before it is converted)
MAX_PLAYERS = 16              # players of a game
MAX_ROW_SLOTS = 1_000         # slots of one row
MAX_SLOTS = 10_000            # slots of all rows, a per-player row once per player
MAX_ZONES = 1_000             # zones, a per-player zone once per player
MAX_CARD_KINDS = 1_000        # listed cards ('card "NAME":' blocks)
MAX_COPIES = 1_000            # copies of one listed card
MAX_CARDS = 10_000            # cards in the game (copies counted)
MAX_LIST_ITEMS = 1_000        # items of a list written in the file, symbols of an attribute
MAX_ERRORS = 200              # errors collected before checking stops

WHERE = "ruleforge/lang/limits.py"
MAX_NUMBER_TEXT = "-10**18 to 10**18"


def raise_hint(name: str) -> str:
    """How to raise the limit `name` when a real game needs more."""
    return f"this is ruleforge's limit {name}; if a real game needs more, raise it in {WHERE} (docs/limits.md)"


def number_error(value: int) -> str | None:
    """Why `value` is too large for a rule file's number, or None when it fits."""
    if -MAX_NUMBER <= value <= MAX_NUMBER:
        return None
    return f"this number is too large: numbers in a rule file are limited to {MAX_NUMBER_TEXT}"

