"""A seat's telling of another seat's action names a card only when that seat could see
it both when the action was taken and once it was resolved: the Invader saw the J♥ go
into the Radar Operator's hand, and was told 'Radar scanning: card J♥, altitude 5' when
she laid one of her hand cards face down at a cloudy altitude (a rules reader found it,
in `play --as invader`; replay --as and serve tell actions the same way). Or when the
action's own move of the card showed it to all: 'Play a card: King' (fresh readers read
'Play a card: a card' and then the King's move, in Love Letter).

The account here is the seat's view (runtime/view.py), taken before and after each
action, and the moves of the record: independent of the Decided event's knowledge,
which the telling reads."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.narrate import Narrator
from ruleforge.runtime.actions import CardSet, Ref
from ruleforge.runtime.events import Decided, Flipped, Looked, Moved, Revealed, Swapped

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


def _moved_face_up_on_its_own(events, card: int, chosen: list[int]) -> bool:
    """Whether the first thing that happened to `card` after the decision was a move face
    up, between two zones no other card went between at that moment (bar the chosen ones):
    everyone saw which card it was as it went."""
    for i, ev in enumerate(events):
        if isinstance(ev, (Swapped, Flipped, Revealed)) and card in (ev.card, getattr(ev, "other", None)) \
                or isinstance(ev, Looked) and card in ev.cards:
            return False
        if isinstance(ev, Moved) and ev.card == card:
            run = [e for e in _same_line(events, i)]
            return ev.face_up and all(e.card in chosen for e in run)
    return False


def _same_line(events, i: int) -> list:
    """The moves told on one line with events[i]: the moves next to it between the same zones."""
    ends = (events[i].source, events[i].destination)

    def same(e) -> bool:
        return isinstance(e, Moved) and (e.source, e.destination) == ends
    lo, hi = i, i
    while lo > 0 and same(events[lo - 1]):
        lo -= 1
    while hi + 1 < len(events) and same(events[hi + 1]):
        hi += 1
    return events[lo:hi + 1]


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
                    seen = names[c] in before[seat] and (names[c] in after[seat] or st.up[c]) \
                        or _moved_face_up_on_its_own(st.observer.record[start:], c, _cards_of(action))
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
