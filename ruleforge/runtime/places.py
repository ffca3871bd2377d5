"""check --deep's warnings of what a rule tells the seats, kept by place.

A strict observer notes each `say` or counter change that may tell a seat of cards it did
not know (prims._guarded, toldfrom.told_from, countertold.counter_seen), keeps the notes
until the next decision (a rule may show the cards by then), and there settles them
(drivers/deep_told.settle). Each is kept by its place in the rule file, the say's or the
change's (line, column[, file]): a designer fixes a place, so every place is warned of,
each once, and a second place is not hidden behind the first. The places a game can find
are bounded by the file's statements; the notes of one place between two decisions (a
loop of says) by MAX_PENDING.
"""

from __future__ import annotations

MAX_PENDING = 16  # notes of one place kept until the next decision


def room(pending: dict, found: dict, at) -> bool:
    """Whether a note of the place `at` is still worth keeping: the place is not warned of
    yet, and its notes since the last decision are within MAX_PENDING."""
    return at not in found and len(pending.get(at, ())) < MAX_PENDING


def pend(pending: dict, at, note: tuple) -> None:
    pending.setdefault(at, []).append(note)
