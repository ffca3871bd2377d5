"""`ruleforge serve` against hostile pages and hostile timing: a binary message, a page
that sends without reading, two pages of one hot seat, and the server stopped by SIGTERM
while it starts or while a bot searches, or by SIGHUP. The protocol's ordinary refusals
are in test_serve.py."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.websockets import WebSocketDisconnect

from test_serve import GUFO, HIDDEN_ERROR, TestClient, bomb_table, fingerprint, hello, make, mine_or_over, token, until

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.serve.app import Server
from ruleforge.drivers.serve.table import Table

ROOT = Path(__file__).parents[1]
HELLO = '{"type": "hello", "token": TOKEN or null}'


# ---- a binary message

def test_a_binary_message_is_refused_not_a_traceback():
    """A page sends text; a binary frame made Starlette's receive_text raise a KeyError:
    a traceback in the server's output, and the connection dropped without a close."""
    game, table, log, server = make(GUFO, 5, [0, 1])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws:
            ws.send_bytes(b'{"type": "hello", "token": null}')
            assert ws.receive_json() == {"type": "error", "message": "a message is text, one JSON object: this one "
                                                                     f"was binary; the first is {HELLO}"}
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        with client.websocket_connect("/ws") as ws:
            hello(ws, token(table, 0))
            until(ws, lambda m: m["type"] == "state")
            before = fingerprint(table)
            ws.send_bytes(json.dumps({"type": "act", "n": 0, "id": 0}).encode())
            assert ws.receive_json() == {"type": "refused",
                                         "message": "a message is text, one JSON object: this one was binary"}
            assert ws.receive_json()["type"] == "state"  # brought up to date, and still open
            assert fingerprint(table) == before
            ws.send_json({"type": "act", "n": 0, "id": 0})
            assert until(ws, lambda m: m["type"] == "state")["n"] == 1


# ---- a page that sends and never reads

def _raw_socket(port: int) -> socket.socket:
    """A WebSocket opened by hand, whose answers are never read (a client library would
    read them into its own memory)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # (a byte at a time: nothing after the handshake is read)
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def _frame(text: str) -> bytes:
    """A short text frame, masked as a client's must be."""
    data, mask = text.encode(), os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's memory from /proc")
def test_a_page_that_sends_without_reading_does_not_grow_the_server():
    """Each refused message queued a refusal and a whole state for the page, read or not:
    40,000 one-byte messages that the page never read the answers of grew the server by
    hundreds of megabytes, and once the page went, it logged `socket.send() raised
    exception.` for each answer still queued. Now the server reads a page's next message
    only once its answers to the last are sent."""
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", GUFO, "--as", "radar", "--seed", "5",
                             "--delay", "0", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))
        seat_token = proc.stdout.readline().split("#t=")[1].strip()
        flood = _raw_socket(port)
        flood.sendall(_frame(json.dumps({"type": "hello", "token": seat_token})))
        time.sleep(0.5)
        before = _rss_mb(proc.pid)
        flood.settimeout(3)
        try:
            flood.sendall(_frame("x") * 40_000)  # (stops once the server no longer reads)
        except socket.timeout:
            pass
        time.sleep(2)
        grown = _rss_mb(proc.pid) - before
        flood.close()
        # the server still serves: a spectator's page opens at once
        from websockets.sync.client import connect
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        assert grown < 25, f"the server grew by {grown:.0f} MB"
    finally:
        out, err = _stop(proc)
    assert (proc.returncode, err) == (0, "")


@contextmanager
def _serving(*args):
    """`ruleforge serve ARGS` in a process of its own, its output piped; killed at the end
    if the test left it running (a signal it did not stop on)."""
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "serve", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def _stop(proc) -> tuple[str, str]:
    """SIGTERM, and the process's output; killed if it does not end."""
    proc.terminate()
    try:
        return proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise


# ---- two pages of one hot seat

def _play_until_handover(ws) -> dict:
    """Move (the first action) on a hot seat's page until it is handed over."""
    while True:
        msg = until(ws, lambda m: m["type"] in ("state", "handover"))
        if msg["type"] == "handover":
            return msg
        if msg["your_turn"]:
            ws.send_json({"type": "act", "n": msg["n"], "id": 0})


def test_a_hot_seat_page_being_handed_over_never_shows_a_seat_before_ready():
    """The hot seat's link in two tabs, X and Y. The Invader moves on X: X is to be handed
    to the Radar Operator. She plays on Y instead; the turn comes back to the Invader.
    X was sent the Invader's table (the Alien, her actions) on the screen just handed to
    the Radar Operator, without a hand-over, and its moves were refused (press Ready)
    with no Ready on the page. X is handed over to the Invader now."""
    game, table, log, server = make(GUFO, 5, [0, 1])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as x, client.websocket_connect("/ws") as y:
            hello(x, table.hot_token)
            hello(y, table.hot_token)
            assert until(x, lambda m: m["type"] == "handover") == {"type": "handover", "to": "the Invader"}
            x.send_json({"type": "ready"})
            assert _play_until_handover(x) == {"type": "handover", "to": "the Radar Operator"}
            until(y, lambda m: m == {"type": "handover", "to": "the Radar Operator"})
            y.send_json({"type": "ready"})
            assert _play_until_handover(y) == {"type": "handover", "to": "the Invader"}
            assert table.person_to_move() == 0
            # X, still handed over to the Radar Operator: handed to the Invader, nothing else
            assert x.receive_json() == {"type": "handover", "to": "the Invader"}
            x.send_json({"type": "act", "n": table.n, "id": 0})
            assert x.receive_json() == {"type": "refused", "message": "the screen is being handed over: press Ready first"}
            x.send_json({"type": "ready"})
            shown = x.receive_json()
            assert (shown["type"], shown["you"], shown["your_turn"]) == ("state", "Invader", True)


def test_a_rule_error_reaches_a_hot_seat_page_being_handed_over_as_a_spectators(tmp_path):
    """Player 2 holds the Bomb; X shows player 2 and is being handed to player 1 when the
    rules fail in the Bomb's rule (player 1 moved on Y). X was told the error as player 2
    may know it, naming the Bomb, on the screen handed to player 1."""
    table, server = bomb_table(tmp_path)
    hidden = HIDDEN_ERROR

    def move(ws, label):
        msg = until(ws, lambda m: m["type"] == "state" and m["your_turn"])
        ws.send_json({"type": "act", "n": msg["n"], "id": [a["label"] for a in msg["actions"]].index(label)})

    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as x, client.websocket_connect("/ws") as y:
            hello(x, table.hot_token)
            hello(y, table.hot_token)
            until(x, lambda m: m == {"type": "handover", "to": "player 1"})
            x.send_json({"type": "ready"})
            move(x, "Wait")  # x = -1
            until(x, lambda m: m == {"type": "handover", "to": "player 2"})
            x.send_json({"type": "ready"})
            move(x, "Go")    # x = 0: X shows player 2, and is handed to player 1
            until(x, lambda m: m == {"type": "handover", "to": "player 1"})
            until(y, lambda m: m == {"type": "handover", "to": "player 1"})
            y.send_json({"type": "ready"})
            move(y, "Go")    # x = 1: the ending's test reaches the Bomb's value
            assert until(y, lambda m: m["type"] == "error")["message"] == hidden
            assert until(x, lambda m: m["type"] == "error")["message"] == hidden


# ---- SIGTERM while the server starts, and while a bot searches

SLOW_SETUP = ('game "Slow"\nplayers 2\ncards: standard deck in deck\nzone deck: pile\nzone hand per player: hand\n'
              'setup:\n    repeat 15000 times:\n        shuffle deck\nturn:\n    current takes an action\n'
              'action go "Go":\n    move top of deck to hand of current\nending e "e": nobody wins when count of deck < 40\n')


def test_sigterm_while_the_server_starts_leaves_no_temporary_log(tmp_path):
    """SIGTERM after the log's temporary file was made and before the server served (here
    during a slow setup; as often while uvicorn loads) left `.g.jsonl.XXXX` behind. One
    that landed in uvicorn's import was swallowed there ('Exception ignored in:
    _get_module_lock...'): the server served on, the signal lost (this test, under load)."""
    rules = tmp_path / "slow.rules"
    rules.write_text(SLOW_SETUP, encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    with _serving(rules, "--port", "0", "--seed", "1", "--log", logs / "g.jsonl") as proc:
        deadline = time.monotonic() + 20
        while not list(logs.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert list(logs.iterdir()), "the temporary log was never made"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    assert "serving at" not in out  # (stopped while it started)
    assert (proc.returncode, err) == (128 + signal.SIGTERM, "stopped (SIGTERM)\n")
    assert list(logs.iterdir()) == []


def test_sigterm_while_a_bot_searches_stops_the_server_at_once(tmp_path):
    """The bot's search ran in asyncio's thread pool, which the process waits for as it
    ends: SIGTERM (or Ctrl-C) during a search of ismcts:20000ms stopped the server only
    once the search was over, 20 seconds later (10 minutes for ismcts:600000ms). The
    search's move, never played, is not logged."""
    from websockets.sync.client import connect
    log = tmp_path / "g.jsonl"
    with _serving(GUFO, "--as", "radar", "--seed", "1", "--agents", "ismcts:20000ms", "--delay", "0", "--port", "0",
                  "--log", log) as proc:
        port = re.search(r":(\d+) ", proc.stdout.readline()).group(1)
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:  # a page: the bot begins
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            time.sleep(1)
            start = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=60)
        took = time.monotonic() - start
    assert took < 8, f"the server took {took:.1f} s to stop"
    assert (proc.returncode, err) == (0, "")
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r["type"] for r in recs] == ["start", "setup", "quit"]
    assert recs[0]["played_by"] == ["ismcts:20000ms", "person"]


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")
def test_sighup_stops_the_server_as_sigterm_does(tmp_path):
    """SIGHUP (the terminal closed) raised the command's Stopped wherever the server was:
    here in a page's connection, where asyncio took it for that connection's error (a
    traceback in the server's output) and the server served on, its log never written
    (elsewhere: 'Exception in ASGI application', exit code 129). It stops the server as
    SIGTERM does now."""
    from websockets.sync.client import connect
    log = tmp_path / "g.jsonl"
    with _serving(GUFO, "--as", "radar", "--seed", "1", "--port", "0", "--log", log) as proc:
        port = re.search(r":(\d+) ", proc.stdout.readline()).group(1)
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            proc.send_signal(signal.SIGHUP)
            out, err = proc.communicate(timeout=20)
    assert (proc.returncode, err) == (0, "")
    assert out.splitlines()[-2] == f"log written to {log}"
    assert [json.loads(line)["type"] for line in log.read_text(encoding="utf-8").splitlines()] == \
        ["start", "setup", "quit"]


BOT_BOOM = '''game "Bot boom"
players 2
role one "One"
role two "Two"
cards: standard deck in deck
zone deck: pile
counter x = 0
turn:
    current takes an action
action go "Go":
    increase x by 1
action boom "Boom" by two:
    increase x by 10 / (x - x)
ending e "e": nobody wins when x > 5
heuristic of p: x
'''


def test_a_rule_error_met_in_a_bots_search_is_logged(tmp_path):
    """The greedy bot looks ahead at Boom, and the rules fail there: the game stops, as
    `play`'s does, but the log ended on the last decision, neither the error nor `quit`."""
    path = tmp_path / "boom.rules"
    path.write_text(BOT_BOOM, encoding="utf-8")
    game = ruleforge.load(str(path))
    log: list = []
    table = Table(game, 1, [0], parse_agents("greedy", game), log)
    failures: list = []
    server = Server(table, delay=0, on_failure=failures.append)
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as ws:
            hello(ws, token(table, 0))  # (One's Go, its only action, is taken for it: then Two's search)
            told = until(ws, lambda m: m["type"] == "error")["message"]
    why = "in rule 'action boom' (line 13): division by zero"
    assert told == failures[0] == f"the game stopped: {why}"
    assert [r["type"] for r in log] == ["start", "setup", "decision", "error"]
    assert log[-1] == {"type": "error", "message": why} and table.stopped is not None


# ---- a bug in ruleforge (not a rule error) while a bot moves

class _BrokenBot:
    """A bot whose code fails: the bug stands for any of ours met as a bot decides."""
    needs_worlds = needs_view = False

    def act(self, obs, rng):
        raise KeyError("A♦")


BOT_BUG = ("the game stopped: ruleforge itself failed as Invader's bot chose its move (a bug in ruleforge, not in "
           "the rule file); the host's terminal shows where")


def test_a_bots_bug_is_told_to_the_pages_and_its_traceback_to_the_host(capfd):
    """The bot task died with its exception, unretrieved: nothing on the host's terminal,
    nothing on the pages, which waited for the bots for ever."""
    game = ruleforge.load(GUFO)
    table = Table(game, 5, [1], [_BrokenBot(), None], [])
    bugs: list = []
    server = Server(table, delay=0, on_bug=bugs.append)
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as radar, client.websocket_connect("/ws") as watcher:
            hello(radar, token(table, 1))
            assert until(radar, lambda m: m["type"] == "error") == {"type": "error", "message": BOT_BUG}
            hello(watcher, None)  # (a page opened afterwards is told at once)
            assert until(watcher, lambda m: m["type"] == "error")["message"] == BOT_BUG
            radar.send_json({"type": "act", "n": 0, "id": 0})  # and every message is refused with it
            assert radar.receive_json() == {"type": "refused", "message": BOT_BUG}
    assert bugs == [BOT_BUG]
    err = capfd.readouterr().err
    assert "Traceback (most recent call last):" in err and err.rstrip().endswith("KeyError: 'A♦'")


def test_a_bots_bug_stops_the_served_game_with_its_log_written_whole(tmp_path):
    """The same bug under `ruleforge serve --log`: the host's terminal has the traceback
    and what the pages were told; the log is written at once, cut short where the game
    stopped (as play's, after a bug), and replays."""
    from websockets.sync.client import connect
    log = tmp_path / "g.jsonl"
    code = ("import sys\nfrom ruleforge.drivers import agents\n"
            "def act(self, obs, rng):\n    raise KeyError('A♦')\n"
            "agents.RandomAgent.act = act\nfrom ruleforge.cli import main\nmain()\n")
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", GUFO, "--as", "radar", "--seed", "5", "--delay", "0",
                             "--port", "0", "--log", str(log)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = re.search(r":(\d+) ", proc.stdout.readline()).group(1)
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            while (msg := json.loads(ws.recv(timeout=10)))["type"] != "error":
                pass
            assert msg["message"] == BOT_BUG
        written = log.exists()  # (before the server stops)
    finally:
        out, err = _stop(proc)
    assert written and proc.returncode == 0
    assert "Traceback (most recent call last):" in err and "KeyError: 'A♦'" in err
    assert err.rstrip().splitlines()[-1] == f"error: {BOT_BUG}; Ctrl-C stops the server"
    assert [json.loads(line)["type"] for line in log.read_text(encoding="utf-8").splitlines()] == \
        ["start", "setup", "quit"]


def test_a_bug_met_as_a_persons_move_is_played_stops_the_game_for_every_page(monkeypatch, capfd):
    """A RuntimeError there was taken for the page's connection closing: that page was
    dropped without a word, and it reconnected to a game half moved."""
    game, table, log, server = make(GUFO, 5, [0, 1])

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(table, "_apply", broken)
    bug = ("the game stopped: ruleforge itself failed as Invader's move was played (a bug in ruleforge, not in the "
           "rule file); the host's terminal shows where")
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as invader, client.websocket_connect("/ws") as radar:
            hello(invader, token(table, 0))
            hello(radar, token(table, 1))
            invader.send_json({"type": "act", "n": until(invader, mine_or_over)["n"], "id": 0})
            for ws in (invader, radar):
                assert until(ws, lambda m: m["type"] == "error") == {"type": "error", "message": bug}
            invader.send_json({"type": "act", "n": 0, "id": 0})
            assert invader.receive_json() == {"type": "refused", "message": bug}
    assert capfd.readouterr().err.rstrip().endswith("RuntimeError: a bug")


# ---- another site's page

def _other_site(origin: str) -> str:
    return (f"this page comes from {origin}, not from this table's server: only the server's own page may open its "
            "connection (if the server is reached through a proxy, its host starts it with --origin and the address "
            "the players open, such as --origin https://games.example.org)")


def test_a_page_of_another_site_cannot_open_the_tables_connection():
    """Any site a player visited could open WebSockets to the server (the browser lets a
    page connect anywhere and sends its Origin; nothing read it) and take the 100
    spectators' places. Only the server's own page may connect now: its Origin names the
    host the request was sent to, an address or one of this machine's own names (a site's
    own name resolved to this machine, DNS rebinding, is not). A request without Origin is
    not a browser's, and is let in."""
    game, table, log, server = make(GUFO, 5, [0])
    server.guard.names = frozenset({"localhost", "vm", "vm.local"})  # (this machine's, whatever its name)
    with TestClient(server.app()) as client:
        for url, origin in [("ws://127.0.0.1:8000/ws", "http://evil.example"),
                            ("ws://127.0.0.1:8000/ws", "http://127.0.0.1:8001"),   # another port: another server
                            ("ws://127.0.0.1:8000/ws", "https://127.0.0.1:8000"),  # another scheme's port
                            ("ws://127.0.0.1:8000/ws", "null"),                    # a sandboxed frame, a file
                            ("ws://evil.example:8000/ws", "http://evil.example:8000"),  # rebound to this machine
                            ("ws://localhost:8000/ws", "http://127.0.0.1:8000/game")]:
            with client.websocket_connect(url, headers={"origin": origin}) as ws:
                ws.send_json({"type": "hello", "token": None})  # (let in, it would be welcomed)
                assert ws.receive_json() == {"type": "error", "message": _other_site(origin)}, (url, origin)
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1008
        for url, origin in [("ws://127.0.0.1:8000/ws", "http://127.0.0.1:8000"), ("ws://[::1]:8000/ws", "http://[::1]:8000"),
                            ("ws://localhost/ws", "http://LOCALHOST"), ("ws://vm:8766/ws", "http://vm:8766"),
                            ("ws://vm.local:8766/ws", "http://vm.local:8766"),
                            ("ws://192.168.1.5:8766/ws", "http://192.168.1.5:8766"), ("ws://127.0.0.1:8000/ws", None)]:
            with client.websocket_connect(url, headers={} if origin is None else {"origin": origin}) as ws:
                assert hello(ws, None)["title"] == "gUFO", (url, origin)
    assert len(server.pages) == 0


def test_a_page_refused_at_a_local_name_tells_the_host_how_to_let_it_in(capsys):
    # A player on the local network opens http://mybox.lan:8766: the page is this server's
    # own, but the name is not one the machine knows as its own (a rebound site's name would
    # look the same), so it is refused; the host is told once how to let such pages in.
    game, table, log, server = make(GUFO, 5, [0])
    server.guard.names = frozenset({"localhost", "vm", "vm.local"})
    with TestClient(server.app()) as client:
        for _ in range(2):
            with client.websocket_connect("ws://mybox.lan:8766/ws", headers={"origin": "http://mybox.lan:8766"}) as ws:
                ws.send_json({"type": "hello", "token": None})
                assert ws.receive_json() == {"type": "error", "message": _other_site("http://mybox.lan:8766")}
        with client.websocket_connect("ws://127.0.0.1:8000/ws", headers={"origin": "http://evil.example"}) as ws:
            assert ws.receive_json()["type"] == "error"  # another site's page: nothing for the host
    assert capsys.readouterr().err == (
        "note: a page opened at http://mybox.lan:8766 was refused: that name is not one of this machine's own "
        "(localhost, vm, vm.local), and a site's name made to point here could open the table too; if the players "
        "open it there, start the server again with --origin http://mybox.lan:8766\n")


def test_behind_a_proxy_the_public_origin_is_named_by_origin():
    """A proxy forwards the page's socket with the public Origin, and a Host of its own
    (or the public one): --origin names that origin, and only it is let in besides the
    server's own."""
    game, table, log, server = make(GUFO, 5, [0])
    proxied = Server(table, delay=0, origins=("https://games.example.org",))
    with TestClient(proxied.app()) as client:
        for url in ("ws://127.0.0.1:8000/ws", "ws://games.example.org/ws"):
            with client.websocket_connect(url, headers={"origin": "https://games.example.org"}) as ws:
                assert hello(ws, None)["title"] == "gUFO"
        with client.websocket_connect("ws://games.example.org/ws", headers={"origin": "http://games.example.org"}) as ws:
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["message"] == _other_site("http://games.example.org")
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
    out = CliRunner().invoke(cli, ["serve", GUFO, "--origin", "games.example.org", "--host", "256.0.0.1"])
    assert out.exit_code == 2 and ("'games.example.org' is not an origin: give the scheme and the host (and the port) "
                                   "the players open, such as https://games.example.org") in " ".join(out.output.split())


# ---- a scanner's malformed requests

def test_malformed_requests_take_one_line_of_the_hosts_terminal():
    """uvicorn wrote `WARNING:  Invalid HTTP request received.` for each: a scanner's
    thousands of requests were as many lines on the host's terminal, the links scrolled
    away. The first one is shown, saying the next are counted; the count comes at the end."""
    with _serving(GUFO, "--as", "radar", "--seed", "1", "--port", "0") as proc:
        port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))
        for request in [b"GARBAGE\r\n\r\n"] * 30 + [b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\n"
                                                    b"Connection: Upgrade\r\n\r\n"]:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(request)
                assert s.recv(64).startswith(b"HTTP/1.1 ")  # (answered: a 400, or the page for the upgrade)
        out, err = _stop(proc)
    assert (proc.returncode, err.splitlines()) == (0, [
        "WARNING:  Invalid HTTP request received. (a client's request was refused; the next ones are counted, not "
        "shown, until the server stops)",
        "warning: 31 malformed requests were refused while the server ran"])


# ---- connections that never say anything

def test_pages_that_never_say_hello_are_bounded(monkeypatch):
    """A connection is a page only once it says hello; until then it was counted nowhere,
    and each held the server's memory for 30 seconds: any number of them. At most
    MAX_GREETING wait for their hello at once (10 seconds each); the next is turned away
    before the handshake, and a page that has said hello makes room."""
    from ruleforge.drivers.serve import app
    monkeypatch.setattr(app, "MAX_GREETING", 2)
    game, table, log, server = make(GUFO, 5, [0])
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            with pytest.raises(WebSocketDisconnect) as closed:
                with client.websocket_connect("/ws") as c:
                    hello(c, None)
            assert closed.value.code == 1013
            hello(a, None)
            with client.websocket_connect("/ws") as c:  # (a has said hello: c may wait for its own)
                hello(c, token(table, 0))
                hello(b, None)
    assert app.HELLO_TIMEOUT == 10.0


_GUARDED = ("import sys\nfrom ruleforge.drivers.serve import app, guard\n"
            "guard.FIRST_REQUEST_TIMEOUT = 1.0\napp.Server.max_connections = lambda self: 4\n"
            "from ruleforge.cli import main\nmain()\n")


def test_connections_that_send_no_request_are_closed_and_bounded():
    """uvicorn times a connection out only between requests: one that never sent a request
    (or sent its headers a byte at a time) was held for ever, and thousands of them held
    the server's memory and file descriptors. Here each may take FIRST_REQUEST_TIMEOUT
    (made 1 s) to send a whole request, and connections over the bound (made 4) are closed
    as they open."""
    proc = subprocess.Popen([sys.executable, "-c", _GUARDED, "serve", GUFO, "--as", "radar", "--seed", "1", "--port",
                             "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))
        silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(4)]
        silent[1].sendall(b"GET / HTTP/1.1\r\n")  # (half a request)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as fifth:
            assert fifth.recv(64) == b""  # closed at once: over the bound
        start = time.monotonic()
        for s in silent:
            assert s.recv(64) == b""  # closed, without an answer
            s.close()
        took = time.monotonic() - start
        assert 0.3 < took < 4, took
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:  # room again
            assert page.status == 200
    finally:
        out, err = _stop(proc)
    assert (proc.returncode, err) == (0, "")


def test_a_bug_met_telling_the_pages_a_bots_move_is_told_too(monkeypatch, capfd):
    """After a bot's move the pages are brought up to date; a bug there ended the bots'
    task as silently as one in the bot."""
    game = ruleforge.load(GUFO)
    table = Table(game, 5, [1], parse_agents(None, game), [])
    server = Server(table, delay=0)
    real = table.message

    def message(seat):
        if table.n > 0:
            raise IndexError("a bug")
        return real(seat)
    monkeypatch.setattr(table, "message", message)
    with TestClient(server.app()) as client:
        with client.websocket_connect("/ws") as radar:
            hello(radar, token(table, 1))
            assert until(radar, lambda m: m["type"] == "error")["message"] == BOT_BUG
    assert capfd.readouterr().err.rstrip().endswith("IndexError: a bug")
