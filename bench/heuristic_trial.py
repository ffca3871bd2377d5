"""Is a heuristic a better judge than the one a game has? One greedy seat judging by a
variant file's `heuristic of p:` among greedy seats judging by the base file's (its
heuristic, else its `score`), the seat rotated, in the base game.

    python bench/heuristic_trial.py games/ufology.rules my-heuristic.rules --players 4 --games 150 --jobs 2

The variant must `extends` the base and change nothing but the heuristic: the trial
plays the base game and reads the variant's heuristic in its states, so both must lay out
the same cards and zones (checked: the variant's layout must equal the base's). A
heuristic is worth more when its seat takes more than the fair share of the wins (a
shared first place counts as its share); playing the base file against itself is the
A/A check. ISMCTS judges its playouts' ends by the same heuristic (docs/agents.md), so a
heuristic that makes greedy stronger is the one to try in the search.

A game that ends on a rule error (greedy players who never end a game meet the decision
cap) is left out, and the count of such games is printed. The interval is the normal
one: below 100 games in all the script gives the figures but no verdict.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ruleforge  # noqa: E402
from ruleforge.drivers.agents import GreedyAgent  # noqa: E402
from ruleforge.drivers.play import decide_for  # noqa: E402
from ruleforge.runtime.rng import Random, derive  # noqa: E402
from ruleforge.runtime.values import RuleError  # noqa: E402

_loaded: dict = {}


def _load(base: str, variant: str, players):
    key = (base, variant, players)
    if key not in _loaded:
        game = ruleforge.load(base, players=players)
        other = ruleforge.load(variant, players=players)
        if [c.name for c in other.cards] != [c.name for c in game.cards] or [z.label for z in other.zinst] != [z.label for z in game.zinst]:
            raise SystemExit(f"{variant} lays out other cards or zones than {base}: it must change only the heuristic")
        if other.heuristic is None:
            raise SystemExit(f"{variant} declares no heuristic")
        _loaded[key] = game, other.heuristic
    return _loaded[key]


def _has_heuristic(path: str) -> bool:
    """Does the file (or a file it extends) declare `heuristic of p:`?"""
    from ruleforge.load import check_source, read_source
    return check_source(*read_source(path))[1].heuristic is not None


class _Judging(GreedyAgent):
    """Greedy, judging by another heuristic (swapped in for its own turn only)."""

    def __init__(self, game, heuristic):
        super().__init__()
        self.game, self.heuristic = game, heuristic

    def act(self, obs, rng):
        own = self.game.heuristic
        self.game.heuristic = self.heuristic
        try:
            return super().act(obs, rng)
        finally:
            self.game.heuristic = own


def play(task) -> tuple[int, float | None]:
    """(seat, the trial seat's share of the win) of one game; None for a game that ended
    on a rule error (greedy players who never end a game meet the decision cap)."""
    base, variant, players, seed, seat, index = task
    game, heuristic = _load(base, variant, players)
    agents = [_Judging(game, heuristic) if s == seat else GreedyAgent() for s in range(game.nplayers)]
    game_seed = derive(seed, seat, index)
    st = game.new(game_seed)
    rngs = [Random(derive(game_seed, 0x5EA7, s)) for s in range(game.nplayers)]
    try:
        while not st.is_over:
            p = st.current_player
            st.apply(decide_for(agents[p], st, p, st.legal_actions(), rngs[p]))
    except RuleError:
        return seat, None
    winners = st.result.winners
    return seat, (1 / len(winners) if seat in winners else 0.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))  # the whole first paragraph
    ap.add_argument("base")
    ap.add_argument("variant")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=150, help="games per seat")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=77)
    args = ap.parse_args()
    game, _ = _load(args.base, args.variant, args.players)
    n = game.nplayers
    tasks = [(args.base, args.variant, args.players, args.seed, s, i) for i in range(args.games) for s in range(n)]
    start = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play, tasks, chunksize=4)
    else:
        results = [play(t) for t in tasks]
    errors = sum(1 for _, x in results if x is None)
    results = [(t, x) for t, x in results if x is not None]
    shares = [x for _, x in results]
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    fair = 1 / n
    low, high = max(0.0, mean - half), min(1.0, mean + half)
    verdict = ("too few games for a verdict (100 at least)" if len(shares) < 100 else
               "significantly better" if low > fair else "significantly worse" if high < fair else "NOT significant")
    print(f"{args.variant}'s heuristic, one greedy seat among {n - 1} judging by {args.base}'s own "
          f"({'its heuristic' if _has_heuristic(args.base) else 'its score, or win and loss'}), "
          f"{len(shares)} games (seed {args.seed}, {time.perf_counter() - start:.0f} s)"
          + (f"; {errors} more ended on a rule error and are left out" if errors else "") + ":")
    print(f"  its share of the wins: {100 * mean:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
          f"against a fair {100 * fair:.1f}%: {verdict}")
    for s in range(n):
        mine = [x for t, x in results if t == s]
        print(f"  at {game.seat_titles[s]}: {100 * statistics.fmean(mine):.1f}% of {len(mine)}")


if __name__ == "__main__":
    main()
