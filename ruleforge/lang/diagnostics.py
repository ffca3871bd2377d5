"""Diagnostics are values: a severity, a span, a message and an optional hint.

Every stage that can find a mistake in a rule file returns a list of these instead of
raising, so that a designer sees all of the file's mistakes in one run.
"""

from __future__ import annotations

import difflib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable

from attrs import frozen

from .plural import count


@frozen(order=True)
class Span:
    line: int
    column: int
    end_line: int
    end_column: int
    file: str | None = None  # set for text from another file (the base of a variant)

    @classmethod
    def point(cls, line: int, column: int) -> "Span":
        return cls(line, column, line, column + 1)


@frozen(order=True)
class Diagnostic:
    span: Span
    message: str
    hint: str | None = None
    severity: str = "error"

    def render(self, path: str, source_lines: list[str], colour=None) -> str:
        """`FILE:LINE:COL: error: message`, the source line, a caret, and the hint.

        `colour`, if given, styles the quoted source line (ruleforge.lang.highlight's
        terminal_colouring); the caret is placed by the plain text."""
        line, col = self.span.line, self.span.column
        path = self.span.file or path
        if line <= 0:  # about the file as a whole, or its command-line overrides
            out = [f"{path}: {self.severity}: {self.message}"]
            if self.hint:
                out.append(f"  hint: {self.hint}")
            return "\n".join(out)
        out = [f"{path}:{line}:{col}: {self.severity}: {self.message}"]
        if 1 <= line <= len(source_lines):
            text = source_lines[line - 1].rstrip("\r\n").expandtabs(8)
            if len(text) > 160:
                start = max(0, col - 80)
                text = ("..." if start else "") + text[start:start + 160]
                col = col - start + (3 if start else 0)
            width = 1
            if self.span.end_line == line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            width = max(1, min(width, len(text) - col + 2))
            out.append(f"    {colour(text) if colour else text}")
            out.append("    " + " " * (col - 1) + "^" * width)
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


STR_LIMIT = 10  # diagnostics in `str(RuleFileError)` (render shows 50)


class RuleFileError(Exception):
    """A rule file (or its parameter overrides) has mistakes; carries all of them."""

    def __init__(self, path: str, source: str, diagnostics: list[Diagnostic],
                 other_sources: dict[str, str] | None = None):
        self.path = path
        self.source = source
        self.other_sources = other_sources or {}
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.span.file is not None, d.span.file or "", d.span, d.message))
        super().__init__(f"{path}: {count(self.count, 'error')}")

    def given_by(self, was: str, now: str) -> None:
        """Say the values came from `now` where the messages say `was` ("--set " is how
        the checker names an override; a --sweep value or a load() keyword is not one)."""
        from attrs import evolve
        self.diagnostics = [evolve(d, message=d.message.replace(was, now), hint=d.hint and d.hint.replace(was, now))
                            for d in self.diagnostics]

    @property
    def count(self) -> int:
        """The errors (notes, such as 'checking stopped here', are not counted)."""
        return sum(d.severity == "error" for d in self.diagnostics)

    def __str__(self) -> str:
        """The diagnostics in plain text, each `FILE:LINE:COL: error: message` and its hint
        (as `render` gives them, without the quoted source line), the first STR_LIMIT of
        them, then the count when there are several: what a traceback shows. (The
        command line shows `render()`.)"""
        from .printable import plain
        shown = []
        for d in self.diagnostics[:STR_LIMIT]:
            where = d.span.file or self.path
            if d.span.line > 0:
                where += f":{d.span.line}:{d.span.column}"
            hint = f"\n  hint: {plain(d.hint)}" if d.hint else ""
            shown.append(plain(f"{where}: {d.severity}: {d.message}") + hint)
        if len(self.diagnostics) > STR_LIMIT:
            shown.append(f"... and {len(self.diagnostics) - STR_LIMIT} more")
        if len(self.diagnostics) != 1:
            shown.append(plain(f"{count(self.count, 'error')} in {self.path}"))
        return "\n".join(shown)

    def render(self, limit: int = 50, colour=None) -> str:
        from .parse import split_lines
        lines = split_lines(self.source)
        shown = [d.render(self.path, split_lines(self.other_sources[d.span.file])
                          if d.span.file in self.other_sources else lines, colour)
                 for d in self.diagnostics[:limit]]
        notes = [d for d in self.diagnostics[limit:] if d.severity == "note"]
        extra = len(self.diagnostics) - limit - len(notes)
        if extra > 0:
            shown.append(f"... and {extra} more {'error' if extra == 1 else 'errors'}")
        # a note past the shown errors (why checking stopped) is still said
        shown.extend(d.render(self.path, lines, colour) for d in notes)
        count = self.count
        shown.append(f"{count} error{'s' if count != 1 else ''} in {self.path}")
        return "\n".join(shown)


HINT_POOL = 64         # candidates compared in full; a larger pool is narrowed cheaply first
HINT_BUDGET = 300_000  # candidate names looked at for hints in one check (hint_budget)
_budget: list = [None]  # what is left of the budget of the check under way; None: no limit


@contextmanager
def hint_budget(names: int = HINT_BUDGET):
    """Bound the work of 'did you mean' while checking one file: a hostile file can ask
    for a hint per line against thousands of names; once `names` candidates have been
    looked at, the remaining mistakes get no hint."""
    was, _budget[0] = _budget[0], names
    try:
        yield
    finally:
        _budget[0] = was


def line_of(there: Span, here: Span) -> str:
    """Where `there` is, said from `here`: its line, and its file when that is another
    (a variant and the file it extends)."""
    if there.file == here.file:
        return f"line {there.line}"
    return f"{Path(there.file).name}:{there.line}" if there.file else f"line {there.line} of the variant"


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest candidate, or None when nothing is close."""
    close = closest(word, candidates)
    return f"did you mean '{close}'?" if close else None


def slip_of(word: str, candidate: str) -> bool:
    """Is `candidate` a slip of the keys away from `word` (`currnet`, `dicsard`), rather
    than another word that shares letters (`card` and `discard`)?"""
    return abs(len(word) - len(candidate)) <= 1 and difflib.SequenceMatcher(None, word, candidate).ratio() >= 0.75


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to `word`, or None when nothing is close.

    A large pool is first narrowed to the HINT_POOL names of a close length sharing the
    longest start and end with `word` (a full comparison costs tens of microseconds)."""
    pool = set(candidates)
    if _budget[0] is not None:
        if _budget[0] < len(pool):
            return None
        _budget[0] -= len(pool)
    if len(pool) > HINT_POOL:
        pool = _narrow(word, pool)
    close = difflib.get_close_matches(word, sorted(pool), n=1, cutoff=0.6)
    return close[0] if close else None


def _narrow(word: str, pool: set[str]) -> list[str]:
    n = len(word)
    slack = max(2, n // 2)
    lo, hi = n - slack, n + slack
    scored = []
    for c in [c for c in pool if lo <= len(c) <= hi]:
        front = 0
        for a, b in zip(word, c):
            if a != b:
                break
            front += 1
        back = 0
        for a, b in zip(reversed(word), reversed(c)):
            if a != b:
                break
            back += 1
        scored.append((-(front + back), abs(len(c) - n), c))
    scored.sort()
    return [c for _, _, c in scored[:HINT_POOL]]
