"""Shared fixtures: the `ruleforge` command run in-process."""

import re

import pytest

from ruleforge.cli import main


class Ran:
    """An exit code, stdout and stderr of one `ruleforge` run."""

    def __init__(self, code, out, err):
        self.code, self.out, self.err = code, out, err
        self.lines = out.splitlines()

    @property
    def headers(self) -> list[str]:
        """The `FILE:LINE:COL: error: message` lines, in order."""
        return [line for line in self.err.splitlines() if re.match(r"^\S.*:\d+:\d+: error: ", line)]


@pytest.fixture
def ruleforge_cmd(capsys):
    """Run the `ruleforge` entry point in-process: (exit code, stdout, stderr)."""
    def run(*args) -> Ran:
        with pytest.raises(SystemExit) as exc:
            main([str(a) for a in args])
        out, err = capsys.readouterr()
        code = exc.value.code
        assert "Traceback" not in out + err
        return Ran(0 if code is None else code, out, err)
    return run
