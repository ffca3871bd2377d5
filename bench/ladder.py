"""The bot ladder measured: each rung against the one below, with 95% intervals.

    python bench/ladder.py FILE [--players N] [--games N] [--rungs a,b,...] [--jobs N]
                           [--seed S] [--mirror] [--out JSON] [--block N]

For each pair of neighbouring rungs (weak, strong) of `--rungs` (default: the whole
ladder of ruleforge/drivers/ladder.py; any agent specs may be compared the same way, such
as `--rungs ismcts:1000,ismcts:1000:views=0.5`), the strong rung takes each seat in turn with the
weak rung at every other seat, `--games` games per seat, on the same seeds (game i of
every run is dealt from the same seed: paired deals). Reported:

- per seat (role): the strong rung's win rate there, with its Wilson interval; the weak
  rung's win rate in that seat when the strong rung sits elsewhere (in a 2-player game,
  the same deals with the roles swapped), and the difference with its interval, with a
  verdict: significantly better or worse when the interval excludes 0, else not
  significant (in the JSON, `verdict`; the older `significant` fields, kept for the runs
  already written, mean significantly better);
- with `--mirror`, also the weak rung in every seat (the same deals): the strong rung's
  gain in that seat over the weak rung against the same opponents, paired game by game
  (this is the cleanest per-role figure, at the cost of one more run per pair);
- pooled over the seats: the strong rung's share of the games against the fair share
  1/N (in a 2-player game, "wins more than half with the roles balanced"; in a
  many-player game, "one seat of the strong rung among the others at the rung below",
  seat rotated), with its interval; and, where games can be shared, the strong rung's
  share of the wins (a win shared by k seats counts 1/k), against the same fair share:
  a sole win's fair share is less than 1/N when ties happen, so this is the fair test;
  and that share deal by deal (the N games of one deal, the strong rung in each seat in
  turn, taken together: the deals are independent, the games of one deal are not);
- the mean payoff of the strong side where the game declares one.

A win is a sole win, as `ruleforge run` counts it. Every figure names its rungs and its
number of games. Results are written to --out (JSON) after every pair, and the games
of every run to OUT.games.json after every block of games (`--block`, 20 unless told):
run again with the same arguments, an interrupted measurement goes on where it stopped
(game i of a run is always dealt from the same seed, so the games kept are the ones a
whole run would play). The runs take turns, a block each, so a measurement cut short has
about as many games in each seat. A run of minutes a game is worth a smaller block (as
small as --jobs): less is lost when it is stopped. A checkpoint keeps the ISMCTS defaults
its games were played with; a run whose specs leave a since-changed default unsaid (such
as `ismcts:200` in a file of before 2026-12-03, when playouts looked 6 choices ahead) is
refused rather than carried on with another agent.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from types import SimpleNamespace

from ruleforge.drivers.agents import make_agent
from ruleforge.drivers.ladder import LADDER, rung_index
from ruleforge.drivers.simulate import ANY, GameSpec, Z95, game_for, mean_interval, run_games, wilson


def seat_spec(game, strong: str, weak: str, seat) -> str:
    """--agents text: `strong` at `seat` (None: nobody), `weak` everywhere else."""
    return ",".join(f"{s + 1}={strong if s == seat else weak}" for s in range(game.nplayers))


def mean_ci(values, within: tuple = ANY) -> tuple[float, float, float]:
    """The mean and its 95% interval (simulate.mean_interval), as (mean, low, high)."""
    m = mean_interval(values, within)
    return m["mean"], m["ci95"][0], m["ci95"][1]


def sole(o, seat: int) -> int:
    return int(o.error is None and o.winners == (seat,))


def share(o, seat: int) -> float:
    """The seat's share of the game's win: 1/k of a win shared by k seats."""
    return 1 / len(o.winners) if o.error is None and seat in o.winners else 0.0


BLOCK = 20  # games played between two saves of the checkpoint, unless --block says

# A checkpoint names its runs by their agent specs, and `ismcts:200` meant other options
# before ISMCTS's default depth changed (2026-12-03): a file keeps the defaults its games were
# played with, and a run that leans on a default since changed is not carried on.
DEFAULTS_KEY = "ismcts defaults"  # (no "|": never a run's key)
LEGACY_DEFAULTS = {"depth": 6, "sample": "all", "reward": "rank", "horizon": "leaf"}  # a file written before it said
# (an option a file's defaults do not name had the value it has here: `reward` was
# always rank before it was an option, 2026-12-04; `horizon` leaf before 2026-12-06)


def _ismcts_defaults() -> dict:
    agent = make_agent("ismcts:1")
    return {"depth": agent.rollout_depth, "sample": "all" if agent.sample is None else agent.sample,
            "reward": agent.reward, "horizon": agent.horizon}


ISMCTS_DEFAULTS = _ismcts_defaults()  # today's


def _seat_and_spec(part: str) -> tuple[str, str]:
    """`1=ismcts:200:depth=6` → ("1", "ismcts:200:depth=6"); a spec alone has no seat."""
    if part.startswith(("ismcts", "greedy", "random")):
        return "", part
    seat, _, spec = part.partition("=")
    return seat, spec


def written_out(agents: str, defaults: dict) -> str:
    """`agents` (an --agents text) with every option an ISMCTS spec leaves to a default
    written out as `defaults` had it, in a fixed order: two texts that play the same
    bots, under their own defaults, come out the same."""
    parts = []
    for part in agents.split(","):
        seat, spec = _seat_and_spec(part)
        if spec.startswith("ismcts"):
            head, *opts = spec.split(":")
            budget = opts.pop(0) if opts and "=" not in opts[0] and opts[0] not in ("random", "guided") else ""
            given = dict(o.partition("=")[::2] for o in opts)
            for o in ISMCTS_DEFAULTS:
                given.setdefault(o, str(defaults.get(o, LEGACY_DEFAULTS.get(o))))
            spec = ":".join([head, budget] + [f"{k}={v}" if v else k for k, v in sorted(given.items())])
        parts.append(f"{seat}={spec}" if seat else spec)
    return ",".join(parts)


# the options that change nothing in a game without a heuristic: its playouts are random
# and run to the end whatever they say (drivers/evaluators.Playout)
INERT_OPTIONS = ("depth", "sample", "reward", "horizon", "playout", "random", "guided")


def without_inert(agents: str) -> str:
    """`agents` without the ISMCTS options that change nothing in a game with no heuristic."""
    parts = []
    for part in agents.split(","):
        seat, spec = _seat_and_spec(part)
        if spec.startswith("ismcts"):
            spec = ":".join(o for o in spec.split(":") if o.partition("=")[0] not in INERT_OPTIONS)
        parts.append(f"{seat}={spec}" if seat else spec)
    return ",".join(parts)


def key_path(path: str) -> str:
    """A rule file as a run's key names it: from the repository's folder when it lies there
    (`games/gufo.rules`, however it was typed), else its full path."""
    real = os.path.realpath(path)
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    return os.path.relpath(real, root) if real.startswith(root + os.sep) else real


def stale_options(agents: str, defaults: dict) -> list:
    """The options some ISMCTS spec of `agents` (an --agents text) leaves to a default
    that is not `defaults`' today."""
    now = ISMCTS_DEFAULTS
    changed = [o for o in now if defaults.get(o, LEGACY_DEFAULTS.get(o)) != now[o]]
    stale = set()
    for part in agents.split(","):
        spec = _seat_and_spec(part)[1]
        if spec.startswith("ismcts"):
            given = {opt.partition("=")[0] for opt in spec.split(":")[2:]}
            stale.update(o for o in changed if o not in given)
    return sorted(stale)


class Checkpoint:
    """The games each run has finished, kept in a file (JSON) after every block of
    games, so that a measurement cut short (a session's end, Ctrl-C) goes on where it
    stopped when run again with the same arguments: game i of a run is always dealt
    from the same seed, so the games already played are the ones a whole run plays."""

    def __init__(self, path):
        self.path = path
        self.runs = {}
        self.defaults = ISMCTS_DEFAULTS  # the ISMCTS defaults its games were played with
        self.inert = False  # a game with no heuristic: ISMCTS's playout options change nothing
        self.rungs: tuple = ()  # the pair measured, as --rungs gave them (for a message)
        if path is not None:
            try:
                with open(path) as f:
                    self.runs = json.load(f)
                self.defaults = self.runs.pop(DEFAULTS_KEY, LEGACY_DEFAULTS)
            except FileNotFoundError:
                pass

    def outcomes(self, key: str) -> list:
        """The games kept for the run `key` names, played by today's agents: a run kept
        under another text of the same bots (`ismcts:1000` when depth 6 was the default,
        for `ismcts:1000:depth=6` today) is the same run."""
        deal, _, agents = key.rpartition("|")
        if self.inert:  # the same games whatever the playout options say
            same = [k for k in self.runs if k.rpartition("|")[0] == deal
                    and without_inert(k.rpartition("|")[2]) == without_inert(agents)]
            if key not in self.runs and same:
                self.runs[key] = self.runs.pop(same[0])
            return self.stored(key)
        if key not in self.runs:
            today = written_out(agents, ISMCTS_DEFAULTS)
            same = [k for k in self.runs if k.rpartition("|")[0] == deal
                    and written_out(k.rpartition("|")[2], self.defaults) == today]
            if same:
                self.runs[key] = self.runs.pop(same[0])  # kept from now on as written today
                return self.stored(key)
        # a run that leans on a default the file's games were not played with: neither
        # its games (if any) nor new ones can be kept under the file's defaults
        changed = stale_options(agents, self.defaults)
        if changed:
            was = ", ".join(f"{o}={self.defaults.get(o, LEGACY_DEFAULTS.get(o))}" for o in changed)
            now = ", ".join(f"{o}={ISMCTS_DEFAULTS[o]}" for o in changed)
            rungs = ",".join(written_out(r, self.defaults) for r in self.rungs) or written_out(agents, self.defaults)
            raise SystemExit(f"ladder.py: {self.path} was written when ISMCTS's defaults were {was} (today "
                             f"{now}), and {agents} leaves them to the default: write the options out, "
                             f"--rungs {rungs}, to go on with its games, or give a new --out")
        return self.stored(key)

    def stored(self, key: str) -> list:
        """The games kept for `key` as the file has them (played under its defaults)."""
        return [SimpleNamespace(winners=tuple(o["winners"]), error=o["error"],
                                payoffs=None if o["payoffs"] is None else tuple(o["payoffs"]))
                for o in self.runs.get(key, [])]

    def keep(self, key: str, outcomes) -> None:
        self.runs[key] = [{"winners": list(o.winners), "error": None if o.error is None else str(o.error),
                           "payoffs": None if o.payoffs is None else list(o.payoffs)} for o in outcomes]
        if self.path is not None:
            tmp = f"{self.path}.tmp"
            with open(tmp, "w") as f:
                json.dump({DEFAULTS_KEY: self.defaults, **self.runs}, f)
            os.replace(tmp, self.path)  # whole or not at all


def play_run(spec: GameSpec, games: int, jobs: int, checkpoint: Checkpoint, key: str, block: int = BLOCK) -> list:
    outs = checkpoint.outcomes(key)[:games]
    while len(outs) < games:
        upto = min(games, len(outs) + block)
        outs += run_games(spec, upto, jobs, first=len(outs))
        checkpoint.keep(key, outs)
    return outs


def measure_pair(path, players, weak, strong, games, jobs, seed, mirror, log, checkpoint=None, block=BLOCK):
    spec0 = GameSpec(path, {}, players, None, seed)
    game = game_for(spec0)
    n = game.nplayers
    checkpoint = checkpoint or Checkpoint(None)
    checkpoint.inert = game.heuristic is None or n == 1
    checkpoint.rungs = (weak, strong)
    order = list(range(n)) + ([None] if mirror else [])
    specs = {seat: seat_spec(game, strong, weak, seat) for seat in order}
    keys = {seat: f"{key_path(path)}|{players}|{seed}|{specs[seat]}" for seat in order}
    before = {seat: len(checkpoint.outcomes(keys[seat])) for seat in order}
    runs, seconds = {}, {seat: 0.0 for seat in order}
    # Seat by seat, a block of games at a time: a measurement cut short (a session's end)
    # leaves every seat with about as many games, so what it has played can be read.
    for upto in range(block, games + block, block):
        for seat in order:
            start = time.perf_counter()
            runs[seat] = play_run(GameSpec(path, {}, players, specs[seat], seed), min(upto, games), jobs,
                                  checkpoint, keys[seat], block)
            seconds[seat] += time.perf_counter() - start
    for seat in order:
        who = "nobody" if seat is None else game.seat_titles[seat]
        kept = f", {min(before[seat], games)} of them kept from before" if before[seat] else ""
        log(f"  played {games} games{kept}, {strong} at {who}, {weak} elsewhere ({seconds[seat]:.0f} s)")
    seats = []
    for s in range(n):
        won = [sole(o, s) for o in runs[s]]
        # the weak rung in seat s while the strong one sits elsewhere (every other run)
        weak_won = [sole(o, s) for t in range(n) if t != s for o in runs[t]]
        p, q = statistics.fmean(won), statistics.fmean(weak_won)
        half = Z95 * math.sqrt(p * (1 - p) / len(won) + q * (1 - q) / len(weak_won))
        row = {"seat": s + 1, "title": game.seat_titles[s], "games": len(won), "strong_wins": sum(won),
               "strong_win_rate": p, "strong_ci95": list(wilson(sum(won), len(won))),
               "weak_games": len(weak_won), "weak_win_rate": q,
               "weak_ci95": list(wilson(sum(weak_won), len(weak_won))),
               "difference": p - q, "difference_ci95": [p - q - half, p - q + half],
               "significant": p - q - half > 0, "verdict": verdict(p - q - half, p - q + half, 0.0)}
        if mirror:
            base = [sole(o, s) for o in runs[None]]
            gain = mean_ci([a - b for a, b in zip(won, base)], (-1.0, 1.0))
            row.update({"mirror_win_rate": statistics.fmean(base),
                        "mirror_ci95": list(wilson(sum(base), len(base))),
                        "gain_over_mirror": gain[0], "gain_ci95": [gain[1], gain[2]],
                        "gain_significant": gain[1] > 0, "gain_verdict": verdict(gain[1], gain[2], 0.0)})
        if game.payoff is not None:
            pay = mean_ci([o.payoffs[s] for o in runs[s] if o.payoffs is not None])
            row["strong_payoff"] = {"mean": pay[0], "ci95": [pay[1], pay[2]]}
        seats.append(row)
    pooled = [sole(o, s) for s in range(n) for o in runs[s]]
    lo, hi = wilson(sum(pooled), len(pooled))
    shares = mean_ci([share(o, s) for s in range(n) for o in runs[s]], (0.0, 1.0))
    # Game i of every run is dealt from one seed: the n games of a deal (the strong rung in
    # each seat in turn) are not independent of each other, the deals are. Their mean
    # share, deal by deal, has an interval that counts the deal as the unit.
    deals = min(len(runs[s]) for s in range(n))
    by_deal = mean_ci([statistics.fmean(share(runs[s][i], s) for s in range(n)) for i in range(deals)],
                      (0.0, 1.0)) if deals > 1 else None
    result = {"weak": weak, "strong": strong, "games_per_seat": games, "seats": seats,
              "pooled": {"games": len(pooled), "wins": sum(pooled), "win_rate": statistics.fmean(pooled),
                         "ci95": [lo, hi], "fair_share": 1 / n, "significant": lo > 1 / n,
                         "verdict": verdict(lo, hi, 1 / n),
                         "share": shares[0], "share_ci95": [shares[1], shares[2]],
                         "share_significant": shares[1] > 1 / n,
                         "share_verdict": verdict(shares[1], shares[2], 1 / n)},
              "seconds": {("mirror" if k is None else str(k + 1)): round(v, 1) for k, v in seconds.items()}}
    if by_deal is not None:
        result["pooled"].update({"deals": deals, "share_by_deal": by_deal[0],
                                 "share_by_deal_ci95": [by_deal[1], by_deal[2]],
                                 "share_by_deal_verdict": verdict(by_deal[1], by_deal[2], 1 / n)})
    if game.payoff is not None:
        pay = mean_ci([o.payoffs[s] for s in range(n) for o in runs[s] if o.payoffs is not None])
        result["pooled"]["payoff"] = {"mean": pay[0], "ci95": [pay[1], pay[2]]}
    return game, result


def verdict(low: float, high: float, ref: float) -> str:
    """What a 95% interval says of the strong rung against `ref` (0, or the fair share)."""
    return "significantly better" if low > ref else "significantly worse" if high < ref else "NOT significant"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def show(game, r, say) -> None:
    g = r["games_per_seat"]
    say(f"{r['strong']} v {r['weak']} ({g} games per seat):")
    for x in r["seats"]:
        line = (f"  {x['title']}: {r['strong']} wins {x['strong_wins']}/{x['games']} = {pct(x['strong_win_rate'])} "
                f"[{pct(x['strong_ci95'][0])}, {pct(x['strong_ci95'][1])}]; {r['weak']} there wins "
                f"{pct(x['weak_win_rate'])} of {x['weak_games']}; difference {100 * x['difference']:+.1f} points "
                f"[{100 * x['difference_ci95'][0]:+.1f}, {100 * x['difference_ci95'][1]:+.1f}]"
                f" {x['verdict']}")
        if "gain_over_mirror" in x:
            line += (f"; against {r['weak']} everywhere it won {pct(x['mirror_win_rate'])}: gain "
                     f"{100 * x['gain_over_mirror']:+.1f} [{100 * x['gain_ci95'][0]:+.1f}, "
                     f"{100 * x['gain_ci95'][1]:+.1f}] {x['gain_verdict']}")
        if "strong_payoff" in x:
            p = x["strong_payoff"]
            line += f"; payoff {p['mean']:+.2f} [{p['ci95'][0]:+.2f}, {p['ci95'][1]:+.2f}]"
        say(line)
    p = r["pooled"]
    say(f"  pooled over the seats: {r['strong']} wins {p['wins']}/{p['games']} = {pct(p['win_rate'])} "
        f"[{pct(p['ci95'][0])}, {pct(p['ci95'][1])}] against a fair share of {pct(p['fair_share'])}"
        f": {p['verdict']}")
    if abs(p["share"] - p["win_rate"]) > 1e-12:
        say(f"  counting a shared win as its share: {pct(p['share'])} [{pct(p['share_ci95'][0])}, "
            f"{pct(p['share_ci95'][1])}] against {pct(p['fair_share'])}"
            f": {p['share_verdict']}")
    if "share_by_deal" in p:
        say(f"  the same, deal by deal ({p['deals']} deals, each with {r['strong']} in every seat in turn; the deal "
            f"is the unit): {pct(p['share_by_deal'])} [{pct(p['share_by_deal_ci95'][0])}, "
            f"{pct(p['share_by_deal_ci95'][1])}]: {p['share_by_deal_verdict']}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=400, help="games per seat for each pair (default 400)")
    ap.add_argument("--rungs", default=",".join(LADDER),
                    help="rungs, weakest first (default: the ladder); any agent specs may be compared too")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--mirror", action="store_true", help="also play the weak rung in every seat")
    ap.add_argument("--out", default=None)
    ap.add_argument("--block", type=int, default=BLOCK,
                    help=f"games a run plays before the next run's turn and a save (default {BLOCK})")
    args = ap.parse_args(argv)
    if args.block < 1:
        ap.error("--block takes a number of games, at least 1")
    rungs = [r.strip() for r in args.rungs.split(",") if r.strip()]
    for r in rungs:  # the ladder's rungs, or any agent specs to compare the same way
        try:
            rung_index(r)
        except ValueError:
            try:
                make_agent(r)
            except ValueError as e:
                ap.error(f"{e} (--rungs takes the ladder's rungs, {', '.join(LADDER)}, or any agent specs)")
    if len(rungs) < 2:
        ap.error("--rungs needs at least two rungs")

    def say(text):
        print(text, flush=True)

    out = {"rules": args.rules, "players": args.players, "seed": args.seed,
           "date": time.strftime("%Y-%m-%d"), "command": " ".join(["python", "bench/ladder.py"] + (argv or sys.argv[1:])),
           "pairs": []}
    checkpoint = Checkpoint(f"{args.out}.games.json" if args.out else None)
    for weak, strong in zip(rungs, rungs[1:]):
        game, r = measure_pair(args.rules, args.players, weak, strong, args.games, args.jobs, args.seed,
                               args.mirror, say, checkpoint, args.block)
        show(game, r, say)
        out["pairs"].append(r)
        if args.out:
            with open(args.out, "w") as f:
                json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
