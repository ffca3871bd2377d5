"""Conformance of every example rule file (examples/*.rules, found by glob: a new example
joins these tests by being there).

For each example:

- it passes `ruleforge check` with nothing to report, and is under 250 lines;
- 1,000 seeded random games at its lowest player count, and 200 at each other player
  count, play to the end without error. After every step (and once a game of no
  decisions is over): every card lies in exactly one zone and `st.loc` agrees, the
  declared invariants hold, and a game not over offers at least one legal action
  (sorted, no duplicates). At every CLONE_CHECK_EVERY-th step a random offered action
  is also applied to a clone, to show the actions offered can be taken (the game goes on
  with another random action). At the end there is a result whose winners are seats;
- the same seed replays the same game: the full records of a few games, played twice,
  are equal.

The games of one example are split over two processes (fork) when the machine has two
cores.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import ruleforge
from ruleforge.load import check_source, read_source
from ruleforge.runtime.rng import Random
from ruleforge.runtime.values import Action

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.rules"))
IDS = [p.stem for p in EXAMPLES]
GAMES_AT_FEWEST = 1000
GAMES_AT_OTHER_COUNTS = 200
CLONE_CHECK_EVERY = 10
MAX_STEPS = 5000
MAX_LINES = 250


def test_there_are_examples():
    assert {"war", "go_fish"} <= set(IDS)


@functools.cache
def player_counts(path: Path) -> tuple[int, int]:
    name, data = read_source(path)
    _, checked = check_source(name, data, {})
    return checked.players


@functools.cache
def game(path: Path, players: int):
    return ruleforge.load(path, players=players)


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_passes_check(path, ruleforge_cmd):
    ran = ruleforge_cmd("check", path)
    assert ran.code == 0, ran.err
    assert ran.err == ""
    assert ran.out.startswith(f"{path}: ok: ")


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_is_under_250_lines(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) < MAX_LINES, f"{path.name} has {len(lines)} lines"


def assert_conserved(st, ncards: int, where: str):
    flat = [c for z in st.zones for c in z]
    assert len(flat) == ncards and set(flat) == set(range(ncards)), \
        f"{where}: a card was created, lost or duplicated"
    loc = st.loc
    for i, z in enumerate(st.zones):
        for c in z:
            assert loc[c] == i, f"{where}: st.loc disagrees with the zones"


def run_games(path: Path, players: int, seeds: range) -> dict:
    """Play the games of `seeds` with random choices, checking every step."""
    g = game(path, players)
    ncards = len(g.cards)
    sort_key = Action.sort_key
    cpu = time.process_time()
    stats = {"games": 0, "steps": 0, "clone_checks": 0, "endings": Counter()}
    for seed in seeds:
        st = g.new(seed)
        rng = Random(1_000_003 * players + seed)
        steps = 0
        while True:
            where = f"{path.name}, {players} players, seed {seed}, step {steps}"
            assert_conserved(st, ncards, where)
            broken = g.check_invariants(st)
            assert broken == [], f"{where}: {broken}"
            if st.is_over:
                break
            actions = st.legal_actions()
            assert actions, f"{where}: a decision with no legal action"
            assert actions == sorted(actions, key=sort_key) and len(set(actions)) == len(actions), where
            if steps % CLONE_CHECK_EVERY == 0:
                st.clone().apply(actions[rng.below(len(actions))])
                stats["clone_checks"] += 1
            st.apply(actions[rng.below(len(actions))])
            steps += 1
            assert steps < MAX_STEPS, f"{where}: a game that does not end"
        assert st.result is not None
        assert set(st.result.winners) <= set(range(players))
        stats["games"] += 1
        stats["steps"] += steps
        stats["endings"][st.result.ending] += 1
    stats["cpu"] = time.process_time() - cpu
    return stats


def jobs(path: Path) -> list[tuple[Path, int, range]]:
    low, high = player_counts(path)
    out = []
    for n in range(low, high + 1):
        games = GAMES_AT_FEWEST if n == low else GAMES_AT_OTHER_COUNTS
        out += [(path, n, range(0, games // 2)), (path, n, range(games // 2, games))]
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_random_games_play_to_the_end(path):
    t0 = time.perf_counter()
    todo = jobs(path)
    workers = min(2, os.cpu_count() or 1)
    if workers == 1:
        results = [run_games(*job) for job in todo]
    else:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            results = list(pool.map(run_games, *zip(*todo)))
    by_count: dict[int, dict] = {}
    for (_, n, _), r in zip(todo, results):
        total = by_count.setdefault(n, {"games": 0, "steps": 0, "clone_checks": 0, "endings": Counter(), "cpu": 0.0})
        for k, v in r.items():
            total[k] = total[k] + v
    low, high = player_counts(path)
    for n, total in by_count.items():
        assert total["games"] == (GAMES_AT_FEWEST if n == low else GAMES_AT_OTHER_COUNTS)
        assert sum(total["endings"].values()) == total["games"]
    cpu = sum(t["cpu"] for t in by_count.values())
    print(f"\n{path.name}: {time.perf_counter() - t0:.1f}s ({cpu:.1f}s CPU); " + "; ".join(
        f"{n} players: {t['games']} games, {t['steps']} steps, {t['clone_checks']} clone checks, "
        f"endings {dict(t['endings'])}" for n, t in sorted(by_count.items())))


def transcript(path: Path, players: int, seed: int):
    g = game(path, players)
    st = g.new(seed, record=True)
    rng = Random(seed)
    while not st.is_over:
        actions = st.legal_actions()
        st.apply(actions[rng.below(len(actions))])
    return st.record, [list(z) for z in st.zones], st.result


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_the_same_seed_replays_the_same_game(path):
    low, _ = player_counts(path)
    for seed in (1, 2, 3):
        first = transcript(path, low, seed)
        assert first[0], "the game recorded nothing"
        assert transcript(path, low, seed) == first, f"seed {seed} played differently twice"
    assert transcript(path, low, 1) != transcript(path, low, 2)


def test_the_four_games_of_issue_13_are_under_220_lines():
    """Hold'em, a climbing game, Gin Rummy and Spades: the language says them briefly."""
    games = {p.stem: p for p in EXAMPLES}
    for stem in ("holdem", "climbing", "gin_rummy", "spades"):
        lines = games[stem].read_text(encoding="utf-8").splitlines()
        assert len(lines) < 220, f"{stem}.rules has {len(lines)} lines"
