"""1,000 seeded random games of UFO*logy for each player count from 2 to 6, checked after
every step.

After every step: all 56 cards are accounted for (each in exactly one zone, `st.loc`
agreeing), the declared invariants hold, and a game that is not over offers legal
actions (sorted, without duplicates). Every offered action applies, on a clone: at every
step of the first 50 games of each player count, then at every 10th step. At the end,
the winners are exactly the seats with the highest score.

(These games found Mass Hallucination discarding revealed agendas, which broke the
invariant one_agenda_each; see test_ufology_rulings.py.)

The games of one player count are split over two processes (fork) when the machine has
two cores: about 70 s of CPU for the whole file.

What each seat may see is checked against an independent account kept here from the
full states and the decisions taken (never from `st.known`). A card is fair for seat p
to see if

- it has been face up at some point in this game (everyone saw it), or
- it has been in one of p's own zones (hand, Case File, table) at some point, or
- p looked at it through one of the look effects of the rule file, recognised from the
  decision that resolves it:
  - Government Files (Archive: look at every opponent's face-down agenda): the step that
    archives it, or that picks it in the end phase; fair: the face-down Case File cards
    of p's opponents just before that step;
  - The Black Triangle (Play: look at the top 3 cards of the deck): the step that plays
    it; fair: the top 3 cards of the deck just before;
  - Close Contact (Archive), Men in Black (Archive), Jamming Signal (Trash): "look at an
    opponent's hand": the step that answers the prompt "to look at"; fair: the chosen
    opponent's hand just before;
  - The Black Triangle (Discard: look at an opponent's agenda): the step that answers
    "whose agenda to look at"; fair: the chosen opponent's face-down Case File cards;
  - Radar Return (Discard: look at the top 3 cards of the deck and take one): the look
    is followed at once by the prompt "to take" offering exactly the cards looked at;
    fair for the player then asked: the cards offered.

Then `view(p)` may show only fair cards: in particular never a card of another player's
hand, nor another player's face-down agenda, that p never legitimately saw. The account is
an upper bound on what a seat may know (a card once fairly seen stays fair), so it can
only miss a leak of a card that was fairly seen earlier. The converse is checked for the
hand looks: right after a "to look at" answer, the looker knows every card of that hand.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import compress
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.rng import Random
from ruleforge.runtime.values import Action

RULES = Path(__file__).resolve().parent.parent / "games" / "ufology.rules"
GAMES = 1000
ALL_CLONE_CHECK_GAMES = 50
CLONE_CHECK_EVERY = 10
NCARDS = 56
MAX_STEPS = 2000
AGENDAS = ["The Collector", "The Investigator", "The Believer", "The Archivist", "The Debunker",
           "The Truth Is Out There"]


def assert_conserved(st):
    flat = [c for z in st.zones for c in z]
    assert len(flat) == NCARDS and set(flat) == set(range(NCARDS)), \
        "a card was created, lost or duplicated"
    loc = st.loc
    for i, z in enumerate(st.zones):
        for c in z:
            assert loc[c] == i, "st.loc disagrees with the zones"


class Zones:
    """Zone indexes of one game, per seat."""

    def __init__(self, g, n):
        zi = g.zone_inst
        self.hand = [zi("hand", s).index for s in range(n)]
        self.case_file = [zi("case_file", s).index for s in range(n)]
        self.table = [zi("table", s).index for s in range(n)]
        self.own = [(self.hand[s], self.case_file[s], self.table[s]) for s in range(n)]
        self.deck = zi("deck").index
        self.set_aside = zi("set_aside").index


def agenda_displaced(st, z: "Zones", agendas) -> bool:
    """Some agenda has left the Case Files (and the set-aside pile), or a Case File holds
    other than one agenda (a stricter form of the invariants one_agenda_each and
    agendas_dealt: the agendas themselves never move)."""
    homes = set(z.case_file) | {z.set_aside}
    if any(st.loc[a] not in homes for a in agendas):
        return True
    return any(sum(1 for c in st.zones[cf] if c in agendas) != 1 for cf in z.case_file)


def look_permits(g, z: Zones, n: int, before, decider: int, prompt: str, action: str):
    """The cards `decider` may legitimately look at in the step taking `action` at `prompt`
    from the state `before` (see the module docstring), as card indexes. (The prompt "to
    take" of Radar Return is handled by the caller, from the state after the step.)"""
    if action == "archive(card=Government Files)" or (
            prompt == "to resolve as if taken again" and action == "Government Files"):
        return {c for q in range(n) if q != decider for c in before.zones[z.case_file[q]] if not before.up[c]}
    if action.startswith("play(card=The Black Triangle"):
        return set(before.zones[z.deck][-3:])
    if prompt == "to look at":
        victim = g.seat_names.index(action)
        return set(before.zones[z.hand[victim]])
    if prompt == "whose agenda to look at":
        victim = g.seat_names.index(action)
        return {c for c in before.zones[z.case_file[victim]] if not before.up[c]}
    return set()


@functools.cache
def game(n: int):
    return ruleforge.load(RULES, players=n)


def run_games(n: int, seeds: range) -> dict:
    """Play the games of `seeds` with n players, checking every step; return statistics."""
    g = game(n)
    names = [c.name for c in g.cards]
    index, seen_names = g.card_index, g.seen_names
    viewed = [zi.index for zi in g.zinst if zi.kind != "row"]  # the zones of a view, in order
    z = Zones(g, n)
    seats = range(n)
    agendas = [index[a] for a in AGENDAS]
    other_hands = [{z.hand[q] for q in seats if q != p} for p in seats]
    other_files = [{z.case_file[q] for q in seats if q != p} for p in seats]
    sort_key = Action.sort_key
    cpu = time.process_time()
    stats = {"games": 0, "steps": 0, "alternatives": 0, "endings": Counter(), "looks": 0, "cpu": 0.0,
             "looked_hand_cards_seen": 0, "looked_agendas_seen": 0}
    for seed in seeds:
        st = g.new(seed)
        rng = Random(100_000 * n + seed)
        ever_up: set[int] = set()
        held = [set() for _ in seats]            # ever in one of p's own zones
        looked = [set() for _ in seats]          # looked at by p through an effect
        steps = 0
        while True:
            zones, up = st.zones, st.up
            # -- the independent account of what each seat may have seen
            ever_up.update(compress(range(NCARDS), up))
            for p in seats:
                for zi in z.own[p]:
                    held[p].update(zones[zi])
            # -- conservation and invariants
            assert_conserved(st)
            broken = g.check_invariants(st)
            assert broken == [], f"seed {seed} step {steps}: {broken}"
            assert not agenda_displaced(st, z, agendas), f"seed {seed} step {steps}"
            # -- every view shows only fair cards
            # (a view names a copy without its number, "Lights in the Sky": so, zone by
            # zone, each name shown needs as many fair cards of that name lying there)
            for p in seats:
                mine, seen = held[p], looked[p]
                for zi, zv in zip(viewed, st.view(p).zones):
                    for name, k in Counter(x for x in zv.cards if x is not None).items():
                        here = [c for c in zones[zi] if seen_names[c] == name]
                        fair = [c for c in here if c in ever_up or c in mine or c in seen]
                        assert len(fair) >= k, (f"seed {seed} step {steps}: player {p + 1} sees {k} x {name} in "
                                                f"{zv.label}, of which only {len(fair)} were ever face up, theirs "
                                                "or looked at")
                        by_look = [c for c in fair if c not in ever_up and c not in mine]
                        if by_look and zi in other_hands[p]:
                            stats["looked_hand_cards_seen"] += 1
                        elif by_look and zi in other_files[p] and not up[by_look[0]]:
                            stats["looked_agendas_seen"] += 1
            if st.is_over:
                break
            # -- the decision: legal actions, each of them applicable
            actions = st.legal_actions()
            assert actions, f"seed {seed} step {steps}: a decision with no legal action"
            assert actions == sorted(actions, key=sort_key) and len(set(actions)) == len(actions)
            if seed < ALL_CLONE_CHECK_GAMES or steps % CLONE_CHECK_EVERY == 0:
                for a in actions:
                    st.clone().apply(a)
                stats["alternatives"] += len(actions)
            a = actions[rng.below(len(actions))]
            decider, prompt, text = st.current_player, st.prompt, str(a)
            permit = look_permits(g, z, n, st, decider, prompt, text)
            st.apply(a)
            steps += 1
            assert steps < MAX_STEPS, f"seed {seed}: a game that does not end"
            # -- looks: what the decider may have just seen
            if permit:
                looked[decider] |= permit
                stats["looks"] += 1
                if prompt == "to look at":
                    # the look did happen: the looker knows the hand it looked at
                    victim = g.seat_names.index(text)
                    for c in st.zones[z.hand[victim]]:
                        if c in permit:
                            assert st.knows(decider, names[c]), (seed, steps, names[c])
            if st.prompt == "to take":
                looked[st.current_player] |= {index[str(x)] for x in st.legal_actions()}
                stats["looks"] += 1
        stats["games"] += 1
        stats["steps"] += steps
        winners = set(st.result.winners)
        assert winners and winners <= set(seats)
        top = max(st.quantity("score", p) for p in seats)
        assert winners == {p for p in seats if st.quantity("score", p) == top}
        stats["endings"][st.result.ending] += 1
    stats["cpu"] = time.process_time() - cpu
    return stats


def run_all(n: int) -> dict:
    """All GAMES games with n players, split over the machine's cores (two at most)."""
    workers = min(2, os.cpu_count() or 1)
    if workers == 1:
        return run_games(n, range(GAMES))
    half = GAMES // 2
    parts = [range(0, half), range(half, GAMES)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(run_games, [n] * len(parts), parts))
    total = results[0]
    for r in results[1:]:
        for k, v in r.items():
            total[k] = total[k] + v
    return total


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thousand_random_games(players):
    t0 = time.perf_counter()
    stats = run_all(players)
    elapsed = time.perf_counter() - t0
    assert stats["games"] == GAMES
    assert sum(stats["endings"].values()) == GAMES
    assert set(stats["endings"]) == {"agenda_completed", "deck_exhausted"}, stats["endings"]
    assert stats["alternatives"] > 20_000
    # the look account was exercised, not vacuous
    assert stats["looks"] > 1000
    assert stats["looked_hand_cards_seen"] > 0
    assert stats["looked_agendas_seen"] > 0
    print(f"\n{players} players: {stats['games']} games, {stats['steps']} steps, "
          f"{stats['alternatives']} alternatives applied, {elapsed:.1f}s ({stats['cpu']:.1f}s CPU); endings "
          f"{dict(stats['endings'])}; looks {stats['looks']}, seen through looks: "
          f"{stats['looked_hand_cards_seen']} hand cards, {stats['looked_agendas_seen']} agendas")


def test_same_seed_same_game():
    g = game(4)

    def transcript(seed):
        st = g.new(seed, record=True)
        rng = Random(seed)
        moves = []
        while not st.is_over:
            a = st.legal_actions()[rng.below(len(st.legal_actions()))]
            moves.append(str(a))
            st.apply(a)
        return moves, [list(z) for z in st.zones], st.result, len(st.record)

    assert transcript(11) == transcript(11)
    assert transcript(11) != transcript(12)
