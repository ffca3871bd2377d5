"""The screens list a table by player, not zone by zone (runtime/seating.py): the shared
zones, then the seat's own (hand and piles together, in declaration order), then each
other seat's in seat order. tests/data/expeditions.rules declares each player's zones kind
by kind with shared zones between them, as Lost Cities would; every screen is asserted
exactly on it: the terminal's table, the served page's areas, `str(view)` (OpenSpiel's
strings), narration's line of where things stand. Only the order changes: each screen
shows the same zones with the same cards as before."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import ruleforge
from ruleforge.drivers.narrate import Narrator
from ruleforge.drivers.serve.drawing import areas
from ruleforge.drivers.table import table_parts
from ruleforge.runtime.seating import by_seat, seat_key
from ruleforge.testing import play

EXPEDITIONS = Path(__file__).parent / "data" / "expeditions.rules"
# player 1 lays 2♠ on red and draws, player 2 lays 8♣ on blue and draws, player 1 sets 7♠
# aside (so `picked` holds a card at one seat only)
MOVES = ("to_red(card=2♠)", "to_blue(card=8♣)", "set_aside(card=7♠)")


@pytest.fixture(scope="module")
def game():
    return ruleforge.load(EXPEDITIONS)


def state(game, *moves, record=False):
    st = game.new(1, record=record)
    play(st, *moves)
    return st


def terminal(game, st, seat) -> list[str]:
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    for part in table_parts(game, st, seat):
        console.print(part)
    return [line.rstrip() for line in console.export_text().splitlines()]


# ---- the terminal's table -----------------------------------------------------------------

def test_the_terminal_lists_the_shared_zones_then_the_seats_own_then_the_other_seats(game):
    st = state(game, *MOVES)
    assert terminal(game, st, 0) == [
        "Expeditions · turn 4 · you are player 1",
        "the deck                     41 cards",
        "the market                   1:2♥  2:·",
        "hand of player 1             10♣ 3♠",
        "red expedition of player 1   2♠",
        "picked of player 1           7♠",
        "camp of player 1             1:·  2:4♣",
        "hand of player 2             ▒ ▒ ▒",
        "blue expedition of player 2  8♣",
        "picked of player 2           -",
        "camp of player 2             1:·  2:A♣",
    ]
    assert terminal(game, st, 1) == [
        "Expeditions · turn 4 · you are player 2",
        "the deck                     41 cards",
        "the market                   1:2♥  2:·",
        "hand of player 2             3♦ 3♥ 9♥",
        "blue expedition of player 2  8♣",
        "picked of player 2           -",
        "camp of player 2             1:·  2:A♣",
        "hand of player 1             ▒ ▒",
        "red expedition of player 1   2♠",
        "picked of player 1           ▒",
        "camp of player 1             1:·  2:4♣",
    ]


def test_a_zone_empty_at_every_seat_is_one_line_where_the_seats_own_would_be(game):
    # (before any move: nobody has set a card aside; the empty expeditions, piles, are left out)
    st = state(game)
    assert terminal(game, st, 1) == [
        "Expeditions · turn 1 · you are player 2",
        "the deck                43 cards",
        "the market              1:2♥  2:·",
        "hand of player 2        8♣ 3♥ 9♥",
        "picked of every player  -",
        "camp of player 2        1:·  2:A♣",
        "hand of player 1        ▒ ▒ ▒",
        "camp of player 1        1:·  2:4♣",
    ]


# ---- the served page ----------------------------------------------------------------------

def outline(page_areas) -> list:
    """(owner, [(label, empty)]) of each area, top to bottom."""
    return [(a["owner"], [(z["label"], z["empty"]) for z in a["zones"]]) for a in page_areas]


def test_the_page_draws_the_shared_area_then_the_seats_own_then_the_other_seats(game):
    st = state(game, *MOVES)
    mine = [("hand of player 2", False), ("blue expedition of player 2", False),
            ("picked of player 2", True), ("camp of player 2", False)]
    theirs = [("hand of player 1", False), ("red expedition of player 1", False),
              ("picked of player 1", False), ("camp of player 1", False)]
    shared = (None, [("the deck", False), ("the market", False)])
    assert outline(areas(game, st.view(1))) == [shared, ("player 2", mine), ("player 1", theirs)]
    assert outline(areas(game, st.view(0))) == [shared, ("player 1", theirs), ("player 2", mine)]
    # a spectator: every seat in seat order
    assert [a["owner"] for a in areas(game, st.view(None))] == [None, "player 1", "player 2"]
    # a row of each player is its owner's, its own slots only
    camp = areas(game, st.view(1))[1]["zones"][3]
    assert [(s["number"], s["cards"]) for s in camp["slots"]] == [(1, []), (2, ["A♣"])]


def test_the_page_folds_a_zone_empty_at_every_seat_into_one_small_zone_as_the_terminal_does(game):
    st = state(game)
    assert outline(areas(game, st.view(1))) == [
        (None, [("the deck", False), ("the market", False)]),
        ("player 2", [("hand of player 2", False), ("picked of every player", True), ("camp of player 2", False)]),
        ("player 1", [("hand of player 1", False), ("camp of player 1", False)]),
    ]
    folded = areas(game, st.view(1))[1]["zones"][1]
    assert folded == {"kind": "hand", "label": "picked of every player", "cards": [], "empty": True}
    # the page draws an empty zone small: its class says so
    js = (Path(ruleforge.__file__).parent / "drivers" / "serve" / "static" / "app.js").read_text(encoding="utf-8")
    css = (Path(ruleforge.__file__).parent / "drivers" / "serve" / "static" / "style.css").read_text(encoding="utf-8")
    assert '(z.empty ? " empty" : "")' in js and ".zone.empty {" in css


# ---- str(view), OpenSpiel's strings ---------------------------------------------------------

def test_a_views_text_lists_its_zones_by_player(game):
    st = state(game, *MOVES)
    assert str(st.view(1)).splitlines()[1:] == [
        "  the deck: " + " ".join(["▒"] * 41),
        "  the discard pile: -",
        "  the market 1: 2♥",
        "  the market 2: -",
        "  hand of player 2: 3♦ 3♥ 9♥",
        "  red expedition of player 2: -",
        "  blue expedition of player 2: 8♣",
        "  picked of player 2: -",
        "  camp of player 2 1: -",
        "  camp of player 2 2: A♣",
        "  hand of player 1: ▒ ▒",
        "  red expedition of player 1: 2♠",
        "  blue expedition of player 1: -",
        "  picked of player 1: ▒",
        "  camp of player 1 1: -",
        "  camp of player 1 2: 4♣",
    ]
    spectator = [line.split(":")[0].strip() for line in str(st.view(None)).splitlines()[1:]]
    assert spectator[4:] == ["hand of player 1", "red expedition of player 1", "blue expedition of player 1",
                             "picked of player 1", "camp of player 1 1", "camp of player 1 2",
                             "hand of player 2", "red expedition of player 2", "blue expedition of player 2",
                             "picked of player 2", "camp of player 2 1", "camp of player 2 2"]
    # the view itself keeps the layout's order, which agents and tools index
    assert [z.label for z in st.view(1).zones][:5] == ["hand of player 1", "hand of player 2",
                                                       "red expedition of player 1", "red expedition of player 2",
                                                       "the deck"]


# ---- narration ----------------------------------------------------------------------------

def test_narrations_line_of_where_things_stand_lists_the_readers_rows_first(game):
    st = state(game, record=True)
    standing = [line for line in Narrator(game, 1, st).lines(st.record) if line.startswith("    = ")]
    assert standing == ["    = the market 1:2♥ 2:· · camp of player 2 1:· 2:A♣ · camp of player 1 1:· 2:4♣"]
    told = [line for line in Narrator(game).lines(st.record) if line.startswith("    = ")]
    assert told == ["    = the market 1:2♥ 2:· · camp of player 1 1:· 2:4♣ · camp of player 2 1:· 2:A♣"]


# ---- only the order changes ---------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1, None])
def test_every_listing_holds_the_views_zones_and_nothing_else(game, seat):
    st = state(game, *MOVES)
    v = st.view(seat)
    assert sorted(v.listed(), key=repr) == sorted(v.zones, key=repr)
    assert len(v.listed()) == len(v.zones)


def test_the_order_key_puts_shared_zones_then_the_seats_then_the_others_in_seat_order():
    owners = [2, None, 0, 1, -1, 2, 0]
    assert by_seat(owners, lambda o: o, 1) == [None, -1, 1, 0, 0, 2, 2]
    assert by_seat(owners, lambda o: o, None) == [None, -1, 0, 0, 1, 2, 2]
    assert seat_key(3, 3) < seat_key(0, 3) < seat_key(1, 3)
