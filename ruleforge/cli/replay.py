"""`ruleforge replay`: re-run a logged game and confirm it reproduces."""

from __future__ import annotations

import sys

import click

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
    """Re-run a logged game and confirm that it reproduces exactly."""
    from ..drivers.replay import LogError, Mismatch, read_log, replay_game, split_games
    try:
        records = read_log(log)
        games = split_games(records)
        total = 0
        for number, recs in enumerate(games, 1):
            if len(games) > 1 and not quiet:
                click.echo(f"━━ Game {number}")
            stdin = sys.stdin

            def pause() -> None:
                click.echo("  (Enter for the next step)", nl=False)
                if stdin.readline() == "":
                    raise click.Abort()
            game, st, n = replay_game(recs, None if quiet else click.echo, rules_path, as_,
                                      pause if step and not quiet else None)
            total += n
    except LogError as e:
        raise click.ClickException(str(e)) from None
    except Mismatch as e:
        click.echo(f"{log}: does not reproduce: {e}", err=True)
        sys.exit(1)
    what = f"{len(games)} games" if len(games) > 1 else "the game"
    click.echo(f"{log}: reproduced exactly: {what}, {total} decisions, the same deal and result")
