"""`ruleforge play --resume LOG`: a stopped game goes on as if it had never stopped.

A game is stopped after some moves (its log kept), resumed from that log with more
moves, and compared, record for record, with the same game played through without
stopping. Logs that cannot be resumed are refused with a usage error, and never
overwritten.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ruleforge.cli import cli
from test_play import GUFO, UFOLOGY, play, records


def _stopped_and_resumed(tmp_path, flags, first: str, then: str, resumed=None):
    """(the resumed game's log, its screen, the log of the game played without a stop);
    `resumed`: the flags of the resume (by default `flags` but the player count)."""
    log, whole = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    result, _ = play([*flags, "--seed", 5, "--log", log], first + "quit\n")
    assert result.exit_code == 0, result.output
    _stopped_and_resumed.at_stop = sum(r["type"] == "decision" for r in records(log))
    if resumed is None:
        resumed = [f for f in flags if f not in ("--players", "4")]  # (the player count is the log's)
    result, out = play([*resumed, "--resume", log], then + "quit\n")
    assert result.exit_code == 0, result.output
    result, _ = play([*flags, "--seed", 5, "--log", whole], first + then + "quit\n")
    assert result.exit_code == 0, result.output
    return records(log), out, records(whole)


@pytest.mark.parametrize("flags, first, then", [
    ([GUFO, "--as", "radar", "--agents", "greedy"], "1\n1\n", "1\n"),
    ([UFOLOGY, "--players", "4", "--as", "1,3", "--agents", "greedy"], "\n1\n\n1\n", "\n1\n\n2\n"),
], ids=["gufo-greedy", "ufology-hot-seat"])
def test_a_resumed_game_is_the_game_that_never_stopped(flags, first, then, tmp_path):
    resumed, _, whole = _stopped_and_resumed(tmp_path, flags, first, then)
    assert resumed == whole  # every record: the decisions taken again, the bots' later ones, the quit
    # (and the people decided after the resume: more decisions than at the stop)
    assert sum(r["type"] == "decision" for r in resumed) > _stopped_and_resumed.at_stop


def test_the_screen_after_a_resume_tells_what_happened_since_the_persons_last_move(tmp_path):
    _, out, _ = _stopped_and_resumed(tmp_path, [GUFO, "--as", "radar", "--agents", "greedy"], "1\n1\n", "")
    head, story = out.split("Since your last move")[:2]
    assert head.splitlines()[1:3] == ["(the log's 11 decisions taken again, the bots thinking again at 9 of them...)",
                                      "(the game resumed after 11 decisions: type log for what happened before)"]
    lines = [line.strip("│ ").rstrip(" │") for line in story.split("╰")[0].splitlines()[1:]]
    assert lines[:2] == ["▸ Radar Operator: Radar scanning: card J♥, altitude 2",
                         "swap: J♥ → altitude 2, 7♥ → the Radar Operator's hand"]
    assert lines[-1] == "Radar Operator's turn"


def _log_of_two_moves(tmp_path):
    log = tmp_path / "a.jsonl"
    result, _ = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "1\n1\nquit\n")
    assert result.exit_code == 0
    return log


def _refused(args, log, message: str) -> None:
    before = log.read_bytes()
    result, out = play(args, "1\nquit\n")
    assert result.exit_code == 2
    assert message in " ".join(out.split()), out
    assert log.read_bytes() == before  # never overwritten


@pytest.mark.parametrize("flag", [["--seed", "3"], ["--set", "radar_hand_size=4"], ["--players", "2"]])
def test_resume_takes_the_seed_parameters_and_player_count_from_the_log(flag, tmp_path):
    log = _log_of_two_moves(tmp_path)
    _refused([GUFO, "--as", "radar", "--resume", log, *flag], log,
             f"{flag[0]} cannot go with --resume: a resumed game takes its seed, parameters and player count from "
             "its log")


def test_resume_refuses_a_game_that_is_over_or_failed(tmp_path):
    log = tmp_path / "over.jsonl"
    result, _ = play([GUFO, "--as", "radar", "--seed", 5, "--log", log, "--agents", "greedy"], "1\n" * 200)
    assert records(log)[-1]["type"] == "result"
    _refused([GUFO, "--as", "radar", "--resume", log], log, f"the game in {log} is over: nothing to resume")
    failed = tmp_path / "failed.jsonl"
    failed.write_text(log.read_text().rsplit("\n", 2)[0] + '\n{"type": "error", "message": "x"}\n')
    _refused([GUFO, "--as", "radar", "--resume", failed], failed,
             f"the game in {failed} stopped when the rules failed: resumed, it would fail again")
    match = tmp_path / "match.jsonl"
    assert CliRunner().invoke(cli, ["run", GUFO, "--match", "--seed", "1", "--log", str(match)]).exit_code == 0
    _refused([GUFO, "--as", "radar", "--resume", match], match, f"{match} holds a match of 4 games: play resumes one game")


def test_resume_refuses_other_rules_and_a_decision_the_game_does_not_offer(tmp_path):
    log = _log_of_two_moves(tmp_path)
    changed = tmp_path / "gufo.rules"
    changed.write_text(open(GUFO, encoding="utf-8").read() + "\n# a comment\n", encoding="utf-8")
    _refused([changed, "--as", "radar", "--resume", log], log,
             f"{changed} is not the rule file {log} was played with, {GUFO} (its sha256 was")
    lines = log.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"player": 2' in line and '"decision"' in line)
    recs = records(log)
    wrong = recs[at]["action"]
    lines[at] = lines[at].replace(f'"action": "{wrong}"', '"action": "shoot(target=the moon)"')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _refused([GUFO, "--as", "radar", "--resume", log], log,
             f"Error: --resume: line {at + 1} of the log, decision {recs[at]['n'] + 1}: the log's choice "
             f"{recs[at]['choice']} is '{wrong}' there, not 'shoot(target=the moon)'; the log cannot be resumed "
             f"(`ruleforge replay {log}` shows where it differs)")


def test_a_game_stopped_while_its_log_is_played_again_leaves_the_log_as_it_was(tmp_path, monkeypatch):
    log = _log_of_two_moves(tmp_path)
    before = log.read_bytes()

    def interrupted(*args):
        raise KeyboardInterrupt  # Ctrl-C while a bot thinks again
    monkeypatch.setattr("ruleforge.drivers.terminal.decide_for", interrupted)
    result, out = play([GUFO, "--as", "radar", "--resume", log], "")
    assert result.exit_code == 0
    assert f"Game stopped. {log} is as it was." in out
    assert log.read_bytes() == before


def test_a_megabyte_line_of_a_log_is_quoted_cut_short(tmp_path):
    # A log is the user's file, but may hold anything: a decision whose action was 100,000
    # characters long was quoted whole by replay's message and by resume's.
    import json
    log = _log_of_two_moves(tmp_path)
    recs = records(log)
    at = next(i for i, r in enumerate(recs) if r["type"] == "decision")
    recs[at]["action"] = "x" * 100_000
    log.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    quoted = "'" + "x" * 80 + "... (99,920 more characters)'"
    _refused([GUFO, "--as", "radar", "--resume", log], log, f"decision 1: the log's choice 0 is 'A♣' there, not {quoted}")
    result = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert result.exit_code == 1
    assert result.output == (f"{log}: does not reproduce: decision 1: the log's action {quoted} is not the one offered "
                             f"here (line {at + 1} of the log)\n")
    recs[0]["rules"], recs[0]["title"] = "r" * 100_000, "t" * 100_000
    log.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(log)])
    assert (result.exit_code, result.output) == (1, "Error: the log's rule file is named by 100,000 characters, no "
                                                    "path: give the rule file with --rules FILE\n")
    result = CliRunner().invoke(cli, ["replay", str(log), "--rules", UFOLOGY])
    assert result.exit_code == 1 and len(result.output) < 400 and "'" + "t" * 80 + "... (99,920 more" in result.output


def _panels(out: str) -> list[list[str]]:
    """The story panels of a played game's screens, their lines without the frame."""
    return [[line.strip("│ ").rstrip(" │") for line in part.split("╰")[0].splitlines()[1:]]
            for part in out.split("Since your last move")[1:]]


def test_a_decision_of_one_action_taken_again_does_not_cut_the_story(tmp_path):
    # A decision of one action is taken without a screen, so the story runs on past it;
    # taken again in a resume, it cut the story there: the first screen began at player
    # 1's forced "to lose" and left out the 29 lines that said why.
    log, whole = tmp_path / "r.jsonl", tmp_path / "w.jsonl"
    flags = [UFOLOGY, "--players", "4", "--as", "1", "--seed", 11]
    typed = "archive missing\n6\n1\n"
    play([*flags, "--log", log], typed + "quit\n")
    _, resumed = play([UFOLOGY, "--as", "1", "--resume", log], "quit\n")
    _, through = play([*flags, "--log", whole], typed + "quit\n")
    first, same_point = _panels(resumed)[0], _panels(through)[3]
    assert first == same_point and len(first) > 20


def test_a_game_stopped_by_the_decision_cap_goes_on_with_a_higher_one(tmp_path):
    log = tmp_path / "p.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--max-decisions", 7, "--log", log], "1\n2\n")
    assert result.exit_code == 1 and records(log)[-1]["type"] == "error"
    before = log.read_bytes()
    result, out = play([GUFO, "--as", "radar", "--resume", log, "--max-decisions", 6], "quit\n")
    assert result.exit_code == 2 and log.read_bytes() == before
    assert ("the log holds 7 decisions, more than the decision cap of 6: give --max-decisions 8 or more"
            in " ".join(out.split()))
    result, out = play([GUFO, "--as", "radar", "--resume", log, "--max-decisions", 100], "1\nquit\n")
    assert result.exit_code == 0
    assert sum(r["type"] == "decision" for r in records(log)) > 7 and records(log)[-1] == {"type": "quit"}


def test_a_log_of_another_game_is_refused_as_such_and_the_same_deal_line_is_the_games(tmp_path):
    log = tmp_path / "u.jsonl"
    play([UFOLOGY, "--players", "4", "--as", "1", "--seed", 3, "--log", log], "quit\n")
    _refused([GUFO, "--as", "1", "--resume", log], log, f"{GUFO} is not the rule file {log} was played with")
    # the same deal again: the parameters the rule file does not give, --players only for
    # a game of several counts (it listed every parameter and --players 2)
    gufo = _log_of_two_moves(tmp_path)
    result, out = play([GUFO, "--resume", gufo], "1\n" * 200)
    assert f"(the same deal again: ruleforge play {GUFO} --seed 5 --as radar)" in out  # (--as: the log's)
    result, out = play([UFOLOGY, "--as", "1", "--resume", log], "quit\n")
    assert result.exit_code == 0


def test_stopped_while_taken_again_says_the_other_log_was_not_written(tmp_path, monkeypatch):
    log, other = _log_of_two_moves(tmp_path), tmp_path / "other.jsonl"

    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr("ruleforge.drivers.terminal.decide_for", interrupted)
    result, out = play([GUFO, "--as", "radar", "--resume", log, "--log", other], "")
    assert f"Game stopped. {log} is as it was, and {other} was not written." in " ".join(out.split())
    assert not other.exists()


# ---- who played: the log's "played_by" ---------------------------------------------------

USAGE = "Usage: cli play [OPTIONS] [FILE]\nTry 'cli play --help' for help.\n\n"  # (CliRunner names the program cli)
GOES_ON = "a resumed game goes on with the players it began with"


def _refused_exactly(args, log, message: str) -> None:
    """Exit code 2 and exactly `message`, before any game; the log as it was."""
    before = log.read_bytes()
    result, _ = play(args, "1\nquit\n")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", USAGE + f"Error: {message}\n")
    assert log.read_bytes() == before


def _gufo_against_greedy(tmp_path):
    log = tmp_path / "g.jsonl"
    result, _ = play([GUFO, "--as", "radar", "--agents", "greedy", "--seed", 5, "--log", log], "1\n1\nquit\n")
    assert result.exit_code == 0
    return log


def test_the_log_says_who_played_each_seat(tmp_path):
    assert records(_gufo_against_greedy(tmp_path))[0]["played_by"] == ["greedy", "person"]
    log = tmp_path / "u.jsonl"
    play([UFOLOGY, "--players", "4", "--as", "3,1", "--agents", "2=ismcts:20", "--seed", 3, "--log", log], "quit\n")
    assert records(log)[0]["played_by"] == ["person", "ismcts:20", "person", "random"]  # (seat 4: the default)


@pytest.mark.parametrize("flags, first, then", [
    ([GUFO, "--as", "radar", "--agents", "greedy"], "1\n1\n", "1\n"),
    ([UFOLOGY, "--players", "4", "--as", "1,3", "--agents", "2=greedy"], "\n1\n\n1\n", "\n1\n\n2\n"),
], ids=["gufo-greedy", "ufology-hot-seat"])
def test_a_resume_without_seats_takes_the_logs(flags, first, then, tmp_path):
    resumed, out, whole = _stopped_and_resumed(tmp_path, flags, first, then, resumed=[flags[0]])
    assert resumed == whole  # the same people and bots: the game that never stopped
    people = "Radar Operator" if flags[0] == GUFO else "player 1, player 3"
    assert out.splitlines()[0].endswith(f"you play: {people}  (type help for help)")


def test_the_same_deal_line_of_a_resume_gives_the_logs_seats(tmp_path):
    result, out = play([GUFO, "--resume", _gufo_against_greedy(tmp_path)], "1\n" * 200)
    assert result.exit_code == 0 and "Game over" in out
    assert f"(the same deal again: ruleforge play {GUFO} --seed 5 --as radar --agents greedy)" in out
    log = tmp_path / "u.jsonl"  # bots of two kinds: named seat by seat
    play([UFOLOGY, "--players", "3", "--as", "2", "--agents", "1=greedy", "--seed", 3, "--log", log], "quit\n")
    result, out = play([UFOLOGY, "--resume", log], "1\n" * 400)
    assert result.exit_code == 0 and "Game over" in out
    assert (f"(the same deal again: ruleforge play {UFOLOGY} --seed 3 --players 3 --as 2 --agents "
            "1=greedy,3=random)") in " ".join(out.split())  # (the line is wrapped at the screen's width)


@pytest.mark.parametrize("flags, message", [
    (["--as", "invader"], "Invalid value for '--as': the Invader was played by the bot 'greedy' in {log}, and --as "
                          f"asks for a person there: {GOES_ON} (drop --as to take them from the log)"),
    (["--as", "radar,invader"], "Invalid value for '--as': the Invader was played by the bot 'greedy' in {log}, and "
                                f"--as asks for a person there: {GOES_ON} (drop --as to take them from the log)"),
    (["--humans", "1"], "Invalid value for '--humans': the Invader was played by the bot 'greedy' in {log}, and "
                        f"--humans asks for a person there: {GOES_ON} (drop --humans to take them from the log)"),
    (["--agents", "random"], "Invalid value for '--agents': the Invader was played by the bot 'greedy' in {log}, and "
                             f"--agents asks for 'random': {GOES_ON} (drop --agents to take them from the log)"),
    (["--as", "radar", "--agents", "invader=greedy:8"],
     "Invalid value for '--agents': the Invader was played by the bot 'greedy' in {log}, and --agents asks for "
     f"'greedy:8': {GOES_ON} (drop --agents to take them from the log)"),
    # a person's seat named in --agents: said as it is without --resume
    (["--agents", "radar=greedy"], "Invalid value for '--agents': the Radar Operator is played by a person here, not "
                                   "a bot: --agents names the bots' seats"),
], ids=["as-a-bots-seat", "as-hot-seat", "humans", "agents-other-bot", "agents-per-seat", "agents-a-persons-seat"])
def test_resume_refuses_other_people_or_bots_than_the_logs(flags, message, tmp_path):
    log = _gufo_against_greedy(tmp_path)
    _refused_exactly([GUFO, "--resume", log, *flags], log, message.format(log=log))


def test_resume_takes_the_same_bot_written_another_way(tmp_path):
    # 'greedy' is greedy:32 (its default worlds): the same bot, so the game goes on
    log = _gufo_against_greedy(tmp_path)
    result, out = play([GUFO, "--resume", log, "--as", "radar", "--agents", "invader=greedy:32"], "quit\n")
    assert result.exit_code == 0, result.output
    assert out.splitlines()[0] == "gUFO · you play: Radar Operator  (type help for help)"


def test_same_bot_compares_settings_not_spellings():
    from ruleforge.drivers.agents import same_bot
    assert same_bot("greedy", "greedy:32") and same_bot(" greedy ", "greedy")
    assert same_bot("ismcts:500:widen=2:c=0.7", "ismcts:500:c=0.7:widen=2")
    assert same_bot("ismcts:500:c=0.7", "ismcts:500") and same_bot("ismcts:500:random", "ismcts:500:playout=random")
    assert not same_bot("greedy", "greedy:8") and not same_bot("ismcts:500", "ismcts:501")
    assert not same_bot("ismcts:500", "ismcts:500:random") and not same_bot("random", "greedy")


def test_resume_refuses_a_person_left_to_a_bot(tmp_path):
    log = tmp_path / "u.jsonl"
    play([UFOLOGY, "--players", "4", "--as", "1,3", "--seed", 3, "--log", log], "\n1\nquit\n")
    _refused_exactly([UFOLOGY, "--resume", log, "--as", "1"], log,
                     f"Invalid value for '--as': player 3 was played by a person in {log}, and --as leaves it to a "
                     f"bot: {GOES_ON} (drop --as to take them from the log)")
    result, _ = play([UFOLOGY, "--resume", log, "--as", "3,1", "--agents", "random"], "quit\n")  # the same: taken
    assert result.exit_code == 0, result.output


def _rewritten_start(log, **fields):
    """The log with its start record's fields changed (None: taken out)."""
    import json
    recs = records(log)
    recs[0].update(fields)
    recs[0] = {k: v for k, v in recs[0].items() if v is not None}
    log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")


def test_a_log_written_before_played_by_resumes_as_before(tmp_path):
    # Its flags are taken as given, unchecked: the log cannot say who played.
    log = _gufo_against_greedy(tmp_path)
    _rewritten_start(log, played_by=None)
    old = records(log)
    result, out = play([GUFO, "--resume", log, "--log", tmp_path / "o.jsonl"], "quit\n")  # no --as: seat 1
    assert result.exit_code == 0, result.output
    assert out.splitlines()[0] == "gUFO · you play: Invader  (type help for help)"
    result, out = play([GUFO, "--resume", log, "--as", "radar", "--agents", "random"], "quit\n")
    assert result.exit_code == 0, result.output
    resumed = records(log)  # written again, now saying who played
    assert resumed[0] == {**old[0], "played_by": ["random", "person"]}
    assert resumed[1:] == old[1:]


@pytest.mark.parametrize("played_by, why", [
    (["person"], "names 1 player for a game of 2"),
    (["greedy", "greedy"], "names no person"),
    (["nosuch", "person"], "gives the Invader 'nosuch', neither person nor a bot"),
    (["invader=greedy", "person"], "gives the Invader 'invader=greedy', neither person nor a bot"),
    (["ismcts:2000000", "person"], "gives the Invader 'ismcts:2000000', neither person nor a bot"),
])
def test_an_edited_played_by_is_refused(played_by, why, tmp_path):
    log = _gufo_against_greedy(tmp_path)
    _rewritten_start(log, played_by=played_by)
    _refused_exactly([GUFO, "--resume", log], log,
                     f"Invalid value for '--resume': {log}: the start record's 'played_by' {why}: was the log edited?")


def test_a_played_by_that_is_no_list_is_no_log(tmp_path):
    log = _gufo_against_greedy(tmp_path)
    _rewritten_start(log, played_by="person")
    _refused_exactly([GUFO, "--resume", log], log, f"Invalid value for '--resume': {log}:1: the 'start' record's field "
                                                   "'played_by' should be a list of texts, not a text")


# ---- the rule file the log names ---------------------------------------------------------

def _log_of_a_copy(tmp_path):
    """A log of two moves played with a copy of gUFO, named in the log by its path as given."""
    rules = tmp_path / "g.rules"
    rules.write_bytes(open(GUFO, "rb").read())
    log = tmp_path / "a.jsonl"
    result, _ = play([rules, "--as", "radar", "--agents", "greedy", "--seed", 5, "--log", log], "1\n1\nquit\n")
    assert result.exit_code == 0 and records(log)[0]["rules"] == str(rules)
    return rules, log


def test_resume_without_a_file_takes_the_logs_rule_file(tmp_path):
    # it was "Error: Missing argument 'FILE'.", though the log names its rule file
    rules, log = _log_of_a_copy(tmp_path)
    given = tmp_path / "given.jsonl"
    result, out = play([rules, "--resume", log, "--log", given], "1\n" * 200)
    assert result.exit_code == 0, out
    result, out = play(["--resume", log], "1\n" * 200)
    assert result.exit_code == 0, out
    assert records(log) == records(given) and records(log)[-1]["type"] == "result"  # the same game, to its end
    assert f"(the same deal again: ruleforge play {rules} --seed 5 --as radar --agents greedy)" in out


def test_resume_without_a_file_refuses_the_logs_rule_file_moved_or_changed(tmp_path):
    rules, log = _log_of_a_copy(tmp_path)
    text = rules.read_text(encoding="utf-8")
    rules.rename(tmp_path / "moved.rules")
    _refused_exactly(["--resume", log], log,
                     f"Invalid value for '--resume': {log} was played with the rule file {rules}, which cannot be read "
                     f"now (cannot read the file: No such file or directory): if it has moved, give it, "
                     f"`ruleforge play FILE --resume {log}`")
    rules.write_text(text + "# a comment\n", encoding="utf-8")
    logged = records(log)[0]["sha256"]
    import hashlib
    now = hashlib.sha256(rules.read_bytes()).hexdigest()
    _refused_exactly(["--resume", log], log,
                     f"Invalid value for '--resume': {log} was played with the rule file {rules}, which has changed "
                     f"since (its sha256 was {logged[:12]}..., now {now[:12]}...): a game goes on only with the rules "
                     "it began with")
    rules.write_text(text + "junk\n", encoding="utf-8")
    _refused_exactly(["--resume", log], log,
                     f"Invalid value for '--resume': {log} was played with the rule file {rules}, which has changed "
                     f"since (it has mistakes now: `ruleforge check {rules}`): a game goes on only with the rules it "
                     "began with")


def test_resume_with_another_file_names_the_logs(tmp_path):
    rules, log = _log_of_a_copy(tmp_path)
    _refused([UFOLOGY, "--resume", log], log,
             f"{UFOLOGY} is not the rule file {log} was played with, {rules} (its sha256 was")


def test_a_log_naming_no_rule_file_asks_for_it(tmp_path):
    import json
    rules, log = _log_of_a_copy(tmp_path)
    recs = records(log)
    recs[0]["rules"] = ""
    log.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    _refused_exactly(["--resume", log], log, f"Invalid value for '--resume': {log} names no rule file it was played "
                                             f"from: give it, `ruleforge play FILE --resume {log}`")
    result, _ = play([rules, "--resume", log], "1\nquit\n")
    assert result.exit_code == 0


def test_play_without_a_file_or_a_log_says_what_is_missing():
    result, _ = play([], "")
    assert (result.exit_code, result.stderr) == (2, USAGE + "Error: Missing argument 'FILE' (or --resume LOG, a "
                                                            "stopped game's log, which names it).\n")
