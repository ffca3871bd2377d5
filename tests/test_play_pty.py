"""Hot seat through a real pseudo-terminal (issue 12): what each person at the screen sees.

`ruleforge play` runs on a 120x40 pseudo-terminal (python's pty module) and is answered
as people would, line by line when it waits: Enter at a hand-over, a number at a prompt
(at random among the menu's). Everything it wrote is cut where it wiped the screen and
its scrollback (ESC[H ESC[2J ESC[3J): a piece between two wipes is all that one person
could see or scroll back to. Independently of the view code, the game's log is replayed
with the engine's API, and after every decision it says which cards each seat knows.

Checked: a wipe before and after every hand-over, and at the end; each person's pieces
name only cards that person knew by then; each decision's screen fits 40 lines; the end
screen names only cards every person knew at the end (the rules reveal gUFO's Alien to
all at the end, so it is named there); the seed appears only after the game ends.
"""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.table import the_seat

ROOT = Path(__file__).parents[1]
WIPE = "\x1b[H\x1b[2J\x1b[3J"
HAND_OVER = "Press Enter when only they can see it."
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def run_in_pty(args: list[str], titles: list[str], seed: int, cols: int = 120, rows: int = 40,
               timeout: float = 120) -> str:
    """Run `ruleforge ARGS` on a pseudo-terminal of cols x rows; answer every wait for a
    line (a hand-over: Enter; a prompt: a number from the menu on screen). All it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", *args], stdin=slave, stdout=slave, stderr=slave,
                            cwd=ROOT, env=env, start_new_session=True)
    os.close(slave)
    waits = re.compile("|".join([re.escape(HAND_OVER)] + [re.escape(t) + "> " for t in titles]))
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    text, shown, searched, rng = "", "", 0, random.Random(seed)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 1 << 16)
                except OSError:  # EIO: the program ended and closed the terminal
                    break
                if not chunk:
                    break
                text += decoder.decode(chunk)
                shown = ANSI.sub("", text)  # (colours may split a prompt: "player \x1b[1m1\x1b[0m> ")
            found = waits.search(shown, searched)
            if found:
                screen, searched = shown[searched:found.start()], found.end()
                if found.group() == HAND_OVER:
                    os.write(master, b"\r")
                else:
                    # (the menu's numbers: "[12] 7" grouped, or "  12. ..." one a line)
                    numbers = [int(a or b) for a, b in re.findall(r"\[(\d+)\]|^ +(\d+)\. ", screen, re.M)]
                    os.write(master, f"{rng.randint(1, max(numbers))}\r".encode())
            elif proc.poll() is not None and not ready:
                break
        else:
            raise AssertionError("the game did not end in time:\n" + ANSI.sub("", text)[-3000:])
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert proc.returncode == 0, ANSI.sub("", text)[-3000:]
    return text + decoder.decode(b"", final=True)


def knowledge(recs: list[dict]):
    """Per seat, the cards it knew before each decision and at the end (cumulative),
    from the engine's `knows` while the log's decisions are replayed; and the seats."""
    start = recs[0]
    game = ruleforge.load(start["rules"], players=start["players"], **start["params"])
    st = game.new(start["seed"])
    names = [c.name for c in game.cards]

    def known(p):  # by its name, and by the name a seat's screen gives it (a copy's, without its number)
        return {x for c, n in enumerate(names) if st.knows(p, n) for x in (n, game.seen_names[c])}
    seen = [known(p) for p in range(game.nplayers)]
    before, movers = [], []
    first_seat = start.get("seats_from", 0)  # a log names seats from 1 (docs/testing.md)
    for d in (r for r in recs if r["type"] == "decision"):
        before.append([set(s) for s in seen])
        # a decision with one legal action is taken for its person, with no screen and no
        # hand-over: it is in no run
        movers.append(d["player"] - first_seat if d["legal"] > 1 else None)
        action = st.legal_actions()[d["choice"]]
        assert str(action) == d["action"]
        st.apply(action)
        for p in range(game.nplayers):
            seen[p] |= known(p)
    assert st.is_over
    return game, before, movers, seen


def card_pattern(game) -> re.Pattern:
    # (a seat's screen names a copy without its number, "Lights in the Sky")
    names = sorted({c.name for c in game.cards} | set(game.seen_names), key=len, reverse=True)
    return re.compile(r"(?<![\w♥♦♣♠])(" + "|".join(map(re.escape, names)) + r")(?![\w♥♦♣♠(])")


CASES = [("games/gufo.rules", ["--as", "radar,invader"], 1008), ("games/gufo.rules", ["--as", "invader,radar"], 1025),
         ("games/ufology.rules", ["--players", "4", "--humans", "4"], 1000)]


@pytest.mark.parametrize("rules, flags, seed", CASES, ids=[f"{Path(r).stem}-{s}" for r, _, s in CASES])
def test_hot_seat_in_a_real_terminal_shows_each_person_only_their_own(rules, flags, seed, tmp_path):
    log = tmp_path / "g.jsonl"
    game0 = ruleforge.load(str(ROOT / rules), players=int(flags[1]) if flags[0] == "--players" else None)
    raw = run_in_pty(["play", rules, *flags, "--seed", str(seed), "--delay", "0", "--log", str(log)],
                     game0.seat_titles, seed)
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    game, before, movers, at_end = knowledge(recs)
    pattern = card_pattern(game)
    pieces = raw.split(WIPE)
    # The runs of decisions by one person: a hand-over between two runs, none inside one.
    runs: list[list[int]] = []
    for j, p in enumerate(movers):
        if p is None:
            continue
        if runs and movers[runs[-1][0]] == p:
            runs[-1].append(j)
        else:
            runs.append([j])
    assert len(runs) >= 4
    # Wipes: after the first hand-over's Enter (before it, only the banner has been shown),
    # then two per hand-over (before it and after Enter), one at the end.
    assert raw.count(WIPE) == 1 + 2 * (len(runs) - 1) + 1
    assert raw.count("\x1b[2J") == raw.count("\x1b[3J") == raw.count(WIPE)
    assert len(pieces) == 2 * len(runs) + 1
    first, screens, hand_overs, end = pieces[0], pieces[1::2], pieces[2:-1:2], pieces[-1]
    # The first person's secrets wait for them too: the first piece is the banner and a hand-over.
    plain = ANSI.sub("", first)
    assert f"Pass the screen to {the_seat(game, movers[runs[0][0]])}." in plain
    assert not pattern.findall(plain) and str(seed) not in plain and "> " not in plain
    for k, (run, screen) in enumerate(zip(runs, screens)):
        seat = movers[run[0]]
        title = game.seat_titles[seat]
        plain = ANSI.sub("", screen)
        assert plain.count(f"{title}> ") == len(run)  # this person's decisions, and only theirs
        others = [t for t in game.seat_titles if t != title]
        assert not any(re.search(rf"(?<![\w ]){re.escape(t)}> ", plain) for t in others)
        assert HAND_OVER not in plain
        named = set(pattern.findall(plain))
        allowed = before[run[-1]][seat]
        assert named <= allowed, (k, title, sorted(named - allowed))
        # Each decision's screen (from the line typed before it to its prompt) fits 40 lines.
        shown = re.split(rf"{re.escape(title)}> [^\r\n]*\r\n", plain)[:-1]
        for one in shown:
            assert one.count("\n") <= 39, one
        assert str(seed) not in plain
    for k, piece in enumerate(hand_overs):
        plain = ANSI.sub("", piece)
        assert f"Pass the screen to {the_seat(game, movers[runs[k + 1][0]])}." in plain
        assert not pattern.findall(plain) and str(seed) not in plain
    # The end: only what every person knew at the end, then the result and the seed.
    plain = ANSI.sub("", end)
    named = set(pattern.findall(plain.split("Game over:")[0]))
    shared = set.intersection(*at_end)
    assert named <= shared, sorted(named - shared)
    assert "Game over:" in plain and f"--seed {seed}" in plain.split("Game over:")[1]
    assert "Since your last move" not in plain
    if "gufo" in rules:
        alien = recs[[r["type"] for r in recs].index("decision")]["action"]
        assert f"revealed: {alien} in the Alien" in plain  # the rules reveal it to all at the end
    # The check has teeth: each person held cards the other did not know.
    assert any(before[j][movers[j]] - before[j][q] for j in range(len(movers)) if movers[j] is not None
               for q in range(game.nplayers))
