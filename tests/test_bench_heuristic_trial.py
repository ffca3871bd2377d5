"""bench/heuristic_trial.py: one greedy seat judging by a variant's heuristic."""

import importlib.util
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.agents import GreedyAgent
from ruleforge.drivers.play import decide_for
from ruleforge.runtime.rng import Random, derive

ROOT = Path(__file__).resolve().parent.parent


def _lucky(tmp_path) -> Path:
    """Lucky Sevens, the game of docs/language.md (a greedy game of it takes a few ms)."""
    text = (ROOT / "docs" / "language.md").read_text()
    start = text.index('game "Lucky Sevens"')
    path = tmp_path / "lucky.rules"
    path.write_text(text[start:text.index("```", start)])
    return path


def _trial():
    spec = importlib.util.spec_from_file_location("heuristic_trial", ROOT / "bench" / "heuristic_trial.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _all_greedy(path, seed, index, seat):
    game = ruleforge.load(path)
    s = derive(seed, seat, index)
    st = game.new(s)
    rngs = [Random(derive(s, 0x5EA7, p)) for p in range(game.nplayers)]
    agents = [GreedyAgent() for _ in range(game.nplayers)]
    while not st.is_over:
        p = st.current_player
        st.apply(decide_for(agents[p], st, p, st.legal_actions(), rngs[p]))
    return st.result.winners


def test_the_same_heuristic_plays_the_all_greedy_game(tmp_path):
    lucky = _lucky(tmp_path)
    same = tmp_path / "same.rules"
    same.write_text(f'extends "{lucky}"\n\nheuristic of p: score of p\n')
    trial = _trial()
    for index in range(4):
        seat, share = trial.play((str(lucky), str(same), None, 5, 0, index))
        winners = _all_greedy(lucky, 5, index, 0)
        assert seat == 0 and share == (1 / len(winners) if 0 in winners else 0.0)


def test_a_heuristic_that_plays_to_lose_takes_fewer_wins(tmp_path):
    lucky = _lucky(tmp_path)
    losing = tmp_path / "losing.rules"
    losing.write_text(f'extends "{lucky}"\n\nheuristic of p: 0 - score of p\n')
    trial = _trial()
    shares = [trial.play((str(lucky), str(losing), None, 5, 0, i))[1] for i in range(12)]
    greedy = [1.0 if 0 in _all_greedy(lucky, 5, i, 0) else 0.0 for i in range(12)]
    assert sum(shares) < sum(greedy)


def test_a_variant_with_other_cards_is_refused(tmp_path):
    other = tmp_path / "other.rules"
    other.write_text(f'extends "{ROOT / "games" / "ufology.rules"}"\n')
    with pytest.raises(SystemExit, match="lays out other cards or zones"):
        _trial()._load(str(_lucky(tmp_path)), str(other), None)
