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
        (22, 9, "'fold' is already declared (line 11)", "each name may be declared once"),
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
