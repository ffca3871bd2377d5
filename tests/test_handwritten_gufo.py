"""bench/handwritten/gufo.py, the hand-written gUFO, against games/gufo.rules.

1. Lockstep: the hand-written game is dealt ruleforge's deal (and, at an exhaustion, given
   ruleforge's reshuffled order); both play the same random choices; at every decision the
   player and the whole menu (by printed name) must be equal, and after every step the
   UFOs, sky, hand, deck, discard pile and exhaustion count; at the end the ending and the
   winners. Default rules (300 games) and five parameter variants (40 games each).
2. Statistics under uniformly random play (a seeded random.Random per game, the same policy
   for both; ruleforge's seeds 0..N_RULES-1, the hand-written game's 0..N_HAND-1): the
   Invader's win rate and the share of each ending (two-proportion z), and the means per
   game (two-sample z) of: decisions and legal actions offered, per seat; how often each
   kind of action is chosen; how far the UFOs move after each kind of action; the sum of
   the UFO altitudes over all decisions and at the end. Every |z| < Z_MAX = 4. Measured
   (pytest -s prints the whole table):

       statistic                 games/gufo.rules (3,000)   gufo.py (20,000)      z
       Invader wins                       0.5667                 0.5701        -0.35
       owl_shot                           0.4790                 0.4826        -0.37
       alien_shot                         0.2407                 0.2368        +0.46
       owl_landed                         0.1747                 0.1766        -0.26
       alien_landed                       0.0877                 0.0875        +0.03
       exhausted                          0.0180                 0.0165        +0.58
       decisions per game                27.96                  28.25          -0.97
       Invader / Radar decisions     21.15 / 6.81           21.35 / 6.90    -0.90 / -1.17
       largest |z| of all 31: "moved by special_light" 0.354 vs 0.388, z = -1.96 (on
       ruleforge's seeds 3000..8999 instead: 0.384, z = -0.34; and 3,000 lockstep games
       agreed exactly, 310 reshuffles included).

   Power: a copy of gufo.py with one rule changed, same seeds and N, gives max |z| =
       equal value does not bust (> became >=)           9.8  (moved by reveal another card)
       UFOs may rise above 8                            14.8  (moved by special_light)
       a cloudy altitude takes any card >= its number   10.4  (moved by bengal_light)
       special light raises by 1, not 2                  7.1  (moved by special_light)
       Bengal light raises by 2, not 1                  20.3  (moved by bengal_light)
       a pushed card moves its own suit's UFO            5.9  (radar decisions)
       a bust discards instead of removing               7.4  (exhausted)
       stopping removes no card                          5.6  (exhausted)
       exhaustions_to_lose 1 / reveal_count 3           27.4 / 28.6 (exhausted)
       radar_hand_size 4 / start_altitude 7             45.0 / 23.4
   so each of these fails the test; the one mutant it cannot see ("the first exhaustion
   reshuffles even an empty discard pile", a case random play never reaches with the
   default rules) fails test_equal_value_busts_and_exhaustion and the reveal_count=12
   lockstep instead.
3. A scripted game from new(2) with the exact state after its steps; stacked-deck rulings.
4. clone() independence.

The whole file takes about 10 s here (2 cores; most of it the 3,000 ruleforge games).
"""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

import pytest

import ruleforge

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "games" / "gufo.rules"
_spec = importlib.util.spec_from_file_location("handwritten_gufo", ROOT / "bench" / "handwritten" / "gufo.py")
gufo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gufo)

N_RULES = 3000     # ruleforge games (about 600 games/s here)
N_HAND = 20000     # hand-written games (about 20,000 games/s here)
Z_MAX = 4.0        # deterministic (fixed seeds); 4 sigma so a re-seeded run would not fail by chance
SUITS = ("clubs", "diamonds", "spades")
ENDINGS = ("alien_landed", "owl_landed", "exhausted", "alien_shot", "owl_shot")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def parse(name: str) -> int:
    """A ruleforge card name ("10♥") as a hand-written card int."""
    rank, suit = name[:-1], "♣♦♠♥".index(name[-1])
    return gufo.card(RANKS.get(rank) or int(rank), suit)


# ---- 1. lockstep ------------------------------------------------------------------------

_rf_now = [None]   # the ruleforge state the synced hand-written state follows
_reshuffles = [0]


class Synced(gufo.State):
    """A hand-written state whose reshuffle takes ruleforge's order (the deck ruleforge
    has now, with the cards it has revealed from it since put back on top)."""
    __slots__ = ()

    def _shuffle(self, items):
        rf = _rf_now[0]
        _reshuffles[0] += 1
        deck = [parse(n) for n in rf.cards_in("deck")]
        # drawn since: this turn's cards, revealed (or removed, after a bust), in order
        since = set(items) - set(deck)
        drawn = [c for c in map(parse, rf.cards_in("revealed") + rf.cards_in("removed")) if c in since]
        order = deck + drawn[::-1]
        assert sorted(order) == sorted(items), "the reshuffled cards differ"
        items[:] = order


def synced(rf) -> gufo.State:
    h = gufo.new(0, **{k: v for k, v in rf.game.params.items()})
    h.deck = [parse(n) for n in rf.cards_in("deck")]
    h.sky = [None] + [parse(rf.cards_in("sky", slot=a)[0]) for a in range(1, 9)]
    h.hand = [parse(n) for n in rf.cards_in("hand", "radar")]
    h.__class__ = Synced
    return h


def assert_same(rf, h):
    assert h.is_over == rf.is_over
    assert h.current_player == rf.current_player
    assert h.alt == [rf.piece("ufo", s, "altitude") for s in SUITS]
    assert h.sky[1:] == [parse(rf.cards_in("sky", slot=a)[0]) for a in range(1, 9)]
    assert sorted(h.hand) == sorted(parse(n) for n in rf.cards_in("hand", "radar"))
    assert h.deck == [parse(n) for n in rf.cards_in("deck")]
    assert sorted(h.discard) == sorted(parse(n) for n in rf.cards_in("discard"))
    assert h.exhaustions == rf.counter("exhaustions")


def lockstep(game, games: int) -> set:
    endings = set()
    for seed in range(games):
        rf = game.new(seed)
        h = synced(rf)
        rng = random.Random(seed)
        assert_same(rf, h)
        while not rf.is_over:
            rf_actions = rf.legal_actions()
            names = [gufo.action_name(a) for a in h.legal_actions()]
            assert len(set(names)) == len(names)
            assert sorted(names) == sorted(str(a) for a in rf_actions), (seed, rf.prompt)
            a = rf_actions[rng.randrange(len(rf_actions))]
            rf.apply(a)
            _rf_now[0] = rf
            h.apply(h.legal_actions()[names.index(str(a))])
            assert_same(rf, h)
        assert (h.ending, h.winners) == (rf.result.ending, rf.result.winners)
        endings.add(h.ending)
    return endings


def test_lockstep_default_rules():
    _reshuffles[0] = 0
    endings = lockstep(ruleforge.load(RULES), 300)
    assert endings == set(ENDINGS)
    assert _reshuffles[0] >= 5          # the first exhaustion's reshuffle was followed too


@pytest.mark.parametrize("params", [
    {"reveal_count": 3}, {"cloudy_altitudes": [3, 5, 7]}, {"exhaustions_to_lose": 1},
    {"radar_hand_size": 5, "start_altitude": 5}, {"reveal_count": 12},
], ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
def test_lockstep_variants(params):
    _reshuffles[0] = 0
    lockstep(ruleforge.load(RULES, **params), 40)
    if params.get("reveal_count") == 12:
        assert _reshuffles[0] >= 20


# ---- 2. statistics under random play ---------------------------------------------------

STATS = ("invader_wins",) + ENDINGS
KINDS = gufo.KIND_NAMES            # alien, use, reveal another card, stop, remove, bengal_light, ...
MOVES = tuple("moved by " + k for k in KINDS)
MEANS = ("decisions", "invader_decisions", "radar_decisions", "invader_offered", "radar_offered",
         "altitude_area", "final_altitudes") + KINDS + MOVES
RF_KIND = {"secret": "alien", "used": "use", "gone": "remove"}   # ruleforge's choose names


def random_games(new, result, altitudes, kind, n: int) -> dict:
    """Play n games with uniformly random choices. Per game: 0/1 for the Invader's win and
    each ending; decisions and legal actions offered per seat; how many times each kind
    of action was chosen, and by how much it changed the UFOs' altitudes in all (the
    change from that decision to the next: "moved by <kind>"); the sum of the three UFO
    altitudes over every decision ("altitude area") and at the end."""
    rows = {k: [] for k in STATS + MEANS}
    for seed in range(n):
        st = new(seed)
        rng = random.Random(seed)
        dec, off = [0, 0], [0, 0]
        kinds = dict.fromkeys(KINDS, 0)
        moved = dict.fromkeys(KINDS, 0)
        area = 0
        height = sum(altitudes(st))
        while not st.is_over:
            actions = st.legal_actions()
            p = st.current_player
            dec[p] += 1
            off[p] += len(actions)
            area += height
            a = actions[rng.randrange(len(actions))]
            k = kind(a)
            kinds[k] += 1
            st.apply(a)
            after = sum(altitudes(st))
            moved[k] += after - height
            height = after
        ending, winners = result(st)
        rows["invader_wins"].append(int(winners == (gufo.INVADER,)))
        for e in ENDINGS:
            rows[e].append(int(ending == e))
        rows["decisions"].append(dec[0] + dec[1])
        rows["invader_decisions"].append(dec[0])
        rows["radar_decisions"].append(dec[1])
        rows["invader_offered"].append(off[0])
        rows["radar_offered"].append(off[1])
        rows["altitude_area"].append(area)
        rows["final_altitudes"].append(height)
        for k in KINDS:
            rows[k].append(kinds[k])
            rows["moved by " + k].append(moved[k])
    return rows


def z_score(x: list, y: list) -> float:
    """Two-sample z of the means (for 0/1 data: the two-proportion test, unpooled)."""
    mx, my = sum(x) / len(x), sum(y) / len(y)
    vx = sum((v - mx) ** 2 for v in x) / (len(x) - 1)
    vy = sum((v - my) ** 2 for v in y) / (len(y) - 1)
    se = math.sqrt(vx / len(x) + vy / len(y))
    return 0.0 if se == 0 else (mx - my) / se


def rules_games(n: int, **params) -> dict:
    game = ruleforge.load(RULES, **params)
    return random_games(game.new, lambda st: (st.result.ending, st.result.winners),
                        lambda st: [st.piece("ufo", s, "altitude") for s in SUITS],
                        lambda a: RF_KIND.get(a.name, a.name), n)


def hand_games(n: int, module=gufo, **params) -> dict:
    return random_games(lambda seed: module.new(seed, **params), lambda st: (st.ending, st.winners),
                        lambda st: st.alt, lambda a: KINDS[a[0]], n)


@pytest.fixture(scope="module")
def both():
    return rules_games(N_RULES), hand_games(N_HAND)


def compare(both, keys):
    """z of every statistic in keys; printed as a table (pytest -s shows it)."""
    rules, hand = both
    z = {k: z_score(rules[k], hand[k]) for k in keys}
    print()
    for k in keys:
        print(f"{k:32} rules {sum(rules[k]) / N_RULES:9.4f}   hand {sum(hand[k]) / N_HAND:9.4f}   z {z[k]:+6.2f}")
    return z


def test_outcomes_match(both):
    """The Invader's win rate and the share of each ending."""
    z = compare(both, STATS)
    assert all(abs(v) < Z_MAX for v in z.values()), z
    rules, hand = both
    assert all(sum(rules[e]) > 0 and sum(hand[e]) > 0 for e in ENDINGS)
    # exactly one winner per game: the Invader's endings are his wins
    assert sum(hand["invader_wins"]) == sum(hand["alien_landed"]) + sum(hand["owl_shot"])


def test_decisions_match(both):
    """Decisions per game, per seat; legal actions offered; each kind of action chosen."""
    z = compare(both, MEANS[:5] + KINDS)
    assert all(abs(v) < Z_MAX for v in z.values()), z


def test_ufo_movements_match(both):
    """How far the UFOs moved after each kind of action, and how high they flew."""
    z = compare(both, MEANS[5:7] + MOVES)
    assert all(abs(v) < Z_MAX for v in z.values()), z


# ---- 3. known values --------------------------------------------------------------------

def play(st, *names):
    for name in names:
        by_name = {gufo.action_name(a): a for a in st.legal_actions()}
        assert name in by_name, (name, sorted(by_name))
        st.apply(by_name[name])


def test_scripted_game_from_seed_2():
    st = gufo.new(2)
    assert st.sky[1:] == [parse(n) for n in ["A♥", "8♥", "2♥", "J♥", "10♥", "Q♥", "4♥", "3♥"]]
    assert st.hand == [parse(n) for n in ["7♥", "5♥", "6♥"]]
    deck = "J♦ 5♣ 2♦ 8♠ 10♣ Q♠ 4♠ 3♠ 7♠ 4♣ Q♦ 8♦ 9♦ Q♣ 6♠ 2♠ 6♣ 3♦".split()
    assert st.deck[::-1][:len(deck)] == [parse(n) for n in deck]   # top card first
    assert (st.current_player, len(st.legal_actions())) == (gufo.INVADER, 3)
    play(st, "A♠")                                    # the Alien: spades
    assert st.revealed == [parse("J♦"), parse("5♣")]
    play(st, "5♣", "reveal another card")             # clubs 8 -> 7; 2♦ < 5♣ busts
    assert st.removed == [parse(n) for n in ["J♦", "5♣", "2♦"]]
    assert st.alt == [7, 8, 8] and st.revealed == [] and st.current_player == gufo.RADAR
    # 7♥: lights at 2, 3, 4, 6 and cloudy 7; 5♥: at 2, 3, 4 and cloudy 5; 6♥: at 2, 3, 4, 6;
    # 3 x 7 scans; 3 shots
    assert len(st.legal_actions()) == 5 + 4 + 4 + 21 + 3
    play(st, "bengal_light(card=7♥, altitude=7)")     # clubs 7 -> 8
    assert st.alt == [8, 8, 8] and st.sky[7] == parse("7♥")
    assert st.hand == [parse(n) for n in ["4♥", "5♥", "6♥"]]
    play(st, "8♠", "reveal another card", "stop")     # spades 8 -> 7 -> 6 (Q♠ > 8♠)
    assert st.alt == [8, 8, 6]
    assert sorted(gufo.action_name(a) for a in st.legal_actions()) == ["10♣", "8♠", "Q♠"]
    play(st, "10♣")
    assert st.removed[-1] == parse("10♣") and st.discard == [parse("8♠"), parse("Q♠")]
    play(st, "scan(card=4♥, altitude=4)")             # no UFO moves
    assert st.sky[4] == parse("4♥") and st.hand == [parse(n) for n in ["J♥", "5♥", "6♥"]]
    play(st, "3♠", "reveal another card", "reveal another card")   # 7♠ > 3♠; 4♣ < 7♠ busts
    assert st.alt == [8, 8, 4] and st.removed[-4:] == [parse(n) for n in ["4♠", "3♠", "7♠", "4♣"]]
    play(st, "special_light(card=J♥, altitude=4)")    # spades 4 -> 6, J♥ removed
    assert st.alt == [8, 8, 6] and st.removed[-1] == parse("J♥") and len(st.hand) == 2
    play(st, "8♦", *["reveal another card"] * 3)      # 9♦, Q♣ go on (any suit); 6♠ busts
    assert st.alt == [8, 5, 6] and st.current_player == gufo.RADAR
    play(st, "bengal_light(card=6♥, altitude=6)")     # spades 6 -> 7
    assert st.alt == [8, 5, 7] and st.hand == [parse("5♥"), parse("Q♥")]
    play(st, "6♣", "stop", "2♠")                      # clubs 8 -> 7
    assert st.alt == [7, 5, 7] and st.discard == [parse(n) for n in ["8♠", "Q♠", "6♣"]]
    play(st, "special_light(card=Q♥, altitude=7)")    # both UFOs at 7 rise, to 8 not 9
    assert st.alt == [8, 5, 8] and st.hand == [parse("5♥")]
    play(st, "3♦", "stop", "3♦")                      # diamonds 5 -> 4
    assert st.alt == [8, 4, 8] and len(st.deck) == 33 - 19 and st.exhaustions == 0
    assert len(st.legal_actions()) == 4 + 7 + 3       # 5♥ at 2, 3, 4 and 5; scans; shots
    play(st, "shoot(target=diamonds ufo)")
    assert st.is_over and st.current_player is None and st.legal_actions() == []
    assert (st.ending, st.winners) == ("owl_shot", (gufo.INVADER,))


def stacked(deck_top_first, hand=None, alien="A♠", **params):
    """A new game with the named cards on top of the deck (top card first), the Alien chosen."""
    st = gufo.new(1, **params)
    top = [parse(n) for n in deck_top_first]
    st.deck = [c for c in st.deck if c not in top] + top[::-1]
    if hand is not None:
        st.hand = [parse(n) for n in hand]
    play(st, alien)
    return st


def test_landing_ends_the_game_in_the_middle_of_the_turn():
    st = stacked(["2♣", "3♦", "4♣", "5♦", "6♠", "7♠", "8♣", "9♠"], alien="A♣")
    play(st, "2♣", *["reveal another card"] * 6)      # clubs 8 -> 1: the Alien lands
    assert st.alt[0] == 1 and st.is_over
    assert (st.ending, st.winners) == ("alien_landed", (gufo.INVADER,))


def test_equal_value_busts_and_exhaustion():
    st = stacked(["5♣", "J♦", "5♠"])
    play(st, "5♣", "reveal another card")
    assert st.removed == [parse(n) for n in ["5♣", "J♦", "5♠"]] and st.alt == [7, 8, 8]
    st = stacked([], reveal_count=33)                 # every card revealed, discard empty
    play(st, "2♣", "reveal another card")
    assert (st.ending, st.winners, st.exhaustions) == ("exhausted", (gufo.RADAR,), 1)


# ---- 4. clone ---------------------------------------------------------------------------

def snapshot(st):
    values = (getattr(st, k) for k in gufo.State.__slots__ if k != "menus")
    return tuple(tuple(v) if isinstance(v, list) else v for v in values)


def test_clone_is_independent():
    for seed in range(50):
        st = gufo.new(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 25)):
            if st.is_over:
                break
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
        before = snapshot(st)
        other = st.clone()
        assert snapshot(other) == before
        moves = []
        while not other.is_over:
            acts = other.legal_actions()
            moves.append(acts[rng.randrange(len(acts))])
            other.apply(moves[-1])
        assert snapshot(st) == before                 # the original did not change
        for a in moves:                               # and replays the same game, reshuffles included
            st.apply(a)
        assert snapshot(st) == snapshot(other)
