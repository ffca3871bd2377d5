"""UFO*logy: every card of the launch set, one scripted test per card effect.

Each test deals a 3-player game from a fixed seed, stacks the cards it cares about,
plays a fixed list of actions by their printed forms and asserts the exact outcome:
zones, values, quantities, who decides next and who knows which card. Random picks
("a random card in X") come from the state's seeded generator, so with the seed fixed
the card taken is fixed too and the tests name it.

Seats: 0, 1, 2 are "player 1".."player 3" and play in that order. `new()` has already
run setup and player 1's draw step, so player 1 holds 6 cards and must take an action;
the other hands hold 5.

Scenario helpers:
- `deal()` stacks hands and the deck with `arrange` and puts cards on tables, into
  Case Files and onto the discard pile by moving them directly (a card pulled out of a
  hand is replaced by an unnamed deck card, so hand sizes do not change). A CE1 put into
  a Case File gets the number the Archive action would give it.
- `set_agenda()` deals a chosen agenda face down into a Case File, known to its owner
  only, as setup does.
- `refresh()` (called by `deal()`) re-asks player 1's pending decision, whose legal
  actions were computed before the stacking (see test_arrange_refreshes_legal_actions).
Every test ends by checking that the 56 cards are all present exactly once and that the
rule file's invariants hold.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import move_card, run, swap_cards
from ruleforge.testing import arrange, play, set_number

RULES = Path(__file__).resolve().parent.parent / "games" / "ufology.rules"
P1, P2, P3 = 0, 1, 2


@functools.cache
def game(players: int = 3):
    return ruleforge.load(RULES, players=players)


# ---- scenario helpers -------------------------------------------------------------------

def _zone(st, zone, owner=None):
    return st.game.zone_inst(zone, owner).index


def _type(st, name):
    g = st.game
    return g.card_attr["type"][g.card_index[name]]


def set_agenda(st, seat, name):
    """Make `name` the face-down agenda in `seat`'s Case File, known to that seat only."""
    g = st.game
    c = g.card_index[name]
    cf = _zone(st, "case_file", seat)
    old = next(x for x in st.zones[cf] if g.card_attr["type"][x] == "CE5")
    if old == c:
        return
    swap_cards(st, c, old)
    for card in (c, old):
        zi = g.zinst[st.loc[card]]
        st.up[card] = 0
        st.known[card] = (1 << zi.owner) if zi.decl == "case_file" else 0


def put(st, name, zone, owner=None, keep=()):
    """Move a card straight into `zone` (facing as the zone says). A card taken out of
    a hand is replaced there by the top deck card not in `keep`."""
    g = st.game
    c = g.card_index[name]
    src = g.zinst[st.loc[c]]
    dst = _zone(st, zone, owner)
    move_card(st, c, dst)
    if zone == "case_file" and _type(st, name) == "CE1":
        # as if archived: the owner's n-th CE1 archived is numbered n
        n = st.counter("ce1_archived", owner) + 1
        set_number(st, "ce1_archived", n, owner=owner)
        set_number(st, "order", n, card=name)
    if src.kind == "hand":
        spare = next(x for x in reversed(st.zones[_zone(st, "deck")]) if g.cards[x].name not in keep)
        move_card(st, spare, src.index)


def empty_hand(st, seat):
    """Put every card of `seat`'s hand at the bottom of the deck."""
    for c in list(st.zones[_zone(st, "hand", seat)]):
        move_card(st, c, _zone(st, "deck"), bottom=True)


def deal(seed=1, hands=None, deck=(), agendas=None, case_files=None, tables=None, discard=(),
         players=3):
    """A new game stacked as asked. `hands`, `case_files`, `tables`: {seat: [names]};
    `deck` and `discard` bottom..top (the last name is the top card)."""
    st = game(players).new(seed)
    hands, case_files, tables = hands or {}, case_files or {}, tables or {}
    named = list(deck) + list(discard) + [n for group in (hands, case_files, tables)
                                          for names in group.values() for n in names]
    assert len(named) == len(set(named)), "a card is named twice"
    keep = set(named)
    for seat, name in (agendas or {}).items():
        set_agenda(st, seat, name)
    for seat, names in case_files.items():
        for n in names:
            put(st, n, "case_file", seat, keep)
    for seat, names in tables.items():
        for n in names:
            put(st, n, "table", seat, keep)
    for n in discard:
        put(st, n, "discard", None, keep)
    for seat, names in hands.items():
        arrange(st, "hand", names, owner=seat)
    if deck:
        arrange(st, "deck", deck)
    for seat, names in hands.items():
        assert sorted(st.cards_in("hand", seat)[-len(names):]) == sorted(names)
    if deck:
        assert st.cards_in("deck")[-len(deck):] == list(deck)
    assert st.cards_in("discard") == list(discard)
    for seat, name in (agendas or {}).items():
        assert name in st.cards_in("case_file", seat) and not st.is_face_up(name)
    refresh(st)
    check(st)
    return st


def refresh(st):
    """Offer the pending decision again, computed from the stacked position.

    A decision's legal actions are computed when the rules reach it, so after `arrange`
    (or any direct move) they still describe the cards as dealt. Every decision point is
    a single instruction that only computes its options and waits, so stepping back one
    instruction and running again re-asks it (see test_arrange_refreshes_legal_actions).
    """
    assert st.pending is not None and st.stack
    st.pending = None
    st.stack[-1].pc -= 1
    run(st)


def check(st):
    """Every card present exactly once, and the rule file's invariants hold."""
    assert sorted(c for z in st.zones for c in z) == list(range(56))
    assert st.game.check_invariants(st) == []


def actions(st):
    return [str(a) for a in st.legal_actions()]


def deck_top(st, n):
    """The top n cards of the deck, top card first."""
    return list(reversed(st.cards_in("deck")))[:n]


def keep_hand(st):
    play(st, "keep your hand")


def pass_turn(st):
    """The current player passes and discards down to hand size with cards that have no
    Discard effect (or keeps the hand when under it)."""
    play(st, "pass")
    finish_turn(st)


def finish_turn(st):
    """Play out the current player's discard step: keep the hand when allowed, else
    discard down to hand size with cards that have no Discard effect."""
    g = st.game
    me = st.current_player
    while st.current_player == me and st.prompt in ("to discard", "discard a card or keep your hand?"):
        if "keep your hand" in actions(st):
            keep_hand(st)
            return
        plain = [a for a in actions(st) if g.effects["discard"][g.card_index[a]] is None]
        play(st, plain[0])


def finish_game(st):
    """Answer "done" to every end-of-game offer to resolve Case File effects again."""
    while not st.is_over:
        assert st.prompt == "to resolve as if taken again", st.prompt
        play(st, "done")


def added(before, after):
    """The cards in `after` that were not in `before`."""
    return sorted(set(after) - set(before))


QUIET = ["Lights in the Sky (4)", "Lights in the Sky (5)", "Lights in the Sky (6)",
         "Lights in the Sky (7)", "Strange Noises (5)"]   # cards without any effect


# ---- the test helper arrange() ---------------------------------------------------------------

def test_arrange_refreshes_legal_actions():
    """arrange() is meant to be used right after new(), which already waits for player 1's
    action; the actions offered should then be those of the stacked hand.

    Seed 1 deals Time Slip (2) to player 1 and Lights in the Sky (1) to player 3; stacking
    Lights in the Sky (1) into player 1's hand trades the two. Player 1 is still offered
    archive(card=Time Slip (2)), and taking it archives player 3's card.
    """
    st = game().new(1)
    arrange(st, "hand", ["Lights in the Sky (1)"], owner=P1)
    assert "Time Slip (2)" in st.cards_in("hand", P3)
    assert "archive(card=Lights in the Sky (1))" in actions(st)
    assert "archive(card=Time Slip (2))" not in actions(st)


# ---- CE1: the n-th CE1 archived is worth n ---------------------------------------------------

def test_lights_in_the_sky_nth_archived_is_worth_n():
    """Lights in the Sky: "Worth 1 as your first CE1 archived, 2 as your second, and so
    on." Archived over three turns; Strange Noises shares the count."""
    st = deal(hands={P1: ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)",
                          "Mothership (1)", "Cover-Up (1)", "Tractor Beam (1)"]})
    assert st.card_attr("Lights in the Sky (1)", "order") == 0
    play(st, "archive(card=Lights in the Sky (1))", "keep your hand")
    assert st.card_attr("Lights in the Sky (1)", "order") == 1
    assert st.card_attr("Lights in the Sky (1)", "value") == 1
    assert st.quantity("case_value", P1) == 1
    pass_turn(st)
    pass_turn(st)
    assert st.current_player == P1 and st.prompt == "take an action"
    play(st, "archive(card=Lights in the Sky (2))")
    finish_turn(st)
    pass_turn(st)
    pass_turn(st)
    play(st, "archive(card=Strange Noises (1))")
    finish_turn(st)
    assert st.cards_in("case_file", P1) == ["The Truth Is Out There", "Lights in the Sky (1)",
                                            "Lights in the Sky (2)", "Strange Noises (1)"]
    assert [st.card_attr(c, "value") for c in st.cards_in("case_file", P1)[1:]] == [1, 2, 3]
    assert st.quantity("case_value", P1) == 6
    assert st.quantity("score", P1) == 6
    check(st)


def test_strange_noises_nth_archived_is_worth_n():
    """Strange Noises: "Worth 1 as your first CE1 archived, 2 as your second, and so on."
    Two CE1s already archived: a Strange Noises archived now is the third, worth 3, and the
    earlier ones keep their numbers. Each player counts their own CE1s."""
    st = deal(case_files={P1: ["Lights in the Sky (1)", "Strange Noises (1)"], P2: ["Lights in the Sky (2)"]},
              hands={P1: ["Strange Noises (2)"], P2: ["Strange Noises (3)"]})
    play(st, "archive(card=Strange Noises (2))", "keep your hand")
    assert [st.card_attr(c, "order") for c in ("Lights in the Sky (1)", "Strange Noises (1)", "Strange Noises (2)")] == [1, 2, 3]
    assert st.card_attr("Strange Noises (2)", "value") == 3
    assert st.quantity("case_value", P1) == 1 + 2 + 3
    play(st, "archive(card=Strange Noises (3))")
    assert st.card_attr("Strange Noises (3)", "value") == 2
    assert st.quantity("case_value", P2) == 1 + 2
    check(st)


def test_swap_ce1_takes_the_old_ones_number():
    """Swap: "exchanges a Case File card with a same-type card from hand; the old card goes
    to the hand; no Archive effect." Ruling: a swapped-in CE1 takes the old one's number."""
    st = deal(case_files={P1: ["Lights in the Sky (1)", "Strange Noises (1)"]},
              hands={P1: ["Lights in the Sky (7)", "Weather Balloon (1)", "The Missing Hours",
                          "Mothership (1)", "Swamp Gas (1)", "Cover-Up (1)"]})
    swaps = [a for a in actions(st) if a.startswith("swap")]
    # only same-type, face-up cards can be swapped: not the face-down agenda, not other types
    assert swaps == ["swap(card=Lights in the Sky (7), old=Lights in the Sky (1))",
                     "swap(card=Lights in the Sky (7), old=Strange Noises (1))"]
    play(st, "swap(card=Lights in the Sky (7), old=Strange Noises (1))")
    assert st.cards_in("case_file", P1) == ["The Truth Is Out There", "Lights in the Sky (1)", "Lights in the Sky (7)"]
    assert "Strange Noises (1)" in st.cards_in("hand", P1)
    assert len(st.cards_in("hand", P1)) == 6
    assert st.card_attr("Lights in the Sky (7)", "order") == 2
    assert st.card_attr("Lights in the Sky (7)", "value") == 2
    assert st.quantity("case_value", P1) == 3
    assert st.prompt == "to discard" and st.current_player == P1   # 6 cards: discard down to 5
    check(st)


def test_swap_ce1_first_takes_number_one():
    """Swap ruling, on the first CE1: the swapped-in card is worth 1, like the one it
    replaced, even though it is not the first CE1 ever archived."""
    st = deal(case_files={P1: ["Strange Noises (1)", "Strange Noises (2)", "Strange Noises (3)"]},
              hands={P1: ["Lights in the Sky (1)"]})
    play(st, "swap(card=Lights in the Sky (1), old=Strange Noises (1))")
    assert st.card_attr("Lights in the Sky (1)", "value") == 1
    assert [st.card_attr(c, "value") for c in st.cards_in("case_file", P1)[1:]] == [1, 2, 3]
    assert st.quantity("case_value", P1) == 6
    check(st)


# ---- CE2: effects resolve only by being discarded --------------------------------------------

def test_scorched_earth_discard_draws_two():
    """Scorched Earth: "Discard: draw 2 cards." Discarded at the discard step (player 1
    passes with 6 cards and must discard down to 5)."""
    st = deal(hands={P1: ["Scorched Earth (1)"] + QUIET},
              deck=["Cover-Up (2)", "Mothership (2)", "Tractor Beam (1)"])
    play(st, "pass")
    assert st.prompt == "to discard"
    play(st, "Scorched Earth (1)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Mothership (2)", "Tractor Beam (1)"])
    assert st.cards_in("discard") == ["Scorched Earth (1)"]
    # player 2's turn has begun: they drew the next card
    assert st.current_player == P2 and st.prompt == "take an action"
    assert st.cards_in("hand", P2)[-1] == "Cover-Up (2)"
    check(st)


def test_scorched_earth_archived_no_effect_worth_two():
    """Scorched Earth: CE2 "effects resolve only by being discarded": archived, it draws
    nothing and is worth 2; it cannot be Played."""
    st = deal(hands={P1: ["Scorched Earth (1)"] + QUIET})
    assert "play(card=Scorched Earth (1))" not in actions(st)
    deck = st.cards_in("deck")
    play(st, "archive(card=Scorched Earth (1))")
    assert st.cards_in("deck") == deck
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET)
    assert st.card_attr("Scorched Earth (1)", "value") == 2
    assert st.quantity("case_value", P1) == 2
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_radar_return_discard_looks_at_three_takes_one():
    """Radar Return: "Discard: look at the top 3 cards of the deck and take one of them."
    Discarded by choice at the discard step, after archiving."""
    st = deal(hands={P1: ["Radar Return (1)"] + QUIET},
              deck=["Cover-Up (2)", "Mothership (2)", "Tractor Beam (1)", "Jamming Signal (2)"])
    play(st, "archive(card=Lights in the Sky (4))", "discard a card", "Radar Return (1)")
    assert st.current_player == P1 and st.prompt == "to take"
    assert sorted(actions(st)) == ["Jamming Signal (2)", "Mothership (2)", "Tractor Beam (1)"]
    for c in ("Jamming Signal (2)", "Mothership (2)", "Tractor Beam (1)"):
        assert st.knows(P1, c) and not st.knows(P2, c) and not st.knows(P3, c)
    assert not st.knows(P1, "Cover-Up (2)")
    play(st, "Tractor Beam (1)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET[1:] + ["Tractor Beam (1)"])
    assert st.cards_in("discard") == ["Radar Return (1)"]
    # the two cards not taken stay in order: player 2 draws the first of them
    assert st.current_player == P2
    assert st.cards_in("hand", P2)[-1] == "Jamming Signal (2)"
    assert deck_top(st, 2) == ["Mothership (2)", "Cover-Up (2)"]
    check(st)


def test_radar_return_short_deck():
    """Radar Return with only 2 cards left in the deck: look at them and take one. Looking
    is not drawing, so the deck has not run out. (Player 2 already holds 6 cards, so
    their draw step draws nothing.)"""
    st = deal(hands={P1: ["Radar Return (2)"] + QUIET},
              deck=["Mothership (2)", "Tractor Beam (1)", "Cover-Up (2)"])
    move_card(st, st.game.card_index["Cover-Up (2)"], _zone(st, "hand", P2))
    for c in st.cards_in("deck")[:-2]:
        move_card(st, st.game.card_index[c], _zone(st, "discard"), bottom=True)
    assert st.cards_in("deck") == ["Mothership (2)", "Tractor Beam (1)"]
    play(st, "pass", "Radar Return (2)")
    assert sorted(actions(st)) == ["Mothership (2)", "Tractor Beam (1)"]
    play(st, "Mothership (2)")
    assert "Mothership (2)" in st.cards_in("hand", P1)
    assert st.cards_in("deck") == ["Tractor Beam (1)"]
    assert st.counter("deck_ran_out") == 0
    check(st)


def test_physical_trace_discard_takes_from_discard_pile():
    """Physical Trace: "Discard: take another card from the discard pile." """
    st = deal(hands={P1: ["Physical Trace (1)"] + QUIET},
              discard=["The Missing Hours", "Cover-Up (2)"])
    play(st, "pass", "Physical Trace (1)")
    assert st.current_player == P1 and st.prompt == "to take from the discard pile"
    assert sorted(actions(st)) == ["Cover-Up (2)", "The Missing Hours"]   # not itself
    play(st, "The Missing Hours")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["The Missing Hours"])
    assert st.cards_in("discard") == ["Cover-Up (2)", "Physical Trace (1)"]
    assert st.current_player == P2
    check(st)


def test_physical_trace_alone_in_discard_pile():
    """Physical Trace with nothing else in the discard pile: nothing to take."""
    st = deal(hands={P1: ["Physical Trace (1)"] + QUIET})
    play(st, "pass", "Physical Trace (1)")
    assert st.cards_in("discard") == ["Physical Trace (1)"]
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET)
    assert st.current_player == P2 and st.prompt == "take an action"
    check(st)


def test_discard_effects_resolve_in_discard_order():
    """Ruling: discard effects resolve in the order the cards were discarded. Player 2's
    Jamming Signal lowers player 1's hand size to 4, so player 1 passes with 6 cards and
    discards two: Scorched Earth (draw 2) resolves before Physical Trace, which can then
    take Scorched Earth back."""
    st = deal(tables={P2: ["Jamming Signal (1)"]},
              hands={P1: ["Scorched Earth (1)", "Physical Trace (1)"] + QUIET[:4]},
              deck=["Mothership (2)", "Tractor Beam (1)"])
    assert st.quantity("hand_limit", P1) == 4
    play(st, "pass", "Scorched Earth (1)")
    assert st.prompt == "to discard"          # still 5 cards, over 4
    play(st, "Physical Trace (1)")
    # Scorched Earth has resolved: both deck cards are in hand when Physical Trace asks
    assert st.prompt == "to take from the discard pile"
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET[:4] + ["Mothership (2)", "Tractor Beam (1)"])
    assert actions(st) == ["Scorched Earth (1)"]
    play(st, "Scorched Earth (1)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET[:4] + ["Mothership (2)", "Tractor Beam (1)", "Scorched Earth (1)"])
    assert st.cards_in("discard") == ["Physical Trace (1)"]
    assert st.current_player == P2
    check(st)


# ---- CE3: each with its own Archive ability --------------------------------------------------

P2_HAND = ["Scorched Earth (2)", "Radar Return (2)", "Cover-Up (2)", "Swamp Gas (2)", "Strange Noises (2)"]
def seen(name: str) -> str:
    """A card as a view names it: a copy without its number ("Tractor Beam")."""
    return re.sub(r" \(\d+\)$", "", name)


P3_HAND = ["Scorched Earth (3)", "Physical Trace (3)", "Tractor Beam (2)", "Doctored Photo (2)", "Strange Noises (3)"]


def test_abduction_at_pine_creek_takes_random_card():
    """Abduction at Pine Creek: "Archive: take a random card from an opponent's hand." """
    st = deal(7, hands={P1: ["Abduction at Pine Creek"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    play(st, "archive(card=Abduction at Pine Creek)")
    assert st.current_player == P1 and st.prompt == "to take a card from"
    assert actions(st) == ["player 2", "player 3"]
    play(st, "player 3")
    taken = added(QUIET, st.cards_in("hand", P1))
    assert taken == ["Doctored Photo (2)"]         # seed 7's pick among P3_HAND
    assert sorted(st.cards_in("hand", P3)) == sorted(set(P3_HAND) - set(taken))
    assert st.cards_in("hand", P2) == P2_HAND
    # the taker and the victim know the card; the third player does not
    assert st.knows(P1, taken[0]) and st.knows(P3, taken[0]) and not st.knows(P2, taken[0])
    assert st.card_attr("Abduction at Pine Creek", "value") == 3
    assert st.prompt == "to discard"                  # 6 cards again
    check(st)


def test_abduction_at_pine_creek_empty_hand():
    """Abduction at Pine Creek against an opponent with an empty hand takes nothing."""
    st = deal(hands={P1: ["Abduction at Pine Creek"] + QUIET})
    empty_hand(st, P3)
    play(st, "archive(card=Abduction at Pine Creek)", "player 3")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET)
    assert st.cards_in("hand", P3) == []
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_the_missing_hours_draws_two():
    """The Missing Hours: "Archive: draw 2 cards." """
    st = deal(hands={P1: ["The Missing Hours"] + QUIET}, deck=["Cover-Up (2)", "Mothership (2)", "Tractor Beam (1)"])
    play(st, "archive(card=The Missing Hours)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Mothership (2)", "Tractor Beam (1)"])
    assert deck_top(st, 1) == ["Cover-Up (2)"]
    assert st.cards_in("case_file", P1) == ["The Truth Is Out There", "The Missing Hours"]
    assert st.card_attr("The Missing Hours", "value") == 3
    assert st.prompt == "to discard"                  # 7 cards: down to 5
    play(st, "Lights in the Sky (4)")
    assert st.prompt == "to discard"
    check(st)


def test_swap_resolves_no_archive_effect():
    """Swap: "no Archive effect". Swapping The Missing Hours in for an archived CE3 draws
    nothing; the old CE3 goes back to the hand."""
    st = deal(case_files={P1: ["Close Contact"]}, hands={P1: ["The Missing Hours"] + QUIET})
    deck = st.cards_in("deck")
    play(st, "swap(card=The Missing Hours, old=Close Contact)")
    assert st.cards_in("deck") == deck
    assert st.cards_in("case_file", P1) == ["The Truth Is Out There", "The Missing Hours"]
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Close Contact"])
    assert st.quantity("case_value", P1) == 3
    check(st)


def test_close_contact_looks_and_discards():
    """Close Contact: "Archive: look at an opponent's hand and discard one card of it."
    The card is put into the discard pile by Close Contact, not discarded at its owner's
    discard step: its Discard effect does not resolve."""
    st = deal(hands={P1: ["Close Contact"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    assert not any(st.knows(P1, c) for c in P3_HAND)
    play(st, "archive(card=Close Contact)")
    assert st.prompt == "to look at" and actions(st) == ["player 2", "player 3"]
    play(st, "player 3")
    assert all(st.knows(P1, c) for c in P3_HAND)
    assert not any(st.knows(P2, c) for c in P3_HAND)
    assert sorted(st.view(P1).zone("hand", owner="player 3").cards) == sorted(map(seen, P3_HAND))
    assert st.current_player == P1 and st.prompt == "to discard"
    assert sorted(actions(st)) == sorted(P3_HAND)
    deck = st.cards_in("deck")
    play(st, "Scorched Earth (3)")
    assert st.cards_in("discard") == ["Scorched Earth (3)"]
    assert sorted(st.cards_in("hand", P3)) == sorted(set(P3_HAND) - {"Scorched Earth (3)"})
    assert st.cards_in("deck") == deck                # no Discard effect: player 3 drew nothing
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    check(st)


def test_close_contact_empty_hand():
    """Close Contact against an empty hand: nothing to discard."""
    st = deal(hands={P1: ["Close Contact"] + QUIET})
    empty_hand(st, P2)
    play(st, "archive(card=Close Contact)", "player 2")
    assert st.cards_in("discard") == []
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    check(st)


def test_the_landing_site_clears_an_active_card():
    """The Landing Site: "Archive: put an opponent's active card into the discard pile (no
    Trash effect)." The cleared Mothership's hand-size bonus ends and its Trash effect
    (draw 2) does not resolve. Your own table is not offered."""
    st = deal(tables={P1: ["Cover-Up (1)"], P2: ["Mothership (1)"], P3: ["Tractor Beam (1)"]},
              hands={P1: ["The Landing Site"] + QUIET})
    assert st.quantity("hand_limit", P2) == 6
    play(st, "archive(card=The Landing Site)")
    assert st.prompt == "to clear from the table"
    assert sorted(actions(st)) == ["Mothership (1)", "Tractor Beam (1)"]
    deck, hand2 = st.cards_in("deck"), st.cards_in("hand", P2)
    play(st, "Mothership (1)")
    assert st.cards_in("discard") == ["Mothership (1)"]
    assert st.cards_in("table", P2) == []
    assert st.cards_in("table", P3) == ["Tractor Beam (1)"]
    assert st.cards_in("table", P1) == ["Cover-Up (1)"]
    assert st.quantity("hand_limit", P2) == 5
    assert st.cards_in("deck") == deck and st.cards_in("hand", P2) == hand2
    check(st)


def test_the_landing_site_no_opponent_card():
    """The Landing Site with no active card on any opponent's table: nothing happens."""
    st = deal(tables={P1: ["Cover-Up (1)"]}, hands={P1: ["The Landing Site"] + QUIET})
    play(st, "archive(card=The Landing Site)")
    assert st.cards_in("table", P1) == ["Cover-Up (1)"]
    assert st.cards_in("discard") == []
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_witness_testimony_takes_top_of_discard():
    """Witness Testimony: "Archive: take the top card of the discard pile." """
    st = deal(hands={P1: ["Witness Testimony"] + QUIET}, discard=["Cover-Up (2)", "The Missing Hours"])
    play(st, "archive(card=Witness Testimony)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["The Missing Hours"])
    assert st.cards_in("discard") == ["Cover-Up (2)"]
    assert st.prompt == "to discard"
    check(st)


def test_witness_testimony_empty_discard():
    """Witness Testimony with an empty discard pile takes nothing."""
    st = deal(hands={P1: ["Witness Testimony"] + QUIET})
    play(st, "archive(card=Witness Testimony)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET)
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_government_files_looks_at_face_down_agendas():
    """Government Files: "Archive: look at every opponent's face-down agenda." """
    st = deal(agendas={P1: "The Collector", P2: "The Debunker", P3: "The Believer"},
              hands={P1: ["Government Files"] + QUIET})
    assert st.view(P1).zone("case_file", owner="player 2").cards == (None,)
    assert not st.knows(P1, "The Debunker") and not st.knows(P1, "The Believer")
    play(st, "archive(card=Government Files)")
    assert st.knows(P1, "The Debunker") and st.knows(P1, "The Believer")
    assert st.view(P1).zone("case_file", owner="player 2").cards == ("The Debunker",)
    assert st.view(P1).zone("case_file", owner="player 3").cards == ("The Believer",)
    # nobody else learns anything
    assert not st.knows(P2, "The Believer") and not st.knows(P3, "The Debunker")
    assert not st.knows(P2, "The Collector") and not st.is_face_up("The Debunker")
    check(st)


def test_the_contactee_each_opponent_discards():
    """The Contactee: "Archive: each opponent discards a card of their choice." In turn
    order; the cards go to the discard pile without their Discard effects."""
    st = deal(hands={P1: ["The Contactee"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    deck = st.cards_in("deck")
    play(st, "archive(card=The Contactee)")
    assert st.current_player == P2 and st.prompt == "to discard"
    assert sorted(actions(st)) == sorted(P2_HAND)
    play(st, "Scorched Earth (2)")
    assert st.current_player == P3 and st.prompt == "to discard"
    assert sorted(actions(st)) == sorted(P3_HAND)
    play(st, "Tractor Beam (2)")
    assert st.cards_in("discard") == ["Scorched Earth (2)", "Tractor Beam (2)"]
    assert len(st.cards_in("hand", P2)) == len(st.cards_in("hand", P3)) == 4
    assert st.cards_in("deck") == deck
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    check(st)


def test_the_contactee_skips_empty_hand():
    """The Contactee: an opponent with an empty hand discards nothing."""
    st = deal(hands={P1: ["The Contactee"] + QUIET, P3: P3_HAND})
    empty_hand(st, P2)
    play(st, "archive(card=The Contactee)")
    assert st.current_player == P3 and st.prompt == "to discard"
    play(st, "Strange Noises (3)")
    assert st.cards_in("discard") == ["Strange Noises (3)"]
    assert st.current_player == P1
    check(st)


# ---- CE4: Active once Played, with an ongoing effect and a Trash effect ----------------------

def test_mothership_active_hand_size_plus_one():
    """Mothership: "Active: your hand size is 1 more." Played, it raises its owner's hand
    size (not the opponents'): next turn its owner draws to 7 and may keep 6."""
    st = deal(hands={P1: ["Mothership (1)"] + QUIET})
    play(st, "play(card=Mothership (1))")
    assert st.cards_in("table", P1) == ["Mothership (1)"]
    assert st.is_face_up("Mothership (1)")
    assert [st.quantity("hand_limit", p) for p in (P1, P2, P3)] == [6, 5, 5]
    keep_hand(st)
    pass_turn(st)
    pass_turn(st)
    assert st.current_player == P1 and st.prompt == "take an action"
    assert len(st.cards_in("hand", P1)) == 7
    play(st, "pass")
    assert st.prompt == "to discard"
    play(st, "Lights in the Sky (4)")
    assert len(st.cards_in("hand", P1)) == 6
    assert st.current_player == P2                 # one discard was enough
    check(st)


def test_mothership_copies_add_up():
    """Mothership: two Active copies give hand size 7."""
    st = deal(tables={P1: ["Mothership (1)", "Mothership (2)"]})
    assert [st.quantity("hand_limit", p) for p in (P1, P2, P3)] == [7, 5, 5]
    check(st)


def test_mothership_trash_draws_two_and_bonus_ends():
    """Mothership: "Trash: draw 2 cards." Once trashed, its hand-size bonus is gone: the
    owner, now holding 8, discards down to 5."""
    st = deal(tables={P1: ["Mothership (1)"]}, hands={P1: QUIET + ["Cover-Up (1)"]},
              deck=["Cover-Up (2)", "Tractor Beam (1)", "Jamming Signal (2)"])
    assert st.quantity("hand_limit", P1) == 6
    assert "trash(card=Mothership (1))" in actions(st)
    play(st, "trash(card=Mothership (1))")
    assert st.cards_in("table", P1) == []
    assert st.cards_in("discard") == ["Mothership (1)"]
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Cover-Up (1)", "Tractor Beam (1)", "Jamming Signal (2)"])
    assert st.quantity("hand_limit", P1) == 5
    for c in ("Lights in the Sky (4)", "Lights in the Sky (5)", "Lights in the Sky (6)"):
        assert st.prompt == "to discard"
        play(st, c)
    assert st.current_player == P2
    check(st)


def test_archived_ce4_is_not_active():
    """An archived CE4 lies in the Case File, not on the table: no ongoing effect, worth 4."""
    st = deal(hands={P1: ["Mothership (1)"] + QUIET})
    play(st, "archive(card=Mothership (1))")
    assert st.quantity("hand_limit", P1) == 5
    assert st.card_attr("Mothership (1)", "value") == 4
    assert st.quantity("case_value", P1) == 4
    check(st)


def test_cover_up_active_opponents_score_one_less():
    """Cover-Up: "Active: each opponent scores 1 less." Its owner's score is untouched, and
    the Case Files' values are unchanged. Player 2's Cover-Up is already Active; player 1
    plays one: player 3, an opponent of both, scores 2 less."""
    st = deal(case_files={P1: ["Lights in the Sky (1)"], P2: ["Lights in the Sky (2)"],
                          P3: ["Lights in the Sky (3)", "Strange Noises (1)"]},
              tables={P2: ["Cover-Up (2)"]}, hands={P1: ["Cover-Up (1)"] + QUIET})
    assert [st.quantity("score", p) for p in (P1, P2, P3)] == [0, 1, 2]
    play(st, "play(card=Cover-Up (1))")
    assert [st.quantity("score", p) for p in (P1, P2, P3)] == [0, 0, 1]
    assert [st.quantity("case_value", p) for p in (P1, P2, P3)] == [1, 1, 3]
    check(st)


def test_cover_up_trash_opponents_discard_random_card():
    """Cover-Up: "Trash: each opponent discards a random card." Their Discard effects do
    not resolve (the cards are not discarded at their owner's discard step); the -1 ends."""
    st = deal(3, tables={P1: ["Cover-Up (1)"]}, case_files={P2: ["Lights in the Sky (1)"]},
              hands={P1: QUIET + ["Mothership (1)"], P2: P2_HAND, P3: P3_HAND})
    assert st.quantity("score", P2) == 0
    deck = st.cards_in("deck")
    play(st, "trash(card=Cover-Up (1))")
    # seed 3's picks; Scorched Earth goes without drawing its 2 cards
    assert st.cards_in("discard") == ["Cover-Up (1)", "Scorched Earth (2)", "Tractor Beam (2)"]
    assert sorted(st.cards_in("hand", P2)) == sorted(set(P2_HAND) - {"Scorched Earth (2)"})
    assert sorted(st.cards_in("hand", P3)) == sorted(set(P3_HAND) - {"Tractor Beam (2)"})
    assert st.cards_in("deck") == deck
    assert st.quantity("score", P2) == 1
    assert st.current_player == P1 and st.prompt == "to discard"   # trashing leaves 6 in hand
    check(st)


def test_tractor_beam_active_you_score_two_more():
    """Tractor Beam: "Active: you score 2 more." """
    st = deal(case_files={P1: ["Lights in the Sky (1)"]}, hands={P1: ["Tractor Beam (1)"] + QUIET})
    play(st, "play(card=Tractor Beam (1))")
    assert [st.quantity("score", p) for p in (P1, P2, P3)] == [3, 0, 0]
    assert st.quantity("case_value", P1) == 1
    check(st)


def test_tractor_beam_trash_takes_random_card():
    """Tractor Beam: "Trash: take a random card from an opponent's hand." The +2 ends."""
    st = deal(6, tables={P1: ["Tractor Beam (1)"]}, hands={P1: QUIET + ["Mothership (1)"], P2: P2_HAND, P3: P3_HAND})
    assert st.quantity("score", P1) == 2
    play(st, "trash(card=Tractor Beam (1))")
    assert st.prompt == "to take a card from" and actions(st) == ["player 2", "player 3"]
    play(st, "player 2")
    taken = added(QUIET + ["Mothership (1)"], st.cards_in("hand", P1))
    assert taken == ["Cover-Up (2)"]
    assert sorted(st.cards_in("hand", P2)) == sorted(set(P2_HAND) - set(taken))
    assert st.knows(P1, "Cover-Up (2)") and st.knows(P2, "Cover-Up (2)") and not st.knows(P3, "Cover-Up (2)")
    assert st.cards_in("discard") == ["Tractor Beam (1)"]
    assert st.quantity("score", P1) == 0
    assert st.prompt == "to discard"
    check(st)


def test_jamming_signal_active_opponents_hand_size_one_less():
    """Jamming Signal: "Active: each opponent's hand size is 1 less." Player 2, holding 5,
    draws nothing at their draw step (they draw only to 4 + 1) and must discard down to 4."""
    st = deal(hands={P1: ["Jamming Signal (1)"] + QUIET, P2: P2_HAND})
    play(st, "play(card=Jamming Signal (1))")
    assert [st.quantity("hand_limit", p) for p in (P1, P2, P3)] == [5, 4, 4]
    deck = st.cards_in("deck")
    keep_hand(st)
    assert st.current_player == P2 and st.prompt == "take an action"
    assert st.cards_in("deck") == deck
    assert sorted(st.cards_in("hand", P2)) == sorted(P2_HAND)
    play(st, "pass", "Strange Noises (2)")
    assert len(st.cards_in("hand", P2)) == 4
    assert st.current_player == P3
    check(st)


def test_jamming_signal_trash_looks_at_a_hand():
    """Jamming Signal: "Trash: look at an opponent's hand." The -1 ends."""
    st = deal(tables={P1: ["Jamming Signal (1)"]}, hands={P1: QUIET + ["Mothership (1)"], P2: P2_HAND, P3: P3_HAND})
    assert st.quantity("hand_limit", P3) == 4
    play(st, "trash(card=Jamming Signal (1))")
    assert st.prompt == "to look at" and actions(st) == ["player 2", "player 3"]
    play(st, "player 3")
    assert all(st.knows(P1, c) for c in P3_HAND)
    assert not any(st.knows(P1, c) for c in P2_HAND)
    assert sorted(st.view(P1).zone("hand", owner="player 3").cards) == sorted(map(seen, P3_HAND))
    assert [st.quantity("hand_limit", p) for p in (P1, P2, P3)] == [5, 5, 5]
    assert st.cards_in("hand", P3) == P3_HAND
    assert st.current_player == P1 and st.prompt == "to discard"
    check(st)


# ---- CE5: agendas, worth 5, doubled when completed -------------------------------------------

AGENDAS = ["The Collector", "The Investigator", "The Believer", "The Archivist", "The Debunker",
           "The Truth Is Out There"]


@pytest.mark.parametrize("agenda", AGENDAS)
def test_agenda_value_five_doubled_when_completed(agenda):
    """Every CE5: value 5 * (1 + (agenda_multiplier - 1) * completed): 5, or 10 once
    completed. Face down it is not in play (not tallied); archiving it reveals it, with no
    other effect."""
    st = deal(agendas={P1: agenda})
    assert st.card_attr(agenda, "value") == 5
    assert st.quantity("case_value", P1) == 0
    assert st.view(P2).zone("case_file", owner="player 1").cards == (None,)
    assert st.knows(P1, agenda)
    hand, deck = st.cards_in("hand", P1), st.cards_in("deck")
    play(st, f"archive_agenda(card={agenda})")
    assert st.is_face_up(agenda) and st.knows(P2, agenda) and st.knows(P3, agenda)
    assert st.cards_in("case_file", P1) == [agenda]
    assert st.cards_in("hand", P1) == hand and st.cards_in("deck") == deck
    assert st.quantity("case_value", P1) == 5
    assert f"archive_agenda(card={agenda})" not in actions(st)
    set_number(st, "completed", 1, card=agenda)
    assert st.card_attr(agenda, "value") == 10
    assert st.quantity("case_value", P1) == 10
    check(st)


# (agenda, player 1's Case File besides the agenda, player 1's table, other Case Files,
#  agenda face up?, goal)
GOALS = [
    ("The Collector", ["Lights in the Sky (1)", "Lights in the Sky (2)"], [], {}, True, False),
    ("The Collector", ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)"], [], {}, True, True),
    ("The Collector", ["Lights in the Sky (1)", "Lights in the Sky (2)"], [],
     {P2: ["Strange Noises (1)", "Strange Noises (2)", "Strange Noises (3)"]}, True, False),
    ("The Investigator", ["Abduction at Pine Creek", "Lights in the Sky (1)"], [], {P2: ["Close Contact"]}, True, False),
    ("The Investigator", ["Abduction at Pine Creek", "The Missing Hours"], [], {}, True, True),
    ("The Believer", ["Mothership (2)", "Cover-Up (1)"], ["Mothership (1)"], {}, True, False),
    ("The Believer", [], ["Mothership (1)", "Time Slip (1)"], {}, True, True),
    ("The Archivist", QUIET + ["Weather Balloon (1)"], [], {}, False, False),
    ("The Archivist", QUIET[:4] + ["Weather Balloon (1)"], [], {}, True, False),
    ("The Archivist", QUIET + ["Weather Balloon (1)"], [], {}, True, True),
    ("The Debunker", [], [], {P3: ["Weather Balloon (1)"]}, True, True),
    ("The Debunker", [], [], {}, True, False),
    ("The Debunker", ["Swamp Gas (1)"], [], {}, True, False),
    ("The Debunker", ["Swamp Gas (1)"], [], {P2: ["Weather Balloon (1)"]}, True, False),
    ("The Truth Is Out There", ["Lights in the Sky (1)", "Scorched Earth (1)", "Close Contact", "Mothership (1)"], [], {}, True, True),
    ("The Truth Is Out There", ["Lights in the Sky (1)", "Scorched Earth (1)", "Close Contact", "Mothership (1)",
                                "Mass Hallucination"], [], {}, True, True),
    ("The Truth Is Out There", ["Lights in the Sky (1)", "Scorched Earth (1)", "Close Contact"], ["Mothership (1)"], {}, True, False),
    ("The Truth Is Out There", ["Lights in the Sky (1)", "Scorched Earth (1)", "Close Contact", "Mothership (1)"], [], {}, False, False),
]


@pytest.mark.parametrize("agenda, mine, table, others, face_up, goal", GOALS)
def test_agenda_goal(agenda, mine, table, others, face_up, goal):
    """The agendas' goals:
    The Collector: "Agenda: 3 CE1 in your Case File."
    The Investigator: "Agenda: 2 CE3 in your Case File."
    The Believer: "Agenda: 2 active cards on your table."
    The Archivist: "Agenda: 7 cards in your Case File, this one included."
    The Debunker: "Agenda: no Mirage in your Case File, and one in an opponent's."
    The Truth Is Out There: "Agenda: a complete Case File." (CE1..CE5, face up)"""
    st = deal(agendas={P1: agenda}, case_files={P1: mine, **others}, tables={P1: table})
    if face_up:
        play(st, f"archive_agenda(card={agenda})")
    assert st.card_attr(agenda, "goal") is goal
    check(st)


def test_debunker_without_mirages_is_not_completed():
    """The Debunker revealed on the first turn, with no Mirage in any Case File: its goal
    does not hold, so the round ends without completing it and the game goes on."""
    st = deal(agendas={P1: "The Debunker"})
    play(st, "archive_agenda(card=The Debunker)")
    finish_turn(st)
    pass_turn(st)
    pass_turn(st)
    assert st.card_attr("The Debunker", "completed") == 0
    assert not st.is_over and st.prompt == "take an action"


def test_completed_agenda_doubles_and_ends_game():
    """"An Archived CE5 whose condition holds at a round's end is completed: its value
    doubles and the game ends after that round." The Collector, archived with 3 CE1s."""
    st = deal(agendas={P1: "The Collector"},
              case_files={P1: ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)"]})
    play(st, "archive_agenda(card=The Collector)")
    assert st.card_attr("The Collector", "goal") is True
    finish_turn(st)
    pass_turn(st)
    pass_turn(st)
    # not before the round's end: that is now
    assert st.card_attr("The Collector", "completed") == 1
    assert st.card_attr("The Collector", "value") == 10
    finish_game(st)
    assert st.result.ending == "agenda_completed"
    assert st.result.winners == (P1,)
    assert st.quantity("score", P1) == 1 + 2 + 3 + 10
    check(st)


def test_agenda_completed_only_at_round_end():
    """The Collector archived by player 2 with 3 CE1s: not completed during the round, and
    completed at its end even though player 2 is not the last to play."""
    st = deal(agendas={P2: "The Collector"},
              case_files={P2: ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)"]})
    pass_turn(st)
    play(st, "archive_agenda(card=The Collector)")
    finish_turn(st)
    assert st.card_attr("The Collector", "completed") == 0
    assert st.current_player == P3 and not st.is_over
    pass_turn(st)
    assert st.card_attr("The Collector", "completed") == 1
    finish_game(st)
    assert st.result.ending == "agenda_completed" and st.result.winners == (P2,)
    check(st)


def test_face_down_agenda_is_not_completed():
    """A CE5 still face down is not in play: its goal holding does not complete it, and
    the game goes on."""
    st = deal(agendas={P1: "The Collector"},
              case_files={P1: ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)"]})
    assert st.card_attr("The Collector", "goal") is True
    for _ in range(3):
        pass_turn(st)
    assert st.card_attr("The Collector", "completed") == 0
    assert not st.is_over and st.current_player == P1 and st.prompt == "take an action"
    assert st.quantity("case_value", P1) == 6
    check(st)


def test_game_end_resolves_archived_effects_again():
    """End: "each player with an incomplete Case File may resolve the effects of any of
    their Archived CE cards, in any order, as if taking the corresponding action." Ruling:
    a CE card resolves the effect it has: Archive, else Discard, else Trash. The Missing
    Hours (Archive: draw 2), Scorched Earth (Discard: draw 2), Mothership (Trash: draw 2);
    the CE1 and the Mirage are not offered."""
    st = deal(case_files={P1: ["Lights in the Sky (1)", "The Missing Hours", "Scorched Earth (1)",
                               "Mothership (1)", "Weather Balloon (1)"]},
              deck=["Cover-Up (2)", "Tractor Beam (1)", "Jamming Signal (2)", "Radar Return (3)",
                    "Physical Trace (2)", "Time Slip (1)"])
    set_number(st, "deck_ran_out", 1)     # nobody draws any more; the game ends with the round
    hand = st.cards_in("hand", P1)
    for _ in range(3):
        pass_turn(st)
    assert st.current_player == P1 and st.prompt == "to resolve as if taken again"
    assert sorted(actions(st)) == ["Mothership (1)", "Scorched Earth (1)", "The Missing Hours", "done"]
    hand = st.cards_in("hand", P1)
    play(st, "Scorched Earth (1)")
    assert added(hand, st.cards_in("hand", P1)) == ["Physical Trace (2)", "Time Slip (1)"]
    assert sorted(actions(st)) == ["Mothership (1)", "The Missing Hours", "done"]
    play(st, "Mothership (1)")
    assert added(hand, st.cards_in("hand", P1)) == ["Jamming Signal (2)", "Physical Trace (2)",
                                                    "Radar Return (3)", "Time Slip (1)"]
    play(st, "The Missing Hours")
    assert added(hand, st.cards_in("hand", P1)) == ["Cover-Up (2)", "Jamming Signal (2)", "Physical Trace (2)",
                                                    "Radar Return (3)", "Time Slip (1)", "Tractor Beam (1)"]
    # nothing left to resolve, and nobody else has anything to offer: the game is over
    assert st.is_over
    # the cards stay archived
    assert st.cards_in("case_file", P1)[1:] == ["Lights in the Sky (1)", "The Missing Hours", "Scorched Earth (1)",
                                               "Mothership (1)", "Weather Balloon (1)"]
    assert st.result.ending == "deck_exhausted"
    assert st.quantity("score", P1) == 1 + 3 + 2 + 4 - 1
    assert st.result.winners == (P1,)
    check(st)


# ---- Mirages: negative values in the archiver's own Case File; they derail an opponent -----

def test_weather_balloon_opponent_discards_random_card():
    """Weather Balloon (-1): "Archive: an opponent discards a random card." The card goes
    without its Discard effect."""
    st = deal(5, hands={P1: ["Weather Balloon (1)"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    deck = st.cards_in("deck")
    play(st, "archive(card=Weather Balloon (1))")
    assert st.current_player == P1 and st.prompt == "to derail"
    assert actions(st) == ["player 2", "player 3"]
    play(st, "player 2")
    assert st.cards_in("discard") == ["Radar Return (2)"]           # seed 5's pick
    assert sorted(st.cards_in("hand", P2)) == sorted(set(P2_HAND) - {"Radar Return (2)"})
    assert st.cards_in("deck") == deck and st.cards_in("hand", P3) == P3_HAND
    assert st.cards_in("case_file", P1)[-1] == "Weather Balloon (1)"
    assert st.card_attr("Weather Balloon (1)", "value") == -1
    assert st.quantity("case_value", P1) == -1
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    check(st)


def test_swamp_gas_debunks_an_opponents_ce1():
    """Swamp Gas (-2): "Archive: put a CE1 from an opponent's Case File into the discard
    pile." Your own CE1s are not offered."""
    st = deal(case_files={P1: ["Lights in the Sky (3)"], P2: ["Lights in the Sky (1)", "Lights in the Sky (2)"],
                          P3: ["Strange Noises (1)", "Close Contact"]},
              hands={P1: ["Swamp Gas (1)"] + QUIET})
    play(st, "archive(card=Swamp Gas (1))")
    assert st.current_player == P1 and st.prompt == "to debunk"
    assert sorted(actions(st)) == ["Lights in the Sky (1)", "Lights in the Sky (2)", "Strange Noises (1)"]
    play(st, "Lights in the Sky (1)")
    assert st.cards_in("discard") == ["Lights in the Sky (1)"]
    assert st.cards_in("case_file", P2)[1:] == ["Lights in the Sky (2)"]
    # the CE1 left behind keeps its number
    assert st.quantity("case_value", P2) == 2
    assert st.card_attr("Swamp Gas (1)", "value") == -2
    assert st.quantity("case_value", P1) == 1 - 2
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_swamp_gas_no_opponent_ce1():
    """Swamp Gas with no CE1 in any opponent's Case File: nothing to debunk."""
    st = deal(case_files={P1: ["Lights in the Sky (3)"], P2: ["Close Contact"]}, hands={P1: ["Swamp Gas (2)"] + QUIET})
    play(st, "archive(card=Swamp Gas (2))")
    assert st.cards_in("discard") == []
    assert st.prompt == "discard a card or keep your hand?"
    assert st.quantity("case_value", P1) == 1 - 2
    check(st)


def test_doctored_photo_sends_an_opponents_ce3_back():
    """Doctored Photo (-3): "Archive: an opponent's CE3 goes back to their hand." No
    effect of the CE3 resolves."""
    st = deal(case_files={P1: ["Close Contact"], P2: ["Abduction at Pine Creek"],
                          P3: ["The Missing Hours", "Lights in the Sky (1)"]},
              hands={P1: ["Doctored Photo (1)"] + QUIET, P3: P3_HAND})
    deck = st.cards_in("deck")
    play(st, "archive(card=Doctored Photo (1))")
    assert st.current_player == P1 and st.prompt == "to discredit"
    assert sorted(actions(st)) == ["Abduction at Pine Creek", "The Missing Hours"]
    play(st, "The Missing Hours")
    assert sorted(st.cards_in("hand", P3)) == sorted(P3_HAND + ["The Missing Hours"])
    assert st.cards_in("case_file", P3)[1:] == ["Lights in the Sky (1)"]
    assert st.quantity("case_value", P3) == 1
    assert st.cards_in("deck") == deck
    assert st.card_attr("Doctored Photo (1)", "value") == -3
    assert st.quantity("case_value", P1) == 3 - 3
    check(st)


def test_doctored_photo_no_opponent_ce3():
    """Doctored Photo with no CE3 in any opponent's Case File: nothing happens."""
    st = deal(case_files={P1: ["Close Contact"]}, hands={P1: ["Doctored Photo (2)"] + QUIET})
    play(st, "archive(card=Doctored Photo (2))")
    assert st.cards_in("case_file", P1)[1:] == ["Close Contact", "Doctored Photo (2)"]
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_mass_hallucination_each_opponent_loses_a_face_up_card():
    """Mass Hallucination (-5): "Archive: each opponent puts a face-up card of their Case
    File into the discard pile." Each chooses; the face-down agenda is not offered; an
    opponent with nothing face up is skipped."""
    st = deal(case_files={P2: ["Lights in the Sky (1)", "Abduction at Pine Creek"]},
              hands={P1: ["Mass Hallucination"] + QUIET})
    play(st, "archive(card=Mass Hallucination)")
    assert st.current_player == P2 and st.prompt == "to lose"
    assert sorted(actions(st)) == ["Abduction at Pine Creek", "Lights in the Sky (1)"]
    play(st, "Abduction at Pine Creek")
    assert st.cards_in("discard") == ["Abduction at Pine Creek"]
    assert st.quantity("case_value", P2) == 1
    # player 3 has only a face-down agenda: back to player 1's discard step
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    assert st.card_attr("Mass Hallucination", "value") == -5
    assert st.quantity("case_value", P1) == -5
    check(st)


def test_mass_hallucination_spares_revealed_agenda():
    """Mass Hallucination against a player whose only face-up card is their revealed
    agenda. The rule file's invariant says every Case File holds exactly one agenda, so
    the agenda must not be offered (nor lost)."""
    st = deal(agendas={P1: "The Believer"}, hands={P2: ["Mass Hallucination"]})
    play(st, "archive_agenda(card=The Believer)")
    finish_turn(st)
    assert st.current_player == P2
    play(st, "archive(card=Mass Hallucination)")
    # player 3 has nothing face up; player 1's only face-up card is the agenda
    assert not (st.current_player == P1 and st.prompt == "to lose"), actions(st)
    assert "The Believer" in st.cards_in("case_file", P1)
    check(st)


# ---- High Strangeness: a different effect for each action; value by a rule ------------------

def test_only_ce4_and_high_strangeness_can_be_played():
    """Ruling: only the cards made to be in play can be Played: CE4s and High Strangeness."""
    st = deal(hands={P1: ["Lights in the Sky (1)", "Scorched Earth (1)", "Close Contact", "Mothership (1)",
                          "Weather Balloon (1)", "Men in Black (1)"]})
    assert [a for a in actions(st) if a.startswith("play")] == ["play(card=Mothership (1))", "play(card=Men in Black (1))"]


def test_men_in_black_value_one_per_opponent():
    """Men in Black: "Worth 1 per opponent." 2 in a 3-player game, 1 in a 2-player game."""
    st = deal(case_files={P1: ["Men in Black (1)"]})
    assert st.card_attr("Men in Black (1)", "value") == 2
    assert st.quantity("case_value", P1) == 2
    check(st)
    st = deal(case_files={P1: ["Men in Black (1)"]}, players=2)
    assert st.card_attr("Men in Black (1)", "value") == 1
    assert st.quantity("case_value", P1) == 1


def test_men_in_black_play_each_opponent_discards_random_card():
    """Men in Black: "Play: each opponent discards a random card." """
    st = deal(4, hands={P1: ["Men in Black (1)"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    deck = st.cards_in("deck")
    play(st, "play(card=Men in Black (1))")
    assert st.cards_in("table", P1) == ["Men in Black (1)"]
    assert st.cards_in("discard") == ["Radar Return (2)", "Physical Trace (3)"]   # seed 4's picks
    assert sorted(st.cards_in("hand", P2)) == sorted(set(P2_HAND) - {"Radar Return (2)"})
    assert sorted(st.cards_in("hand", P3)) == sorted(set(P3_HAND) - {"Physical Trace (3)"})
    assert st.cards_in("deck") == deck           # no Discard effects
    assert st.current_player == P1 and st.prompt == "discard a card or keep your hand?"
    check(st)


def test_men_in_black_archive_looks_at_a_hand():
    """Men in Black: "Archive: look at an opponent's hand." """
    st = deal(hands={P1: ["Men in Black (2)"] + QUIET, P2: P2_HAND, P3: P3_HAND})
    play(st, "archive(card=Men in Black (2))")
    assert st.prompt == "to look at" and actions(st) == ["player 2", "player 3"]
    play(st, "player 2")
    assert all(st.knows(P1, c) for c in P2_HAND)
    assert not any(st.knows(P1, c) for c in P3_HAND)
    assert not any(st.knows(P3, c) for c in P2_HAND)
    assert st.cards_in("hand", P2) == P2_HAND
    assert st.prompt == "discard a card or keep your hand?"
    check(st)


def test_men_in_black_trash_draws_two():
    """Men in Black: "Trash: draw 2 cards." (It said "draw 1 card", as its Discard does:
    a High Strangeness card has a different effect for each action, DESIGN.md.)"""
    st = deal(tables={P1: ["Men in Black (1)"]}, hands={P1: QUIET + ["Mothership (1)"]},
              deck=["Lights in the Sky (1)", "Cover-Up (2)", "Tractor Beam (1)"])
    play(st, "trash(card=Men in Black (1))")
    assert sorted(added(QUIET + ["Mothership (1)"], st.cards_in("hand", P1))) == ["Cover-Up (2)", "Tractor Beam (1)"]
    assert deck_top(st, 1) == ["Lights in the Sky (1)"]
    assert st.cards_in("discard") == ["Men in Black (1)"] and st.cards_in("table", P1) == []
    check(st)


def test_men_in_black_discard_draws_one():
    """Men in Black: "Discard: draw 1 card." """
    st = deal(hands={P1: ["Men in Black (1)"] + QUIET}, deck=["Cover-Up (2)", "Tractor Beam (1)"])
    play(st, "pass", "Men in Black (1)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Tractor Beam (1)"])
    assert st.cards_in("discard") == ["Men in Black (1)"]
    assert st.current_player == P2 and st.cards_in("hand", P2)[-1] == "Cover-Up (2)"
    check(st)


def test_time_slip_value_one_per_card_in_hand():
    """Time Slip: "Worth 1 per card in your hand." Archived, it follows its owner's hand."""
    st = deal(hands={P1: ["Time Slip (1)"] + QUIET})
    play(st, "archive(card=Time Slip (1))")
    assert st.card_attr("Time Slip (1)", "value") == 5
    assert st.quantity("case_value", P1) == 5
    play(st, "discard a card", "Lights in the Sky (4)")
    assert st.card_attr("Time Slip (1)", "value") == 4
    assert st.quantity("case_value", P1) == 4
    check(st)


def test_time_slip_play_draws_two():
    """Time Slip: "Play: draw 2 cards." """
    st = deal(hands={P1: ["Time Slip (1)"] + QUIET}, deck=["Cover-Up (2)", "Tractor Beam (1)", "Jamming Signal (2)"])
    play(st, "play(card=Time Slip (1))")
    assert st.cards_in("table", P1) == ["Time Slip (1)"]
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Tractor Beam (1)", "Jamming Signal (2)"])
    assert deck_top(st, 1) == ["Cover-Up (2)"]
    assert st.prompt == "to discard"
    check(st)


def test_time_slip_archive_takes_top_of_discard():
    """Time Slip: "Archive: take the top card of the discard pile." """
    st = deal(hands={P1: ["Time Slip (2)"] + QUIET}, discard=["Close Contact", "Cover-Up (2)"])
    play(st, "archive(card=Time Slip (2))")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Cover-Up (2)"])
    assert st.cards_in("discard") == ["Close Contact"]
    assert st.card_attr("Time Slip (2)", "value") == 6
    check(st)


def test_time_slip_trash_every_player_draws_one():
    """Time Slip: "Trash: every player draws 1 card." In turn order from player 1."""
    st = deal(tables={P1: ["Time Slip (1)"]}, hands={P1: QUIET + ["Mothership (1)"]},
              deck=["Cover-Up (2)", "Tractor Beam (1)", "Jamming Signal (2)", "Radar Return (3)"])
    play(st, "trash(card=Time Slip (1))")
    assert added(QUIET + ["Mothership (1)"], st.cards_in("hand", P1)) == ["Radar Return (3)"]
    assert st.cards_in("hand", P2)[-1] == "Jamming Signal (2)" and len(st.cards_in("hand", P2)) == 6
    assert st.cards_in("hand", P3)[-1] == "Tractor Beam (1)" and len(st.cards_in("hand", P3)) == 6
    assert deck_top(st, 1) == ["Cover-Up (2)"]
    assert st.cards_in("discard") == ["Time Slip (1)"]
    check(st)


def test_time_slip_discard_draws_one():
    """Time Slip: "Discard: draw 1 card." """
    st = deal(hands={P1: ["Time Slip (2)"] + QUIET}, deck=["Cover-Up (2)", "Tractor Beam (1)"])
    play(st, "pass", "Time Slip (2)")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Tractor Beam (1)"])
    assert st.cards_in("discard") == ["Time Slip (2)"]
    assert st.current_player == P2 and st.cards_in("hand", P2)[-1] == "Cover-Up (2)"
    check(st)


def test_black_triangle_value_two_per_active_card():
    """The Black Triangle: "Worth 2 per active card on your table." Archived; the table's
    count changes as cards come and go."""
    st = deal(case_files={P1: ["The Black Triangle (1)"]}, tables={P1: ["Mothership (1)", "Time Slip (1)"],
                                                                 P2: ["Cover-Up (1)"]})
    assert st.card_attr("The Black Triangle (1)", "value") == 4
    assert st.quantity("case_value", P1) == 4
    play(st, "trash(card=Time Slip (1))")
    assert st.card_attr("The Black Triangle (1)", "value") == 2
    assert st.quantity("case_value", P1) == 2
    check(st)


def test_black_triangle_play_looks_at_top_three():
    """The Black Triangle: "Play: look at the top 3 cards of the deck." """
    st = deal(hands={P1: ["The Black Triangle (1)"] + QUIET},
              deck=["Cover-Up (2)", "Tractor Beam (1)", "Jamming Signal (2)", "Radar Return (3)"])
    deck = st.cards_in("deck")
    play(st, "play(card=The Black Triangle (1))")
    assert st.cards_in("table", P1) == ["The Black Triangle (1)"]
    for c in ("Tractor Beam (1)", "Jamming Signal (2)", "Radar Return (3)"):
        assert st.knows(P1, c) and not st.knows(P2, c)
    assert not st.knows(P1, "Cover-Up (2)")
    assert st.cards_in("deck") == deck
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET)
    # the view shows player 1 what they saw, in place
    # (a view names a copy without its number: no seat can tell copies apart)
    assert st.view(P1).zone("deck").cards[-3:] == ("Tractor Beam", "Jamming Signal", "Radar Return")
    assert st.view(P2).zone("deck").cards[-3:] == (None, None, None)
    check(st)


def test_black_triangle_archive_draws_one():
    """The Black Triangle: "Archive: draw 1 card." """
    st = deal(hands={P1: ["The Black Triangle (2)"] + QUIET}, deck=["Cover-Up (2)", "Tractor Beam (1)"])
    play(st, "archive(card=The Black Triangle (2))")
    assert sorted(st.cards_in("hand", P1)) == sorted(QUIET + ["Tractor Beam (1)"])
    assert deck_top(st, 1) == ["Cover-Up (2)"]
    assert st.card_attr("The Black Triangle (2)", "value") == 0     # nothing on the table
    check(st)


def test_black_triangle_trash_takes_random_card_from_each_opponent():
    """The Black Triangle: "Trash: take a random card from each opponent's hand." """
    st = deal(11, tables={P1: ["The Black Triangle (1)"]}, hands={P1: QUIET + ["Mothership (1)"], P2: P2_HAND, P3: P3_HAND})
    play(st, "trash(card=The Black Triangle (1))")
    taken = added(QUIET + ["Mothership (1)"], st.cards_in("hand", P1))
    assert taken == ["Cover-Up (2)", "Doctored Photo (2)"]        # seed 11's picks
    assert sorted(st.cards_in("hand", P2)) == sorted(set(P2_HAND) - {"Cover-Up (2)"})
    assert sorted(st.cards_in("hand", P3)) == sorted(set(P3_HAND) - {"Doctored Photo (2)"})
    assert st.knows(P2, "Cover-Up (2)") and not st.knows(P3, "Cover-Up (2)")
    assert st.cards_in("discard") == ["The Black Triangle (1)"]
    assert st.prompt == "to discard"
    check(st)


def test_black_triangle_discard_looks_at_an_agenda():
    """The Black Triangle: "Discard: look at an opponent's agenda." """
    st = deal(agendas={P1: "The Collector", P2: "The Debunker", P3: "The Believer"},
              hands={P1: ["The Black Triangle (2)"] + QUIET})
    play(st, "pass", "The Black Triangle (2)")
    assert st.current_player == P1 and st.prompt == "whose agenda to look at"
    assert actions(st) == ["player 2", "player 3"]
    play(st, "player 3")
    assert st.knows(P1, "The Believer") and not st.knows(P1, "The Debunker")
    assert not st.knows(P2, "The Believer") and not st.is_face_up("The Believer")
    assert st.view(P1).zone("case_file", owner="player 3").cards == ("The Believer",)
    assert st.current_player == P2
    check(st)


# ---- printed values -------------------------------------------------------------------------

FIXED_VALUES = {
    "Scorched Earth (1)": 2, "Radar Return (1)": 2, "Physical Trace (1)": 2,
    "Abduction at Pine Creek": 3, "The Missing Hours": 3, "Close Contact": 3, "The Landing Site": 3,
    "Witness Testimony": 3, "Government Files": 3, "The Contactee": 3,
    "Mothership (1)": 4, "Cover-Up (1)": 4, "Tractor Beam (1)": 4, "Jamming Signal (1)": 4,
    "Weather Balloon (1)": -1, "Swamp Gas (1)": -2, "Doctored Photo (1)": -3, "Mass Hallucination": -5,
}


@pytest.mark.parametrize("card, value", FIXED_VALUES.items())
def test_fixed_value_in_case_file(card, value):
    """CE2 worth 2, CE3 worth 3, CE4 worth 4, Mirages -1, -2, -3, -5: tallied in the
    Case File they lie in."""
    st = deal(case_files={P2: [card]})
    assert st.card_attr(card, "value") == value
    assert st.quantity("case_value", P2) == value
    assert st.quantity("score", P2) == value
    check(st)
