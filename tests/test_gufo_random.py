"""2,000 seeded random games of gUFO, checked after every step.

What each seat may see is checked against an independent account kept here from the
full states: a card is fair for a seat to know only if it has been face up at some
point, or it was in that seat's own private zone.
"""

import pytest

import ruleforge
from ruleforge.runtime.rng import Random

GAMES = 2000
ACES = {"A♣", "A♦", "A♠"}


@pytest.fixture(scope="module")
def game():
    return ruleforge.load("games/gufo.rules")


def assert_conserved(st):
    g = st.game
    seen = [c for z in st.zones for c in z]
    assert sorted(seen) == list(range(52)), "a card was created, lost or duplicated"
    for i, z in enumerate(st.zones):
        for c in z:
            assert st.loc[c] == i


def test_two_thousand_random_games(game):
    radar, invader = game.seat("radar"), game.seat("invader")
    names = [c.name for c in game.cards]
    endings = set()
    applied_alternatives = 0
    for seed in range(GAMES):
        st = game.new(seed)
        rng = Random(10_000 + seed)
        ever_public: set[str] = set()
        radar_held: set[str] = set()
        alien_card = None
        steps = 0
        while True:
            assert_conserved(st)
            assert game.check_invariants(st) == []
            ever_public |= {names[c] for c in range(52) if st.up[c]}
            radar_held |= set(st.cards_in("hand", "radar"))
            alien = st.cards_in("alien", "invader")
            if alien:
                alien_card = alien[0]
            # The Invader knows only public cards and his aces.
            seen_by_invader = st.view(invader).visible_cards()
            assert seen_by_invader <= ever_public | ACES, seen_by_invader - ever_public - ACES
            hand_view = st.view(invader).zone("hand", owner="radar").cards
            assert {c for c in hand_view if c is not None} <= ever_public
            # The Radar Operator never sees the Alien's ace (nor the other aces) before the end.
            seen_by_radar = st.view(radar).visible_cards()
            assert seen_by_radar <= ever_public | radar_held
            if not st.is_over and alien_card:
                assert alien_card not in seen_by_radar
                assert not (ACES & seen_by_radar)
            if st.is_over:
                break
            actions = st.legal_actions()
            assert actions, "a decision with no legal action"
            assert actions == sorted(actions) and len(set(actions)) == len(actions)
            # Every offered action applies (checked on clones, in the first games at
            # every step and then at every tenth step, to keep the suite quick).
            if seed < 200 or steps % 10 == 0:
                for a in actions:
                    other = st.clone()
                    other.apply(a)
                    applied_alternatives += 1
            st.apply(actions[rng.below(len(actions))])
            steps += 1
            assert steps < 500, "a game that does not end"
        assert st.result.winners in ((radar,), (invader,))
        endings.add(st.result.ending)
    assert endings == {"alien_shot", "owl_shot", "alien_landed", "owl_landed", "exhausted"}
    assert applied_alternatives > 10_000


def test_same_seed_same_game(game):
    def transcript(seed):
        st = game.new(seed, record=True)
        rng = Random(seed)
        moves = []
        while not st.is_over:
            a = st.legal_actions()[rng.below(len(st.legal_actions()))]
            moves.append(str(a))
            st.apply(a)
        return moves, [list(z) for z in st.zones], st.result, len(st.record)

    assert transcript(11) == transcript(11)
    assert transcript(11) != transcript(12)


def test_clone_is_independent(game):
    st = game.new(4)
    copy = st.clone()
    copy.apply(copy.legal_actions()[0])
    assert st.prompt == "to be the Alien" and copy.prompt != st.prompt
    assert st.cards_in("alien", "invader") == [] and len(copy.cards_in("alien", "invader")) == 1
