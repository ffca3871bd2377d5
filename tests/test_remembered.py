"""Definitions whose value depends on their arguments alone are kept by argument
(codegen/program.py `remembered_function`, footprint.py `on_arguments_alone`): the same
value, the same work charged, the same error when the work runs short, and bounded
memory. Gin Rummy's deadwood (a search over the groupings of a hand) is the case that
pays: its bots ask it of the same hands again and again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ruleforge
from ruleforge import RuleError

ROOT = Path(__file__).resolve().parent.parent
HAND = ["A♣", "2♣", "3♣", "7♦", "7♥", "7♠", "9♠", "10♠", "K♦", "K♥"]


@pytest.fixture(scope="module")
def gin():
    return ruleforge.load(ROOT / "examples" / "gin_rummy.rules")


def kept(game) -> dict:
    """The table of the kept values of a game's definitions (one for all of them)."""
    return next(iter(game.definitions.values()))[0].__globals__.get("KEPT")


def keeping(game) -> list[str]:
    """The definitions whose values are kept."""
    return sorted(name for name, (fn, _, _) in game.definitions.items() if "KEPT" in fn.__code__.co_names)


def test_only_definitions_of_their_arguments_alone_that_loop_are_kept(gin):
    # meld, deadwood and total read the cards they are given and fixed card attributes;
    # after_discard and best_discards read a hand, fits a slot of the table: never kept.
    # points reads one card's value and loops over nothing: worked out each time.
    assert keeping(gin) == ["deadwood", "meld", "total"]
    ufology = ruleforge.load(ROOT / "games" / "ufology.rules", players=4)
    assert keeping(ufology) == [] and kept(ufology) is None  # `complete of p` reads a Case File


def test_a_kept_value_is_the_same_and_charges_the_same_work(gin):
    st = gin.new(0)
    kept(gin).clear()
    hand = tuple(gin.card_index[c] for c in HAND)
    deadwood = gin.definitions["deadwood"][0]
    st.work = 10_000
    first = deadwood(st, hand)
    cost = 10_000 - st.work
    assert first == 9 + 10 + 10 + 10 and cost > 1
    assert kept(gin)[(1, hand)] == (first, cost)  # (deadwood: the second kept definition)
    st.work = 10_000
    assert deadwood(st, hand) == first and 10_000 - st.work == cost
    # a list (a zone's own cards) finds the value kept under the same cards
    st.work = 10_000
    assert deadwood(st, list(hand)) == first and 10_000 - st.work == cost


def test_short_of_the_work_a_kept_value_cost_it_is_worked_out_and_fails_where_it_fails(gin):
    st = gin.new(0)
    hand = tuple(gin.card_index[c] for c in HAND)
    deadwood = gin.definitions["deadwood"][0]
    kept(gin).clear()
    st.work = 10_000
    deadwood(st, hand)
    cost = 10_000 - st.work
    kept(gin).clear()
    st.work = cost - 1
    with pytest.raises(RuleError) as fresh:
        deadwood(st, hand)
    st.work = 10_000
    deadwood(st, hand)  # kept again
    st.work = cost - 1
    with pytest.raises(RuleError) as again:
        deadwood(st, hand)
    assert again.value.message == fresh.value.message and "the work limit" in again.value.message
    st.work = cost  # exactly enough: the kept value, and nothing left
    assert deadwood(st, hand) == 39 and st.work == 0


def test_the_kept_values_of_a_definition_are_bounded(gin):
    ns = gin.definitions["deadwood"][0].__globals__
    before = ns["MAX_REMEMBERED"]
    table = kept(gin)
    table.clear()
    ns["MAX_REMEMBERED"] = 3
    try:
        st = gin.new(0)
        total = gin.definitions["total"][0]
        for k in range(1, 11):
            st.work = 10_000
            assert total(st, tuple(range(k))) == sum(min(gin.cards[c].attrs["value"], 10) for c in range(k))
            assert len(table) <= 3
    finally:
        ns["MAX_REMEMBERED"] = before
        table.clear()


def test_a_long_list_of_cards_is_worked_out_every_time(gin):
    # keys are bounded in cards too (MAX_KEPT_CARDS), so a rule file cannot make the
    # kept values hold more than MAX_REMEMBERED short lists
    ns = gin.definitions["total"][0].__globals__
    before = ns["MAX_KEPT_CARDS"]
    kept(gin).clear()
    ns["MAX_KEPT_CARDS"] = 5
    try:
        st = gin.new(0)
        total = gin.definitions["total"][0]
        st.work = 10_000
        total(st, tuple(range(6)))
        assert kept(gin) == {}
        total(st, tuple(range(5)))
        assert list(kept(gin)) == [(2, tuple(range(5)))]
    finally:
        ns["MAX_KEPT_CARDS"] = before
        kept(gin).clear()
