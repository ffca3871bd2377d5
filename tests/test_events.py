"""The engine's record is a list of typed events (runtime/events.py), kept by an observer
that bulk play goes without and a clone never carries.

A small rule file makes every kind of event in one scripted turn, from a stacked deck;
its record is compared event for event."""

from __future__ import annotations

import attrs
import pytest

import ruleforge
from ruleforge.drivers.narrate import Narrator
from ruleforge.runtime.events import (Decided, Eliminated, Ended, Flipped, GameEnding, Moved, Observer, Revealed,
                                      RoundBegan, RoundEnded, Said, Shuffled, Status, Swapped, TurnBegan, ValueSet)
from ruleforge.runtime.values import Action, Result
from ruleforge.testing import new_arranged

# the two seats and the first card of both rule files below
SEATS_AND_A = """\
players 2
role north "North"
role south "South"

cards: listed in box
card "A":
    value: 1
"""

RULES = 'game "events"\n' + SEATS_AND_A + """\
card "B":
    value: 2
card "C":
    value: 3
card "D":
    value: 4

zone box: pile
zone deck: pile
zone hand per player: hand
zone table "slot": row of 2 slots, face up

counter n = 0

setup:
    move cards in box to deck
    shuffle deck

when the round begins:
    say "a round for {current}"

turn:
    current takes an action

action draw "Draw":
    move top of deck to hand of current as drawn
    move top of deck to table slot 1
    swap drawn with the card in table slot 1
    flip the card in table slot 1
    reveal cards in hand of current
    increase n by 2
    eliminate the player after current
    end the game with done

ending done: current wins
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("events") / "events.rules"
    path.write_text(RULES)
    return ruleforge.load(path)


def played(game, **kw):
    """North draws from a deck stacked A B C D (D on top)."""
    st = new_arranged(game, 0, [("deck", ["A", "B", "C", "D"])], record=True)
    st.apply(Action("menu", "draw"))
    return st


def test_one_scripted_turn_records_every_kind_of_event(game):
    z = {zi.label: zi.index for zi in game.zinst}
    c = game.card_index
    box, deck, hand, s1, s2 = z["box"], z["deck"], z["hand of north"], z["slot 1"], z["slot 2"]
    A, B, C, D = c["A"], c["B"], c["C"], c["D"]
    assert played(game).record == [
        # setup (the deck is stacked after it, before the first turn)
        Moved(A, box, deck, False, 0), Moved(B, box, deck, False, 0),
        Moved(C, box, deck, False, 0), Moved(D, box, deck, False, 0),
        Shuffled(deck, 4),
        Status((0,), ((s1, ()), (s2, ()))),
        RoundBegan(1),
        Said("a round for North"),
        TurnBegan(0, 1),
        Decided(0, Action("menu", "draw"), "take an action"),
        Moved(D, deck, hand, False, 0b01),      # only North knows the card in her hand
        Moved(C, deck, s1, True, 0b11),         # the table is face up
        Swapped(D, hand, s1, True, C, False, 0b11, 0b11),
        Flipped(D, False),                      # face down, and still known to both
        Revealed(C, hand),
        ValueSet("n", 0, 2),
        Eliminated(1),
        Status((2,), ((s1, ((D, False),)), (s2, ()))),
        Ended(Result("done", "done", (0,))),
    ]


def test_the_narrator_reads_the_events_by_name(game):
    assert Narrator(game).lines(played(game).record) == [
        "    A (face down), B (face down), C (face down), D (face down): box → deck",
        "    deck shuffled (4 cards)",
        "    = n 0 · slot 1:· 2:·",
        "Round 1",
        "    — a round for North",
        "  North's turn",
        "  ▸ North: Draw",
        "    D (face down): deck → hand of north",
        "    C: deck → slot 1",
        "    swap: D → slot 1, C (face down) → hand of north",
        "    D turned face down",
        "    revealed: C in hand of north",
        "    n: 0 → 2",
        "    South is eliminated",
        "    = n 2 · slot 1:[D] 2:·",
        "Game over: done. Winner: North.",
    ]


def test_events_are_frozen_values():
    ev = Moved(1, 2, 3, True, 0b11)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ev.card = 2
    assert ev == Moved(card=1, source=2, destination=3, face_up=True, known=3)
    assert hash(ev) == hash(Moved(1, 2, 3, True, 3))
    assert not hasattr(ev, "__dict__")  # slots: an event costs a few words


def test_bulk_play_has_no_observer(game):
    st = game.new(0)
    assert st.observer is None and st.record is None and st.stats is None


def test_new_makes_the_observer_it_is_asked_for(game):
    seen = []
    st = game.new(0, stats=True, watch=lambda s: seen.append(s.turns))
    assert st.record is None and st.stats == {"when the round begins": 1}
    assert st.observer.watch is not None and seen == [0]  # setup is over
    st = game.new(0, record=True)
    assert st.stats is None and st.observer.watch is None and st.record[-1] == TurnBegan(0, 1)


def test_a_clone_carries_no_observer(game):
    seen = []
    st = new_arranged(game, 0, [("deck", ["A", "B", "C", "D"])], record=True)
    st.observer.watch = lambda s: seen.append(s.turns)
    before = list(st.record)
    other = st.clone()
    assert other.observer is None and other.record is None and other.stats is None
    other.apply(Action("menu", "draw"))
    assert other.is_over and other.result.winners == (0,)
    assert st.record == before and seen == []  # the clone's turn told the original nothing
    assert not st.is_over


def test_record_is_read_only(game):
    st = game.new(0, record=True)
    with pytest.raises(AttributeError):
        st.record = []
    st.record.clear()  # a driver empties the list once it has told its events
    assert st.observer.record == []


def test_observer_make_is_none_when_nothing_is_observed():
    assert Observer.make() is None
    ob = Observer.make(record=True)
    assert ob.record == [] and ob.stats is None and ob.watch is None


HEADINGS = 'game "headings"\n' + SEATS_AND_A + """
zone box: pile
zone table: pile, face up

counter n = 0

turn:
    current takes an action

action tick "Tick":
    increase n by 1

when the round ends:
    if n = 4:
        move top of box to table
        say "four ticks"

when the game ends:
    say "the end"

ending done "four ticks": north wins when n = 4 at round end
"""


@pytest.fixture(scope="module")
def headings(tmp_path_factory):
    path = tmp_path_factory.mktemp("headings") / "headings.rules"
    path.write_text(HEADINGS)
    return ruleforge.load(path)


def ticked(game):
    st = game.new(0, record=True)
    for _ in range(4):
        st.apply(Action("menu", "tick"))
    return st


def test_the_round_end_and_game_end_rules_run_under_events_of_their_own(headings):
    record = ticked(headings).record
    kinds = [type(ev).__name__ for ev in record]
    # each round's end is recorded (round 1's rules do nothing), then the game's end
    assert [ev for ev in record if isinstance(ev, (RoundEnded, GameEnding))] == [
        RoundEnded(1), RoundEnded(2), GameEnding("four ticks")]
    end2 = record.index(RoundEnded(2))
    assert kinds[end2 - 2:] == ["Decided", "ValueSet", "RoundEnded", "Moved", "Said", "GameEnding", "Said",
                                "Status", "Ended"]


def test_the_narrator_heads_what_the_round_end_and_game_end_rules_do(headings):
    lines = Narrator(headings).lines(ticked(headings).record)
    assert lines[lines.index("Round 2"):] == [
        "Round 2",
        "  North's turn",
        "  ▸ North: Tick",
        "    n: 2 → 3",
        "    = n 3",
        "  South's turn",
        "  ▸ South: Tick",
        "    n: 3 → 4",
        "  end of round 2",      # not under South's turn: the round's rules did this
        "    A: box → table",
        "    — four ticks",
        "The game ends: four ticks",
        "    — the end",
        "    = n 4",
        "Game over: four ticks. Winner: North.",
    ]
    # round 1's end did nothing to tell: no heading with nothing under it
    assert "  end of round 1" not in lines


def test_a_round_end_heading_waits_across_calls_as_play_tells_a_game(headings):
    """play and the terminal narrate a decision at a time: a heading held back at the end
    of one call is told before what the next call brings."""
    record = ticked(headings).record
    cut = record.index(RoundEnded(2)) + 1
    narrator = Narrator(headings)
    first = narrator.lines(record[:cut])
    assert first[-1] == "    n: 3 → 4"
    assert narrator.lines(record[cut:])[:2] == ["  end of round 2", "    A: box → table"]
