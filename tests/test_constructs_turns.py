"""Constructs of issue 13 for how a turn offers its choices: a turn step that offers some
of the actions (`takes one of`, action groups), a blind pick of a card by its place
(`chooses a card from ZONE, unseen`), and an action's choice of a set of cards at once
(`with NAME some of C where COND`).

Each test runs a small rule file with fixed choices and asserts the exact outcome, or
checks a wrong use and asserts the exact diagnostics."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import Action, Place, RuleError, RuleFileError
from ruleforge.drivers.deep import actions_leak
from ruleforge.load import check_source
from ruleforge.runtime.determinize import determinize
from ruleforge.runtime.limits import MAX_SUBSET_CARDS
from ruleforge.testing import arrange, new_arranged, play

BASE = """\
game "t"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone table: pile, face up
zone discard: pile, face up
zone won per player: pile, face down
zone hand per player: hand
counter n = 0
"""
DEAL = """\
setup:
    for each p in players:
        move top 3 cards of deck to hand of p
"""


def make(tmp_path, text, **kw):
    path = tmp_path / "t.rules"
    path.write_text(BASE + text)
    return ruleforge.load(path, **kw)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (BASE + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


# ---- a turn step offering some of the actions (Rummy, Gin: "play or discard, then draw") --

RUMMY = DEAL + """\
actions first_step: play, throw
turn:
    current takes one of first_step
    current takes draw
    increase n by 1
action play "Play a heart":
    with c in hand of current where suit = hearts
    move c to table
action throw "Discard":
    with c in hand of current
    move c to discard
action draw "Draw":
    move top of deck to hand of current
ending done: nobody wins when n = 2
"""


def test_a_turn_offers_one_step_then_the_next(tmp_path):
    st = make(tmp_path, RUMMY).new(1)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    # the first step: play or discard, never draw
    assert legal(st) == ["play(c=5♥)", "throw(c=2♣)", "throw(c=5♥)", "throw(c=9♠)"]
    play(st, "play(c=5♥)")
    assert st.cards_in("table") == ["5♥"]
    # the second step: only draw
    assert legal(st) == ["draw"]
    top = st.cards_in("deck")[-1]
    play(st, "draw")
    assert st.cards_in("hand", 0) == ["2♣", "9♠", top]
    assert st.counter("n") == 1 and st.current_player == 1


def test_an_action_group_beside_a_value_of_the_turn(tmp_path):
    """A value of the turn made the checker read the file twice, and the second reading
    found every action group 'already declared' (at itself) and then unknown."""
    text = RUMMY.replace("    move top of deck to hand of current\nending",
                         "    let drawn = top of deck for the turn\n    move drawn to hand of current\nending")
    st = make(tmp_path, text).new(1)
    arrange(st, "hand", ["2♣", "5♥", "9♠"], 0)
    assert legal(st) == ["play(c=5♥)", "throw(c=2♣)", "throw(c=5♥)", "throw(c=9♠)"]
    top = st.cards_in("deck")[-1]
    play(st, "throw(c=2♣)", "draw")
    assert st.cards_in("hand", 0) == ["5♥", "9♠", top]

def test_a_step_may_name_actions_and_groups_and_pass(tmp_path):
    text = RUMMY.replace("    current takes one of first_step\n    current takes draw\n",
                         "    current takes one of first_step, draw or passes\n")
    st = make(tmp_path, text).new(1)
    arrange(st, "hand", ["2♣", "5♠", "9♠"], 0)
    assert legal(st) == ["draw", "pass", "throw(c=2♣)", "throw(c=5♠)", "throw(c=9♠)"]
    play(st, "pass")
    assert st.current_player == 1 and st.counter("n") == 1


def test_a_step_of_which_nothing_is_legal(tmp_path):
    """As with 'takes an action': with 'or passes', passing is the one answer (the player
    is still asked); without it, the game stops with an error that names the step."""
    only_play = RUMMY.replace("    current takes one of first_step\n    current takes draw\n",
                              "    current takes play{}\n")
    no_hearts = [("hand", ["2♣", "5♠", "9♠"], 0)]
    st = new_arranged(make(tmp_path, only_play.format(" or passes")), 1, no_hearts)
    assert legal(st) == ["pass"]
    with pytest.raises(RuleError) as e:
        new_arranged(make(tmp_path, only_play.format("")), 1, no_hearts)
    assert e.value.message == "player 1 has no legal action among play"


ACTIONS = """\
role north
role south
action fold by north:
    end turn
action call by north:
    end turn
action raise by north:
    end turn
action shoot by south:
    end turn
ending done: nobody wins
"""
GAME = BASE.replace("players 2\n", "")


def role_errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", (GAME + ACTIONS + text).encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def test_a_step_names_actions_and_groups_once_each():
    # line 20 is the first line after ACTIONS
    assert role_errors("actions betting: fold, call, raise\n"
                       "turn:\n"
                       "    north takes one of betting, fold\n"
                       "    north takes one of call, betting\n"
                       "    north takes one of fold, fold\n"
                       "    north takes one of folds, pass\n"
                       "    north takes shoot\n") == [
        (22, 33, "'fold' is offered twice here", "it is already offered by 'betting'"),
        (23, 30, "'call' is offered twice here (it is in 'betting')", "name each action once"),
        (24, 30, "'fold' is offered twice here", "name each action once"),
        (25, 24, "unknown action or action group 'folds'", "did you mean 'fold'?"),
        (25, 31, "unknown action or action group 'pass'", "passing is offered by 'or passes'"),
        (26, 5, "none of shoot can be taken by north",
         "each is declared 'by' another role: declare one with 'action NAME by north:'"),
    ]


def test_an_action_group_lists_declared_actions_once_each():
    assert role_errors("actions betting: fold, call, fold, rase\n"
                       "actions all_of_them: betting, shoot\n"
                       "actions fold: call\n"
                       "actions pass: call\n"
                       "turn:\n"
                       "    north takes one of betting\n") == [
        (20, 30, "'fold' is named twice in action group 'betting'", None),
        (20, 36, "unknown action 'rase'", "did you mean 'raise'?"),
        (21, 22, "'betting' is an action group: a group lists actions", "name the actions of 'betting' here"),
        (22, 9, "'fold' is already declared as an action at line 11", "each name may be declared once"),
        (23, 9, "'pass' is the name of passing, offered by 'takes an action or passes'", "choose another name"),
    ]


# ---- a blind pick (Old Maid; Gin-like draws from a hand) -------------------------------

OLD_MAID = DEAL + """\
turn:
{before}    let c = current chooses a card from hand of (the player after current), unseen "to draw"
    move c to hand of current
    increase n by 1
ending done: nobody wins when n = 2
"""


def test_a_blind_pick_offers_places_and_takes_the_card_there(tmp_path):
    st = make(tmp_path, OLD_MAID.format(before="")).new(1)
    arrange(st, "hand", ["4♣", "J♦", "8♥"], 1)
    assert legal(st) == ["the 1st card of hand of player 2", "the 2nd card of hand of player 2",
                         "the 3rd card of hand of player 2"]
    zone = st.game.zone_lookup[("hand", 1, None)]
    assert st.legal_actions()[1] == Action("choose", "c", (("c", Place("blind", zone, 2,
                                                                          "the 2nd card of hand of player 2")),))
    assert st.pending.prompt == "to draw"
    play(st, "the 2nd card of hand of player 2")
    assert st.cards_in("hand", 1) == ["4♣", "8♥"]
    assert st.cards_in("hand", 0)[-1] == "J♦"
    # player 2 draws from player 1's four cards
    assert legal(st) == [f"the {k} card of hand of player 1" for k in ("1st", "2nd", "3rd", "4th")]


def test_a_blind_pick_names_a_place_even_for_a_card_the_chooser_knows(tmp_path):
    """A look at the other hand changes nothing: the pick is blind; re-dealing the cards
    hidden from the chooser leaves the offer as it was, and the place takes the card that
    lies there in the re-dealt world."""
    st = make(tmp_path, OLD_MAID.format(before="    current looks at cards in hand of (the player after current)\n")).new(1)
    assert legal(st) == [f"the {k} card of hand of player 2" for k in ("1st", "2nd", "3rd")]
    for seed in range(5):
        world = determinize(st, 0, seed)
        assert actions_leak(st, world) is None
        assert world.legal_actions() == st.legal_actions()
    world = determinize(make(tmp_path, OLD_MAID.format(before="")).new(1), 0, 3)
    third = world.cards_in("hand", 1)[2]
    play(world, "the 3rd card of hand of player 2")
    assert world.cards_in("hand", 0)[-1] == third


def test_a_blind_pick_from_an_empty_zone_is_an_error(tmp_path):
    text = OLD_MAID.format(before="    move cards in hand of (the player after current) to discard\n")
    with pytest.raises(RuleError) as e:
        make(tmp_path, text).new(1)
    assert e.value.message == "there is nothing to choose from for 'c': hand of player 2 is empty"


def test_a_blind_pick_is_made_from_a_pile_or_hand():
    assert errors("turn:\n"
                  "    let a = current chooses a card from cards in table, unseen\n"
                  "    let b = current chooses one of [1, 2], unseen\n"
                  "    let c = current chooses a card from table, unseen\n"
                  "ending done: nobody wins\n") == [
        (11, 41, "an unseen pick is made from a pile or hand, not a list of cards",
         "write the zone itself: 'hand of p', not 'cards in hand of p'"),
        (12, 36, "an unseen pick is made from a pile or hand, not a list of numbers",
         "an unseen pick takes a card by its place in a zone"),
    ]


BLIND_ACTION = DEAL + """\
    move top of deck to discard
turn:
    current takes an action
    increase n by 1
# "Take the top discard, or draw one card unseen from your neighbour's hand."
action take_discard:
    move top of discard to hand of current
action draw_blind:
    with c from hand of (the player after current), unseen
    move c to hand of current
ending done: nobody wins when n = 2
"""


def test_an_action_may_pick_a_card_blind(tmp_path):
    st = make(tmp_path, BLIND_ACTION).new(1)
    arrange(st, "hand", ["4♣", "J♦", "8♥"], 1)
    assert legal(st) == [f"draw_blind(c=the {k} card of hand of player 2)" for k in ("1st", "2nd", "3rd")] \
        + ["take_discard"]
    for seed in range(3):
        assert actions_leak(st, determinize(st, 0, seed)) is None
    play(st, "draw_blind(c=the 3rd card of hand of player 2)")
    assert st.cards_in("hand", 1) == ["4♣", "J♦"]
    assert st.cards_in("hand", 0)[-1] == "8♥"
    assert legal(st)[-2:] == ["draw_blind(c=the 4th card of hand of player 1)", "take_discard"]


def test_an_action_picks_blind_from_a_pile_or_hand():
    assert errors("turn:\n"
                  "    current takes an action\n"
                  "action a:\n"
                  "    with c from cards in table, unseen\n"
                  "    move c to discard\n"
                  "ending done: nobody wins\n") == [
        (13, 17, "an unseen pick is made from a pile or hand, not a list of cards",
         "write the zone itself: 'hand of p', not 'cards in hand of p'"),
    ]


# ---- a choice of several cards at once (Scopa and Casino captures, climbing games) -----

SCOPA = """\
setup:
    move top 4 cards of deck to table
    for each p in players:
        move top 2 cards of deck to hand of p
turn:
    current takes an action
    increase n by 1
# "A card played captures a set of table cards whose values add up to its own."
action capture:
    with card in hand of current
    with caught some of table where sum of c.value for each c in caught = card.value
    move card to won of current
    move caught to won of current
action lay:
    with card in hand of current
    move card to table
ending done: nobody wins when n = 2
"""


def test_a_capture_offers_each_set_once(tmp_path):
    st = make(tmp_path, SCOPA).new(1)
    arrange(st, "table", ["3♣", "4♦", "2♥", "5♠"])
    arrange(st, "hand", ["7♥", "9♣"], 0)
    assert legal(st) == ["capture(card=9♣, caught=[3♣, 4♦, 2♥])", "capture(card=9♣, caught=[4♦, 5♠])",
                         "capture(card=7♥, caught=[3♣, 4♦])", "capture(card=7♥, caught=[2♥, 5♠])",
                         "lay(card=9♣)", "lay(card=7♥)"]
    play(st, "capture(card=7♥, caught=[2♥, 5♠])")
    assert st.cards_in("table") == ["3♣", "4♦"]
    assert st.cards_in("won", 0) == ["7♥", "2♥", "5♠"]


CLIMB = DEAL.replace("top 3 cards", "top 6 cards") + """\
turn:
    current takes an action
    increase n by 1
# "Play a single, a pair or a triple: cards of one rank."
action play:
    with cards_played some of hand of current where count of cards_played <= 3 and every a in cards_played has every b in cards_played has a.rank = b.rank
    move cards_played to table
ending done: nobody wins when n = 2
"""


def test_a_set_of_one_rank_up_to_a_triple(tmp_path):
    st = make(tmp_path, CLIMB).new(1)
    arrange(st, "hand", ["7♣", "7♦", "7♥", "7♠", "9♣", "9♦"], 0)
    assert legal(st) == [
        "play(cards_played=[7♣])", "play(cards_played=[7♣, 7♦])", "play(cards_played=[7♣, 7♦, 7♥])",
        "play(cards_played=[7♣, 7♦, 7♠])", "play(cards_played=[7♣, 7♥])", "play(cards_played=[7♣, 7♥, 7♠])",
        "play(cards_played=[7♣, 7♠])", "play(cards_played=[9♣])", "play(cards_played=[9♣, 9♦])",
        "play(cards_played=[7♦])", "play(cards_played=[7♦, 7♥])", "play(cards_played=[7♦, 7♥, 7♠])",
        "play(cards_played=[7♦, 7♠])", "play(cards_played=[9♦])", "play(cards_played=[7♥])",
        "play(cards_played=[7♥, 7♠])", "play(cards_played=[7♠])"]
    play(st, "play(cards_played=[7♣, 7♥, 7♠])")
    assert st.cards_in("table") == ["7♣", "7♥", "7♠"]
    assert st.cards_in("hand", 0) == ["7♦", "9♣", "9♦"]


WIDE = """\
setup:
    move top {cards} cards of deck to table
turn:
    current takes an action
    increase n by 1
action take:
    with picked some of table where {condition}
    move picked to won of current
ending done: nobody wins when n = 1
"""


def test_sets_are_skipped_by_their_size_and_sum(tmp_path):
    """Among 20 cards there are 2**20 - 1 sets, more than the work budget can look at: a
    bound on the number of cards, or on a sum of values none of which is negative, lets
    the enumerator skip the sets that cannot meet it (and the whole condition is still
    tested)."""
    wide = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS, condition="true"))
    with pytest.raises(RuleError) as e:
        wide.new(1)
    assert e.value.limit == "work"
    single = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS, condition="count of picked = 1")).new(1)
    table = single.cards_in("table")
    assert legal(single) == [f"take(picked=[{c}])" for c in sorted(table, key=single.game.card_index.get)]
    three = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS,
                                       condition="sum of c.value for each c in picked <= 3 and count of picked >= 2"))
    st = three.new(1)
    assert legal(st) == ["take(picked=[A♠, 2♠])"]  # the deck's top 20: 2♠ and A♠ among them
    value = {c: st.game.cards[st.game.card_index[c]].attrs["value"] for c in table}
    got = [a.args[0][1] for a in st.legal_actions()]
    assert all(len(s) >= 2 and sum(value[str(c)] for c in s) <= 3 for s in got) and got == sorted(got)
    from itertools import combinations
    expected = sorted(tuple(sorted(s, key=st.game.card_index.get)) for k in range(2, 4) for s in combinations(table, k)
                      if sum(value[c] for c in s) <= 3)
    assert [tuple(map(str, s)) for s in got] == [tuple(s) for s in expected]


def test_a_set_is_chosen_among_a_bounded_number_of_cards(tmp_path):
    game = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS + 1, condition="count of picked = 1"))
    with pytest.raises(RuleError) as e:
        game.new(1)
    assert e.value.limit == "subsets"
    assert e.value.message == (f"action 'take' would choose 'picked' among {MAX_SUBSET_CARDS + 1} cards: a set is "
                               f"chosen among at most {MAX_SUBSET_CARDS} (MAX_SUBSET_CARDS, see docs/limits.md)")


def test_a_set_of_hidden_cards_names_them_by_place(tmp_path):
    text = DEAL + """\
turn:
    current takes an action
    increase n by 1
action steal:
    with loot some of hand of (the player after current) where count of loot = 2
    move loot to won of current
ending done: nobody wins when n = 1
"""
    st = make(tmp_path, text).new(1)
    hidden = [f"the {k} hidden card of hand of player 2" for k in ("1st", "2nd", "3rd")]
    assert legal(st) == [f"steal(loot=[{hidden[0]}, {hidden[1]}])", f"steal(loot=[{hidden[0]}, {hidden[2]}])",
                         f"steal(loot=[{hidden[1]}, {hidden[2]}])"]
    assert st.legal_actions() == sorted(st.legal_actions())
    world = determinize(st, 0, 5)
    assert world.cards_in("hand", 1) != st.cards_in("hand", 1)
    assert actions_leak(st, world) is None
    first, _, third = world.cards_in("hand", 1)
    play(world, f"steal(loot=[{hidden[0]}, {hidden[2]}])")
    assert sorted(world.cards_in("won", 0)) == sorted([first, third])


def test_a_set_is_of_cards_and_its_condition_a_yes_no():
    assert errors("turn:\n"
                  "    current takes an action\n"
                  "action a:\n"
                  "    with few some of [1, 2, 3]\n"
                  "    end turn\n"
                  "action b:\n"
                  "    with few some of table where count of few\n"
                  "    end turn\n"
                  "action c:\n"
                  "    with few some of table where count of (few where value > 3) = 2 and few.value = 1\n"
                  "    end turn\n"
                  "ending done: nobody wins\n") == [
        (13, 22, "'some of' chooses cards from a zone or a list of cards, not a list of numbers",
         "to choose one value, write 'with NAME in ...'"),
        (16, 34, "the condition of 'some of' must be a yes/no condition, not a number", None),
        (19, 77, "a list of cards has no attributes", "attributes belong to cards and pieces"),
    ]


def test_a_set_is_narrated_as_each_seat_may_see_it(tmp_path):
    from ruleforge.drivers.narrate import Narrator
    text = DEAL + """\
turn:
    current takes an action
    increase n by 1
action bury:
    with buried some of hand of current where count of buried = 2
    move buried to won of current
ending done: nobody wins when n = 1
"""
    st = make(tmp_path, text).new(1)
    arrange(st, "hand", ["4♣", "J♦", "8♥"], 0)
    action = st.legal_actions()[0]
    assert str(action) == "bury(buried=[4♣, J♦])"
    assert Narrator(st.game).action(action) == "bury: buried [4♣, J♦]"
    assert Narrator(st.game, seat=1, state=st).action(action) == "bury: buried [a card, a card]"
    assert Narrator(st.game, seat=0, state=st).action(action) == "bury: buried [4♣, J♦]"


# ---- 'for each ... chosen by': picks until done, and no question when nothing is left --

CHOSEN = DEAL + """\
turn:
    for each c chosen by current from hand of current "to throw away":
        move c to discard
    move top of deck to table
ending stop: nobody wins when count of table >= 2
"""


def test_for_each_chosen_offers_done_and_what_is_left_then_stops_asking(tmp_path):
    g = make(tmp_path, CHOSEN)
    st = new_arranged(g, stacks=[("hand", ["2♣", "3♣", "4♣"], 0)])
    assert legal(st) == ["done", "2♣", "3♣", "4♣"]
    play(st, "3♣")
    assert legal(st) == ["done", "2♣", "4♣"]
    play(st, "2♣", "4♣")
    # the hand is empty: the loop ends without asking, and the turn goes on to player 2
    assert st.cards_in("discard") == ["3♣", "2♣", "4♣"]
    assert st.current_player == 1 and len(st.cards_in("table")) == 1


def test_a_chosen_by_where_that_names_the_card_says_how_to_read_it():
    """`where c.value > 5` in `for each c chosen by ...`: a bare 'unknown name c'."""
    text = (DEAL + "turn:\n    for each c chosen by current from hand of current where c.value > 5 \"to throw\":\n"
            "        move c to discard\nending done: nobody wins when n = 2\n")
    assert errors(text) == [(14, 61, "unknown name 'c'",
                             "the 'where' of 'for each c chosen by ... from ...' is read before 'c' holds anything, "
                             "so the element it tests is 'it': write 'for each c chosen by current from hand of "
                             "current where it.value > 5 \"to throw\"'")]
