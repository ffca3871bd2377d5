"""`tokens_needed[count of players - 1]`: a list indexed as in a programming language. The
language has no items by position in a list (`[...]` only writes one), so the parser stops
at the `[`; this says so, and writes the pick out with `if ... then ... else`, with the
list's own items when it is written right there (`[10, 9, 8][i]`) or is a parameter or
definition the file gives as `[A, B, C]`.
"""

from __future__ import annotations

import re

from .diagnostics import Diagnostic, Span

def indexed(text: str, tok, line: int, col: int, file_text: str = "") -> Diagnostic | None:
    """The diagnostic for a `[` right after a value (`xs[2]`, `(xs)[i]`), or None."""
    if str(tok) != "[":
        return None
    before = text[:col - 1].rstrip()
    named = re.search(r"([A-Za-z_]\w*)$", before)
    if not named and not before.endswith((")", "]")):
        return None
    close = _closing(text, col - 1)
    index = text[col:close].strip() if close is not None else ""
    end = close + 2 if close is not None else col + 1
    items = _items(named.group(1), file_text) if named else _written(before)
    return Diagnostic(Span(line, col, line, end), "a list cannot be indexed with [...] in this language",
                      _hint(index or "N", items))


def _closing(text: str, at: int) -> int | None:
    """The column (from 0) of the `]` that closes the `[` at `at`, on this line, or None."""
    depth = 0
    for i in range(at, len(text)):
        depth += {"[": 1, "]": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def _items(name: str, file_text: str) -> list[str] | None:
    """The items of `parameter NAME = [A, B, C]` (or `define NAME = [...]`) in the file (or a
    file it extends), or None."""
    m = re.search(rf"^(?:parameter|define)\s+{re.escape(name)}\s*=\s*(\[[^\n#]*\])\s*(?:#[^\n]*)?$", file_text, re.M)
    return _split(m.group(1)) if m else None


def _written(before: str) -> list[str] | None:
    """The items of the list in brackets that `before` ends with (`[10, 9, 8, 7]`), or None."""
    if not before.endswith("]"):
        return None
    depth = 0
    for i in range(len(before) - 1, -1, -1):
        depth += {"]": 1, "[": -1}.get(before[i], 0)
        if depth == 0:
            return _split(before[i:])
    return None


def _split(bracketed: str) -> list[str] | None:
    """`[A, B, C]`'s items, split at its own commas (not a nested list's), or None when the
    text is not one list of two items or more."""
    items, depth, start, quoted = [], 0, 1, False
    for i, ch in enumerate(bracketed):
        quoted ^= ch == '"'
        if quoted or ch == '"':  # (a comma or bracket inside a text is the text's)
            continue
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(ch, 0)
        if depth == 0 and i != len(bracketed) - 1:
            return None  # `[a] + [b]`: not one list
        if depth == 1 and ch == ",":
            items.append(bracketed[start:i].strip())
            start = i + 1
    items.append(bracketed[start:-1].strip())
    return items if len(items) >= 2 and all(items) else None


def _hint(index: str, items: list[str] | None) -> str:
    # Positions count from 1, as `the 1st card of ZONE` does.
    if index.isdigit():  # `xs[2]`: the item is known as the file is written
        if items and 1 <= int(index) <= len(items):
            return f"write the item itself: {items[int(index) - 1]} (item {index} of [{', '.join(items)}], counting from 1)"
        return "write the item itself, or give it a parameter of its own"
    i = f"({index})" if re.search(r"\b(and|or|if|where)\b", index) else index
    shown = items or ["A", "B", "C"]
    # Every item, so that the chain can be pasted in as it is.
    picks = [f"if {i} = {n} then {item}" for n, item in enumerate(shown[:-1], 1)]
    chain = " else ".join(picks) + f" else {shown[-1]}"
    return ("pick the item with if ... then ... else, counting from 1: "
            f"`{chain}`" + ("" if items else "; a definition can hold it: "
                            "`define item_at of number i = if i = 1 then A else ...`"))
