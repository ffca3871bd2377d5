"""What a said text's placeholders read, so that each seat is told only what it may know.

A placeholder that reads a card (its attribute, a test on it, a comparison, a sum over a
hand) is compiled so that every card it reads goes through `seen`, which narrows a mask
of the seats that knew all of them (codegen/told.py). A text is worked out only when the
game is told or checked (prims.say), so the noting costs a simulation nothing. The
placeholder's text is then marked with the mask and the words a seat outside it reads
instead ("a hidden value"); prims._said turns the marks into spans of the Said event.
"""

from __future__ import annotations

import re

__all__ = ["seen", "seen_as", "seen_every", "said_value"]

SAID_CARD = "\x00"   # around a card's index in a said line (no text of a rule file holds one)
SAID_CUT = "\x01"    # where a said line's making stopped, past MAX_SAID (no text of a rule file holds one)
SAID_VALUE = "\x02"  # opens a value: mask, SAID_SEP, the hidden words, SAID_SEP, then its text
SAID_SEP = "\x03"
SAID_END = "\x04"    # closes a value

_MARK = re.compile("(\x00\\d+\x00|\x02-?\\d+\x03[^\x03]*\x03|\x04)")


def seen(reads: list, st, c):
    """`c`, a card a placeholder reads: the seats that knew it narrow `reads[0]` (face up: all);
    a test's notes (prims.cond_seen) also keep the cards read, in `reads[1]`."""
    if c is not None:
        reads[0] &= -1 if st.up[c] else st.known[c]
        if len(reads) > 1:
            reads[1].add((c, None))
    return c


def seen_as(reads: list, st, c, attr: str):
    """`seen`, for a card of which only the printed attribute `attr` is read: a test's notes
    keep which, since a seat that cannot tell the card apart from the others of its class
    still knows what they all share (a class of cards that all print one value)."""
    if c is not None:
        reads[0] &= -1 if st.up[c] else st.known[c]
        if len(reads) > 1:
            reads[1].add((c, attr))
    return c


def seen_every(reads: list, st, v):
    """`v`, worked out by a rule that may read any card (an attribute computed by rules that
    reads other cards, a quantity some card adds to by such a rule): told only to the seats
    that knew every card of the game."""
    up, known = st.up, st.known
    for c in range(len(up)):
        if not up[c]:
            reads[0] &= known[c]
            if len(reads) > 1:
                reads[1].add((c, None))
    return v


def said_value(make, hidden: str) -> str:
    """A placeholder's text, made by `make(reads)`: marked with who knew every card it read,
    unless every seat did (face up cards only, or none)."""
    reads = [-1]
    text = make(reads)
    if reads[0] == -1:
        return text
    return f"{SAID_VALUE}{reads[0]}{SAID_SEP}{hidden}{SAID_SEP}{text}{SAID_END}"


def marks(line: str):
    """The parts of a marked said line: text, ("card", index), ("value", mask, hidden), ("end",)."""
    for k, part in enumerate(_MARK.split(line)):
        if not k % 2:
            if part:
                yield part
        elif part[0] == SAID_CARD:
            yield ("card", int(part[1:-1]))
        elif part[0] == SAID_VALUE:
            mask, hidden, _ = part[1:].split(SAID_SEP)
            yield ("value", int(mask), hidden)
        else:
            yield ("end",)


def shown_at_least(text: str) -> int:
    """Characters `text` shows at least once its marks are read (a card's name has one at least)."""
    if SAID_CARD not in text and SAID_VALUE not in text:
        return len(text)
    return sum(len(p) if isinstance(p, str) else 1 if p[0] == "card" else 0 for p in marks(text))


def untold(nplayers: int, values: tuple) -> list[tuple[int, tuple]]:
    """(seat, value span) for each value of a Said event some seat was not told."""
    return [(seat, span) for span in values for seat in range(nplayers)
            if span[2] != -1 and not span[2] >> seat & 1]
