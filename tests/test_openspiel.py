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

def _known(game, st, p: int) -> set:
    """The cards p knows, by name and by the name a player's string gives each (a copy's,
    without its number)."""
    return {x for c in game.cards if st.knows(p, c.name) for x in (c.name, game.seen_names[c.index])}


def _no_copy_numbers(text: str) -> str:
    """`text` with copies' numbers and the menu's 'Nth copy' left out."""
    import re
    return re.sub(r" \((\d+|\d+(st|nd|rd|th) copy)\)", "", text)


def _names_in(text: str, game) -> set:
    """The card names in `text` (longest names first, so that 'A♥' is not read in '10♥')."""
    import re
    # (a player's string names a copy without its number, "Mothership": no seat can tell copies apart)
    names = sorted({c.name for c in game.cards} | set(game.seen_names), key=len, reverse=True)
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
            known = _known(rules, st, p)
            texts = [state.action_to_string(p, a) for a in range(len(legal))]
            if p == mover:  # (two copies offered read "Mothership", "Mothership (2nd copy)")
                assert len(set(texts)) == len(texts)
            for text, action in zip(texts, legal):
                assert _names_in(text, rules) <= known, (p, text)
                if p == mover and _names_in(str(action), rules) <= known:
                    assert _no_copy_numbers(text) == _no_copy_numbers(str(action))
                elif _no_copy_numbers(text) != _no_copy_numbers(str(action)):
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
        known = _known(rules, state.st, p)
        text = state.information_state_string(p)
        assert text.startswith(f"decisions {state.st.decisions}\n")
        assert _names_in(text, rules) <= known
        assert _names_in(state.observation_string(p), rules) <= known


# ---- action ids: a decision with more actions than the game's ids; ids that are not legal -------

# `with caught some of table` over T table cards: 2**T - 1 actions at the first decision.
MANY = """game "many sets"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone table: pile, face up
zone won per player: pile, face up
counter n = 0
ending done: nobody wins when n = 2
setup:
    shuffle deck
    move top TABLE cards of deck to table
turn:
    current takes an action
    increase n by 1
action capture:
    with caught some of table
    move caught to won of current
"""

# Each call at a decision of 2,047 actions (over the default 1,024 ids), in a process of
# its own: OpenSpiel's legal_actions_mask and random_sim_test, handed an id past the
# game's ids, write past the end of a vector and abort the process (exit code 134).
TOO_MANY_SCRIPT = """
import json, sys
import pyspiel
from ruleforge.drivers.openspiel import load_game
game = load_game(sys.argv[1])
state = game.new_initial_state()
state.apply_action(0)
calls = {
    "legal_actions": lambda: state.legal_actions(),
    "legal_actions(0)": lambda: state.legal_actions(0),
    "legal_actions_mask": lambda: state.legal_actions_mask(),
    "legal_actions_mask(0)": lambda: state.legal_actions_mask(0),
    "apply_action(5)": lambda: state.apply_action(5),
    "apply_action(2000)": lambda: state.apply_action(2000),
    "action_to_string(0, 5)": lambda: state.action_to_string(0, 5),
    "random_sim_test": lambda: pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False),
}
for name, call in calls.items():
    try:
        call()
        print(json.dumps([name, None]))
    except Exception as e:
        print(json.dumps([name, f"{type(e).__module__}.{type(e).__qualname__}", isinstance(e, pyspiel.SpielError),
                          str(e)]))
print(json.dumps(["history", state.history()]))
"""


def test_a_decision_with_more_actions_than_the_games_ids_raises_and_the_process_survives(tmp_path):
    import json
    import subprocess
    import sys
    path = tmp_path / "many.rules"
    path.write_text(MANY.replace("TABLE", "11"), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", TOO_MANY_SCRIPT, str(path)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    message = ("decision 1 (player 1, 'take an action': capture) offers 2,047 legal actions, more than this "
               "OpenSpiel game's 1,024 action ids (num_distinct_actions); load it with "
               "load_game(..., max_actions=2047) or more (at most 100,000), or give this decision fewer actions")
    error = ["ruleforge.drivers.openspiel.TooManyActionsError", True, message]
    assert rows == [[name, *error] for name in (
        "legal_actions", "legal_actions(0)", "legal_actions_mask", "legal_actions_mask(0)", "apply_action(5)",
        "apply_action(2000)", "action_to_string(0, 5)", "random_sim_test")] + [["history", [0]]]


def test_max_actions_gives_the_game_as_many_ids_as_its_largest_decision(tmp_path):
    path = tmp_path / "many.rules"
    path.write_text(MANY.replace("TABLE", "11"), encoding="utf-8")
    game = load_game(str(path), max_actions=2047)
    assert game.num_distinct_actions() == 2047
    state = game.new_initial_state()
    state.apply_action(0)
    # (checked before the mask: were the ids too few, the mask would abort the process)
    assert state.legal_actions() == list(range(2047))
    assert list(state.legal_actions_mask()) == [1] * 2047
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("given, message", [
    ({"max_actions": 0}, "max_actions must be a whole number from 1 to 100,000 (the most actions a ruleforge "
                         "decision may offer, MAX_MENU), not 0"),
    ({"max_actions": 100_001}, "max_actions must be a whole number from 1 to 100,000 (the most actions a "
                               "ruleforge decision may offer, MAX_MENU), not 100001"),
    ({"max_actions": 2.5}, "max_actions must be a whole number from 1 to 100,000 (the most actions a "
                           "ruleforge decision may offer, MAX_MENU), not 2.5"),
    ({"deals": 0}, "deals must be a whole number of at least 1, not 0"),
    ({"deals": True}, "deals must be a whole number of at least 1, not True")],
    ids=["max_actions=0", "max_actions=100001", "max_actions=2.5", "deals=0", "deals=True"])
def test_load_game_refuses_ids_it_cannot_give(given, message):
    with pytest.raises(ValueError) as caught:
        load_game("games/gufo.rules", **given)
    assert str(caught.value) == "load_game: " + message


def test_an_id_that_is_not_legal_is_a_value_error_naming_it():
    game = load_game("games/gufo.rules")
    state = game.new_initial_state()
    for deal, asked in [(1000, state.apply_action), (-2, state.apply_action),
                        (1000, lambda a: state.action_to_string(pyspiel.PlayerId.CHANCE, a))]:
        with pytest.raises(ValueError) as caught:
            asked(deal)
        assert str(caught.value).endswith(f"deal {deal} is not one of this game's 1,000 deals (ids 0 to 999)")
    state.apply_action(5)
    assert len(state.legal_actions()) == 3
    for action in (3, 999, -2):
        with pytest.raises(ValueError) as caught:
            state.apply_action(action)
        assert str(caught.value) == (f"apply_action: action {action} is not legal here: there are 3 legal "
                                     "actions (ids 0 to 2)")
    assert state.history() == [5]  # nothing was applied
    while not state.is_terminal():
        state.apply_action(0)
    with pytest.raises(ValueError) as caught:
        state.apply_action(0)
    assert str(caught.value) == "apply_action: the game is over, so no action is legal (action 0)"
