"""An action's rule that never stops runs straight, with no frame, where nothing watches
(decisions.start_action, codegen/module.py): the same game as with its frame."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.values import RuleError

ROOT = Path(__file__).resolve().parent.parent
RULE_FILES = sorted([*ROOT.glob("games/*.rules"), *ROOT.glob("games/variants/*.rules"), *ROOT.glob("examples/*.rules")])


def _played(game, seed: int, watched: bool) -> list:
    st, r, seen = game.new(seed, stats=watched), random.Random(seed), []
    while not st.is_over and st.decisions < 200:
        p = st.pending
        seen.append((p.player, p.actions, len(st.stack)))
        st.apply(r.choice(st.legal_actions()))
    return seen + [(st.result, tuple(st.zones[z] == [] for z in range(len(st.zones))), st.vars)]


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_an_action_run_straight_plays_the_game_its_frame_plays(path):
    game = ruleforge.load(path)
    for seed in range(3):
        assert _played(game, seed, False) == _played(game, seed, True)


def test_an_action_run_straight_is_the_actions_rule_and_its_errors_are_placed_as_before(tmp_path):
    source = ruleforge.load(ROOT / "games/ufology.rules", players=4).source
    assert "P_r_action_archive = Proc('action archive', r_action_archive, 2, False, (0,), (), " \
           "SPANS['r_action_archive'], straight=s_action_archive)" in source
    assert "def s_action_archive(st, card_0, actor):" in source
    path = tmp_path / "t.rules"
    path.write_text('game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
                    'zone hand per player: hand\ncounter n = 0\nending done: nobody wins when n = 3\n'
                    'turn:\n    current takes an action\n'
                    'action poke "Poke":\n    with c in box\n    move c to hand of current\n'
                    '    set n to 1 / (n - n)\n')
    game = ruleforge.load(path)
    messages = []
    for watched in (False, True):
        st = game.new(1, stats=watched)
        with pytest.raises(RuleError) as e:
            st.apply(st.legal_actions()[0])
        messages.append(str(e.value))
    assert messages[0] == messages[1] and "in rule 'action poke'" in messages[0] and "reached from" not in messages[0]
