"""What the parser expected where it stopped, in words a designer knows: keywords and
symbols as written ('of', '.'), a few kinds of token in words ("a name"); the grammar's
own terminal names (ORDINAL) never reach a hint.
"""

from __future__ import annotations

_TERMINAL_WORDS = {
    "NAME": ("a name",), "INT": ("a number",), "STRING": ('a quoted text ("...")',),
    "_NL": ("the end of the line",), "_INDENT": ("an indented block",), "_DEDENT": ("the end of the block",),
    "$END": ("the end of the file",),
    # the terminals that read several words
    "ORDINAL": ("a place such as 'first' or '2nd'",),
}


def describe_terminal(name: str) -> tuple[str, ...]:
    """A terminal as a hint says it: its words, or nothing for one no designer would know."""
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    from .parse import keywords  # (parse imports this module)
    kw = keywords().get(name)
    return (f"'{kw}'",) if kw else ()


def expected(names) -> str:
    """The terminals the parser would have taken, in words, at most 8 of them."""
    words = sorted({w for n in names if n != "COMMENT" for w in describe_terminal(n)})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)
