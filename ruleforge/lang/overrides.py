"""Parameter overrides given from Python (`ruleforge.load(path, NAME=VALUE)`).

The command line's `--set NAME=VALUE` gives text, read as the parameter's type
(symbols.parse_value: `--set reveal_count=3`, `--set cloudy_altitudes=5,7`). A Python
program gives values, and a value of another type is a mistake, never read as text: a
number is an int, a yes/no is True or False, a text is a str, a list of numbers a list
or tuple of ints. `reveal_count="3"` or `cloudy_altitudes=3` is refused, saying what the
parameter takes and what was given.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Optional

from .types import BOOL, NUMBER, TEXT, Type, list_of

# how a Python program gives a value of each type a parameter may have (symbols.const_type)
PYTHON_WORDS = {NUMBER: "an int", BOOL: "True or False", TEXT: "a str", list_of(NUMBER): "a list or tuple of ints"}


def set_text(v) -> str:
    """A parameter's value as `--set` writes it: `true`, `5,7`, `3` (what a heading or
    a command to run the same game again shows)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


class Given:
    """A parameter's value as a Python program gave it. In a message it reads as Python
    writes it (its repr, cut short), where a --set value reads as its text."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __str__(self) -> str:
        try:
            text = repr(self.value)
        except ValueError:  # an int past Python's 4,300 digits for a text
            return "<a number too long to write>"
        return text if len(text) <= 60 else text[:57] + "..."

    def as_type(self, t: Type) -> Optional[Any]:
        """The value as one of the parameter type `t`, or None when it is not one."""
        return given_value(self.value, t)

    def other(self, t: Type) -> str:
        """What the parameter takes from Python, and what was given instead: for the
        message that refuses it, after 'takes a number'."""
        return f" ({PYTHON_WORDS[t]}), not {python_type(self.value)}"


def _whole(v) -> bool:
    return isinstance(v, Integral) and not isinstance(v, bool)  # (an int, or a numpy integer)


def given_value(v: Any, t: Type) -> Optional[Any]:
    """`v` as a value of the parameter type `t` (an int, a bool, a str or a list of ints),
    or None when it is not one."""
    if t == NUMBER:
        return int(v) if _whole(v) else None
    if t == BOOL:
        return v if isinstance(v, bool) else None
    if t == TEXT:
        return str(v) if isinstance(v, str) else None
    if t == list_of(NUMBER) and isinstance(v, (list, tuple)) and all(_whole(x) for x in v):
        return [int(x) for x in v]
    return None


def python_type(v: Any) -> str:
    """What `v` is, in Python's words: 'a str', 'an int', 'a list holding a str'."""
    if isinstance(v, (list, tuple)):
        odd = next((x for x in v if not _whole(x)), None)
        if odd is not None:
            return f"a {type(v).__name__} holding {_article(type(odd).__name__)}"
    return _article(type(v).__name__)


def _article(name: str) -> str:
    if name == "NoneType":
        return "None"
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"
