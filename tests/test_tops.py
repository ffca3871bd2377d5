"""A pile's top cards dealt into a hand (runtime/tops.py) leave the board, the work
charged and the record that board.move_card, card by card, leaves."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge.runtime.board import move_card
from ruleforge.runtime.events import Moved
from ruleforge.runtime.values import RuleError

TOPS = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone discard: pile, face up
zone stock: pile, face down
zone hand per player: hand
zone table per player: pile, face up
ending done: nobody wins
setup:
    shuffle box
    move top 3 cards of box to discard
    move top 6 cards of box to stock
    player 2 looks at top of stock
    move top 2 cards of stock to hand of player 1
    move top 0 cards of box to hand of player 2
    move top 60 cards of box to table of player 1
    move top 5 cards of table of player 1 to box
turn:
    let c = current chooses a card in discard "to start"
    move top of discard to hand of current
    move top of stock to hand of current
    move top of table of current to hand of current
    move top 3 cards of stock to hand of (the player after current)
    move top 2 cards of discard to hand of current
    move top of box to hand of current face up
    move top of hand of current to stock
    move top of stock to stock
    move cards in box to stock
    reveal top of table of current to discard as r
    reveal top of table of (the player after current) to discard as gone
    if r is not none and gone is none:
        move r to box
    end the game with done
"""

BOX, DISCARD, STOCK, HAND1, HAND2, TABLE1 = 0, 1, 2, 3, 4, 5


def _game(tmp_path):
    path = tmp_path / "tops.rules"
    path.write_text(TOPS)
    return ruleforge.load(path)


def test_the_generator_deals_a_piles_top_cards_into_a_hand_short(tmp_path):
    game = _game(tmp_path)
    source = game.source
    # into a hand from no hand, or face up; out of a hand, or face down to a pile: move_card
    assert source.count("top_to_hand(st, ") == 3 and source.count("top_n_to_hand(st, ") == 4
    assert "if Z[1]: top_to_hand(st, 1, " in source and "top_n_to_hand(st, 2, 2, " in source
    assert "if Z[0]: top_up(st, 0, " in source
    assert [line.strip() for line in source.splitlines() if "= top_up(" in line] == [  # (reveal ... as r)
        "L[1] = top_up(st, z14, d15) if Z[z14] else None", "L[2] = top_up(st, z16, d17) if Z[z16] else None"]
    assert source.count("move_card(st, ") == 3 and "move_up(st, " not in source  # (and `move r to box`)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_top_cards_dealt_into_a_hand_leave_the_board_card_by_card_moves_leave(tmp_path, seed):
    game = _game(tmp_path)
    st = game.new(seed)
    assert [len(z) for z in st.zones] == [5, 3, 4, 2, 0, 38, 0]
    # dealt top card first; player 2 looked at it in the stock and still knows it
    assert [st.known[c] for c in st.zones[HAND1]] == [0b11, 0b01]
    assert {st.up[c] for c in st.zones[BOX]} == {0} and {st.known[c] for c in st.zones[BOX]} == {0b11}
    by_hand = st.clone()
    st.apply(st.legal_actions()[0])
    Z, current, other = by_hand.zones, HAND1, HAND2
    for src, dst in ((DISCARD, current), (STOCK, current), (TABLE1, current)):
        move_card(by_hand, Z[src][-1], dst)
    for src, n, dst in ((STOCK, 3, other), (DISCARD, 2, current)):
        for c in Z[src][-n:][::-1]:
            move_card(by_hand, c, dst)
    move_card(by_hand, Z[BOX][-1], current, 0)
    move_card(by_hand, Z[current][-1], STOCK)
    move_card(by_hand, Z[STOCK][-1], STOCK)
    for c in tuple(Z[BOX]):
        move_card(by_hand, c, STOCK)
    r = Z[TABLE1][-1]
    assert Z[DISCARD] == [] and Z[TABLE1 + 1] == []  # the second reveal finds none: r goes on to the box
    move_card(by_hand, r, DISCARD, 0)
    move_card(by_hand, r, BOX)
    assert st.zones[BOX] == [r] and st.up[r] == 0 and st.known[r] == 0b11
    assert st.zones == by_hand.zones
    assert st.loc == by_hand.loc and st.up == by_hand.up and st.known == by_hand.known
    assert st.cls == by_hand.cls


def test_top_cards_dealt_into_a_hand_are_recorded_card_by_card(tmp_path):
    game = _game(tmp_path)
    quiet, told = game.new(5), game.new(5, record=True)
    quiet.apply(quiet.legal_actions()[0])
    told.apply(told.legal_actions()[0])
    assert quiet.zones == told.zones and quiet.known == told.known and quiet.up == told.up
    moved = [(e.card, e.source, e.destination, e.face_up, e.known) for e in told.record if isinstance(e, Moved)]
    into_hands = [m for m in moved if m[2] in (HAND1, HAND2)]
    # setup's two cards, then the turn: discard, stock, table, 3 to player 2, 2 more, the box's face up
    assert [m[1:3] for m in into_hands] == [(STOCK, HAND1)] * 2 + [(DISCARD, HAND1), (STOCK, HAND1), (TABLE1, HAND1)] + \
        [(STOCK, HAND2)] * 3 + [(DISCARD, HAND1)] * 2 + [(BOX, HAND1)]
    assert [m[3] for m in into_hands] == [False] * 10 + [True]
    assert [m[4] for m in into_hands[2:5]] == [0b11, 0b01, 0b11]  # the discard and the table were face up


def test_a_deal_over_the_work_limit_stops_before_any_card_moves(tmp_path):
    from ruleforge.runtime.tops import top_n_to_hand
    game = _game(tmp_path)
    st = game.new(1)
    before = [list(z) for z in st.zones]
    st.work = 2
    with pytest.raises(RuleError, match="units of work without a decision"):
        top_n_to_hand(st, BOX, 3, HAND2)
    assert st.zones == before


LOOKS = """\
game "t"
players 2
cards: 2 standard decks in deck
zone deck: pile, face down
zone hand per player: hand
setup:
    move top 3 cards of deck to hand of player 2
turn:
    player 1 looks at top of deck
    player 1 looks at cards in deck where rank = A
    player 1 looks at top of hand of player 2
    current takes an action
action go "Go":
    move top of deck to hand of current
ending done "done": nobody wins when count of deck < 90
"""


def test_a_look_at_cards_in_no_hand_has_no_copies_to_tell_apart(tmp_path):
    # board.looked_apart does something only for a card that lies in a hand: the looks at
    # the deck's cards go without it; the look at a card of a hand keeps it
    path = tmp_path / "looks.rules"
    path.write_text(LOOKS)
    game = ruleforge.load(path)
    assert game.copies and game.source.count("looked_apart(st, ") == 1
    st = game.new(2)
    top, aces = st.zones[0][-1], [c for c in st.zones[0] if game.cards[c].attrs["rank"] == "A"]
    assert st.known[top] & 1 and all(st.known[c] & 1 for c in aces)


SLOTS = """\
game "t"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone row: row of 4 slots, face up, slots [1, 3] face down
zone hand per player: hand
setup:
    shuffle deck
    player 1 looks at top of deck
    move top 3 cards of deck to row slots 1 to 3
turn:
    current takes an action
action go "Go":
    move top deal cards of deck to row slots 2 to 4
    set deal to 2
counter deal = 3
ending done "done": nobody wins when count of deck < 40
"""


def test_top_cards_dealt_onto_slots_take_each_slots_facing(tmp_path):
    path = tmp_path / "slots.rules"
    path.write_text(SLOTS)
    game = ruleforge.load(path)
    assert game.source.count("top_n_to_slots(st, 0, ") == 3 and "spread(" not in game.source  # (setup, the action twice)
    deck, slots = 0, game.zinst[1].slots
    quiet, told = game.new(3), game.new(3, record=True)
    by_hand = game.new(3)
    for st in (quiet, told, by_hand):
        assert [len(st.zones[z]) for z in slots] == [1, 1, 1, 0]
        assert [st.up[st.zones[z][0]] for z in slots[:3]] == [0, 1, 0]
        assert [st.known[st.zones[z][0]] for z in slots[:3]] == [0b01, 0b11, 0]  # player 1 looked at the top card
    cards = by_hand.zones[deck][-1:-4:-1]
    for c, z in zip(cards, slots[1:]):
        move_card(by_hand, c, z)
    for st in (quiet, told):
        st.apply(st.legal_actions()[0])
        with pytest.raises(RuleError, match="2 cards for 3 slots of row"):
            st.apply(st.legal_actions()[0])
    assert quiet.zones == told.zones == by_hand.zones and quiet.known == told.known == by_hand.known
    assert quiet.up == told.up == by_hand.up and quiet.loc == told.loc == by_hand.loc
    moved = [(e.source, e.destination, e.face_up) for e in told.record if isinstance(e, Moved)]
    assert moved[-3:] == [(deck, slots[1], True), (deck, slots[2], False), (deck, slots[3], True)]
