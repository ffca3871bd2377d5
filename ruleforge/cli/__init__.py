"""The `ruleforge` command: check, run, compare, tune, replay, play, serve, cards, compile.

Every mistake a user can make ends with a clear message, never a traceback, and an exit
code that says whose it is (as ruff and mypy do): 1 when a rule file has problems (or a
deep check, a replay or a game's rules fail), 2 for a usage error or a file that cannot
be read, 130 when interrupted, 141 when the output's reader went away (a closed pipe, as a
shell's SIGPIPE reports it). Files are written whole or not at all: a log goes to a
temporary file that replaces the target at the end.
"""

from __future__ import annotations

import os
import sys

import click

from ..lang.diagnostics import RuleFileError
from ..lang.printable import plain
from ..load import RuleFileUsageError
from .common import LOADED, EXIT_PROBLEM, EXIT_USAGE, Ending, render_rule_error, render_runtime_error

EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE
TOO_MANY_DIGITS = "a number of more than 4,300 digits: no setting takes one that large"
from .group import ClosedPipe, cli

__all__ = ["cli", "main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point: each kind of error gets its message and exit code, never a traceback.

    Called with no arguments it is the process's entry point, and a command that only
    reads and prints (`check` without --deep, `cards`, `compile`) ends the process
    without freeing its objects, as mypy does: tearing down the parser's tables and the
    syntax tree took about a fifth of `check`'s wall time, and nothing is left to do."""
    Ending.entry_point = argv is None
    if argv is None:
        _stop_on_signals()
    try:
        _main(argv)
    except SystemExit as e:
        code = e.code
        if Ending.entry_point and Ending.fast and (code is None or isinstance(code, int)):
            _hard_exit(code or 0)
        raise


class Stopped(BaseException):
    """SIGTERM or SIGHUP came: unwound like Ctrl-C, so that a file being written is given
    up whole (its temporary file removed) rather than left behind."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop_on_signals() -> None:
    import signal

    def stop(signum, frame):
        raise Stopped(signum)
    for name in ("SIGTERM", "SIGHUP"):
        kind = getattr(signal, name, None)
        if kind is not None:
            signal.signal(kind, stop)


def _hard_exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # a closed pipe (`ruleforge compile f | head -1`)
            if stream is sys.stdout:
                code = EXIT_CLOSED_PIPE
        except (OSError, ValueError):
            pass
    os._exit(code)


def _main(argv: list[str] | None) -> None:
    LOADED.clear()  # (a test may run several commands in one process)
    try:
        cli.main(args=argv, prog_name="ruleforge", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except ClosedPipe:
        # nothing more can be said on stdout; Python's own flush at exit must not fail on it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_CLOSED_PIPE)
    except click.ClickException as e:
        if isinstance(e, click.BadParameter) and "integer string conversion" in str(e.message):
            # Python's words for a 4,301-digit number in a flag
            e.message = TOO_MANY_DIGITS
        e.show()
        sys.exit(EXIT_USAGE)
    except RuleFileError as e:
        from ..lang.highlight import terminal_colouring
        click.echo(render_rule_error(e, terminal_colouring(stderr=True)), err=True)
        sys.exit(EXIT_USAGE if isinstance(e, RuleFileUsageError) else EXIT_PROBLEM)
    except Exception as e:
        # the runtime's errors are looked up only now: `check` never loads the runtime
        from ..runtime.limits import LimitsError
        from ..runtime.values import RuleError
        if isinstance(e, RuleError):  # the rule file did something impossible, or hit a limit
            from ..lang.highlight import terminal_colouring
            click.echo(render_runtime_error(e, terminal_colouring(stderr=True)), err=True)
            sys.exit(EXIT_PROBLEM)
        if isinstance(e, LimitsError):  # RULEFORGE_LIMITS is not understood: a usage error
            click.echo(f"error: {plain(str(e))}", err=True)
            sys.exit(EXIT_USAGE)
        if isinstance(e, ValueError) and "integer string conversion" in str(e):
            # Python's own guard, met by a flag or RULEFORGE_LIMITS before any range check
            click.echo(f"error: {TOO_MANY_DIGITS} (on the command line, or in RULEFORGE_LIMITS)", err=True)
            sys.exit(EXIT_USAGE)
        if isinstance(e, OSError):
            name = getattr(e, "filename", None)  # (none for a socket's timeout: no dangling ': ')
            click.echo(f"error: {plain(str(e.strerror or e))}" + (f": {plain(str(name))}" if name else ""), err=True)
            sys.exit(EXIT_USAGE)
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Stopped as e:
        import signal
        click.echo(f"stopped ({signal.Signals(e.signum).name})", err=True)
        sys.exit(128 + e.signum)
    sys.exit(0)
