"""`ruleforge replay`: re-run a logged game and confirm it reproduces."""

from __future__ import annotations

import sys

import click

from ..lang.plural import count
from ..lang.printable import plain
from .common import EXIT_PROBLEM
from .group import cli


@cli.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--quiet", is_flag=True, help="Only say whether the log reproduces.")
@click.option("--rules", "rules_path", default=None, type=click.Path(dir_okay=False),
              help="The rule file, if it has moved since the log was written.")
@click.option("--as", "as_", default=None, metavar="SEAT",
              help="Tell the game as this seat saw it (a role or seat number).")
@click.option("--step", is_flag=True, help="Wait for Enter after each decision.")
def replay(log: str, quiet: bool, rules_path: str | None, as_: str | None, step: bool) -> None:
    """Re-run a logged game and confirm that it reproduces exactly.

    The exit code is 0 when the log reproduces, 1 when it does not (or is incomplete:
    cut before the game's result), or when it reproduces a game that stopped on a rule
    error (the rule file's problem), 2 when it cannot be read or is not a log of the
    rule file.

    \b
    Examples:
      ruleforge run mygame.rules --seed 7 --log game.jsonl
      ruleforge replay game.jsonl
      ruleforge replay game.jsonl --as north --step
      ruleforge replay moved.jsonl --rules mygame.rules --quiet
    """
    from ..drivers.replay import (MATCH_GAMES, LogError, Mismatch, ReproducedError, log_end, read_log_lines,
                                  replay_game, split_games)
    counterexample = None
    try:
        pairs = read_log_lines(log)
        games = split_games(pairs)
        total, quit_ = 0, False
        for number, recs in enumerate(games, 1):
            if len(games) > 1 and not quiet:
                click.echo(f"━━ Game {number}")
            counterexample = recs[0][1].get("counterexample")
            try:
                game, st, n = replay_game(recs, None if quiet else click.echo, rules_path, as_,
                                          _pause if step and not quiet else None)
            except _Stopped:  # the end of the input, or Ctrl-C, at a step: a person stopping, as in play
                click.echo("Replay stopped.")
                return
            except ReproducedError as e:  # the logged game stopped on a rule error, and so does this one
                which = f"game {number} of the match" if len(games) > 1 else "the game"
                stop = ("it stops at the same decision cap" if e.capped else "it stops at the same work limit of a "
                        "game" if e.limit == "game" else "the same error it stopped on")
                click.echo(f"{plain(log)}: reproduced exactly: {which}, {count(total + e.decisions, 'decision')}, "
                           f"the same deal, and {stop}: {plain(e.message)}")
                sys.exit(EXIT_PROBLEM)  # (the game's rules failed: a problem with the rule file)
            total += n
            end = log_end([r for _, r in recs])
            if end is None and "counterexample" not in recs[0][1]:  # check --deep's logs stop at the failure
                which = f"game {number} of the match" if len(games) > 1 else "the game"
                _incomplete(log, f"the log ends after {count(total, 'decision')}, before the result of {which}")
            quit_ = quit_ or end == "quit"
        is_match = "game" in pairs[0][1]
        if is_match and not quit_ and len(games) < MATCH_GAMES and not any(r["type"] == "match" for _, r in pairs):
            _incomplete(log, f"the match log ends after game {len(games)}, before the match's result")
    except LogError as e:
        raise click.ClickException(plain(str(e))) from None
    except Mismatch as e:
        where = f" (line {e.line} of the log)" if e.line else ""
        click.echo(f"{plain(log)}: does not reproduce: {plain(str(e))}{where}", err=True)
        sys.exit(EXIT_PROBLEM)
    what = f"{len(games)} games" if len(games) > 1 else "the game"
    if quit_:
        click.echo(f"{plain(log)}: reproduced exactly: {what}, {count(total, 'decision')}, the same deal, "
                   "up to where the game was left (quit)")
        return
    if counterexample is not None:  # check --deep's log: it stops just before the failing step
        click.echo(f"{plain(log)}: reproduced exactly: {what}, {count(total, 'decision')}, the same deal, up to "
                   f"the step where the deep check failed ({plain(counterexample)})")
        return
    click.echo(f"{plain(log)}: reproduced exactly: {what}, {count(total, 'decision')}, the same deal and result")


class _Stopped(Exception):
    """The person watching a --step replay stopped it."""


def _pause() -> None:
    """--step's wait for Enter. Standard input closed (`<&-`): a usage error (exit 2), as
    in play; its end (Ctrl-D, a pipe that runs out) or Ctrl-C: the replay stops (exit 0)."""
    stdin = sys.stdin
    click.echo("  (Enter for the next step)", nl=False)
    if stdin is None or stdin.closed:
        click.echo()
        raise click.ClickException("standard input is closed: --step waits for Enter on it, so the replay stopped")
    try:
        line = stdin.readline()
    except (KeyboardInterrupt, EOFError):
        line = ""
    except (ValueError, OSError):  # closed while reading
        click.echo()
        raise click.ClickException("standard input is closed: --step waits for Enter on it, so the replay stopped") \
            from None
    if not line.endswith("\n") or not stdin.isatty():  # (a terminal echoed the Enter; a pipe did not)
        click.echo()
    if not line.endswith("\n"):
        raise _Stopped()


def _incomplete(log: str, why: str) -> None:
    click.echo(f"{plain(log)}: incomplete: {why} (was it cut short?); what it holds reproduces exactly", err=True)
    sys.exit(EXIT_PROBLEM)
