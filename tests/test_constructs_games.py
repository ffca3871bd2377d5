"""Constructs the four games of issue 13 needed beyond the merged ones.

- A counter that holds a player may start at `player N` in a game without roles
  (Spades: `counter dealer = player 4`), as it may at a role's name.

Each test runs a small rule file and asserts the exact state; wrong uses assert the
exact diagnostics (line, column, text)."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge import RuleFileError
from ruleforge.load import check_source
from ruleforge.testing import play


def make(tmp_path, text, players=None):
    path = tmp_path / "t.rules"
    path.write_text(text)
    return ruleforge.load(path, players=players)


def errors(text):
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", text.encode())
    return [(d.span.line, d.span.column, d.message, d.hint) for d in e.value.diagnostics]


# ---- a counter that starts at player N ------------------------------------------------

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
