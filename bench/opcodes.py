"""Python bytecodes run per random game (or per ISMCTS iteration), by function: an exact,
repeatable account of where the work goes.

    python bench/opcodes.py games/ufology.rules --players 4 [--games 30] [--top 30]
    python bench/opcodes.py games/ufology.rules --players 4 --ismcts 1 --games 100
    python bench/opcodes.py games/ufology.rules --players 4 --lines r_turn_v

The games are bench/playouts.py's (the same seeds, the same random policy); with
`--ismcts SEAT` the work counted is bench/ismcts.py's search at SEAT's first decision,
`--games` iterations of it. Every bytecode the interpreter runs is counted, through
`sys.settrace` with opcode events, under the function it runs in (self, not cumulative);
`--lines FUNC` adds that function's count line by line, beside its source (for the
generated module, `ruleforge compile`'s output).

The count is the same in every new process, whatever the machine's load or the hash
seed: a step of 1% shows, where bench/instructions.py's valgrind count moves 2 to 3% with
where code lies in memory. It is a new process's count: its first games make the caches
(menus kept, actions made) that later games reuse, so compare two versions at the same
`--games`. A
bytecode is not a unit of time (a call costs more than a jump; builtins such as `sorted`
count as the one bytecode that calls them), so games/s (bench/playouts.py) stay the
figures of record: this one says which lines do the work, and whether a change removed
some. Tracing makes the games about 30 times slower.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Parts of a game, by the file a function is in (as bench/profile_playouts.py sums them).
PARTS = [
    ("generated rule code (rules, menus, quantities)", lambda f: f.startswith("<ruleforge")),
    ("engine loop and turn flow (engine.py, flow.py)", lambda f: f in ("engine.py", "flow.py")),
    ("menus and choices (actions.py, kept.py, decisions.py)", lambda f: f in ("actions.py", "kept.py", "decisions.py")),
    ("board primitives (board.py)", lambda f: f == "board.py"),
    ("helpers (prims.py)", lambda f: f == "prims.py"),
    ("random generator (rng.py) and dealing (game.py)", lambda f: f in ("rng.py", "game.py")),
    ("search (drivers/)", lambda f: f in ("ismcts.py", "evaluators.py", "agents.py", "determinize.py")),
    ("the benchmark's own loop and random policy", lambda f: f in ("playouts.py", "opcodes.py")),
]


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Counter:
    """Bytecodes by (file name, function name), and by line for one function name."""

    def __init__(self, focus: str = ""):
        self.by_function: collections.Counter = collections.Counter()
        self.by_line: collections.Counter = collections.Counter()
        self.focus = focus

    def _trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            name = code.co_name
            if name.startswith("<"):  # a comprehension or lambda: told apart by where it is
                name = f"{name} at line {code.co_firstlineno}"
            self.by_function[(code.co_filename.rsplit("/", 1)[-1], name)] += 1
            if code.co_name == self.focus:
                self.by_line[frame.f_lineno] += 1
        return self._trace

    def run(self, work) -> None:
        sys.settrace(self._trace)
        try:
            work()
        finally:
            sys.settrace(None)

    @property
    def total(self) -> int:
        return sum(self.by_function.values())


def count_games(game, games: int, focus: str = "") -> tuple[Counter, int]:
    """The bytecodes of `games` seeded random games (bench/playouts.py's own loop), and
    their decisions."""
    one_run = _bench("playouts").one_run
    done = []
    counter = Counter(focus)
    counter.run(lambda: done.append(one_run(game, games)))
    return counter, done[0][1]


def count_search(game, seat: int, iterations: int, focus: str = "") -> Counter:
    """The bytecodes of bench/ismcts.py's search at `seat`'s first decision."""
    ismcts = _bench("ismcts")
    from ruleforge.drivers.agents import IsmctsAgent, Observation
    from ruleforge.runtime.determinize import determinize
    from ruleforge.runtime.rng import Random
    st = ismcts.first_decision_of(game, seat, 1)
    obs = Observation(seat, st.view(seat), st.legal_actions(), determinize(st, seat, 1))
    agent = IsmctsAgent(iterations=iterations)
    agent.stop_early = False  # the whole budget, as bench/ismcts.py spends it
    counter = Counter(focus)
    counter.run(lambda: agent.search(obs, Random(1)))
    return counter


def report(counter: Counter, per: int, unit: str, top: int) -> list[str]:
    total = counter.total
    lines = [f"  {total / per:,.0f} bytecodes {unit}", "  by part:"]
    for label, pick in PARTS:
        n = sum(v for (f, _), v in counter.by_function.items() if pick(f))
        if n:
            lines.append(f"    {100 * n / total:5.1f}%  {label}")
    lines.append(f"  the {top} functions that run the most (self):")
    for (f, name), v in counter.by_function.most_common(top):
        where = "generated" if f.startswith("<ruleforge") else f
        lines.append(f"    {100 * v / total:5.1f}% {v / per:10,.0f}  {name} ({where})")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=30, help="games (or, with --ismcts, iterations)")
    ap.add_argument("--ismcts", metavar="SEAT", default=None, help="count an ISMCTS search at SEAT's first decision")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--lines", metavar="FUNC", default="", help="also count FUNC's bytecodes line by line")
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    import ruleforge
    game = ruleforge.load(args.rules, players=args.players)
    if args.ismcts is None:
        counter, decisions = count_games(game, args.games, args.lines)
        print(f"{game.title}: {args.games} random games, {decisions / args.games:.1f} decisions a game")
        print(f"  {counter.total / decisions:,.0f} bytecodes a decision")
        out = report(counter, args.games, "a game", args.top)
    else:
        from ruleforge.drivers.agents import seat_named
        seat = seat_named(args.ismcts, game)
        counter = count_search(game, seat, args.games, args.lines)
        print(f"{game.title}: ISMCTS at {game.seat_titles[seat]}'s first decision, {args.games} iterations")
        out = report(counter, args.games, "an iteration", args.top)
    print("\n".join(out))
    if args.lines:
        if not counter.by_line:
            print(f"  no function named {args.lines!r} ran")
            return
        generated = any(f.startswith("<ruleforge") and n == args.lines for f, n in counter.by_function)
        source = game.source.splitlines() if generated else None  # `ruleforge compile`'s text
        print(f"  {args.lines}, line by line ({'bytecodes ' + ('a game' if args.ismcts is None else 'an iteration')}):")
        per = args.games
        for line, v in sorted(counter.by_line.items(), key=lambda kv: kv[0] or 0):
            text = source[line - 1] if source and line and 0 < line <= len(source) else ""
            print(f"    {v / per:8,.0f} {line if line else '-':>5}  {text}")


if __name__ == "__main__":
    main()
