"""bench/opcodes.py: an exact count of the bytecodes a game runs, by function and line."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import ruleforge

ROOT = Path(__file__).resolve().parent.parent


def _bench(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_new_process_counts_the_same_whatever_the_hash_seed():
    cmd = [sys.executable, str(ROOT / "bench" / "opcodes.py"), "examples/courtiers.rules", "--players", "3",
           "--games", "3", "--top", "5"]
    outs = [subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONHASHSEED=seed)).stdout for seed in ("1", "2")]
    assert outs[0] == outs[1]
    assert outs[0].startswith("Courtiers: 3 random games, ")
    assert "bytecodes a game" in outs[0] and "by part:" in outs[0]


def test_the_lines_of_a_function_add_up_to_its_count():
    opcodes = _bench("opcodes")
    game = ruleforge.load(ROOT / "examples" / "courtiers.rules", players=3)
    turn = next(name for f, name in opcodes.count_games(game, 1)[0].by_function if name.startswith("r_turn"))
    counted, decisions = opcodes.count_games(game, 4, focus=turn)
    # the same games bench/playouts.py plays: the same decisions
    assert decisions == _bench("playouts").one_run(game, 4)[1]
    assert sum(counted.by_line.values()) == sum(v for (f, name), v in counted.by_function.items() if name == turn) > 0
    # every line counted lies in that function of the generated source
    lines = game.source.splitlines()
    start = next(i for i, text in enumerate(lines, 1) if text.startswith(f"def {turn}("))
    end = next((i for i, text in enumerate(lines, 1) if i > start and text.startswith("def ")), len(lines) + 1)
    assert all(line is None or start <= line < end for line in counted.by_line)
    assert any(f == "engine.py" and name == "apply" for f, name in counted.by_function)


def test_a_search_is_counted_per_iteration():
    opcodes = _bench("opcodes")
    game = ruleforge.load(ROOT / "examples" / "courtiers.rules", players=2)
    counted = opcodes.count_search(game, 0, 20)
    assert any(f == "ismcts.py" for f, _ in counted.by_function)
    report = opcodes.report(counted, 20, "an iteration", 3)
    assert report[0] == f"  {counted.total / 20:,.0f} bytecodes an iteration"
    top = report[report.index("  the 3 functions that run the most (self):") + 1:]
    assert [line.split()[-2] for line in top] == [name for (_, name), _ in counted.by_function.most_common(3)]
    (f, name), n = counted.by_function.most_common(1)[0]
    assert top[0].split()[:2] == [f"{100 * n / counted.total:.1f}%", f"{n / 20:,.0f}"]
