"""Every ```rules example of docs/language.md checks when added to the game it builds on.

The page opens with two whole games, Lucky Sevens and Night Watch, and says its other
examples are written to pass `ruleforge check` when added to one of them: as new items
(declarations, rules) or as statements in the body of an action. A block that only
makes sense with another (the block before it, a card's effect) says so in an HTML
comment just above it, `<!-- check: not alone (WHY) -->`, and is left out; an example
may use what the block just before it declares, go in a card's effect (`owner`), or
stand for the game's own setup, turn or cards. So a stale example is caught when the
language changes under it.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from ruleforge.lang.diagnostics import RuleFileError
from ruleforge.load import check_source

PAGE = Path(__file__).parents[1] / "docs" / "language.md"
BLOCK = re.compile(r"(?:<!-- check: (?P<how>[^>]*?) -->\n *)?```rules\n(?P<text>.*?)```", re.S)
BASES = {"Lucky Sevens": "action take", "Night Watch": "action log_card"}


def _blocks() -> list[tuple[int, str, str]]:
    md = PAGE.read_text(encoding="utf-8")
    return [(md.count("\n", 0, m.start("text")) + 1, m.group("how") or "", m.group("text").rstrip("\n"))
            for m in BLOCK.finditer(md)]


def _bases() -> dict[str, str]:
    found = {}
    for _, _, text in _blocks():
        for name in BASES:
            if text.startswith(f"# {name}:"):
                found[name] = text + "\n"
    assert set(found) == set(BASES), "the page's two base games"
    return found


def _checks(text: str) -> bool:
    try:
        check_source("example.rules", text.encode())
    except RuleFileError:
        return False
    return True


def _item_word(line: str) -> str:
    return line.split(":")[0].split(" ")[0]


def _replaced(base: str, example: str) -> str | None:
    """The base with the items the example stands for (its `setup:`, `turn:` or `cards:`)
    taken out, and the example added; None when it has none of them."""
    words = {_item_word(line) for line in example.split("\n") if line[:1].strip() and not line.startswith("#")
             and not line.startswith('cards "')} & {"setup", "turn", "cards"}
    if not words:
        return None
    out, skipping = [], False
    for line in base.split("\n"):
        if line[:1].strip() and not line.startswith("#"):  # an item starts
            skipping = _item_word(line) in words
        if not skipping:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n\n" + example + "\n"


def _ways(base: str, marker: str, example: str, context: str):
    """The example as new items after the game, as statements of one of its actions or
    of a card's effect (where `owner` means something), or in place of the game's own
    setup, turn or cards; `context` (the block before it, which declares what it uses)
    added as items."""
    base = base.rstrip("\n") + "\n\n" + context + "\n" if context else base
    yield base.rstrip("\n") + "\n\n" + example + "\n"
    body = "\n".join("    " + line if line.strip() else line for line in example.split("\n"))
    i = base.index(marker)
    yield base[:i].rstrip("\n") + "\n" + body + "\n\n" + base[i:]
    if "listed" in base:
        effect = "\n".join("        " + line if line.strip() else line for line in example.split("\n"))
        yield base.rstrip("\n") + '\n\ncard "Example":\n    type: gadget\n    on log:\n' + effect + "\n"
    replaced = _replaced(base, example)
    if replaced is not None:
        yield replaced


def _examples():
    blocks = _blocks()
    out = []
    for k, (line, how, text) in enumerate(blocks):
        if text.startswith(tuple(f"# {name}:" for name in BASES)) or text.startswith("game ") or "extends \"" in text:
            continue  # a whole game (the bases, variants of them): checked as written below
        if how.startswith("not alone"):
            continue
        before = [blocks[j][2] for j in range(max(0, k - 3), k)]  # (what an example uses is declared just above)
        out.append(pytest.param(textwrap.dedent(text), before, id=f"line {line}"))
    return out


@pytest.mark.parametrize("example, before", _examples())
def test_an_example_checks_in_the_game_it_builds_on(example, before):
    bases = _bases()
    assert any(_checks(whole) for name, marker in BASES.items() for context in ["", *before]
               for whole in _ways(bases[name], marker, example, context))


def test_the_two_base_games_check():
    for text in _bases().values():
        assert _checks(text)


def _whole_games() -> list:
    return [pytest.param(text + "\n", id=f"line {line}") for line, how, text in _blocks()
            if text.startswith("game ") and not how.startswith("not alone")]


@pytest.mark.parametrize("text", _whole_games())
def test_a_whole_game_checks_as_written(text):
    """A block that is a whole game (it opens with `game "..."`) checks alone, as a
    designer would copy it; `extends` variants need their base file and are left out."""
    try:
        check_source("example.rules", text.encode())
    except RuleFileError as e:
        pytest.fail(str(e))
