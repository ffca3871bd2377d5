"""Machine instructions per random game, counted by valgrind: a figure that does not move
with the machine's load, for comparing two versions on a busy machine.

    python bench/instructions.py games/gufo.rules --against bench/handwritten/gufo.py
    python bench/instructions.py games/ufology.rules --players 4 --games 30 --baseline 1c61bd0
    python bench/instructions.py games/ufology.rules --players 4 --ismcts 1 --games 200 --baseline REV
    python bench/instructions.py games/gufo.rules --source edited.py

With `--source` the games run the given generated module (`ruleforge compile`'s output,
edited by hand, say) instead of the one compiled now: a change to the code generator can
be tried, and counted, before it is written.

With `--ismcts SEAT` the work counted is ISMCTS iterations instead of games: bench/ismcts.py's
search at SEAT's first decision (a role name or seat number), `--games` iterations of it,
the whole budget spent; the figure is instructions per iteration.

Each side plays the same seeded random games as bench/playouts.py (one `legal_actions()`
and one `apply()` a decision, the same random policy) in a process under
`valgrind --tool=callgrind`, and again with no game; the difference over the number of
games is that side's instructions per game (loading the package and compiling the rule
file are left out). Both processes first play one game (or one ISMCTS iteration) that is
not counted: what a process does once, whatever it plays (importing NumPy for its first
long shuffle, making a decision site's tables), is left out too. Hash randomisation is off (PYTHONHASHSEED=0) so that a run repeats
its count to within a few tenths of a percent. Instructions are not time (a cache miss
costs more than an addition), so bench/playouts.py's games/s stay the figures of record;
this one says whether a change does less work. It needs valgrind (Debian's package) and
is about 50 times slower than the games themselves.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def count(cmd: list[str], env: dict, cwd: Path) -> int:
    """Instructions the command runs, by callgrind."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                          env=env, cwd=cwd, capture_output=True, text=True)
    m = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or m is None:
        raise SystemExit(f"valgrind failed ({done.returncode}): {done.stderr[-600:]}")
    return int(m.group(1).replace(",", ""))


def per_game(child: list[str], games: int, env: dict, cwd: Path) -> float:
    env = dict(env, PYTHONHASHSEED="0")
    full = count(child + ["--games", str(games)], env, cwd)
    empty = count(child + ["--games", "0"], env, cwd)
    return (full - empty) / games


def _load(args):
    """The game, compiled now or (with --source) run from the given generated module."""
    import ruleforge
    if args.source is None:
        return ruleforge.load(args.rules, players=args.players)
    from ruleforge.load import check_source, read_source
    from ruleforge.runtime.codegen import compile_game
    name, data = read_source(args.rules)
    checked = check_source(name, data, {})[1]
    return compile_game(checked, args.players, name, Path(args.source).read_text(encoding="utf-8"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--against", metavar="MODULE.py", default=None, help="a hand-written game to compare with")
    ap.add_argument("--baseline", metavar="REV", default=None, help="a git revision to compare with")
    ap.add_argument("--ismcts", metavar="SEAT", default=None,
                    help="count ISMCTS iterations at this seat's first decision (--games of them)")
    ap.add_argument("--source", metavar="PY", default=None, help="run this generated module instead")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--module", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    playouts = _bench("playouts")
    if args.child and args.ismcts is not None:  # search, nothing else
        ismcts = _bench("ismcts")
        game = _load(args)
        seat = ismcts.seat_named(args.ismcts, game)
        ismcts.rate(game, seat, 1)  # (the warm-up: see the module doc)
        if args.games:
            ismcts.rate(game, seat, args.games)
        return
    if args.child:  # play the games, nothing else
        if args.module is not None:
            game = playouts.load_module(args.module)
        else:
            game = _load(args)
        playouts.one_run(game, 1)  # (the warm-up: see the module doc)
        if args.games:
            playouts.one_run(game, args.games)
        return
    me = [sys.executable, str(Path(__file__).resolve()), str(Path(args.rules).resolve()), "--child"]
    me += ["--players", str(args.players)] if args.players else []
    me += ["--ismcts", args.ismcts] if args.ismcts is not None else []
    me += ["--source", str(Path(args.source).resolve())] if args.source is not None else []
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ours = per_game(me, args.games, env, ROOT)
    label, theirs = None, None
    if args.against is not None:
        label = f"hand-written {Path(args.against).name}"
        theirs = per_game(me + ["--module", str(Path(args.against).resolve())], args.games, env, ROOT)
    elif args.baseline is not None:
        label = f"ruleforge at {args.baseline}"
        checkout = playouts.Checkout(args.baseline)
        try:
            theirs_rules = Path(checkout.dir) / Path(args.rules).resolve().relative_to(ROOT)
            rules = theirs_rules if theirs_rules.exists() else Path(args.rules).resolve()
            child = [sys.executable, str(Path(__file__).resolve()), str(rules), "--child"]
            child += ["--players", str(args.players)] if args.players else []
            child += ["--ismcts", args.ismcts] if args.ismcts is not None else []
            # the baseline plays through this file's child (its own bench/ may not have one)
            theirs = per_game(child, args.games, dict(os.environ, PYTHONPATH=checkout.dir), Path(checkout.dir))
        finally:
            checkout.close()
    if args.ismcts is not None:
        print(f"{Path(args.rules).name}: {args.games} ISMCTS iterations at seat {args.ismcts}'s first decision, "
              "instructions per iteration (callgrind)")
    else:
        print(f"{Path(args.rules).name}: {args.games} random games, instructions per game (callgrind)")
    print(f"  ruleforge (this checkout): {ours:,.0f}")
    if theirs is not None:
        print(f"  {label}: {theirs:,.0f}")
        print(f"  ratio (theirs / ours, as games/s would be): {theirs / ours:.3f}")


if __name__ == "__main__":
    main()
