"""`ruleforge run`: reproducible narration, the JSON Lines log, matches, and user errors.

Games are played on games/gufo.rules (the real game); what a seed deals is not
hard-coded here, but the narration, the log and the replay line must agree exactly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest


ROOT = Path(__file__).parents[1]
GUFO = ROOT / "games" / "gufo.rules"
DATA = Path(__file__).parent / "data"
SNAPSHOT = DATA / "gufo.rules"  # for assertions about line numbers
DRAW_RACE = DATA / "draw_race.rules"
TITLES = {"invader": "Invader", "radar": "Radar Operator"}




def read_log(path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def params_text(params: dict) -> str:
    """A log's parameters as the heading writes them: as --set takes them."""
    from ruleforge.lang.overrides import set_text
    return ", ".join(f"{k}={set_text(v)}" for k, v in params.items())


# ---- one game ------------------------------------------------------------------------------

def test_same_seed_same_game_and_the_end_is_named(ruleforge_cmd, tmp_path):
    first = ruleforge_cmd("run", GUFO, "--seed", 1)
    again = ruleforge_cmd("run", GUFO, "--seed", 1)
    assert (first.code, first.err) == (0, "")
    assert first.out == again.out
    log = tmp_path / "game.jsonl"
    logged = ruleforge_cmd("run", GUFO, "--seed", 1, "--log", log)
    assert logged.lines == first.lines[:-1] + [f"log written to {log}", first.lines[-1]]

    records = read_log(log)
    start, result = records[0], records[-1]
    assert first.lines[0] == f"gUFO, 2 players · seed 1 · {params_text(start['params'])}"
    # each seat, with the bot that plays it when the CLI names one
    assert re.fullmatch(r"Seats: Invader \(seat 1(, random)?\), Radar Operator \(seat 2(, random)?\)",
                        first.lines[1]), first.lines[1]
    winners = " and ".join(TITLES[w] for w in result["winners"]) or "nobody"
    assert first.lines[-2] == f"Game over: {result['reason']}. Winner: {winners}."
    assert first.lines[-1] == f"(the same game again: ruleforge run {GUFO} --seed 1)"


def test_another_seed_another_game(ruleforge_cmd):
    one = ruleforge_cmd("run", GUFO, "--seed", 1)
    two = ruleforge_cmd("run", GUFO, "--seed", 2)
    assert two.code == 0
    assert two.lines[0].startswith("gUFO, 2 players · seed 2 · ")
    assert two.lines[-1] == f"(the same game again: ruleforge run {GUFO} --seed 2)"
    assert one.lines[2:-1] != two.lines[2:-1]


def test_without_a_seed_the_seed_is_printed_and_replays(ruleforge_cmd):
    r = ruleforge_cmd("run", GUFO)
    assert r.code == 0
    seed = int(re.fullmatch(r"gUFO, 2 players · seed (\d+) · .*", r.lines[0]).group(1))
    assert r.lines[-1] == f"(the same game again: ruleforge run {GUFO} --seed {seed})"
    assert ruleforge_cmd("run", GUFO, "--seed", seed).out == r.out


def test_the_log(ruleforge_cmd, tmp_path):
    log = tmp_path / "game.jsonl"
    r = ruleforge_cmd("run", GUFO, "--seed", 1, "--set", "reveal_count=3", "--log", log)
    assert (r.code, r.err) == (0, "")
    assert r.lines[0].startswith("gUFO, 2 players · seed 1 · reveal_count=3, ")
    assert r.lines[-2] == f"log written to {log}"
    assert r.lines[-1] == f"(the same game again: ruleforge run {GUFO} --seed 1 --set reveal_count=3)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"], "no temporary file is left behind"

    records = read_log(log)
    start, setup, *decisions, result = records
    assert start["type"] == "start"
    assert start["seed"] == 1
    assert start["title"] == "gUFO"
    assert start["params"]["reveal_count"] == 3
    assert start["params"]["cloudy_altitudes"] == [5, 7]
    assert r.lines[0] == f"gUFO, 2 players · seed 1 · {params_text(start['params'])}"
    assert start["seats"] == ["invader", "radar"] and start["players"] == 2

    assert setup["type"] == "setup"
    dealt = [card for cards in setup["zones"].values() for card in cards]
    assert len(dealt) == len(set(dealt)) == 52, "the deal places every card of the deck once"

    assert decisions and all(d["type"] == "decision" for d in decisions)
    for n, d in enumerate(decisions):
        assert d["n"] == n
        assert d["player"] in (1, 2) and d["seat"] == start["seats"][d["player"] - 1]  # seats from 1
        assert isinstance(d["legal"], int) and 0 <= d["choice"] < d["legal"]
        assert isinstance(d["action"], str) and d["action"]
    assert decisions[0]["prompt"] == "to be the Alien" and decisions[0]["legal"] == 3

    assert result["type"] == "result"
    assert result["decisions"] == len(decisions)
    assert set(result["winners"]) <= {"invader", "radar"}
    assert sum(1 for line in r.lines if "▸" in line) == len(decisions)


def test_log_into_a_missing_directory(ruleforge_cmd, tmp_path):
    log = tmp_path / "no such dir" / "game.jsonl"
    r = ruleforge_cmd("run", GUFO, "--seed", 1, "--log", log)
    assert (r.code, r.out) == (2, "")
    assert r.err == (f"Usage: ruleforge run [OPTIONS] FILE\nTry 'ruleforge run --help' for help.\n\n"
                     f"Error: Invalid value for '--log': there is no folder '{log.parent}' to write '{log}' in\n")
    assert not log.parent.exists()


def test_a_bad_set_leaves_an_existing_log_alone(ruleforge_cmd, tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text("the previous game\n", encoding="utf-8")
    r = ruleforge_cmd("run", SNAPSHOT, "--seed", 1, "--log", log, "--set", "reveal_count=abc")
    assert (r.code, r.out) == (2, "")
    assert r.err.startswith(f"{SNAPSHOT}:16:11: error: --set reveal_count=abc: 'reveal_count' takes a number\n")
    assert log.read_text(encoding="utf-8") == "the previous game\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


def test_a_rule_error_during_play_is_logged_and_exits_1(ruleforge_cmd, tmp_path):
    # issue 12: a rule file that does something impossible is a problem with the rule file: 1
    log = tmp_path / "game.jsonl"
    r = ruleforge_cmd("run", SNAPSHOT, "--seed", 1, "--set", "reveal_count=0", "--log", log)
    assert r.code == 1
    message = "in rule 'turn of invader' (line 87): there is nothing to choose from for 'used'"
    # shown as a rule file's mistakes are: where, the statement and a caret, then the rule
    assert r.err == (f"{SNAPSHOT}:87:5: error: there is nothing to choose from for 'used'\n"
                     '        let used = invader chooses a card in revealed "to advance its UFO"\n'
                     "        " + "^" * 66 + "\n"
                     "  in rule 'turn of invader'\n"
                     f"  the same game again: ruleforge run {SNAPSHOT} --seed 1 --set reveal_count=0\n")
    records = read_log(log)
    assert records[0]["type"] == "start" and records[0]["params"]["reveal_count"] == 0
    assert records[-1] == {"type": "error", "message": message}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


NO_CARD = """game "H"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone table "t": row of 2 slots
setup:
    if v = 3:
        shuffle deck
turn:
    if current chooses "wait" over "draw":
        say "{(the card in table slot 2).rank}"
define v = (the card in table slot 1).value
ending done "deck empty": nobody wins when deck is empty
"""


def test_a_rule_error_during_play_points_at_the_expression_and_its_file(ruleforge_cmd, tmp_path):
    # a definition's mistake: its expression underlined, and the rule that was running
    (tmp_path / "h.rules").write_text(NO_CARD)
    r = ruleforge_cmd("run", tmp_path / "h.rules", "--seed", 4)
    assert r.code == 1
    assert r.err == (f"{tmp_path / 'h.rules'}:12:12: error: there is no card here to read its value\n"
                     "    define v = (the card in table slot 1).value\n"
                     "               " + "^" * 32 + "\n"
                     "  in rule 'define v', reached from 'setup' (line 7)\n"
                     f"  the same game again: ruleforge run {tmp_path / 'h.rules'} --seed 4\n")
    # a variant that extends it: the mistake is in the base file, and named there
    (tmp_path / "v").mkdir()
    (tmp_path / "v" / "var.rules").write_text('extends "../h.rules"\ngame "V"\ndefine v = 3\n')
    r = ruleforge_cmd("run", tmp_path / "v" / "var.rules", "--seed", 4)
    assert r.code == 1
    assert r.err.startswith(f"{tmp_path / 'v' / '../h.rules'}:11:15: error: there is no card here to read its rank\n"
                            '            say "{(the card in table slot 2).rank}"\n')
    assert r.err.endswith("  in rule 'turn'\n"
                          f"  the same game again: ruleforge run {tmp_path / 'v' / 'var.rules'} --seed 4\n")


GROWING = """game "Growing"
players 2
cards: standard deck in deck
zone deck "the deck": pile
counter n = 1
turn:
    current takes an action
action grow "Grow":
    set n to 1 + n * 1000000000
action twice "Twice":
    set n to n * 1000000000 + n * 1000000000
ending done: nobody wins when n < 0
"""


def test_an_error_in_an_expression_points_at_that_part_of_the_statement(ruleforge_cmd, tmp_path):
    import ruleforge
    from ruleforge.runtime.values import Action, RuleError
    (tmp_path / "g.rules").write_text(GROWING)
    game = ruleforge.load(tmp_path / "g.rules")
    # The second `grow` multiplies 1,000,000,001 by 10**9: past the largest number. The
    # error is placed at the multiplication that failed, not at the whole `set`.
    st = game.new(1)
    st.apply(Action("menu", "grow"))
    with pytest.raises(RuleError) as e:
        st.apply(Action("menu", "grow"))
    span = e.value.span
    assert (e.value.rule, span.line, span.column, span.end_line, span.end_column) == ("action grow", 9, 18, 9, 32)
    # Where the same call is written twice in one line, the line cannot tell which of
    # them failed: the error is placed at the smallest part that holds both.
    st = game.new(1)
    st.apply(Action("menu", "grow"))
    with pytest.raises(RuleError) as e:
        st.apply(Action("menu", "twice"))
    span = e.value.span
    assert (e.value.rule, span.line, span.column, span.end_column) == ("action twice", 11, 14, 45)
    # and as the command line shows it
    (tmp_path / "h.rules").write_text(GROWING.replace('action twice "Twice":\n    set n to n * 1000000000 + n * '
                                                      '1000000000\n', ""))
    r = ruleforge_cmd("run", tmp_path / "h.rules", "--seed", 1)
    assert r.code == 1
    assert r.err.splitlines()[:4] == [
        f"{tmp_path / 'h.rules'}:9:18: error: a number grew past 1,000,000,000,000,000,000 (10**18), the largest a "
        "rule may compute (docs/limits.md)",
        "        set n to 1 + n * 1000000000",
        "                     " + "^" * 14,
        "  in rule 'action grow'"]


EMPTY_HAND = """game "Empty Hand"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone discard "the discard pile": pile, face up
zone hand per player: hand
counter score per player = 0
setup:
    shuffle deck
    move top 2 cards of deck to hand of player 1
    move top 2 cards of deck to hand of player 2
turn:
    increase score of current by (top of hand of current).value
    move top of hand of current to discard
ending won "60 points": current wins when score of current >= 60
"""


def test_what_the_rules_did_before_an_error_is_told_and_logged(ruleforge_cmd, tmp_path):
    # The first decision is never reached: the whole game fails inside setup's run to it.
    # Before, `run` told nothing of it and its log held the error alone.
    (tmp_path / "e.rules").write_text(EMPTY_HAND)
    log = tmp_path / "e.jsonl"
    r = ruleforge_cmd("run", tmp_path / "e.rules", "--seed", 1, "--log", log)
    assert r.code == 1
    told = r.out.splitlines()
    assert told[2:4] == ["Setup", "    the deck shuffled (52 cards)"]
    # every turn up to the failing one: player 1's third turn finds an empty hand
    assert [line.strip() for line in told if line.endswith("turn")] == ["player 1's turn", "player 2's turn"] * 2 + [
        "player 1's turn"]
    assert told[-6:] == ["  player 2's turn", "    score of player 2: 3 → 5", "    2♠: hand of player 2 → the discard pile",
                         "    = score of player 1 16 · score of player 2 5", "Round 3", "  player 1's turn"]
    assert r.err.startswith(f"{tmp_path / 'e.rules'}:13:34: error: there is no card here to read its value\n")
    records = read_log(log)
    assert [rec["type"] for rec in records] == ["start", "error"]
    assert records[0]["seed"] == 1
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.out) == (1, f"{log}: reproduced exactly: the game, 0 decisions, the same deal, and the same "
                                  "error it stopped on: in rule 'turn' (line 13): there is no card here to read its "
                                  "value\n")


def test_an_error_after_a_decision_logs_that_decision_and_tells_what_followed(ruleforge_cmd, tmp_path):
    (tmp_path / "h.rules").write_text(NO_CARD.replace("    if v = 3:\n        shuffle deck\n", "    shuffle deck\n"))
    log = tmp_path / "h.jsonl"
    r = ruleforge_cmd("run", tmp_path / "h.rules", "--seed", 4, "--log", log)
    assert r.code == 1
    # the first decision ("wait") is taken, and the turn goes on to the say that fails
    assert r.out.splitlines()[-3:] == ["Round 1", "  player 1's turn", "  ▸ player 1: wait"]
    records = read_log(log)
    assert [rec["type"] for rec in records] == ["start", "setup", "decision", "error"]
    assert (records[2]["n"], records[2]["action"]) == (0, "wait")
    assert records[3]["message"] == "in rule 'turn' (line 10): there is no card here to read its rank"
    # and the log replays to that error, telling the decision taken before it
    r = ruleforge_cmd("replay", log)
    assert r.code == 1
    assert r.out.splitlines()[-2:] == ["  ▸ player 1: wait", f"{log}: reproduced exactly: the game, 1 decision, "
                                       "the same deal, and the same error it stopped on: in rule 'turn' (line 10): "
                                       "there is no card here to read its rank"]
    # a log whose error is not the one the rules meet does not reproduce
    records[3]["message"] = "in rule 'turn' (line 10): something else"
    log.write_text("".join(json.dumps(rec) + "\n" for rec in records), encoding="utf-8")
    r = ruleforge_cmd("replay", log)
    assert r.code == 1
    assert r.err == (f"{log}: does not reproduce: the rules stop on an error here: in rule 'turn' (line 10): there "
                     "is no card here to read its rank; the log says \"in rule 'turn' (line 10): something else\" "
                     "(line 3 of the log)\n")


TESTS_AND_LOOPS = """game "T"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone discard "the discard pile": pile, face up
zone hand per player: hand
counter n = 0
turn:
    if current chooses "loop" over "test":
        repeat while n < 5:
            move top of deck to hand of current
            move top of hand of current to deck
    else if deck is empty or (top of discard).value > 3:
        set n to 1
ending e "n is 9": nobody wins when n = 9
"""


def test_an_error_in_a_test_is_shown_at_the_test_and_a_runaway_loop_at_its_head(ruleforge_cmd, tmp_path):
    f = tmp_path / "t.rules"
    f.write_text(TESTS_AND_LOOPS)
    shown = {}
    for seed in range(1, 12):  # a random bot's first answer decides which
        r = ruleforge_cmd("run", f, "--seed", seed)
        assert r.code == 1
        shown[r.err.splitlines()[1].strip()[:6]] = r.err.splitlines()[:3]
    assert shown["repeat"] == [
        f"{f}:10:9: error: more than 100,000 steps without a decision: does a loop never end? (a game that needs "
        "more: RULEFORGE_LIMITS=steps=N, docs/limits.md)",
        "            repeat while n < 5:",
        "            " + "^" * 18]
    assert shown["else i"] == [
        f"{f}:13:30: error: there is no card here to read its value",
        "        else if deck is empty or (top of discard).value > 3:",
        "                                 " + "^" * 22]  # the expression that failed, not the whole test


PILED = """game "Piled"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
zone table "the table": pile, face up
counter score per player = 0
define table_value = (the card in table).value
setup:
    shuffle deck
    move top of deck to table
    move top 4 cards of deck to hand of player 1
    move top 4 cards of deck to hand of player 2
turn:
    current takes an action
action play "Play a card on the table":
    with card in hand of current
    allowed if card.value >= table_value or true
    move card to table
ending e "ten": nobody wins when count of table = 10
"""


def test_an_error_names_the_rule_that_asked_and_the_rule_that_was_running(ruleforge_cmd, tmp_path):
    # the definition is read by the action's 'allowed if' while the turn makes its menu
    f = tmp_path / "p.rules"
    f.write_text(PILED)
    r = ruleforge_cmd("run", f, "--seed", 1)
    assert r.code == 1
    assert r.err.splitlines()[:4] == [
        # the caret under the part that failed, not the definition's whole value
        f"{f}:8:23: error: 'the card in' found 2 cards where one was expected",
        "    define table_value = (the card in table).value",
        "                          " + "^" * 17,
        "  in rule 'define table_value', reached from 'action play: allowed if' (line 18) in 'turn' (line 15)"]


def test_a_long_telling_before_an_error_keeps_its_last_lines():
    from ruleforge.drivers.play import last_lines
    lines = [f"line {i}" for i in range(1, 1001)]
    assert last_lines(lines, 40) == ["... (960 earlier lines not shown)"] + lines[-40:]
    assert last_lines(lines[:40], 40) == lines[:40]
    assert last_lines(lines[:41], 40) == ["... (1 earlier line not shown)"] + lines[1:41]
    assert last_lines(lines, None) == lines


def test_a_loop_stopped_by_the_step_limit_is_told_from_its_end_only(tmp_path):
    # run told all 200,000 events of a loop stopped at 100,000 steps to show 40 lines:
    # about 3 s of the 4 to 7 s the command took (a test's 5 s limit failed under load)
    from ruleforge.drivers.narrate import Narrator
    from ruleforge.drivers.play import told_tail
    from ruleforge.runtime.events import Said
    events = [Said(f"said {i}") for i in range(200_000)]
    told = []

    class Counting(Narrator):
        def line(self, ev):
            told.append(ev)
            return super().line(ev)
    narrator = Counting(None)
    lines = told_tail(narrator, events, 40)
    assert lines == ["... (the telling of over 199,920 earlier events not shown)"] + [
        f"    — said {i}" for i in range(199_960, 200_000)]
    assert len(told) == 80  # twice the lines asked for, not 200,000
    # events that tell nothing (a quiet value) are passed over until enough lines are told
    quiet = [Said("a")] + [Said(f"b{i}") if i % 100 == 0 else _quiet() for i in range(10_000)]
    assert told_tail(Narrator(None), quiet, 3)[1:] == ["    — b9700", "    — b9800", "    — b9900"]
    assert told_tail(Narrator(None), events[:30], 40) == [f"    — said {i}" for i in range(30)]


def test_a_runaway_loop_is_told_up_to_the_error_past_the_told_events_limit(ruleforge_cmd, tmp_path):
    # The record keeps 50,000 events between two decisions and only counts the rest: run's
    # telling of a loop stopped at 100,000 steps ended with its 25,000th say ('tick 24999'),
    # then '... and 149,997 more events ... not told', nowhere near the error. The record
    # now keeps the last events past the limit too (TOLD_TAIL_EVENTS), and they are told.
    path = tmp_path / "loop.rules"
    path.write_text('game "Loop"\nplayers 2\ncards: standard deck in deck\nzone deck: pile\ncounter x = 0\nturn:\n    current takes an action\n'
                    'action go "Go":\n    repeat while x >= 0:\n        increase x by 1\n        say "tick {x}"\n'
                    'ending done "done": player 1 wins when x < 0\n', encoding="utf-8")
    ran = ruleforge_cmd("run", path, "--seed", 1)
    assert ran.code == 1
    lines = ran.out.splitlines()
    assert lines[-41] == "... (the telling of over 53,920 earlier events not shown, and 145,997 events not kept)"
    assert lines[-2:] == ["    x: 99997 → 99998", "    — tick 99998"]
    assert ran.err.startswith(f"{path}:9:5: error: more than 100,000 steps without a decision")


def _quiet():
    from ruleforge.runtime.events import RoundBegan
    return RoundBegan(0)  # the round already told: no line


@pytest.mark.parametrize("args, error", [
    (["--bogus"], "Error: No such option '--bogus'."),  # then click's did-you-mean, which varies
    (["--seed", "abc"], "Error: Invalid value for '--seed': 'abc' is not a valid integer.\n"),
    (["--seed"], "Error: Option '--seed' requires an argument.\n"),
])
def test_bad_flags(ruleforge_cmd, args, error):
    r = ruleforge_cmd("run", GUFO, *args)
    assert (r.code, r.out) == (2, "")
    assert r.err.startswith(error) or f"\n{error}" in r.err, r.err


def test_players_outside_the_game_s_range(ruleforge_cmd):
    r = ruleforge_cmd("run", GUFO, "--players", 3)
    assert (r.code, r.out) == (2, "")
    assert r.err == f"{GUFO}: error: --players 3: this game is for 2 players\n1 error in the command line\n"


def test_a_bad_rule_file_is_not_run(ruleforge_cmd):
    r = ruleforge_cmd("run", DATA / "three_mistakes.rules", "--seed", 1)
    assert (r.code, r.out) == (1, "")
    assert r.err.endswith(f"3 errors in {DATA / 'three_mistakes.rules'}\n")


def test_match_without_a_match_rule(ruleforge_cmd):
    r = ruleforge_cmd("run", DRAW_RACE, "--match")
    assert (r.code, r.out) == (2, "")
    assert r.err.endswith(f"Error: {DRAW_RACE} declares no match\n")


@pytest.mark.parametrize("deep", [[], ["--deep", "--examples", "1"]])
def test_check_refuses_a_player_count_the_game_does_not_take(ruleforge_cmd, deep):
    # it said ok and exited 0 (without --deep), or said ok and then refused (with it)
    r = ruleforge_cmd("check", DRAW_RACE, "--players", 9, *deep)
    assert (r.code, r.out) == (2, "")
    assert r.err.splitlines()[0].endswith("error: --players 9: this game is for 2 to 4 players")


def test_players_in_a_game_for_several(ruleforge_cmd):
    r = ruleforge_cmd("run", DRAW_RACE, "--seed", 5, "--players", 3)
    assert r.code == 0
    # (the header said "Draw race · seed 5": not at how many players)
    assert r.lines[0] == "Draw race, 3 players · seed 5"
    assert ruleforge_cmd("run", DRAW_RACE, "--seed", 5).lines[0] == "Draw race, 2 players · seed 5"  # (its least)
    assert re.fullmatch(r"Seats: player 1 \(seat 1(, random)?\), player 2 \(seat 2(, random)?\), "
                        r"player 3 \(seat 3(, random)?\)", r.lines[1]), r.lines[1]


def test_the_replay_line_keeps_players(ruleforge_cmd):
    r = ruleforge_cmd("run", DRAW_RACE, "--seed", 5, "--players", 3)
    assert r.lines[-1] == f"(the same game again: ruleforge run {DRAW_RACE} --seed 5 --players 3)"


# ---- a match -------------------------------------------------------------------------------

def test_match_plays_until_someone_wins_it(ruleforge_cmd, tmp_path):
    log = tmp_path / "match.jsonl"
    r = ruleforge_cmd("run", GUFO, "--seed", 1, "--match", "--log", log)
    assert (r.code, r.err) == (0, "")
    assert r.out == ruleforge_cmd("run", GUFO, "--seed", 1, "--match", "--log", log).out
    games = [line for line in r.lines if line.startswith("━━ Game ")]
    over = [line for line in r.lines if line.startswith("Game over: ")]
    scores = [line for line in r.lines if line.startswith("Score: ")]
    assert len(games) == len(over) == len(scores) >= 2
    for n, line in enumerate(games, 1):
        assert re.fullmatch(rf"━━ Game {n} \(seed \d+\): player 1 is the (Invader|Radar Operator), "
                            rf"player 2 is the (Invader|Radar Operator)", line), line
    m = re.fullmatch(r"player ([12]) wins the match with (\d+) wins (in a row|in all)\.", r.lines[-3])
    assert m, r.lines[-3]
    assert r.lines[-2] == f"log written to {log}"
    assert r.lines[-1] == f"(the same game again: ruleforge run {GUFO} --seed 1 --match)"
    assert [line for line in r.lines if "wins the match" in line] == [r.lines[-3]]

    wins = [int(x) for x in re.match(r"Score: player 1 (\d+), player 2 (\d+)", scores[-1]).groups()]
    winner, count, how = int(m.group(1)), int(m.group(2)), m.group(3)
    if how == "in all":
        assert wins[winner - 1] == count == 3
    else:
        assert count == 2 and scores[-1].endswith(f"player {winner} has won {count} in a row")

    records = read_log(log)
    assert records[-1] == {"type": "match", "winner": f"player {winner}", "wins": wins, "games": len(games)}
    decisions = [rec for rec in records if rec["type"] == "decision"]
    assert len(decisions) == sum(1 for line in r.lines if "▸" in line)
    assert [rec["type"] for rec in records].count("start") == len(games)


DRAWN = """game "Drawn"
players {players}
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    move top of deck to hand of current
ending e "the deck ran out": nobody wins when deck is empty
match:
    wins needed: 2 in all
"""


def test_a_match_of_three_players_counts_each_and_stops_when_nobody_can_win_it(ruleforge_cmd, tmp_path):
    # once refused (the tally counted players 1 and 2 only); now each player has a tally
    f = tmp_path / "drawn.rules"
    f.write_text(DRAWN.format(players="2 to 3"))
    r = ruleforge_cmd("run", f, "--seed", 1, "--match", "--players", 3)
    assert (r.code, r.err) == (0, "")
    games = [line for line in r.lines if line.startswith("━━ Game ")]
    assert len(games) == 99
    assert re.fullmatch(r"━━ Game 1 \(seed \d+\): player 1 takes seat 1, player 2 takes seat 2, "
                        r"player 3 takes seat 3", games[0])
    assert [line for line in r.lines if line.startswith("Score: ")][-1] == "Score: player 1 0, player 2 0, player 3 0"
    # two players, every game drawn: 99 games, then it says so
    f.write_text(DRAWN.format(players=2))
    r = ruleforge_cmd("run", f, "--seed", 1, "--match")
    assert (r.code, r.err) == (0, "")
    games = [line for line in r.lines if line.startswith("━━ Game ")]
    assert len(games) == 99
    assert re.fullmatch(r"━━ Game 1 \(seed \d+\): player 1 takes seat 1, player 2 takes seat 2", games[0])
    assert r.lines[-2:] == ["Nobody has won the match after 99 games: it stops here.",
                            f"(the same game again: ruleforge run {f} --seed 1 --match)"]


def test_match_log_numbers_every_game_s_records(ruleforge_cmd, tmp_path):
    log = tmp_path / "match.jsonl"
    assert ruleforge_cmd("run", GUFO, "--seed", 1, "--match", "--log", log).code == 0
    records = read_log(log)
    starts = [rec for rec in records if rec["type"] == "start"]
    assert [rec["game"] for rec in starts] == list(range(1, len(starts) + 1))
    for rec in records:
        if rec["type"] in ("start", "setup", "decision", "result"):
            assert isinstance(rec["game"], int), rec


# ---- the command itself --------------------------------------------------------------------

def test_check_ok(ruleforge_cmd):
    r = ruleforge_cmd("check", DRAW_RACE)
    assert (r.code, r.err) == (0, "")
    assert r.out.startswith(f"{DRAW_RACE}: ok: Draw race, 2 to 4 players, ")


def test_no_command(ruleforge_cmd):
    r = ruleforge_cmd()
    assert r.code == 2
    shown = r.out + r.err
    assert shown.startswith("Usage: ruleforge [OPTIONS] COMMAND [ARGS]...\n")
    assert re.search(r"\nCommands:\n(  \w+ .*\n)*  check +Check a rule file and report every mistake in", shown)
    assert re.search(r"\n  run +Play one ", shown)


@pytest.mark.parametrize("word, said", [
    # a fresh reader typed `simulate` (the docs' page is simulate.md) and got no hint
    ("simulate", "No such command 'simulate': to simulate, write: ruleforge run FILE --games N (docs/simulate.md)"),
    ("test", "No such command 'test': to test, write: ruleforge check FILE --deep (docs/testing.md)"),
    ("chek", "No such command 'chek'. Did you mean 'check'?"),
    ("analyse", "No such command 'analyse'. Did you mean 'analyze'?"),
    ("xyzzy", "No such command 'xyzzy'."),
])
def test_unknown_command(ruleforge_cmd, word, said):
    r = ruleforge_cmd(word, GUFO)
    assert (r.code, r.out) == (2, "")
    assert r.err.endswith(f"Error: {said}\n")


STUCK = """game "Stuck"
players 2

cards: standard deck in deck
zone deck "the deck": pile
zone hand per player "hand": hand

setup:
    shuffle deck

turn:
    let c = current chooses a card in hand of current "to play"
    move c to deck

ending never "never": player 1 wins when count of deck = 99
"""


def test_a_run_where_no_game_ends_shows_no_figures_of_no_games(ruleforge_cmd, tmp_path):
    # every game stops at its first turn: an empty hand to choose from
    f = tmp_path / "stuck.rules"
    f.write_text(STUCK)
    r = ruleforge_cmd("run", f, "--games", "4", "--jobs", "1", "--seed", "3")
    assert r.code == 1
    lines = r.out.splitlines()
    assert lines[1] == "Stuck: 4 games · agents random: no game ended, so there are no results"
    assert "Win rate" not in r.out and "Possibly dead" not in r.out
    assert "4 games stopped on a rule error; first: game 0" in r.out
    assert "in rule 'turn' (line 12): there is nothing to choose from for 'c'" in " ".join(r.out.split())


LOOPS_WHEN_2 = """game "LoopP"
players 2
parameter n = 1 in 1 to 3
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
setup:
    shuffle deck
turn:
    current takes an action
action draw "Draw a card":
    move top of deck to hand of current
    if n = 2:
        repeat while true:
            move top of deck to hand of current
            move top of hand of current to deck
ending done "deck empty": nobody wins when deck is empty
"""
STEPS = ("first: game 0 (seed 16680956075996473660): in rule 'action draw' (line 14): more than 100,000 steps "
         "without a decision")


def test_compare_and_a_sweep_say_which_games_stopped_on_a_rule_error_and_exit_1(ruleforge_cmd, tmp_path):
    # both used to hide them (0.0% [0.0, 100.0], "0.0 decisions") and exit 0
    base, variant = tmp_path / "loopp.rules", tmp_path / "loopp-v.rules"
    base.write_text(LOOPS_WHEN_2)
    variant.write_text('extends "loopp.rules"\nparameter n = 2\n')
    r = ruleforge_cmd("compare", base, variant, "--games", "3", "--jobs", "1", "--agents", "random", "--seed", "1")
    assert r.code == 1
    assert r.err.splitlines() == [f"error: {variant}, random bots: 3 of 3 games stopped on a rule error, left out "
                                  f"of its figures; {STEPS}: does a loop never end? (a game that needs more: "
                                  "RULEFORGE_LIMITS=steps=N, docs/limits.md)"]
    r = ruleforge_cmd("run", base, "--sweep", "n=1,2,3", "--games", "3", "--jobs", "1", "--seed", "1")
    assert r.code == 1
    assert len(r.err.splitlines()) == 1 and r.err.startswith(f"error: n=2: 3 of 3 games stopped on a rule error, "
                                                             f"left out of its figures; {STEPS}")


HUGE = "9" * 5000


@pytest.mark.parametrize("value", ["²", "١٠٠", "1.5", "-3", "0"])
def test_a_limit_that_is_not_a_plain_whole_number_is_a_usage_error(ruleforge_cmd, monkeypatch, value):
    # 'steps=²' gave a traceback (str.isdigit takes it, int() does not); Arabic-Indic
    # digits were taken as a number
    monkeypatch.setenv("RULEFORGE_LIMITS", f"steps={value}")
    assert ruleforge_cmd("check", GUFO, "--deep", "--examples", 1).code == 2  # (plain check plays no game)
    r = ruleforge_cmd("run", GUFO, "--seed", "1")
    assert r.code == 2
    assert r.err.splitlines()[-1] == (f"error: RULEFORGE_LIMITS: 'steps={value}' is not NAME=N with NAME one of "
                                      "steps, work, decisions, game, told and N a whole number above 0")


@pytest.mark.parametrize("args, env, message", [
    # each gave a traceback (OverflowError, or Python's ValueError on a 4,301-digit number)
    (["run", GUFO, "--seed", "1", "--agents", "ismcts:10:widen=1e308"], {},
     "Error: Invalid value for '--agents': 'ismcts:10:widen=1e308': ismcts option widen takes at most 1,000,000, "
     "not '1e308'"),
    (["run", GUFO, "--sweep", f"reveal_count={HUGE}", "--games", "2", "--jobs", "1"], {},
     "error: a number of more than 4,300 digits: no setting takes one that large (on the command line, or in "
     "RULEFORGE_LIMITS)"),
    (["run", GUFO, "--seed", "1"], {"RULEFORGE_LIMITS": f"work={HUGE}"},
     "error: a number of more than 4,300 digits: no setting takes one that large (on the command line, or in "
     "RULEFORGE_LIMITS)"),
    (["run", GUFO, "--agents", f"ismcts:{HUGE}"], {},
     "Error: Invalid value for '--agents': a number of more than 4,300 digits: no setting takes one that large"),
])
def test_outlandish_numbers_in_flags_are_usage_errors_not_tracebacks(ruleforge_cmd, monkeypatch, args, env, message):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    r = ruleforge_cmd(*args)
    assert r.code == 2
    assert r.err.splitlines()[-1] == message


def test_a_log_that_cannot_be_written_whole_leaves_the_target_as_it_was_and_no_stray_file(tmp_path):
    # a full disk once left '.keep.jsonl.XXXX' behind and said "No space left on device: " (no path)
    import errno
    import click
    from ruleforge.cli.common import AtomicWriter
    target = tmp_path / "keep.jsonl"
    target.write_text("the old log\n")

    class Full:
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    w = AtomicWriter(str(target))
    w.f.close()
    w.f = Full()
    with pytest.raises(click.UsageError) as e:
        w.write_records([{"type": "start"}])
    assert e.value.message == f"cannot write '{target}': No space left on device; it is as it was"
    assert target.read_text() == "the old log\n" and sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]
    fresh = tmp_path / "new.jsonl"
    w = AtomicWriter(str(fresh))
    w.f.close()
    w.f = Full()
    with pytest.raises(click.UsageError) as e:
        w.commit()
    assert e.value.message == f"cannot write '{fresh}': No space left on device; it was not made"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]


def test_a_run_stopped_by_the_decision_cap_replays_to_it(ruleforge_cmd, tmp_path):
    # The cap is the session's (--max-decisions), not the rules': before, replay said
    # "does not reproduce: the logged game stopped on an error" of such a log.
    log = tmp_path / "cap.jsonl"
    r = ruleforge_cmd("run", GUFO, "--seed", 5, "--max-decisions", 6, "--log", log)
    assert r.code == 1
    cap = ("the game was stopped after 6 decisions, the decision cap, before any ending held (an ending that never "
           "holds? A longer game: --max-decisions N, or RULEFORGE_LIMITS=decisions=N)")
    assert read_log(log)[-1] == {"type": "error", "message": cap}
    # the command that plays the same game again stops where it did (it left the cap out)
    assert r.err.splitlines()[-1] == f"  the same game again: ruleforge run {GUFO} --seed 5 --max-decisions 6"
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.out) == (1, f"{log}: reproduced exactly: the game, 6 decisions, the same deal, and it stops "
                                  f"at the same decision cap: {cap}\n")
    # a log cut after 5 of its decisions, its error kept, does not reproduce: the cap is 6
    records = read_log(log)
    cut = [rec for rec in records if not (rec["type"] == "decision" and rec["n"] == 5)]
    log.write_text("".join(json.dumps(rec) + "\n" for rec in cut), encoding="utf-8")
    r = ruleforge_cmd("replay", log, "--quiet")
    assert r.code == 1 and "does not reproduce: the logged game stopped on an error" in r.err


def test_games_stopped_by_the_decision_cap_with_bots_point_at_the_heuristic(ruleforge_cmd, tmp_path):
    # Greedy Gin Rummy bots once took the top discard back and forth until the cap; the
    # summary says where to look when bots, not an ending, may be what never stops.
    hint = ("Bots that look ahead can repeat the same moves for ever when the heuristic misjudges a position "
            "halfway through a turn (docs/language.md#heuristic-for-bots).")
    r = ruleforge_cmd("run", GUFO, "--games", 2, "--jobs", 1, "--seed", 1, "--max-decisions", 3, "--agents", "greedy")
    flat = " ".join(r.out.split())
    # (a game that runs long is stopped, not failed: no "rule error"; the exit code is 1 still)
    assert r.code == 1 and "2 games stopped at the decision cap; first: game 0" in flat and hint in flat
    r = ruleforge_cmd("run", GUFO, "--games", 2, "--jobs", 1, "--seed", 1, "--max-decisions", 3,
                      "--out", tmp_path / "s.json")
    flat = " ".join(r.out.split())
    assert r.code == 1 and "2 games stopped at the decision cap" in flat and "Bots that look ahead" not in flat
    summary = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert (summary["errors"], summary["capped"], summary["first_error"]["limit"]) == (2, 2, "decisions")
    # a sweep (and compare) says it once under its errors
    r = ruleforge_cmd("run", GUFO, "--sweep", "reveal_count=1,2", "--games", 2, "--jobs", 1, "--seed", 1,
                      "--max-decisions", 3, "--agents", "greedy")
    assert r.code == 1 and r.err.count("stopped at the decision cap") == 2 and r.err.count(hint) == 1


def test_a_match_stopped_by_a_rule_error_logs_it_under_its_game_and_replays_to_it(ruleforge_cmd, tmp_path):
    # Seed 3: game 1 ends after 10 decisions, game 2 meets the cap of 20. The error record
    # carried no game number, so replay dropped it with the match's other records and
    # called the log "incomplete ... (was it cut short?)".
    log = tmp_path / "match.jsonl"
    r = ruleforge_cmd("run", GUFO, "--match", "--seed", 3, "--max-decisions", 20, "--log", log)
    assert r.code == 1
    cap = ("the game was stopped after 20 decisions, the decision cap, before any ending held (an ending that never "
           "holds? A longer game: --max-decisions N, or RULEFORGE_LIMITS=decisions=N)")
    records = read_log(log)
    assert [(rec.get("game"), rec["type"]) for rec in records if rec["type"] in ("result", "error")] == \
        [(1, "result"), (2, "error")]
    assert records[-1] == {"game": 2, "type": "error", "message": cap}
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.out) == (1, f"{log}: reproduced exactly: game 2 of the match, 30 decisions, the same deal, "
                                  f"and it stops at the same decision cap: {cap}\n")


def test_progress_goes_to_stderr_every_minute_when_the_output_is_a_file(monkeypatch, capsys):
    # a fresh reader's analyze of a long game, its output in a file, said nothing for
    # 30 minutes: a line on stderr each minute now (a terminal gets the bar instead)
    import time
    from ruleforge.cli import common
    clock = iter([1000.0, 1010.0, 1061.0, 1090.0, 1125.0, 4700.0, 4701.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    advance, stop = common.progress(1280)
    for n in (100, 200, 300, 400, 280):  # at 10 s, 61 s, 90 s, 125 s and 3,700 s (the last: all done)
        advance(n)
    stop()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == ["playing: 300 of 1,280 games in 61 s", "playing: 1,000 of 1,280 games in 2 min"]
    assert common._duration(3700) == "1 h 2 min"
