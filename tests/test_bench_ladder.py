"""bench/ladder_paired.py: one seat's wins compared across ladder runs, game by game."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _games(*winners):
    return [{"winners": list(w), "error": None, "payoffs": None} for w in winners]


def _paired(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "ladder_paired.py"), *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True)


def test_runs_of_two_files_are_paired_game_by_game(tmp_path):
    a, b = tmp_path / "a.games.json", tmp_path / "b.games.json"
    a.write_text(json.dumps({"g.rules|None|7|1=x,2=y": _games([0], [1], [0], [1]),
                             "g.rules|None|7|1=y,2=y": _games([1], [1], [1], [1])}))
    b.write_text(json.dumps({"g.rules|None|7|1=z,2=y": _games([0], [0], [0], [1], [0])}))
    done = _paired(1, f"{a}=1=x,2=y", f"{b}=1=z,2=y")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "1=x,2=y: seat 1 wins 2/4 = 50.0% [15.0, 85.0]",
        "1=z,2=y: seat 1 wins 4/5 = 80.0% [37.6, 96.4]",
        # games 1-4 of each: 0, +1, 0, 0 (the fifth has no partner): mean 0.25, sd 0.5, t with 3
        # degrees of freedom 3.1824; no difference of rates passes +100 points
        "1=z,2=y against 1=x,2=y, the first 4 games of each: +25.0 points [-54.6, +100.0] not significant",
    ]


def test_runs_kept_under_older_defaults_are_read_as_they_were_played(tmp_path):
    """A file of 2026-12-01 (ISMCTS then looked 6 choices ahead) read today: its runs are
    compared as played, not refused because today's default differs (docs/agents.md's
    paired commands read such files)."""
    old = tmp_path / "old.games.json"
    old.write_text(json.dumps({"g.rules|None|7|1=ismcts:1000,2=ismcts:1000": _games([0], [0]),
                               "g.rules|None|7|1=ismcts:5000,2=ismcts:1000": _games([0], [1])}))
    done = _paired(1, f"{old}=1=ismcts:1000,2=ismcts:1000", f"{old}=1=ismcts:5000,2=ismcts:1000")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["1=ismcts:1000,2=ismcts:1000: seat 1 wins 2/2 = 100.0% [34.2, 100.0]",
                                            "1=ismcts:5000,2=ismcts:1000: seat 1 wins 1/2 = 50.0% [9.5, 90.5]"]


def test_a_run_that_is_not_there_or_dealt_otherwise_is_refused(tmp_path):
    a = tmp_path / "a.games.json"
    a.write_text(json.dumps({"g.rules|None|7|1=x,2=y": _games([0]), "g.rules|None|8|1=z,2=y": _games([0])}))
    done = _paired(1, f"{a}=1=q,2=y")
    assert done.returncode == 2 and "has no run with agents 1=q,2=y (it has: 1=x,2=y; 1=z,2=y)" in done.stderr
    done = _paired(1, f"{a}=1=x,2=y", f"{a}=1=z,2=y")
    assert done.returncode == 2 and "not dealt alike" in done.stderr
    done = _paired(1, f"{tmp_path / 'none.json'}=1=x,2=y")
    assert done.returncode == 2 and "no such file" in done.stderr


def test_the_ladder_says_which_way_a_significant_difference_goes():
    import importlib.util
    spec = importlib.util.spec_from_file_location("ladder_bench", ROOT / "bench" / "ladder.py")
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    # gUFO's ismcts:5000 Invader against ismcts:1000, 400 paired games: -8.2 [-11.3, -5.2]
    assert ladder.verdict(-0.113, -0.052, 0.0) == "significantly worse"
    assert ladder.verdict(0.012, 0.143, 0.0) == "significantly better"
    assert ladder.verdict(-0.011, 0.051, 0.0) == "NOT significant"
    # a share of the wins against a fair 25%: UFO*logy's ismcts:5000, 240 games
    assert ladder.verdict(0.2118, 0.3167, 0.25) == "NOT significant"
    assert ladder.verdict(0.257, 0.370, 0.25) == "significantly better"


def test_the_ladder_plays_its_runs_in_turns_of_a_block(monkeypatch):
    # A measurement cut short (a session's end) must leave every seat with about as many
    # games: before, seat 1 played all its games before seat 2 began.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import ladder
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from types import SimpleNamespace
    calls = []

    def run_games(spec, upto, jobs, first=0):
        calls.append((spec.agents, first, upto))
        return [SimpleNamespace(winners=(0,), error=None, payoffs=None) for _ in range(first, upto)]
    monkeypatch.setattr(ladder, "run_games", run_games)
    ladder.measure_pair(str(ROOT / "examples" / "war.rules"), None, "random", "greedy", 45, 1, 7, False,
                        lambda text: None)
    assert calls == [("1=greedy,2=random", 0, 20), ("1=random,2=greedy", 0, 20),
                     ("1=greedy,2=random", 20, 40), ("1=random,2=greedy", 20, 40),
                     ("1=greedy,2=random", 40, 45), ("1=random,2=greedy", 40, 45)]
    calls.clear()
    ladder.measure_pair(str(ROOT / "examples" / "war.rules"), None, "random", "greedy", 5, 2, 7, False,
                        lambda text: None, block=2)
    assert calls == [("1=greedy,2=random", 0, 2), ("1=random,2=greedy", 0, 2),
                     ("1=greedy,2=random", 2, 4), ("1=random,2=greedy", 2, 4),
                     ("1=greedy,2=random", 4, 5), ("1=random,2=greedy", 4, 5)]


def test_a_run_that_leans_on_a_changed_default_is_not_carried_on(tmp_path):
    # ISMCTS's playouts looked 6 choices ahead until 2026-12-03, 20 since: `ismcts:200`
    # in a checkpoint written before means the old agent, and games of the new one must
    # not be added to its games.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import ladder
    finally:
        sys.path.remove(str(ROOT / "bench"))
    old = tmp_path / "old.games.json"
    old.write_text(json.dumps({"g.rules|4|7|1=ismcts:200,2=greedy": _games([0]),
                               "g.rules|4|7|1=ismcts:200:depth=20,2=greedy": _games([1])}))
    ck = ladder.Checkpoint(str(old))
    assert ck.defaults == {"depth": 6, "sample": "all", "reward": "rank", "horizon": "leaf"}
    assert [o.winners for o in ck.outcomes("g.rules|4|7|1=ismcts:200:depth=20,2=greedy")] == [(1,)]
    with pytest.raises(SystemExit) as e:
        ck.outcomes("g.rules|4|7|1=ismcts:200,2=greedy")
    assert "written when ISMCTS's defaults were depth=6 (today depth=20), and " \
           "1=ismcts:200,2=greedy leaves them to the default" in str(e.value)
    with pytest.raises(SystemExit):
        ck.outcomes("g.rules|4|7|2=greedy,1=ismcts:200:sample=2")  # depth is still left to the default
    # (outside measure_pair no rungs are known: the seats' specs are written out)
    assert "write the options out, --rungs 1=ismcts:200:depth=6:horizon=leaf:reward=rank:sample=all,2=greedy," in str(e.value)
    # measuring a pair, the message gives --rungs as --rungs takes them, weakest first
    ck.rungs = ("greedy", "ismcts:200")
    with pytest.raises(SystemExit) as e:
        ck.outcomes("g.rules|4|7|1=ismcts:200,2=greedy")
    assert "write the options out, --rungs greedy,ismcts:200:depth=6:horizon=leaf:reward=rank:sample=all, to go on" in str(e.value)
    ck.rungs = ()
    # ... and written out, the old games are that run's: it goes on from them
    assert [o.winners for o in ck.outcomes("g.rules|4|7|1=ismcts:200:depth=6,2=greedy")] == [(0,)]
    assert [o.winners for o in ck.outcomes("g.rules|4|7|1=ismcts:200:reward=rank:depth=6,2=greedy")] == [(0,)]
    assert ck.outcomes("g.rules|4|7|1=greedy,2=random") == []  # no ISMCTS: nothing left to it
    # a file written today says so, and carries its default-leaning runs on
    new = tmp_path / "new.games.json"
    ladder.Checkpoint(str(new)).keep("g.rules|4|7|1=ismcts:200,2=greedy", [])
    assert json.loads(new.read_text())["ismcts defaults"] == {"depth": 20, "sample": "all", "reward": "rank",
                                                                    "horizon": "leaf"}
    ck = ladder.Checkpoint(str(new))
    assert ck.outcomes("g.rules|4|7|1=ismcts:200,2=greedy") == [] and "ismcts defaults" not in ck.runs
    # an option a file's defaults do not name had its legacy value: a file of 2026-12-03
    # (before `reward` was an option, always rank) carries on
    dated = tmp_path / "dated.games.json"
    dated.write_text(json.dumps({"ismcts defaults": {"depth": 20, "sample": "all"},
                                 "g.rules|4|7|1=ismcts:200,2=greedy": _games([2])}))
    assert [o.winners for o in ladder.Checkpoint(str(dated)).outcomes("g.rules|4|7|1=ismcts:200,2=greedy")] == [(2,)]


def test_a_game_with_no_heuristic_carries_its_runs_on_whatever_the_playout_options(tmp_path):
    """In a game with no heuristic ISMCTS's playouts are random to the end whatever depth,
    sample, reward or playout say: a run kept under the old defaults is the same run (the
    docs' gUFO commands were refused)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import ladder
    finally:
        sys.path.remove(str(ROOT / "bench"))
    old = tmp_path / "old.games.json"
    old.write_text(json.dumps({"games/gufo.rules|None|7|1=ismcts:200,2=greedy": _games([0])}))
    ck = ladder.Checkpoint(str(old))
    ck.inert = True
    assert [o.winners for o in ck.outcomes("games/gufo.rules|None|7|1=ismcts:200,2=greedy")] == [(0,)]
    assert [o.winners for o in ck.outcomes("games/gufo.rules|None|7|1=ismcts:200:depth=6,2=greedy")] == [(0,)]
    assert ck.outcomes("games/gufo.rules|None|7|1=ismcts:300,2=greedy") == []  # another budget: other games
    # a run's key names its rule file from the repository's folder, however it was typed
    assert ladder.key_path(str(ROOT / "games" / "gufo.rules")) == "games/gufo.rules"
    assert ladder.key_path("games/../games/gufo.rules") == "games/gufo.rules"


def test_the_ladder_counts_the_deal_as_the_unit(monkeypatch):
    # Game i of each run is dealt from one seed: the strong rung's mean share over its
    # seats, deal by deal, and a t interval over the deals. Six deals of a 2-player game,
    # the strong rung's shares (1, 0), (0, 1), (0.5, 0.5), (1, 0), (1, 1), (0, 1): deal
    # means 0.5 five times and 1 once: mean 0.5833, sd 0.2041, t(5) 2.5706, half-width 0.2142.
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import ladder
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from types import SimpleNamespace
    won = {"1=greedy,2=random": [(0,), (1,), (0, 1), (0,), (0,), (1,)],
           "1=random,2=greedy": [(0,), (1,), (0, 1), (0,), (1,), (1,)]}

    def run_games(spec, upto, jobs, first=0):
        return [SimpleNamespace(winners=w, error=None, payoffs=None) for w in won[spec.agents][first:upto]]
    monkeypatch.setattr(ladder, "run_games", run_games)
    said = []
    game, r = ladder.measure_pair(str(ROOT / "examples" / "war.rules"), None, "random", "greedy", 6, 1, 7, False,
                                  lambda text: None)
    p = r["pooled"]
    assert p["deals"] == 6 and p["share_by_deal"] == pytest.approx(7 / 12)
    assert p["share_by_deal_ci95"] == pytest.approx([0.3691, 0.7976], abs=1e-4)
    assert p["share_by_deal_verdict"] == "NOT significant"
    ladder.show(game, r, said.append)
    assert said[-1] == ("  the same, deal by deal (6 deals, each with greedy in every seat in turn; the deal is "
                        "the unit): 58.3% [36.9%, 79.8%]: NOT significant")
