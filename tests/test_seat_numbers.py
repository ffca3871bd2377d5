"""One seat numbering for everything a user reads: from 1, on screen, in CSV, in JSON
results and in logs. The Python API counts from 0 (docs/api.md)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import ruleforge
from ruleforge.drivers.play import play_game
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.replay import replay_game

ROOT = Path(__file__).parents[1]
GUFO = ROOT / "games" / "gufo.rules"
UFOLOGY = ROOT / "games" / "ufology.rules"


def test_json_outcomes_count_seats_from_1_like_the_summary_and_the_csv(ruleforge_cmd, tmp_path):
    for f, players in ((GUFO, 2), (UFOLOGY, 3)):
        js, cs = tmp_path / "r.json", tmp_path / "r.csv"
        for out in (js, cs):
            ran = ruleforge_cmd("run", f, "--games", 30, "--seed", 4, "--jobs", 1, "--players", players, "--out", out)
            assert ran.code == 0, ran.err
        doc = json.loads(js.read_text())
        names = {s["seat"]: s["name"] for s in doc["seats"]}
        assert sorted(names) == list(range(1, players + 1))
        rows = list(csv.DictReader(cs.open(encoding="utf-8")))
        assert [";".join(names[w] for w in o["winners"]) for o in doc["outcomes"]] == [r["winners"] for r in rows]
        # a shared win's names split back apart, "player 1" and all (they were joined by spaces)
        shared = [r["winners"].split(";") for r in rows if ";" in r["winners"]]
        assert players == 2 or (shared and all(set(w) <= set(names.values()) and len(w) > 1 for w in shared))
        wins = {s["seat"]: s["wins"] for s in doc["seats"]}
        assert all(wins[n] == sum(o["winners"] == [n] for o in doc["outcomes"]) for n in names)


def test_the_api_counts_seats_from_0():
    game = ruleforge.load(GUFO)
    st = game.new(1)
    assert game.seat("invader") == 0 and game.seat("radar") == 1 and st.current_player == 0
    while not st.is_over:
        st.apply(st.legal_actions()[-1])
    assert all(0 <= s < 2 for s in st.result.winners)


def test_log_decisions_count_seats_from_1(ruleforge_cmd, tmp_path):
    log = tmp_path / "g.jsonl"
    assert ruleforge_cmd("run", GUFO, "--seed", 2, "--log", log).code == 0
    recs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert recs[0]["seats_from"] == 1 and recs[0]["seats"] == ["invader", "radar"]
    decisions = [r for r in recs if r["type"] == "decision"]
    assert decisions[0]["player"] == 1 and decisions[0]["seat"] == "invader"  # the Invader sets the Alien first
    assert all(r["seat"] == recs[0]["seats"][r["player"] - 1] for r in decisions)
    assert ruleforge_cmd("replay", log).code == 0


def test_a_log_written_before_seats_from_still_replays():
    game = ruleforge.load(GUFO)
    log: list = []
    play_game(game, 5, parse_agents(None, game), None, log)
    old = [dict(r) for r in log]
    del old[0]["seats_from"]
    for r in old:
        if r["type"] == "decision":
            r["player"] -= 1  # as logs counted then
    _, st, n = replay_game(old)
    assert st.is_over and n == sum(r["type"] == "decision" for r in old)
