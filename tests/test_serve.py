"""`ruleforge serve` at the protocol level: Starlette's TestClient talks to the server's
WebSocket as a page does, fast and without a browser (the browser tests are in
test_serve_browser.py).

What a seat may know is worked out independently, as tests/test_play.py does: the
logged decisions are replayed with the engine's API, and after each one the cards the
seat knows or sees face up are added to what it has seen. Every message the server sent
to that seat after decision k may name only cards seen by then.
"""

from __future__ import annotations

import json
import random
import re
import socket
import signal
import subprocess
import urllib.request
import sys
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.agents import parse_agents

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from ruleforge.drivers.serve.app import Server  # noqa: E402
from ruleforge.drivers.serve.table import HOT, Table  # noqa: E402

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")


def make(path, seed, people, players=None, agents=None):
    game = ruleforge.load(path, players=players)
    log: list = []
    table = Table(game, seed, people, parse_agents(agents, game), log)
    return game, table, log, Server(table, delay=0)


def token(table, seat):
    return next(t for t, s in table.tokens.items() if s == seat)


def hello(ws, tok):
    ws.send_json({"type": "hello", "token": tok})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return welcome


def until(ws, test, seen=None):
    """Messages until one passes `test` (each kept in `seen`)."""
    while True:
        msg = ws.receive_json()
        if seen is not None:
            seen.append(msg)
        if test(msg):
            return msg


def mine_or_over(m):
    return m["type"] == "state" and (m["your_turn"] or m["over"] is not None)


def fingerprint(table):
    st = table.st
    return table.n, len(table.log), tuple(map(tuple, st.zones)), tuple(st.vars), tuple(st.up), tuple(st.known)


def play_one_seat(server, table, seat, rng, spectate=False):
    """A whole game with one person at `seat` choosing at random: every message it got,
    and every message a spectator's page got meanwhile."""
    got, watched = [], []
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws:
            hello(ws, token(table, seat))
            if spectate:
                spectator = client.websocket_connect("/ws").__enter__()
                hello(spectator, None)
            while True:
                msg = until(ws, mine_or_over, got)
                if msg["over"]:
                    break
                ws.send_json({"type": "act", "n": msg["n"], "id": rng.randrange(len(msg["actions"]))})
            if spectate:
                until(spectator, lambda m: m["type"] == "state" and m["over"] is not None, watched)
                spectator.__exit__(None, None, None)
    return got, watched


# ---- an independent account of what a seat has seen

def card_pattern(game) -> re.Pattern:
    # (a page names a copy without its number, "Lights in the Sky": no seat can tell copies apart)
    names = sorted({c.name for c in game.cards} | set(game.seen_names), key=len, reverse=True)
    return re.compile(r"(?<![\w♥♦♣♠])(" + "|".join(map(re.escape, names)) + r")(?![\w♥♦♣♠])")


def seen_after_each_decision(recs: list[dict], seats) -> list[set]:
    """The cards every one of `seats` knows or sees face up, after setup and after each
    decision, accumulated (all it has seen so far)."""
    start = recs[0]
    game = ruleforge.load(start["rules"], players=start["players"], **start["params"])
    st = game.new(start["seed"])
    names = [c.name for c in game.cards]

    def now():  # each card known, by its name and by the name a page gives it (a copy's, without its number)
        known = [c for c, n in enumerate(names) if all(st.knows(s, n) for s in seats)]
        return {names[c] for c in known} | {game.seen_names[c] for c in known}
    seen = now()
    union = [set(seen)]
    for d in (r for r in recs if r["type"] == "decision"):
        action = st.legal_actions()[d["choice"]]
        assert str(action) == d["action"]
        st.apply(action)
        seen |= now()
        union.append(set(seen))
    return union


STATE_FIELDS = {"type", "n", "you", "turns", "turn", "to_move", "prompt", "your_turn", "areas", "numbers", "out",
                "since", "actions", "over"}


def assert_no_leak(game, msgs, union):
    pattern = card_pattern(game)
    states = [m for m in msgs if m["type"] == "state"]
    assert states
    for m in states:
        assert set(m) == STATE_FIELDS  # never the state, the seed or another seat's actions
        if not m["your_turn"]:
            assert m["actions"] == []
        named = set(pattern.findall(json.dumps(m, ensure_ascii=False)))
        assert named <= union[m["n"]], (m["n"], sorted(named - union[m["n"]]))


@pytest.mark.parametrize("path, players, seed, seat", [(GUFO, None, 5, 1), (GUFO, None, 2, 0), (UFOLOGY, 4, 3, 0)],
                         ids=["gufo-radar", "gufo-invader", "ufology-4p"])
def test_every_message_to_a_seat_names_only_cards_it_had_seen(path, players, seed, seat):
    game, table, log, server = make(path, seed, [seat], players)
    got, watched = play_one_seat(server, table, seat, random.Random(seed), spectate=True)
    assert got[-1]["over"] is not None and table.over
    union = seen_after_each_decision(log, [seat])
    assert_no_leak(game, got, union)
    assert_no_leak(game, watched, seen_after_each_decision(log, range(game.nplayers)))
    # The check has teeth: the game holds cards this seat never saw.
    assert {c.name for c in game.cards} - union[-1]
    if path == GUFO and seat == 1:
        alien = log[2]["action"]  # the Invader's first decision: the Alien
        assert log[2]["prompt"] == "to be the Alien"
        before_end = [m for m in got if m["type"] == "state" and m["over"] is None]
        assert not [m for m in before_end if alien in json.dumps(m, ensure_ascii=False)]
        assert alien in json.dumps(got[-1], ensure_ascii=False)  # revealed at the end
    if path == UFOLOGY:
        # Another player's hand card reaches seat 1 only when seat 1 has seen it (passed to
        # it, or face up); the rest of their hands are backs.
        for m in (m for m in got if m["type"] == "state"):
            hands = [z for a in m["areas"] if a["owner"] not in (None, "player 1") for z in a["zones"]
                     if z["label"].startswith("hand of")]
            assert len(hands) == 3
            assert {c for z in hands for c in z["cards"] if c is not None} <= union[m["n"]]
            assert sum(c is None for z in hands for c in z["cards"]) > 0


def test_the_served_game_is_logged_and_replays(tmp_path):
    game, table, log, server = make(UFOLOGY, 6, [1], 4, agents="greedy")
    got, _ = play_one_seat(server, table, 1, random.Random(1))
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in log), encoding="utf-8")
    out = CliRunner().invoke(cli, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "reproduced exactly" in out.output
    assert log[-1]["type"] == "result" and len([r for r in log if r["type"] == "decision"]) == table.n


# ---- moves the server refuses

def refused(ws, table, msg, text):
    """Send `msg`; the server refuses it with exactly `text`, and nothing changes."""
    before = fingerprint(table)
    ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))
    reply = until(ws, lambda m: m["type"] in ("refused", "error"))
    assert reply == {"type": "refused", "message": text}
    state = ws.receive_json()  # the page is brought up to date
    assert state["type"] == "state" and state["n"] == table.n
    assert fingerprint(table) == before


def test_forged_stale_malformed_and_out_of_turn_moves_are_refused_and_change_nothing():
    game, table, log, server = make(GUFO, 5, [0, 1])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as invader, client.websocket_connect("/ws") as radar:
            hello(invader, token(table, 0))
            hello(radar, token(table, 1))
            first = until(invader, mine_or_over)
            assert first["n"] == 0 and first["prompt"] == "to be the Alien" and len(first["actions"]) == 3
            until(radar, lambda m: m["type"] == "state")
            # another seat's move: the Radar Operator sends the Invader's offered action
            refused(radar, table, {"type": "act", "n": 0, "id": 0}, "it is not your turn: Invader is deciding")
            # a forged action: a place the decision does not offer
            refused(invader, table, {"type": "act", "n": 0, "id": 3},
                    "there is no action 3 in this decision: choose 0 to 2")
            refused(invader, table, {"type": "act", "n": 0, "id": "A♦"}, "a move's 'id' is a whole number from 0")
            refused(invader, table, {"type": "act", "n": 0, "id": True}, "a move's 'id' is a whole number from 0")
            refused(invader, table, {"type": "act", "n": 0, "id": -1}, "a move's 'id' is a whole number from 0")
            refused(invader, table, {"type": "act", "n": 0, "id": 0, "action": "secret(A♦)"},
                    'a move is {"type": "act", "n": DECISION, "id": ACTION}; this one has the fields action, id, n, type')
            refused(invader, table, {"type": "act", "n": 5, "id": 0}, "there is no decision 5 yet: this is decision 0")
            # malformed messages
            refused(invader, table, "{not json", 'a message is one JSON object, such as {"type": "act", "n": 3, "id": 0}')
            # JSON, but not an object
            refused(invader, table, "[1, 2]", 'a message is one JSON object, such as {"type": "act", "n": 3, "id": 0}')
            refused(invader, table, '"act"', 'a message is one JSON object, such as {"type": "act", "n": 3, "id": 0}')
            refused(invader, table, {"type": "shoot"},
                    "a message's type is act (a move) or ready (a hot seat's hand-over), not 'shoot'")
            refused(invader, table, "x" * 5000, "a message of 5000 characters is too long (at most 4096)")
            refused(invader, table, {"type": "ready"}, "there is no hand-over to be ready for")
            # a move that is accepted, then the same message again: stale
            invader.send_json({"type": "act", "n": 0, "id": 1})
            after = until(invader, lambda m: m["type"] == "state" and m["n"] == 1)
            assert log[2]["action"] == "A♦" and after["your_turn"]
            refused(invader, table, {"type": "act", "n": 0, "id": 1},
                    "that move answers decision 0, which is past: this is decision 1")


def test_a_spectator_cannot_move_and_a_wrong_token_is_turned_away():
    game, table, log, server = make(GUFO, 5, [0])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as spectator:
            welcome = hello(spectator, None)
            assert welcome["you"] is None and welcome["people"] == ["Invader"]
            until(spectator, lambda m: m["type"] == "state")
            refused(spectator, table, {"type": "act", "n": 0, "id": 0},
                    "a spectator cannot move: open your seat's link to play")
        before = fingerprint(table)
        for bad in ["x" + token(table, 0), "", 7]:
            with client.websocket_connect("/ws") as ws:
                ws.send_json({"type": "hello", "token": bad})
                assert ws.receive_json() == {
                    "type": "error", "message": "this link's seat token is not known at this table: ask the host "
                                                "for your link (without a token the page is a spectator's)"}
                with pytest.raises(Exception):
                    ws.receive_json()  # closed
        from starlette.websockets import WebSocketDisconnect
        hello_first = 'the first message is {"type": "hello", "token": TOKEN or null}'
        not_json = 'a message is one JSON object, and the first is {"type": "hello", "token": TOKEN or null}'
        for first, text in [({"type": "act", "n": 0, "id": 0}, hello_first), ({"type": "ready"}, hello_first),
                            ({"type": "hello", "token": None, "seat": 1}, hello_first),
                            ("{not json", not_json), ("[1, 2]", not_json)]:
            with client.websocket_connect("/ws") as ws:
                ws.send_text(first if isinstance(first, str) else json.dumps(first))
                assert ws.receive_json() == {"type": "error", "message": text}
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1008
        assert fingerprint(table) == before


def test_a_move_after_the_end_is_refused():
    game, table, log, server = make(GUFO, 5, [1])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws:
            hello(ws, token(table, 1))
            rng = random.Random(5)
            while True:
                msg = until(ws, mine_or_over)
                if msg["over"]:
                    break
                last = {"type": "act", "n": msg["n"], "id": rng.randrange(len(msg["actions"]))}
                ws.send_json(last)
            assert msg["over"]["line"].startswith("Game over: ") and not msg["actions"]
            refused(ws, table, last, "the game is over: no more moves")
            refused(ws, table, {**last, "n": table.n}, "the game is over: no more moves")


# ---- two people, and a hot seat

def test_two_seats_see_each_others_moves():
    game, table, log, server = make(GUFO, 5, [0, 1])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as invader, client.websocket_connect("/ws") as radar:
            hello(invader, token(table, 0))
            hello(radar, token(table, 1))
            until(radar, lambda m: m["type"] == "state" and m["n"] == 0)
            until(invader, mine_or_over)
            invader.send_json({"type": "act", "n": 0, "id": 0})
            told = until(radar, lambda m: m["type"] == "state" and m["n"] == 1)
            assert "  ▸ Invader chooses a card (to be the Alien)" in told["since"]
            mine = until(invader, lambda m: m["type"] == "state" and m["n"] == 1)
            assert "  ▸ Invader chooses A♣ (to be the Alien)" in mine["since"]


def test_a_hot_seat_hands_the_screen_over_and_shows_each_person_only_their_seat():
    game, table, log, server = make(GUFO, 5, [0, 1])
    rng = random.Random(3)
    got: dict = {0: [], 1: []}
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws:
            welcome = hello(ws, table.hot_token)
            assert welcome["hot_seat"] and welcome["people"] == ["Invader", "Radar Operator"]
            shown = None
            handovers = []
            while True:
                msg = ws.receive_json()
                if msg["type"] == "handover":
                    handovers.append(msg["to"])
                    if len(handovers) == 2:  # a move before Ready is refused
                        ws.send_json({"type": "act", "n": table.n, "id": 0})
                        refused_reply = ws.receive_json()
                        assert refused_reply == {"type": "refused",
                                                 "message": "the screen is being handed over: press Ready first"}
                    ws.send_json({"type": "ready"})
                    shown = 0 if msg["to"] == "the Invader" else 1
                    continue
                if msg["type"] != "state":
                    continue
                if msg["over"]:
                    end = msg
                    break
                assert msg["you"] == game.seat_titles[shown]
                got[shown].append(msg)
                if msg["your_turn"]:
                    ws.send_json({"type": "act", "n": msg["n"], "id": rng.randrange(len(msg["actions"]))})
    assert handovers[:3] == ["the Invader", "the Radar Operator", "the Invader"]
    for seat in (0, 1):
        assert_no_leak(game, got[seat], seen_after_each_decision(log, [seat]))
    # The end is told as both people may know it: the table every seat sees.
    assert end["you"] is None and end["over"]["line"].startswith("Game over: ")
    assert_no_leak(game, [end], seen_after_each_decision(log, [0, 1]))


# ---- the command line

def test_a_hot_seat_prints_its_link_and_the_spectators_link():
    game, table, log, server = make(GUFO, 5, [0, 1])
    assert table.links("http://h:1", hot_seat=True) == [
        ("hot seat: Invader, Radar Operator", f"http://h:1/#t={table.hot_token}"), ("spectators", "http://h:1/")]


def test_serve_flag_errors_exit_2_with_a_message():
    runner = CliRunner()
    out = runner.invoke(cli, ["serve", GUFO, "--as", "pilot"])
    assert out.exit_code == 2 and "no seat or role 'pilot'" in out.output
    out = runner.invoke(cli, ["serve", GUFO, "--as", "radar", "--humans", "1"])
    assert out.exit_code == 2 and "use --as or --humans, not both" in out.output
    out = runner.invoke(cli, ["serve", GUFO, "--port", "70000"])
    assert out.exit_code == 2 and "70000 is not in the range 0<=x<=65535" in out.output
    # a bot named for a person's seat was dropped without a word, as was --agents with no bot's seat
    # (a host it cannot listen on: without the check, the command fails there rather than serving)
    nowhere = ["--host", "256.0.0.1"]
    out = runner.invoke(cli, ["serve", GUFO, "--as", "radar", "--agents", "radar=greedy", *nowhere])
    assert out.exit_code == 2 and ("the Radar Operator is played by a person here, not a bot: --agents names the "
                                   "bots' seats") in " ".join(out.output.split())
    out = runner.invoke(cli, ["serve", GUFO, "--agents", "greedy", *nowhere])
    assert out.exit_code == 2 and "every seat is played by a person here: there is no bot for --agents 'greedy'" \
        in " ".join(out.output.split())


def test_serve_prints_a_link_per_seat_and_warns_when_it_listens_everywhere(tmp_path):
    log = tmp_path / "g.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", GUFO, "--host", "0.0.0.0", "--port", "0",
                             "--seed", "1", "--log", str(log)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        warning = proc.stderr.readline()
        lines = [proc.stdout.readline() for _ in range(4)]
        port = re.search(r":(\d+) ", lines[0]).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:  # (serving, surely)
            assert page.status == 200
    finally:
        proc.terminate()  # SIGTERM: the server stops as on Ctrl-C, its log written
        out, err = proc.communicate(timeout=10)
    assert (proc.returncode, err) == (0, "")
    assert out.splitlines()[-2:] == [f"log written to {log}",
                                     f"(the same deal again: ruleforge serve {GUFO} --seed 1)"]
    assert warning.startswith("warning: --host 0.0.0.0 lets anyone who can reach this machine open the page: "
                              "spectators see only what every seat sees (no seat's secrets)")
    host = socket.gethostname()
    assert re.fullmatch(rf"gUFO: serving at http://{re.escape(host)}:\d+ \(Ctrl-C stops the server\)\n", lines[0])
    assert re.fullmatch(r"  Invader: http://\S+/#t=[A-Za-z0-9_-]{24}\n", lines[1])
    assert re.fullmatch(r"  Radar Operator: http://\S+/#t=[A-Za-z0-9_-]{24}\n", lines[2])
    assert re.fullmatch(r"  spectators: http://\S+/\n", lines[3])
    assert lines[1].split("#t=")[1] != lines[2].split("#t=")[1]
    # stopped before the end, the log so far is kept, marked cut short
    assert [json.loads(line)["type"] for line in log.read_text(encoding="utf-8").splitlines()] == \
        ["start", "setup", "quit"]


def test_the_page_is_one_file_of_each_kind_loading_nothing_from_elsewhere():
    game, table, log, server = make(GUFO, 5, [0])
    csp = "default-src 'self'; connect-src 'self' ws://testserver wss://testserver; img-src 'self' data:; " \
          "frame-ancestors 'none'"
    with TestClient(server.app()) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert page.headers["content-security-policy"].startswith("default-src 'self'; ")
        assert '<script src="/static/app.js" defer></script>' in page.text
        assert '<link rel="stylesheet" href="/static/style.css">' in page.text
        for path in ("/", "/static/app.js", "/static/style.css"):
            text = client.get(path).text
            assert not re.search(r"https?://|//cdn|innerHTML|eval\(", text), path
        assert client.get("/static/../table.py").status_code == 404
        # every answer carries the headers, not only the page (the script and style did not)
        for path in ("/", "/static/app.js", "/static/style.css", "/favicon.ico", "/nothing"):
            got = client.get(path).headers
            assert (got["content-security-policy"], got["x-content-type-options"], got["cache-control"],
                    got["referrer-policy"]) == (csp, "nosniff", "no-store", "no-referrer"), path


def test_the_pages_connections_go_to_its_own_host_only():
    """connect-src allowed WebSockets to any host (`ws: wss:`): a script injected into the
    page could have sent the seat's view anywhere. It names the page's own host now (from
    the request, as the browser asked for it), and an --origin's; a Host header that is
    not a plain host and port adds nothing to the policy."""
    game, table, log, server = make(GUFO, 5, [0])
    rest = "img-src 'self' data:; frame-ancestors 'none'"
    with TestClient(server.app()) as client:
        for host, connect in [("127.0.0.1:8000", "'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000"),
                              ("[::1]:8000", "'self' ws://[::1]:8000 wss://[::1]:8000"),
                              ("vm:8766", "'self' ws://vm:8766 wss://vm:8766"),
                              ("x; script-src *", "'self'"), ("a b", "'self'"), ("", "'self'")]:
            got = client.get("/", headers={"host": host}).headers["content-security-policy"]
            assert got == f"default-src 'self'; connect-src {connect}; {rest}", host
    game, table, log, server = make(GUFO, 5, [0])
    proxied = Server(table, delay=0, origins=("https://games.example.org",))
    with TestClient(proxied.app()) as client:
        got = client.get("/", headers={"host": "127.0.0.1:8000"}).headers["content-security-policy"]
        assert got == ("default-src 'self'; connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000 "
                       f"ws://games.example.org wss://games.example.org; {rest}")


def test_the_same_deal_line_names_who_plays_each_seat():
    """The line printed as the server stops plays the same game again: the same seats for
    people and the same bots, quoted for a shell (a bot spec may hold a space)."""
    ufology = str(Path(ROOT) / "games" / "ufology.rules")
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", ufology, "--players", "2", "--port", "0",
                             "--seed", "4", "--as", "2", "--agents", "player 1=greedy", "--delay", "5"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        port = re.search(r":(\d+) ", first).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert page.status == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert (proc.returncode, err) == (0, "")
    assert out.splitlines()[-1] == (f"(the same deal again: ruleforge serve {ufology} --seed 4 --players 2 --as 2 "
                                    "--agents 'player 1=greedy')")


def test_a_persons_decision_with_one_action_is_taken_for_them(tmp_path):
    # nothing to click: the page waited for "[1] draw" as play asked it; the log keeps the
    # decisions as play's and run's do
    from ruleforge.drivers.serve.table import Table
    rules = tmp_path / "forced.rules"
    rules.write_text('game "Forced"\nplayers 2\ncards: standard deck in deck\nzone deck: pile\n'
                     'zone hand per player: hand\nturn:\n    current takes an action\naction draw "Draw a card":\n'
                     '    move top of deck to hand of current\nending e "the deck ran out": nobody wins when '
                     'count of deck < 47\n', encoding="utf-8")
    log: list = []
    table = Table(ruleforge.load(rules), 1, [0, 1], [None, None], log)
    assert table.over
    assert [(r["player"], r["legal"], r["action"]) for r in log if r["type"] == "decision"] == [
        (1, 1, "draw"), (2, 1, "draw")] * 3
    assert log[-1]["type"] == "result"


HIDDEN_BOMB = '''game "Bomb"
players 2
attribute kind: bomb, dud
cards: listed in deck
zone deck "the deck": pile
zone hand per player: hand
counter x = 0
card "Bomb":
    kind: bomb
    value: 10 / (x - x)
card "Dud":
    kind: dud
    copies: 3
    value: 1
setup:
    move cards in deck where kind = bomb to hand of player 2
turn:
    current takes an action
action go "Go":
    increase x by 1
action wait "Wait":
    decrease x by 1
ending done "done": player 1 wins when x > 0 and sum of c.value for each c in hand of player 2 > 100
'''


HIDDEN_ERROR = ("the game stopped: the rules failed, and where and how would name a card hidden from you; the host's "
                "terminal shows where")


def bomb_table(tmp_path, **server_options) -> tuple:
    """(table, server) of HIDDEN_BOMB with people at both seats."""
    path = tmp_path / "bomb.rules"
    path.write_text(HIDDEN_BOMB, encoding="utf-8")
    game = ruleforge.load(str(path))
    table = Table(game, 1, [0, 1], parse_agents(None, game), [])
    return table, Server(table, delay=0, **server_options)


def test_an_error_in_a_hidden_cards_rule_is_not_named_to_a_seat_that_cannot_see_it(tmp_path):
    """The rules fail in the Bomb's value rule while the Bomb lies in player 2's hand:
    the error names the rule ('Bomb: value') and its line, which told player 1 (and a
    spectator) which card player 2 holds. Player 2 and the host are told it in full."""
    failures = []
    table, server = bomb_table(tmp_path, on_failure=failures.append)
    errors = {}
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two, \
                client.websocket_connect("/ws") as watcher:
            hello(one, token(table, 0))
            hello(two, token(table, 1))
            hello(watcher, None)
            msg = until(one, mine_or_over)
            one.send_json({"type": "act", "n": msg["n"], "id": 0})
            for seat, ws in ((0, one), (1, two), (None, watcher)):
                errors[seat] = until(ws, lambda m: m["type"] == "error")["message"]
    full = "the game stopped: in rule 'Bomb: value' (line 10), reached from 'ending done: when' (line 23)"
    assert failures[0].startswith(full) and "division by zero" in failures[0]
    assert errors[1] == failures[0]
    for seat in (0, None):
        assert errors[seat] == HIDDEN_ERROR
        assert "Bomb" not in errors[seat] and "line" not in errors[seat]


def test_after_the_rules_fail_every_message_is_refused_with_the_error_and_the_page_stays(tmp_path):
    """Once the game has stopped on a rule error, a page's message (a move, a Ready,
    anything) is refused with the error as that page was told it; the handler crashed
    on it (the table has no one to move), dropping the connection with no close code."""
    table, server = bomb_table(tmp_path)
    hidden = HIDDEN_ERROR
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two, \
                client.websocket_connect("/ws") as watcher, client.websocket_connect("/ws") as hot:
            hello(one, token(table, 0))
            hello(two, token(table, 1))
            hello(watcher, None)
            hello(hot, table.hot_token)
            one.send_json({"type": "act", "n": until(one, mine_or_over)["n"], "id": 0})
            told = {}
            for name, ws in (("one", one), ("two", two), ("watcher", watcher), ("hot", hot)):
                told[name] = until(ws, lambda m: m["type"] == "error")["message"]
            assert told["one"] == told["watcher"] == hidden
            assert told["two"].startswith("the game stopped: in rule 'Bomb: value' (line 10)")
            for name, ws in (("one", one), ("two", two), ("watcher", watcher), ("hot", hot)):
                for msg in ({"type": "act", "n": 0, "id": 0}, {"type": "act", "n": 1, "id": 1}, {"type": "ready"},
                            "{not json"):
                    ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))
                    # exactly the refusal, and no state after it: the next reply is the next refusal
                    assert ws.receive_json() == {"type": "refused", "message": told[name]}, (name, msg)
    assert table.n == 0


def test_a_served_game_whose_rules_fail_is_logged_to_the_error_and_replay_stops_on_it(tmp_path):
    """The log keeps the failing decision and ends on the error, as play's does, and is
    written when the game stops (it ended with 'quit' and without the decision: replay
    said it reproduced a quit game of 0 decisions)."""
    from websockets.sync.client import connect
    rules = tmp_path / "bomb.rules"
    rules.write_text(HIDDEN_BOMB, encoding="utf-8")
    log = tmp_path / "g.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", str(rules), "--as", "1", "--seed", "1",
                             "--port", "0", "--log", str(log)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = re.search(r":(\d+) ", proc.stdout.readline()).group(1)
        seat_token = proc.stdout.readline().split("#t=")[1].strip()
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": seat_token}))
            while (msg := json.loads(ws.recv(timeout=10)))["type"] != "state" or not msg["your_turn"]:
                pass
            assert [a["label"] for a in msg["actions"]] == ["Go", "Wait"]
            ws.send(json.dumps({"type": "act", "n": msg["n"], "id": 0}))
            while json.loads(ws.recv(timeout=10))["type"] != "error":
                pass
        # written with the error, before the server stops (the pages are told after it)
        written = log.exists()
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    assert written and out.splitlines()[-2] == f"log written to {log}"
    why = ("in rule 'Bomb: value' (line 10), reached from 'ending done: when' (line 23) in 'action go' (line 20): "
           "division by zero")
    assert err.splitlines()[0] == f"error: the game stopped: {why}; Ctrl-C stops the server"
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r["type"] for r in recs] == ["start", "setup", "decision", "error"]
    assert (recs[2]["player"], recs[2]["action"], recs[2]["choice"]) == (1, "go", 0)
    assert recs[3] == {"type": "error", "message": why}
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert replayed.exit_code == 1
    assert replayed.output == (f"{log}: reproduced exactly: the game, 1 decision, the same deal, and the same error "
                               f"it stopped on: {why}\n")


def test_a_served_game_whose_setup_fails_is_logged_as_started_and_stopped_on_the_error(tmp_path):
    rules = tmp_path / "setup.rules"
    rules.write_text('game "Setup fails"\nplayers 2\ncards: standard deck in deck\nzone deck: pile\ncounter x = 0\n'
                     'setup:\n    increase x by 10 / (x - x)\nturn:\n    current takes an action\n'
                     'action go "Go":\n    increase x by 1\nending done "done": player 1 wins when x > 3\n',
                     encoding="utf-8")
    log = tmp_path / "g.jsonl"
    out = CliRunner().invoke(cli, ["serve", str(rules), "--port", "0", "--seed", "1", "--log", str(log), "--as", "2",
                                   "--agents", "greedy"])
    assert out.exit_code == 1 and f"log written to {log}\n" in out.output
    why = "in rule 'setup' (line 7): division by zero"
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r["type"] for r in recs] == ["start", "error"]
    # who played each seat, as play's logs say it (play --resume reads it): it was left out
    assert recs[0]["played_by"] == ["greedy", "person"]
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--quiet"])
    assert (replayed.exit_code, replayed.output) == (
        1, f"{log}: reproduced exactly: the game, 0 decisions, the same deal, and the same error it stopped on: {why}\n")


def test_spectators_never_take_a_seats_room_and_each_seats_pages_are_bounded(monkeypatch):
    """Spectators need no token: when they and the seats shared one room of pages, enough
    spectators locked a seat's own link out. Each kind of page has its own room now."""
    from starlette.websockets import WebSocketDisconnect
    from ruleforge.drivers.serve import app
    monkeypatch.setattr(app, "MAX_SPECTATORS", 2)
    monkeypatch.setattr(app, "MAX_SEAT_PAGES", 2)
    game, table, log, server = make(GUFO, 5, [0, 1])

    def turned_away(ws, tok, text):
        ws.send_json({"type": "hello", "token": tok})
        assert ws.receive_json() == {"type": "error", "message": text}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013

    no_room = ("this table has 2 spectators' pages open already: try again later "
               "(MAX_SPECTATORS in ruleforge/drivers/serve/app.py)")
    seat_full = "this link has 2 pages open already: close one of them first (MAX_SEAT_PAGES in ruleforge/drivers/serve/app.py)"
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as s1, client.websocket_connect("/ws") as s2:
            hello(s1, None)
            hello(s2, None)
            with client.websocket_connect("/ws") as s3:
                turned_away(s3, None, no_room)
            # the spectators' room is full: a seat's link still opens, twice
            with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
                assert hello(a, token(table, 0))["you"] == "Invader"
                assert hello(b, token(table, 0))["you"] == "Invader"
                with client.websocket_connect("/ws") as c:
                    turned_away(c, token(table, 0), seat_full)
                with client.websocket_connect("/ws") as d:  # another seat's room is its own
                    assert hello(d, token(table, 1))["you"] == "Radar Operator"
                with client.websocket_connect("/ws") as h1, client.websocket_connect("/ws") as h2, \
                        client.websocket_connect("/ws") as h3:
                    assert hello(h1, table.hot_token)["hot_seat"] and hello(h2, table.hot_token)["hot_seat"]
                    turned_away(h3, table.hot_token, seat_full)
        with client.websocket_connect("/ws") as s4:  # a spectator gone, there is room again
            hello(s4, None)


def test_a_menu_of_one_action_is_named_after_it_on_the_page():
    # `p takes bid`: the page said "take an action"; what the menu offers is the rule
    # file's, so a spectator reads it too. The log keeps the engine's prompt.
    spades = str(ROOT / "examples" / "spades.rules")
    game, table, log, server = make(spades, 3, [0])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as spectator:
            hello(ws, token(table, 0))
            hello(spectator, None)
            first = until(ws, mine_or_over)
            assert (first["to_move"], first["prompt"]) == ("player 1", "Bid")
            assert until(spectator, lambda m: m["type"] == "state" and m["n"] == first["n"])["prompt"] == "Bid"
            ws.send_json({"type": "act", "n": first["n"], "id": 3})
            then = until(ws, mine_or_over)
            assert (then["to_move"], then["prompt"]) == ("player 1", "Play a card")
    assert {r["prompt"] for r in log if r["type"] == "decision"} == {"take an action"}
