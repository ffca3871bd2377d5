"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

Each iteration samples a world consistent with the agent's view, descends the tree by
UCB among the actions available in that world, adds one node, values the new leaf with
the evaluator (a playout, by default) and credits each node with the value for the seat
that chose it. The evaluator and the playout policy are passed in (drivers/evaluators.py),
as OpenSpiel's ismcts.py takes an evaluator.

Long menus: with `widen=K` (progressive widening) a node that has been visited n times
has at most ceil(K * sqrt(n + 1)) children, tried in a random order, so a menu of 40
moves is not spent one iteration per move before any move is looked at twice; an action
is added to a node only when the node is due for one more child.

Other seats' views: with `views=F`, a fraction F of the iterations is played in a world
sampled from another seat's view (the searcher's own sample, re-dealt where that seat
cannot see: its secrets included), the seats taken in turn. A node's statistics are
learnt only in iterations from the view of the seat that moves there, and elsewhere that
seat plays by what it learnt. Without it, every world of a search holds what the
searcher knows, so the other seats in its tree learn to play as if they knew it too: a
player with a secret (a card only she knows) comes to believe, the longer it searches,
that the others will find it out (docs/agents.md).
"""

from __future__ import annotations

import math
import reprlib
import time
from typing import Callable, Optional

from ..runtime.determinize import determinize
from ..runtime.engine import offer_again
from ..runtime.rng import Random
from ..runtime.values import Action
from .evaluators import (MAX_LOOKAHEAD_WORK, SEARCH_WORK_PER_ITERATION, Bill, Mixed, Playout, SampledBest, best_next,
                         random_policy)


class _Node:
    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class IsmctsAgent:
    """ISMCTS from one seat's observation (see the module doc and docs/agents.md).

    The default evaluator: in a game with a heuristic (or a per-player score), a guided
    playout: each seat in turn takes the action its heuristic likes best in the sampled
    world (of `sample` of its moves drawn at random; None: of all of them; with
    probability `guided`, else a random one), forced moves aside, and after
    `rollout_depth` real choices each seat is credited by the share of the other seats
    its heuristic beats (`reward` "rank"; "win" credits only the leaders; in a
    cooperative game every seat is credited the team's value, evaluators.team_value,
    and a team's win is a whole win to each). Looking 20
    choices ahead rather than 6 costs about three times as much an iteration and plays
    better (docs/agents.md, "A longer look"). With `horizon` "root" those choices are
    counted from the decision rather than from the leaf, so that every iteration is judged
    at the same point of the game however deep its branch (docs/agents.md, "Where a
    playout stops"). Without a heuristic, a random playout to the end. `evaluator` replaces it (a callable
    `evaluate(world, rng)`, drivers/evaluators.py). When the game declares a payoff, a
    node adds up the mover's payoffs and UCB scales the means into [0, 1] by the range
    of payoffs met in the search. The budget is a number of iterations (reproducible),
    or milliseconds (not reproducible); a search stops early once its most visited move
    leads by more than the iterations left (the choice is then the full budget's).
    `worlds=W` samples W worlds per decision and
    plays each iteration in a copy of one of them in turn, with its future chance
    reseeded: cheaper than a fresh re-deal per iteration.
    """

    name = "ismcts"
    needs_worlds = True

    def __init__(self, iterations: Optional[int] = 200, millis: Optional[float] = None,
                 exploration: float = 0.7, rollout_depth: int = 20, guided: float = 1.0,
                 reward: str = "rank", evaluator: Optional[Callable] = None,
                 widen: Optional[float] = None, worlds: Optional[int] = None, views: float = 0.0,
                 sample: Optional[int] = None, horizon: str = "leaf"):
        if horizon not in ("leaf", "root"):
            raise ValueError(f"horizon is 'leaf' or 'root', not {horizon!r}")
        self.iterations, self.millis, self.c = iterations, millis, exploration
        self.horizon = horizon
        self.rollout_depth, self.guided, self.reward = rollout_depth, guided, reward
        self.widen, self.worlds, self.views, self.sample = widen, worlds, views, sample
        self.stop_early = True  # (False: spend the whole budget; the choice is the same)
        if evaluator is None:
            best = best_next if sample is None else SampledBest(sample)
            policy = random_policy if not guided else best if guided >= 1.0 else Mixed(best, guided)
            evaluator = Playout(policy, rollout_depth, reward)
        elif not isinstance(evaluator, Playout):  # (ours answer as the search reads)
            evaluator = _Checked(evaluator)
        self.evaluator = evaluator
        self._billed = isinstance(evaluator, Playout)  # (a caller's own evaluator answers for its own work)

    def act(self, obs, rng: Random) -> Action:
        if len(obs.actions) == 1:
            return obs.actions[0]
        root = self.search(obs, rng)
        legal = set(obs.actions)
        return max((a for a in root.children if a in legal),
                   key=lambda a: (root.children[a].visits, root.children[a].reward))

    def search(self, obs, rng: Random) -> _Node:
        """The tree this agent grows from `obs` with its budget: its root node."""
        root = _Node()
        # With a declared payoff, nodes add up raw payoffs and UCB sees them scaled into
        # [0, 1] by the lowest and highest payoff met in this search (lo, hi), as
        # MuZero normalises its values: the scale is not known before, and a linear
        # rescaling of the sums keeps every mean consistent as the range grows.
        self._range = [math.inf, -math.inf] if obs._world.game.payoff is not None else None
        pool = [obs.sample(rng) for _ in range(self.worlds)] if self.worlds else None
        deadline = time.perf_counter() + self.millis / 1000 if self.millis else None
        n = k = 0
        others = [p for p in range(obs._world.game.nplayers) if p != obs.seat] if self.views else None
        # every move the search plays is charged: SEARCH_WORK_PER_ITERATION for each
        # iteration started, and at least greedy's bound, so a decision's cost follows
        # its budget whatever a move of the game costs (evaluators.Bill)
        self._bill = bill = Bill()
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and n > 0:
                    break
            elif n >= self.iterations or (self.stop_early and n & 15 == 0 and n
                                          and self._settled(root, self.iterations - n)):
                break
            bill.allowance = max(MAX_LOOKAHEAD_WORK, (n + 1) * SEARCH_WORK_PER_ITERATION)
            if pool is None:
                world = obs.sample(rng)
            else:
                world = pool[n % len(pool)].clone()
                world.rng = rng.below(1 << 62)  # the future's chance is unknown too
            view = None
            if self.views and others and rng.below(1 << 20) < self.views * (1 << 20):
                view = others[k % len(others)]  # this iteration from another seat's view
                k += 1
                world = determinize(world, view, rng.below(1 << 62))
                # cards the searcher sees may have moved (its own hand, re-dealt): the
                # decision it faces is made again from this world
                offer_again(world)
            else:
                root.visits += 1  # (a child's visits are counted as its values are added up)
            self._iterate(root, world, rng, obs.seat if self.views else None, view)
            n += 1
        return root

    @staticmethod
    def _settled(root: _Node, remaining: int) -> bool:
        """Whether the move is already decided: the most visited child leads every other
        by more than the iterations left, so the rest of the budget cannot change the
        choice (the most visited child), and is not spent."""
        first = second = 0
        for ch in root.children.values():
            v = ch.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > remaining

    def _iterate(self, root: _Node, world, rng: Random, me: Optional[int] = None,
                 view: Optional[int] = None) -> None:
        """One iteration. With other seats' views (`me` is the searcher): an iteration
        from `view`'s view (None: the searcher's) teaches only the nodes where that seat
        moves; at every other node the mover plays by what it learnt (`_played`)."""
        node, path = root, []
        c, widen = self.c, self.widen
        log, sqrt = math.log, math.sqrt
        learner = view if view is not None else me
        bill = self._bill
        choices = 0
        while not world.is_over:
            actions = world.legal_actions()
            children = node.children
            mover = world.current_player
            if len(actions) > 1:
                choices += 1
            if learner is not None and mover != learner:
                a = self._played(node, actions, rng)
                world.apply(a)
                bill.charge(world)
                child = children.get(a)
                if child is None or not child.visits:
                    break  # out of what that seat learnt: the evaluator goes on
                node = child
                continue
            known = [a for a in actions if a in children]
            room = widen is None or len(known) < math.ceil(widen * sqrt(node.visits + 1))
            if room and len(known) < len(actions):
                untried = [a for a in actions if a not in children]
                a = untried[rng.below(len(untried))]
                child = children[a] = _Node()
                world.apply(a)
                bill.charge(world)
                path.append((child, mover))
                break
            scale = self._scale()
            best, best_score = None, -math.inf
            for a in known:
                ch = children[a]
                ch.avail += 1
                score = scale(ch.reward / ch.visits) + c * sqrt(log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            world.apply(best)
            bill.charge(world)
            path.append((node, mover))
        if world.is_over:
            values = None
        else:
            if not self._billed:
                values = self.evaluator(world, rng)
            elif self.horizon == "root":  # the playout's choices counted from the decision
                values = self.evaluator(world, rng, bill, choices)
            else:
                values = self.evaluator(world, rng, bill)
        if values is None:
            reward = self._end_reward(world)
        else:
            reward = list(values)
            if self._range is not None:
                # a cut-off evaluation of a game with a payoff: its value, in [0, 1], is
                # put on the payoff's scale so that every node adds up one kind of value
                lo, hi = self._range
                lo, hi = (lo, hi) if lo <= hi else (0.0, 1.0)
                reward = [lo + r * (hi - lo) for r in reward]
        for node, mover in path:
            node.visits += 1
            node.reward += reward[mover]

    def _played(self, node: _Node, actions: list, rng: Random):
        """The move of a seat that is not learning in this iteration: by UCB over what it
        learnt at this node, or at random while it has not tried every move here."""
        children = node.children
        tried = [a for a in actions if a in children and children[a].visits]
        if len(tried) < len(actions):
            return actions[rng.below(len(actions))]
        scale, c, log, sqrt = self._scale(), self.c, math.log, math.sqrt
        best, best_score = None, -math.inf
        for a in tried:
            ch = children[a]
            score = scale(ch.reward / ch.visits) + c * sqrt(log(max(ch.avail, 1)) / ch.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _end_reward(self, world) -> list[float]:
        if self._range is not None:
            # the payoff is the objective: each seat's payoff
            reward = [float(v) for v in world.result.payoffs]
            self._range[0] = min(self._range[0], *reward)
            self._range[1] = max(self._range[1], *reward)
            return reward
        winners = world.result.winners
        # a cooperative team's win is worth a whole win to each of its players
        share = (1.0 if world.game.cooperative else 1.0 / len(winners)) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(world.game.nplayers)]

    def _scale(self):
        """Mean reward -> [0, 1] for UCB: the identity without a payoff; with one, the
        payoff scaled by the range met so far (0.5 while every payoff met is the same)."""
        if self._range is None:
            return _identity
        lo, hi = self._range
        if not hi > lo:
            return _half
        span = hi - lo
        return lambda x: (x - lo) / span


def _identity(x: float) -> float:
    return x


def _half(x: float) -> float:
    return 0.5


class _Checked:
    """A caller's evaluator, its answers held to what the search reads: one value a seat,
    each from 0 to 1, or None only for a game that is over (a wrong answer is named here,
    not met later as an AttributeError or an IndexError deep in the search)."""

    def __init__(self, evaluate: Callable):
        self.evaluate = evaluate

    def __call__(self, world, rng):
        given = values = self.evaluate(world, rng)
        if values is None:
            if not world.is_over:
                raise ValueError("the evaluator gave None for a game that is not over: give one value a seat, "
                                 "from 0 to 1 (None only when the game is over)")
            return None
        n = world.game.nplayers
        try:
            values = list(values)
            fits = len(values) == n and all(0 <= v <= 1 for v in values)
        except TypeError:  # not a sequence of numbers
            fits = False
        if not fits:
            shown = reprlib.repr(given)  # as the evaluator gave it (a text was shown as a list of letters)
            raise ValueError(f"the evaluator gave {shown}: give one value a seat ({n}), each from 0 to 1")
        return values
