"""A seat's telling of another seat's action names a card only when that seat could see
it both when the action was taken and once it was resolved: the Invader saw the J♥ go
into the Radar Operator's hand, and was told 'Radar scanning: card J♥, altitude 5' when
she laid one of her hand cards face down at a cloudy altitude (a rules reader found it,
in `play --as invader`; replay --as and serve tell actions the same way).

The account here is the seat's view (runtime/view.py), taken before and after each
action: independent of the Decided event's knowledge, which the telling reads."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.narrate import Narrator
from ruleforge.runtime.actions import CardSet, Ref
from ruleforge.runtime.events import Decided

GAMES = Path(__file__).resolve().parents[1] / "games"


def _cards_of(action) -> list[int]:
    out = []
    for _, v in action[2]:
        for x in (v if isinstance(v, CardSet) else (v,)):
            if isinstance(x, Ref) and x.kind == "card":
                out.append(x.index)
    return out


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?:^|[\s\[,(:]){re.escape(name)}(?=$|[\s,\])])", text) is not None


@pytest.mark.parametrize("rules, players, seeds", [("gufo.rules", None, range(40)), ("ufology.rules", 3, range(8))])
def test_a_told_action_names_only_cards_the_seat_saw_before_and_after(rules, players, seeds):
    game = ruleforge.load(GAMES / rules, players=players)
    names = [c.name for c in game.cards]
    checked = 0
    for seed in seeds:
        st = game.new(seed, record=True)
        rng = random.Random(seed)
        while not st.is_over:
            mover = st.current_player
            before = [st.view(s).visible_cards() for s in range(game.nplayers)]
            action = rng.choice(st.legal_actions())
            start = len(st.observer.record)
            st.apply(action)
            after = [st.view(s).visible_cards() for s in range(game.nplayers)]
            decided = next(e for e in st.observer.record[start:] if isinstance(e, Decided))
            for seat in range(game.nplayers):
                if seat == mover:
                    continue
                told = Narrator(game, seat, st).action(decided.action, decided.known)
                for c in _cards_of(action):
                    seen = names[c] in before[seat] and (names[c] in after[seat] or st.up[c])
                    if _named(told, names[c]):
                        assert seen, (rules, seed, seat, told)
                        checked += 1
    assert checked > 0  # some cards were named, to seats that could see them


def test_the_invader_is_not_told_which_hand_card_the_radar_operator_lays_at_a_cloudy_altitude():
    game = ruleforge.load(GAMES / "gufo.rules")
    st = game.new(3, record=True)
    rng = random.Random(1)
    scans = 0
    while not st.is_over:
        action = rng.choice(st.legal_actions())
        start = len(st.observer.record)
        st.apply(action)
        if str(action).startswith("scan("):
            decided = next(e for e in st.observer.record[start:] if isinstance(e, Decided))
            card = _cards_of(action)[0]
            if st.up[card]:  # laid face up at a clear altitude: its move names it to all
                continue
            told = Narrator(game, 0, st).action(decided.action, decided.known)
            assert told.startswith("Radar scanning: a card, altitude "), told
            assert Narrator(game, None, st).action(decided.action, decided.known) == \
                f"Radar scanning: card {game.cards[card].name}, altitude {told.rsplit(' ', 1)[1]}"
            scans += 1
    assert scans > 0
