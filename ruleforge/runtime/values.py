"""Small values that cross the engine's boundary: actions, references, results, errors."""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from ..lang.diagnostics import Span


@frozen(order=True, cache_hash=True)
class Ref:
    """A card, piece or player named inside an action: stable and comparable by index."""
    kind: str
    index: int
    name: str

    def __str__(self) -> str:
        return self.name


@frozen(order=True, cache_hash=True)
class Action:
    """One legal action at a decision point.

    kind is "menu" (an action the rule file declares, with its chosen parameters),
    "choose" (one element picked from a collection) or "ask" (one of two named answers).
    Actions are stable across clones and runs, printable, hashable and sortable.
    """
    kind: str
    name: str
    args: tuple = ()

    def __str__(self) -> str:
        if self.kind == "menu":
            if not self.args:
                return self.name
            return f"{self.name}(" + ", ".join(f"{k}={v}" for k, v in self.args) + ")"
        if self.kind == "choose":
            return str(self.args[0][1])
        return self.name

    def sort_key(self) -> tuple:
        """The same order as `<`, computed without attrs' generic comparison."""
        return (self.kind, self.name,
                tuple((k, (v.kind, v.index, v.name) if isinstance(v, Ref) else v) for k, v in self.args))

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name,
                "args": [[k, v.name if isinstance(v, Ref) else v] for k, v in self.args],
                "text": str(self)}


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
