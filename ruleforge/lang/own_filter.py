"""A name used inside the `where` of the very line that binds it (`with second in hand of
current where second != first`, `let d = current chooses one of C where d.value > 3`,
`for each e chosen by ... from C where e.value > 3`): the filter is read before the name
holds anything, so the element it tests is `it`.

The checker says so (`hint`); `corrected` (which `load.check_source` asks, as the
checker has no source text) adds the line written with `it`, so the designer sees the fix
rather than a guess at another name."""

from __future__ import annotations

import re
from contextlib import contextmanager

from attrs import evolve

# the start of the checker's hint, which `corrected` looks for
_PREFIX = "the 'where' of '{form}' is read before '{name}' holds anything"


def hint(name: str, form: str) -> str:
    return _PREFIX.format(form=form, name=name) + ", so the element it tests is 'it'"


@contextmanager
def binding(checker, name: str, form: str):
    """While the collection of `form` (which binds `name`) is checked."""
    before = getattr(checker, "choosing", None)
    checker.choosing = (name, form)
    try:
        yield
    finally:
        checker.choosing = before


def corrected(diags: list, text: str, sources: dict) -> list:
    """The diagnostics, each of ours with the line that fixes it: the bound name after
    `where` written as `it` (`c.value` as `it.value`)."""
    out = []
    for d in diags:
        name = re.fullmatch(r"unknown name '(\w+)'", d.message)
        if name is None or not (d.hint or "").startswith("the 'where' of '"):
            out.append(d)
            continue
        lines = (sources.get(d.span.file, "") if d.span.file else text).split("\n")
        raw = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else ""
        head, sep, tail = _split(raw.strip(), raw, d.span.column)
        if not sep:
            out.append(d)
            continue
        # (a quoted text on the line, a prompt, is left as written)
        fixed = "".join(part if k % 2 else re.sub(rf"(?<![\w.]){re.escape(name.group(1))}\b", "it", part)
                        for k, part in enumerate(re.split(r'("[^"]*")', tail)))
        out.append(evolve(d, hint=f"{d.hint}: write '{head}{sep}{fixed.rstrip(':').rstrip()}'"))
    return out


def _split(stripped: str, raw: str, column: int) -> tuple[str, str, str]:
    """The stripped line cut at the last ' where ' before `column` (1-based, in `raw`)."""
    upto = column - 1 - (len(raw) - len(raw.lstrip()))
    at = stripped.rfind(" where ", 0, max(upto, 0))
    if at < 0:
        return stripped, "", ""
    return stripped[:at], " where ", stripped[at + len(" where "):]
