"""Rule files as OpenSpiel games: OpenSpiel's own checks and bots run on them."""

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from ruleforge.drivers.openspiel import load_game  # noqa: E402


@pytest.mark.parametrize("path, players", [
    ("games/gufo.rules", None), ("games/ufology.rules", 3),
    # the examples: a game with no decision, eliminations, a turn order that jumps
    ("examples/war.rules", None), ("examples/courtiers.rules", 3), ("examples/hearts.rules", None),
    ("examples/go_fish.rules", 3), ("examples/crazy_eights.rules", 3), ("examples/blackjack.rules", 2)])
def test_openspiel_random_sim_test(path, players):
    game = load_game(path, players=players)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_information_state_strings_hide_what_the_seat_cannot_see():
    game = load_game("games/gufo.rules")
    state = game.new_initial_state()
    state.apply_action(3)  # the deal
    state.apply_action(state.legal_actions()[0])  # the Invader picks the Alien
    alien = state.st.cards_in("alien", "invader")[0]
    assert alien in state.information_state_string(0)
    assert alien not in state.information_state_string(1)
    # resampling keeps the Radar Operator's information state
    again = state.resample_from_infostate(1, lambda: 0.25)
    assert again.information_state_string(1) == state.information_state_string(1)


def test_openspiel_ismcts_bot_plays_gufo_to_the_end():
    from open_spiel.python.algorithms import ismcts, mcts
    game = load_game("games/gufo.rules")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=20,
                           random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 1:
            state.apply_action(bot.step(state))
            bot_moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert bot_moves > 0
    assert sorted(state.returns()) == [-1.0, 1.0]
