"""What happened in a game, as data: the events an observer's record holds, and the observer.

The engine appends one small frozen event per thing that happens (only when a state has
an observer that keeps a record); the narrator, the log writer, replay, play and the
terminal read them by name with `match`, so a new field never shifts another one. Cards,
zones and seats are indexes into the `Game` (its `cards`, `zinst`, `seat_titles`).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Optional

from attrs import frozen

from .limits import MAX_TOLD_EVENTS, TOLD_TAIL_EVENTS


@frozen
class Moved:
    """A card went from one zone to another. `known` is who knew it then (a bit per seat)."""
    card: int
    source: int
    destination: int
    face_up: bool
    known: int


@frozen
class Swapped:
    """Two cards traded places: `card` went from `source` to `destination`, `other` the
    other way; each with its facing and who knew it afterwards."""
    card: int
    source: int
    destination: int
    face_up: bool
    other: int
    other_face_up: bool
    known: int
    other_known: int


@frozen
class Revealed:
    """A card was shown to everyone where it lies."""
    card: int
    zone: int


@frozen
class Flipped:
    """A card was turned over; `face_up` is how it lies now."""
    card: int
    face_up: bool


@frozen
class Shuffled:
    """A zone was shuffled; `count` is how many cards it holds."""
    zone: int
    count: int


@frozen
class ValueSet:
    """A number (counter, piece attribute, per-card counter) or other variable changed."""
    label: str
    old: Any
    new: Any


@frozen
class Eliminated:
    seat: int


@frozen
class Finished:
    """A player finished: out of the turn order, in `place` of the finishing order."""
    seat: int
    place: int


@frozen
class Said:
    """A rule's `say` line, its placeholders filled in (every card named); `cards`, for
    each card it names, (start, end, card, who knew the card then: a bit per seat, -1
    face up), so that a seat is told "a card" for one it did not know; `values`, for
    each placeholder worked out from cards not all face up, (start, end, who knew every
    one of them then, what a seat outside reads instead: "a hidden value")."""
    text: str
    cards: tuple = ()
    values: tuple = ()


@frozen
class Looked:
    """`seat` looked at `cards` (a `looks at`); `known`, for each, who knew it then (a
    bit per seat: the looker among them; -1 face up)."""
    seat: int
    cards: tuple
    known: tuple


@frozen
class RoundBegan:
    round: int


@frozen
class RoundEnded:
    """A round is over, and its 'when the round ends' rules run now (only in a game that
    has some); 'current' is still the seat that played last."""
    round: int


@frozen
class GameEnding:
    """An ending holds, and the 'when the game ends' rules run now, before the result is
    fixed (only in a game that has some); `title` is the ending's."""
    title: str


@frozen
class TurnBegan:
    seat: int
    round: int


@frozen
class Decided:
    """A seat took `action` at the decision that asked `prompt`. `known`: for each card
    the action names, who knew it then (a bit per seat; -1 face up), so that a seat's
    telling does not name a card by what it learns later (a shuffled pool revealed)."""
    seat: int
    action: Any
    prompt: str
    known: Any = None


@frozen
class Ended:
    """The game is over; `result` is the state's `Result`."""
    result: Any


@frozen
class Status:
    """A snapshot for the narrator before each turn and at the end: every variable's value
    (as `State.vars`), and what lies in each slot of a row: ((slot zone, ((card, face
    up), ...)), ...) in zone order; the shown quantities, with who knew every card each
    read then (shown.quantities_now)."""
    values: tuple
    rows: tuple
    quantities: tuple = ()


class Untold:
    """Events a told game did not keep: past MAX_TOLD_EVENTS between two decisions, the
    rest until the next decision are only counted, here (see Record)."""

    __slots__ = ("count",)
    __match_args__ = ("count",)

    def __init__(self, count: int = 0):
        self.count = count

    def __repr__(self) -> str:
        return f"Untold({self.count})"


class Record(list):
    """The event record of a told game: a list, that keeps at most MAX_TOLD_EVENTS events
    between two decisions (Decided events are always kept) and counts the rest in one
    Untold event where it stopped keeping them; of those, it keeps the last
    TOLD_TAIL_EVENTS apart (`tail`), for telling a rule error up to where it happened."""

    __slots__ = ("since", "untold", "tail")

    def __init__(self, *args):
        super().__init__(*args)
        self.since = 0
        self.untold: Optional[Untold] = None
        self.tail: Optional[deque] = None

    def append(self, event) -> None:
        if event.__class__ is Decided:
            self.since, self.untold, self.tail = 0, None, None
        elif self.since >= MAX_TOLD_EVENTS:
            if self.untold is None:
                self.untold = Untold()
                self.tail = deque(maxlen=TOLD_TAIL_EVENTS)
                list.append(self, self.untold)
            self.untold.count += 1
            self.tail.append(event)
            return
        self.since += 1
        list.append(self, event)

    def last_untold(self) -> tuple[list, int]:
        """The events kept past the limit since the last decision (the last of those only
        counted), and how many before them were counted and not kept: ([], 0) within it."""
        if self.untold is None:
            return [], 0
        return list(self.tail), self.untold.count - len(self.tail)


Event = Moved | Swapped | Revealed | Flipped | Shuffled | ValueSet | Eliminated | Finished | Said | Looked \
    | RoundBegan | RoundEnded | GameEnding | TurnBegan | Decided | Ended | Status | Untold


class Observer:
    """Instrumentation a state may carry apart from its board: the event record, rule
    coverage counts (rule name -> times it ran), in a game compiled to count them the
    times each branch of an `if` was taken (codegen/branches.py), and a callback for tools
    that look at each turn. Bulk simulation has none; `State.clone()` never carries it.

    `say` texts are worked out for a record, or for a `strict` observer with none
    (`check --deep`, which looks for mistakes in them too); otherwise skipped (prims.say)."""

    # said_at, said_left: the decision whose said texts are being counted, and the work
    # and characters they may still take (prims.say); said_game, what the texts of the
    # whole game may still take (None before the first: the game's work limit); said_untold: for a strict observer,
    # each Said some seat was not told in full, by where its `say` is (check --deep);
    # conds, guarded, said_guarded: for a strict observer, who knew the cards each test a
    # `say` is under read, and which (by the test's number: prims.cond_seen); the texts said
    # under a test some seat could not follow since the last decision, by the say's place
    # (prims._guarded); and, by place, the first such text that seat still could not follow
    # at the next decision (Said, where, the test's (line, column), that seat:
    # drivers/deep_told.settle); vals,
    # told_from, said_from: the same for the locals and values of the turn a `say` writes,
    # by number: who knew the cards each one's value was worked out from (toldfrom.py);
    # counted, counter_told: the same for the counters changed under such a test or to such
    # a value (countertold.py: the var, where, then as a guarded text's or a value's), by
    # the change's place (runtime/places.py); set_off, the frames of rules set off under
    # such a test, with its note (countertold.set_off);
    # hushed: the telling stopped at the narration limit (State.stop_telling), to start again
    # when the game ends (flow.end_game)
    __slots__ = ("record", "stats", "watch", "strict", "said_at", "said_left", "said_game", "said_untold", "conds",
                 "guarded", "said_guarded", "vals", "told_from", "said_from", "counted", "counter_told", "set_off",
                 "branches", "offered", "hushed")

    def __init__(self, record: Optional[list] = None, stats: Optional[dict] = None,
                 watch: Optional[Callable] = None, strict: bool = False, branches: int = 0):
        self.record, self.stats, self.watch, self.strict = record, stats, watch, strict
        self.branches = [0] * branches
        self.said_at, self.said_left = -1, 0
        self.said_game: Optional[int] = None
        self.said_untold: dict = {}
        self.conds: dict = {}
        self.guarded: dict = {}
        self.said_guarded: dict = {}
        self.vals: dict = {}
        self.told_from: dict = {}
        self.said_from: dict = {}
        self.counted: dict = {}
        self.counter_told: dict = {}
        self.set_off: list = []
        # the names of the actions the last menu offered (`takes one of ...`; None: every
        # action), for a screen to name the decision (decisions.offer_menu, drivers/labels.py)
        self.offered = None
        self.hushed = False

    @classmethod
    def make(cls, record: bool = False, stats: bool = False, watch: Optional[Callable] = None,
             strict: bool = False, branches: int = 0) -> Optional["Observer"]:
        """The observer `Game.new` asked for, or None when nothing is to be observed."""
        if not record and not stats and watch is None and not strict:
            return None
        return cls(Record() if record else None, {} if stats else None, watch, strict, branches)
