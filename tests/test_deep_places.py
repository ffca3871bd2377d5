"""check --deep says each place of the file whose `say` or counter change tells a seat of
cards it did not know, each once, in file order (drivers/deep_places.py,
runtime/places.py): a designer who fixed one `say` met the next only on the next run.
Past MAX_PLACES of a kind, the rest are counted. A `say` in a rule called by name is
followed under its caller's tests, as a counter's change there is
(codegen/countertold.py: `reaches`)."""

from __future__ import annotations

from ruleforge.drivers.deep_places import MAX_PLACES

# the deck unshuffled: player 1 draws K♠, player 2 Q♠
SMILES = """\
game "smiles"
players {players}
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
counter n = 0
turn:
    move top of deck to hand of current
{line}
    increase n by 1
ending done "two turns": nobody wins when n = 2
{rest}"""
TOP = "(top of hand of current)"
GUARDED = ("whether '{said}' is said here hangs on the test at line {test}, which read cards {seat} did not know, then "
           "or by the next decision, so saying it tells that seat something of them (if the rulebook has the player "
           "announce it, write 'announce' for 'say')")
SUMMED = "deep check{at}: 2 games (seed 0): invariants, card conservation, termination within 500 decisions, " \
         "offered actions, views and replay: all hold{warnings}"


def deep(ruleforge_cmd, tmp_path, line, rest="", players=2):
    path = tmp_path / "smiles.rules"
    path.write_text(SMILES.format(line=line, rest=rest, players=players))
    return path, ruleforge_cmd("check", "--deep", path, "--examples", 2)


def test_each_say_is_warned_of_once_in_file_order(ruleforge_cmd, tmp_path):
    # setup's say, written last, is met first; each say of the turn is met twice a game
    path, r = deep(ruleforge_cmd, tmp_path, f'    if {TOP}.value > 5:\n        say "{{current}} grins"\n'
                                            f'    if {TOP}.suit = spades:\n        say "{{current}} smiles"',
                   rest='setup:\n    if (top of deck).suit = spades:\n        say "a spade waits"\n')
    assert r.code == 0 and r.out.splitlines()[-1] == SUMMED.format(at="", warnings=", 3 warnings")
    assert r.err.splitlines() == [
        f"{path}:10:9: warning: " + GUARDED.format(said="player 1 grins", test="9, column 8", seat="player 2"),
        f"{path}:12:9: warning: " + GUARDED.format(said="player 1 smiles", test="11, column 8", seat="player 2"),
        # (player 1 draws that K♠ before the game's end, where setup's notes are settled)
        f"{path}:17:9: warning: " + GUARDED.format(said="a spade waits", test="16, column 8", seat="player 2")]


def test_a_place_found_at_two_player_counts_is_said_at_the_first(ruleforge_cmd, tmp_path):
    path, r = deep(ruleforge_cmd, tmp_path, f'    if {TOP}.suit = spades:\n        say "{{current}} smiles"',
                   players="2 to 3")
    assert r.code == 0
    assert r.out.splitlines()[1:] == [SUMMED.format(at=" at 2 players", warnings=", 1 warning"),
                                      SUMMED.format(at=" at 3 players", warnings="")]
    assert r.err == f"{path}:10:9: warning: " + GUARDED.format(said="player 1 smiles", test="9, column 8",
                                                               seat="player 2") + "\n"


def test_past_the_bound_the_places_of_a_kind_are_counted(ruleforge_cmd, tmp_path):
    many = MAX_PLACES + 3
    path, r = deep(ruleforge_cmd, tmp_path, "\n".join(f'    if {TOP}.value > 1:\n        say "grin {k}"'
                                                      for k in range(many)))
    assert r.code == 0 and r.out.splitlines()[-1] == SUMMED.format(at="", warnings=f", {many} warnings")
    lines = r.err.splitlines()
    assert lines[:MAX_PLACES] == [f"{path}:{10 + 2 * k}:9: warning: "
                                  + GUARDED.format(said=f"grin {k}", test=f"{9 + 2 * k}, column 8", seat="player 2")
                                  for k in range(MAX_PLACES)]
    assert lines[MAX_PLACES:] == [
        f"{path}: warning: and 3 more places of this kind (a text said under a test that read cards some seat did "
        f"not know): check --deep says the first {MAX_PLACES} of each kind (docs/limits.md)"]


def test_a_say_in_a_rule_called_under_a_test_is_warned_of_at_the_say(ruleforge_cmd, tmp_path):
    # the designer's report: the say moved into a rule of its own, and the warning went quiet
    path, r = deep(ruleforge_cmd, tmp_path, f'    if {TOP}.suit = spades:\n        grin',
                   rest='rule grin:\n    smile\nrule smile:\n    say "{current} smiles"\n')
    assert r.code == 0 and r.out.splitlines()[-1] == SUMMED.format(at="", warnings=", 1 warning")
    assert r.err == f"{path}:16:5: warning: " + GUARDED.format(said="player 1 smiles", test="9, column 8",
                                                               seat="player 2") + "\n"
    # only check --deep's compile notes the test: every other run's code is as it was
    plain = ruleforge_cmd("compile", path).out
    assert "cond_seen" not in plain and "say(st, lambda: said_text((lambda: STITLE[CUR[st.turn_pos]], ' smiles',)), " \
                                        "(16, 5))" in plain


def test_a_called_rule_an_announce_or_no_test_keeps_quiet(ruleforge_cmd, tmp_path):
    for line, rest in [(f'    if {TOP}.suit = spades:\n        grin', 'rule grin:\n    announce "{current} smiles"\n'),
                       ('    if n = 5:\n        grin', 'rule grin:\n    say "{current} smiles"\n')]:
        path, r = deep(ruleforge_cmd, tmp_path, line, rest=rest)
        assert r.code == 0 and r.err == "" and r.out.splitlines()[-1] == SUMMED.format(at="", warnings="")
