"""`ruleforge check`, `cards` and `compile`: what a rule file says."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..load import check_source, read_source
from .common import _AtomicWriter, _check_out, _load, _parse_sets, _progress
from .group import cli


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--deep", is_flag=True, help="Also play hypothesis-driven games and check their properties.")
@click.option("--examples", type=click.IntRange(1, 1_000_000), default=100, show_default=True,
              help="Games per player count for --deep.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --deep.")
@click.option("--max-steps", type=click.IntRange(1, 100_000), default=500, show_default=True,
              help="A game must end within this many decisions (--deep).")
@click.option("--players", type=click.IntRange(1, 16), default=None,
              help="Player count for --deep (default: every count the game allows).")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Where --deep writes a counterexample's log (default: FILE's name + .counterexample.jsonl).")
def check(file: str, sets: tuple[str, ...], deep: bool, examples: int, seed: int, max_steps: int,
          players: int | None, out: str | None) -> None:
    """Check a rule file and report every mistake in it; with --deep, property-test it."""
    game, checked = _load(file, sets, compiled=False)
    plural = lambda n, word: f"{n} {word}{'' if n == 1 else 's'}"  # noqa: E731
    counts = (f"{plural(len(checked.actions), 'action')}, {plural(len(checked.endings), 'ending')}, "
              f"{plural(len(checked.invariants), 'invariant')}")
    click.echo(f"{file}: ok: {checked.title}, {checked.players[0]}"
               f"{'' if checked.players[0] == checked.players[1] else f' to {checked.players[1]}'} players, {counts}"
               + (f", {plural(len(checked.warnings), 'warning')}" if checked.warnings else ""))
    if not deep:
        return
    _check_out(out, (".jsonl",), "--out")
    from ..drivers.deep import deep_check
    from ..lang.diagnostics import Diagnostic
    from ..lang.parse import split_lines
    low, high = checked.players
    counts_to_play = [players] if players else list(range(low, high + 1))
    for n in counts_to_play:
        game, _ = _load(file, sets, n)
        advance, stop = _progress(examples)
        try:
            found = deep_check(game, examples, seed, max_steps, on_example=lambda: advance(1))
        finally:
            stop()
        where = f" at {n} players" if len(counts_to_play) > 1 or players else ""
        if found is None:
            click.echo(f"deep check{where}: {plural(examples, 'game')} (seed {seed}): invariants, card conservation, "
                       f"termination within {max_steps} decisions, offered actions, views and replay: all hold")
            continue
        steps = len(found.choices)
        if found.span is not None:
            text = open(file, encoding="utf-8").read() if found.span.file is None else \
                open(found.span.file, encoding="utf-8").read()
            from ..lang.highlight import terminal_colouring
            click.echo(Diagnostic(found.span, f"{found.message}, after {plural(steps, 'decision')}").render(
                file, split_lines(text), terminal_colouring(stderr=True)), err=True)
        else:
            click.echo(f"{file}: error: {found.message}, after {plural(steps, 'decision')}", err=True)
        click.echo(f"counterexample{where} (seed {found.seed}, {plural(steps, 'decision')}, shrunk by hypothesis):",
                   err=True)
        for line in found.narration:
            click.echo("  " + line, err=True)
        target = out or (Path(file).stem + ".counterexample.jsonl")
        writer = _AtomicWriter(target)
        writer.write_records(found.log)
        writer.commit()
        click.echo(f"the counterexample's log: {target} (ruleforge replay {target})", err=True)
        sys.exit(1)  # a deep check failed: the rule file has a problem


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for docs) instead.")
def cards(file: str, sets, markdown: bool) -> None:
    """List a rule file's cards: name, type, value, copies, text."""
    from ..drivers.cardlist import card_rows, render_markdown, render_table
    name, data = read_source(file)
    text, checked = check_source(name, data, _parse_sets(sets))
    rows = card_rows(checked, text)
    if markdown:
        click.echo(render_markdown(rows))
    else:
        from rich.console import Console
        if Console().is_terminal:  # rule-valued attributes in colour; a pipe gets plain text
            from ..lang.highlight import highlight
            rows = [dict(r, value=highlight(r["value"])) for r in rows]
        render_table(rows, f"{checked.title}: {sum(r['copies'] for r in rows)} cards")


@cli.command(name="compile")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None,
              help="Number of players, for games that allow several.")
def compile_(file: str, sets, players: int | None) -> None:
    """Print the Python source the engine runs for a rule file."""
    game, _ = _load(file, sets, players)
    click.echo(game.source, nl=False)
