"""gUFO rulings (DESIGN.md section 4), one scripted game per ruling.

Every test deals a game from a fixed seed, stacks the cards it cares about with
`arrange` (the LAST name given is the TOP card), plays a fixed list of actions by their
printed forms and asserts the exact state that results: zones, UFO altitudes, whose turn
it is, the result, and who knows which card.

Seed 1 deals the hearts like this (tests that depend on who has *seen* a card assert the
part of this deal they rely on, because `arrange` cannot make a card unseen again):

    radar's hand: 2♥ 8♥ Q♥        removed unseen: 5♥ K♥
    altitudes:    1 A♥  2 3♥  3 9♥  4 7♥  5 4♥ (cloudy)  6 J♥  7 6♥ (cloudy)  8 10♥

The match rulings (two in a row, three in all) are not tested here: there is no match
API yet.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import ruleforge
from ruleforge.testing import arrange, find, play

RULES = Path(__file__).resolve().parent.parent / "games" / "gufo.rules"
INVADER, RADAR = 0, 1
SUITS = ("clubs", "diamonds", "spades")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
# The 33 cards of the invasion deck: every non-heart card but the aces and kings.
INVASION = [r + s for s in "♣♦♠" for r in RANKS]



@functools.cache
def _gufo(params: tuple):
    return ruleforge.load(RULES, **dict(params))


def gufo(**params):
    """The gUFO game, with parameters overridden if any are given (loaded once each)."""
    return _gufo(tuple(sorted(params.items())))


def deal(game=None, seed=1, deck=(), hand=None, sky=None):
    """A new game stacked as asked: `deck` bottom..top (last = top card), the Radar
    Operator's `hand`, and `sky` as {altitude: card}. The Alien is not chosen yet."""
    st = (game or gufo()).new(seed)
    if hand is not None:
        arrange(st, "hand", hand, owner="radar")
    for level, card in (sky or {}).items():
        arrange(st, "sky", [card], slot=level)
    if deck:
        arrange(st, "deck", deck)
    if hand is not None:
        assert sorted(st.cards_in("hand", "radar")) == sorted(hand)
    for level, card in (sky or {}).items():
        assert st.cards_in("sky", slot=level) == [card]
    if deck:
        assert st.cards_in("deck")[-len(deck):] == list(deck)
    return st


def altitudes(st):
    return {s: st.piece("ufo", s, "altitude") for s in SUITS}


def top_first(cards):
    """`cards` listed top card first, turned into arrange's bottom..top order."""
    return list(reversed(cards))


def assert_invariants(st):
    assert st.game.check_invariants(st) == []


# ---- the Invader's turn ---------------------------------------------------------------


def test_turn_reveals_two_cards_top_first_and_chosen_ufo_drops_one():
    """Invader turn: reveal 2 cards; choose one; its suit's UFO moves down 1."""
    st = deal(deck=top_first(["3♦", "9♣", "4♠"]))
    play(st, "A♠")
    assert st.current_player == INVADER
    assert st.cards_in("revealed") == ["3♦", "9♣"]
    assert all(st.is_face_up(c) and st.knows(RADAR, c) for c in ["3♦", "9♣"])
    assert sorted(str(a) for a in st.legal_actions()) == sorted(["3♦", "9♣"])
    assert st.cards_in("deck")[-1] == "4♠"
    play(st, "3♦")
    assert altitudes(st) == {"clubs": 8, "diamonds": 7, "spades": 8}
    assert sorted(str(a) for a in st.legal_actions()) == ["reveal another card", "stop"]
    assert_invariants(st)


def test_bust_removes_every_revealed_card():
    """A revealed card not higher than the last card used busts the descent: every card
    revealed this turn is removed from the game; the descents made before the bust stay;
    the Radar Operator moves next."""
    st = deal(deck=top_first(["2♣", "3♦", "9♣", "4♠", "6♠"]))
    play(st, "A♠", "3♦", "reveal another card")      # 9♣ > 3♦: diamonds down again
    assert altitudes(st) == {"clubs": 8, "diamonds": 6, "spades": 8}
    play(st, "reveal another card")                   # 4♠ < 9♣: bust
    assert st.cards_in("removed") == ["2♣", "3♦", "9♣", "4♠"]
    assert all(st.is_face_up(c) for c in st.cards_in("removed"))
    assert st.cards_in("revealed") == []
    assert st.cards_in("discard") == []
    assert len(st.cards_in("deck")) == 33 - 4
    assert st.cards_in("deck")[-1] == "6♠"
    assert altitudes(st) == {"clubs": 8, "diamonds": 6, "spades": 8}
    assert st.current_player == RADAR
    assert not st.is_over
    assert_invariants(st)


def test_equal_value_busts():
    """Only a value strictly greater than the last card used moves the UFO on; an equal
    value busts."""
    st = deal(deck=top_first(["5♣", "J♦", "5♠"]))
    play(st, "A♠", "5♣", "reveal another card")
    assert st.cards_in("removed") == ["5♣", "J♦", "5♠"]
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert st.current_player == RADAR
    assert_invariants(st)


def test_voluntary_stop_removes_chosen_card_and_discards_the_rest():
    """If he stops, he removes one revealed card of his choice from the game (shown to
    both) and the other revealed cards go to the discard pile."""
    st = deal(deck=top_first(["2♣", "3♦", "5♠", "8♦"]))
    play(st, "A♠", "2♣", "reveal another card", "stop")   # 5♠ > 2♣: clubs down again
    assert st.current_player == INVADER
    assert sorted(str(a) for a in st.legal_actions()) == sorted(["2♣", "3♦", "5♠"])
    play(st, "3♦")
    assert st.cards_in("removed") == ["3♦"]
    assert st.is_face_up("3♦") and st.knows(RADAR, "3♦")
    assert st.cards_in("discard") == ["2♣", "5♠"]
    assert all(st.is_face_up(c) for c in ["2♣", "5♠"])
    assert st.cards_in("revealed") == []
    assert st.cards_in("deck")[-1] == "8♦"
    assert len(st.cards_in("deck")) == 30
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    assert st.current_player == RADAR
    assert_invariants(st)


def test_three_increasing_cards_drop_the_same_ufo_three():
    """Each card higher than the last card used moves the SAME UFO down one more (whatever
    its suit) and becomes the last card used; the unused revealed card does not count."""
    st = deal(deck=top_first(["2♣", "9♦", "5♠", "7♣"]))
    play(st, "A♠", "2♣")
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    play(st, "reveal another card")                   # 5♠ > 2♣ (9♦ was not used)
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    play(st, "reveal another card")                   # 7♣ > 5♠
    assert altitudes(st) == {"clubs": 5, "diamonds": 8, "spades": 8}
    play(st, "stop", "9♦")
    assert st.cards_in("removed") == ["9♦"]
    assert st.cards_in("discard") == ["2♣", "5♠", "7♣"]
    assert st.current_player == RADAR
    assert_invariants(st)


# ---- exhaustion -----------------------------------------------------------------------
#
# With reveal_count=17 the Invader's first turn reveals 17 of the 33 cards; he keeps 16 of
# them on the discard pile, so his second turn empties the deck after 16 reveals and must
# reveal a 17th card: the first exhaustion.

FIRST_17 = [c for c in INVASION if c[-1] == "♣"] + ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦"]
LAST_16 = [c for c in INVASION if c not in FIRST_17]


def exhaust_once():
    g = gufo(reveal_count=17)
    st = deal(g, deck=top_first(FIRST_17 + LAST_16), hand=["2♥", "8♥", "Q♥"])
    play(st, "A♠", "2♣", "stop", "Q♣")
    discard1 = [c for c in FIRST_17 if c != "Q♣"]
    assert st.cards_in("discard") == discard1
    play(st, "scan(card=Q♥, altitude=8)")
    return st, discard1


def test_first_exhaustion_reshuffles_discard_into_deck():
    """Exhaustion is when a card must be revealed and the deck is empty; the first time,
    the discard pile is shuffled into a new deck and play continues."""
    st, discard1 = exhaust_once()
    assert st.counter("exhaustions") == 1
    assert not st.is_over
    assert st.current_player == INVADER
    assert st.prompt == "to advance its UFO"
    revealed = st.cards_in("revealed")
    assert len(revealed) == 17
    assert revealed[:16] == LAST_16                   # the old deck, top first
    assert revealed[16] in discard1                   # the new deck's top card
    assert sorted(st.cards_in("deck") + [revealed[16]]) == sorted(discard1)
    assert st.cards_in("discard") == []
    assert st.cards_in("removed") == ["Q♣"]
    # Nobody can follow a card through the shuffle.
    for c in st.cards_in("deck"):
        assert not st.is_face_up(c)
        assert not st.knows(INVADER, c) and not st.knows(RADAR, c)
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert_invariants(st)


def test_second_exhaustion_radar_wins():
    """The second exhaustion ends the game at once: the Radar Operator wins."""
    st, discard1 = exhaust_once()
    play(st, "2♠", "stop", "Q♠")
    assert st.cards_in("revealed") == []
    discard2 = st.cards_in("discard")
    assert len(discard2) == 16 and "Q♠" not in discard2
    deck2 = st.cards_in("deck")
    assert len(deck2) == 15
    play(st, "scan(card=2♥, altitude=8)")
    assert st.is_over
    assert st.current_player is None
    assert st.legal_actions() == []
    assert st.result.ending == "exhausted"
    assert st.result.winners == (RADAR,)
    assert st.counter("exhaustions") == 2
    assert st.cards_in("deck") == []
    assert st.cards_in("revealed") == list(reversed(deck2))
    assert st.cards_in("discard") == discard2         # not reshuffled again
    assert st.cards_in("removed") == ["Q♣", "Q♠"]
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 7}
    assert st.is_face_up("A♠") and st.knows(RADAR, "A♠")   # the Alien is shown at the end
    assert_invariants(st)


def test_first_exhaustion_with_empty_discard_ends_game():
    """The first exhaustion ends the game if the discard pile is empty."""
    g = gufo(reveal_count=33)
    st = deal(g)
    play(st, "A♠")
    assert len(st.cards_in("revealed")) == 33
    assert st.cards_in("deck") == []
    play(st, "2♣")
    assert st.counter("exhaustions") == 0
    assert not st.is_over
    play(st, "reveal another card")
    assert st.is_over
    assert st.result.ending == "exhausted"
    assert st.result.winners == (RADAR,)
    assert st.counter("exhaustions") == 1
    assert len(st.cards_in("revealed")) == 33
    assert st.cards_in("discard") == [] and st.cards_in("deck") == []
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert_invariants(st)


def test_exhaustions_to_lose_parameter():
    """The ruling is a parameter: with exhaustions_to_lose=1 the first exhaustion ends
    the game even though the discard pile could be reshuffled."""
    g = gufo(reveal_count=17, exhaustions_to_lose=1)
    st = deal(g, deck=top_first(FIRST_17 + LAST_16), hand=["2♥", "8♥", "Q♥"])
    play(st, "A♠", "2♣", "stop", "Q♣", "scan(card=Q♥, altitude=8)")
    assert st.is_over
    assert st.result.ending == "exhausted" and st.result.winners == (RADAR,)
    assert st.counter("exhaustions") == 1
    assert st.cards_in("revealed") == LAST_16
    assert st.cards_in("discard") == [c for c in FIRST_17 if c != "Q♣"]
    assert_invariants(st)


# ---- the Radar Operator's actions -----------------------------------------------------


def test_bengal_light_on_clear_altitude():
    """Bengal light, face-up altitude: a 2..10 of value >= the altitude; the altitude card
    goes to her hand, the played card takes its place face up; every UFO there rises 1."""
    st = deal(deck=top_first(["2♣", "3♦", "5♠"]), hand=["2♥", "8♥", "Q♥"],
              sky={6: "9♥", 8: "10♥"})
    play(st, "A♠", "2♣", "reveal another card", "stop", "3♦")
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    legal = [str(a) for a in st.legal_actions()]
    assert "bengal_light(card=8♥, altitude=6)" in legal
    assert "bengal_light(card=8♥, altitude=8)" in legal       # value = altitude is enough
    assert "bengal_light(card=2♥, altitude=6)" not in legal   # 2 < 6
    assert not any(a.startswith("bengal_light(card=Q♥") for a in legal)  # J/Q/K: special only
    play(st, "bengal_light(card=8♥, altitude=6)")
    assert st.cards_in("sky", slot=6) == ["8♥"]
    assert st.is_face_up("8♥")
    assert sorted(st.cards_in("hand", "radar")) == ["2♥", "9♥", "Q♥"]
    assert not st.is_face_up("9♥") and st.knows(RADAR, "9♥")
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert st.current_player == INVADER
    assert st.prompt == "to advance its UFO"
    assert_invariants(st)


def test_illegal_bengal_light_is_refused():
    """A Bengal light below the altitude is not offered, and applying it anyway raises
    IllegalAction (reason "not offered") and changes nothing."""
    st = deal(deck=top_first(["2♣", "3♦"]), hand=["2♥", "8♥", "Q♥"], sky={6: "9♥"})
    play(st, "A♠", "2♣", "stop", "3♦")
    good = find(st, "bengal_light(card=8♥, altitude=6)")
    two = find(st, "scan(card=2♥, altitude=6)").args[0]        # ("card", 2♥)
    bad = good._replace(args=(two, ("altitude", 6)))
    assert str(bad) == "bengal_light(card=2♥, altitude=6)"
    assert bad not in st.legal_actions()
    before = (st.cards_in("sky", slot=6), sorted(st.cards_in("hand", "radar")), altitudes(st))
    with pytest.raises(ruleforge.IllegalAction) as err:
        st.apply(bad)
    assert err.value.reason == "not offered"
    assert (st.cards_in("sky", slot=6), sorted(st.cards_in("hand", "radar")), altitudes(st)) == before
    assert st.current_player == RADAR
    assert_invariants(st)


def test_bengal_light_on_cloudy_altitude():
    """Bengal light, cloudy altitude: only a card of exactly the altitude's value; the
    played card goes face down there (the Invader does not know it); she takes the cloudy
    card into her hand (she knows it now); every UFO there rises 1."""
    st = deal(deck=top_first(["2♣", "3♦", "5♠", "9♣"]), hand=["5♥", "8♥", "Q♥"])
    # seed 1: 4♥ lies at cloudy altitude 5; 5♥ and 4♥ were never seen by the Invader
    assert st.cards_in("sky", slot=5) == ["4♥"] and not st.is_face_up("4♥")
    assert not st.knows(INVADER, "5♥") and not st.knows(INVADER, "4♥")
    assert not st.knows(RADAR, "4♥")
    play(st, "A♠", "2♣", "reveal another card", "reveal another card", "stop", "3♦")
    assert altitudes(st) == {"clubs": 5, "diamonds": 8, "spades": 8}
    legal = [str(a) for a in st.legal_actions()]
    assert "bengal_light(card=5♥, altitude=5)" in legal
    assert "bengal_light(card=8♥, altitude=5)" not in legal   # 8 >= 5 but not exactly 5
    assert "bengal_light(card=8♥, altitude=7)" not in legal
    assert "bengal_light(card=5♥, altitude=7)" not in legal
    bad = find(st, "bengal_light(card=8♥, altitude=6)")._replace(
        args=(find(st, "scan(card=8♥, altitude=5)").args[0], ("altitude", 5)))
    with pytest.raises(ruleforge.IllegalAction):
        st.apply(bad)
    play(st, "bengal_light(card=5♥, altitude=5)")
    assert st.cards_in("sky", slot=5) == ["5♥"]
    assert not st.is_face_up("5♥")
    assert not st.knows(INVADER, "5♥") and st.knows(RADAR, "5♥")
    assert sorted(st.cards_in("hand", "radar")) == ["4♥", "8♥", "Q♥"]
    assert not st.is_face_up("4♥")
    assert st.knows(RADAR, "4♥") and not st.knows(INVADER, "4♥")
    assert st.view(INVADER).zone("sky", slot=5).cards == (None,)
    assert st.view(RADAR).zone("sky", slot=5).cards == ("5♥",)
    assert st.view(INVADER).zone("hand", owner="radar").cards == (None, None, None)
    assert st.view(RADAR).zone("hand", owner="radar").cards == ("4♥", "8♥", "Q♥")
    assert "4♥" not in st.view(INVADER).visible_cards()
    assert "5♥" not in st.view(INVADER).visible_cards()
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    assert st.current_player == INVADER
    assert_invariants(st)


def test_special_bengal_light():
    """Special Bengal light: a J, Q or K at any altitude 2..8; every UFO there rises 2;
    the card is removed from the game; no swap."""
    st = deal(deck=top_first(["2♣", "3♦", "5♠"]), hand=["2♥", "8♥", "Q♥"], sky={6: "J♥"})
    play(st, "A♠", "2♣", "reveal another card", "stop", "3♦")
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    legal = [str(a) for a in st.legal_actions()]
    assert [a for a in legal if a.startswith("special_light")] == \
        [f"special_light(card=Q♥, altitude={n})" for n in range(2, 9)]
    play(st, "special_light(card=Q♥, altitude=6)")
    assert st.cards_in("removed") == ["3♦", "Q♥"]
    assert st.is_face_up("Q♥") and st.knows(INVADER, "Q♥")
    assert st.cards_in("sky", slot=6) == ["J♥"]              # no swap
    assert sorted(st.cards_in("hand", "radar")) == ["2♥", "8♥"]
    assert altitudes(st) == {"clubs": 8, "diamonds": 8, "spades": 8}
    assert st.current_player == INVADER
    assert_invariants(st)


def test_scanning_a_cloudy_altitude():
    """Radar scanning: swap any hand card with any altitude card; a cloudy altitude stays
    face down; she sees the card she takes; the Invader does not see what she leaves.
    No UFO moves."""
    st = deal(deck=top_first(["2♣", "3♦", "5♠"]), hand=["2♥", "8♥", "Q♥"])
    # seed 1: 6♥ lies at cloudy altitude 7; 2♥ was dealt to her hand, unseen by him
    assert st.cards_in("sky", slot=7) == ["6♥"]
    assert not st.knows(RADAR, "6♥") and not st.knows(INVADER, "2♥")
    play(st, "A♠", "2♣", "reveal another card", "stop", "3♦")
    play(st, "scan(card=2♥, altitude=7)")
    assert st.cards_in("sky", slot=7) == ["2♥"]
    assert not st.is_face_up("2♥")
    assert st.knows(RADAR, "2♥") and not st.knows(INVADER, "2♥")
    assert sorted(st.cards_in("hand", "radar")) == ["6♥", "8♥", "Q♥"]
    assert not st.is_face_up("6♥")
    assert st.knows(RADAR, "6♥") and not st.knows(INVADER, "6♥")
    assert st.view(INVADER).zone("sky", slot=7).cards == (None,)
    assert altitudes(st) == {"clubs": 6, "diamonds": 8, "spades": 8}
    assert st.current_player == INVADER
    assert_invariants(st)


def test_scanning_a_clear_altitude():
    """Radar scanning a face-up altitude: the card she leaves is face up there, the card
    she takes goes to her hand; no value condition, no UFO moves."""
    st = deal(deck=top_first(["2♣", "3♦"]), hand=["2♥", "8♥", "Q♥"], sky={8: "10♥"})
    play(st, "A♠", "2♣", "stop", "3♦", "scan(card=2♥, altitude=8)")
    assert st.cards_in("sky", slot=8) == ["2♥"] and st.is_face_up("2♥")
    assert sorted(st.cards_in("hand", "radar")) == ["10♥", "8♥", "Q♥"]
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert_invariants(st)


def test_scanning_hides_which_hand_card_she_leaves():
    """She leaves a hand card face down at a cloudy altitude: the Invader cannot tell
    which card of her hand it was, even one he saw enter her hand."""
    st = deal(deck=top_first(["2♣", "3♦", "4♣", "5♦"]), hand=["2♥", "8♥", "Q♥"])
    # seed 1: 9♥ face up at altitude 3
    assert st.cards_in("sky", slot=3) == ["9♥"] and st.is_face_up("9♥")
    play(st, "A♠", "2♣", "stop", "3♦", "scan(card=2♥, altitude=3)")   # 9♥ into her hand
    play(st, "4♣", "stop", "5♦", "scan(card=9♥, altitude=5)")       # ...and face down at 5
    assert st.cards_in("sky", slot=5) == ["9♥"] and not st.is_face_up("9♥")
    assert sorted(st.cards_in("hand", "radar")) == ["4♥", "8♥", "Q♥"]
    assert st.view(INVADER).zone("sky", slot=5).cards == (None,)
    assert not st.knows(INVADER, "9♥")


# ---- the end of the game --------------------------------------------------------------


def test_shooting_the_alien():
    """Shoot a UFO: if it is the Alien, the Radar Operator wins (alien_shot)."""
    st = deal(deck=top_first(["2♣", "3♦"]))
    play(st, "A♠", "2♣", "stop", "3♦")
    assert st.view(RADAR).zone("alien", owner="invader").cards == (None,)
    assert not st.knows(RADAR, "A♠")
    shot = find(st, "shoot(target=spades ufo)")
    st.apply(shot)
    assert st.is_over and st.current_player is None
    assert st.result.ending == "alien_shot"
    assert st.result.winners == (RADAR,)
    assert st.cards_in("alien", "invader") == ["A♠"]
    assert st.is_face_up("A♠") and st.knows(RADAR, "A♠")    # revealed when the game ends
    assert st.legal_actions() == []
    with pytest.raises(ruleforge.IllegalAction) as err:
        st.apply(shot)
    assert err.value.reason == "game over"
    assert_invariants(st)


def test_shooting_an_owl():
    """Shoot a UFO: if it is an owl, the Invader wins (owl_shot)."""
    st = deal(deck=top_first(["2♣", "3♦"]))
    play(st, "A♠", "2♣", "stop", "3♦", "shoot(target=clubs ufo)")
    assert st.is_over and st.current_player is None
    assert st.result.ending == "owl_shot"
    assert st.result.winners == (INVADER,)
    assert st.is_face_up("A♠")
    assert_invariants(st)


RUN_TO_BASE = top_first(["2♣", "Q♦", "3♦", "4♠", "5♣", "6♦", "7♠", "8♣", "9♣"])


def test_owl_reaching_the_base():
    """A UFO that reaches altitude 1 ends the game at once: an owl means the Radar
    Operator wins (owl_landed)."""
    st = deal(deck=RUN_TO_BASE)
    play(st, "A♠", "2♣")
    for _ in range(5):
        play(st, "reveal another card")
    assert altitudes(st)["clubs"] == 2 and not st.is_over
    play(st, "reveal another card")                   # 8♣: clubs reaches the base
    assert st.is_over and st.current_player is None
    assert st.result.ending == "owl_landed"
    assert st.result.winners == (RADAR,)
    assert altitudes(st) == {"clubs": 1, "diamonds": 8, "spades": 8}
    assert st.cards_in("revealed") == ["2♣", "Q♦", "3♦", "4♠", "5♣", "6♦", "7♠", "8♣"]
    assert st.cards_in("deck")[-1] == "9♣"
    assert st.is_face_up("A♠")
    assert_invariants(st)


def test_alien_reaching_the_base():
    """A UFO that reaches altitude 1 ends the game at once: the Alien means the Invader
    wins (alien_landed)."""
    st = deal(deck=RUN_TO_BASE)
    play(st, "A♣", "2♣", *["reveal another card"] * 6)
    assert st.is_over and st.current_player is None
    assert st.result.ending == "alien_landed"
    assert st.result.winners == (INVADER,)
    assert altitudes(st) == {"clubs": 1, "diamonds": 8, "spades": 8}
    assert st.cards_in("revealed") == ["2♣", "Q♦", "3♦", "4♠", "5♣", "6♦", "7♠", "8♣"]
    assert st.is_face_up("A♣") and st.knows(RADAR, "A♣")
    assert_invariants(st)


def test_empty_hand_offers_only_shots():
    """With an empty hand, shooting is the Radar Operator's only action."""
    deck = top_first(["2♣", "3♣", "2♦", "3♦", "2♠", "3♠", "4♣", "4♦"])
    st = deal(deck=deck, hand=["J♥", "Q♥", "K♥"])
    play(st, "A♠",
         "2♣", "stop", "3♣", "special_light(card=J♥, altitude=8)",
         "2♦", "stop", "3♦", "special_light(card=Q♥, altitude=8)",
         "2♠", "stop", "3♠", "special_light(card=K♥, altitude=7)",
         "4♣", "stop", "4♦")
    assert st.cards_in("hand", "radar") == []
    assert st.cards_in("removed") == ["3♣", "J♥", "3♦", "Q♥", "3♠", "K♥", "4♦"]
    assert st.current_player == RADAR
    assert [str(a) for a in st.legal_actions()] == [
        "shoot(target=clubs ufo)", "shoot(target=diamonds ufo)", "shoot(target=spades ufo)"]
    # clubs 7 after turn 1, diamonds 7 after turn 2, spades 7 after turn 3; the K♥ at 7
    # lifts all three back to 8 (capped); turn 4 drops clubs to 7.
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert_invariants(st)


def test_ufo_at_8_does_not_rise_above_8():
    """UFOs never rise above altitude 8: a Bengal light at altitude 8 leaves the UFOs
    there at 8."""
    st = deal(deck=top_first(["2♣", "3♦"]), hand=["2♥", "8♥", "Q♥"], sky={8: "10♥"})
    play(st, "A♠", "2♣", "stop", "3♦")
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    play(st, "bengal_light(card=8♥, altitude=8)")
    assert st.cards_in("sky", slot=8) == ["8♥"]
    assert sorted(st.cards_in("hand", "radar")) == ["10♥", "2♥", "Q♥"]
    assert altitudes(st) == {"clubs": 7, "diamonds": 8, "spades": 8}
    assert_invariants(st)


def test_special_light_at_7_caps_at_8():
    """UFOs never rise above altitude 8: a special light (+2) on a UFO at 7 leaves it
    at 8."""
    st = deal(deck=top_first(["2♣", "3♦"]), hand=["2♥", "8♥", "Q♥"])
    play(st, "A♠", "2♣", "stop", "3♦")
    play(st, "special_light(card=Q♥, altitude=7)")
    assert altitudes(st) == {"clubs": 8, "diamonds": 8, "spades": 8}
    assert st.cards_in("removed") == ["3♦", "Q♥"]
    assert_invariants(st)


# ---- setup, secrecy, determinism ------------------------------------------------------


def test_setup_and_secret_alien():
    """Setup rulings: A♥ is the base; 7 hearts make altitudes 2..8 with 5 and 7 cloudy;
    she holds 3 hearts, 2 are removed unseen; a 33-card invasion deck; the Invader sets
    one ace as the Alien in secret and the other two are removed unseen by her."""
    st = gufo().new(5)
    assert st.current_player == INVADER
    assert sorted(str(a) for a in st.legal_actions()) == sorted(["A♣", "A♦", "A♠"])
    assert st.cards_in("sky", slot=1) == ["A♥"]
    assert sorted(st.cards_in("deck")) == sorted(INVASION)
    assert len(st.cards_in("hand", "radar")) == 3
    hearts = st.cards_in("sky") + st.cards_in("hand", "radar")
    assert all(c.endswith("♥") for c in hearts) and len(hearts) == 11
    for level in range(1, 9):
        (card,) = st.cards_in("sky", slot=level)
        assert st.is_face_up(card) == (level not in (5, 7))
        if level in (5, 7):
            assert not st.knows(INVADER, card) and not st.knows(RADAR, card)
    assert altitudes(st) == {"clubs": 8, "diamonds": 8, "spades": 8}
    play(st, "A♦")
    assert st.cards_in("alien", "invader") == ["A♦"]
    unseen = st.cards_in("unseen")
    assert sorted(c for c in unseen if c.startswith("A")) == ["A♠", "A♣"]
    assert len([c for c in unseen if c.endswith("♥")]) == 2
    for ace in ["A♦", "A♣", "A♠"]:
        assert not st.is_face_up(ace)
        assert st.knows(INVADER, ace) and not st.knows(RADAR, ace)
        assert ace not in st.view(RADAR).visible_cards()
    assert len(st.cards_in("revealed")) == 2
    assert_invariants(st)


def snapshot(st):
    g = st.game
    zones = {}
    for z in ["box", "deck", "revealed", "discard", "removed", "unseen", "heap"]:
        zones[z] = st.cards_in(z)
    for level in range(1, 9):
        zones[f"sky{level}"] = st.cards_in("sky", slot=level)
    zones["hand"] = st.cards_in("hand", "radar")
    zones["aces"] = st.cards_in("aces", "invader")
    zones["alien"] = st.cards_in("alien", "invader")
    faces = {c.name: (st.is_face_up(c.name), st.knows(0, c.name), st.knows(1, c.name))
             for c in g.cards}
    return (zones, faces, altitudes(st), st.counter("exhaustions"), st.current_player,
            st.prompt, st.result, [str(a) for a in st.legal_actions()])


def policy(st, rnd):
    """A scripted player: the Radar Operator lights the lowest UFO when she can, else
    scans, and never shoots unless she must; the Invader plays at random. Games played
    this way usually run to exhaustion, reshuffle included."""
    acts = [str(a) for a in st.legal_actions()]
    if st.current_player == RADAR:
        low = min(altitudes(st).values())
        for kind in ("special_light", "bengal_light"):
            hit = [a for a in acts if a.startswith(kind) and a.endswith(f"altitude={low})")]
            if hit:
                return hit[0]
        return rnd.choice([a for a in acts if a.startswith("scan")] or acts)
    return rnd.choice(acts)


def play_out(seed):
    """Play a whole game from `seed` with `policy`; return the final state and the actions
    played (by printed form), checking the invariants after every step."""
    import random

    rnd = random.Random(seed)
    st = gufo().new(seed)
    moves = []
    while not st.is_over:
        moves.append(policy(st, rnd))
        play(st, moves[-1])
        assert_invariants(st)
    return st, moves


def test_same_seed_same_game():
    """The game is the same for the same seed: replaying the same action list gives
    identical zones, faces, knowledge, altitudes and result (through a reshuffle)."""
    endings = set()
    for seed in (1, 2, 3):
        first, moves = play_out(seed)
        again = gufo().new(seed)
        play(again, *moves)
        assert snapshot(again) == snapshot(first)
        assert again.is_over and again.result == first.result
        endings.add((first.result.ending, first.counter("exhaustions")))
    assert ("exhausted", 2) in endings           # the replays went through a reshuffle
    assert snapshot(gufo().new(1)) == snapshot(gufo().new(1))
    assert snapshot(gufo().new(1)) != snapshot(gufo().new(2))


def test_arrange_deals_as_if_dealt_there():
    """`arrange` promises facing 'as if it had been dealt there': a card arranged into
    her hand should be hidden from the Invader like any dealt hand card."""
    st = gufo().new(1)
    assert st.cards_in("sky", slot=2) == ["3♥"] and st.is_face_up("3♥")   # seed 1
    arrange(st, "hand", ["3♥"], owner="radar")
    assert st.cards_in("hand", "radar")[-1] == "3♥"
    assert st.view(INVADER).zone("hand", owner="radar").cards == (None, None, None)
    assert not st.knows(INVADER, "3♥")


_REPLAY = r"""
import sys
sys.path.insert(0, {tests!r})
from test_gufo_rulings import play_out, snapshot
for seed in (1, 2, 3):
    st, moves = play_out(seed)
    print(seed, moves, snapshot(st))
"""


def test_same_seed_same_game_across_processes():
    """The same seed gives the same game in another process too (nothing depends on
    Python's per-process hash seed)."""
    import os
    import subprocess
    import sys

    script = _REPLAY.format(tests=str(Path(__file__).resolve().parent))
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              env=env, cwd=str(RULES.parent.parent), check=True)
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0].count("\n") == 3



def test_the_guide_quotes_the_rulebook_as_the_rule_file_does():
    """docs/gufo.md puts each rule of the rulebook next to its lines: a bold quote there
    is a quoted comment of games/gufo.rules word for word, and a bold ruling is one of
    its 'Ruling:' comments, so the guide and the file cannot drift apart."""
    from guides import misquoted
    assert misquoted(RULES, RULES.parent.parent / "docs" / "gufo.md") == ([], [])
