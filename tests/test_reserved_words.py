"""docs/language.md's "Reserved words" lists every word of the grammar: a construct that
adds a keyword adds it to the reference too (a designer who names a zone `shown` learns
why the file reads oddly)."""

import re
from pathlib import Path

from ruleforge.lang import parse as P

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"


def _listed() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Reserved words"):]
    section = section[:section.index("\n## ", 1)]
    return {w for block in re.findall(r"```text\n(.*?)```", section, re.S) for w in block.split()}


def test_every_keyword_is_listed():
    words = {v for v in P.keywords().values() if re.fullmatch(r"[a-z]+", v)}
    assert len(words) > 100
    assert sorted(words - _listed()) == []
