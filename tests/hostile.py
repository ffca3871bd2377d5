"""Run `ruleforge` on hostile input the way a user would, and hold it to the trust rules.

`hostile_run(args, files)` runs the command in a fresh process with a time limit and an
address-space limit, in a scratch folder holding `files` (name -> text or bytes), and
returns what it printed. `assert_clean` asserts the standard of issue 12: no traceback,
the exit code of the convention (1: the rule file has problems, 2: usage or unreadable
file), within the limits of processor time and memory.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import attrs

TIME_LIMIT = 5.0          # seconds of processor time a hostile case may take
# The machine running the tests may be busy (both cores, the suite itself): a case is
# held to the processor time it used, and killed as hanging only after HANG_FACTOR times
# its limit of wall time, plus ten seconds.
HANG_FACTOR = 3
MEMORY_LIMIT = 500 << 20  # bytes of address space beyond what Python itself maps at start


@attrs.frozen
class Ran:
    code: int | None   # None: killed at the time limit
    out: str
    err: str
    seconds: float     # of wall time
    cpu: float = 0.0   # seconds of processor time, user and system

    @property
    def text(self) -> str:
        return self.out + self.err


def children_cpu() -> float:
    """Processor time used so far by this process's children that have ended."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _limit_memory() -> None:
    # RLIMIT_AS counts the interpreter's own mappings too (~100-200 MB with imports);
    # 500 MB for the work on top of those.
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT + (300 << 20),) * 2)


def hostile_run(args: list[str], files: dict[str, str | bytes] | None = None, *, cwd: Path,
                stdin: str | None = "", timeout: float = TIME_LIMIT, env: dict | None = None) -> Ran:
    """Run `ruleforge ARGS` in `cwd` after writing `files` there."""
    for name, content in (files or {}).items():
        p = cwd / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", PYTHONPATH=str(Path(__file__).resolve().parents[1]),
               **(env or {}))
    start, cpu = time.monotonic(), children_cpu()
    try:
        proc = subprocess.run([sys.executable, "-m", "ruleforge", *args], cwd=cwd, env=env,
                              input=stdin, capture_output=True, text=True, timeout=timeout * HANG_FACTOR + 10,
                              preexec_fn=_limit_memory, errors="replace")
    except subprocess.TimeoutExpired as e:
        return Ran(None, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout or "",
                   (e.stderr or b"").decode(errors="replace") if isinstance(e.stderr, bytes) else e.stderr or "",
                   time.monotonic() - start, children_cpu() - cpu)
    return Ran(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - start, children_cpu() - cpu)


def assert_clean(ran: Ran, code: int, *needles: str, timeout: float = TIME_LIMIT) -> None:
    """The command ended by itself in time with `code`, no traceback, and said each needle."""
    assert ran.code is not None, f"no answer within {timeout * HANG_FACTOR + 10} s:\n{ran.text[-2000:]}"
    assert "Traceback" not in ran.text, ran.text[-3000:]
    assert "MemoryError" not in ran.text and "RecursionError" not in ran.text, ran.text[-2000:]
    assert ran.cpu < timeout, f"took {ran.cpu:.1f} s of processor time (limit {timeout} s; {ran.seconds:.1f} s of wall time)"
    assert ran.code == code, f"exit code {ran.code}, expected {code}:\n{ran.text[-2000:]}"
    for needle in needles:
        assert needle in ran.text, f"{needle!r} not in:\n{ran.text[-2000:]}"
