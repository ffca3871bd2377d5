"""A game's guide (docs/gufo.md, docs/ufology.md) quotes its rule file: each bold quote
`**"..."**` is a quoted comment of the file word for word, and each bold `**Ruling: ...**`
one of its "Ruling:" comments (whitespace aside, and a final period)."""

from __future__ import annotations

import re
from pathlib import Path


def _words(text: str) -> str:
    return " ".join(text.split())


def misquoted(rules: Path, guide: Path) -> tuple[list[str], list[str]]:
    """The guide's bold quotes and rulings that the rule file's comments do not hold."""
    comments = _words(" ".join(line.split("#", 1)[1] for line in rules.read_text(encoding="utf-8").splitlines()
                                if "#" in line))
    text = guide.read_text(encoding="utf-8")
    quotes = [_words(q) for q in re.findall(r'\*\*("[^*]+")\*\*', text)]
    rulings = [_words(r).rstrip(".") for r in re.findall(r"\*\*(Ruling: [^*]+)\*\*", text)]
    assert len(quotes) >= 5 and len(rulings) >= 3, (guide, quotes, rulings)  # (the pattern still finds them)
    return ([q for q in quotes if q.rstrip('"').rstrip(".") not in comments],
            [r for r in rulings if r not in comments])
