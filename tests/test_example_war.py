"""War (examples/war.rules): scripted deals of its distinctive rules.

War has no decision at all, so `Game.new` plays the whole game: there is no position at
which to stack a deck with `arrange` after `new`. `ruleforge.testing.new_arranged`
stacks the piles the moment setup is over, before the first battle. Each test gives the top cards of each
player's pile (top card first); the rest of the deck fills the piles underneath, in a
fixed order. The parameter `max_battles` stops the game after as many battles as a test
wants to look at (the cap ending), so the exact piles after one battle, two, or a war
can be asserted.

Seats are 0-based: seat 0 is "player 1".
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.events import Moved
from ruleforge.testing import new_arranged

RULES = Path(__file__).resolve().parent.parent / "examples" / "war.rules"
P1, P2 = 0, 1
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "♣♦♥♠" for r in RANKS]


@functools.cache
def _war(params: tuple):
    return ruleforge.load(RULES, **dict(params))


def war(**params):
    return _war(tuple(sorted(params.items())))


def full_piles(top1, top2):
    """Both whole piles, top card first: the given tops, then the other cards."""
    named = list(top1) + list(top2)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in DECK if c not in named]
    fill1 = 26 - len(top1)
    return list(top1) + rest[:fill1], list(top2) + rest[fill1:]


def deal(monkeypatch, top1, top2, record=False, **params):
    """Play a whole game of War whose deal gives player 1 the pile `top1` + ... and
    player 2 `top2` + ... (top card first). Returns (state, pile 1, pile 2) with the
    whole piles as dealt, top card first."""
    g = war(**params)
    pile1, pile2 = full_piles(top1, top2)
    st = new_arranged(g, 0, [("pile", list(reversed(pile1)), P1), ("pile", list(reversed(pile2)), P2)],
                      record=record)
    return st, pile1, pile2


def pile(st, seat):
    """A player's pile, top card first."""
    return list(reversed(st.cards_in("pile", seat)))


def assert_sound(st):
    assert st.game.check_invariants(st) == []
    assert sum(len(z) for z in st.zones) == 52


# ---- the deal and a game without decisions ----------------------------------------------


def test_the_deal_is_stacked_and_even(monkeypatch):
    """With the cap at 0 battles the game ends right after the deal: 26 cards each, as
    stacked, and equal cards mean nobody wins."""
    st, pile1, pile2 = deal(monkeypatch, ["K♠", "2♣"], ["7♦", "A♥"], max_battles=0)
    assert pile(st, P1) == pile1 and pile(st, P2) == pile2
    assert len(pile1) == len(pile2) == 26
    assert st.cards_in("deck") == []
    assert st.is_over and st.result.ending == "even_at_limit" and st.result.winners == ()
    assert_sound(st)


def test_a_game_of_war_asks_nothing_and_runs_to_its_end_in_new():
    st = war().new(1)
    assert st.is_over
    assert st.decisions == 0
    assert st.current_player is None and st.legal_actions() == []
    assert st.result.ending in {"out_of_cards", "lost_war", "battle_limit", "even_at_limit"}
    assert len(st.result.winners) == 1
    assert_sound(st)
    # the same seed, the same game
    again = war().new(1)
    assert again.zones == st.zones and again.result == st.result


# ---- a battle ---------------------------------------------------------------------------


def test_the_higher_card_takes_the_battle(monkeypatch):
    """Both turn their top card; the higher takes both, under their pile, their own card
    first. The cap (1 battle) ends the game: the player holding more cards wins."""
    st, pile1, pile2 = deal(monkeypatch, ["K♠", "2♣"], ["7♦", "A♥"], max_battles=1)
    assert pile(st, P1) == pile1[1:] + ["K♠", "7♦"]
    assert pile(st, P2) == pile2[1:]
    assert st.cards_in("battle", P1) == st.cards_in("battle", P2) == []
    assert st.counter("battles") == 1
    assert st.result.ending == "battle_limit" and st.result.winners == (P1,)
    # both cards were turned face up: everyone knows them, now face down in the pile
    for c in ["K♠", "7♦"]:
        assert not st.is_face_up(c) and st.knows(P1, c) and st.knows(P2, c)
    assert not st.knows(P1, "2♣") and not st.knows(P2, "A♥")
    assert_sound(st)


def test_aces_are_high_and_equal_cards_at_the_cap_share_nothing(monkeypatch):
    """Second battle: A♥ beats 2♣ (aces high). After two battles each holds 26: the cap
    ends the game with nobody winning."""
    st, pile1, pile2 = deal(monkeypatch, ["K♠", "2♣"], ["7♦", "A♥"], max_battles=2)
    assert pile(st, P1) == pile1[2:] + ["K♠", "7♦"]
    assert pile(st, P2) == pile2[2:] + ["A♥", "2♣"]
    assert st.result.ending == "even_at_limit" and st.result.winners == ()
    assert_sound(st)


def test_aces_low(monkeypatch):
    st, pile1, pile2 = deal(monkeypatch, ["K♠", "2♣"], ["7♦", "A♥"], max_battles=2, aces_high=False)
    assert pile(st, P1) == pile1[2:] + ["K♠", "7♦", "2♣", "A♥"]
    assert pile(st, P2) == pile2[2:]
    assert st.result.ending == "battle_limit" and st.result.winners == (P1,)


# ---- war ----------------------------------------------------------------------------------


def test_a_tie_is_a_war(monkeypatch):
    """9 against 9: each puts 3 cards face down and one face up; J♣ beats 5♦ and takes
    all ten cards: its own five first, in the order played, then the other's five."""
    top1 = ["9♠", "2♣", "3♣", "4♣", "J♣"]
    top2 = ["9♥", "2♦", "3♦", "4♦", "5♦"]
    st, pile1, pile2 = deal(monkeypatch, top1, top2, record=True, max_battles=1)
    assert pile(st, P1) == pile1[5:] + top1 + top2
    assert pile(st, P2) == pile2[5:]
    assert st.counter("battles") == 1
    assert st.result.ending == "battle_limit" and st.result.winners == (P1,)
    # the cards of the war went down face down: nobody ever saw them
    for c in ["2♣", "3♣", "4♣", "2♦", "3♦", "4♦"]:
        assert not st.knows(P1, c) and not st.knows(P2, c)
    for c in ["9♠", "J♣", "9♥", "5♦"]:
        assert st.knows(P1, c) and st.knows(P2, c)
    # and the record shows them arriving in the battle face down, the others face up
    g = st.game
    battle = {g.zone_inst("battle", s).index for s in (P1, P2)}
    arrivals = {g.cards[r.card].name: r.face_up for r in st.record
                if isinstance(r, Moved) and r.destination in battle}
    assert arrivals == {"9♠": True, "9♥": True, "J♣": True, "5♦": True,
                        "2♣": False, "3♣": False, "4♣": False, "2♦": False, "3♦": False, "4♦": False}
    assert_sound(st)


def test_a_war_after_a_war(monkeypatch):
    """The war cards tie too (J against J): war again; 3♥ loses to 8♥, and player 2 takes
    all eighteen cards."""
    top1 = ["9♠", "2♣", "3♣", "4♣", "J♣", "5♣", "6♣", "7♣", "3♥"]
    top2 = ["9♥", "2♦", "3♦", "4♦", "J♦", "5♦", "6♦", "7♦", "8♥"]
    st, pile1, pile2 = deal(monkeypatch, top1, top2, max_battles=1)
    assert pile(st, P1) == pile1[9:]
    assert pile(st, P2) == pile2[9:] + top2 + top1
    assert st.result.ending == "battle_limit" and st.result.winners == (P2,)
    assert_sound(st)


def test_war_size_is_a_parameter(monkeypatch):
    top1 = ["9♠", "2♣", "J♣"]
    top2 = ["9♥", "2♦", "5♦"]
    st, pile1, pile2 = deal(monkeypatch, top1, top2, max_battles=1, war_size=1)
    assert pile(st, P1) == pile1[3:] + top1 + top2
    assert pile(st, P2) == pile2[3:]


# ---- running out ------------------------------------------------------------------------

LOW = ["2♣", "2♦", "2♥", "2♠", "3♣", "3♦", "3♥", "3♠", "4♣", "4♦", "4♥", "4♠",
       "5♣", "5♦", "5♥", "5♠", "6♣", "6♦", "6♥", "6♠", "7♣", "7♦", "7♥"]
HIGH = ["A♣", "A♦", "A♥", "A♠", "K♣", "K♦", "K♥", "K♠", "Q♣", "Q♦", "Q♥", "Q♠",
        "J♣", "J♦", "J♥", "J♠", "10♣", "10♦", "10♥", "10♠", "9♣", "9♦", "9♥"]
# Player 1 loses 23 battles in a row, then ties with 3 cards left: 8♣ against 8♥.
DOOMED = LOW + ["8♣", "7♠", "8♦"]
FAVOURED = HIGH + ["8♥", "8♠", "9♠"]
WON = [c for pair in zip(HIGH, LOW) for c in pair]


def test_a_player_who_cannot_finish_a_war_loses(monkeypatch):
    """After 23 battles player 1 holds 3 cards; the 24th is a tie, and with 2 cards left
    player 1 cannot put down 3 face down and one face up: player 2 wins."""
    st, pile1, pile2 = deal(monkeypatch, DOOMED, FAVOURED)
    assert pile1 == DOOMED and pile2 == FAVOURED
    assert st.counter("battles") == 23
    assert pile(st, P1) == ["7♠", "8♦"]
    assert st.cards_in("battle", P1) == ["8♣"]
    assert pile(st, P2) == ["8♠", "9♠"] + WON
    assert st.cards_in("battle", P2) == ["8♥"]
    assert st.result.ending == "lost_war" and st.result.winners == (P2,)
    assert_sound(st)


def test_three_cards_left_are_not_enough_for_a_war(monkeypatch):
    """Three cards left after the tie: enough to put down, but none to turn up."""
    doomed = LOW[:22] + ["8♣", "7♠", "8♦", "7♥"]
    favoured = HIGH[:22] + ["8♥", "9♥", "8♠", "9♠"]
    st, _, _ = deal(monkeypatch, doomed, favoured)
    assert st.counter("battles") == 22
    assert pile(st, P1) == ["7♠", "8♦", "7♥"]
    assert st.cards_in("battle", P1) == ["8♣"] and st.cards_in("battle", P2) == ["8♥"]
    assert st.result.ending == "lost_war" and st.result.winners == (P2,)
    assert_sound(st)


def test_a_short_war_is_fought_and_then_the_loser_runs_out(monkeypatch):
    """With war_size 1, two cards are enough for the war; 8♦ loses to 9♠, and player 1,
    with no card left to turn, has lost the game."""
    st, pile1, pile2 = deal(monkeypatch, DOOMED, FAVOURED, war_size=1)
    assert st.counter("battles") == 24
    assert pile(st, P1) == []
    assert pile(st, P2) == WON + ["8♥", "8♠", "9♠", "8♣", "7♠", "8♦"]
    assert st.result.ending == "out_of_cards" and st.result.winners == (P2,)
    assert_sound(st)


def test_when_neither_can_finish_a_war_nobody_wins(monkeypatch):
    st, pile1, pile2 = deal(monkeypatch, ["9♠"], ["9♥"], war_size=26)
    assert st.counter("battles") == 0
    assert st.result.ending == "lost_war" and st.result.winners == ()
    assert len(pile(st, P1)) == len(pile(st, P2)) == 25


# ---- the commands, for a game without decisions ----------------------------------------


def test_the_commands_handle_a_game_without_decisions(ruleforge_cmd):
    ran = ruleforge_cmd("run", RULES, "--seed", "1")
    assert ran.code == 0
    assert "Game over: a player could not finish a war. Winner: player 1." in ran.out
    assert "— war!" in ran.out
    ran = ruleforge_cmd("run", RULES, "--games", "40", "--seed", "1", "--jobs", "1")
    assert ran.code == 0
    assert "40 games" in ran.out and "0.0 decisions on average" in ran.out
