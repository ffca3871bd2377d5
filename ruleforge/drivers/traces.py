"""One game played as simulate plays it, watched more closely: for `analyze`.

A traced game is dealt and played exactly as `simulate.play_one` plays it (game i of a
run from derive(seed, i), each seat's bot from its own generator), so its outcome is the
one `run --games` gives for that seed; the trace adds what the decisions looked like.
The watching is done here, between decisions, from the true state (a designer's report
may see everything; no bot sees it): the engine runs as it always does, with the
rule-coverage counts that simulate asks for too, and, compiled for it (`GameSpec.coverage`),
the branches of the rules' `if`s it took.
"""

from __future__ import annotations

from typing import Optional, Sequence

from attrs import define

from ..runtime.rng import Random, derive
from ..runtime.values import Ref
from .simulate import GameOutcome, GameSpec, game_for


@define
class Trace:
    """A game's outcome and what its decisions looked like.

    `menus`: per (seat, decision point) the seat answered, (seat, prompt, where, rule,
    the names of the declared actions offered, decisions, legal actions offered in all,
    decisions with one choice, choices a greedy bot judged, those where it found every
    move alike), in the order first met: a game's
    few lines rather than one per decision, since a run may hold many games. A decision point is a prompt where it is asked (`asked_at`): a game's several
    `takes an action` all prompt "take an action". `used`: the
    (seat, use, card) triples of the game, where a use is the menu action that named the
    card (`archive`) or, for a card chosen from a collection, the decision's prompt in
    quotes; a card is named by its declaration's title, so the copies of one card count
    as one. `lead_changes` and `decided_at` (see `tension`) are None when the game
    declares no heuristic or score, or when it could not be worked out at a decision of the
    game (`untold`: why, the rule error's text); `decided_at` is also None without a single
    winner. `held`: the (seat, card title) pairs of the cards a seat could have used, named
    by an action of one of its menus (in its hand to play, on offer to take): the seats
    that held a card, against which its uses are told apart from the luck of the deal
    (drivers/card_held.py)."""
    outcome: GameOutcome
    menus: tuple = ()
    used: frozenset = frozenset()
    lead_changes: Optional[int] = None
    decided_at: Optional[int] = None
    untold: Optional[str] = None
    alike: tuple = ()  # per seat (choices a greedy bot judged, those where it found every move alike)
    branches: Optional[tuple] = None  # per branch site (Game.branch_sites), the times the game took it, if counted
    held: frozenset = frozenset()


def card_title(game, card: int) -> str:
    decl = game.card_decl_of[card] if card < len(game.card_decl_of) else None
    return decl.title if decl is not None else game.cards[card].name


def card_uses(game, prompt: str, action) -> list[tuple[str, str]]:
    """(use, card title) for each card an action names by itself (a hidden card,
    named by its place, is not counted: nobody chose it for what it is)."""
    if action.kind == "ask":
        return []
    cards = [(name, v) for name, v in action.args if isinstance(v, Ref) and v.kind == "card"]
    use = action.name if action.kind == "menu" else f'"{prompt}"'
    return [(use if len(cards) == 1 else f"{use} {name}", card_title(game, v.index)) for name, v in cards]


def asked_at(st) -> tuple:
    """Where the pending decision is asked: ((file, line) of its statement, the rule
    asking it), file None for the rule file itself (else the base file of a variant);
    (None, None) if not known. A decision is a block of its own, the last one its rule
    ran (engine.offer_again)."""
    if not st.stack:
        return None, None
    fr = st.stack[-1]
    span = fr.proc.spans.get(fr.pc - 1) or fr.proc.span_at(fr)
    return (None if span is None else (span.file, span.line)), fr.proc.name


def sole_leader(values: Sequence[float]) -> Optional[int]:
    """The seat whose value is highest alone, or None on a tie for the top."""
    top = max(values)
    leaders = [s for s, v in enumerate(values) if v == top]
    return leaders[0] if len(leaders) == 1 else None


def tension(points: Sequence[Sequence[float]], winners: Sequence[int]) -> tuple[int, Optional[int]]:
    """(lead changes, decided at) of one game from the heuristic values of every seat
    before each of its decisions.

    The leader at a point is the seat whose value is highest alone (a tie leaves nobody
    leading); at the end, the sole winner leads. A lead change is the lead passing from
    one seat to another (A, tie, A is none; A, tie, B is one). `decided at` is the number
    of decisions played before the eventual sole winner led for good: 0 when it led from
    the first decision on, the number of decisions when it took the lead only by
    winning; None when the game has no single winner."""
    final = winners[0] if len(winners) == 1 else None
    leaders = [sole_leader(v) for v in points] + [final]
    changes, last = 0, None
    for who in leaders:
        if who is None:
            continue
        if last is not None and who != last:
            changes += 1
        last = who
    if final is None:
        return changes, None
    k = len(leaders) - 1
    while k > 0 and leaders[k - 1] == final:
        k -= 1
    return changes, k


def play_traced(spec: GameSpec, index: int) -> Trace:
    """simulate.play_one's game, traced (the same bots, generators and order of calls)."""
    from .agents import parse_agents
    from .play import decide_for
    from ..runtime.engine import placed
    from ..runtime.values import RuleError
    game = game_for(spec)
    seed = derive(spec.seed, index)
    agents = parse_agents(spec.agents, game)
    rngs = [Random(derive(seed, 0x5EA7, s)) for s in range(game.nplayers)]
    heuristic = game.heuristic
    seats = range(game.nplayers)
    menus, used, held, points, untold = {}, set(), set(), [], None
    alike = [[0, 0] for _ in seats]
    try:
        st = game.new(seed, stats=True)
        while not st.is_over:
            p = st.current_player
            actions = st.legal_actions()
            # (the actions a menu offers tell apart the decisions one place asks: a lead, a follow)
            point = (p, st.prompt, *asked_at(st), tuple(sorted({a.name for a in actions if a.kind == "menu"})))
            m = menus.get(point)
            if m is None:
                m = menus[point] = [0, 0, 0, 0, 0]
            m[0] += 1
            m[1] += len(actions)
            m[2] += len(actions) == 1
            for a in actions:
                if a.kind != "ask":  # (as card_uses counts them, without naming the use)
                    held.update((p, card_title(game, v.index)) for _, v in a.args
                                if isinstance(v, Ref) and v.kind == "card")
            if points is not None and heuristic is not None:
                try:
                    points.append(tuple(float(heuristic(st, s)) for s in seats))
                except RuleError as e:  # a heuristic the rules cannot work out here: the game goes on untraced
                    points, untold = None, placed(e).describe()
            action = decide_for(agents[p], st, p, actions, rngs[p])
            judged = getattr(agents[p], "alike", None)
            if judged is not None:
                alike[p][0] += 1
                alike[p][1] += judged
                m[3] += 1
                m[4] += judged
            for use, card in card_uses(game, st.prompt, action):
                used.add((p, use, card))
            st.apply(action)
    except RuleError as e:
        return Trace(GameOutcome(index, seed, (), "error", 0, 0, {}, e.describe(), limit=e.limit))
    fired = dict(st.stats)
    fired[f"ending {st.result.ending}"] = 1
    outcome = GameOutcome(index, seed, st.result.winners, st.result.ending, st.decisions, st.round, fired,
                          payoffs=st.result.payoffs, turns=st.turns, first=max(st.first_seat, 0))
    changes = decided = None
    if points is not None and heuristic is not None:
        changes, decided = tension(points, st.result.winners)
    return Trace(outcome, tuple((*point, *m) for point, m in menus.items()), frozenset(used), changes, decided,
                 untold, tuple(map(tuple, alike)),
                 tuple(st.observer.branches) if game.covered else None, frozenset(held))
