"""Where a syntax error really is, when the parser notices it later: at a bracket left
open, at the last line of code before trailing comments, or at the first line of a block
indented less than the rest; and a tab in the indentation, refused before parsing.

The parser reads an item to its end before it knows a bracket was never closed, and
reads an indentation mistake at the line after it; these helpers look at the item's
text to point at the place a designer has to change.
"""

from __future__ import annotations

import re

from .diagnostics import Diagnostic, Span

_CODE = re.compile(r'"[^"\n]*"|#.*|[()\[\]]')
_PAIRS = {")": "(", "]": "["}


def code_part(line: str) -> str:
    """`line` without its comment (a '#' inside a quoted text is not one)."""
    for m in _CODE.finditer(line):
        if m.group().startswith("#"):
            return line[:m.start()].rstrip()
    return line.rstrip()


def unclosed_brackets(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line, column, bracket) of each bracket left open at the end of `lines`, from the
    first; brackets in texts and comments do not count."""
    stack: list[tuple[int, int, str]] = []
    for i, line in enumerate(lines, 1):
        for m in _CODE.finditer(line):
            tok = m.group()
            if tok in "([":
                stack.append((i, m.start() + 1, tok))
            elif tok in ")]":
                if stack and stack[-1][2] == _PAIRS[tok]:
                    stack.pop()
    return stack


def end_of_code(lines: list[str]) -> tuple[int, int]:
    """(line, column) just after the last code of `lines`, past trailing comments and
    blank lines (where an item cut short ends)."""
    for i in range(len(lines), 0, -1):
        code = code_part(lines[i - 1])
        if code.strip():
            return i, len(code) + 1
    return (len(lines), len(lines[-1]) + 1) if lines else (1, 1)


def last_item(text: str, offset: int, chunk_lines: list[str]) -> bool:
    """Whether no line of code follows the item of `chunk_lines` (at `offset`) in the file `text`."""
    later = text.split("\n")[offset + len(chunk_lines):]  # (as parse.split_lines counts lines)
    return not any((s := x.strip()) and not s.startswith("#") for x in later)


def ends_early(lines: list[str], offset: int, expected: str, last: bool = True) -> Diagnostic:
    """The item ends before it is complete: at the bracket left open, else at the end
    of its last line of code. `last`: no item follows it in the file (else the next
    line, not indented, is what ended it)."""
    open_ = unclosed_brackets(lines)
    if open_:
        line, col, bracket = open_[-1]
        closer = ")" if bracket == "(" else "]"
        more = f" (and {len(open_) - 1:,} more before it)" if len(open_) > 1 else ""
        return Diagnostic(Span.point(line + offset, col), f"this '{bracket}' is never closed{more}",
                          f"close it with '{closer}'; until it is, every line up to the next item "
                          "reads as part of it")
    line, col = end_of_code(lines)
    bare = _action_without_statements(lines, line, offset)
    if bare is not None:
        return bare
    if not last:  # (an empty `if:` before the next item: the file did not end there)
        return Diagnostic(Span.point(line + offset, col), "this item ends in the middle: the next line of code is "
                          "not indented, so it starts another item", f"expected {expected}")
    return Diagnostic(Span.point(line + offset, col), "the file ends in the middle of this item",
                      f"expected {expected}")


def _action_without_statements(lines: list[str], last: int, offset: int) -> Diagnostic | None:
    """An action whose block holds only `with` lines and `allowed if`: the grammar and
    docs/language.md make its statements what an action is (a player who may do nothing
    passes: `takes an action or passes`), so this says which part is missing, at the last
    line (not "the file ends", which the next item proves wrong)."""
    if not re.match(r"action\b", lines[0]):
        return None
    body = [code_part(lines[i - 1]).strip() for i in _code_lines(lines)[1:]]
    if not body or not all(re.match(r"(with|allowed\s+if)\b", text) for text in body):
        return None
    after = "its 'allowed if'" if body[-1].startswith("allowed") else "its 'with' lines"
    text = code_part(lines[last - 1])
    start = len(text) - len(text.lstrip()) + 1
    return Diagnostic(Span(last + offset, start, last + offset, len(text) + 1),
                      f"an action needs at least one statement after {after}",
                      "write below it what taking the action does (a knock sets a counter that the turn or an "
                      "ending reads: set knocked to current); a player who may do nothing passes: "
                      "'current takes an action or passes' in the turn")


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


def _code_lines(lines: list[str]) -> list[int]:
    return [i for i, text in enumerate(lines, 1) if code_part(text).strip()]


def indented_with_tab(lines: list[str], offset: int = 0) -> Diagnostic | None:
    """The first line of code indented with a tab, said at the tab: a tab is as wide as
    each editor makes it, so a block indented with tabs and spaces reads differently in
    each (the grammar would count 8 spaces)."""
    for i in _code_lines(lines):
        indent = _indent(lines[i - 1])
        if "\t" in indent:
            return Diagnostic(Span.point(i + offset, indent.index("\t") + 1), "this line is indented with a tab",
                              "indent with spaces, not tabs")
    return None


def unexpected_indent(lines: list[str], line: int, offset: int) -> Diagnostic:
    """A line indented deeper than the line before it, which opens no block."""
    code = _code_lines(lines)
    at = code.index(line) if line in code else -1
    if at >= 2:
        prev, head = code[at - 1], code[at - 2]
        nxt = code[at + 1] if at + 1 < len(code) else None
        w_prev, w_line = len(_indent(lines[prev - 1])), len(_indent(lines[line - 1]))
        opens = code_part(lines[head - 1]).endswith(":") and len(_indent(lines[head - 1])) < w_prev
        # the block's first line is the odd one out when the lines after it agree
        if opens and nxt is not None and len(_indent(lines[nxt - 1])) == w_line:
            return Diagnostic(Span.point(prev + offset, w_prev + 1),
                              f"this line is indented less than the rest of its block "
                              f"({w_prev} {'space' if w_prev == 1 else 'spaces'}; the lines after it {w_line})",
                              "indent every line of a block by the same amount")
    word = item_word(lines[line - 1]) if 0 < line <= len(lines) else None
    if word is None and 0 < line <= len(lines) and _GOES_ON.match(lines[line - 1]):
        # `allowed if A` then `    or B`: a long condition broken over lines
        return Diagnostic(Span.point(line + offset, 1), "unexpected indentation",
                          "a line cannot go on on the next one, except inside brackets: write the condition "
                          "on one line, or put it in ( ), which may span lines")
    return Diagnostic(Span.point(line + offset, 1), "unexpected indentation",
                      _unindent(word) if word else "indent only the lines of a block, after a line ending in ':'")


# a line that can only be the rest of the line before it
_GOES_ON = re.compile(r"\s*(?:(?:or|and|then)\s|[-+*/<>=])")


# the words that begin a top-level item and never a statement or an expression
ITEM_ONLY = ("game", "extends", "cooperative", "role", "parameter", "zone", "pieces", "counter", "define", "rule", "turn", "setup",
             "action", "actions", "ending", "invariant", "match", "attribute", "quantity", "payoff", "heuristic",
             "without")


def item_word(text: str) -> str | None:
    """The word `text` starts with when it begins a top-level item (`ending`, `zone`...)."""
    m = re.match(r"\s*([a-z]+)\b", text)
    return m.group(1) if m and m.group(1) in ITEM_ONLY else None


def _unindent(word: str) -> str:
    return f"'{word}' begins a top-level item: unindent it to the left margin"


def no_enclosing_block(lines: list[str], line: int, column: int, offset: int) -> Diagnostic:
    """A line dedented to a depth no enclosing block has."""
    word = item_word(lines[line - 1]) if 0 < line <= len(lines) else None
    return Diagnostic(Span.point(line + offset, column), "this line's indentation matches no enclosing block",
                      _unindent(word) if word else
                      "indent each line of a block by the same amount as the block's first line")
