"""A set of cards found among many (`with NAME some of C`), as the climbing game of issue 13
needed it: conditions on every card or pair worked out once, sets too short not walked.

Each test runs a small rule file with fixed choices and asserts the exact outcome."""

from __future__ import annotations

from itertools import combinations

import pytest

from ruleforge import RuleError
from ruleforge.runtime.limits import MAX_SUBSET_CARDS
from test_constructs_turns import WIDE, make  # the same small game with a wide table


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


# ---- a set of cards: conditions on every card and every pair (President) ----------------

def expected_sets(st, keep) -> list[str]:
    """Every set of the table's cards that `keep` accepts, as the menu prints them: in
    canonical order (tuples of card indexes), each in card order."""
    index = st.game.card_index
    table = sorted(st.cards_in("table"), key=index.get)
    out = [s for k in range(1, len(table) + 1) for s in combinations(table, k) if keep(s)]
    out.sort(key=lambda s: tuple(index[c] for c in s))
    return [f"take(picked=[{', '.join(s)}])" for s in out]


def attrs(st):
    g = st.game
    return lambda c, a: g.cards[g.card_index[c]].attrs[a]


@pytest.mark.parametrize("condition, keep", [
    # "cards of one suit": the pairs that go together, and only those sets of them
    ("every a in picked has every b in picked has a.suit = b.suit",
     lambda s, at: len({at(c, "suit") for c in s}) == 1),
    # "cards of one rank, at most three"
    ("count of picked <= 3 and every a in picked has every b in picked has a.value = b.value",
     lambda s, at: len(s) <= 3 and len({at(c, "value") for c in s}) == 1),
    # a condition on each card alone, and one the enumerator cannot use, tested on each set
    ("(every c in picked has c.value > 6) and count of (picked where suit = hearts) = 1",
     lambda s, at: all(at(c, "value") > 6 for c in s) and sum(at(c, "suit") == "hearts" for c in s) == 1),
    # unnamed: `it` and bare attributes name the card
    ("every picked has value >= 10 and color = red",
     lambda s, at: all(at(c, "value") >= 10 and at(c, "color") == "red" for c in s)),
    # a run of one suit, each value once, no gap: pairs of one suit and of two values
    ("(every a in picked has every b in picked has a.suit = b.suit and (a = b or a.value != b.value))"
     " and count of picked >= 3 and count of (picked where no d in picked has d.value = value - 1) = 1",
     lambda s, at: (len(s) >= 3 and len({at(c, "suit") for c in s}) == 1
                    and max(at(c, "value") for c in s) - min(at(c, "value") for c in s) == len(s) - 1)),
])
def test_a_set_of_cards_that_go_together_two_by_two_is_found_among_twenty(tmp_path, condition, keep):
    """Among 20 cards there are 2**20 - 1 sets, more than the work budget can look at
    (tests/test_constructs_turns.py): a condition on every card, or on every pair, of the
    set holds for each of its smaller sets too, so the enumerator sets aside the cards and
    pairs that fail it, and never looks at a set holding them."""
    st = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS, condition=condition)).new(3)
    at = attrs(st)
    assert legal(st) == expected_sets(st, lambda s: keep(s, at))


def test_a_pair_condition_that_reads_the_set_is_tested_set_by_set(tmp_path):
    """`every a in picked has ... count of picked ...` does not hold of a smaller set because
    it holds of a larger: it is only tested on each set, so among 20 cards it is too much."""
    wide = make(tmp_path, WIDE.format(cards=MAX_SUBSET_CARDS,
                                      condition="every a in picked has a.value >= count of picked"))
    with pytest.raises(RuleError) as e:
        wide.new(1)
    assert e.value.limit == "work"
    few = make(tmp_path, WIDE.format(cards=5, condition="every a in picked has a.value >= count of picked"))
    st = few.new(1)
    at = attrs(st)
    assert legal(st) == expected_sets(st, lambda s: all(at(c, "value") >= len(s) for c in s))
