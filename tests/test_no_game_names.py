"""The package knows no game: no Python in `ruleforge/` (nor its grammar) names a game of
the repository, by title or by file name, and no example brings Python of its own. A game
that needs something gets a general construct of the language instead."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK_WORDS = {"clubs", "diamonds", "hearts", "spades"}  # suits are the language's, not a game's


def _rule_files() -> list[Path]:
    return sorted((ROOT / "games").rglob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))


def _names() -> tuple[set[str], set[str]]:
    """(titles, matched as written; file names, matched in any case)."""
    titles, stems = set(), set()
    for path in _rule_files():
        found = re.search(r'^game "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
        if found:
            titles.add(found.group(1))
        for stem in {path.stem, path.stem.replace("_", " ")}:
            if stem.lower() not in DECK_WORDS and "-" not in stem:  # variants: "gufo-three-reveals"
                stems.add(stem.lower())
    return titles, stems


def test_the_package_names_no_game():
    titles, stems = _names()
    assert {"gUFO", "UFO*logy"} <= titles and "go fish" in stems
    pattern = re.compile("|".join([rf"(?<![\w*]){re.escape(t)}(?![\w*])" for t in sorted(titles)]))
    any_case = re.compile("|".join(rf"\b{re.escape(s)}\b" for s in sorted(stems)), re.I)
    sources = sorted((ROOT / "ruleforge").rglob("*.py")) + sorted((ROOT / "ruleforge").rglob("*.lark"))
    found = []
    for source in sources:
        for n, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            hits = sorted({h.group(0) for h in [*pattern.finditer(line), *any_case.finditer(line)]})
            if hits:
                found.append(f"{source.relative_to(ROOT)}:{n}: {', '.join(hits)} in {line.strip()[:80]!r}")
    assert not found, "\n".join(found)


def test_no_example_has_python_of_its_own():
    assert not [p.name for p in (ROOT / "examples").iterdir() if p.suffix not in {".rules", ".md"}]
