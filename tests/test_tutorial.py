"""docs/tutorial.md, done as a designer would do it: every step in order, in a fresh folder.

The tutorial marks its steps with HTML comments (GitHub doesn't show them), each just
before a fenced block:

    <!-- file: NAME -->        ```rules    write NAME with the block's text (create or replace it)
    <!-- append: NAME -->      ```rules    add the block's text at the end of NAME, after a blank line
    <!-- edit: NAME -->        ```diff     change NAME: the block's lines marked ' ' or '-' (the old
                                           text) must appear in it exactly once, and become the lines
                                           marked ' ' or '+' (the new text)
    <!-- whole file: NAME -->  ```rules    NAME must now hold exactly the block's text
    <!-- run -->               ```console  run each `$ ruleforge ...` line; the lines after it, up to the
    <!-- run: exit 1 -->                   next `$`, are what it prints; it must exit with 0 (or the
                                           code given)

Commands run with this checkout's package (`python -m ruleforge`, PYTHONPATH set to the
repository), in the folder of the tutorial's files, with stdout and stderr together in the
order they were written (PYTHONUNBUFFERED), as on a terminal. The output is not a terminal,
so there are no progress bars and tables are drawn 120 characters wide, as in the doc.

The one normalisation: spaces at the end of a line are ignored (rich pads table titles with
them; editors strip them from the doc). Nothing else varies between machines: no output of
the tutorial shows a time or an absolute path, and every simulation gives a seed, so its
results don't depend on the machine nor on the number of processes (--jobs).

When an output format changes on purpose, refresh the doc's outputs with
`python tests/test_tutorial.py --update` and read the diff (the prose quotes numbers too).
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "tutorial.md"

MARKER = re.compile(r"^<!-- (file|append|edit|whole file|run)(?:: (.+?))? -->$")
FENCE = re.compile(r"^```(\w*)$")
LANGUAGE = {"file": "rules", "append": "rules", "whole file": "rules", "edit": "diff", "run": "console"}
# Variables that would change how rich draws its output.
UNSET = ("COLUMNS", "LINES", "FORCE_COLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
         "JUPYTER_COLUMNS", "JUPYTER_LINES")


@dataclass
class Block:
    kind: str          # file, append, edit, whole file, run
    arg: str | None    # the file's name, or "exit N"
    body: list[str]    # the lines between the fences
    first: int         # index of the block's first body line in the doc's lines
    line: int          # the marker's line number (1-based), for messages


def blocks(lines: list[str]) -> list[Block]:
    """The marked blocks of the doc, in order. Raises on a marker without its block, and on a
    rules, diff or console block without a marker (an output the test would not check)."""
    found, i = [], 0
    while i < len(lines):
        m, fence = MARKER.match(lines[i]), FENCE.match(lines[i])
        if m:
            kind, arg = m.groups()
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            opening = FENCE.match(lines[j]) if j < len(lines) else None
            assert opening and opening.group(1) == LANGUAGE[kind], \
                f"docs/tutorial.md:{i + 1}: '{lines[i]}' must be followed by a ```{LANGUAGE[kind]} block"
            end = lines.index("```", j + 1)
            found.append(Block(kind, arg, lines[j + 1:end], j + 1, i + 1))
            i = end + 1
        elif fence and fence.group(1) in ("rules", "diff", "console"):
            raise AssertionError(f"docs/tutorial.md:{i + 1}: a ```{fence.group(1)} block without a marker "
                                 "(use ```text for a block the test should not run)")
        elif fence:
            i = lines.index("```", i + 1) + 1
        else:
            i += 1
    return found


def commands(body: list[str]) -> list[tuple[str, list[str]]]:
    """A console block's commands, each with the output shown after it."""
    assert body and body[0].startswith("$ "), f"a console block starts with '$ ': {body[:1]}"
    runs: list[tuple[str, list[str]]] = []
    for line in body:
        if line.startswith("$ "):
            runs.append((line[2:], []))
        else:
            runs[-1][1].append(line)
    return runs


def apply_edit(text: str, diff: list[str], where: str) -> str:
    for d in diff:
        assert d == "" or d[0] in " -+", f"{where}: a diff line starts with ' ', '-' or '+': {d!r}"
    old = [d[1:] for d in diff if d == "" or d[0] in " -"]
    new = [d[1:] for d in diff if d == "" or d[0] in " +"]
    lines = text.split("\n")
    at = [i for i in range(len(lines) - len(old) + 1) if lines[i:i + len(old)] == old]
    assert len(at) == 1, f"{where}: the old text is found {len(at)} times in the file, not once:\n" + "\n".join(old)
    return "\n".join(lines[:at[0]] + new + lines[at[0] + len(old):])


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run(command: str, folder: Path) -> tuple[int, list[str]]:
    words = shlex.split(command)
    assert words[0] == "ruleforge", f"the tutorial runs ruleforge only: {command}"
    done = subprocess.run([sys.executable, "-m", "ruleforge", *words[1:]], cwd=folder, env=environment(),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, encoding="utf-8", timeout=300)
    return done.returncode, [line.rstrip() for line in done.stdout.splitlines()]


def play_the_tutorial(folder: Path, lines: list[str]) -> tuple[list[str], dict[int, list[str]]]:
    """Do every step in `folder`. Returns the mismatches, and each console block's real body
    (by the index of its first line), for --update."""
    problems: list[str] = []
    real: dict[int, list[str]] = {}
    for b in blocks(lines):
        where = f"docs/tutorial.md:{b.line}"
        if b.kind != "run":
            path = folder / b.arg
            text = "\n".join(b.body) + "\n" if b.body else ""
            if b.kind == "file":
                path.write_text(text, encoding="utf-8")
            elif b.kind == "append":
                before = path.read_text(encoding="utf-8")
                path.write_text(before + ("\n" if before else "") + text, encoding="utf-8")
            elif b.kind == "edit":
                path.write_text(apply_edit(path.read_text(encoding="utf-8"), b.body, where), encoding="utf-8")
            elif path.read_text(encoding="utf-8") != text:
                problems.append(f"{where}: {b.arg} is not what the doc shows:\n" + "".join(difflib.unified_diff(
                    text.splitlines(True), path.read_text(encoding="utf-8").splitlines(True), "doc", "file")))
            continue
        expected_code = int(b.arg.removeprefix("exit ")) if b.arg else 0
        body = []
        for command, shown in commands(b.body):
            code, out = run(command, folder)
            body += [f"$ {command}"] + out
            if code != expected_code:
                problems.append(f"{where}: `{command}` exited with {code}, not {expected_code}:\n" + "\n".join(out))
            if out != [line.rstrip() for line in shown]:
                problems.append(f"{where}: `{command}` printed something else (- doc, + real):\n" + "\n".join(
                    difflib.unified_diff(shown, out, "doc", "real", lineterm="")))
        real[b.first] = body
    return problems, real


def test_the_tutorial_runs_as_written(tmp_path):
    """Every command of docs/tutorial.md, run in order on the files it builds, prints what the
    doc shows and exits as it says."""
    problems, _ = play_the_tutorial(tmp_path, DOC.read_text(encoding="utf-8").split("\n"))
    assert not problems, "\n\n".join(problems)


def test_the_tutorial_covers_its_ground():
    """Every rules, diff and console block is marked (so checked), and the steps the tutorial
    promises are there: a failing check, a narrated game, a simulation, --set, a variant,
    compare."""
    found = blocks(DOC.read_text(encoding="utf-8").split("\n"))
    said = [c for b in found if b.kind == "run" for c, _ in commands(b.body)]
    assert any(b.kind == "run" and b.arg == "exit 1" for b in found)
    for needle in ["ruleforge check tutorial.rules", "ruleforge run tutorial.rules --seed 1",
                   "--games 1000 --seed 1", "--set ", "--deep", "ruleforge compare tutorial.rules "]:
        assert any(needle in c for c in said), needle
    assert any(b.kind == "file" and any(line.startswith("extends ") for line in b.body) for b in found)
    assert "## Where next" in DOC.read_text(encoding="utf-8")


if __name__ == "__main__":
    # python tests/test_tutorial.py --update: write the real outputs into docs/tutorial.md.
    import tempfile
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    lines = DOC.read_text(encoding="utf-8").split("\n")
    with tempfile.TemporaryDirectory() as folder:
        problems, real = play_the_tutorial(Path(folder), lines)
    for first in sorted(real, reverse=True):
        end = lines.index("```", first)
        lines[first:end] = real[first]
    DOC.write_text("\n".join(lines), encoding="utf-8")
    print("\n\n".join(p for p in problems if "printed something else" not in p) or "docs/tutorial.md updated")
