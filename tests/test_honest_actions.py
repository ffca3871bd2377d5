"""Honest actions: an action names only what its seat may know.

A card the deciding seat cannot see is named by its place (the k-th card hidden from
that seat in its zone, in zone order), in the action's fields and in its text; the
engine finds the card behind the place when the action is applied. And over random games
of every rule file, the actions offered at a decision do not change when the cards
hidden from the decider are re-dealt.
"""

from __future__ import annotations

import os

import pytest

import ruleforge
from ruleforge import Action, Place, Ref
from ruleforge.drivers.deep import actions_leak
from ruleforge.runtime.determinize import determinize
from ruleforge.runtime.rng import Random
from ruleforge.testing import play

from golden import rule_files

STEAL = """\
game "t"
players 3
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
ending done: nobody wins
setup:
    shuffle box
    for each p in players:
        move top 3 cards of box to hand of p
action take:
    with c in hand of (the player after current)
    move c to hand of current
turn:
{before}    current takes an action
    end the game with done
"""


def steal(tmp_path, before: str = ""):
    path = tmp_path / "steal.rules"
    path.write_text(STEAL.format(before=before))
    return ruleforge.load(path)


def test_a_hidden_card_is_offered_by_its_place(tmp_path):
    """The reproduction: `with c in hand of (the player after current)` used to offer
    take(c=8♣) while player 1's view shows that hand as three hidden cards."""
    st = steal(tmp_path).new(1)
    assert st.cards_in("hand", 1) == ["3♥", "10♣", "8♣"]
    assert st.view(0).zone("hand", "player 2").cards == (None, None, None)
    actions = st.legal_actions()
    assert [str(a) for a in actions] == ["take(c=the 1st hidden card of hand of player 2)",
                                         "take(c=the 2nd hidden card of hand of player 2)",
                                         "take(c=the 3rd hidden card of hand of player 2)"]
    zone = st.game.zone_lookup[("hand", 1, None)]
    assert actions[1] == Action("menu", "take", (("c", Place("place", zone, 2, "the 2nd hidden card of hand of player 2")),))
    # nothing in the action is the card: not its index, not its name
    assert not any(isinstance(v, Ref) for a in actions for _, v in a.args)
    assert all(a.to_json()["args"][0][1].startswith("the ") for a in actions)
    st.apply(actions[1])  # the engine finds the card at that place: the 2nd of the hand
    assert st.cards_in("hand", 1) == ["3♥", "8♣"]
    assert st.cards_in("hand", 0) == ["7♠", "9♥", "2♠", "10♣"]


def test_known_cards_by_name_hidden_ones_by_place_known_first(tmp_path):
    """After a look at one card, that card is named and comes first; the two others are
    the 1st and 2nd of the hand's cards hidden from the seat (in the hand's order)."""
    game = steal(tmp_path, "    current looks at the card in hand of (the player after current) where value = 10\n")
    st = game.new(1)
    assert [str(a) for a in st.legal_actions()] == ["take(c=10♣)",
                                                    "take(c=the 1st hidden card of hand of player 2)",
                                                    "take(c=the 2nd hidden card of hand of player 2)"]
    assert st.legal_actions() == sorted(st.legal_actions())
    play(st, "take(c=the 2nd hidden card of hand of player 2)")
    assert st.cards_in("hand", 1) == ["3♥", "10♣"]


def test_a_place_is_resolved_in_the_state_it_is_applied_to(tmp_path):
    """In a world where the hidden cards were re-dealt (what a search agent plays in), the
    same action is offered and takes the card that lies at that place there."""
    st = steal(tmp_path).new(1)
    world = determinize(st, 0, 5)
    assert world.cards_in("hand", 1) != st.cards_in("hand", 1)
    action = st.legal_actions()[2]
    third = world.cards_in("hand", 1)[2]
    world.apply(action)
    assert third in world.cards_in("hand", 0) and third not in world.cards_in("hand", 1)
    assert actions_leak(st, determinize(st, 0, 5)) is None


def test_a_choice_of_hidden_cards_is_by_place(tmp_path):
    path = tmp_path / "pick.rules"
    path.write_text(STEAL.replace("{before}    current takes an action\n",
                                  "    let c = current chooses a card in hand of (the player after current) \"to take\"\n"
                                  "    move c to pile\n"))
    st = ruleforge.load(path).new(1)
    assert [str(a) for a in st.legal_actions()] == [f"the {k} hidden card of hand of player 2"
                                                    for k in ("1st", "2nd", "3rd")]
    assert st.legal_actions()[0].args[0][1] == Place("place", st.game.zone_lookup[("hand", 1, None)], 1,
                                                     "the 1st hidden card of hand of player 2")
    play(st, "the 3rd hidden card of hand of player 2")
    assert st.cards_in("pile") == ["8♣"]


def test_a_filter_on_hidden_cards_is_a_leak(tmp_path):
    """Which places are offered may not depend on what lies there: a 'where' over the
    other hand's values makes the offer change when that hand is re-dealt."""
    path = tmp_path / "leak.rules"
    path.write_text(STEAL.format(before="").replace("with c in hand of (the player after current)",
                                  "with c in hand of (the player after current) where value > 5"))
    st = ruleforge.load(path).new(1)
    assert [str(a) for a in st.legal_actions()] == ["take(c=the 2nd hidden card of hand of player 2)",
                                                    "take(c=the 3rd hidden card of hand of player 2)"]
    leaks = [actions_leak(st, determinize(st, 0, seed)) for seed in range(20)]
    assert any(leaks)
    assert next(m for m in leaks if m).startswith("the actions offered to player 1 depend on cards that seat "
                                                  "cannot see: when they are re-dealt, ")


# ---- every rule file: the offer does not depend on hidden cards -------------------------

# The default run samples (about 15 s); RULEFORGE_HONEST_GAMES=1000 RULEFORGE_HONEST_EVERY=1
# checks 1,000 games of every rule file at every decision (docs/testing.md; about 1.5 min).
GAMES = int(os.environ.get("RULEFORGE_HONEST_GAMES", "200"))
EVERY = int(os.environ.get("RULEFORGE_HONEST_EVERY", "2"))
FILES = rule_files()


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_offered_actions_do_not_depend_on_hidden_cards(path):
    """GAMES random games of the rule file (spread over its player counts): at every
    EVERY-th decision (by default 200 games, every 2nd decision, to stay cheap), re-deal
    the cards hidden from the decider and make the decision again: the same actions."""
    from golden import player_counts
    counts = list(player_counts(path))
    games = {n: ruleforge.load(path, players=n) for n in counts}
    checked = 0
    for seed in range(GAMES):
        n = counts[seed % len(counts)]
        st = games[n].new(seed)
        rng = Random(seed ^ 0x4E57)
        step = 0
        while not st.is_over:
            actions = st.legal_actions()
            if step % EVERY == seed % EVERY:
                leak = actions_leak(st, determinize(st, st.current_player, 7919 * step + seed))
                assert leak is None, f"{path.name} at {n} players, seed {seed}, decision {step + 1}: {leak}"
                checked += 1
            st.apply(actions[rng.below(len(actions))])
            step += 1
    assert checked > 0 or path.stem == "war"  # War never asks anything


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_what_the_menus_take_for_granted_holds(path):
    """The facts the generated menus and choices rely on (CodeGenerator.always_seen),
    after every decision of 30 random games of every rule file: a face-up card is known
    to everyone; a card in a private zone of its own is known to its owner, unless a rule
    puts cards there face down; a card in a face-up pile or hand is known to everyone,
    unless a rule puts cards there face down or flips a card."""
    from golden import player_counts
    from ruleforge.lang import ast as A
    from ruleforge.lang.values import walk
    from ruleforge.load import check_source, read_source
    from ruleforge.runtime.board import PRIVATE, UP
    from ruleforge.runtime.codegen.menus import blind_zones
    name, data = read_source(path)
    tree = check_source(name, data, {})[1].tree
    blind, flips = blind_zones(tree), any(isinstance(n, A.Flip) for n in walk(tree))
    counts = list(player_counts(path))
    for seed in range(30):
        game = ruleforge.load(path, players=counts[seed % len(counts)])
        open_zones = [z for z, zi in enumerate(game.zinst) if zi.kind != "row" and zi.slot is None
                      and zi.decl not in blind and "*" not in blind]
        private = [(z, game.zinst[z].owner) for z in open_zones
                   if game.zinst[z].facing == PRIVATE and game.zinst[z].owner >= 0]
        face_up = [z for z in open_zones if game.zinst[z].facing == UP] if not flips else []
        st = game.new(seed)
        rng = Random(seed ^ 0x0A11)
        while True:
            for c in range(len(st.up)):
                assert not st.up[c] or st.known[c] == game.all_seats, (path.name, seed, c)
            for z, owner in private:
                assert all(st.known[c] >> owner & 1 for c in st.zones[z]), (path.name, seed, game.zinst[z].label)
            for z in face_up:
                assert all(st.known[c] == game.all_seats for c in st.zones[z]), (path.name, seed, game.zinst[z].label)
            if st.is_over:
                break
            actions = st.legal_actions()
            st.apply(actions[rng.below(len(actions))])
