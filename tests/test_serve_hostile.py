"""`ruleforge serve` against hostile pages and hostile timing: a binary message, a page
that sends without reading, two pages of one hot seat, and the server stopped by SIGTERM
while it starts or while a bot searches. The protocol's ordinary refusals are in
test_serve.py."""

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
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from test_serve import GUFO, HIDDEN_BOMB, TestClient, fingerprint, hello, make, token, until

import ruleforge
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


