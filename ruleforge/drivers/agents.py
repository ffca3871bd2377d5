"""Agents: given what one seat may know, pick an action.

An agent's whole input is an `Observation`: the seat, its `view`, the legal actions, and
`sample(rng)`, which gives full states consistent with the view. The observation holds
no true state: the driver hands it a world already re-dealt from the seat's point of
view (`determinize`), so an agent that tried to read hidden cards would find only a
random re-deal. Each agent also gets its own seeded generator: one seed, one game.
"""

from __future__ import annotations

import math
from typing import Optional, Protocol, Sequence

from ..runtime.determinize import determinize
from ..runtime.rng import Random
from ..runtime.values import Action
from .evaluators import MAX_LOOKAHEAD_WORK, best_next, heuristic_value, move_cost  # noqa: F401  (this module's API)
from .ismcts import IsmctsAgent


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

    alike = None  # whether its last choice found every move alike (a choice at random): analyze counts them

    def act(self, obs: Observation, rng: Random) -> Action:
        if len(obs.actions) == 1:
            self.alike = None
            return obs.actions[0]
        values: list[list[float]] = [[] for _ in obs.actions]
        n, target = 0, min(8, self.samples)
        spent = 0  # steps and work of the moves played so far: bounded, so a bot's turn ends
        while True:
            last = len(obs.actions) - 1
            for _ in range(target - n):
                w = obs.sample(rng)
                for i, a in enumerate(obs.actions):  # (the last action judged in the sample itself)
                    after = w.after(a) if i < last else w.after_in_place(a)
                    cost = move_cost(after)
                    spent += cost
                    if spent > MAX_LOOKAHEAD_WORK:
                        _looked_too_far(a, cost, len(obs.actions), self.samples)
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
        self.alike = len(best) == len(obs.actions)
        return best[rng.below(len(best))]


def _looked_too_far(action, cost: int, moves: int, samples: int) -> None:
    from ..runtime.values import RuleError
    raise RuleError.over("work", f"greedy's look-ahead would take more than {MAX_LOOKAHEAD_WORK:,} steps and units of "
                         f"work at one decision (it plays each of the {moves:,} moves in up to {samples} sampled "
                         f"worlds, and {action} took {cost:,}): this game's moves are too costly to judge so; "
                         "choose another bot, such as random or ismcts:N (MAX_LOOKAHEAD_WORK, docs/limits.md)")


def _mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (0 when they are all equal)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n) if var > 1e-12 else 0.0


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": IsmctsAgent}


MAX_WORLDS = 10_000  # a pool's worlds are all held at once (greedy's bound, cli/common.py)
MAX_FACTOR = 1_000_000  # widen= and c=: far past any menu, and finite in every product

ISMCTS_OPTIONS = {
    # option: (IsmctsAgent's keyword, reading, what it takes)
    "playout": ("guided", None, "random or greedy"),
    "depth": ("rollout_depth", int, "a number of choices from 0, such as depth=6"),
    "widen": ("widen", float, "a positive number, such as widen=2"),
    "worlds": ("worlds", int, "a positive number of sampled worlds, such as worlds=16"),
    "c": ("exploration", float, "a positive number, such as c=0.7"),
    "views": ("views", float, "a fraction above 0 and below 1, such as views=0.5"),
    "sample": ("sample", int, "a positive number of moves or all, such as sample=3"),
    "reward": ("reward", None, "rank or win"),
    "horizon": ("horizon", None, "root or leaf"),
}


def make_agent(spec: str):
    """'random', 'greedy', 'greedy:8' (at most 8 sampled worlds), 'ismcts:500'
    (iterations), 'ismcts:200ms'; then ISMCTS options, each ':NAME=VALUE':
    'playout=random|greedy' (the playout policy; greedy needs a heuristic), 'depth=D'
    (a playout's real choices before the heuristic judges it), 'widen=K' (progressive
    widening: at most K*sqrt(n+1) children after n visits), 'worlds=W' (W sampled worlds
    a decision, each iteration in a copy of one), 'c=X' (exploration), 'views=F' (a
    fraction F of the iterations played in worlds sampled from another seat's view, from
    which alone the other seats' choices in the tree are learnt), 'sample=K|all' (a
    guided playout step judges K of the moves, drawn at random, or all of them),
    'reward=rank|win' (a playout cut short by the heuristic credits each seat with the
    share of the others it beats, or only the leaders), 'horizon=root|leaf' (a playout's
    choices counted from the decision, or from the leaf it starts at);
    'ismcts:500:random' is short for 'ismcts:500:playout=random'."""
    name, _, arg = spec.strip().partition(":")
    if name not in AGENTS:
        from ..lang.diagnostics import did_you_mean
        hint = did_you_mean(name, list(AGENTS))
        raise ValueError(f"unknown agent '{spec}'; " + (f"{hint} (the agents are: {', '.join(AGENTS)})" if hint
                                                        else f"the agents are: {', '.join(AGENTS)}"))
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
    budget, *options = arg.split(":") if arg else [""]
    kwargs: dict = {}
    for option in options:
        key, eq, value = option.partition("=")
        key, value = key.strip(), value.strip()
        if not eq and key == "random":
            key, value = "playout", "random"
        elif not eq:
            raise ValueError(f"'{spec}': ismcts options are NAME=VALUE ({', '.join(ISMCTS_OPTIONS)}), "
                             f"such as ismcts:1000:widen=2, or ':random'; not '{option}'")
        if key not in ISMCTS_OPTIONS:
            from ..lang.diagnostics import did_you_mean
            hint = did_you_mean(key, list(ISMCTS_OPTIONS))
            raise ValueError(f"'{spec}': no ismcts option '{key}'; " +
                             (hint if hint else f"the options are: {', '.join(ISMCTS_OPTIONS)}"))
        keyword, read, wanted = ISMCTS_OPTIONS[key]
        if keyword in kwargs:  # (the last one quietly won)
            raise ValueError(f"'{spec}': ismcts option {key} is given twice: give it once")
        if key == "sample" and value == "all":  # every move judged at a guided step
            kwargs[keyword] = None
            continue
        if key == "horizon":
            if value not in ("root", "leaf"):
                raise ValueError(f"'{spec}': a playout's choices are counted from the decision (horizon=root) "
                                 f"or from the leaf it starts at (horizon=leaf), not '{value}'")
            kwargs[keyword] = value
            continue
        if key == "reward":
            if value not in ("rank", "win"):
                raise ValueError(f"'{spec}': an ismcts playout cut short credits each seat by its rank among the "
                                 f"others (reward=rank) or the leaders alone (reward=win), not '{value}'")
            kwargs[keyword] = value
            continue
        if key == "playout":
            if value not in ("random", "greedy"):
                raise ValueError(f"'{spec}': ismcts playouts are guided by the heuristic (playout=greedy) "
                                 f"or random (playout=random, or ':random'), not '{value}'")
            kwargs[keyword] = 1.0 if value == "greedy" else 0.0
            continue
        try:
            number = read(value)
        except ValueError:
            number = None
        if number is None or number < 0 or (number == 0 and key != "depth") or not math.isfinite(number):
            raise ValueError(f"'{spec}': ismcts option {key} takes {wanted}, not '{value}'")
        if key in ("widen", "c") and number > MAX_FACTOR:  # (past it, a product overflows to infinity)
            raise ValueError(f"'{spec}': ismcts option {key} takes at most {MAX_FACTOR:,}, not '{value}'")
        if key == "views" and number >= 1:
            raise ValueError(f"'{spec}': ismcts option views takes {wanted}, not '{value}'")
        if key == "worlds" and number > MAX_WORLDS:
            raise ValueError(f"'{spec}': worlds={value} is past the bound of {MAX_WORLDS:,} sampled worlds a decision")
        kwargs[keyword] = number
    if not budget:
        return IsmctsAgent(**kwargs)
    if budget.endswith("ms") and budget[:-2].replace(".", "", 1).isdigit() and float(budget[:-2]) > 0:
        return IsmctsAgent(iterations=None, millis=float(budget[:-2]), **kwargs)
    if budget.isdigit() and int(budget) > 0:
        return IsmctsAgent(iterations=int(budget), **kwargs)
    raise ValueError(f"'{spec}': ismcts takes iterations (ismcts:500) or milliseconds (ismcts:200ms)"
                     + (", then its options (ismcts:500:depth=6)" if "=" in budget else ""))


def same_bot(a: str, b: str) -> bool:
    """Whether two specs make the same bot: 'greedy' is 'greedy:32', and ISMCTS's options
    may come in any order ('ismcts:500:c=0.7' is 'ismcts:500'). The evaluator is left out:
    a spec's follows from the settings compared."""
    x, y = make_agent(a), make_agent(b)
    return type(x) is type(y) and _settings(x) == _settings(y)


def _settings(agent) -> dict:
    return {k: v for k, v in vars(agent).items() if not k.startswith("_") and k != "evaluator"}


def parse_agents(text: Optional[str], game) -> list:
    """'north=ismcts:500,south=random' or 'greedy' (everyone) -> one agent per seat.
    ('ismcts:500:widen=2' is for everyone too: an '=' after a ':' is an option's.)"""
    return [make_agent(spec) for spec in seat_specs(text, game)]


def seat_specs(text: Optional[str], game) -> list[str]:
    """Each seat's bot as --agents names it, a seat it leaves out 'random'."""
    specs = ["random"] * game.nplayers
    if text is None:
        return specs
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:  # (--agents '' played random bots, as if the flag were not given)
        raise ValueError(f"{text!r} names no bot: write a bot (random, greedy, ismcts:200) or SEAT=BOT,...")
    if len(parts) == 1 and ("=" not in parts[0] or ":" in parts[0].partition("=")[0]):
        return [parts[0]] * game.nplayers
    given: dict[int, str] = {}
    for part in parts:
        who, sep, spec = part.partition("=")
        if not sep or ":" in who:
            example = next(iter(game.roles), "1")  # a role's name, or a seat number
            raise ValueError(f"'{part}': write SEAT=AGENT, such as {example}=ismcts:200")
        seat = seat_named(who.strip(), game)
        if seat in given:  # (the last one quietly won: a bot the user asked for never played)
            from .table import the_seat
            raise ValueError(f"{the_seat(game, seat)} is given two bots ('{given[seat]}' and '{part}'): "
                             "name each seat once")
        given[seat] = part
        specs[seat] = spec.strip()
    return specs


def seat_named(who: str, game) -> int:
    """A role's name, a seat number from 1, or a seat's name or title as narration prints
    it ("player 2", "Dealer", "the dealer"), upper or lower case alike (--as North, as
    --as SOUTH matched the title); a name that only its case tells from another's
    must be written as declared."""
    if who in game.roles:
        return game.roles[who]
    if who.isdigit() and 1 <= int(who) <= game.nplayers:
        return int(who) - 1
    if who in game.seat_names:
        return game.seat_names.index(who)
    alike = [s for s, name in enumerate(game.seat_names) if name.casefold() == who.casefold()]
    if len(alike) == 1:
        return alike[0]
    titles = [t.casefold() for t in game.seat_titles]  # a role's title, as narration prints it
    if who.casefold().removeprefix("the ") in titles:
        return titles.index(who.casefold().removeprefix("the "))
    names = list(game.roles) + [str(i + 1) for i in range(game.nplayers)]
    from ..lang.diagnostics import did_you_mean
    hint = did_you_mean(who, names)
    raise ValueError(f"no seat or role '{who}'" + (f"; {hint}" if hint else
                     f"; seats are {', '.join(names)}"))


def blind_greedy_note(text: Optional[str], game) -> Optional[str]:
    """A note for bots that cannot judge a position: greedy in a game with no heuristic
    (nor a score per player to stand for one) sees only a move that ends the game, and
    elsewhere chooses at random, so its figures are nearly a random bot's; a designer
    comparing variants with it learns little and is not told. None when that is not so,
    and in a game where nobody decides anything (a game of pure chance): no bot is ever
    asked a thing."""
    if game.heuristic is not None or not game.decides or not any(a.name == "greedy" for a in parse_agents(text, game)):
        return None
    # (a cooperative game's heuristic is the team's, written without 'of p')
    team = game.cooperative
    return (f"note: {game.title} declares no heuristic (nor a score {'for the team' if team else 'per player'}), "
            "so greedy bots judge a move only by whether it ends the game at once, won or lost, and choose at random "
            "among the others: where few moves end the game, they play nearly as random bots do. A "
            f"`{'heuristic: ...' if team else 'heuristic of p: ...'}` gives them judgement "
            "(docs/language.md#heuristic-for-bots).")
