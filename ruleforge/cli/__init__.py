"""The `ruleforge` command: check, run.

Every mistake a user can make (a bad rule file, a wrong flag, a file that cannot be
written) ends with a clear message and exit code 2, never a traceback. Files are written
whole or not at all: a log goes to a temporary file that replaces the target at the end.
"""

from __future__ import annotations

import sys

import click

from ..lang.diagnostics import RuleFileError
from ..runtime.limits import LimitsError
from ..runtime.values import RuleError
from .common import EXIT_USER
from .group import cli
from . import check, compare, play, replay, run  # noqa: F401  (importing a module registers its commands)

__all__ = ["cli", "main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point: user errors exit with code 2 and a message, never a traceback."""
    try:
        cli.main(args=argv, prog_name="ruleforge", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as e:
        e.show()
        sys.exit(EXIT_USER)
    except RuleFileError as e:
        from ..lang.highlight import terminal_colouring
        click.echo(e.render(colour=terminal_colouring(stderr=True)), err=True)
        sys.exit(EXIT_USER)
    except RuleError as e:  # the rule file did something impossible, or hit a limit
        from ..lang.printable import plain
        click.echo(f"error: {plain(e.describe())}", err=True)
        sys.exit(1)
    except LimitsError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(EXIT_USER)
    except OSError as e:
        click.echo(f"error: {e.strerror or e}: {getattr(e, 'filename', '') or ''}", err=True)
        sys.exit(EXIT_USER)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    sys.exit(0)
