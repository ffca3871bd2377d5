"""`count of tableau of p where kind = tempura / 2 * 5`: `where` takes everything after
it, the arithmetic meant for the count included, so the checker finds a kind compared
with a number. When the reading the designer meant, `(count of ... where kind = tempura)
/ 2 * 5`, would check, the comparison's error says to write that, and the errors the
misreading caused further in the arithmetic are left out."""

from __future__ import annotations

from attrs import evolve

from . import ast as A
from .types import NUMBER

_COMPARE = ("=", "!=", "<", "<=", ">", ">=")


def swallowed(checker, agg: A.Aggregate, before: int) -> None:
    """After `agg`'s collection is checked, the errors from the `before`th on are its."""
    f, sym = agg.collection, checker.sym
    if not isinstance(f, A.Filter) or len(sym.diags) == before:
        return
    if (f.span.end_line, f.span.end_column) != (agg.span.end_line, agg.span.end_column):
        return  # `count of (C where ...)`: the filter ends where the designer said
    cond = f.condition
    if not (isinstance(cond, A.Binary) and cond.op in _COMPARE
            and isinstance(cond.right, A.Binary) and cond.right.op in A.ARITHMETIC):
        return
    # the arithmetic's first operand is what the comparison meant; the rest works on the count
    first, rest = cond.right, []
    while isinstance(first, A.Binary) and first.op in A.ARITHMETIC:
        rest.append(first.right)
        first = first.left
    types = checker.types
    lt, ft = types.get(cond.left), types.get(first)
    if lt is None or ft is None or not lt.compatible(ft) or ft == NUMBER:
        return
    if cond.op not in ("=", "!=") or any(types.get(r) != NUMBER for r in rest):
        return
    mine = [i for i in range(before, len(sym.diags)) if sym.diags[i].span == cond.span]
    if not mine:
        return
    meant = _written(sym, agg, first)
    hint = ("'where' takes everything after it as its condition, the arithmetic too: put the "
            + (f"{agg.op} in parentheses: {meant}" if meant else f"'{agg.op} of ... where ...' in parentheses"))
    inside = cond.right.span
    kept = [evolve(d, hint=hint) if i == mine[0] else d for i, d in enumerate(sym.diags)
            if i < before or i == mine[0] or not _within(d.span, inside)]
    sym.diags[:] = kept


def _within(span, outer) -> bool:
    return (span.file == outer.file and (outer.line, outer.column) <= (span.line, span.column)
            and (span.end_line, span.end_column) <= (outer.end_line, outer.end_column))


def _written(sym, agg, first) -> str | None:
    """`(count of C where L = X) / 2 * 5`, from the source, when it is on one line."""
    s, f = agg.span, first.span
    text = getattr(sym, "texts", {}).get(s.file)
    if text is None or s.line != s.end_line or f.end_line != s.line:
        return None
    lines = text.split("\n")
    if not 0 < s.line <= len(lines):
        return None
    line = lines[s.line - 1]
    return f"'({line[s.column - 1:f.end_column - 1]}){line[f.end_column - 1:s.end_column - 1]}'"
