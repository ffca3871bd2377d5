"""The `ruleforge` command: check, run.

Every mistake a user can make (a bad rule file, a wrong flag, a file that cannot be
written) ends with a clear message and exit code 2, never a traceback. Files are written
whole or not at all: a log goes to a temporary file that replaces the target at the end.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import tempfile
from pathlib import Path

import click

from .diagnostics import RuleFileError
from .load import check_source, read_source
from .values import RuleError

EXIT_USER = 2


def _parse_sets(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"'{item}' is not NAME=VALUE", param_hint="'--set'")
        out[name.strip()] = value
    return out


def _load(path: str, sets: tuple[str, ...], players: int | None = None):
    from .compile import compile_game
    from .diagnostics import Diagnostic, Span
    import hashlib
    name, data = read_source(path)
    text, checked = check_source(name, data, _parse_sets(sets))
    low, high = checked.players
    if players is not None and not low <= players <= high:
        raise RuleFileError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"--players {players}: this game is for {low}"
                              f"{f' to {high}' if high != low else ''} players")])
    game = compile_game(checked, players, name)
    game.source_hash = hashlib.sha256(data).hexdigest()
    return game, checked


class _AtomicWriter:
    """Lines go to a temporary file beside the target, which replaces it at the end."""

    def __init__(self, path: str):
        self.path = Path(path)
        try:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent or ".")
        except OSError as e:
            raise click.UsageError(f"cannot write '{path}': {e.strerror}") from None
        self.f = os.fdopen(fd, "w", encoding="utf-8")

    def write_records(self, records: list) -> None:
        for r in records:
            self.f.write(json.dumps(r, ensure_ascii=False) + "\n")

    def commit(self) -> None:
        self.f.close()
        os.replace(self.tmp, self.path)

    def abandon(self) -> None:
        self.f.close()
        try:
            os.unlink(self.tmp)
        except OSError:
            pass


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruleforge")
def cli() -> None:
    """Card games as rule files: check them, play them, simulate them."""


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
def check(file: str, sets: tuple[str, ...]) -> None:
    """Check a rule file and report every mistake in it."""
    game, checked = _load(file, sets)
    counts = (f"{len(checked.actions)} actions, {len(checked.endings)} endings, "
              f"{len(checked.invariants)} invariants")
    click.echo(f"{file}: ok: {checked.title}, {checked.players[0]}"
               f"{'' if checked.players[0] == checked.players[1] else f' to {checked.players[1]}'} players, {counts}")


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for docs) instead.")
def cards(file: str, sets, markdown: bool) -> None:
    """List a rule file's cards: name, type, value, copies, text."""
    from .cardlist import card_rows, render_markdown, render_table
    name, data = read_source(file)
    text, checked = check_source(name, data, _parse_sets(sets))
    rows = card_rows(checked, text)
    if markdown:
        click.echo(render_markdown(rows))
    else:
        render_table(rows, f"{checked.title}: {sum(r['copies'] for r in rows)} cards")


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="The game's seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as JSON Lines to this file.")
@click.option("--match", is_flag=True, help="Play a whole match, as the rule file's match rule says.")
@click.option("--players", type=int, default=None, help="Number of players, for games that allow several.")
def run(file: str, seed: int | None, sets, log_path: str | None, match: bool, players: int | None) -> None:
    """Play one game (or a match) between bots and narrate it."""
    from .agents import RandomAgent
    from .play import play_game, play_match
    game, checked = _load(file, sets, players)
    if match and game.match is None:
        raise click.UsageError(f"{file} declares no match", ctx=click.get_current_context())
    if seed is None:
        seed = secrets.randbelow(2**31)
    writer = _AtomicWriter(log_path) if log_path else None
    log: list | None = [] if writer else None
    params = ", ".join(f"{k}={v}" for k, v in game.params.items())
    click.echo(f"{game.title} · seed {seed}" + (f" · {params}" if params else ""))
    click.echo("Seats: " + ", ".join(f"{t} (seat {i + 1})" for i, t in enumerate(game.seat_titles)))
    try:
        if match:
            play_match(game, seed, lambda who: RandomAgent(), click.echo, log)
        else:
            play_game(game, seed, [RandomAgent() for _ in range(game.nplayers)], click.echo, log)
    except RuleError as e:
        if writer:
            writer.write_records(log + [{"type": "error", "message": e.describe()}])
            writer.commit()
        raise
    except BaseException:
        if writer:
            writer.abandon()
        raise
    if writer:
        writer.write_records(log)
        writer.commit()
        click.echo(f"log written to {log_path}")
    click.echo(f"(the same game again: ruleforge run {file} --seed {seed}"
               + (f" --players {players}" if players else "")
               + "".join(f" --set {s}" for s in sets) + (" --match" if match else "") + ")")


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
        click.echo(e.render(), err=True)
        sys.exit(EXIT_USER)
    except RuleError as e:
        click.echo(f"error: {e.describe()}", err=True)
        sys.exit(EXIT_USER)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    sys.exit(0)
