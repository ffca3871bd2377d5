"""The root-first lexer (lang/lexer.py) reads exactly what Lark's contextual lexer reads:
the same trees, and the same errors at the same places, on every rule file in the
repository, every rule text the tests write, and a few hundred damaged items."""

import random
from pathlib import Path

import pytest
from lark import Lark

from ruleforge.lang import parse as P
from ruleforge.lang.lexer import RootFirstLexer

ROOT = Path(__file__).resolve().parent.parent


def _plain_parser() -> Lark:
    """The same grammar with Lark's own contextual lexer."""
    from importlib import resources
    grammar = resources.files("ruleforge.lang").joinpath("grammar.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", postlex=P._Indenter(), propagate_positions=True,
                maybe_placeholders=True, start=["start", "expr"])


@pytest.fixture(scope="module")
def parsers():
    fast = P.parser()
    assert type(fast.parser.lexer.lexer) is RootFirstLexer, "the root-first lexer is not installed"
    plain = _plain_parser()
    assert type(plain.parser.lexer.lexer) is not RootFirstLexer
    return fast, plain


def _outcome(parser: Lark, chunk: str):
    P._words[0] = 0
    try:
        tree = parser.parse(chunk, start="start")
    except Exception as e:  # what went wrong, and where
        return ("error", type(e).__name__, getattr(e, "line", None), getattr(e, "column", None),
                str(getattr(e, "token", "")), getattr(e, "token", None) and e.token.type,
                sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ()))
    return ("tree", tree, [(t.type, t.value, t.line, t.column, t.end_line, t.end_column)
                           for t in tree.scan_values(lambda v: hasattr(v, "type"))])


def _texts() -> list[tuple[str, str]]:
    files = [p for folder in ("games", "games/variants", "examples", "tests/data", "tests/mutants")
             for p in sorted((ROOT / folder).glob("*.rules"))]
    texts = [(str(p.relative_to(ROOT)), p.read_text("utf-8")) for p in files]
    # the rule texts tests write inline (between triple quotes)
    for test in sorted((ROOT / "tests").glob("test_*.py")):
        for i, piece in enumerate(test.read_text("utf-8").split('"""')[1::2]):
            if "\n" in piece and ("game " in piece or "players" in piece or "turn" in piece):
                texts.append((f"{test.name}#{i}", piece))
    return texts


def _items(text: str) -> list[str]:
    return [chunk for _, chunk in P._chunks(P.split_lines(text, keepends=True))]


def test_every_rule_text_reads_the_same(parsers):
    fast, plain = parsers
    checked = 0
    for name, text in _texts():
        for chunk in _items(text):
            assert _outcome(fast, chunk) == _outcome(plain, chunk), f"{name}: {chunk[:80]!r}"
            checked += 1
    assert checked > 1000  # the launch games, examples, mutants and test texts


def test_damaged_items_fail_alike(parsers):
    """Words dropped, doubled, swapped in, characters cut: every error at the same place."""
    fast, plain = parsers
    rng = random.Random(11)
    chunks = [c for name, text in _texts()[:40] for c in _items(text)]
    words = sorted({w for c in chunks for w in c.split()})
    errors = 0
    for _ in range(600):
        chunk = rng.choice(chunks)
        tokens = chunk.split(" ")
        i = rng.randrange(len(tokens))
        how = rng.randrange(4)
        if how == 0:
            del tokens[i]
        elif how == 1:
            tokens.insert(i, rng.choice(words))
        elif how == 2:
            tokens[i] = rng.choice(words)
        else:
            cut = rng.randrange(len(chunk))
            tokens = [chunk[:cut] + rng.choice(["(", "]", ">=", "!", "\"", "@", "highest", "1", "3rd", "firstly", "last"]) + chunk[cut:]]
        damaged = " ".join(tokens)
        got, want = _outcome(fast, damaged), _outcome(plain, damaged)
        assert got == want, repr(damaged)
        errors += got[0] == "error"
    assert errors > 200
