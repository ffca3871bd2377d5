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


class RuleError(Exception):
    """A rule file did something impossible while being played (a loop that never ends,
    a card that is not there). Names the rule and its line."""

    def __init__(self, message: str, rule: Optional[str] = None, span: Optional[Span] = None,
                 via: Optional[tuple] = None):
        # via: (rule, span) of the rule that was running when the faulty expression
        # (in a definition, an ending's condition...) was reached, if another
        self.message, self.rule, self.span, self.via = message, rule, span, via
        self.limit: Optional[str] = None  # which limit of runtime/limits.py stopped the game, if one did
        super().__init__(self.describe())

    @classmethod
    def over(cls, limit: str, message: str, rule: Optional[str] = None, span: Optional[Span] = None):
        """The error of a limit (runtime/limits.py): 'steps', 'work', 'decisions', 'number',
        'values' or 'menu'."""
        e = cls(message, rule, span)
        e.limit = limit
        return e

    def describe(self) -> str:
        where = ""
        if self.rule:
            where = f"in rule '{self.rule}'" + _line(self.span)
            if self.via is not None:
                where += f", reached from '{self.via[0]}'" + _line(self.via[1])
            where += ": "
        return where + self.message


def _line(span: Optional[Span]) -> str:
    return f" (line {span.line})" if span is not None else ""


class IllegalAction(Exception):
    """An action that is not legal now. `reason` is one of: "game over", "not offered"."""

    def __init__(self, reason: str, message: str):
        self.reason = reason
        super().__init__(message)
