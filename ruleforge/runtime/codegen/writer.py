"""The module writer and the scope of one generated function.

`Writer` collects indented lines and remembers, for every line, the rule and the rule
file position it came from, so a RuleError raised while a line runs can name both
(`where`). `Scope` says where each local value of a rule lives: a Python local, or a
slot of the frame's list when the rule can stop for a decision and must keep it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager


def at_of(span) -> tuple:
    """Where a node is, as generated code notes it for check --deep's warnings: (line,
    column), and the file too when the node is from another file (a variant's base), so
    that a warning names the file the line is in."""
    return (span.line, span.column) if span.file is None else (span.line, span.column, span.file)


def comment_text(text: str) -> str:
    """Rule-file text shown in a comment: repr() keeps it on one line, inert."""
    return repr(str(text))


# a look-up in a table of the module (a prims.Table raises on a miss); not Z[...], V[...]
# or L[...], the zones, counters and locals, which cannot miss
_LOOKUP = re.compile(r"[A-Z][A-Za-z0-9_]+\[")
MAX_EXPRS = 256  # expressions kept for a statement's lines (a longer statement: the first)


class Writer:
    """Indented Python source, with the rule and span of every line."""

    def __init__(self):
        self.lines: list[str] = []
        # per line: (rule name, span), or (rule name, span, parts) when parts of the line
        # are known expressions, or None
        self.where: list[tuple] = []
        self.level = 0
        self.rule: str | None = None
        self.span = None
        self._exprs: list[tuple[str, object]] = []  # expressions written for the line(s) to come
        self._exprs_at = None

    def expr(self, text: str, span) -> None:
        """Expression text `text`, compiled from rule-file position `span`, is about to be
        written into a line of the current rule and statement: an error raised while it
        runs can then point at it (engine.where_of), not at the whole statement. Only
        what can fail is kept: a call (a helper, a quantity, a definition) and a look-up
        in one of the game's tables (`A_suit[c]`: no card there, or a card without that
        attribute)."""
        if ("(" not in text and not _LOOKUP.match(text)) or span is None or self.rule is None:
            return
        at = (self.rule, self.span)
        if at != self._exprs_at:  # another statement: what was kept belongs to the last one
            self._exprs.clear()
            self._exprs_at = at
        if len(self._exprs) < MAX_EXPRS:
            self._exprs.append((text, span))

    def line(self, text: str) -> None:
        self.lines.append("    " * self.level + text)
        if self.rule is None:
            self.where.append(None)
            return
        at = (self.rule, self.span)
        parts = ()
        if self._exprs and at == self._exprs_at:
            # (offset in the line's text, end, span, the text): an expression written in
            # the line once, by its place in the text without its indentation (which
            # later passes may change; engine.where_of checks the text is still there)
            parts = tuple((i, i + len(t), sp, t) for t, sp in self._exprs
                          if (i := text.find(t)) >= 0 and text.find(t, i + 1) < 0)
        self.where.append(at + (parts,) if parts else at)

    def comment(self, text: str) -> None:
        self.line("# " + text)

    def blank(self) -> None:
        self.lines.append("")
        self.where.append(None)

    @contextmanager
    def indent(self):
        self.level += 1
        try:
            yield
        finally:
            self.level -= 1

    @contextmanager
    def at(self, span):
        """Lines written inside belong to this position of the rule file."""
        old = self.span
        self.span = span
        try:
            yield
        finally:
            self.span = old

    def source(self) -> str:
        return "\n".join(self.lines) + "\n"


class Scope:
    """Where the locals of one generated function live, and its temporaries.

    `resumable` functions keep every binder in the frame's list `L` (they may stop at a
    decision and be cloned); the others use Python locals.
    """

    def __init__(self, resumable: bool, fixed: dict | None = None, counter: list | None = None):
        self.resumable = resumable
        self.slots: dict = {}          # binder -> slot of L (resumable) or Python name
        self.names: dict = {}
        self.nslots = 0
        self.kinds: dict[int, str] = {}  # slot -> "card" or "cards" (determinize renames these)
        self.counter = counter if counter is not None else [0]
        self.actor = None
        # a Python local holding `current`, worked out once a call: in a turn's own rule,
        # where the turn's position cannot change (only the engine moves it, between turns)
        self.current: str | None = None
        self.has_owner = False
        self.cards: set[str] = set()  # Python names that always hold a card here (never None)
        for binder, where in (fixed or {}).items():
            self.slots[binder] = where

    def fresh(self, stem: str = "t") -> str:
        self.counter[0] += 1
        return f"{stem}{self.counter[0]}"

    def slot(self, kind: str | None = None) -> int:
        i = self.nslots
        self.nslots += 1
        if kind is not None:
            self.kinds[i] = kind
        return i

    def bind(self, binder, stem: str, kind: str | None = None) -> str:
        """Storage for a binder (a let, a choice, a loop variable): made on first use."""
        if binder not in self.slots:
            if self.resumable:
                self.slots[binder] = f"L[{self.slot(kind)}]"
            else:
                self.slots[binder] = self.fresh(py_ident(stem) + "_")
        return self.slots[binder]

    def temp(self, kind: str | None = None) -> str:
        """Storage for a value kept by the rule itself (a loop's list and position)."""
        if self.resumable:
            return f"L[{self.slot(kind)}]"
        return self.fresh("t")


def py_ident(stem: str) -> str:
    """A rule-file name used as part of a generated identifier, only if it is plain."""
    ok = stem.isascii() and stem.replace("_", "a").isalnum() and not stem[:1].isdigit()
    return stem if ok and len(stem) <= 24 else "v"
