"""`announce "TEXT"`: told exactly as `say "TEXT"` is, but the rulebook has it said aloud,
so check --deep does not warn that its test or a local value in it tells a seat of hidden
cards (a plain `say` in the same file still is warned of); a `{...}` some seat cannot
read is still hidden from it and still warned of. Plain `check` warns of an `announce`
that could tell nothing a `say` would not (lang/announced.py)."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.drivers.narrate import Narrator
from ruleforge.lang import ast as A
from ruleforge.load import check_source
from ruleforge.runtime.events import Said

from test_said_from import TOLD
from test_say import GUARDED, SMILES  # the deck unshuffled: player 1 draws K♠, player 2 Q♠

DRAWN = "{current} draws {top of hand of current}, worth {(top of hand of current).value}"


def _say(tmp_path, line: str, name: str = "announced.rules"):
    path = tmp_path / name
    path.write_text(SMILES.format(line=line))
    return path


def test_an_announce_parses_as_a_say_the_rulebook_has_said_aloud():
    _, checked = check_source("a.rules", SMILES.format(line=f'    announce "{DRAWN}"\n    say "{DRAWN}"').encode())
    turn = next(i for i in checked.tree.items if isinstance(i, A.TurnDecl))
    said = [s for s in turn.body if isinstance(s, A.Say)]
    assert [(s.span.line, s.span.column, s.text, s.announced) for s in said] == [(10, 5, DRAWN, True),
                                                                                (11, 5, DRAWN, False)]
    assert said[0].parts[0] is not said[1].parts[0] and len(said[0].parts) == len(said[1].parts) == 5


@pytest.mark.parametrize("line, errors", [
    # outside every rule: said as a statement, at the word, not as "unexpected 'announce'"
    ('announce "hello"', [(10, 1, "'announce' begins a statement, which belongs inside a rule")]),
    ('    announce current', [(10, 14, "unexpected 'current'")]),
    ('    announce', [(10, 13, "this line ends too early")]),
    ('    announce "{current} holds {count of deck"', [(10, 31, "this '{' has no '}' to close it")]),
    ('    announce "{current} holds {total}"', [(10, 32, "unknown name 'total'")]),
    ('    let announce = 3', [(10, 9, "'announce' is a word of the language and cannot name a value")]),
])
def test_a_misused_announce_is_placed_and_named(line, errors):
    with pytest.raises(RuleFileError) as e:
        check_source("a.rules", SMILES.format(line=line).encode())
    assert [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics] == errors


def test_an_announce_outside_a_rule_hints_where_it_goes():
    with pytest.raises(RuleFileError) as e:
        check_source("a.rules", SMILES.format(line='announce "hello"').encode())
    assert e.value.diagnostics[0].hint == ("indent it under the rule that runs it (setup:, turn:, an action, a card's "
                                           "effect, rule NAME:)")


def test_an_announce_is_told_to_each_seat_exactly_as_a_say(tmp_path):
    game = ruleforge.load(_say(tmp_path, f'    announce "{DRAWN}"\n    say "{DRAWN}"'))
    st = game.new(0, record=True)
    said = [e for e in st.record if isinstance(e, Said)]
    assert [e.text for e in said] == ["player 1 draws K♠, worth 13"] * 2 + ["player 2 draws Q♠, worth 12"] * 2
    assert said[0].cards == said[1].cards and said[0].values == said[1].values
    assert said[2].cards == said[3].cards and said[2].values == said[3].values
    # the card and its value are hidden from the seat that did not draw it, announced or not
    assert Narrator(game, 0, st).lines(said) == ["    — player 1 draws K♠, worth 13"] * 2 + [
        "    — player 2 draws a card, worth a hidden value"] * 2
    assert Narrator(game, 1, st).lines(said) == ["    — player 1 draws a card, worth a hidden value"] * 2 + [
        "    — player 2 draws Q♠, worth 12"] * 2


BOTH = """\
    if (top of hand of current).suit = spades:
        announce "{current} holds a spade"
    let total = sum of c.value for each c in hand of current
    announce "{current} holds {total}"
    if (top of hand of current).value > 3:
        say "{current} smiles"
    say "{current} has {total}\""""


def test_check_deep_keeps_quiet_of_an_announce_and_still_warns_of_a_say_in_the_same_file(tmp_path, ruleforge_cmd):
    path = _say(tmp_path, BOTH)
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0
    assert r.out.splitlines()[-1].endswith("views and replay: all hold, 2 warnings")
    assert r.err == (f"{path}:15:9: warning: whether 'player 1 smiles' is said here "
                     f"{GUARDED.replace('line 10, column {column}', 'line 14, column 8')}\n"
                     f"{path}:16:5: warning: 'player 1 has 13' "
                     f"{TOLD.format(name='total', at='12, column 17')}\n")


def test_announcing_every_such_text_leaves_check_deep_quiet(tmp_path, ruleforge_cmd):
    path = _say(tmp_path, BOTH.replace('say "', 'announce "'))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


def test_an_announced_value_some_seat_cannot_read_is_still_warned_of(tmp_path, ruleforge_cmd):
    # the hole in a text is no leak: `announce` tells it as `say` does, and is warned of as a say is
    warned = {}
    for word in ("say", "announce"):
        # (under a test that reads no card: an announce under none would be warned of by plain check)
        path = _say(tmp_path, f'    if count of deck > 0:\n        {word} "{DRAWN}"', f"{word}.rules")
        r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
        assert r.code == 0 and r.out.splitlines()[-1].endswith("all hold, 1 warning")
        warned[word] = r.err.replace(str(path), "FILE")
    assert warned["announce"] == warned["say"] == (
        "FILE:11:9: warning: '13' in the text said here is worked out from cards "
        "player 2 did not know, so that seat is told 'player 1 draws a card, worth a hidden value' (say it once the "
        "cards are known, after a reveal, if every player is to hear it)\n")


def test_an_announce_names_no_test_and_no_value_in_the_generated_code(tmp_path, ruleforge_cmd):
    path = _say(tmp_path, '    if (top of hand of current).suit = spades:\n        announce "{current} smiles"\n'
                          '    if (top of hand of current).suit = hearts:\n        say "{current} frowns"')
    source = ruleforge_cmd("compile", path).out
    # only the test with a `say` under it is worked out again for check --deep
    assert [line.strip() for line in source.splitlines() if "cond_seen(" in line] == [
        "if st.observer is not None: cond_seen(st, 1, lambda R: (A_suit[seen_as(R, st, "
        "top_of(Z[(2, 3)[CUR[st.turn_pos]]]), 'suit')] == 'hearts'))"]
    assert "say(st, lambda: said_text((lambda: STITLE[CUR[st.turn_pos]], ' smiles',)), (11, 9))" in source
    assert "say(st, lambda: said_text((lambda: STITLE[CUR[st.turn_pos]], ' frowns',)), (13, 9), ((1, 12, 8),))" \
        in source


IDLE = "this 'announce' stands under no test and writes no local value, so it tells nothing a 'say' would not"


def test_check_warns_of_an_announce_that_could_tell_nothing_secret(tmp_path, ruleforge_cmd):
    path = _say(tmp_path, '    announce "{current} drew"\n'  # warned: nothing to acknowledge
                          '    if count of deck > 3:\n        announce "plenty left"\n'  # a test: only --deep knows
                          '    let k = count of hand of current\n    announce "{current} holds {k}"\n'  # a local
                          '    for each c in hand of current:\n        announce "a card"\n'  # a loop tests nothing
                          '    told')
    path.write_text(path.read_text() + 'rule told:\n    announce "called under its callers\' tests"\n')
    r = ruleforge_cmd("check", path)
    assert r.code == 0
    assert r.out == f"{path}: ok: smiles, 2 players, 0 actions, 1 ending, 0 invariants, 2 warnings\n"
    hint = ("  hint: write 'say': 'announce' is for a text the rulebook has said aloud though its being said, or a "
            "value in it, tells of cards some seat cannot see\n")
    assert r.err == (f"{path}:10:5: warning: {IDLE}\n"
                     '        announce "{current} drew"\n'
                     "        ^^^^^^^^^^^^^^^^^^^^^^^^^\n" + hint
                     + f"{path}:16:9: warning: {IDLE}\n"
                     '            announce "a card"\n'
                     "            ^^^^^^^^^^^^^^^^^\n" + hint)
