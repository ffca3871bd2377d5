"""The engine on small rule files: expressions, loops, the step budget, event chains."""

from pathlib import Path

import pytest

import ruleforge
import ruleforge.testing
from ruleforge import RuleError

ROOT = Path(__file__).resolve().parent.parent

BASE = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
counter n = 0
ending done: nobody wins
"""


def make(tmp_path, text, **params):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path, **params)


@pytest.mark.parametrize("expr, expected", [
    ("2 + 3 * 4 = 14", True),
    ("(2 + 3) * 4 = 20", True),
    ("10 / 3 = 3", True),
    ("10 mod 3 = 1 and -10 mod 3 = 2 and 10 mod -3 = -2 and -10 mod -3 = -1", True),
    ("1 + 7 mod 4 * 2 = 7 and 20 / 3 mod 4 = 2", True),
    ("count of box mod 5 = 2", True),
    ("-3 + 5 = 2", True),
    ("not (1 > 2)", True),
    ("3 between 1 and 5 and 6 between 1 and 5", False),
    ("count of box = 52", True),
    ("count of cards in box where suit = hearts = 13", True),
    ("any box has rank = K and suit = clubs", True),
    ("every [1, 2, 3] has it > 0", True),
    ("no box has value > 13", True),
    ("7 in [1, 7] and 2 not in [1, 7]", True),
    ("(the card in box where rank = A and suit = spades).value = 1", True),
    ("(the card in box where rank = A and suit = spades).color = black", True),
    ("top of box is face down", True),
    ("sum of [1, 2, 3] = 6", True),
    ("(top of box).name = \"K♠\" and (bottom of box).name = \"A♣\"", True),
    ("count of top 3 cards of box = 3", True),
    ("pile is empty and box is not empty", True),
    ("player_count = 2", True),
    ("the greater of 2 and 3 = 3 and the lesser of 2 and 3 = 2", True),
    ("the difference between 2 and 7 = 5 and the difference between 7 and -2 = 9", True),
    ("the highest of [4, 9, 2] = 9 and the lowest of [4, 9, 2] = 2", True),
    ("(the highest of c.value for each c in box where c.value < 10) = 9", True),
    ("the lowest of c.value for each c in box = 2", False),
])
def test_expressions(tmp_path, expr, expected):
    game = make(tmp_path, f"parameter player_count = 2\nturn:\n    end the game with done\ninvariant t: {expr}\n")
    st = game.new(1)
    assert st.is_over
    assert (game.check_invariants(st) == []) is expected


def test_a_loop_that_never_ends_is_stopped_and_named(tmp_path):
    game = make(tmp_path, "turn:\n    repeat while true:\n        increase n by 1\n")
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert e.value.rule == "turn" and e.value.span.line == 10  # the loop that never ends
    assert "steps without a decision" in str(e.value)


def test_an_event_that_triggers_itself_is_stopped(tmp_path):
    game = make(tmp_path, "when pile runs out:\n    move top of pile to box\nturn:\n    move top of pile to box\n")
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert e.value.rule == "when pile runs out" and "deep" in str(e.value)


def test_runs_out_rule_refills_then_the_move_goes_on(tmp_path):
    game = make(tmp_path, (
        "when pile runs out:\n    increase n by 1\n    move top 2 cards of box to pile\n"
        "turn:\n    move top of pile to hand of current\n    move top of pile to hand of current\n"
        "    move top of pile to hand of current\n    end the game with done\n"))
    st = game.new(3)
    assert st.is_over and st.result.winners == ()
    assert st.counter("n") == 2
    # "top 2 cards" are dealt one by one: K♠ then Q♠ on top of it
    assert st.cards_in("hand", 0) == ["Q♠", "K♠", "10♠"]
    assert st.cards_in("pile") == ["J♠"]


def test_round_end_ending_waits_for_the_last_seat(tmp_path):
    game = make(tmp_path, (
        "ending enough: current wins when n >= 3 at round end\n"
        "turn:\n    increase n by 1\n    let c = current chooses one of [1, 2]\n"))
    st = game.new(1)
    moves = 0
    while not st.is_over:
        st.apply(st.legal_actions()[0])
        moves += 1
    # n reaches 3 in round 2 (seat 0), but the game ends only when round 2 is complete.
    assert moves == 4 and st.counter("n") == 4 and st.round == 2
    assert st.result.ending == "enough"


def test_pieces_are_clamped_to_their_bounds(tmp_path):
    game = make(tmp_path, (
        "pieces token: one for each suit in [clubs, hearts]\n    height from 1 to 5, starting at 3\n"
        "turn:\n    increase (token of clubs).height by 10\n    decrease (token of hearts).height by 10\n"
        "    end the game with done\n"))
    st = game.new(1)
    assert st.piece("token", "clubs", "height") == 5 and st.piece("token", "hearts", "height") == 1


def test_illegal_actions_are_typed_rejections(tmp_path):
    game = make(tmp_path, "turn:\n    let c = current chooses one of [1, 2] \"pick\"\n    end the game with done\n")
    st = game.new(1)
    other = ruleforge.Action("choose", "c", (("c", 3),))
    with pytest.raises(ruleforge.IllegalAction) as e:
        st.apply(other)
    assert e.value.reason == "not offered"
    st.apply(st.legal_actions()[1])
    assert st.is_over
    with pytest.raises(ruleforge.IllegalAction) as e:
        st.apply(other)
    assert e.value.reason == "game over"


def test_private_hands_and_shuffles_hide_cards(tmp_path):
    with pytest.raises(ruleforge.RuleFileError) as refused:
        make(tmp_path, (  # 'current' has no meaning during setup: check says so now (the engine did)
            "setup:\n    move top 2 cards of box to hand of current\n"
            "turn:\n    let c = current chooses a card in hand of current\n"
            "    move c to box\n    shuffle box\n    end the game with done\n"))
    assert [d.message for d in refused.value.diagnostics] == ["there is no current player during setup"]
    game = make(tmp_path, (
        "turn:\n    move top 2 cards of box to hand of current\n"
        "    let c = current chooses a card in hand of current\n"
        "    move c to box\n    shuffle box\n    end the game with done\n"))
    st = game.new(1)
    assert st.view(0).zone("hand", owner="player 1").cards == ("Q♠", "K♠")  # in deck order
    assert st.view(1).zone("hand", owner="player 1").cards == (None, None)
    st.apply(ruleforge.testing.find(st, "Q♠"))
    # the chosen card went back into the box face down and the box was shuffled:
    # nobody, not even its last holder, can tell where it is now
    assert st.view(0).visible_cards() == {"K♠"}


def test_a_pending_decision_is_a_light_value_that_copies_and_pickles():
    import copy
    import pickle
    st = ruleforge.load(ROOT / "games/gufo.rules").new(1)
    p = st.pending
    assert isinstance(p, tuple) and not hasattr(p, "__dict__")
    assert (p.player, p.prompt, p.resume) == (0, "to be the Alien", 0)
    assert p.actions == tuple(st.legal_actions()) and len(p.values) == len(p.actions) == 3
    for again in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p)):
        assert again == p and type(again) is type(p) and again.prompt == p.prompt


SHARED_START = """\
setup:
    move the card in box where rank = K and suit = spades to pile
    let first = the card in pile
    set n to first.value
    shuffle box
    move top n cards of box to hand of player 1
    move first to hand of player 2
    let pick = player 1 chooses a card in hand of player 1
    move pick to pile
turn:
    end the game with done
"""


def _board(st) -> tuple:
    return ([list(z) for z in st.zones], list(st.loc), bytes(st.up), list(st.known), list(st.cls), list(st.vars),
            [(f.proc.name, list(f.L), f.pc) for f in st.stack], st.legal_actions())


def _shared(game) -> tuple:
    """The start every game shares, as plain lists (Game._shared_start)."""
    board, locals_, pc, spent = game._shared
    return (_board(board)[:6], list(locals_), pc, spent)


@pytest.mark.parametrize("path, players", [("games/gufo.rules", None), ("games/ufology.rules", 4), (None, None)])
def test_setups_start_that_every_game_shares_is_made_once_and_deals_the_same_games(tmp_path, path, players):
    """The leading statements of setup that read no random number are run once per game
    file (Game.new, codegen/resumable.py); a game that nobody watches starts from the
    board they leave. It is the game a watched one (every event recorded) deals: the same
    board, locals and decision after new(), and the same play to the end. The kept board
    is never changed by the games played from it."""
    game = ruleforge.load(ROOT / path, players=players) if path else make(tmp_path, SHARED_START)
    assert game.setup_resume == 1
    seen = set()
    for seed in range(25):
        fast, watched = game.new(seed), game.new(seed, record=True)
        assert _board(fast) == _board(watched)
        assert fast.game_left == watched.game_left  # (the start's steps and work charged to both: GAME_WORK)
        if seed == 0:
            kept = _shared(game)
            assert kept[2] == 1  # setup goes on at its block 1
        seen.add(tuple(fast.zones[fast.game.zone_lookup[("hand", 0, None)]]) if path is None else seed)
        step = 0
        while not fast.is_over:
            actions = fast.legal_actions()
            assert actions == watched.legal_actions()
            a = actions[(seed + step) % len(actions)]
            fast.apply(a)
            watched.apply(a)
            step += 1
        assert _board(fast)[:6] == _board(watched)[:6] and fast.result == watched.result
        assert fast.game_left == watched.game_left
    assert _shared(game) == kept
    if path is None:  # the start's local (the K of spades) and counter (13) reach the rest
        st = game.new(3)
        assert st.cards_in("hand", 1) == ["K♠"] and len(st.cards_in("hand", 0)) == 13 and len(seen) == 25


RULE_FILES = sorted(str(p.relative_to(ROOT)) for d in ("games", "examples") for p in (ROOT / d).glob("*.rules"))


@pytest.mark.parametrize("path", RULE_FILES)
def test_a_state_to_judge_answers_as_a_clone_that_took_the_action(path):
    """`State.after(a)` (a lookahead's copy: its next decision's actions made only if
    asked for), and `after_in_place(a)`, answer as `clone()` then `apply(a)`: the same board, turn flow, actions
    and payloads, and the same play from there on, at every decision of seeded games.
    Its next menu or choice is not made until it is asked for."""
    game = ruleforge.load(ROOT / path)
    left_for_later = decided = 0
    for seed in range(4):
        st = game.new(seed)
        step = 0
        while not st.is_over and step < 60:
            actions = st.legal_actions()
            for k, a in enumerate(actions[:3]):
                # (after_in_place: the same, in the state itself, here a copy given up)
                judged, played = st.after(a) if k != 1 else st.clone().after_in_place(a), st.clone()
                played.apply(a)
                if judged.pending is not None and judged.pending[2] is None:
                    left_for_later += 1
                assert (judged.is_over, judged.current_player, judged.prompt) == \
                    (played.is_over, played.current_player, played.prompt)
                assert _board(judged) == _board(played)  # (asks for the actions)
                assert judged.pending == played.pending or judged.pending[3] != played.pending[3]
                if not played.is_over:  # and all go on alike (the payloads agree)
                    b = played.legal_actions()[-1]
                    unasked = st.after(a)  # answered with its actions never asked for
                    for copy in (unasked, judged, played):
                        copy.apply(b)
                    assert _board(unasked) == _board(judged) == _board(played)
                    assert unasked.result == judged.result == played.result
            st.apply(actions[(seed + step) % len(actions)])
            step += 1
            decided += 1
    assert left_for_later > 0 or decided == 0  # (War: no decision at all)


NO_HEARTS_LEFT = """\
setup:
    move the card in box where value = 5 and suit = hearts to hand of player 1
    move the card in box where value = 9 and suit = spades to hand of player 1
turn:
    current takes an action
action play "Play a heart":
    with c in hand of current where suit = hearts
    move c to pile
"""


def test_a_state_to_judge_reports_a_menu_with_nothing_legal_when_asked_for_it(tmp_path):
    """A lookahead that reaches a decision with no legal action gets the error that
    `apply` gives a played copy (the same message, rule and place), when it asks for
    the actions; its board can be judged before that."""
    st = make(tmp_path, NO_HEARTS_LEFT).new(1)
    assert [str(a) for a in st.legal_actions()] == ["play(c=5♥)"]
    with pytest.raises(RuleError) as played:
        st.clone().apply(st.legal_actions()[0])
    judged = st.after(st.legal_actions()[0])
    assert judged.current_player == 1 and judged.cards_in("pile") == ["5♥"]
    with pytest.raises(RuleError) as asked:
        judged.legal_actions()
    assert played.value.message == asked.value.message == "player 2 has no legal action"
    assert (asked.value.rule, asked.value.span) == (played.value.rule, played.value.span)
    assert played.value.rule is not None


def _flow_configs() -> list:
    from golden import player_counts
    files = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))
    return [(str(p.relative_to(ROOT)), n) for p in files for n in list(player_counts(p))[:2]]


def _flow(st) -> tuple:
    return (st.turn_pos, st.round, st.turns, st.played, st.phase, st.out, st.next_seat, st.current_player)


@pytest.mark.parametrize("path, players", _flow_configs())
def test_a_game_nobody_watches_takes_its_turns_as_a_watched_one(path, players):
    """Between two turns of a game that nobody watches, within a round (or at a round's
    end with no round rules or endings), the engine goes the short way (flow.next_turn);
    it is the long way a watched game takes: the same turns, rounds, positions and values
    of the turn at every decision."""
    import random
    game = ruleforge.load(ROOT / path, players=players)
    for seed in range(12):
        fast, watched, policy = game.new(seed), game.new(seed, stats=True), random.Random(seed)
        while True:
            assert _flow(fast) == _flow(watched) and fast.legal_actions() == watched.legal_actions()
            if fast.is_over:
                break
            a = policy.choice(fast.legal_actions())
            fast.apply(a)
            watched.apply(a)
        assert _board(fast)[:6] == _board(watched)[:6] and fast.result == watched.result


def test_placed_gives_back_the_error_it_places():
    """drivers/traces.py reads `placed(e).describe()` of a heuristic's error: placing an
    error met outside the engine's loop gives it back, its text unchanged when no rule of
    the file was running."""
    from ruleforge.runtime.engine import placed
    try:
        raise RuleError("the heuristic failed")
    except RuleError as e:
        assert placed(e) is e and e.describe() == "the heuristic failed"
