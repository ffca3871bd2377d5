"""The skill trace: how much a stronger bot of the ladder gains over the weaker, per seat.

For each step of the ladder (weaker rung, stronger rung), every seat in turn is played
by the stronger bot among weaker ones, on the same deals as a run where every seat is
weaker (game i from derive(seed, i), as in every run): the seat's gain is its win share
with the stronger bot minus its win share on the same deal with the weaker one. Paired
deals cancel the luck of the deal, so a game of pure chance gains exactly nothing, and a
few hundred games say whether skill matters. (Ludii's Skill Trace plays a bot against
one with twice its budget for the same reason; the ladder's rungs are ours.)
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Sequence

from .analysis import win_share as _win_share
from .ladder import LADDER, rung_index
from .simulate import GameSpec, capped, mean_interval, run_games


def parse_rungs(text: str) -> list[str]:
    """'random,greedy,ismcts:100' -> the rungs, checked: at least two, of the ladder,
    weakest first, none twice. 'none' -> []."""
    if text.strip().lower() == "none":
        return []
    rungs = [r.strip() for r in text.split(",") if r.strip()]
    for r in rungs:
        rung_index(r)  # ValueError naming the ladder
    if len(rungs) < 2:
        raise ValueError(f"a skill trace needs two rungs or more, weakest first, such as {LADDER[0]},{LADDER[1]} "
                         "(or 'none' for no skill trace)")
    order = [rung_index(r) for r in rungs]
    if order != sorted(set(order)):
        raise ValueError(f"'{text}': give the rungs once each, weakest first, as the ladder orders them: "
                         f"{' < '.join(LADDER)}")
    return rungs


def per_seat(games: int, players: int) -> int:
    """Games for each seat at each step: `games` shared among the seats, rounded up."""
    return max(1, math.ceil(games / players))


def one_stronger(weaker: str, stronger: str, seat: int, players: int) -> str:
    return ",".join(f"{s + 1}={stronger if s == seat else weaker}" for s in range(players))


def plan(rungs: Sequence[str], games: int, players: int, main: Optional[tuple] = None) -> int:
    """How many games the skill trace plays (for the progress bar)."""
    if len(rungs) < 2:
        return 0
    n = per_seat(games, players)
    base = sum(0 if _reused(r, n, main) else n for r in rungs[:-1])
    return base + (len(rungs) - 1) * players * n


def _reused(rung: str, n: int, main: Optional[tuple]) -> bool:
    return main is not None and main[0] == rung and len(main[1]) >= n


def stages(rungs: Sequence[str], games: int, players: int, main: Optional[tuple] = None,
           team: bool = False) -> list[tuple[str, int, str, Optional[int]]]:
    """The runs `run` plays, in its order: (bots, games, the step's stronger rung among its
    weaker one, or the weaker rung alone for a step's baseline, the seat played stronger
    or None). For the time estimate (drivers/estimate.py)."""
    n = per_seat(games, players)
    out = []
    for weaker, stronger in zip(rungs, rungs[1:]):
        if not _reused(weaker, n, main):
            out.append((weaker, n, weaker, None))
        out += [(stronger if team else one_stronger(weaker, stronger, s, players), n, f"{stronger} among {weaker}", s)
                for s in range(players)]
    return out


def run(base: GameSpec, rungs: Sequence[str], games: int, titles: Sequence[str], jobs: int = 1,
        progress: Optional[Callable[[int], None]] = None, main: Optional[tuple] = None,
        team: bool = False, ready: Optional[dict] = None) -> dict:
    """Play the skill trace and work out its figures. `base` gives the file, parameters,
    players, seed and decision cap; `main` = (agents, outcomes) of a run with the same
    seed, whose first games stand in for an all-weaker run when its bots are that rung.
    In a cooperative game (`team`, with `titles` the team's one) the stronger bot plays
    every seat: does a stronger team win more often? `ready`: bots -> the first games of
    their run, already played (to time them: the same games, so the same figures)."""
    players = len(titles)
    n = per_seat(games, players)
    steps, played = [], []  # played: (bots, outcomes) of each run of games the trace played itself

    def play(agents: str) -> list:
        first = list((ready or {}).get(agents, ()))[:n]
        outcomes = first + run_games(skill_spec(base, agents), n, jobs, progress=progress, first=len(first))
        played.append((agents, outcomes))
        return outcomes
    for weaker, stronger in zip(rungs, rungs[1:]):
        baseline = list(main[1][:n]) if _reused(weaker, n, main) else play(weaker)
        strong = [play(stronger if team else one_stronger(weaker, stronger, s, players)) for s in range(players)]
        steps.append(step(weaker, stronger, baseline, strong, titles, team))
    return {"rungs": list(rungs), "games_per_seat": n, "steps": steps, **rule_errors(played)}


def rule_errors(played: Sequence[tuple]) -> dict:
    """The games the skill trace played (not the main games it reuses: the report counts
    those apart) and how many stopped on a rule error, with the first of them (its game,
    seed, bots and message), as simulate.summarize gives the main games'."""
    failed = [(agents, o) for agents, outcomes in played for o in outcomes if o.error is not None]
    out = {"games": sum(len(outcomes) for _, outcomes in played), "errors": len(failed),
           **capped([o for _, o in failed])}  # (of them: a long game, no mistake)
    if failed:
        agents, o = failed[0]
        out["first_error"] = {"game": o.index, "seed": o.seed, "agents": agents, "message": o.error,
                              "limit": o.limit}
    return out


def skill_spec(base: GameSpec, agents: str) -> GameSpec:
    """The spec of a run of the trace: the normal compile (the main games count branches)."""
    return GameSpec(base.path, base.params, base.players, agents, base.seed, base.max_decisions)


def team_share(winners: Sequence[int], seat: int) -> float:
    """A cooperative team's part of a game's win: all of it, or nothing."""
    return 1.0 if winners else 0.0


def step(weaker: str, stronger: str, baseline: Sequence, strong: Sequence[Sequence], titles: Sequence[str],
         team: bool = False) -> dict:
    """One step's figures: `baseline[i]` is game i with every seat weaker, `strong[s][i]`
    the same deal with seat s stronger (with `team`, one run: every seat stronger)."""
    win_share = team_share if team else _win_share
    seats, pooled, pooled_pay, pooled_pairs = [], [], [], []
    for s, games in enumerate(strong):
        pairs = [(b, g) for b, g in zip(baseline, games) if b.error is None and g.error is None]
        gains = [win_share(g.winners, s) - win_share(b.winners, s) for b, g in pairs]
        row = {"seat": s + 1, "title": titles[s], "games": len(pairs), "errors": len(games) - len(pairs)}
        if pairs:
            gain = _gain(gains, [(b, g, s) for b, g in pairs], win_share)
            row.update(weaker_rate=sum(win_share(b.winners, s) for b, _ in pairs) / len(pairs),
                       stronger_rate=sum(win_share(g.winners, s) for _, g in pairs) / len(pairs),
                       gain=gain["mean"], ci95=gain["ci95"], significant=excludes_zero(gain["ci95"]))
            pays = [g.payoffs[s] - b.payoffs[s] for b, g in pairs if b.payoffs is not None and g.payoffs is not None]
            if pays:
                row["payoff_gain"] = mean_interval(pays)
                pooled_pay += pays
        pooled += gains
        pooled_pairs += [(b, g, s) for b, g in pairs]
        seats.append(row)
    out = {"weaker": weaker, "stronger": stronger, "seats": seats}
    if pooled:
        gain = _gain(pooled, pooled_pairs, win_share)  # (a gain of win share)
        out["overall"] = {"games": len(pooled), "gain": gain["mean"], "ci95": gain["ci95"],
                          "significant": excludes_zero(gain["ci95"])}
        if pooled_pay:
            out["overall"]["payoff_gain"] = mean_interval(pooled_pay)
    return out


def _gain(gains: list, pairs: list, win_share: Callable = _win_share) -> dict:
    """The mean gain and its 95% interval. When every pair gained alike (no pair differed,
    say), Student's t gives an interval of no width, '0.0 [0.0, 0.0]', read as proof of
    a game without skill where 20 games found no difference: then the interval is
    Newcombe's for paired rates (compare.newcombe_paired), from whether the seat won
    each game with the weaker bot and with the stronger, as compare does. `pairs`: (the
    game with the weaker bot, the same deal with the stronger, the seat), one a gain."""
    gain = mean_interval(gains, (-1.0, 1.0))
    if len(set(gains)) == 1:
        from .compare import newcombe_paired
        won = [(win_share(g.winners, s) > 0, win_share(b.winners, s) > 0) for b, g, s in pairs]
        both, only_strong, only_weak = (won.count(k) for k in ((True, True), (True, False), (False, True)))
        gain["ci95"] = list(newcombe_paired(both, only_strong, only_weak, len(won) - both - only_strong - only_weak))
    return gain


def excludes_zero(ci) -> bool:
    # a rounding margin: a game of pure chance gives an interval of exactly [0, 0]
    return ci[0] > 1e-12 or ci[1] < -1e-12
