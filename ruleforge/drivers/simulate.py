"""Many seeded games, and what they say: win rates with intervals, lengths, endings,
rule coverage.

Game i of a run with seed S is dealt from derive(S, i) and its bots draw from their own
generators derived from it, so a run's results depend only on (rules, parameters,
agents, seed, number of games), never on how many processes or machines played them.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Callable, Optional, Sequence

from attrs import define, field

from ..lang.plural import count
from ..runtime.game import params_json
from ..runtime.rng import Random, derive

Z95 = 1.959963984540054

# Student's t, the 0.975 quantile, by degrees of freedom 1 to 30 (beyond: t95's series)
_T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
         2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
         2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)


def t95(n: int) -> float:
    """The multiplier of a 95% interval for the mean of `n` values: Student's t with n - 1
    degrees of freedom, not the normal 1.96, which makes a mean of a few values look
    surer than it is (at 4 values the interval is 1.6 times wider: 3.18 against 1.96).
    Past 30 the Cornish-Fisher series (Abramowitz and Stegun 26.7.5), within 1e-5."""
    df = n - 1
    if df < 1:
        return 0.0
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    z2 = z * z
    return (z + z * (z2 + 1) / (4 * df) + z * ((5 * z2 + 16) * z2 + 3) / (96 * df ** 2)
            + z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df ** 3))


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (good at small n and near 0 or 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@define
class GameSpec:
    """Everything a worker needs to rebuild the game: it loads the rules itself."""
    path: str
    params: dict  # as --set gives them: {name: text}, such as {"cloudy_altitudes": "5,7"}
    players: Optional[int]
    agents: Optional[str]
    seed: int
    max_decisions: Optional[int] = None  # the decision cap, if not the default (runtime/limits.py)
    coverage: bool = False  # compiled to count the branches taken (analyze's main games: codegen/branches.py)


@define
class GameOutcome:
    index: int
    seed: int
    winners: tuple
    ending: str
    decisions: int
    rounds: int
    fired: dict = field(factory=dict)
    error: Optional[str] = None
    payoffs: Optional[tuple] = None  # by seat, when the game declares a payoff
    first: int = 0                   # the seat that took the first turn
    limit: Optional[str] = None      # the limit a game stopped at (RuleError.limit: "decisions", ...)
    turns: int = 0                   # (the report says turns beside rounds: a round is not a hand)

    def to_json(self) -> dict:
        # seats from 1, as the summary's "seats" and every table count them
        return {"index": self.index, "seed": self.seed, "winners": [s + 1 for s in self.winners],
                "ending": self.ending, "decisions": self.decisions, "rounds": self.rounds, "turns": self.turns,
                **({"payoffs": list(self.payoffs)} if self.payoffs is not None else {}),
                **({"error": self.error} if self.error else {})}


COMPILED_GAMES: dict = {}


def game_for(spec: GameSpec):
    key = (spec.path, tuple(sorted(spec.params.items())), spec.players, spec.max_decisions, spec.coverage)
    if key not in COMPILED_GAMES:
        from ..load import load_with_sets  # (a spec's parameters are --set texts)
        game = COMPILED_GAMES[key] = load_with_sets(spec.path, spec.players, spec.params, spec.coverage)
        if spec.max_decisions is not None:
            game.decision_cap = spec.max_decisions
    return COMPILED_GAMES[key]


def play_one(spec: GameSpec, index: int) -> GameOutcome:
    from .agents import parse_agents
    from .play import decide_for
    from ..runtime.values import RuleError
    game = game_for(spec)
    seed = derive(spec.seed, index)
    agents = parse_agents(spec.agents, game)
    rngs = [Random(derive(seed, 0x5EA7, s)) for s in range(game.nplayers)]
    try:
        st = game.new(seed, stats=True)
        while not st.is_over:
            p = st.current_player
            st.apply(decide_for(agents[p], st, p, st.legal_actions(), rngs[p]))
    except RuleError as e:
        return GameOutcome(index, seed, (), "error", 0, 0, {}, e.describe(), limit=e.limit)
    fired = dict(st.stats)
    fired[f"ending {st.result.ending}"] = 1
    return GameOutcome(index, seed, st.result.winners, st.result.ending, st.decisions, st.round, fired,
                       payoffs=st.result.payoffs, turns=st.turns, first=max(st.first_seat, 0))


def play_chunk(spec: GameSpec, indexes: Sequence[int], play: Optional[Callable] = None) -> list:
    play = play or play_one  # looked up now, not at import: a test may stand in for it
    return [play(spec, i) for i in indexes]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run: `outcomes` holds the games played so far, games 0..k-1 in
    order (so they are the first k games of the run the same seed would give). `batch`:
    how many games a worker process hands back at once, when other processes played
    (the games under way in them are lost); None when this process played them all."""

    def __init__(self, outcomes: list, requested: int, batch: Optional[int] = None):
        super().__init__(f"interrupted after {len(outcomes)} of {count(requested, 'game')}")
        self.outcomes, self.requested, self.batch = outcomes, requested, batch


def ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which keeps what they have sent back and stops them.
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # the parent stops them with SIGTERM (Pool.terminate): they end at once, as before the
    # command's own handler (cli.main: SIGTERM cleans up and exits 143) was inherited
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def local_jobs(jobs: int, tasks: Optional[int] = None) -> int:
    """The worker processes to start for `jobs`: never more than there are tasks, nor
    more than four a core (past that, each only costs memory: `--jobs 512` on two cores
    once started 512 processes and took 15 GB). The results never depend on it."""
    import os
    n = min(max(1, jobs), 4 * (os.cpu_count() or 1))
    return n if tasks is None else max(1, min(n, tasks))


def batch_size(games: int, jobs: int) -> int:
    """Games a worker process plays and hands back at once: a few batches a process, so
    that none waits long at the end, and at most 50, so that progress shows."""
    return max(1, min(50, games // (max(jobs, 1) * 8) or 1))


def run_games(spec: GameSpec, games: int, jobs: int = 1, scheduler: Optional[str] = None,
              progress: Optional[Callable[[int], None]] = None, play: Optional[Callable] = None,
              first: int = 0) -> list:
    """Play games first..games-1 (all of them by default); the outcomes come back in game
    order. On Ctrl-C, raise Interrupted with the games finished so far. `play(spec,
    index)` plays one game: a module-level function (worker processes get it by name),
    play_one's outcome or one that says more (drivers/traces.py); play_one when not given."""
    size = batch_size(games - first, jobs)
    parts = [list(range(i, min(games, i + size))) for i in range(first, games, size)]
    jobs = local_jobs(jobs, len(parts)) if not scheduler else jobs
    out: list[GameOutcome] = []
    try:
        if scheduler:
            if play is not None:
                raise ValueError("a Dask cluster plays with play_one only")
            from .scale import run_on_dask
            for part in run_on_dask(scheduler, spec, parts, progress):
                out.extend(part)
        elif jobs <= 1:
            for part in parts:
                for i in part:  # one game at a time: an interrupt loses no finished game
                    out.append((play or play_one)(spec, i))
                if progress:
                    progress(len(part))
        else:
            import multiprocessing as mp
            from functools import partial
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            with ctx.Pool(jobs, initializer=ignore_sigint) as pool:
                for part in pool.imap(partial(play_chunk, spec, play=play), parts):
                    out.extend(part)
                    if progress:
                        progress(len(part))
    except KeyboardInterrupt:
        raise Interrupted(out, games, size if scheduler or jobs > 1 else None) from None
    return out


def all_rules(game) -> list[str]:
    """Every rule a run could fire: actions, events, card effects, endings."""
    names = [f"action {a}" for a in game.actions]
    names += [p.name for p in game.runs_out.values()] + [p.name for p in game.round_end_procs]
    names += [p.name for p in game.round_begin_procs]
    names += [p.name for p in game.game_end_procs]
    seen = set()
    for procs in game.effects.values():
        for p in procs:
            if p is not None and p.name not in seen:
                seen.add(p.name)
                names.append(p.name)
    names += [f"ending {e}" for e in game.endings]
    return names


ANY = (-math.inf, math.inf)


def mean_interval(values: Sequence[float], within: tuple = ANY) -> dict:
    """The mean of `values` and its 95% interval (Student's t, from the sample's standard
    deviation: payoffs are sums of many small gains and losses), cut to `within`, the
    values the mean can take (a share: 0 to 1; a difference of rates: -1 to 1; a length:
    not below 0); for one value the interval is that value."""
    n = len(values)
    mean = statistics.fmean(values)
    half = t95(n) * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": mean, "ci95": [max(within[0], mean - half), min(within[1], mean + half)], "games": n}


def summarize(game, outcomes: list[GameOutcome], agents: Optional[str] = None) -> dict:
    ok = [o for o in outcomes if o.error is None]
    if game.cooperative:
        return team_summary(game, outcomes, agents)
    seats = []
    for s in range(game.nplayers):
        wins = sum(1 for o in ok if o.winners == (s,))
        ties = sum(1 for o in ok if s in o.winners and len(o.winners) > 1)
        lo, hi = wilson(wins, len(ok))
        seats.append({"seat": s + 1, "name": game.seat_names[s], "title": game.seat_titles[s],
                      "wins": wins, "ties": ties, "win_rate": wins / len(ok) if ok else 0.0,
                      "ci95": [lo, hi], "tie_rate": ties / len(ok) if ok else 0.0})

    summary = common_summary(game, outcomes, agents, seats)
    payoffs = [o.payoffs for o in ok if o.payoffs is not None]
    if payoffs:
        summary["payoffs"] = [{"seat": s + 1, "name": game.seat_names[s], "title": game.seat_titles[s],
                               **mean_interval([p[s] for p in payoffs])} for s in range(game.nplayers)]
    same_bots = not agents or "=" not in agents
    won = [o for o in ok if o.winners]
    if not game.roles and won and same_bots and game.nplayers > 1:  # (a solitaire has no seat to compare)
        # the share of the wins taken by the seat that took the first turn (a shared win
        # counts 1/k; a game nobody wins gives no wins to share): fair is 1/N. The first
        # turn may not be seat 1's (a rule may say who starts), so each game counts the
        # seat that started it.
        shares = [(1 / len(o.winners)) if o.first in o.winners else 0.0 for o in won]
        m = mean_interval(shares, (0.0, 1.0))
        if all(x in (0.0, 1.0) for x in shares):
            # no shared win: a plain proportion, whose interval is the win table's (Wilson),
            # so that the same share does not get two intervals a line apart
            m["ci95"] = list(wilson(sum(shares), len(shares)))
        lo, hi = m["ci95"]
        fair = 1 / game.nplayers
        starters = Counter(o.first for o in won)
        summary["first_seat"] = {"win_share": m["mean"], "ci95": [lo, hi],
                                 "fair_share": fair, "significant": not (lo <= fair <= hi),
                                 "starters": {str(s + 1): starters[s] for s in sorted(starters)}}
        if payoffs:
            summary["first_seat"]["payoff"] = mean_interval([o.payoffs[o.first] for o in ok
                                                             if o.payoffs is not None])
    return with_first_error(summary, outcomes)


def _spread(values):
    if not values:
        return {}
    qs = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "p10": qs[0], "p90": qs[-1], "min": min(values), "max": max(values)}


def common_summary(game, outcomes: list[GameOutcome], agents: Optional[str], seats: list) -> dict:
    """The figures every summary has: the games, who won (`seats`), how long they ran,
    how they ended, and which rules fired."""
    ok = [o for o in outcomes if o.error is None]
    fired = Counter()
    for o in ok:
        fired.update(o.fired)
    rules = all_rules(game)
    return {
        "game": game.title, "rules": game.path, "params": params_json(game.params), "players": game.nplayers,
        "agents": agents or "random", "games": len(outcomes), "errors": len(outcomes) - len(ok),
        # (of the games that stopped, those a cap stopped, the decision cap or the work limit of a
        # game: no mistake in the rules; of them, those of the work limit)
        **capped([o for o in outcomes if o.error]),
        "seats": seats,
        "no_winner": sum(1 for o in ok if not o.winners),
        # turns beside rounds and decisions: a round of turns round the table is not a hand (report.length_line)
        "length": {"decisions": _spread([o.decisions for o in ok]), "rounds": _spread([o.rounds for o in ok]),
                   "turns": _spread([o.turns for o in ok])},
        "endings": dict(sorted(Counter(o.ending for o in ok).items(), key=lambda kv: -kv[1])),
        "coverage": {r: fired.get(r, 0) for r in rules},
        "never_fired": [r for r in rules if not fired.get(r)],
    }


def capped(failed: Sequence[GameOutcome]) -> dict:
    """{"capped": the games `failed` that a cap stopped, "capped_work": of them, those the
    work limit of a game stopped (when any did)}."""
    from ..runtime.limits import CAPS
    work = sum(1 for o in failed if o.limit == "game")
    return {"capped": sum(1 for o in failed if o.limit in CAPS), **({"capped_work": work} if work else {})}


def with_first_error(summary: dict, outcomes: list[GameOutcome]) -> dict:
    errors = [o for o in outcomes if o.error]
    if errors:
        summary["first_error"] = {"game": errors[0].index, "seed": errors[0].seed, "message": errors[0].error,
                                  "limit": errors[0].limit}
    return summary


TEAM = "the team"  # how a cooperative game's reports name its players, who win or lose as one


def team_summary(game, outcomes: list[GameOutcome], agents: Optional[str]) -> dict:
    """A cooperative game's summary: its seats are one row, the team, whose wins are the
    games it won (every seat wins or none does), and its payoff one (the same for every
    seat); no seat beats another, so there is no starting-seat advantage to measure."""
    ok = [o for o in outcomes if o.error is None]
    wins = sum(1 for o in ok if o.winners)
    lo, hi = wilson(wins, len(ok))
    team = {"seat": 1, "name": "team", "title": TEAM, "wins": wins, "ties": 0,
            "win_rate": wins / len(ok) if ok else 0.0, "ci95": [lo, hi], "tie_rate": 0.0}
    summary = {"cooperative": True, **common_summary(game, outcomes, agents, [team])}
    payoffs = [o.payoffs[0] for o in ok if o.payoffs is not None]
    if payoffs:
        summary["payoffs"] = [{"seat": 1, "name": "team", "title": TEAM, **mean_interval(payoffs)}]
    return with_first_error(summary, outcomes)
