"""The golden logs replay identically: every recorded game, decision for decision and
event for event (see tests/golden.py; recorded before the core rebuild)."""

import pytest

import ruleforge
from golden import config_name, configurations, digest, full_games, load_config, play

CONFIGS = [(path, n, config_name(path, n)) for path, n in configurations()]


@pytest.mark.parametrize("path,players,name", CONFIGS, ids=[c[2] for c in CONFIGS])
def test_golden_games_replay_identically(path, players, name):
    game = ruleforge.load(path, players=players)
    for seed, want in full_games(name).items():  # the full lines first: a diff to read
        got = play(game, seed)
        first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        assert got == want, f"{name} seed {seed}: first difference at line {first}: {got[first:first + 1]} vs {want[first:first + 1]}"
    digests = load_config(name)["digests"]
    assert len(digests) == 300
    bad = [seed for seed, d in enumerate(digests) if digest(play(game, seed)) != d]
    assert not bad, f"{name}: {len(bad)} of 300 games differ, first seed {bad[0]}"


def test_every_rule_file_is_recorded():
    from golden import DATA
    assert {p.stem for p in DATA.glob("*.json")} == {name for _, _, name in CONFIGS}
