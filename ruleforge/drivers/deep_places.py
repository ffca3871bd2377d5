"""`check --deep`'s warnings of what a rule tells the seats, said place by place.

Each kind (a text some seat is told with a hole, one said under a test that read hidden
cards, one that writes a value worked out from them, a counter changed under such a test
or to such a value) is found once at each place of the file (runtime/places.py), in
every game and at every player count, and said in file order: a designer who fixes one
place meets the next in the same run. A file of hundreds of such places has the first
MAX_PLACES of each kind said, then how many more (docs/limits.md).
"""

from __future__ import annotations

from typing import Callable

from ..lang.plural import count
from .deep_counter import counter_told
from .deep_told import said_guarded, said_told_from, said_untold

MAX_PLACES = 20  # places said of each kind of warning; the rest counted

# (kind, the places a game found: (where, what) of each not in the set it is given, and
# what a place of the kind is, for the count of those not said)
PLACE_KINDS: tuple[tuple[str, Callable, str], ...] = (
    ("untold", said_untold, "a text said with a value worked out from cards some seat did not know"),
    ("guarded", said_guarded, "a text said under a test that read cards some seat did not know"),
    ("told from", said_told_from, "a text that tells every seat a value worked out from cards some seat did not know"),
    ("counter", counter_told, "a counter every seat sees, changed under a test or to a value that read cards some "
                              "seat did not know"),
)


def found_places(st, untold: list) -> None:
    """Add to `untold` (kind, where, what) of each place the game of `st` found that is not
    in it yet."""
    known = {(kind, at) for kind, at, _ in untold}
    for kind, told, _ in PLACE_KINDS:
        untold.extend((kind, at, what) for at, what in told(st, {at for k, at in known if k == kind}))


def file_order(at) -> tuple:
    """A place's key in file order: the file's own places first (a variant's say of a test
    in its base is in the base: codegen.writer.at_of), then by line and column."""
    if not at:
        return ("", 0, 0)
    return (at[2] if len(at) > 2 else "", at[0], at[1])


def place_warnings(untold: list, said: dict, most: int = MAX_PLACES) -> tuple[list, int]:
    """(where, what) of each warning to say, kind by kind, each kind's places in file order,
    and how many places they stand for. `untold` as deep_check fills it; `said`, the places
    said at earlier player counts (kind -> {where}), which a place found again is not said
    once more, and which this adds to. Of each kind the first `most` of the file are said,
    then (None, how many more)."""
    lines, found = [], 0
    for kind, _, what in PLACE_KINDS:
        before = said.setdefault(kind, set())
        places: dict = {}
        for k, at, text in untold:
            if k == kind and at not in before:
                places.setdefault(at, text)
        ordered = sorted(places.items(), key=lambda p: file_order(p[0]))
        room = max(0, most - len(before))
        before.update(places)
        found += len(ordered)
        lines.extend(ordered[:room])
        if len(ordered) > room:
            lines.append((None, f"and {count(len(ordered) - room, 'more place')} of this kind ({what}): check --deep "
                                f"says the first {most} of each kind (docs/limits.md)"))
    return lines, found
