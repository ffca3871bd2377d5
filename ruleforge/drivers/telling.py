"""The narration limit: a told game tells so many lines, then plays on untold to its end.

Every channel keeps a bounded tail of its story (kept.py), but a hostile loop of says,
within every limit of the engine, still told 25,000,000 lines a game: 264 s of `run` to a
file (longer to a terminal), most of it spent making lines nobody would read. Past the limit (the game's
`told_lines`, TOLD_LINES; RULEFORGE_LIMITS=told=N), the decision whose telling passed it
is told to its end, a notice says once that the telling stops there, and the state
records nothing more (State.stop_telling): no event is made, no said text worked out, so
the rest plays as fast as a simulated game, and exactly as it would told. The game's end
is recorded again, so every channel still tells what a seat may see of it (the game
end's rules, the last standing, the result), after a line counting the decisions played
untold.

The limit counts whole lines, not events: the rest of a decision is told, never a move
cut from its line or a turn from its heading.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen


@frozen
class Notice:
    """A line the telling says itself (told to every seat alike: it names no card), as an
    event, so that a story told again from its events (a hot seat's end) tells it too."""
    text: str


def stopped_text(limit: int) -> str:
    return (f"... the telling stops here: it passed {limit:,} {'line' if limit == 1 else 'lines'}, the narration "
            "limit of a game; the game plays on untold (a longer telling: RULEFORGE_LIMITS=told=N, docs/limits.md)")


def untold_text(decisions: int) -> str:
    return f"... {decisions:,} {'decision' if decisions == 1 else 'decisions'} played untold"


class Telling:
    """The lines a told game has told, and where its telling stopped (`stopped_at`: the
    decisions taken then; None while it goes on)."""

    __slots__ = ("limit", "lines", "stopped_at", "counted")

    def __init__(self, game):
        self.limit = game.told_lines
        self.lines = 0
        self.stopped_at: Optional[int] = None
        self.counted = False

    def after(self, st, lines: int) -> Optional[Notice]:
        """`lines` more told (a decision's telling, or the most of a seat's tellings of
        it); once they pass the limit and the game goes on, the notice to tell, and the
        state tells no more until its end. None otherwise."""
        if self.stopped_at is not None:
            return None
        self.lines += lines
        if self.lines <= self.limit or st.is_over:  # (nothing left to leave untold)
            return None
        self.stopped_at = st.decisions
        st.stop_telling()
        return Notice(stopped_text(self.limit))

    def resumed(self, st) -> Optional[Notice]:
        """Once, when the telling is taken up again after it stopped (the game's end, or
        a rule error): how many decisions were played untold. None otherwise."""
        if self.stopped_at is None or self.counted:
            return None
        self.counted = True
        return Notice(untold_text(st.decisions - self.stopped_at))
