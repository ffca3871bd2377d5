"""`ruleforge play` after a new user's review of docs/play.md: the hot seat's first
hand-over and what may be typed at one, signals and Ctrl-C keep the log, `replay --step`
at the end of its input, line editing at a terminal, the bots' moves told as they
happen, a small terminal, flags that were silently ignored, a partial last line, and a
closed output pipe. Real processes where the behaviour is the process's (signals, exit
codes, a terminal); CliRunner elsewhere."""

from __future__ import annotations

import codecs
import fcntl
import io
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import ruleforge
from ruleforge.cli import cli, main
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.replay import replay_game
from ruleforge.drivers import terminal
from ruleforge.drivers.terminal import Quit, TerminalGame

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="signals and pseudo-terminals are POSIX")


def play(args, text: str):
    result = CliRunner().invoke(cli, ["play", *map(str, args), "--delay", "0"], input=text,
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    return result, ANSI.sub("", result.output)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def env() -> dict:
    e = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
    e.update(PYTHONPATH=str(ROOT), NO_COLOR="1", TERM="xterm-256color")
    return e


class Piped:
    """`ruleforge ARGS` with its standard streams piped; read until some text appears."""

    def __init__(self, args: list[str], cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "ruleforge", *args], cwd=cwd, env=env(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""

    def until(self, text: str, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.out.count(text.encode()) < count:
            assert time.monotonic() < deadline, self.out.decode(errors="replace")[-2000:]
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.1)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
                assert chunk, self.out.decode(errors="replace")[-2000:]
                self.out += chunk

    def type(self, line: str) -> None:
        self.proc.stdin.write(line.encode())
        self.proc.stdin.flush()

    def end(self) -> tuple[int, str, str]:
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, (self.out + out).decode(), err.decode()


class Terminal:
    """`ruleforge ARGS` on a pseudo-terminal of cols x rows, typed at as a person would."""

    def __init__(self, args: list[str], cwd: Path, cols: int = 120, rows: int = 40):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "ruleforge", *args], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=cwd, env=env(), start_new_session=True)
        os.close(slave)
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.raw = ""

    def read(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 1 << 16)
                except OSError:  # the program ended
                    return
                if not chunk:
                    return
                self.raw += self.decoder.decode(chunk)

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw)

    def until(self, text: str, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.text.count(text) < count:
            assert time.monotonic() < deadline and self.proc.poll() is None, self.text[-3000:]
            self.read(0.1)

    def keys(self, data: str) -> None:
        os.write(self.master, data.encode())

    def end(self) -> int:
        try:
            self.proc.wait(timeout=60)
            self.read(0.3)
        finally:
            os.close(self.master)
            if self.proc.poll() is None:
                self.proc.kill()
        return self.proc.returncode


# ---- 1. hot seat: the first hand-over, and what may be typed at one -----------------------------

def test_the_first_decision_of_a_hot_seat_waits_behind_a_hand_over(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar,invader", "--seed", 5, "--log", log], "quit\n")
    assert result.exit_code == 0
    assert [line.strip("│╭╮╰╯─ ") for line in out.splitlines()] == [
        "gUFO · you play: Radar Operator, Invader  (type help for help)",
        "Hand-over", "Pass the screen to the Invader.", "Press Enter when only they can see it.", "",
        f"Game stopped. The log so far is in {log}."]
    assert [r["type"] for r in records(log)] == ["start", "setup", "quit"]


@pytest.mark.parametrize("stop", ["quit\n", "q\n", ""])  # "": the end of input, Ctrl-D
def test_at_a_hand_over_a_move_is_not_played_and_quit_stops(stop, tmp_path):
    # seed 5: the Invader chooses the Alien and plays his turn, then the screen goes to
    # the Radar Operator; the 1s typed at that hand-over are no moves, and no Radar
    # Operator's screen is shown before the game stops.
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar,invader", "--seed", 5, "--log", log], "\n" + "1\n" * 8 + stop)
    assert result.exit_code == 0, out
    after = out.split("Pass the screen to the Radar Operator.")[1]
    ignored = ("'1' is not played: this screen waits for Enter only (or quit), pressed when only the Radar "
               "Operator can see it")
    assert after.splitlines()[3:] == [ignored] * after.count(ignored) + [f"Game stopped. The log so far is in {log}."]
    assert after.count(ignored) >= 3
    assert "Radar Operator>" not in out and "you are the Radar Operator" not in out
    recs = records(log)
    assert recs[-1] == {"type": "quit"}
    assert {r["seat"] for r in recs if r["type"] == "decision"} == {"invader"}


# ---- 2. SIGHUP and SIGTERM keep the log ----------------------------------------------------------

@POSIX
@pytest.mark.parametrize("sig, code, why", [(signal.SIGTERM, 143, "told to stop (SIGTERM)"),
                                            (signal.SIGHUP, 129, "the terminal closed (SIGHUP)")])
def test_a_signal_to_stop_writes_the_log_with_its_quit_record(sig, code, why, tmp_path):
    game = Piped(["play", GUFO, "--as", "radar", "--seed", "5", "--delay", "0", "--log", "g.jsonl"], tmp_path)
    game.until("Radar Operator> ")
    game.type("1\n")
    game.until("Radar Operator> ", 2)  # waiting for the second move
    game.proc.send_signal(sig)
    rc, out, err = game.end()
    assert (rc, err) == (code, "")
    assert out.endswith(f"Radar Operator> Game stopped: {why}. The log so far is in g.jsonl.\n")
    recs = records(tmp_path / "g.jsonl")
    assert recs[-1] == {"type": "quit"}
    assert [r["seat"] for r in recs if r["type"] == "decision"].count("radar") == 1
    game_, st, n = replay_game(recs)
    assert n == len([r for r in recs if r["type"] == "decision"]) and not st.is_over


# ---- 3. Ctrl-C while a bot moves or pauses ---------------------------------------------------------

@POSIX
def test_ctrl_c_during_a_bots_pause_stops_the_game_as_at_the_prompt(tmp_path):
    game = Piped(["play", GUFO, "--as", "radar", "--seed", "5", "--delay", "5", "--log", "g.jsonl"], tmp_path)
    game.until("(to be the Alien)")  # the Invader's first move, told before its pause
    game.proc.send_signal(signal.SIGINT)
    rc, out, err = game.end()
    assert (rc, err) == (0, "")
    assert out.endswith("\nGame stopped. The log so far is in g.jsonl.\n")
    assert records(tmp_path / "g.jsonl")[-1] == {"type": "quit"}


# ---- 4. replay --step at the end of its input ----------------------------------------------------

@pytest.fixture(scope="module")
def gufo_log(tmp_path_factory) -> Path:
    log = tmp_path_factory.mktemp("replay") / "g.jsonl"
    assert CliRunner().invoke(cli, ["run", GUFO, "--seed", "5", "--log", str(log)]).exit_code == 0
    return log


@POSIX
def test_replay_step_with_stdin_closed_is_a_usage_error(gufo_log):
    done = subprocess.run([sys.executable, "-m", "ruleforge", "replay", str(gufo_log), "--step"], env=env(),
                          capture_output=True, text=True, preexec_fn=lambda: os.close(0), timeout=60)
    assert done.returncode == 2
    assert done.stderr == "Error: standard input is closed: --step waits for Enter on it, so the replay stopped\n"
    assert done.stdout.endswith("  (Enter for the next step)\n")


@pytest.mark.parametrize("typed", ["", "\n\n", "\n\nabc"])
def test_replay_step_stops_at_the_end_of_its_input_as_play_does(gufo_log, typed):
    result = CliRunner().invoke(cli, ["replay", str(gufo_log), "--step"], input=typed)
    assert result.exit_code == 0 and result.exception is None
    steps = result.output.split("  (Enter for the next step)\n")
    assert len(steps) == typed.count("\n") + 2  # each step's prompt on a line of its own in a pipe
    assert steps[-1] == "Replay stopped.\n"


# ---- 5 and 10. line editing at a terminal; a line without its Enter ---------------------------

@POSIX
def test_the_prompt_edits_lines_at_a_terminal_and_ctrl_d_after_text_plays_nothing(tmp_path):
    term = Terminal(["play", GUFO, "--as", "radar", "--seed", "5", "--delay", "0", "--log", "g.jsonl"], tmp_path)
    term.until("Radar Operator> ")
    term.keys("can j 5" + "\x1b[D" * 7 + "s\r")  # the arrows move back to put the s in front
    term.until("Radar Operator> ", 2)
    term.keys("12\x04")  # Ctrl-D after text: no move, no stop
    term.read(1)
    assert term.text.count("Radar Operator> ") == 2 and term.proc.poll() is None
    term.keys("\x15quit\r")  # Ctrl-U wipes the line
    assert term.end() == 0
    assert "Game stopped." in term.text and "no action matches" not in term.text
    radar = [r["action"] for r in records(tmp_path / "g.jsonl") if r["type"] == "decision" and r["seat"] == "radar"]
    assert radar == ["scan(card=J♥, altitude=5)"]


@POSIX
def test_at_a_hot_seat_the_up_arrow_does_not_bring_back_the_last_persons_move(tmp_path):
    term = Terminal(["play", GUFO, "--as", "radar,invader", "--seed", "5", "--delay", "0"], tmp_path)
    term.until("Press Enter when only they can see it.")
    term.keys("\r")
    for count in range(1, 30):  # the Invader's moves, each typed, until the hand-over
        term.until("Invader> ", count)
        term.keys("2\r")  # (stop, in his turn: a short one)
        term.read(0.5)
        if term.text.count("Pass the screen to the Radar Operator.") == 1:
            break
    term.keys("\r")
    term.until("Radar Operator> ")
    term.keys("\x1b[A\r")  # Up: no line to bring back
    term.until("type the number of an action (help explains the screen)")
    term.keys("quit\r")
    assert term.end() == 0


def test_a_last_line_without_its_enter_is_not_played(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "12")
    assert result.exit_code == 0
    assert out.endswith(f"Radar Operator> '12' is not played: the input ended before its Enter\n"
                        f"Game stopped. The log so far is in {log}.\n")
    assert not [r for r in records(log) if r["type"] == "decision" and r["seat"] == "radar"]


# ---- 6. --delay: each bot's move told before its pause -------------------------------------------

def test_each_bots_move_is_on_the_screen_before_its_pause(monkeypatch):
    game = ruleforge.load(GUFO)
    console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
    shown_at_pauses = []
    monkeypatch.setattr(terminal.time, "sleep", lambda s: shown_at_pauses.append(console.export_text(clear=False)))

    def read(prompt):
        raise Quit()
    tg = TerminalGame(game, 5, [1], parse_agents(None, game), console, read, 0.5, None)
    with pytest.raises(Quit):
        tg.run()
    assert len(shown_at_pauses) >= 3
    assert shown_at_pauses[0].splitlines()[0] == "  ▸ Invader chooses a card (to be the Alien)"
    for before, after in zip(shown_at_pauses, shown_at_pauses[1:]):
        assert after.startswith(before) and len(after) > len(before)  # one more move at each pause
    # and the screen of the decision tells them again, with the rest
    assert "Since your last move" in console.export_text()


def test_delay_that_is_no_number_says_what_delay_is(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", GUFO, "--delay", "abc"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "Error: Invalid value for '--delay': 'abc' is not a number of seconds (0 to 10): --delay is the pause "
        "after each bot's move, such as --delay 1.5")


# ---- 7. an 80 x 24 terminal -------------------------------------------------------------------------

def test_on_80_by_24_the_story_keeps_its_last_lines_and_the_screen_says_it_overflows():
    game = ruleforge.load(GUFO)
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    screens, moves = [], iter(["5", "quit"])

    def read(prompt):
        console.print(prompt, end="")
        screens.append(console.export_text(clear=True))
        return next(moves)
    tg = TerminalGame(game, 5, [1], parse_agents(None, game), console, read, 0, None, height=24)
    with pytest.raises(Quit):
        tg.run()
    second = screens[1].splitlines()
    assert second[:6] == [
        "╭─ Since your last move ───────────────────────────────────────────────────────╮",
        "│     9♦: the invasion deck → the revealed cards                               │",
        "│     — the descent busts                                                      │",
        "│     7♦, 9♠, 9♦: the revealed cards → removed from the game                   │",
        "│   Radar Operator's turn                                                      │",
        "╰─ 9 earlier lines: type log ──────────────────────────────────────────────────╯"]
    assert second[6] == "gUFO · turn 4 · you are the Radar Operator"
    assert second[-2:] == ["(this screen takes 40 lines, the terminal 24: scroll up for its top)", "Radar Operator> "]
    assert len(second) == 40
    for text in screens:  # the first screen too: its story is cut the same way
        assert re.search(r"╰─ \d+ earlier lines: type log ─", text)


# ---- 8 and 9. flags that were silently ignored; seats beyond the default player count ----------

@pytest.mark.parametrize("args, message", [
    ([GUFO, "--as", "radar", "--agents", "radar=ismcts:50"],
     "Invalid value for '--agents': the Radar Operator is played by a person here, not a bot: --agents names the "
     "bots' seats"),
    ([GUFO, "--as", "radar", "--agents", "2=greedy"],
     "Invalid value for '--agents': the Radar Operator is played by a person here, not a bot: --agents names the "
     "bots' seats"),
    ([GUFO, "--as", "radar,invader", "--agents", "greedy"],
     "Invalid value for '--agents': every seat is played by a person here: there is no bot for --agents 'greedy' "
     "to choose"),
    ([GUFO, "--as", "radar", "--agents", "invader=greedy,invader=random"],
     "Invalid value for '--agents': the Invader is given two bots ('invader=greedy' and 'invader=random'): name "
     "each seat once"),
    ([GUFO, "--as", ""], "Invalid value for '--as': '' names no seat: give a role or a seat number, such as --as invader"),
    ([GUFO, "--log", "-"], "Invalid value for '--log': '-' is no file: standard output is the game's screen, so the "
                           "log goes to a file, such as --log game.jsonl"),
    ([UFOLOGY, "--humans", "3"], "Invalid value for '--humans': this game takes 2 to 6 players, and 2 play unless "
                                 "--players says more: add --players 3 (or more)"),
    ([UFOLOGY, "--as", "4"], "Invalid value for '--as': no seat 4: this game takes 2 to 6 players, and 2 play unless "
                             "--players says more: add --players 4 (or more)"),
    ([UFOLOGY, "--humans", "9"], "Invalid value for '--humans': this game takes 2 to 6 players"),
    ([UFOLOGY, "--players", "3", "--humans", "4"], "Invalid value for '--humans': this game has 3 seats"),
])
def test_flags_that_did_nothing_are_usage_errors(args, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(["play", *args])
    out, err = capsys.readouterr()
    assert (exc.value.code, out) == (2, "")
    assert err.splitlines()[-1] == f"Error: {message}"
    assert not (tmp_path / "-").exists()


# ---- 11. a closed output pipe ------------------------------------------------------------------------

@POSIX
def test_play_ends_with_141_when_its_output_pipe_closes(tmp_path):
    game = Piped(["play", GUFO, "--as", "radar", "--seed", "5", "--delay", "0", "--log", "g.jsonl"], tmp_path)
    game.until("you play: Radar Operator")
    game.proc.stdout.close()  # `| head -1`
    game.proc.stdin.write(b"1\n" * 400)
    game.proc.stdin.close()
    assert game.proc.wait(timeout=60) == 141
    assert game.proc.stderr.read() == b""
    assert records(tmp_path / "g.jsonl")[-1] == {"type": "quit"}


def test_a_seat_is_named_with_one_article():
    # Hold'em's roles are titled 'the button' and 'the big blind': play said
    # 'you are the the button' and 'Pass the screen to the the big blind.', and a game
    # without roles 'Pass the screen to the player 2.'
    from ruleforge.drivers.table import the_seat
    root = Path(__file__).resolve().parents[1]
    holdem = ruleforge.load(root / "examples" / "holdem.rules")
    gufo = ruleforge.load(root / "games" / "gufo.rules")
    eights = ruleforge.load(root / "examples" / "crazy_eights.rules", players=3)
    assert [the_seat(holdem, s) for s in range(2)] == ["the button", "the big blind"]
    assert [the_seat(gufo, s) for s in range(2)] == ["the Invader", "the Radar Operator"]
    assert [the_seat(eights, s) for s in range(3)] == ["player 1", "player 2", "player 3"]
    out = subprocess.run([sys.executable, "-m", "ruleforge", "play", str(root / "examples" / "holdem.rules"),
                          "--as", "1,2", "--seed", "1", "--delay", "0"], input="quit\n", capture_output=True,
                         text=True, timeout=120).stdout
    assert "Pass the screen to the button." in out and "the the" not in out


def test_a_decision_of_setup_is_headed_setup_not_round_0():
    # the Invader chooses the Alien before round 1: the screen said 'round 0'
    out = subprocess.run([sys.executable, "-m", "ruleforge", "play", str(ROOT / "games" / "gufo.rules"), "--as",
                          "invader", "--seed", "3", "--delay", "0"], input="1\nquit\n", capture_output=True,
                         text=True, timeout=120).stdout
    heads = [line for line in out.splitlines() if "· you are the Invader" in line]
    assert heads[:2] == ["gUFO · setup · you are the Invader", "gUFO · turn 1 · you are the Invader"]
