"""How a search values a position: playout policies and leaf evaluators.

A playout policy picks a move in a full (sampled) world: `policy(world, actions, rng)`.
A leaf evaluator values the world a search has just reached, from every seat's point of
view, as OpenSpiel's MCTS takes an `evaluator`: `evaluate(world, rng)` may play the
world forward (it is the search's own copy) and returns each seat's value in [0, 1], or
None when it has played the world to its end, whose result the search then scores itself
(win shares, or the payoffs when the game declares one). Both are plain callables, so a
caller can pass its own to `IsmctsAgent(evaluator=...)`.
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Sequence

from ..runtime.rng import Random


def heuristic_value(st, seat: int) -> float:
    """How good `st` looks for `seat`: at the end, its payoff when the game declares one,
    else win/loss; before, the game's declared heuristic."""
    g = st.game
    if st.is_over:
        if st.result.payoffs is not None:
            return float(st.result.payoffs[seat])
        winners = st.result.winners
        if seat in winners:
            return 1000.0 / len(winners)
        return -1000.0
    if g.heuristic is not None:
        return float(g.heuristic(st, seat))
    return 0.0


def random_policy(world, actions, rng: Random):
    return actions[rng.below(len(actions))]


def best_next(world, actions, rng: Random):
    """The action whose result the mover's heuristic likes best, in this one world."""
    return _best_next_after(world, actions, rng)[0]


def _best_next_after(world, actions, rng: Random, give_up: bool = False):
    """best_next's action, and the judged copy of `world` it was taken in (State.after):
    a playout goes on in that copy rather than take the action again. With `give_up`
    the caller is done with `world`: the last action is judged in it, not in a copy."""
    mover = world.current_player
    best, best_value = [], -math.inf
    last = len(actions) - 1 if give_up else -1
    for i, a in enumerate(actions):
        after = world.after(a) if i != last else world.after_in_place(a)
        v = heuristic_value(after, mover)
        if v > best_value + 1e-9:
            best, best_value = [(a, after)], v
        elif v >= best_value - 1e-9:
            best.append((a, after))
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


class SampledBest:
    """best_next among `k` of the moves, drawn at random (all of them when there are no
    more than `k`): a guided step at about k/n of the cost of judging all n, so that a
    playout can look further for the same work (`ismcts:N:sample=K`)."""

    def __init__(self, k: int):
        if k < 1:
            raise ValueError(f"a sampled guided step judges at least 1 move, not {k}")
        self.k = k

    def __call__(self, world, actions, rng: Random):
        return self.after(world, actions, rng)[0]

    def after(self, world, actions, rng: Random, give_up: bool = False):
        """The move and its judged copy, as _best_next_after."""
        n, k = len(actions), self.k
        if n > k:  # k distinct moves, by a partial Fisher-Yates over their positions
            picks = list(range(n))
            for i in range(k):
                j = i + rng.below(n - i)
                picks[i], picks[j] = picks[j], picks[i]
            actions = [actions[i] for i in sorted(picks[:k])]  # (in menu order: ties broken alike)
        return _best_next_after(world, actions, rng, give_up)


POLICIES: dict[str, Callable] = {"random": random_policy, "greedy": best_next}


def rank_values(world, reward: str = "rank") -> list[float]:
    """Each seat's value of an unfinished world by the heuristic: the share of the other
    seats it beats ("rank"), or a share of the lead ("win")."""
    n = world.game.nplayers
    values = [heuristic_value(world, s) for s in range(n)]
    if reward == "rank":
        return [(sum(1 for v in values if v < values[s]) + 0.5 * (sum(1 for v in values if v == values[s]) - 1))
                / max(1, n - 1) for s in range(n)]
    top = max(values)
    leaders = sum(1 for v in values if v == top)
    return [1.0 / leaders if v == top else 0.0 for v in values]


class Playout:
    """Play `policy` (forced moves are free) for `depth` real choices, then value the
    world by the heuristic's ranks; with no depth, in a game without a heuristic, or in a
    game for one player, play to the end (at random: without a heuristic every policy
    here is random play). Depth 0 is a pure heuristic evaluation of the leaf."""

    def __init__(self, policy: Callable = random_policy, depth: Optional[int] = 6, reward: str = "rank"):
        if reward not in ("rank", "win"):
            raise ValueError(f"reward is 'rank' or 'win', not {reward!r}")
        self.policy, self.depth, self.reward = policy, depth, reward

    def __call__(self, world, rng: Random) -> Optional[Sequence[float]]:
        # (a game for one player has no other seat to rank against: a cut-off playout would
        # be worth 0 whatever the heuristic said, so it is played to the end)
        cut = self.depth is not None and world.game.heuristic is not None and world.game.nplayers > 1
        # without a heuristic a guided step would judge every move alike, at a copy each
        policy, depth = self.policy if world.game.heuristic is not None else random_policy, 0
        judge = (_best_next_after if policy is best_next else
                 policy.after if type(policy) is SampledBest else None)
        w = world
        while not w.is_over:
            if cut and depth >= self.depth:
                return rank_values(w, self.reward)
            actions = w.legal_actions()
            if len(actions) == 1:
                w.apply(actions[0])
                continue
            if judge is None:
                w.apply(policy(w, actions, rng))
            else:  # go on in the chosen action's judged copy: the same game, one apply fewer
                w = judge(w, actions, rng, True)[1]
            depth += 1
        if w is not world:  # played to the end: the caller scores `world`
            world.become(w)
        return None


class Mixed:
    """A policy that follows `policy` with probability `p`, else plays at random."""

    def __init__(self, policy: Callable, p: float):
        self.policy, self.p = policy, p

    def __call__(self, world, actions, rng: Random):
        if self.p >= 1.0 or rng.below(1 << 20) < self.p * (1 << 20):
            return self.policy(world, actions, rng)
        return actions[rng.below(len(actions))]
