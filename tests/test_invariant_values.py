"""What a failing invariant read (Game.explain_invariant, codegen/explain.py): exact lines
on stacked positions, and in `check --deep`'s report and check_properties' failure."""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card
from ruleforge.testing import PropertyFailure, arrange, check_properties, refresh

RULES = textwrap.dedent("""\
    game "Hoard"
    players 2 to 3
    parameter limit = 4
    cards: standard deck in deck
    zone deck "the deck": pile, face down
    zone hand per player "hand": hand
    counter score per player = 0

    setup:
        shuffle deck
        deal 4 cards from deck to hand of each player

    turn:
        current takes an action

    action draw "Draw":
        move top of deck to hand of current
        increase score of current by 1

    ending out "the deck ran out": current wins when deck is empty

    invariant small "hands stay small": count of deck > 0 and (every p in players has count of hand of p <= limit and score of p < 10)
    invariant no_king "no king in a hand": no p in players has any c in hand of p has c.value = 13
    invariant some_low "a hand holds a low card": any p in players has any c in hand of p has c.value < 3
    invariant deck_size "the deck is between": count of deck between 44 and 52
    invariant all_cards "every card": count of deck + sum of count of hand of p for each p in players - 0 = 52
    invariant not_both "not both": not (count of deck < 44 and score of (the player after current) = 0)
    """)


@functools.cache
def game(tmp: str):
    path = Path(tmp) / "hoard.rules"
    path.write_text(RULES, encoding="utf-8")
    return ruleforge.load(path)


@pytest.fixture
def hoard(tmp_path_factory):
    return game(str(tmp_path_factory.getbasetemp()))


def dealt(hoard, p1, p2):
    st = hoard.new(0)
    arrange(st, "hand", p1, owner=0)
    arrange(st, "hand", p2, owner=1)
    return st


def test_a_holding_invariant_reads_nothing_worth_showing(hoard):
    st = dealt(hoard, ["2♣", "3♣", "4♣", "5♣"], ["2♦", "3♦", "4♦", "5♦"])
    assert hoard.check_invariants(st) == []


def test_every_shows_the_first_player_it_fails_for_and_the_part_that_failed(hoard):
    st = dealt(hoard, ["2♣", "3♣", "4♣", "5♣"], ["2♦", "3♦", "4♦", "5♦"])
    g = hoard
    move_card(st, g.card_index[st.cards_in("deck")[-1]], g.zone_inst("hand", 1).index)
    refresh(st)
    assert [name for name, _, _ in g.check_invariants(st)] == ["small", "deck_size", "not_both"]
    assert g.explain_invariant(st, "small") == [
        "where p is player 2:",
        "  count of hand of p = 5",
        "  limit = 4",
    ]
    # between: the value (its bounds are written out)
    assert g.explain_invariant(st, "deck_size") == ["count of deck = 43"]
    # not (A and B) failed: both held, so both are shown
    assert g.explain_invariant(st, "not_both") == [
        "count of deck = 43",
        "score of (the player after current) = 0",
    ]
    # a misspelt name is no invariant ([] read as 'nothing to show')
    with pytest.raises(KeyError, match="no invariant 'smal'; did you mean 'small'"):
        g.explain_invariant(st, "smal")


def test_no_and_any_show_the_cards_that_decided_them(hoard):
    st = dealt(hoard, ["2♣", "3♣", "K♣", "5♣"], ["6♦", "7♦", "8♦", "9♦"])
    assert hoard.explain_invariant(st, "no_king") == [
        "where p is player 1:",
        "  where c is K♣:",
        "    c.value = 13",
    ]
    st = dealt(hoard, ["6♣", "7♣", "8♣", "9♣"], ["6♦", "7♦", "8♦", "9♦"])
    assert [name for name, _, _ in hoard.check_invariants(st)] == ["some_low"]
    # `any` failed: no element decided it, so nothing is shown but the failure itself
    assert hoard.explain_invariant(st, "some_low") == []


def test_a_sum_shows_each_term(hoard):
    # (it holds here: the values are shown wherever it is asked)
    st = dealt(hoard, ["2♣", "3♣", "4♣", "5♣"], ["2♦", "3♦", "4♦", "5♦"])
    assert hoard.explain_invariant(st, "all_cards") == [
        "count of deck + sum of count of hand of p for each p in players - 0 = 52",
        "  count of deck = 44",
        "  sum of count of hand of p for each p in players = 8",
    ]


def test_an_invariant_past_the_work_limit_is_a_rule_error_that_names_it(tmp_path):
    # It was a bare "error: more than 1,000,000 units of work" from `check --deep`,
    # with no file, no invariant and no position.
    from ruleforge.drivers.deep import deep_check
    from ruleforge.runtime.values import RuleError
    path = tmp_path / "heavy.rules"
    path.write_text(RULES.split("    invariant small")[0] + "    invariant heavy \"too much\": every a in deck has "
                    "every b in deck has every c in deck has every d in deck has count of deck > 0\n"
                    .replace("    ", "", 1), encoding="utf-8")
    g = ruleforge.load(path)
    with pytest.raises(RuleError) as e:
        g.check_invariants(g.new(0))
    assert e.value.rule == "invariant heavy" and (e.value.span.line, e.value.span.column) == (28, 29)  # its first `every`
    found = deep_check(g, 1, 0, 50)
    assert found.kind == "rule error" and found.rule == "in rule 'invariant heavy'" and not found.shrunk
    assert found.choices == [] and found.span == e.value.span
