"""Syntax highlighting: the Pygments lexer, colour in the terminal, the TextMate grammar."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from ruleforge.lang import highlight as H
from ruleforge.lang.diagnostics import Diagnostic, RuleFileError, Span
from ruleforge.lang.highlight import RulesLexer, highlight, terminal_colouring

ROOT = Path(__file__).resolve().parent.parent
GAMES = [ROOT / "games" / "gufo.rules", ROOT / "games" / "ufology.rules"]
# every rule file of the repository: the games, their variants, the examples
RULE_FILES = sorted(set(ROOT.glob("games/**/*.rules")) | set(ROOT.glob("examples/**/*.rules")))
TM_PATH = ROOT / "editors" / "ruleforge.tmLanguage.json"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def toks(text: str) -> list[tuple]:
    """(token type, text) of the lexer's tokens, whitespace left out."""
    return [(t, v) for _, t, v in RulesLexer().get_tokens_unprocessed(text) if v.strip()]


def type_of(text: str, word: str, nth: int = 0):
    """The token type of the nth token whose text is `word`."""
    found = [t for t, v in toks(text) if v == word]
    assert len(found) > nth, f"no token {word!r} in {text!r}: {toks(text)}"
    return found[nth]


def rules_blocks() -> str:
    """The ```rules examples of the language reference, one after the other."""
    md = (ROOT / "docs" / "language.md").read_text("utf-8")
    return "\n".join(re.findall(r"```rules\n(.*?)```", md, re.S))


# ---- the lexer -----------------------------------------------------------------------

@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_the_lexer_reads_every_line_of_the_games_exactly(path):
    text = path.read_text("utf-8")
    tokens = list(RulesLexer().get_tokens_unprocessed(text))
    assert "".join(v for _, _, v in tokens) == text
    assert "".join(v for _, v in RulesLexer().get_tokens(text)) == text
    errors = [(text.count("\n", 0, i) + 1, v) for i, t, v in tokens if t in Error]
    assert errors == []
    assert all(v for _, _, v in tokens), "no empty tokens"
    # every line has something coloured that is not plain text, or is blank
    kinds = {t for _, t, _ in tokens}
    assert {Comment.Single, String.Double, Keyword, Keyword.Declaration, Number.Integer,
            Operator.Word} <= kinds


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rule_file_lexes_without_errors(path):
    text = path.read_text("utf-8")
    tokens = list(RulesLexer().get_tokens_unprocessed(text))
    assert "".join(v for _, _, v in tokens) == text
    assert [v for _, t, v in tokens if t in Error] == []


def test_the_examples_of_the_language_reference_lex_without_errors():
    text = rules_blocks()
    assert len(text) > 1000
    assert [v for _, t, v in RulesLexer().get_tokens_unprocessed(text) if t in Error] == []


def test_token_types():
    assert type_of("    move top of deck to discard", "move") in Keyword
    assert type_of('zone box "the box": pile, face down', "the box") in String
    assert type_of('zone box "the box": pile, face down', '"') in String.Double
    assert type_of("zone box: pile  # cards that take no part", "# cards that take no part") in Comment
    assert type_of("invariant all_cards: count of box = 52", "52") in Number
    # the name after a declaration word is the declared name
    zone = type_of('zone box "the box": pile, face down', "box")
    assert zone in Name and zone is not Name and zone is Name.Variable.Global
    assert type_of('action shoot "Shoot" by north:', "shoot") is Name.Function
    assert type_of('role north "North"', "north") is Name.Class
    assert type_of("parameter hand_size = 5", "hand_size") is Name.Constant
    assert type_of("counter tricks per player = 0", "tricks") is Name.Variable.Global
    assert type_of("define best = 1", "best") is Name.Function
    assert type_of("quantity score of p: 1", "score") is Name.Function
    assert type_of("quantity score of p: 1", "p") is Name.Variable
    # a parameter's kind, when named, is a kind; the parameter a local name (it was the reverse)
    typed = "define pile_of of player p, suit s = 1"
    assert [(str(t), v) for t, v in toks(typed) if t is not Whitespace][3:9] == [
        ("Token.Keyword.Type", "player"), ("Token.Name.Variable", "p"), ("Token.Punctuation", ","),
        ("Token.Keyword.Type", "suit"), ("Token.Name.Variable", "s"), ("Token.Operator", "=")]
    assert type_of('ending out "x": north wins', "out") is Name.Label
    assert type_of('invariant kept "x": true', "kept") is Name.Label
    assert type_of("attribute type: a, b", "type") is Name.Attribute
    assert type_of("pieces pawn: one for each suit in [clubs]", "pawn") is Name.Class
    assert type_of("when deck runs out:", "deck") is Name.Variable.Global
    assert type_of("turn of north:", "north") is Name.Class
    # declaration words only at the left margin
    for word in ("game", "players", "zone", "card", "turn order", "setup", "match", "extends"):
        assert type_of(f"{word} x", word) is Keyword.Declaration
    assert type_of("    move top of deck to hand of current", "hand") is Name
    # texts and what is inside their braces
    line = '    say "{p} completes {c.name}, worth {score of p}"'
    assert [v for t, v in toks(line) if t is String.Interpol] == ["{", "}", "{", "}", "{", "}"]
    assert type_of(line, "p") is Name
    assert type_of(line, "name") is Name.Attribute
    assert type_of(line, "of") is Operator.Word
    assert type_of(line, " completes ") is String.Double


def test_words_of_the_language():
    line = "    let x = owner chooses a card in hand of owner where it is face up and value >= 2"
    assert type_of(line, "let") in Keyword
    assert type_of(line, "x") is Name.Variable
    assert type_of(line, "owner") is Name.Builtin.Pseudo
    assert type_of(line, "chooses") in Keyword
    assert type_of(line, "a card in") in Keyword
    assert type_of(line, "where") is Operator.Word
    assert type_of(line, "it") is Name.Builtin.Pseudo
    assert type_of(line, "face up") in Keyword
    assert type_of(line, ">=") is Operator
    assert type_of(line, "value") is Name.Attribute
    line = "    if score of p mod 2 = 0:"
    assert type_of(line, "mod") is Operator.Word and type_of(line, "of") is Operator.Word
    line = "    move the card in box where suit = hearts and rank in [A, K] to sky slot 1"
    assert type_of(line, "the card in") in Keyword
    for symbol in ("hearts", "A", "K"):
        assert type_of(line, symbol) is Name.Constant
    assert type_of(line, "suit") is Name.Attribute
    assert type_of("    set c to random card in deck", "random card in") in Keyword
    assert type_of("    current takes an action or passes", "takes an action") in Keyword
    assert type_of("    current takes an action or passes", "or passes") in Keyword
    assert type_of("    owner looks at top 3 cards of deck", "looks at") in Keyword
    assert type_of("    end the game with shot", "end the game with") in Keyword
    assert type_of("    end the game with shot", "shot") is Name.Label
    assert type_of("    end turn", "end turn") in Keyword
    assert type_of("    resolve play effect of card by current", "play") is Name.Function
    assert type_of("    for each p in players:", "for each") in Keyword
    assert type_of("    for each p in players:", "p") is Name.Variable
    assert type_of("    for each p in players:", "players") is Name.Builtin.Pseudo
    assert type_of("    if c has an archive effect:", "archive") is Name.Function
    assert type_of("ending e: nobody wins when count of deck = 0", "nobody") is Keyword.Constant
    assert type_of("    set done to true", "true") is Keyword.Constant
    assert type_of("    else if x:", "else if") in Keyword
    # statement words start a statement at the margin too (a snippet in the docs)
    assert type_of("shuffle discard into deck", "shuffle") in Keyword
    # the card names: a number inside a name is part of the name
    assert type_of("    move c to case_file where type = CE1", "CE1") is Name


def test_the_new_words():
    assert type_of("    eliminate current", "eliminate") in Keyword
    assert type_of("    if p is eliminated:", "eliminated") in Keyword
    assert type_of("    current takes the next turn", "takes the next turn") in Keyword
    assert type_of("    let q = the player after current", "the player after") in Keyword
    assert type_of("    let q = the player before current", "the player before") in Keyword
    assert type_of("    for each p in all players:", "all players") is Name.Builtin.Pseudo
    assert type_of("    for each p in all players:", "in") is Operator.Word
    assert type_of("    wins needed: 3 in all, 2 in a row", "in all") in Keyword
    line = "    set x to if count of deck > 0 then 1 else 2"
    assert [type_of(line, w) in Keyword for w in ("if", "then", "else")] == [True] * 3


def test_words_that_are_names_elsewhere_stay_names():
    # `next`, `card` and `a` are names here, not words of the language
    assert type_of("    reveal top of deck to revealed as next", "next") is Name.Variable
    assert type_of("    if next.value > used.value:", "next") is Name
    assert type_of("    with card in hand of north", "card") is Name.Variable
    assert type_of("    swap card with old", "card") is Name
    assert type_of("invariant i: every a in xs has a = 1", "a") is Name
    assert type_of("zone hand per player: hand", "hand", 0) is Name.Variable.Global
    assert type_of("zone hand per player: hand", "hand", 1) is Keyword.Type


def test_odd_texts_do_not_spill():
    # a quote inside braces ends the text; the rest of the line is rule text again
    line = '    say "a {b" and c'
    assert type_of(line, "and") is Operator.Word
    # `#` inside braces is not a comment
    assert type_of('    say "{x # y}" and z', "and") is Operator.Word
    # an unclosed text ends at the end of its line
    text = '    say "oops\n    move x to y\n'
    assert type_of(text, "move") in Keyword
    assert "".join(v for _, _, v in RulesLexer().get_tokens_unprocessed(text)) == text


def test_the_lexer_is_registered_with_pygments():
    from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
    names = {ep.name: ep.value for ep in entry_points(group="pygments.lexers")}
    assert names.get("ruleforge") == "ruleforge.lang.highlight:RulesLexer", \
        "stale metadata: run `pip install -e . --no-deps`"
    assert isinstance(get_lexer_by_name("ruleforge"), RulesLexer)
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert find_lexer_class_for_filename("games/gufo.rules") is RulesLexer


def test_pygmentize_colours_a_rule_file():
    out = subprocess.run([sys.executable, "-m", "pygments", "-l", "ruleforge", "-f", "html",
                          str(GAMES[0])], capture_output=True, text=True, check=True).stdout
    assert '<span class="k">move</span>' in out
    assert '<span class="kd">zone</span>' in out
    assert 'class="err"' not in out


# ---- colour in the terminal ----------------------------------------------------------

def test_highlight_gives_rich_text_with_the_same_characters():
    line = '    move top 2 cards of deck to hand of owner  # draw "{two}"'
    text = highlight(line)
    assert text.plain == line
    styles = {line[s.start:s.end]: str(s.style) for s in text.spans}
    assert styles["move"] == H.TOKEN_STYLES[Keyword]
    assert styles["2"] == H.TOKEN_STYLES[Number]
    assert styles['# draw "{two}"'] == H.TOKEN_STYLES[Comment]
    assert highlight("").plain == ""
    for path in GAMES:
        source = path.read_text("utf-8")
        assert highlight(source).plain == source


def test_no_colour_away_from_a_terminal(monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert terminal_colouring() is None  # pytest captures the output: not a terminal
    assert terminal_colouring(stderr=True) is None


def test_colour_on_a_terminal(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    colour = terminal_colouring(stderr=True)
    assert colour is not None
    line = "    move top of deck to discard  # a comment"
    coloured = colour(line)
    assert coloured != line and "\x1b[" in coloured
    assert ANSI.sub("", coloured) == line


def test_a_diagnostic_colours_its_source_line_and_nothing_else():
    lines = ["game \"x\"", "    move top of deck to nowhere"]
    d = Diagnostic(Span(2, 25, 2, 32), "unknown name 'nowhere'", "did you mean 'north'?")
    plain = d.render("f.rules", lines)
    marked = d.render("f.rules", lines, lambda s: f"<{s}>")
    assert plain == ("f.rules:2:25: error: unknown name 'nowhere'\n"
                     "        move top of deck to nowhere\n"
                     "                            ^^^^^^^\n"
                     "  hint: did you mean 'north'?")
    assert marked == plain.replace("        move top of deck to nowhere", "    <    move top of deck to nowhere>")
    err = RuleFileError("f.rules", "\n".join(lines) + "\n", [d])
    assert err.render() == plain + "\n1 error in f.rules"
    assert err.render(colour=lambda s: f"<{s}>") == marked + "\n1 error in f.rules"


def test_error_output_colours_the_quoted_line_when_on_a_terminal(ruleforge_cmd, tmp_path, monkeypatch):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "x"\nplayers 2\ncards: standard deck in box\nzone box: pile\n'
                   "setup:\n    move top of box to nowhere\n", "utf-8")
    plain = ruleforge_cmd("check", bad)
    assert plain.code == 1 and "\x1b" not in plain.err
    assert "    move top of box to nowhere\n" in plain.err
    # what the terminal would get: the quoted line goes through the colouring
    monkeypatch.setattr(H, "terminal_colouring", lambda stderr=False: (lambda s: f"<{s}>"))
    marked = ruleforge_cmd("check", bad)
    assert marked.err == plain.err.replace("\n        move top of box to nowhere\n",
                                           "\n    <    move top of box to nowhere>\n")


def test_cards_output_is_unchanged_when_not_a_terminal(ruleforge_cmd, capsys, monkeypatch):
    from ruleforge.drivers.cardlist import card_rows, render_table
    from ruleforge.load import check_source, read_source
    monkeypatch.setenv("COLUMNS", "80")
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(var, raising=False)
    path = str(ROOT / "games" / "ufology.rules")
    ran = ruleforge_cmd("cards", path)
    assert ran.code == 0 and "\x1b" not in ran.out
    name, data = read_source(path)
    text, checked = check_source(name, data, {})
    rows = card_rows(checked, text)
    render_table(rows, f"{checked.title}: {sum(r['copies'] for r in rows)} cards")
    assert ran.out == capsys.readouterr().out
    assert "│ this.order  │" in ran.out
    # through a pipe, in another process, too
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    piped = subprocess.run([sys.executable, "-m", "ruleforge", "cards", path], capture_output=True, text=True,
                           env=dict(env, COLUMNS="80"), check=True).stdout
    assert piped == ran.out


def test_cards_colours_rule_valued_attributes_on_a_terminal():
    import os
    path = str(ROOT / "games" / "ufology.rules")
    env = dict(os.environ, FORCE_COLOR="1", TERM="xterm-256color", COLUMNS="80")
    env.pop("NO_COLOR", None)
    run = lambda e: subprocess.run([sys.executable, "-m", "ruleforge", "cards", path],  # noqa: E731
                                   capture_output=True, text=True, env=e, check=True).stdout
    coloured = run(env)
    cyan = "\x1b[36m"  # the builtin `this`, in the terminal's cyan
    assert f"{cyan}this\x1b[0m.\x1b[3;33morder\x1b[0m" in coloured  # and the attribute in italic yellow
    plain = run({k: v for k, v in env.items() if k not in ("FORCE_COLOR",)})
    assert ANSI.sub("", coloured) == plain


# ---- the TextMate grammar --------------------------------------------------------------

def tm_grammar() -> dict:
    return json.loads(TM_PATH.read_text("utf-8"))


def tm_rules(node):
    """Every rule (a dict with a regex) in the grammar."""
    if isinstance(node, dict):
        if any(k in node for k in ("match", "begin")):
            yield node
        for v in node.values():
            yield from tm_rules(v)
    elif isinstance(node, list):
        for v in node:
            yield from tm_rules(v)


class MiniTextMate:
    """Enough of a TextMate tokenizer for this grammar: match, begin/end, captures,
    includes; the earliest match wins, then the first rule, and an end pattern wins a
    tie. (Python's `re` stands in for Oniguruma: the grammar uses only what both have.)"""

    def __init__(self, grammar: dict):
        self.g = grammar

    def _expand(self, patterns):
        for p in patterns:
            if "include" in p:
                target = self.g if p["include"] == "$self" else self.g["repository"][p["include"][1:]]
                if "match" in target or "begin" in target:
                    yield target
                else:
                    yield from self._expand(target["patterns"])
            else:
                yield p

    def tokenize(self, text: str) -> list[list[list[str]]]:
        """For each line, the scopes of each character."""
        stack, out = [], []
        for line in text.split("\n"):
            scopes: list[list[str] | None] = [None] * len(line)

            def content():
                return [s for f in stack for s in (f.get("name"), f.get("contentName")) if s]

            def paint(m, base, rule, caps_key):
                for i in range(m.start(), m.end()):
                    scopes[i] = base + ([rule["name"]] if rule.get("name") else [])
                for g, cap in sorted(rule.get(caps_key, {}).items(), key=lambda kv: int(kv[0])):
                    if m.group(int(g)) is not None and cap.get("name"):
                        for i in range(m.start(int(g)), m.end(int(g))):
                            scopes[i] = scopes[i] + [cap["name"]]

            pos, guard = 0, 0
            while pos <= len(line):
                guard += 1
                assert guard < 10_000
                best = None
                frame = stack[-1] if stack else None
                if frame:
                    m = re.compile(frame["end"]).search(line, pos)
                    if m:
                        best = (m, "end", frame)
                rules = self._expand(frame.get("patterns", []) if frame else self.g["patterns"])
                for rule in rules:
                    m = re.compile(rule.get("match") or rule["begin"]).search(line, pos)
                    if m and (best is None or m.start() < best[0].start()):
                        best = (m, "begin" if "begin" in rule else "match", rule)
                if best is None:
                    break
                m, kind, rule = best
                for i in range(pos, m.start()):
                    scopes[i] = content()
                if kind == "match":
                    paint(m, content(), rule, "captures")
                    pos = m.end() if m.end() > pos else pos + 1
                elif kind == "begin":
                    paint(m, content(), rule, "beginCaptures")
                    stack.append(rule)
                    pos = m.end()
                else:
                    stack.pop()
                    paint(m, content(), rule, "endCaptures")
                    pos = m.end()
            for i in range(len(line)):
                if scopes[i] is None:
                    scopes[i] = content()
            out.append(scopes)
        return out


# The kind of colour a token gets, in either highlighter's words.
_PYGMENTS_KINDS = [
    (Comment, "comment"), (String.Interpol, "interpolation"), (String, "string"), (Number, "number"),
    (Keyword.Declaration, "declaration"), (Keyword.Type, "zone-kind"), (Keyword.Constant, "constant"),
    (Keyword, "keyword"), (Operator.Word, "operator-word"), (Operator, "operator"),
    (Name.Builtin, "builtin"), (Name.Constant, "constant-name"), (Name.Attribute, "attribute"),
    (Name.Function, "function"), (Name.Class, "type"), (Name.Label, "label"),
    (Name.Variable.Global, "global"), (Name.Variable, "local"), (Name, None), (Punctuation, "punctuation"),
    (Whitespace, None), (Error, "error"),
]
_TM_KINDS = [
    ("comment", "comment"), ("punctuation.section.interpolation", "interpolation"),
    ("meta.embedded", None), ("string", "string"), ("constant.numeric", "number"),
    ("storage.type.declaration", "declaration"), ("support.type.zone-kind", "zone-kind"),
    ("support.type.parameter-kind", "zone-kind"),
    ("constant.language", "constant"), ("keyword.operator.word", "operator-word"),
    ("keyword.operator", "operator"), ("keyword", "keyword"), ("variable.language", "builtin"),
    ("support.constant", "constant-name"), ("entity.name.constant", "constant-name"),
    ("attribute-name", "attribute"), ("property", "attribute"), ("entity.name.function", "function"),
    ("entity.name.type", "type"), ("entity.name.label", "label"), ("entity.name.variable", "global"),
    ("variable.other.zone", "global"), ("variable.other.local", "local"), ("variable.parameter", "local"),
    ("punctuation", "punctuation"),
]


def pygments_kind(ttype):
    return next(kind for t, kind in _PYGMENTS_KINDS if ttype in t)


def tm_kind(scopes: list[str]):
    inner = scopes[-1] if scopes else ""
    return next((kind for key, kind in _TM_KINDS if key in inner), None)


def disagreements(text: str) -> list[str]:
    """Where the TextMate grammar and the Pygments lexer colour a character differently."""
    per_char = [None] * len(text)
    for i, t, v in RulesLexer().get_tokens_unprocessed(text):
        per_char[i:i + len(v)] = [pygments_kind(t)] * len(v)
    out, offset = [], 0
    for n, (line, scopes) in enumerate(zip(text.split("\n"), MiniTextMate(tm_grammar()).tokenize(text)), 1):
        for col, ch in enumerate(line):
            if not ch.isspace() and per_char[offset + col] != tm_kind(scopes[col]):
                out.append(f"{n}:{col + 1} {line.strip()!r}: {ch!r} is {per_char[offset + col]} "
                           f"for Pygments, {tm_kind(scopes[col])} for TextMate {scopes[col]}")
                break
        offset += len(line) + 1
    return out


def test_the_textmate_grammar_loads_and_its_regexes_compile():
    g = tm_grammar()
    assert g["scopeName"] == "source.ruleforge"
    assert g["fileTypes"] == ["rules"]
    rules = list(tm_rules(g))
    assert len(rules) > 20
    for rule in rules:
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key])  # the grammar keeps to what Oniguruma and `re` share
        for key in ("captures", "beginCaptures", "endCaptures"):
            for group in rule.get(key, {}):
                n = re.compile(rule.get("match") or rule["begin"] if key != "endCaptures" else rule["end"]).groups
                assert int(group) <= n
    for name in re.findall(r'"#([\w-]+)"', TM_PATH.read_text("utf-8")):
        assert name in g["repository"], f"include of a missing rule #{name}"


def test_the_textmate_grammar_scopes_sample_lines():
    tm = MiniTextMate(tm_grammar())

    def scope(line: str, word: str) -> list[str]:
        return tm.tokenize(line)[0][line.index(word)]
    assert "keyword.control.statement.ruleforge" in scope("    move top of deck to discard", "move")
    assert "storage.type.declaration.ruleforge" in scope('zone box "the box": pile', "zone")
    assert "entity.name.variable.zone.ruleforge" in scope('zone box "the box": pile', "box")
    assert "string.quoted.double.ruleforge" in scope('zone box "the box": pile', "the box")
    assert "support.type.zone-kind.ruleforge" in scope('zone box "the box": pile', "pile")
    assert "comment.line.number-sign.ruleforge" in scope("zone box: pile  # unused", "# unused")
    assert "constant.numeric.integer.ruleforge" in scope("invariant n: count of box = 52", "52")
    assert "entity.name.function.action.ruleforge" in scope('action shoot "Shoot":', "shoot")
    assert "support.type.parameter-kind.ruleforge" in scope("define points of card c = 1", "card")
    assert "variable.parameter.ruleforge" in scope("define points of card c = 1", "c =")
    line = '    say "{p} has {score of p}"'
    assert "punctuation.section.interpolation.begin.ruleforge" in scope(line, "{")
    assert "keyword.operator.word.ruleforge" in scope(line, "of")
    assert "string.quoted.double.ruleforge" in scope(line, " has ")
    assert "support.constant.deck.ruleforge" in scope("    move x where suit = hearts to y", "hearts")
    assert "variable.language.ruleforge" in scope("    current takes an action", "current")
    assert "keyword.other.phrase.ruleforge" in scope("    current takes an action", "takes an action")
    assert "keyword.other.phrase.ruleforge" in scope("    current takes the next turn", "takes the next turn")
    assert "keyword.control.statement.ruleforge" in scope("    eliminate current", "eliminate")
    assert "keyword.other.ruleforge" in scope("    set x to if a then b else c", "then")
    assert "variable.other.local.ruleforge" in scope("    reveal top of deck to revealed as next", "next")
    assert "variable.language.ruleforge" in scope("    for each p in all players:", "all players")
    assert "keyword.operator.word.ruleforge" in scope("    for each p in all players:", "in")
    assert "keyword.other.phrase.ruleforge" in scope("    wins needed: 3 in all, 2 in a row", "in all")


def test_the_textmate_grammar_has_every_word_of_the_lexer():
    cases = (
        [(f"{w} x", w, "declaration") for w in H.DECLARATION_WORDS]
        + [(f"    {w}", w, "keyword") for w in H.STATEMENT_WORDS if w not in ("with", "on", "let")]
        + [(f"    x {w} y", w, "keyword") for w in H.PHRASE_WORDS + H.KEYWORD_WORDS
           if w not in ("for each", "as")]
        + [(f"    x {w} y", w, "operator-word") for w in H.OPERATOR_WORDS]
        + [(f"    x {w} y", w, "constant") for w in H.CONSTANT_WORDS]
        + [(f"    x {w} y", w, "builtin") for w in H.BUILTIN_WORDS]
        + [(f"    x {w} y", w, "constant-name") for w in H.DECK_SYMBOLS]
        + [(f"    x {w} y", w, "attribute") for w in H.DECK_ATTRIBUTES]
        + [(f"zone z: {w}", w, "zone-kind") for w in H.ZONE_KINDS]
        + [(f"zone z: pile, {w} y", w, "keyword") for w in H.ZONE_OPTIONS]
    )
    tm = MiniTextMate(tm_grammar())
    for line, word, kind in cases:
        at = line.index(word, 1 if kind != "declaration" else 0)
        assert pygments_kind(next(t for i, t, v in RulesLexer().get_tokens_unprocessed(line)
                                  if i <= at < i + len(v))) == kind, (line, word)
        assert tm_kind(tm.tokenize(line)[0][at]) == kind, (line, word, tm.tokenize(line)[0][at])


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_textmate_grammar_colours_the_rule_files_as_the_lexer_does(path):
    assert disagreements(path.read_text("utf-8")) == []


def test_the_textmate_grammar_colours_the_reference_examples_as_the_lexer_does():
    assert disagreements(rules_blocks()) == []


def test_the_vscode_manifest_points_to_the_grammar():
    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["scopeName"] == tm_grammar()["scopeName"]
    assert Path(grammar["path"]).name == TM_PATH.name
    assert manifest["contributes"]["languages"][0]["extensions"] == [".rules"]
    config = ROOT / "editors" / "vscode" / manifest["contributes"]["languages"][0]["configuration"]
    assert json.loads(config.read_text("utf-8"))["comments"]["lineComment"] == "#"


def test_the_package_names_no_game():
    source = (ROOT / "ruleforge" / "lang" / "highlight.py").read_text("utf-8").lower()
    for word in ("gufo", "ufology", "radar", "invader", "alien", "owl", "mirage"):
        assert not re.search(rf"\b{word}", source), word
