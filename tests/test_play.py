"""`ruleforge play` and `replay --as`: a person at the terminal sees only their seat.

Whole games are driven through click's CliRunner with scripted input, malformed lines
mixed in; one game runs in a real pseudo-terminal (tmux). What a seat may have seen is
worked out independently, by replaying the logged decisions with the engine's API and
asking it, after every decision, which cards the seat knows or sees face up.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruleforge
from ruleforge.drivers.agents import parse_agents
from ruleforge.cli import cli, main
from ruleforge.drivers.play import play_game
from ruleforge.drivers.replay import replay_game

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

# (game, its flags, seed) for one whole game each
GAMES = {
    "gufo": ([GUFO, "--as", "radar"], 5),
    "ufology": ([UFOLOGY, "--players", "4", "--as", "1"], 3),
}

# Malformed lines, each with (part of) the reason the screen must give for it.
BAD_LINES = [
    ("", "type the number of an action"),
    ("   ", "type the number of an action"),
    ("banana", "no action matches 'banana'"),
    ("0", "there is no action 0: choose 1 to"),
    ("999", "there is no action 999: choose 1 to"),
    ("-3", "no action matches '-3'"),
    ("\x1b[A", "no action matches '[A'"),       # an arrow key's escape sequence
    ("\x07\x00", "type the number of an action"),  # control characters only
    ("x" * 5000, "that line is 5000 characters long"),
    ("help", "How to play"),
    ("log", "Your log"),
    ("shoot", ""),  # ambiguous in gUFO (three targets), no match in UFO*logy: either way no action
]


def play(args, text: str):
    """Run `ruleforge play` in-process with `text` as the keyboard."""
    result = CliRunner().invoke(cli, ["play", *map(str, args), "--delay", "0"], input=text,
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    return result, ANSI.sub("", result.output)


# Hot seat: a hand-over waits for Enter only (a move typed there is not played), then a move.
HOT_SEAT_INPUT = "\n1\n" * 400


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def decisions(recs: list[dict]) -> list[dict]:
    return [r for r in recs if r["type"] == "decision"]


def alien_of(seed: int) -> str:
    """The ace the Invader's bot sets as the Alien: `play` seeds its bots as `run` does."""
    game = ruleforge.load(GUFO)
    log: list = []
    play_game(game, seed, parse_agents(None, game), log=log)
    first = decisions(log)[0]
    assert first["prompt"] == "to be the Alien"
    return first["action"]


# ---- whole games with malformed input -----------------------------------------------------------

@pytest.mark.parametrize("which", sorted(GAMES))
def test_a_whole_game_with_malformed_input_mixed_in(which, tmp_path):
    args, seed = GAMES[which]
    clean_log, messy_log = tmp_path / "clean.jsonl", tmp_path / "messy.jsonl"
    clean, clean_out = play([*args, "--seed", seed, "--log", clean_log], "1\n" * 400)
    messy_lines = [bad for bad, _ in BAD_LINES]          # all of them at the first prompt,
    for i in range(400):                                  # then one before every valid line
        messy_lines += [BAD_LINES[i % len(BAD_LINES)][0], "1"]
    messy, messy_out = play([*args, "--seed", seed, "--log", messy_log], "\n".join(messy_lines) + "\n")
    for result, out in ((clean, clean_out), (messy, messy_out)):
        assert result.exit_code == 0, out[-2000:]
        assert result.exception is None
        assert "Traceback" not in out
        assert "Game over:" in out
        assert "Game stopped" not in out  # the game ended; it did not run out of input
    for _, reason in BAD_LINES:
        assert reason in messy_out
    # Bad lines changed nothing: the same decisions, the same result.
    a, b = records(clean_log), records(messy_log)
    assert decisions(a) and decisions(a) == decisions(b)
    assert a[-1]["type"] == "result" and a[-1] == b[-1]
    # ... and the log replays exactly.
    game, st, n = replay_game(b)
    assert st.is_over and n == len(decisions(b))


def test_ambiguous_words_and_words_that_pick_one_action(tmp_path):
    # seed 5: the Radar Operator holds 7♥ J♥ Q♥; three UFOs can be shot.
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "shoot\nscan q♥ 8\nquit\n")
    assert result.exit_code == 0
    assert "'shoot' matches 3 actions" in out
    picked = [d for d in decisions(records(log)) if d["seat"] == "radar"]
    assert len(picked) == 1 and picked[0]["action"].startswith("scan")
    assert "Radar scanning: card Q♥, altitude 8" in out


# ---- stopping ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ending", ["quit\n", "q\n", "exit\n", ""])  # "" : end of input (Ctrl-D)
def test_quit_or_end_of_input_keeps_a_log_that_replays(ending, tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 7, "--log", log], "1\n1\n1\n" + ending)
    assert result.exit_code == 0 and "Traceback" not in out
    assert "Game over" not in out
    assert "Game stopped. The log so far is in" in out  # (the path may wrap on a narrow console)
    recs = records(log)
    assert recs[0]["type"] == "start" and recs[1]["type"] == "setup"
    assert recs[-1] == {"type": "quit"}
    assert not any(r["type"] == "result" for r in recs)
    radar = [d for d in decisions(recs) if d["seat"] == "radar"]
    assert len(radar) == 3  # the three moves typed before stopping, and no more
    for d in decisions(recs):
        assert set(d) == {"type", "n", "player", "seat", "prompt", "legal", "action", "choice"}
        assert 0 <= d["choice"] < d["legal"]
    game, st, n = replay_game(recs)  # the decisions replay up to the point of quitting
    assert n == len(decisions(recs)) and not st.is_over
    assert st.current_player == game.roles["radar"]


# ---- hot seat ---------------------------------------------------------------------------------

def test_hot_seat_by_roles_hands_over_and_hides_the_alien_from_the_radar_operator():
    seed = 5
    alien = alien_of(seed)
    result, out = play([GUFO, "--as", "radar,invader", "--seed", seed], HOT_SEAT_INPUT)
    assert result.exit_code == 0 and "Game over:" in out and "Traceback" not in out
    assert "you play: Radar Operator, Invader" in out
    assert out.count("Hand-over") >= 3
    # the first decision waits for its person too: nothing but the banner before it
    assert out.splitlines()[1].startswith("╭") and "Hand-over" in out.splitlines()[1]
    assert out.splitlines()[2].strip("│ ") == "Pass the screen to the Invader."
    assert "Pass the screen to the Radar Operator." in out and "Pass the screen to the Invader." in out
    assert "Radar Operator>" in out and "Invader>" in out
    assert "you are the Radar Operator" in out and "you are the Invader" in out
    # The Invader chose the Alien on his own screen; every Radar Operator's screen (from a
    # hand-over to her until the next hand-over) is silent about it until the game is over.
    assert f"Invader chooses {alien} (to be the Alien)" in out.split("Hand-over")[1]
    body = out.split("What happened")[0]
    screens = body.split("Pass the screen to the Radar Operator.")[1:]
    assert screens
    for screen in screens:
        assert alien not in screen.split("Hand-over")[0]


def test_hot_seat_by_count():
    result, out = play([UFOLOGY, "--players", 3, "--humans", 2, "--seed", 4], HOT_SEAT_INPUT)
    assert result.exit_code == 0 and "Game over:" in out and "Traceback" not in out
    assert "you play: player 1, player 2" in out
    assert "Pass the screen to player 2." in out and "Pass the screen to player 1." in out
    assert "player 1>" in out and "player 2>" in out and "player 3>" not in out


# ---- what the Radar Operator's screen shows ---------------------------------------------------

def test_the_alien_is_not_on_the_radar_operators_screen_before_the_game_ends(tmp_path):
    for seed in (5, 8, 13):
        alien = alien_of(seed)
        log = tmp_path / f"g{seed}.jsonl"
        result, out = play([GUFO, "--as", "radar", "--seed", seed, "--log", log], "1\n" * 400)
        assert result.exit_code == 0 and "Game over:" in out
        assert decisions(records(log))[0]["action"] == alien  # play's Invader bot chose it too
        before, _, final = out.partition("What happened")
        assert "Invader chooses a card (to be the Alien)" in before
        assert "a card: the Invader's aces → the Alien" in before
        assert alien not in before
        # At the end the Alien is revealed to both: the only lines naming it are that
        # event and the final table's row of the Alien.
        naming = [line for line in final.splitlines() if alien in line]
        assert [line.split()[:3] for line in naming] == [["│", "revealed:", alien], ["the", "Alien", alien]]
        # The two aces put aside unseen are never named at all.
        others = {f"A{s}" for s in "♣♦♠"} - {alien}
        assert not any(ace in out for ace in others)


def _panels(out: str) -> list[str]:
    """The text of every 'Since your last move' / 'What happened' panel, unwrapped."""
    panels, current = [], None
    for line in out.splitlines():
        if "╭" in line:
            title = line[line.index("╭"):]
            current = [] if ("Since your last move" in title or "What happened" in title) else None
        elif line.startswith("╰"):
            if current is not None:
                panels.append(current)
            current = None
        elif current is not None and line.startswith("│"):
            inner = line.rstrip()[1:-1].strip()
            if not re.fullmatch(r"Round \d+", inner):
                current.append(inner)
    return [" ".join(" ".join(p).split()) for p in panels]


def _seat_narration(recs: list[dict], seat) -> str:
    lines: list[str] = []
    replay_game(recs, lines.append, seat=seat)
    kept = [ln for ln in lines if not ln.lstrip().startswith("=") and not re.fullmatch(r"Round \d+", ln)]
    return " ".join(" ".join(kept).split())


@pytest.mark.parametrize("which", [
    "gufo",
    "ufology",
])
def test_play_tells_each_event_as_the_seat_saw_it_then(which, tmp_path):
    """The panels of `play` tell the same story as `replay --as` of the same game, which
    narrates after every decision: a card is named only if the seat knew it by then."""
    args, seed = GAMES[which]
    log = tmp_path / "g.jsonl"
    result, out = play([*args, "--seed", seed, "--log", log], "1\n" * 400)
    assert result.exit_code == 0 and "Game over:" in out
    seat = args[args.index("--as") + 1]
    told = _seat_narration(records(log), seat)
    for panel in _panels(out):
        assert panel in told


# ---- a real terminal --------------------------------------------------------------------------

def _ruleforge_command() -> str:
    """The installed `ruleforge` command of the Python running the tests."""
    beside = Path(sys.executable).parent / "ruleforge"
    if beside.exists():
        return str(beside)
    return shutil.which("ruleforge") or f"{sys.executable} -m ruleforge"


def test_play_in_a_real_terminal():
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    seed = 5
    alien = alien_of(seed)
    name = f"ruleforge-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    # (COLUMNS and LINES may be in the environment of a process under pytest: the game must
    # take the terminal's own size.)
    command = (f"unset COLUMNS LINES; cd {ROOT} && {_ruleforge_command()} play games/gufo.rules --as radar "
               f"--seed {seed} --delay 0; sleep 60")

    def tmux(*args) -> str:
        return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout

    def screen() -> str:
        return tmux("capture-pane", "-p", "-t", name)

    def history() -> str:
        return tmux("capture-pane", "-p", "-S", "-", "-t", name)

    def wait_for_prompt(count: int) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            text = history()
            if text.count("Radar Operator>") >= count and text.rstrip().endswith("Radar Operator>"):
                return screen()
            time.sleep(0.1)
        raise AssertionError("no prompt appeared:\n" + history()[-3000:])

    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "160", "-y", "80", command], check=True)
    try:
        wait_for_prompt(1)
        moves = ["1", "banana", "2", "log", "1"]  # three moves; a bad word and the log change nothing
        prompts = 1
        for move in moves:
            tmux("send-keys", "-t", name, move, "Enter")
            prompts += 1
            shown = wait_for_prompt(prompts)
        lines = shown.splitlines()
        # (screens fit in 40 lines now, so the 80-line pane holds more than one: the last one)
        titles = [i for i, line in enumerate(lines)
                  if line.startswith("gUFO · turn ") and line.rstrip().endswith("you are the Radar Operator")]
        assert titles
        lines = lines[titles[-1]:]
        sky = [line for line in lines if line.startswith("altitude ")]
        assert len(sky) == 1 and "1:A♥" in sky[0] and "8:" in sky[0] and "ufo]" in sky[0]
        assert any(line.startswith("the Radar Operator's hand ") for line in lines)
        assert any(re.match(r"the Alien +▒$", line.rstrip()) for line in lines)
        assert "Radar Operator, take an action:" in shown
        assert re.search(r"^  Bengal light +card [0-9JQK]+♥, altitude +\[1\] ", shown, re.M)  # the grouped menu
        assert re.search(r"^  Shoot +target +\[\d+\] clubs ufo  \[\d+\] diamonds ufo", shown, re.M)
        assert "Your log" in history() and "no action matches 'banana'" in history()
        assert "Invader chooses a card (to be the Alien)" in history()
        assert alien not in history()  # nowhere: not on the screen, not in the scrollback
        assert "Traceback" not in history()
        # Ctrl-C stops the game cleanly.
        tmux("send-keys", "-t", name, "C-c")
        deadline = time.monotonic() + 10
        while "Game stopped." not in history() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "Game stopped." in history() and "Traceback" not in history()
        # ... on a line of its own, not after the prompt ("Radar Operator> Game stopped.")
        assert re.search(r"^(\^C)?Game stopped\.", history(), re.M), history()[-500:]
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


# ---- replay --as ------------------------------------------------------------------------------

def _card_pattern(game) -> re.Pattern:
    # (a seat's screen names a copy without its number, "Lights in the Sky")
    names = sorted({c.name for c in game.cards} | set(game.seen_names), key=len, reverse=True)
    return re.compile(r"(?<![\w♥♦♣♠])(" + "|".join(map(re.escape, names)) + r")(?![\w♥♦♣♠])")


def _seen_after_each_decision(recs: list[dict], seat: int) -> tuple:
    """Independently: the cards `seat` knows or sees face up after setup and after each decision,
    accumulated (what it has seen at any point so far)."""
    start = recs[0]
    game = ruleforge.load(start["rules"], players=start["players"], **start["params"])
    st = game.new(start["seed"])
    names = [c.name for c in game.cards]

    def known():  # by its name, and by the name a seat's screen gives it (a copy's, without its number)
        return {x for c, n in enumerate(names) if st.knows(seat, n) for x in (n, game.seen_names[c])}
    seen = known()
    union = []
    for d in decisions(recs):
        action = st.legal_actions()[d["choice"]]
        assert str(action) == d["action"]
        st.apply(action)
        seen |= known()
        union.append(set(seen))
    return game, union


REPLAYS = [(GUFO, None, seed, seats) for seed in (1, 2, 3, 5, 8) for seats in [("radar", "invader")]] + \
          [(UFOLOGY, 4, seed, ("1", "2")) for seed in (3, 6)] + [(UFOLOGY, 3, 9, ("3",))]


@pytest.mark.parametrize("rules, players, seed, seats", REPLAYS,
                         ids=[f"{Path(r).stem}-{p or 2}p-seed{s}" for r, p, s, _ in REPLAYS])
def test_replay_as_a_seat_names_only_cards_it_had_seen(rules, players, seed, seats, tmp_path):
    log = tmp_path / "g.jsonl"
    runner = CliRunner()
    ran = runner.invoke(cli, ["run", rules, "--seed", str(seed), "--log", str(log)]
                        + (["--players", str(players)] if players else []))
    assert ran.exit_code == 0, ran.output
    recs = records(log)
    n = len(decisions(recs))
    for who in seats:
        seat = int(who) - 1 if who.isdigit() else recs[0]["seats"].index(who)
        game, union = _seen_after_each_decision(recs, seat)
        pattern = _card_pattern(game)
        out = runner.invoke(cli, ["replay", str(log), "--as", who, "--step"], input="\n" * (n + 5))
        assert out.exit_code == 0, out.output
        assert "reproduced exactly" in out.output
        # One chunk per decision: setup and decision 0, then each decision's consequences.
        chunks = out.output.split("(Enter for the next step)")
        assert len(chunks) == n
        for k, chunk in enumerate(chunks):
            named = set(pattern.findall(chunk))
            assert named <= union[k], (who, k, sorted(named - union[k]), chunk)
        # The check has teeth: the omniscient narration names cards this seat never saw.
        full = runner.invoke(cli, ["replay", str(log)]).output
        assert set(pattern.findall(full)) - union[-1]


def test_replay_as_tells_the_radar_operator_a_card_and_the_invader_the_ace(tmp_path, capsys):
    log = tmp_path / "g.jsonl"
    runner = CliRunner()
    assert runner.invoke(cli, ["run", GUFO, "--seed", "5", "--log", str(log)]).exit_code == 0
    alien = alien_of(5)
    radar = runner.invoke(cli, ["replay", str(log), "--as", "radar"]).output
    invader = runner.invoke(cli, ["replay", str(log), "--as", "invader"]).output
    assert "Invader chooses a card (to be the Alien)" in radar
    assert f"Invader chooses {alien} (to be the Alien)" in invader
    assert alien not in radar.split("revealed:")[0]
    with pytest.raises(SystemExit) as exc:  # the real entry point: a user's mistake exits 2
        main(["replay", str(log), "--as", "radr"])
    assert exc.value.code == 2 and "did you mean 'radar'" in capsys.readouterr().err


# ---- flags ------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    ([GUFO, "--as", "radr"], "no seat or role 'radr'; did you mean 'radar'?"),
    ([GUFO, "--as", "3"], "no seat or role '3'; seats are invader, radar, 1, 2"),
    ([GUFO, "--humans", "9"], "this game has 2 seats"),
    ([GUFO, "--humans", "17"], "17 is not in the range"),
    ([GUFO, "--as", "radar", "--humans", "1"], "use --as or --humans, not both"),
    ([UFOLOGY, "--players", "9", "--as", "1"], "this game is for 2 to 6 players"),
    # no person at all: a fresh reader tried both, and got a range error and "no seat or role"
    ([GUFO, "--humans", "0"], "Invalid value for '--humans': play seats a person at one seat at least; to watch "
     "bots play, run the game (ruleforge run FILE --agents greedy), or log it (--log g.jsonl) and see it as one "
     "seat saw it (ruleforge replay g.jsonl --as SEAT)"),
    ([GUFO, "--as", "none"], "Invalid value for '--as': 'none' is no seat: play seats a person at one seat at "
     "least; to watch bots play"),
])
def test_play_flag_errors_exit_2_with_a_message(args, message, capsys):
    with pytest.raises(SystemExit) as exc:  # the real entry point, which turns rule-file errors into exit 2
        main(["play", *args])
    out, err = capsys.readouterr()
    assert exc.value.code == 2, out + err
    assert message in err
    assert "Traceback" not in out + err


# ---- known bugs (see the report on issue 6) ---------------------------------------------------

def test_square_brackets_in_input_are_not_markup(tmp_path):
    result, out = play([GUFO, "--as", "radar", "--seed", 5], "[/x]\n[/]\nquit\n")
    assert result.exit_code == 0 and result.exception is None
    assert "no action matches '[/x]'" in out


def test_a_superscript_digit_is_just_a_bad_line():
    result, out = play([GUFO, "--as", "radar", "--seed", 5], "²\nquit\n")
    assert result.exit_code == 0 and result.exception is None


def test_the_same_deal_again_line_keeps_the_player_count():
    result, out = play([UFOLOGY, "--players", 4, "--as", 1, "--seed", 3], "1\n" * 400)
    assert "--players 4" in out.splitlines()[-1]


def _error_panel(out: str) -> list[str]:
    """The lines of the panel "What happened before the error", without its frame."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if "What happened before the error" in line)
    bottom = next(i for i in range(top + 1, len(lines)) if lines[i].startswith("╰"))
    return [line.strip("│").rstrip() for line in lines[top + 1:bottom]]


@pytest.mark.parametrize("seats, own", [("1", "7♠, 9♥"), ("1,2", "2 cards (2 face down)")])
def test_a_rule_error_in_play_comes_after_what_led_to_it(seats, own, tmp_path):
    # Empty Hand fails in player 1's third turn, before any decision: before, `play`
    # showed the error alone. Now the screen tells what the rules did up to it, as the
    # people at it may know it: player 1's own hand by name when they play alone, counted
    # ("2 cards", never "a card, a card") when the other seat's person shares the screen.
    from test_cli import EMPTY_HAND
    (tmp_path / "e.rules").write_text(EMPTY_HAND)
    log = tmp_path / "e.jsonl"
    result, out = play([tmp_path / "e.rules", "--seed", 1, "--as", seats, "--log", log], "")
    assert result.exit_code == 1
    # logged as `run` logs it (before, a "quit" record): replay stops on the same error
    assert [r["type"] for r in records(log)] == ["start", "error"]
    again = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert (again.exit_code, again.output) == (1, f"{log}: reproduced exactly: the game, 0 decisions, the same deal, "
                                                  "and the same error it stopped on: in rule 'turn' (line 13): there is "
                                                  "no card here to read its value\n")
    assert result.exception.again == f"ruleforge play {tmp_path / 'e.rules'} --seed 1 --as {seats}"
    told = _error_panel(out)
    assert [line.strip() for line in told[:3]] == ["the deck shuffled (52 cards)", f"{own}: the deck → hand of player 1",
                                                   "2 cards (2 face down): the deck → hand of player 2"]
    assert [line.strip() for line in told[-4:]] == ["score of player 2: 3 → 5", "2♠: hand of player 2 → the discard pile",
                                                    "Round 3", "player 1's turn"]
    # (the error itself is shown by the entry point, after this screen: tests/test_cli.py)
    assert isinstance(result.exception, ruleforge.RuleError)
    assert str(result.exception) == "in rule 'turn' (line 13): there is no card here to read its value"


FORCED = """game "Forced"
players 2
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    current takes an action
action draw "Draw a card":
    move top of deck to hand of current
ending e "the deck ran out": nobody wins when count of deck < 47
"""


def test_a_decision_with_one_action_is_taken_without_asking(tmp_path):
    # "[1] pass" was put to the person, and took a line of input, though nothing could be
    # chosen; the log keeps each such decision as run's does
    rules = tmp_path / "forced.rules"
    rules.write_text(FORCED, encoding="utf-8")
    log = tmp_path / "forced.jsonl"
    result, out = play([rules, "--as", "1", "--seed", "1", "--log", log], "quit\n")
    assert result.exit_code == 0, out
    assert "> " not in out  # no prompt
    assert "Game over: the deck ran out." in out
    assert [(d["player"], d["legal"], d["action"]) for d in decisions(records(log))] == [
        (1, 1, "draw"), (2, 1, "draw"), (1, 1, "draw"), (2, 1, "draw"), (1, 1, "draw"), (2, 1, "draw")]
