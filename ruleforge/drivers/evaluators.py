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

# Steps and units of work greedy may spend judging one decision's moves in its sampled
# worlds (a move can take 100,000 steps: 1,000 such moves in 8 worlds ran for hours; the
# launch games and the examples spend under 300,000 a decision at greedy:32)
MAX_LOOKAHEAD_WORK = 10_000_000
# What a search may spend at one decision: this much for each iteration it starts, and
# never less than greedy's bound (the launch games spend under 600 an iteration on
# average, the examples under 12,000; ismcts:200 over moves of 90,000 steps, each
# playout judging 1,000 of them a step, ran for hours a decision)
SEARCH_WORK_PER_ITERATION = 100_000


class Bill:
    """The steps and units of work a search has spent on one decision, against what it
    may spend (`allowance`, raised as its iterations start): each move it plays in a
    world is charged as it is taken, so a costly game stops at the move that crossed the
    line, not after a playout of thousands of them. Exact: one seed, one count."""

    __slots__ = ("spent", "allowance")

    def __init__(self, allowance: float = MAX_LOOKAHEAD_WORK):
        self.spent = 0
        self.allowance = allowance

    def charge(self, world) -> None:
        """Charge the move just taken in `world`."""
        g = world.game  # (move_cost, written out: every move a guided step judges)
        self.spent += (g.step_budget - world.steps) + (g.work_budget - world.work)
        if self.spent > self.allowance:
            self.over(world)

    def over(self, world) -> None:
        """Stop the search: the move just taken in `world` went past the allowance."""
        from ..runtime.values import RuleError
        cost = move_cost(world)
        raise RuleError.over(
            "work", f"ismcts's search would take more than {self.allowance:,} steps and units of work at one "
            f"decision ({SEARCH_WORK_PER_ITERATION:,} for each iteration, and at least {MAX_LOOKAHEAD_WORK:,}; "
            f"one move took {cost:,}): this game's moves are too costly to search so; try shorter playouts "
            "(ismcts:N:depth=D), fewer moves judged a step (ismcts:N:sample=K), or another bot, such as random "
            "(SEARCH_WORK_PER_ITERATION, docs/limits.md)")


def move_cost(world) -> int:
    """The steps and units of work of the move just taken in `world`: what its rules
    spent of the budgets, which each run of them counts down from (engine.run)."""
    g = world.game
    return (g.step_budget - world.steps) + (g.work_budget - world.work)


def heuristic_value(st, seat: int) -> float:
    """How good `st` looks for `seat`: at the end, its payoff when the game declares one,
    else win/loss; before, the game's declared heuristic. In a cooperative game every
    seat gets the team's value: a win is worth 1000 to each, not shared out."""
    g = st.game
    if st.is_over:
        if st.result.payoffs is not None:
            return float(st.result.payoffs[seat])
        winners = st.result.winners
        if seat in winners:
            return 1000.0 if g.cooperative else 1000.0 / len(winners)
        return -1000.0
    if g.heuristic is not None:
        return float(g.heuristic(st, seat))
    return 0.0


def random_policy(world, actions, rng: Random):
    return actions[rng.below(len(actions))]


def best_next(world, actions, rng: Random):
    """The action whose result the mover's heuristic likes best, in this one world."""
    return _best_next_after(world, actions, rng)[0]


def _best_next_after(world, actions, rng: Random, give_up: bool = False, bill: Optional[Bill] = None):
    """best_next's action, and the judged copy of `world` it was taken in (State.after):
    a playout goes on in that copy rather than take the action again. With `give_up`
    the caller is done with `world`: the last action is judged in it, not in a copy.
    Each move judged is charged to `bill`, if given."""
    mover = world.current_player
    best, best_value = [], -math.inf
    last = len(actions) - 1 if give_up else -1
    for i, a in enumerate(actions):
        after = world.after(a) if i != last else world.after_in_place(a)
        if bill is not None:
            bill.charge(after)
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

    def after(self, world, actions, rng: Random, give_up: bool = False, bill: Optional[Bill] = None):
        """The move and its judged copy, as _best_next_after."""
        n, k = len(actions), self.k
        if n > k:  # k distinct moves, by a partial Fisher-Yates over their positions
            picks = list(range(n))
            for i in range(k):
                j = i + rng.below(n - i)
                picks[i], picks[j] = picks[j], picks[i]
            actions = [actions[i] for i in sorted(picks[:k])]  # (in menu order: ties broken alike)
        return _best_next_after(world, actions, rng, give_up, bill)


POLICIES: dict[str, Callable] = {"random": random_policy, "greedy": best_next}


def team_value(world) -> float:
    """A cooperative game's unfinished world, valued for the team by its heuristic on the
    scale of a finished game's: a win (1000) is 1, a loss (-1000) 0, a heuristic of 0
    is 0.5 (a heuristic kept well below 1000, as docs/language.md asks, stays inside)."""
    return min(1.0, max(0.0, 0.5 + heuristic_value(world, 0) / 2000.0))


def rank_values(world, reward: str = "rank") -> list[float]:
    """Each seat's value of an unfinished world by the heuristic: the share of the other
    seats it beats ("rank"), or a share of the lead ("win"). In a cooperative game the
    seats are one team: each is credited the team's value (team_value), whatever the
    reward, so that no seat plays to beat its partners."""
    n = world.game.nplayers
    if world.game.cooperative:
        return [team_value(world)] * n
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

    def __call__(self, world, rng: Random, bill: Optional[Bill] = None, done: int = 0) -> Optional[Sequence[float]]:
        """Each seat's value of `world` (None: played to its end, given in `world`); each
        move played or judged is charged to `bill` (a search's; none: not counted)."""
        # (a game for one player has no other seat to rank against: a cut-off playout would
        # be worth 0 whatever the heuristic said, so it is played to the end)
        # (a cooperative game's team value needs no other seat: cut in a game for one too)
        g = world.game
        cut = self.depth is not None and g.heuristic is not None and (g.nplayers > 1 or g.cooperative)
        # without a heuristic a guided step would judge every move alike, at a copy each
        policy, depth = self.policy if world.game.heuristic is not None else random_policy, done
        judge = _judge_of(policy)
        budget = world.game.step_budget + world.game.work_budget
        if bill is None:
            bill = Bill(math.inf)
        w = world
        while not w.is_over:
            if cut and depth >= self.depth:
                return rank_values(w, self.reward)
            actions = w.legal_actions()
            forced = len(actions) == 1
            if forced or judge is None:
                w.apply(actions[0] if forced else policy(w, actions, rng))
                bill.spent += budget - w.steps - w.work  # (Bill.charge, written out: a random playout's every move)
                if bill.spent > bill.allowance:
                    bill.over(w)
            else:  # go on in the chosen action's judged copy: the same game, one apply fewer
                w = judge(w, actions, rng, True, bill)[1]
            if not forced:
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

    def after(self, world, actions, rng: Random, give_up: bool = False, bill: Optional[Bill] = None):
        """The move, and the world it was taken in: as _best_next_after (a judged copy,
        or `world` itself with `give_up`), the same move as `__call__`."""
        judge = _judge_of(self.policy)
        if judge is None:
            a = self(world, actions, rng)
        elif self.p >= 1.0 or rng.below(1 << 20) < self.p * (1 << 20):
            return judge(world, actions, rng, give_up, bill)
        else:
            a = actions[rng.below(len(actions))]
        w = world if give_up else world.clone()
        w.apply(a)
        if bill is not None:
            bill.charge(w)
        return a, w


def _judge_of(policy: Callable) -> Optional[Callable]:
    """How `policy` gives its move with the copy of the world it judged it in
    (`judge(world, actions, rng, give_up, bill)`), or None for a policy that only names
    a move (random play, or a caller's own)."""
    if policy is best_next:
        return _best_next_after
    if type(policy) is SampledBest or type(policy) is Mixed:
        return policy.after
    return None
