"""What a told game keeps of its story for a reader who reads it later: its last lines,
and how many came before them.

Between two screens of a person (play, serve) bots may take many decisions, each
telling up to MAX_TOLD_EVENTS events: a hostile rule file's loop told 900 lines a turn
for thousands of turns, and every line was kept. A reader is shown the newest lines and
an exact count of the rest ("... (N earlier lines not shown)", as play.last_lines says).
"""

from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Iterable, Optional

# The lines of a person's story kept between two of their screens (play): a screen
# without a height shows them all; one with a height, the newest that fit
STORY_LINES = 1_000
# The lines of each seat's story a served table keeps: a page shows the last 200 since
# its seat's move (a spectator's the last 60)
PAGE_LINES = 200
# The events a hot seat keeps for the shared telling of the end, since the oldest of the
# people's last moves (a game's end is told from the last of them)
SHARED_EVENTS = 10_000


def earlier_line(left: int) -> str:
    return f"... ({left:,} earlier {'line' if left == 1 else 'lines'} not shown)"


class Kept:
    """The last `most` lines told (`lines`), how many were told in all (`total`), and of
    those since the last `clear`, how many are no longer kept (`dropped`)."""

    __slots__ = ("lines", "total", "dropped")

    def __init__(self, most: int):
        self.lines: deque[str] = deque(maxlen=most)
        self.total = 0
        self.dropped = 0

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            if len(self.lines) == self.lines.maxlen:
                self.dropped += 1
            self.lines.append(line)
            self.total += 1

    def clear(self) -> None:
        self.lines.clear()
        self.dropped = 0

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self):
        return iter(self.lines)

    def told(self) -> list[str]:
        """The lines kept since the last clear, after a line counting those left out."""
        return ([earlier_line(self.dropped)] if self.dropped else []) + list(self.lines)

    def since(self, mark: int, most: Optional[int] = None) -> list[str]:
        """The lines told after the first `mark` of all, their last `most` (and never more
        than are kept), after a line counting the rest when some are left out."""
        told = max(self.total - mark, 0)
        k = min(told, len(self.lines), told if most is None else most)
        shown = list(islice(self.lines, len(self.lines) - k, None))
        return ([earlier_line(told - k)] if told > k else []) + shown
