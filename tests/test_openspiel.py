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


# ---- what each player may know (issue 12) ---------------------------------------------------

def _names_in(text: str, game) -> set:
    """The card names in `text` (longest names first, so that 'A♥' is not read in '10♥')."""
    import re
    names = sorted((c.name for c in game.cards), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w♥♦♣♠])(" + "|".join(map(re.escape, names)) + r")(?![\w♥♦♣♠])")
    return set(pattern.findall(text))


@pytest.mark.parametrize("path, players, deal", [("games/gufo.rules", None, 3), ("games/gufo.rules", None, 8),
                                                  ("games/ufology.rules", 4, 5)])
def test_action_strings_name_only_what_the_asking_player_knows(path, players, deal):
    """At every decision of a whole game, every player's string for every legal action
    names only cards that player knows (asked of the engine with `knows`, not of the view
    code); the player to move gets the engine's own text of the action."""
    game = load_game(path, players=players)
    rules = game.rules
    state = game.new_initial_state()
    state.apply_action(deal)
    rng = np.random.RandomState(deal)
    hidden_for_others = 0
    while not state.is_terminal():
        st, mover = state.st, state.current_player()
        legal = st.legal_actions()
        for p in range(rules.nplayers):
            known = {c.name for c in rules.cards if st.knows(p, c.name)}
            for a, action in enumerate(legal):
                text = state.action_to_string(p, a)
                assert _names_in(text, rules) <= known, (p, text)
                if p == mover and _names_in(str(action), rules) <= known:
                    assert text == str(action)
                elif text != str(action):
                    hidden_for_others += 1
        assert state.action_to_string(0) == state.action_to_string(mover, 0)  # no player: the mover
        state.apply_action(rng.choice(state.legal_actions()))
    assert hidden_for_others > 0  # the check has teeth: some actions named cards others did not know


def test_the_invader_asking_on_the_radar_operators_turn_does_not_get_her_hand():
    game = load_game("games/gufo.rules")
    rules = game.rules
    radar, invader = rules.roles["radar"], rules.roles["invader"]
    state = game.new_initial_state()
    state.apply_action(5)
    while state.current_player() != radar:
        state.apply_action(0)
    hand = state.st.cards_in("hand", "radar")
    assert sorted(hand) == ["7♥", "J♥", "Q♥"]
    assert state.action_to_string(radar, 0) == "bengal_light(card=7♥, altitude=2)"
    assert state.action_to_string(invader, 0) == "bengal_light(card=a card, altitude=2)"
    with pytest.raises(ValueError, match=r"action 999 is not legal here: there are \d+ legal actions"):
        state.action_to_string(invader, 999)


def test_strings_at_a_terminal_state_name_the_player_or_say_why_not():
    game = load_game("games/gufo.rules")
    rules = game.rules
    state = game.new_initial_state()
    state.apply_action(5)
    while not state.is_terminal():
        state.apply_action(0)
    for method in (state.information_state_string, state.observation_string):
        with pytest.raises(ValueError, match=r"^\w+: the game is over, so there is no current player; "
                                             r"name the player \(0 to 1\)$"):
            method()
        with pytest.raises(ValueError, match=r"player 2 is not a seat of this game \(0 to 1\)"):
            method(2)
    for p in range(rules.nplayers):
        known = {c.name for c in rules.cards if state.st.knows(p, c.name)}
        text = state.information_state_string(p)
        assert text.startswith(f"decisions {state.st.decisions}\n")
        assert _names_in(text, rules) <= known
        assert _names_in(state.observation_string(p), rules) <= known
