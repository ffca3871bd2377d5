"""Constructs Gin Rummy (issue 13) needed beyond the general ones (the least sum outside
groups, definitions of a list of cards), with scripted games asserting exact states and
wrong uses asserting exact diagnostics. (Hold'em's: test_constructs_ordering.py; the climbing
game's: test_constructs_sets.py.)"""

from __future__ import annotations

import itertools
import random

import pytest

import ruleforge
from ruleforge import RuleError, RuleFileError
from ruleforge.load import check_source
from ruleforge.testing import arrange, play

# ---- the least sum outside groups, definitions of a list of cards (Gin Rummy) -----------

RUMMY = """\
game "t"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone table: pile, face up
zone hand per player: hand
counter left per player = 0
define points of card c = if c.value > 10 then 10 else c.value
define meld of cards m = (count of m >= 3
        and (every a in m has every b in m has a.value = b.value or a.suit = b.suit)
        and (every a in m has every b in m has a.value - b.value < count of m))
define deadwood of cards h = least sum of points of c for each c in h outside groups m where meld of m
define tens of cards h = least sum of c.value for each c in h outside groups g where sum of x.value for each x in g = 10
define sevens_apart of cards h = least sum of 1 for each c in h where c.value != 7 outside groups g where count of g = 2 and every a in g has every b in g has a.suit = b.suit
setup:
    for each p in players:
        move top 6 cards of deck to hand of p
turn:
    current takes an action
action count_up "Count the deadwood":
    set left of current to deadwood of cards in hand of current
action lay "Lay a meld on the table":
    with m some of hand of current where meld of m
    move m to table
ending done: nobody wins when left of player 2 > 0
"""


def make(tmp_path, text=RUMMY, **kw):
    path = tmp_path / "t.rules"
    path.write_text(text)
    return ruleforge.load(path, **kw)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


def test_the_least_sum_outside_groups_in_a_scripted_game(tmp_path):
    st = make(tmp_path).new(0)
    arrange(st, "hand", ["3♦", "4♦", "5♦", "5♣", "5♠", "K♥"], 0)
    arrange(st, "hand", ["9♠", "10♠", "J♠", "Q♠", "K♠", "A♥"], 1)
    # the set of fives leaves 3 + 4 + 10; the run 3-4-5♦ would leave 5 + 5 + 10
    play(st, "count_up")
    assert st.counter("left", 0) == 17 and st.current_player == 1
    # a run of five; only the ace is left
    play(st, "count_up")
    assert st.counter("left", 1) == 1 and st.is_over


def test_a_definition_of_a_list_of_cards_is_given_a_chosen_set(tmp_path):
    st = make(tmp_path).new(0)
    arrange(st, "hand", ["3♦", "4♦", "5♦", "5♣", "5♠", "K♥"], 0)
    assert [str(a) for a in st.legal_actions()] == [
        "count_up", "lay(m=[5♣, 5♦, 5♠])", "lay(m=[3♦, 4♦, 5♦])"]
    play(st, "lay(m=[3♦, 4♦, 5♦])")
    assert st.cards_in("table") == ["3♦", "4♦", "5♦"]
    assert st.definition("meld", ["5♣", "5♠", "5♦"]) is True
    assert st.definition("meld", ["5♣", "5♠"]) is False
    assert st.definition("deadwood", ["5♣", "5♠", "K♥"]) == 20


@pytest.mark.parametrize("cards, value", [
    ([], 0),
    (["K♥"], 10),
    (["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"], 0),         # two runs of three, or one of six
    (["Q♣", "K♣", "A♣"], 21),                          # the ace is low only
    (["7♦", "7♥", "7♠", "7♣", "8♣", "9♣"], 0),         # the 7♣ in the run, the other sevens a set
    (["7♦", "7♥", "7♣", "8♣", "9♣"], 14),              # the 7♣ in one meld only: the run leaves 7 + 7
])
def test_deadwood(tmp_path, cards, value):
    st = make(tmp_path).new(0)
    assert st.definition("deadwood", cards) == value


def brute(cards, weight, ok):
    """The least total outside disjoint groups, by trying every choice of groups."""
    groups = [set(g) for k in range(1, len(cards) + 1) for g in itertools.combinations(cards, k) if ok(g)]
    best = sum(weight(c) for c in cards)

    def go(i, used):
        nonlocal best
        best = min(best, sum(weight(c) for c in cards if c not in used))
        for j in range(i, len(groups)):
            if not groups[j] & used:
                go(j + 1, used | groups[j])
    go(0, set())
    return best


def test_the_search_finds_the_least_sum(tmp_path):
    """Against every choice of groups tried in Python: groups summing to 10 (no bound the
    search can use), pairs of one suit, and melds (a size bound and a pair condition)."""
    st = make(tmp_path).new(0)
    g = st.game
    value = {c.name: g.card_attr["value"][i] for i, c in enumerate(g.cards)}
    suit = {c.name: c.name[-1] for c in g.cards}
    rng = random.Random(5)
    names = [c.name for c in g.cards if value[c.name] <= 8]
    for _ in range(40):
        hand = rng.sample(names, rng.randint(0, 9))
        assert st.definition("tens", hand) == brute(hand, value.get, lambda gr: sum(value[c] for c in gr) == 10)
        sevens = [c for c in hand if value[c] != 7]
        assert st.definition("sevens_apart", hand) == brute(
            sevens, lambda c: 1, lambda gr: len(gr) == 2 and len({suit[c] for c in gr}) == 1)


def test_a_grouping_among_more_than_20_cards_is_an_error(tmp_path):
    st = make(tmp_path).new(0)
    with pytest.raises(RuleError) as e:
        st.definition("deadwood", [c.name for c in st.game.cards][:21])
    assert e.value.limit == "subsets"
    assert e.value.message == ("'outside groups' would group 21 cards: groups are made among at most 20 "
                               "(MAX_SUBSET_CARDS, see docs/limits.md)")


def test_a_grouping_that_looks_at_too_many_groups_stops_at_the_work_limit(tmp_path):
    text = RUMMY.replace("define tens of cards h = least sum of c.value for each c in h outside groups g where sum of x.value for each x in g = 10",
                         "define tens of cards h = least sum of c.value for each c in h outside groups g where true")
    st = make(tmp_path, text).new(0)
    with pytest.raises(RuleError) as e:
        st.definition("tens", [c.name for c in st.game.cards][:20])
    assert e.value.limit == "work"


def test_wrong_uses_of_outside_groups_and_of_a_list_of_cards():
    base = RUMMY.split("setup:")[0]
    assert errors(base + """\
define w1 = least sum of 1 for each p in players outside groups g where count of g = 2
define w2 = least sum of c.suit for each c in table outside groups g where count of g
define w3 = least sum of 1 for each c in table outside groups deck where true
define w4 = meld of table
define w5 = meld of hand of player 1
define w6 = deadwood of (hand of player 1 where value > 2)
ending done: nobody wins
""") == [
        (15, 42, "'outside groups' groups cards: a zone or a list of cards, not a list of players", None),
        (16, 26, "what is summed must be a number, not a suit", None),
        (16, 76, "the condition of a group must be a yes/no condition, not a number", None),
        (17, 63, "'deck' is already declared as a zone at line 4", "pick another name for this local value"),
        (18, 21, "what 'meld' is defined of must be a list of cards, not a zone", None),
        (19, 21, "what 'meld' is defined of must be a list of cards, not a zone", None),
    ]


# ---- a counter that starts at player N (Spades: counter dealer = player 4) ------------

DEALER = """\
game "t"
players {players}
cards: standard deck in deck
zone deck: pile
counter dealer = player 3
counter partner per player = player 1
action pass_deal:
    set dealer to the player after dealer
turn:
    say "{{dealer}} deals"
    current takes pass_deal
ending done: nobody wins when dealer = player 1
"""


def test_a_player_counter_starts_at_player_n(tmp_path):
    g = make(tmp_path, DEALER.format(players="3 to 4"), players=4)
    st = g.new(0)
    assert st.counter("dealer") == "player 3"
    assert [st.counter("partner", s) for s in range(4)] == ["player 1"] * 4
    assert dict(st.view(0).counters)["dealer"] == "player 3"
    play(st, "pass_deal")
    assert st.counter("dealer") == "player 4"
    play(st, "pass_deal")
    assert st.is_over and st.counter("dealer") == "player 1"


def test_a_counter_starts_at_a_seat_every_game_has():
    assert errors(DEALER.format(players="2 to 4")) == [
        (5, 18, "player 3 is not in every game: this game may be played by 2 players",
         "a counter starts at a seat every game has (player 1 to player 2); set it in setup otherwise")]
    assert errors(DEALER.format(players="2").replace("player 3", "player 0")) == [
        (5, 18, "there is no player 0: this game is for 2 players", "players are numbered from 1 to 2")]
    with_roles = DEALER.format(players="3").replace('game "t"\n', 'game "t"\nrole a\nrole b\nrole c\n')
    with_roles = with_roles.replace("counter partner per player = player 1\n", "")
    assert errors(with_roles) == [
        (8, 18, "this game has roles: name a seat by its role", "player 3 is 'c': write 'c'"),
        (14, 40, "this game has roles: name a seat by its role", "player 1 is 'a': write 'a'")]
