"""One seat's wins compared across ladder runs, game by game on the same deals.

    python bench/ladder_paired.py SEAT RUNS.games.json=AGENTS [RUNS.games.json=AGENTS ...]

Each run is named by a checkpoint file that bench/ladder.py keeps (`OUT.games.json`) and
the agents of one of its runs, as `--agents` spells them (`1=ismcts:5000,2=ismcts:1000`).
Game i of every run of the same rule file, player count and seed is dealt from the same
seed, so two runs' games can be paired: for SEAT (1-based), each run's sole wins there
with a Wilson interval, then each later run against the first over the games both
played: the paired difference in points with its 95% interval, significant when the
interval excludes 0. This is how docs/agents.md compares rungs measured in different
runs (an `ismcts:5000` Invader against an `ismcts:100` one, both facing `ismcts:1000`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder import Checkpoint, mean_ci, sole  # noqa: E402  (bench/ is not a package)

from ruleforge.drivers.simulate import wilson  # noqa: E402


def _run(text: str, ap) -> tuple[str, str, list]:
    path, sep, agents = text.partition("=")
    if not sep or not agents:
        ap.error(f"{text!r}: give a run as FILE.games.json=AGENTS")
    if not Path(path).is_file():
        ap.error(f"{path}: no such file")
    try:
        runs = Checkpoint(path).runs
    except ValueError as e:  # not JSON
        ap.error(f"{path}: not a checkpoint of bench/ladder.py ({e})")
    keys = [k for k in runs if k.rsplit("|", 1)[-1] == agents]
    if not keys:
        have = "; ".join(k.rsplit("|", 1)[-1] for k in runs) or "none"
        ap.error(f"{path} has no run with agents {agents} (it has: {have})")
    if len(keys) > 1:
        ap.error(f"{path} has several runs with agents {agents}: {', '.join(keys)}")
    return keys[0], agents, Checkpoint(path).stored(keys[0])  # (read as played, under the file's defaults)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seat", type=int, help="the seat compared, 1-based")
    ap.add_argument("runs", nargs="+", metavar="FILE.games.json=AGENTS")
    args = ap.parse_args(argv)
    runs = [_run(r, ap) for r in args.runs]
    deal = {k.rsplit("|", 1)[0] for k, _, _ in runs}
    if len(deal) > 1:
        ap.error(f"the runs are not dealt alike (rule file|players|seed): {', '.join(sorted(deal))}")
    s = args.seat - 1
    for _, agents, outs in runs:
        won = sum(sole(o, s) for o in outs)
        lo, hi = wilson(won, len(outs))
        print(f"{agents}: seat {args.seat} wins {won}/{len(outs)} = {100 * won / len(outs):.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}]")
    _, first, base = runs[0]
    for _, agents, outs in runs[1:]:
        n = min(len(base), len(outs))
        if n < 2:
            print(f"{agents} against {first}: fewer than two games in common")
            continue
        d, lo, hi = mean_ci([sole(a, s) - sole(b, s) for a, b in zip(outs[:n], base[:n])], (-1.0, 1.0))
        print(f"{agents} against {first}, the first {n} games of each: {100 * d:+.1f} points "
              f"[{bound(lo)}, {bound(hi)}]{' significant' if lo > 0 or hi < 0 else ' not significant'}")


def bound(x: float) -> str:
    """An interval's end in points: one decimal, more where that would read +0.0 though the
    end is not 0 (a significant interval shown as [+0.0, +4.4] puzzled a reader)."""
    v = 100 * x
    for places in (1, 2, 3):
        text = f"{v:+.{places}f}"
        if v == 0 or text.strip("+-0.") != "":
            return text
    return text


if __name__ == "__main__":
    main()
