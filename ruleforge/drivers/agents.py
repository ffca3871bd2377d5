"""Agents: given what one seat may know, pick an action.

An agent's whole input is an `Observation`: the seat, its `view`, the legal actions, and
`sample(rng)`, which gives full states consistent with the view. The observation holds
no true state: the driver hands it a world already re-dealt from the seat's point of
view (`determinize`), so an agent that tried to read hidden cards would find only a
random re-deal. Each agent also gets its own seeded generator: one seed, one game.
"""

from __future__ import annotations

import math
import time
from typing import Optional, Protocol, Sequence

from ..runtime.determinize import determinize
from ..runtime.rng import Random
from ..runtime.values import Action


class Observation:
    __slots__ = ("seat", "view", "actions", "_world")

    def __init__(self, seat: int, view, actions: Sequence[Action], world=None):
        self.seat, self.view, self.actions, self._world = seat, view, list(actions), world

    def sample(self, rng: Random):
        """A full state consistent with this seat's view, at this decision."""
        if self._world is None:
            raise RuntimeError("this agent did not ask for sampled worlds (needs_worlds)")
        return determinize(self._world, self.seat, rng.below(1 << 62))


class Agent(Protocol):
    name: str
    needs_worlds: bool
    # False: the agent never reads obs.view, which is then None. A view lists every card
    # of the game, so building one at every decision of a game of many cards is slow.
    needs_view: bool

    def act(self, obs: Observation, rng: Random) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"
    needs_worlds = False
    needs_view = False

    def act(self, obs: Observation, rng: Random) -> Action:
        return obs.actions[rng.below(len(obs.actions))]


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


def best_next(world, actions, rng: Random):
    """The action whose result the mover's heuristic likes best, in this one world."""
    mover = world.current_player
    best, best_value = [], -math.inf
    for a in actions:
        after = world.clone()
        after.apply(a)
        v = heuristic_value(after, mover)
        if v > best_value + 1e-9:
            best, best_value = [a], v
        elif v >= best_value - 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


class GreedyAgent:
    """One step of lookahead: the action whose result scores best on the heuristic over
    sampled worlds, judged by its mean less one standard error; ties broken at random.

    Few worlds make a gamble look good by luck: an action that ends the game by a hidden
    card (a shot at one of three suspects) wins in all of 4 worlds one time in 81, in 3 of 4 one time in 10, and
    the best of several such gambles looks better than any quiet move. So the value of an
    action is pessimistic by its own uncertainty (mean - sd/sqrt(n): an action whose
    result does not depend on the hidden cards keeps its exact value), and the agent
    samples more worlds, doubling from 8 up to `samples`, while the choice is in doubt:
    while an action whose value varies across worlds could, within two standard errors,
    be the best. A decision the hidden cards cannot change costs 8 worlds; a gamble up to
    `samples`.
    """

    name = "greedy"
    needs_worlds = True

    def __init__(self, samples: int = 32):
        self.samples = samples

    def act(self, obs: Observation, rng: Random) -> Action:
        if len(obs.actions) == 1:
            return obs.actions[0]
        values: list[list[float]] = [[] for _ in obs.actions]
        n, target = 0, min(8, self.samples)
        while True:
            for _ in range(target - n):
                w = obs.sample(rng)
                for i, a in enumerate(obs.actions):
                    after = w.clone()
                    after.apply(a)
                    values[i].append(heuristic_value(after, obs.seat))
            n = target
            stats = [_mean_se(v) for v in values]
            floor = max(m - s for m, s in stats)
            # in doubt while an action whose value varies across worlds could still be the best
            doubt = any(s > 0 and m + 2 * s >= floor for m, s in stats)
            if not doubt or n >= self.samples:
                break
            target = min(self.samples, 2 * n)
        scores = [m - s for m, s in stats]
        best_value = max(scores)
        best = [a for a, v in zip(obs.actions, scores) if v >= best_value - 1e-9]
        return best[rng.below(len(best))]


def _mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (0 when they are all equal)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n) if var > 1e-12 else 0.0


class _Node:
    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class IsmctsAgent:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

    Each iteration samples a world consistent with the agent's view, descends the tree
    by UCB among the actions available in that world, adds one node, plays on, and
    credits each node with the result for the seat that chose it.

    When the game declares a heuristic (or a per-player score), a playout is short and
    guided: each seat in turn takes the action its heuristic likes best in the sampled
    world (one step of lookahead, as the greedy agent does; with probability `guided`,
    else a random action), forced moves aside, and after `rollout_depth` real choices
    each seat is credited by the share of the other seats its heuristic beats (`reward`
    "rank"; "win" credits only the leaders). Random play to the end of a long
    many-player game says little, and guided playouts model opponents that play well.
    With `guided=0` (spec 'ismcts:N:random') the cut playouts are random instead.
    Without a heuristic, playouts are random and go to the end of the game.
    When the game declares a payoff, a node adds up the mover's payoffs and UCB scales
    the means into [0, 1] by the range of payoffs met in the search (docs/agents.md).
    The budget is a number of iterations, or milliseconds (not reproducible).
    """

    name = "ismcts"
    needs_worlds = True

    def __init__(self, iterations: Optional[int] = 200, millis: Optional[float] = None,
                 exploration: float = 0.7, rollout_depth: int = 6, guided: float = 1.0,
                 reward: str = "rank"):
        self.iterations, self.millis, self.c = iterations, millis, exploration
        self.rollout_depth = rollout_depth
        if reward not in ("rank", "win"):
            raise ValueError(f"reward is 'rank' or 'win', not {reward!r}")
        self.guided = guided
        self.reward = reward

    def act(self, obs: Observation, rng: Random) -> Action:
        if len(obs.actions) == 1:
            return obs.actions[0]
        root = _Node()
        # With a declared payoff, nodes add up raw payoffs and UCB sees them scaled into
        # [0, 1] by the lowest and highest payoff met in this search (lo, hi), as
        # MuZero normalises its values: the scale is not known before, and a linear
        # rescaling of the sums keeps every mean consistent as the range grows.
        self._range = [math.inf, -math.inf] if obs._world.game.payoff is not None else None
        deadline = time.perf_counter() + self.millis / 1000 if self.millis else None
        n = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and n > 0:
                    break
            elif n >= self.iterations:
                break
            self._iterate(root, obs.sample(rng), rng)
            n += 1
        legal = set(obs.actions)
        return max((a for a in root.children if a in legal),
                   key=lambda a: (root.children[a].visits, root.children[a].reward))

    def _iterate(self, root: _Node, world, rng: Random) -> None:
        node, path = root, []
        while not world.is_over:
            actions = world.legal_actions()
            untried = [a for a in actions if a not in node.children]
            mover = world.current_player
            if untried:
                a = untried[rng.below(len(untried))]
                child = node.children[a] = _Node()
                world.apply(a)
                path.append((child, mover))
                break
            logs = None
            best, best_score = None, -math.inf
            for a in actions:
                ch = node.children[a]
                ch.avail += 1
            scale = self._scale()
            for a in actions:
                ch = node.children[a]
                logs = math.log(ch.avail)
                score = scale(ch.reward / ch.visits) + self.c * math.sqrt(logs / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = node.children[best]
            world.apply(best)
            path.append((node, mover))
        use_heuristic = world.game.heuristic is not None
        depth = 0
        if use_heuristic and self.guided:
            # guided playout: each seat takes the move its heuristic likes best in this
            # world (with probability `guided`, else a random one); forced moves are free
            guided = self.guided
            while not world.is_over and depth < self.rollout_depth:
                actions = world.legal_actions()
                if len(actions) == 1:
                    world.apply(actions[0])
                    continue
                if guided >= 1.0 or rng.below(1 << 20) < guided * (1 << 20):
                    world.apply(best_next(world, actions, rng))
                else:
                    world.apply(actions[rng.below(len(actions))])
                depth += 1
        while not world.is_over and not (use_heuristic and depth >= self.rollout_depth):
            actions = world.legal_actions()
            world.apply(actions[rng.below(len(actions))])
            depth += 1
        n = world.game.nplayers
        if self._range is not None and world.is_over:
            # the payoff is the objective: each seat's payoff
            reward = [float(v) for v in world.result.payoffs]
            self._range[0] = min(self._range[0], *reward)
            self._range[1] = max(self._range[1], *reward)
        elif world.is_over:
            winners = world.result.winners
            share = 1.0 / len(winners) if winners else 0.0
            reward = [share if s in winners else 0.0 for s in range(n)]
        else:
            # a cut-off playout: each seat scores by how many seats its heuristic beats
            values = [heuristic_value(world, s) for s in range(n)]
            if self.reward == "rank":
                reward = [(sum(1 for v in values if v < values[s]) + 0.5 * (sum(1 for v in values if v == values[s]) - 1))
                          / max(1, n - 1) for s in range(n)]
            else:
                top = max(values)
                leaders = [s for s in range(n) if values[s] == top]
                reward = [1.0 / len(leaders) if values[s] == top else 0.0 for s in range(n)]
        if self._range is not None and not world.is_over:
            # a cut-off playout of a game with a payoff: its rank reward, in [0, 1], is
            # put on the payoff's scale so that every node adds up one kind of value
            lo, hi = self._range
            lo, hi = (lo, hi) if lo <= hi else (0.0, 1.0)
            reward = [lo + r * (hi - lo) for r in reward]
        for node, mover in path:
            node.visits += 1
            node.reward += reward[mover]

    def _scale(self):
        """Mean reward -> [0, 1] for UCB: the identity without a payoff; with one, the
        payoff scaled by the range met so far (0.5 while every payoff met is the same)."""
        if self._range is None:
            return lambda x: x
        lo, hi = self._range
        if not hi > lo:
            return lambda x: 0.5
        span = hi - lo
        return lambda x: (x - lo) / span


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": IsmctsAgent}


def make_agent(spec: str):
    """'random', 'greedy', 'greedy:8' (samples), 'ismcts:500' (iterations), 'ismcts:200ms';
    'ismcts:500:random' plays its playouts at random instead of by the heuristic."""
    name, _, arg = spec.strip().partition(":")
    if name not in AGENTS:
        raise ValueError(f"unknown agent '{spec}'; the agents are: {', '.join(AGENTS)}")
    if name == "random":
        if arg:
            raise ValueError("the random agent takes no budget")
        return RandomAgent()
    if name == "greedy":
        if not arg:
            return GreedyAgent()
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError(f"'{spec}': greedy takes a number of sampled worlds, such as greedy:4")
        return GreedyAgent(int(arg))
    arg, _, playouts = arg.partition(":")
    if playouts not in ("", "random"):
        raise ValueError(f"'{spec}': ismcts playouts are guided by the heuristic, or ':random' (ismcts:300:random)")
    options = {"guided": 0.0} if playouts == "random" else {}
    if not arg:
        return IsmctsAgent(**options)
    if arg.endswith("ms") and arg[:-2].replace(".", "", 1).isdigit() and float(arg[:-2]) > 0:
        return IsmctsAgent(iterations=None, millis=float(arg[:-2]), **options)
    if arg.isdigit() and int(arg) > 0:
        return IsmctsAgent(iterations=int(arg), **options)
    raise ValueError(f"'{spec}': ismcts takes iterations (ismcts:500) or milliseconds (ismcts:200ms)")


def parse_agents(text: Optional[str], game) -> list:
    """'north=ismcts:500,south=random' or 'greedy' (everyone) -> one agent per seat."""
    agents = [RandomAgent() for _ in range(game.nplayers)]
    if not text:
        return agents
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1 and "=" not in parts[0]:
        return [make_agent(parts[0]) for _ in range(game.nplayers)]
    for part in parts:
        who, sep, spec = part.partition("=")
        if not sep:
            example = next(iter(game.roles), "1")  # a role's name, or a seat number
            raise ValueError(f"'{part}': write SEAT=AGENT, such as {example}=ismcts:200")
        seat = _seat(who.strip(), game)
        agents[seat] = make_agent(spec)
    return agents


def _seat(who: str, game) -> int:
    """A role's name, a seat number from 1, or a seat's name as narration prints it
    ("player 2")."""
    if who in game.roles:
        return game.roles[who]
    if who.isdigit() and 1 <= int(who) <= game.nplayers:
        return int(who) - 1
    if who in game.seat_names:
        return game.seat_names.index(who)
    names = list(game.roles) + [str(i + 1) for i in range(game.nplayers)]
    from ..lang.diagnostics import did_you_mean
    hint = did_you_mean(who, names)
    raise ValueError(f"no seat or role '{who}'" + (f"; {hint}" if hint else
                     f"; seats are {', '.join(names)}"))
