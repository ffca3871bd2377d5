"""`ruleforge play FILE --match`: a match's games at the terminal, one after another.

Driven with scripted input (as tests/test_play.py drives `play`) on a small match of
tests/data/hide_and_seek.rules (the Hider hides one of two aces, the Seeker guesses its
colour or gives up; gUFO's match rule: 3 in all or 2 in a row, the loser chooses who
seeks next), and on variants of draw_race.rules (no decision a person is asked: a draw
is the only move) for `winner starts` and the cap.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruleforge.cli import cli
from test_play import play, records

ROOT = Path(__file__).parents[1]
HIDE = str(ROOT / "tests" / "data" / "hide_and_seek.rules")
DRAW_RACE = ROOT / "tests" / "data" / "draw_race.rules"


NEEDS = "3 in all or 2 in a row"  # what wins hide_and_seek's match


def panel(out: str, title: str, needs: str) -> list[str]:
    """The lines of the panel titled `title` (and what wins the match, if `needs`),
    without its frame."""
    lines = out.splitlines()
    head = f"╭─ {title} (to win: {needs}) " if needs else f"╭─ {title} "
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("╰"))
    return [line.strip("│").strip() for line in lines[start + 1:end]]


def between_games(out: str) -> list[str]:
    """What the screen says between two games (and at the match's end): the standing
    panels, the choices of role, the pauses, the last line."""
    said = []
    for line in out.splitlines():
        if line.startswith(("━━ Game", "Press Enter", "player ", "Nobody", "  [1] the")) or " chooses to be " in line:
            said.append(line)
    return said


def draw_race_with(tmp_path, match: str, winner: str = "current wins") -> str:
    f = tmp_path / "race.rules"
    f.write_text(DRAW_RACE.read_text().replace("current wins when deck is empty", f"{winner} when deck is empty")
                 + "\nmatch:\n" + match)
    return str(f)


# ---- the standing between games, and the last line ---------------------------------------------

def test_standings_between_games_and_the_match_won_two_in_a_row(tmp_path):
    log = tmp_path / "m.jsonl"
    # seed 3: the Seeker's bot guesses black twice; the person hides the A♥ twice
    result, out = play([HIDE, "--match", "--seed", 3, "--log", log], "1\n\n1\n")
    assert result.exit_code == 0 and result.exception is None, out
    assert out.splitlines()[0] == "Hide and seek · a match · you play: player 1 (the Hider in game 1)  (type help for help)"
    assert panel(out, "The match after game 1", NEEDS) == [
        "Game 1: player 1 (you) won as the Hider.",
        "Wins: player 1 1, player 2 0; player 1 has won 1 in a row",
        "player 2 lost: they choose who is the Seeker in the next game"]
    assert panel(out, "The match after game 2", NEEDS) == [
        "Game 2: player 1 (you) won as the Hider.",
        "Wins: player 1 2, player 2 0; player 1 has won 2 in a row"]
    assert between_games(out) == [
        "━━ Game 1 of the match: player 1 (you) is the Hider, player 2 is the Seeker",
        "Press Enter for game 2 (or quit).",
        "player 2 chooses to be the Seeker in game 2: player 1 (you) is the Hider.",  # the bot's choice, as run's
        "━━ Game 2 of the match: player 1 (you) is the Hider, player 2 is the Seeker",
        "player 1 wins the match after 2 games, with 2 wins in a row."]
    assert out.splitlines()[-2:] == [f"log written to {log}",
                                     f"(the same match again: ruleforge play {HIDE} --seed 3 --match)"]
    assert out.count("Game over:") == 2
    # the log is the match's, as run --match --log writes one, and replays
    recs = records(log)
    assert [(r.get("game"), r["type"]) for r in recs] == [
        (1, "start"), (1, "setup"), (1, "decision"), (1, "decision"), (1, "result"),
        (None, "match decision"),
        (2, "start"), (2, "setup"), (2, "decision"), (2, "decision"), (2, "result"),
        (None, "match")]
    assert recs[5] == {"type": "match decision", "player": "player 2", "chose": "player 2", "role": "seeker"}
    assert recs[-1] == {"type": "match", "winner": "player 1", "wins": [2, 0], "games": 2}
    assert recs[0]["played_by"] == ["person", "random"]
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert (replayed.exit_code, replayed.output) == (
        0, f"{log}: reproduced exactly: 2 games, 4 decisions, the same deal and result\n")


def test_a_losing_person_chooses_the_role_at_a_menu_that_takes_typos_as_play_does(tmp_path):
    log = tmp_path / "m.jsonl"
    # seed 3, the person seeks: guesses black (the bot hid the A♥) and loses game 1
    typed = "2\n" + "\nseekr\n5\nthe\nbanana\nhelp\nhid\n" + "quit\n"
    result, out = play([HIDE, "--as", "seeker", "--match", "--seed", 3, "--log", log], typed)
    assert result.exit_code == 0, out
    assert panel(out, "The match after game 1", NEEDS) == [
        "Game 1: player 1 won as the Hider.",
        "Wins: player 1 1, player 2 0; player 1 has won 1 in a row",
        "player 2 lost: they choose who is the Seeker in the next game"]
    after = out.split("╭─ The match after game 1 (to win")[1].split("━━ Game 2")[0].splitlines()[5:]
    assert after == [
        "player 2, which role do you take in game 2?",
        "  [1] the Hider  [2] the Seeker",
        "player 2> type the number of a role (1 or 2), or its name",
        "player 2> no role matches 'seekr': did you mean 'seeker'?",
        "player 2> there is no role 5: choose 1 or 2",
        "player 2> 'the' matches several roles: say more, or type the number",
        "player 2> no role matches 'banana': choose 1 or 2",
        "player 2> Type the number of a role, or a word of it, then Enter: [1] the Hider  [2] the Seeker",
        "player 2> player 2 (you) chooses to be the Hider in game 2: player 1 is the Seeker."]
    assert "━━ Game 2 of the match: player 1 is the Seeker, player 2 (you) is the Hider" in out
    assert out.rstrip().endswith(f"Match stopped in game 2. The log so far is in {log}.")
    recs = records(log)
    assert {"type": "match decision", "player": "player 2", "chose": "player 1", "role": "seeker"} in recs
    assert recs[-1] == {"game": 2, "type": "quit"}
    # game 2's start record says who sat where: the person at the Hider's seat now
    assert [r["played_by"] for r in recs if r["type"] == "start"] == [["random", "person"], ["person", "random"]]


def test_winner_starts_is_said_and_done(tmp_path):
    # Draw race: 52 draws, whoever draws the last card wins: the second to draw, always
    rules = draw_race_with(tmp_path, "    wins needed: 2 in all\n    next game: winner starts\n")
    result, out = play([rules, "--match", "--seed", 1], "\n\n")
    assert result.exit_code == 0, out
    assert between_games(out) == [
        "━━ Game 1 of the match: player 1 (you) takes seat 1, player 2 takes seat 2",
        "Press Enter for game 2 (or quit).",
        "━━ Game 2 of the match: player 1 (you) takes seat 1, player 2 takes seat 2; player 2 starts",
        "Press Enter for game 3 (or quit).",
        "━━ Game 3 of the match: player 1 (you) takes seat 1, player 2 takes seat 2; player 1 starts",
        "player 2 wins the match after 3 games, with 2 wins in all."]
    assert panel(out, "The match after game 1", "2 in all") == [
        "Game 1: player 2 won.", "Wins: player 1 0, player 2 1; player 2 has won 1 in a row",
        "player 2 won: they start the next game"]
    assert panel(out, "The match after game 2", "2 in all")[2] == "player 1 won: they start the next game"


def test_a_match_nobody_wins_stops_at_the_cap(tmp_path):
    rules = draw_race_with(tmp_path, "    wins needed: 1 in all\n", winner="nobody wins")
    result, out = play([rules, "--match", "--seed", 1], "\n" * 98)
    assert result.exit_code == 0, out[-2000:]
    assert out.count("Game over: the deck ran out. Winner: nobody.") == 99
    assert panel(out, "The match after game 99", "1 in all") == [
        "Game 99: no single winner (a drawn or shared game counts for nobody).",
        "Wins: player 1 0, player 2 0"]
    assert "Nobody has won the match after 99 games, the cap of a match: it stops here." in out.splitlines()


# ---- stopping ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seat, typed, where, last", [
    ("seeker", "", "in game 1", "decision"),   # at the Seeker's first prompt, after the Hider's bot hid an ace
    ("hider", "1\n1\n\n", "in game 2", "setup"),  # at game 2's first prompt (the '1' at the pause is no move)
    ("hider", "1\n", "after game 1", None),     # at the pause between games
], ids=["mid-game", "next-game", "between-games"])
def test_the_end_of_the_input_mid_match_keeps_a_log_that_replays(seat, typed, where, last, tmp_path):
    log = tmp_path / "m.jsonl"
    result, out = play([HIDE, "--as", seat, "--match", "--seed", 3, "--log", log], typed)
    assert result.exit_code == 0 and result.exception is None, out
    assert "Traceback" not in out
    assert out.rstrip().endswith(f"Match stopped {where}. The log so far is in {log}.")
    recs = records(log)
    number = 2 if where == "in game 2" else 1
    assert recs[-1] == {"game": number, "type": "quit"}
    if last is not None:
        assert recs[-2]["type"] == last
    else:  # stopped after the game's result, before the next game's
        assert recs[-2]["type"] == "result" and recs[-2]["game"] == 1
    decisions = sum(r["type"] == "decision" for r in recs)
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    games = f"{number} games" if number > 1 else "the game"
    assert (replayed.exit_code, replayed.output) == (
        0, f"{log}: reproduced exactly: {games}, {decisions} decision{'s' if decisions != 1 else ''}, the same "
           "deal, up to where the game was left (quit)\n")


# ---- refusals ----------------------------------------------------------------------------------

def test_match_on_a_file_without_a_match_is_refused_as_run_refuses_it():
    ran = CliRunner().invoke(cli, ["run", str(DRAW_RACE), "--match"])
    played = CliRunner().invoke(cli, ["play", str(DRAW_RACE), "--match"], input="1\n")
    assert ran.exit_code == played.exit_code == 2
    said = f"Error: {DRAW_RACE} declares no match\n"
    assert ran.output.endswith(said) and played.output.endswith(said)


def test_a_match_is_not_resumed_and_a_match_log_of_one_game_is_no_game_to_resume(tmp_path):
    log = tmp_path / "m.jsonl"
    result, _ = play([HIDE, "--as", "seeker", "--match", "--seed", 3, "--log", log], "")
    assert result.exit_code == 0 and records(log)[-1] == {"game": 1, "type": "quit"}
    before = log.read_bytes()
    refused, out = play([HIDE, "--match", "--resume", log], "1\n")
    assert refused.exit_code == 2
    assert " ".join(out.split()).endswith(
        "Error: --match cannot go with --resume: play resumes one game, not a match (a match is played from its "
        "first game; `ruleforge replay LOG` tells a match's log)")
    # without --match: a match's log of one game was resumed as a game alone (its start
    # record's seed is game 1's, not the match's)
    refused, out = play([HIDE, "--resume", log], "1\n")
    assert refused.exit_code == 2
    assert f"{log} holds a match of 1 game: play resumes one game" in " ".join(out.split())
    assert log.read_bytes() == before


# ---- determinism: the same match as run --match where the person's moves coincide --------------

@pytest.mark.parametrize("seed", [3, 8, 21])
def test_play_match_is_run_match_when_the_person_plays_as_the_bot_did(seed, tmp_path):
    ran_log, played_log = tmp_path / "run.jsonl", tmp_path / "play.jsonl"
    ran = CliRunner().invoke(cli, ["run", HIDE, "--match", "--seed", str(seed), "--log", str(ran_log)])
    assert ran.exit_code == 0
    ran_recs = records(ran_log)
    typed = _moves_of_player_1(ran_recs)
    result, out = play([HIDE, "--match", "--seed", seed, "--log", played_log], "".join(f"{t}\n" for t in typed))
    assert result.exit_code == 0, out
    strip = ("played_by",)
    assert [{k: v for k, v in r.items() if k not in strip} for r in records(played_log)] == ran_recs


def _moves_of_player_1(recs: list[dict]) -> list[str]:
    """What player 1 types to play a logged match as its bot did: each decision of their
    seat (its number in the menu: the log's choice + 1), Enter after a game they did not
    lose to a choice of theirs, their choice of role."""
    typed, seat = [], 0  # player 1's seat in the game being read
    for i, r in enumerate(recs):
        if r["type"] == "decision" and r["player"] - 1 == seat and r["legal"] > 1:
            typed.append(str(r["choice"] + 1))
        elif r["type"] == "result" and i + 1 < len(recs) and recs[i + 1]["type"] != "match":
            nxt = recs[i + 1]
            if nxt["type"] == "match decision" and nxt["player"] == "player 1":
                role_seat = 0 if nxt["role"] == "hider" else 1
                mine = role_seat if nxt["chose"] == "player 1" else 1 - role_seat
                typed.append(str(mine + 1))
            else:
                typed.append("")
        elif r["type"] == "match decision":
            role_seat = 0 if r["role"] == "hider" else 1
            seat = role_seat if r["chose"] == "player 1" else 1 - role_seat
    return typed


# ---- hidden information -----------------------------------------------------------------------

def test_the_seekers_screens_never_name_the_hidden_ace_before_its_game_ends(tmp_path):
    # the person seeks in game 1, loses, and seeks again: every screen of theirs until
    # the game's end panel is silent about which ace was hidden
    result, out = play([HIDE, "--as", "seeker", "--match", "--seed", 3], "2\nseeker\n3\n\n")
    assert result.exit_code == 0, out
    games = re.split(r"━━ Game \d of the match", out)[1:]
    assert len(games) >= 2
    for text in games[:2]:
        before_end = text.split("╭─ What happened")[0]
        assert "you are the Seeker" in before_end
        assert "A♥" not in before_end and "A♠" not in before_end
        assert "Hider chooses a card (to hide)" in before_end


def test_a_rule_error_in_a_later_game_ends_the_match_as_run_match_ends_it(tmp_path):
    # `loser starts`: the Seeker who lost game 1 starts game 2, before any ace is hidden
    rules = tmp_path / "hide.rules"
    rules.write_text(Path(HIDE).read_text().replace("next game: loser chooses seeker", "next game: loser starts"))
    played_log, ran_log = tmp_path / "p.jsonl", tmp_path / "r.jsonl"
    result, out = play([rules, "--match", "--seed", 3, "--log", played_log], "1\n\n")
    ran = CliRunner().invoke(cli, ["run", str(rules), "--match", "--seed", "3", "--log", str(ran_log)])
    assert result.exit_code == ran.exit_code == 1
    assert "━━ Game 2 of the match: player 1 (you) is the Hider, player 2 is the Seeker; the Seeker starts" in out
    assert panel(out, "What happened before the error", "")[-1] == "▸ Seeker: Guess black"
    # (the entry point renders the error: its message, and the command that plays the match again)
    assert result.exception.describe() == "in rule 'action guess_black' (line 34): there is no card here to read its suit"
    assert result.exception.again == f"ruleforge play {rules} --seed 3 --match"
    error = {"game": 2, "type": "error",
             "message": "in rule 'action guess_black' (line 34): there is no card here to read its suit"}
    assert records(played_log)[-1] == records(ran_log)[-1] == error
    replayed = CliRunner().invoke(cli, ["replay", str(played_log), "--quiet"])
    assert replayed.exit_code == 1
    assert "reproduced exactly: game 2 of the match, 3 decisions, the same deal, and the same error" in replayed.output
