"""Small values that cross the engine's boundary: results and errors (actions and the
references inside them live in runtime.actions, re-exported here)."""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from ..lang.diagnostics import Span
from .actions import Action, Place, Ref  # noqa: F401  (re-exported)


@frozen
class Result:
    """How a game ended: the ending's name and text, and the winning seats."""
    ending: str
    reason: str
    winners: tuple


class RuleError(Exception):
    """A rule file did something impossible while being played (a loop that never ends,
    a card that is not there). Names the rule and its line."""

    def __init__(self, message: str, rule: Optional[str] = None, span: Optional[Span] = None):
        self.message, self.rule, self.span = message, rule, span
        super().__init__(self.describe())

    def describe(self) -> str:
        where = ""
        if self.rule:
            where = f"in rule '{self.rule}'"
            if self.span is not None:
                where += f" (line {self.span.line})"
            where += ": "
        return where + self.message


class IllegalAction(Exception):
    """An action that is not legal now. `reason` is one of: "game over", "not offered"."""

    def __init__(self, reason: str, message: str):
        self.reason = reason
        super().__init__(message)
