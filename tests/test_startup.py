"""`ruleforge check` starts fast: the built parser is kept on disk, its lexer reads
root-first (lang/lexer.py), and checking a file loads no driver (agents, simulation,
play...), none of the runtime, no other command's module, and no highlighter unless a mistake is shown."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
from ruleforge.cli import main
try:
    main(["check", "games/gufo.rules"])
except SystemExit as e:
    assert e.code in (None, 0), e.code
loaded = sorted(m for m in sys.modules if m.startswith(("ruleforge.", "pygments")))
print(" ".join(loaded))
"""


def run_probe(cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True)


def test_check_loads_no_driver(tmp_path):
    done = run_probe(tmp_path)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split()
    assert "ruleforge.lang.check" in loaded
    assert not [m for m in loaded if m.startswith("ruleforge.drivers")], loaded
    # none of the runtime, and no other command's module (commands load on demand, cli/group.py)
    assert not [m for m in loaded if m.startswith("ruleforge.runtime")], loaded
    assert not [m for m in loaded if m.startswith("ruleforge.cli.") and m not in
                ("ruleforge.cli.check", "ruleforge.cli.common", "ruleforge.cli.group")], loaded
    assert not [m for m in loaded if m.startswith(("pygments", "ruleforge.lang.highlight"))], loaded
    assert "ruleforge.lang.lexer" in loaded


def test_the_built_parser_is_kept_and_a_damaged_one_is_rebuilt(tmp_path):
    assert run_probe(tmp_path).returncode == 0
    kept = list((tmp_path / "ruleforge").glob("parser-*.pickle"))
    assert len(kept) == 1
    assert oct(kept[0].parent.stat().st_mode & 0o777) == "0o700"  # the user's own folder
    kept[0].write_bytes(b"not a parser")
    done = run_probe(tmp_path)
    assert done.returncode == 0, done.stderr
    assert kept[0].read_bytes() != b"not a parser"  # rebuilt and written again
    assert not list((tmp_path / "ruleforge").glob("*.part"))


TREES = """
import hashlib, sys
from pathlib import Path
from ruleforge.lang import parse as P
digest = hashlib.sha256()
for path in sorted(Path(".").glob("**/*.rules")):
    if ".venv" in path.parts:
        continue
    text = path.read_text("utf-8")
    got = P._parse(text, None)
    digest.update(repr((got.tree, [str(d) for d in got.diagnostics])).encode())
    for line in text.splitlines()[:40]:  # damaged items too: where the errors are
        got = P._parse(line + " (", None)
        digest.update(repr([str(d) for d in got.diagnostics]).encode())
print(digest.hexdigest())
"""


def test_a_kept_parser_reads_every_rule_file_as_a_built_one_does(tmp_path):
    """The kept parser's table is pickled whole (lang/parse.py): loaded in a process whose
    string hashing differs from the one that built it, it reads every rule file of the
    repository, and a damaged line of each, to the same trees and the same errors."""
    def trees(cache: Path, seed: str) -> str:
        env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", TREES], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    built = trees(tmp_path, "1")  # no cache yet: built, then kept
    assert list((tmp_path / "ruleforge").glob("parser-*.pickle"))
    assert trees(tmp_path, "2") == built  # loaded from the cache


ENTRY = """
import atexit, sys
atexit.register(lambda: print("torn down", file=sys.stderr))
from ruleforge.cli import main
main()
"""


def run_entry(tmp_path, *args) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", ENTRY, *args], cwd=ROOT, env=env, capture_output=True, text=True)


def test_a_command_that_only_reads_ends_without_teardown_and_loses_no_output(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "x"\nzoen a\n')
    done = run_entry(tmp_path, "check", "games/gufo.rules", str(bad))
    assert done.returncode == 1
    assert done.stdout == "games/gufo.rules: ok: gUFO, 2 players, 4 actions, 5 endings, 8 invariants\n"
    assert done.stderr.startswith(f"{bad}:2:1: error: unknown declaration 'zoen'\n")
    assert done.stderr.endswith("2 files checked: 1 ok, 1 with problems\n")  # no "torn down": no teardown
    # a long output, through a pipe, arrives whole
    from ruleforge import load
    printed = run_entry(tmp_path, "compile", "games/ufology.rules", "--players", "4")
    assert printed.returncode == 0 and printed.stderr == ""
    assert printed.stdout == load(ROOT / "games/ufology.rules", players=4).source


def test_a_usage_error_and_other_commands_exit_as_usual(tmp_path):
    done = run_entry(tmp_path, "check", "--bogus")
    assert done.returncode == 2 and done.stderr.endswith("torn down\n")
    done = run_entry(tmp_path, "run", "games/gufo.rules", "--seed", "1", "--games", "3")
    assert done.returncode == 0 and done.stderr.endswith("torn down\n")


def test_a_reader_that_goes_away_ends_the_command_as_sigpipe_does_not_as_a_mistake(tmp_path):
    # `ruleforge run f | head -0`: click alone would exit 1, "the rule file has mistakes".
    # The reading end is closed before the command (0.2 s to start) has written a byte.
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    for args in (["compile", "games/gufo.rules"], ["run", "games/gufo.rules", "--seed", "1"],
                 ["run", "games/gufo.rules", "--games", "3", "--jobs", "1"]):
        p = subprocess.Popen([sys.executable, "-c", ENTRY, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(timeout=60) == 141, args
        assert "Traceback" not in err and "Exception ignored" not in err, (args, err)
