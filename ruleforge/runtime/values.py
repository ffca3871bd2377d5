"""Small values that cross the engine's boundary: results and errors (actions and the
references inside them live in runtime.actions, re-exported here)."""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from ..lang.diagnostics import Span
from .actions import Action, Place, Ref  # noqa: F401  (re-exported)


@frozen
class Result:
    """How a game ended: the ending's name and text, the winning seats, and each seat's
    payoff when the game declares one (`payoff of p`), else None."""
    ending: str
    reason: str
    winners: tuple
    payoffs: Optional[tuple] = None


class StackAt:
    """Where the rules stood at some moment: the Python frames from the outermost in, in
    the shape of a traceback (tb_frame, tb_lineno, tb_lasti, tb_next), so that an error
    found later (every player out, no ending) is placed where that moment was, as
    engine.where_of places an error from its traceback."""

    __slots__ = ("tb_frame", "tb_lineno", "tb_lasti", "tb_next")

    @staticmethod
    def here(frame) -> "StackAt":
        head = None
        while frame is not None:  # inner to outer: each new entry goes in front
            at = StackAt()
            at.tb_frame, at.tb_lineno, at.tb_lasti, at.tb_next = frame, frame.f_lineno, frame.f_lasti, head
            head, frame = at, frame.f_back
        return head


class RuleError(Exception):
    """A rule file did something impossible while being played (a loop that never ends,
    a card that is not there). Names the rule and its line."""

    def __init__(self, message: str, rule: Optional[str] = None, span: Optional[Span] = None,
                 via: Optional[tuple] = None):
        # via: (rule, span) of the rule that asked for the faulty expression (in a
        # definition, an ending's condition...), if another; (rule, span, (rule, span))
        # when the rule that was running is yet another (see where())
        self.message, self.rule, self.span, self.via = message, rule, span, via
        self.limit: Optional[str] = None  # which limit of runtime/limits.py stopped the game, if one did
        super().__init__(self.describe())

    @classmethod
    def over(cls, limit: str, message: str, rule: Optional[str] = None, span: Optional[Span] = None):
        """The error of a limit (runtime/limits.py): 'steps', 'work', 'decisions', 'game', 'number',
        'values', 'menu' or 'list'."""
        e = cls(message, rule, span)
        e.limit = limit
        return e

    def describe(self) -> str:
        return f"{self.where()}: {self.message}" if self.rule else self.message

    def where(self, own_line: bool = True) -> str:
        """`in rule 'R' (line N), reached from 'V' (line M) in 'O' (line K)`: the rule, the
        rule that reached it (`via`: (rule, span) or (rule, span, (outermost rule, span))),
        and the rule that was running; `own_line=False` leaves out R's line (shown above
        it, as `run` shows an error)."""
        text = f"in rule '{self.rule}'" + (_line(self.span) if own_line else "")
        via = self.via
        if via is not None:
            text += f", reached from '{via[0]}'" + _line(via[1])
            if len(via) > 2:
                text += f" in '{via[2][0]}'" + _line(via[2][1])
        return text


def _line(span: Optional[Span]) -> str:
    return f" (line {span.line})" if span is not None else ""


def shown(v) -> str:
    """`v` as Python writes it, cut short: a name or a value given to the API, in the
    message that refuses it."""
    from ..lang.overrides import Given
    return str(Given(v))


class UnknownName(KeyError):
    """A name the game does not have, given to the API (a zone, a player, a card, a
    counter...): a KeyError whose text is its message, which says what there is (a
    KeyError's own text is the repr of its key)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalAction(Exception):
    """An action that is not legal now. `reason` is one of: "game over", "not offered"."""

    def __init__(self, reason: str, message: str):
        self.reason = reason
        super().__init__(message)
