"""Logs replay exactly; a log whose rules changed is refused."""

import json
import shutil

import pytest

import ruleforge
from ruleforge.drivers.agents import RandomAgent
from ruleforge.cli import main
from ruleforge.drivers.play import play_game
from ruleforge.drivers.replay import LogError, Mismatch, replay_game
from ruleforge.runtime.rng import derive


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


@pytest.mark.parametrize("path, players", [("games/gufo.rules", None), ("games/ufology.rules", 3)])
def test_a_thousand_logged_games_replay_exactly(path, players):
    game = ruleforge.load(path, players=players)
    for i in range(1000):
        log = []
        st = play_game(game, derive(77, i), [RandomAgent() for _ in range(game.nplayers)], log=log)
        log = json.loads(json.dumps(log))  # as written to and read from a file
        _, again, decisions = replay_game(log)
        assert decisions == st.decisions
        assert again.result == st.result
        assert [list(z) for z in again.zones] == [list(z) for z in st.zones]


def logged(tmp_path, capsys, *extra):
    log = tmp_path / "g.jsonl"
    code, out, err = run_cli(capsys, "run", "games/gufo.rules", "--seed", 12, "--log", log, *extra)
    assert code == 0, err
    return log, [json.loads(line) for line in log.read_text().splitlines()]


def test_replay_command_reproduces_and_narrates(tmp_path, capsys):
    log, records = logged(tmp_path, capsys)
    code, out, err = run_cli(capsys, "replay", log)
    decisions = sum(1 for r in records if r["type"] == "decision")
    assert code == 0 and out.count("▸") == decisions
    assert out.splitlines()[-1] == f"{log}: reproduced exactly: the game, {decisions} decision{'s' if decisions != 1 else ''}, the same deal and result"
    # headed as run heads the game (it began with the setup's first event, unheaded)
    ran = run_cli(capsys, "run", "games/gufo.rules", "--seed", 12)[1].splitlines()
    assert ran[0].startswith("gUFO, 2 players · seed 12 · reveal_count=2, ") and ran[2] == "Setup"
    assert out.splitlines()[:2] == [ran[0], "Setup"] and out.splitlines()[2:6] == ran[3:7]
    as_radar = run_cli(capsys, "replay", log, "--as", "radar")[1].splitlines()
    assert as_radar[:2] == [f"{ran[0]} · as Radar Operator saw it", "Setup"]


def test_replay_of_a_match_log(tmp_path, capsys):
    log, records = logged(tmp_path, capsys, "--match")
    code, out, err = run_cli(capsys, "replay", log, "--quiet")
    games = sum(1 for r in records if r["type"] == "start")
    assert code == 0 and out.startswith(f"{log}: reproduced exactly: {games} games")


def test_a_tampered_decision_does_not_reproduce(tmp_path, capsys):
    log, records = logged(tmp_path, capsys)
    k, rec = next((k, r) for k, r in enumerate(records) if r["type"] == "decision" and r["legal"] > 1)
    records[k] = dict(rec, choice=(rec["choice"] + 1) % rec["legal"])
    log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    code, out, err = run_cli(capsys, "replay", log, "--quiet")
    assert code == 1
    assert err.startswith(f"{log}: does not reproduce: decision {rec['n'] + 1}: the log's action {rec['action']!r}")


def test_a_log_saved_with_a_byte_order_mark_replays(tmp_path, capsys):
    """An editor that saves with a BOM made the log unreadable ('Unexpected UTF-8 BOM'),
    though a rule file with one is read."""
    log, records = logged(tmp_path, capsys)
    log.write_bytes(b"\xef\xbb\xbf" + log.read_bytes())
    code, out, err = run_cli(capsys, "replay", log, "--quiet")
    assert code == 0 and out.startswith(f"{log}: reproduced exactly: the game")

def test_a_decision_renumbered_or_a_choice_out_of_range_does_not_reproduce(tmp_path, capsys):
    """A log edited to number a decision 99 still 'reproduced exactly'; a choice of 10**17
    was 'the log's action is not the one offered here'."""
    log, records = logged(tmp_path, capsys)
    k, rec = next((k, r) for k, r in enumerate(records) if r["type"] == "decision" and r["n"] == 2)
    for change, said in ((dict(n=99), "decision 3: the log numbers it 100"),
                         (dict(choice=10**17), "decision 3: the log's choice 100,000,000,000,000,000 is not one of "
                                               f"the {rec['legal']} legal actions here (counted from 0)")):
        edited = records[:k] + [dict(rec, **change)] + records[k + 1:]
        log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in edited))
        code, out, err = run_cli(capsys, "replay", log, "--quiet")
        assert code == 1 and said in err, err

def test_replays_of_one_file_share_its_game_until_the_file_or_the_limits_change(tmp_path, capsys, monkeypatch):
    rules = tmp_path / "gufo.rules"
    shutil.copy("games/gufo.rules", rules)
    log = tmp_path / "g.jsonl"
    assert run_cli(capsys, "run", rules, "--seed", 3, "--log", log)[0] == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    _, first, decisions = replay_game(records)
    _, again, _ = replay_game(records)
    assert again.game is first.game and again.decisions == first.decisions == decisions
    monkeypatch.setenv("RULEFORGE_LIMITS", "decisions=77")
    _, limited, _ = replay_game(records)
    assert limited.game is not first.game and limited.game.decision_cap == 77
    monkeypatch.delenv("RULEFORGE_LIMITS")
    rules.write_text(rules.read_text() + "\n# a changed comment is a changed file\n")
    with pytest.raises(LogError, match="has changed since this log was written"):
        replay_game(records)  # though a game of the file as it was is kept


def test_a_replayed_variant_sees_its_base_file_change(tmp_path):
    (tmp_path / "gufo.rules").write_text(open("games/gufo.rules").read())
    variant = tmp_path / "v.rules"
    variant.write_text('extends "gufo.rules"\n\nparameter reveal_count = 3 in 1 to 4\n')
    log = []
    play_game(ruleforge.load(variant), 5, [RandomAgent(), RandomAgent()], log=log)
    log = json.loads(json.dumps(log))
    assert replay_game(log)[2] > 0
    (tmp_path / "gufo.rules").write_text(open("games/gufo.rules").read() + "\n# changed\n")
    with pytest.raises(LogError, match="has changed since this log was written"):
        replay_game(log)


def test_the_same_deal_again_keeps_the_logs_players_and_parameters(tmp_path, capsys):
    # (a fresh reader replayed a log of `--set max_cards=3` after an edit: the command
    # offered dropped the --set and dealt another game)
    for name, args, again in [
            ("gufo.rules", ["--set", "reveal_count=3", "--set", "cloudy_altitudes=4,6"],
             "--seed 3 --set reveal_count=3 --set cloudy_altitudes=4,6"),
            ("ufology.rules", ["--players", 4, "--set", "deal_size=5"], "--seed 3 --players 4")]:
        rules = tmp_path / name
        shutil.copy(f"games/{name}", rules)
        log = tmp_path / "g.jsonl"
        assert run_cli(capsys, "run", rules, "--seed", 3, "--log", log, *args)[0] == 0
        rules.write_text(rules.read_text() + "\n# changed\n")
        code, out, err = run_cli(capsys, "replay", log)
        assert code == 2
        assert " ".join(err.split()).endswith(f"the same deal with the rules as they are now: "
                                              f"`ruleforge run {rules} {again}`")


def test_changed_rules_are_refused(tmp_path, capsys):
    rules = tmp_path / "gufo.rules"
    shutil.copy("games/gufo.rules", rules)
    log = tmp_path / "g.jsonl"
    assert run_cli(capsys, "run", rules, "--seed", 3, "--log", log)[0] == 0
    rules.write_text(rules.read_text() + "\n# a changed comment is a changed file\n")
    code, out, err = run_cli(capsys, "replay", log)
    assert code == 2 and "has changed since this log was written" in err
    # and what to do next: the same deal, with the rules as they are now
    assert " ".join(err.split()).endswith(f"the log can only be replayed with the rules it was played with; the same "
                                          f"deal with the rules as they are now: `ruleforge run {rules} --seed 3`")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    # a deep check's counterexample: the next step is the deep check again
    from ruleforge.drivers.replay import LogError as Refused
    with pytest.raises(Refused, match=r"to test the rules as they are now, run `ruleforge check .*gufo.rules --deep` "
                                      r"again$"):
        replay_game([dict(records[0], counterexample="invariant 'x' does not hold")] + records[1:])
    with pytest.raises(LogError):
        replay_game(records)


@pytest.mark.parametrize("content, message", [
    ("", "does not start with a 'start' record"),
    ("not json\n", ":1: not a JSON line"),
    ('{"type": "decision"}\n', "does not start with a 'start' record"),
    ("[1, 2]\n", ":1: not a ruleforge log record"),
    # a rule file given for its log: "not a JSON line (Expecting value)" before
    ('# My game\n\ngame "x"\nplayers 2\n', "bad.jsonl is a rule file, not a game log: `ruleforge run "),
    ('game "x"\n', "is a rule file, not a game log"),
])
def test_bad_logs_get_a_clear_message(tmp_path, capsys, content, message):
    log = tmp_path / "bad.jsonl"
    log.write_text(content)
    code, out, err = run_cli(capsys, "replay", log)
    assert code == 2 and message in err and "Traceback" not in err
    code, out, err = run_cli(capsys, "replay", tmp_path / "missing.jsonl")
    assert code == 2 and "cannot read" in err


def test_replay_checks_the_deal(tmp_path, capsys):
    log, records = logged(tmp_path, capsys)
    setup = next(r for r in records if r["type"] == "setup")
    deck = setup["zones"]["the invasion deck"]
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(Mismatch, match="the deal differs"):
        replay_game(records)
