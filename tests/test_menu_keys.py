"""Menus kept by what they read (codegen/menukeys.py, runtime/actions.py `Menu.offer`).

A seat's menu made once is looked up again when what its actions read (the cards of the
zones their parameters range over, the facing of a slot's top card, the numbers, whether
the seat knows each card) is the same. A kept menu must be the menu the rules would make
now, charge the work they would charge, and never stand for a menu that names a hidden
card by its place.
"""

from __future__ import annotations

import random

import pytest

import ruleforge
from ruleforge.runtime import actions as actions_mod
from ruleforge.runtime import kept as kept_mod
from ruleforge.runtime.actions import Menu
from ruleforge.runtime.rng import Random
from ruleforge.runtime.values import RuleError

from golden import player_counts, rule_files
from test_honest_actions import steal


def menus_of(game) -> list:
    """The menu sites of a game's generated module."""
    names = next(iter(game.turn_procs)).fn.__globals__
    return [v for k, v in names.items() if k.startswith("SITE_") and isinstance(v, Menu)]


def plain(payload):
    """A payload comparable across two loads of a game: an action's spec by its name."""
    if type(payload) is actions_mod.Deferred:
        return ("deferred", payload.spec and payload.spec.name, payload.values)
    if type(payload) is tuple and payload and isinstance(payload[0], actions_mod.ActionSpec):
        return (payload[0].name, *payload[1:])
    return payload


def decisions(game, seed: int) -> list:
    """Every decision of a seeded random game: (seat, actions, payloads)."""
    st, r, seen = game.new(seed), random.Random(seed), []
    while not st.is_over:
        p = st.pending
        seen.append((p.player, p.actions, tuple(map(plain, p.values))))
        st.apply(r.choice(st.legal_actions()))
    return seen


CONFIGS = [(path, n) for path in rule_files() for n in player_counts(path)]


@pytest.mark.parametrize("path, players", CONFIGS, ids=[f"{p.stem}-{n}p" for p, n in CONFIGS])
def test_a_kept_menu_is_the_menu_the_rules_make(path, players):
    """Over seeded random games of every rule file, the actions and payloads offered at
    every decision are the same with menus kept as with every menu made again."""
    kept, made = ruleforge.load(path, players=players), ruleforge.load(path, players=players)
    for menu in menus_of(made):
        menu.key = None
    for seed in range(25):
        assert decisions(kept, seed) == decisions(made, seed), seed


def test_gufo_keeps_the_radar_operators_menus():
    game = ruleforge.load("games/gufo.rules")
    for seed in range(400):
        decisions(game, seed)
    [menu] = menus_of(game)
    kept = menu._kept[1]
    assert not kept.skip and kept.menus and kept.hits > len(kept.menus)  # most menus are found again


def radar_decision(game, seed: int = 1):
    st, r = game.new(seed), Random(seed)
    while st.pending.prompt != "take an action":
        actions = st.legal_actions()
        st.apply(actions[r.below(len(actions))])
    return st


def test_gufo_menu_key_reads_the_hand_and_the_facing_of_each_altitude():
    # The Bengal light asks whether an altitude is clear or cloudy, never which card
    # lies there: a cloudy altitude's hidden card may change without changing the key.
    game = ruleforge.load("games/gufo.rules")
    [menu] = menus_of(game)
    st = radar_decision(game)
    key = menu.key(st, 1)
    sky5, sky7 = (game.zone_inst("sky", None, a).index for a in (5, 7))
    other = st.clone()
    a, b = other.zones[sky5][-1], other.zones[sky7][-1]
    assert not other.up[a] and not other.up[b]  # both cloudy
    other.zones[sky5][-1], other.zones[sky7][-1] = b, a
    other.loc[a], other.loc[b] = sky7, sky5
    assert menu.key(other, 1) == key
    flipped = st.clone()
    flipped.up[a] = 1
    assert menu.key(flipped, 1) != key
    fewer = st.clone()
    fewer.zones[game.zone_inst("hand", "radar").index].pop()
    assert menu.key(fewer, 1) != key


def test_a_kept_menu_charges_its_work_and_fails_where_the_rules_fail():
    game = ruleforge.load("games/gufo.rules")
    [menu] = menus_of(game)
    st = radar_decision(game)
    first = st.clone()
    first.work = 1000
    acts, vals = menu.offer(first, 1)
    cost = 1000 - first.work
    assert cost > 0 and menu._kept[1].menus  # made, charged and kept
    again = st.clone()
    again.work = 1000
    assert menu.offer(again, 1) == (acts, vals) and again.work == 1000 - cost
    short = st.clone()
    short.work = cost - 1  # a kept menu costs what making it costs: short of work, it fails
    with pytest.raises(RuleError) as kept_error:
        menu.offer(short, 1)
    made = st.clone()
    made.work = cost - 1
    with pytest.raises(RuleError) as made_error:
        menu.make(made, 1)
    assert str(kept_error.value) == str(made_error.value) and "work" in str(kept_error.value)


def test_a_menu_naming_a_hidden_card_by_its_place_is_never_kept(tmp_path):
    game = steal(tmp_path)  # take a card of the next player's hand, hidden from the taker
    [menu] = menus_of(game)
    assert menu.key is not None  # it has a key (the hands, who is out)...
    for seed in range(5):
        st = game.new(seed)
        assert str(st.legal_actions()[0]) == "take(c=the 1st hidden card of hand of player 2)"
    assert not menu._kept[0].menus  # ... but its menus name places: made for their decision only


@pytest.mark.parametrize("allowed, key", [
    ("n of current < 5", True),             # a counter: read into the key
    ("bonus of current < 5", False),        # a quantity: every active card may add to it
    ("lead = current", True),               # a definition reading the turn's player: read into the key
])
def test_what_a_menu_reads_decides_whether_it_has_a_key(tmp_path, allowed, key):
    path = tmp_path / "t.rules"
    path.write_text(
        'game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
        'zone hand per player: hand\ncounter n per player = 0\nquantity bonus of p: 1\n'
        'define lead = current\nending done: nobody wins\n'
        'setup:\n    move top 2 cards of box to hand of player 1\n'
        f'action play:\n    with c in hand of current\n    allowed if {allowed}\n    move c to box\n'
        'turn:\n    current takes an action or passes\n    end the game with done\n')
    game = ruleforge.load(path)
    [menu] = menus_of(game)
    assert (menu.key is not None) == key
    if key and "lead" in allowed:
        assert "st.turn_pos" in game.source  # the definition's `current` is the turn's player


def test_a_site_whose_menus_never_repeat_stops_keeping_them(monkeypatch):
    monkeypatch.setattr(kept_mod, "KEPT_TRIAL", 8)
    game = ruleforge.load("games/ufology.rules", players=4)
    for seed in range(3):
        decisions(game, seed)
    [menu] = menus_of(game)
    assert all(k.skip and not k.menus for k in menu._kept.values())
    made = ruleforge.load("games/ufology.rules", players=4)
    for m in menus_of(made):
        m.key = None
    assert decisions(game, 7) == decisions(made, 7)


BIG = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
ending done: nobody wins when count of box = 0
setup:
    shuffle box
turn:
    move top of box to hand of current
    current takes an action
action bid:
    with c in hand of current
    with n from 1 to 200
    move c to hand of current
"""


def test_kept_menus_stay_within_their_size_whatever_a_rule_file_offers(tmp_path, monkeypatch):
    # A menu may hold 100,000 actions, and a site 4,096 menus: what is kept is bounded in
    # actions and key items too, or a hostile file's big, ever-new menus would fill memory.
    monkeypatch.setattr(kept_mod, "KEPT_SIZE", 5000)
    path = tmp_path / "big.rules"
    path.write_text(BIG)
    game = ruleforge.load(path)
    made = ruleforge.load(path)
    for m in menus_of(made):
        m.key = None
    for seed in range(3):
        assert decisions(game, seed) == decisions(made, seed)
    [menu] = menus_of(game)
    for kept in menu._kept.values():
        assert kept.size <= 5000 and sum(len(a) + len(k) for k, (a, _, _) in kept.menus.items()) == kept.size
        assert kept.skip or len(kept.menus) < 5000 // 200


SHOW = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
zone shown: pile, face up
counter n = 0
ending done "ten turns": nobody wins when n = 10
setup:
    shuffle box
    move top 5 cards of box to hand of player 1
    move top 5 cards of box to hand of player 2
turn:
    current takes an action
    increase n by 1
action play "Play":
    with c in hand of current{up}
    move c to shown
{show}"""
SHOW_ACTION = """\
action show "Show":
    with c in hand of current where it is face down
    reveal c
"""


@pytest.mark.parametrize("up, show, key", [
    # a hand no rule turns a card face up in: its cards alone (the seat sees them, face down)
    ("", "", "return (*sorted(Z[1]),)"),
    # a card of it may be revealed: whether each is face up, too
    (" where it is face up", SHOW_ACTION, "for c in s0: k.append(up[c])"),
])
def test_a_menu_key_holds_the_facing_of_a_seats_own_cards_only_where_a_rule_can_turn_one(tmp_path, up, show, key):
    path = tmp_path / "show.rules"
    path.write_text(SHOW.format(up=up, show=show))
    kept, made = ruleforge.load(path), ruleforge.load(path)
    assert key in kept.source and "kn[c]" not in kept.source
    for menu in menus_of(made):
        menu.key = None
    for seed in range(30):
        assert decisions(kept, seed) == decisions(made, seed), seed
