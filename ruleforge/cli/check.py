"""`ruleforge check`, `cards` and `compile`: what a rule file says."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..lang.plural import count
from ..lang.diagnostics import Diagnostic
from ..lang.printable import plain
from ..load import check_source, read_rule_bytes, read_source
from .common import (AtomicWriter, EXIT_PROBLEM, EXIT_USAGE, check_out, end_fast, load_rule_file, parse_sets, progress,
                     render_diagnostic, render_rule_error)
from .group import cli


def _plural(n: int, word: str) -> str:
    return count(n, word)


@cli.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--deep", is_flag=True, help="Also play random games and check their properties.")
@click.option("--examples", type=click.IntRange(1, 1_000_000), default=100, show_default=True,
              help="Games per player count for --deep.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --deep.")
@click.option("--max-steps", type=click.IntRange(1, 100_000), default=500, show_default=True,
              help="A game must end within this many decisions (--deep).")
@click.option("--players", type=click.IntRange(1, 16), default=None,
              help="Player count for --deep (default: every count the game allows).")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Where --deep writes a counterexample's log (default: FILE's name + .counterexample.jsonl).")
def check(files: tuple[str, ...], sets: tuple[str, ...], deep: bool, examples: int, seed: int, max_steps: int,
          players: int | None, out: str | None) -> None:
    """Check a rule file and report every mistake in it; with --deep, property-test it.

    Several files may be given (games/*.rules): each is reported on its own. The exit
    code is 0 when every file is correct (and every deep check holds), 1 when a file has
    mistakes or a deep check finds a counterexample, 2 when a file cannot be read or a
    flag is wrong.

    \b
    Examples:
      ruleforge check mygame.rules
      ruleforge check *.rules variants/*.rules
      ruleforge check mygame.rules --set hand_size=6
      ruleforge check mygame.rules --deep --examples 200 --seed 1
    """
    from ..lang.diagnostics import RuleFileError
    from ..load import RuleFileUsageError
    if not deep:  # these only tell --deep how to play: given alone, nothing would use them
        ctx = click.get_current_context()
        given = [f"--{name.replace('_', '-')}" for name in ("examples", "seed", "max_steps", "out")
                 if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for --deep: "
                                   f"add --deep, or leave {'it' if len(given) == 1 else 'them'} out")
    if out is not None and len(files) > 1:
        raise click.UsageError("--out names one counterexample log: give it with one file")
    check_out(out, (".jsonl",), "--out")
    if deep:
        _check_max_steps(max_steps)
    else:
        end_fast()
    worst, failed = 0, 0
    for file in files:
        try:
            # (--players outside the game's: usage error)
            _, checked = load_rule_file(file, sets, players, compiled=None)
        except RuleFileError as e:
            if len(files) == 1:
                raise
            from ..lang.highlight import terminal_colouring  # (pygments: loaded only to show a mistake)
            click.echo(render_rule_error(e, terminal_colouring(stderr=True)), err=True)
            worst = max(worst, EXIT_USAGE if isinstance(e, RuleFileUsageError) else EXIT_PROBLEM)
            failed += 1
            continue
        counts = (f"{_plural(len(checked.actions), 'action')}, {_plural(len(checked.endings), 'ending')}, "
                  f"{_plural(len(checked.invariants), 'invariant')}")
        click.echo(f"{plain(file)}: ok: {plain(checked.title)}, {checked.players[0]}"
                   f"{'' if checked.players[0] == checked.players[1] else f' to {checked.players[1]}'} "
                   f"{'player' if checked.players[1] == 1 else 'players'}, "
                   f"{counts}" + (f", {_plural(len(checked.warnings), 'warning')}" if checked.warnings else ""))
        if deep and out is None:  # where a counterexample would go is checked before any game
            try:
                check_out(_counterexample_path(file, out), (".jsonl",), "--out")
            except click.BadParameter as e:
                raise click.UsageError(f"{e.message}: a counterexample's log would go there; "
                                       "give another place with --out FILE.jsonl") from None
        if deep and not _deep(file, checked, sets, examples, seed, max_steps, players, out):
            worst = max(worst, EXIT_PROBLEM)
            failed += 1
    if len(files) > 1:
        click.echo(f"{_plural(len(files), 'file')} checked: {len(files) - failed} ok"
                   + (f", {failed} with problems" if failed else ""), err=bool(failed))
    if worst:
        sys.exit(worst)


def _check_max_steps(max_steps: int) -> None:
    """--max-steps within the decision cap: past it, every long game stopped at the cap
    with an error blamed on whatever action came 10,001st."""
    from ..runtime.limits import DECISION_CAP, LimitsError, from_environment
    try:
        cap = from_environment().get("decisions", DECISION_CAP)
    except LimitsError as e:
        raise click.UsageError(str(e)) from None
    if max_steps >= cap:
        raise click.BadParameter(
            f"{max_steps:,} is not below the decision cap ({cap:,}), where every game stops first; raise the cap "
            f"for this run: RULEFORGE_LIMITS=decisions={max_steps + 1} (docs/limits.md)", param_hint="'--max-steps'")


def _counterexample_path(file: str, out: str | None) -> str:
    return out or (Path(file).stem + ".counterexample.jsonl")


def _deep(file, checked, sets, examples, seed, max_steps, players, out) -> bool:
    """Property-test one checked file at each player count; print what fails. True: all hold."""
    from ..drivers.deep import SHRINK_REPLAYS, counterexample_log, deep_check, told_values, untested_note
    from ..drivers.deep_places import place_warnings
    from ..lang.parse import split_lines
    from ..lang.highlight import terminal_colouring
    low, high = checked.players
    counts_to_play = [players] if players else list(range(low, high + 1))
    warned: dict = {}  # kind -> the places said (each once a file: the same say at every player count)
    for n in counts_to_play:
        game, _ = load_rule_file(file, sets, n, deep=True)
        advance, stop = progress(examples)
        shrinking: dict = {}
        lengths: list[int] = []
        untold: list = []

        def on_shrink(replays: int) -> None:
            if not shrinking:  # the games' bar gives way to shrinking's
                stop()
                shrinking["advance"], shrinking["stop"] = progress(SHRINK_REPLAYS, "shrinking the counterexample")
            shrinking["advance"](1)
        try:
            found = deep_check(game, examples, seed, max_steps, on_example=lambda: advance(1), on_shrink=on_shrink,
                               lengths=lengths, untold=untold)
        finally:
            stop()
            if shrinking:
                shrinking["stop"]()
        where = f" at {_plural(n, 'player')}" if len(counts_to_play) > 1 or players else ""
        if found is None:
            note = untested_note(lengths)
            warnings = [f"{plain(file)}: warning: {note}"] if note else []
            places, found_here = place_warnings(untold, warned)
            for at, what in places:
                # (a say of a variant's base is in the base's file: codegen.writer.at_of)
                at_file = at[2] if at and len(at) > 2 else file
                warnings.append(f"{plain(at_file)}{':%d:%d' % at[:2] if at else ''}: warning: {plain(what)}")
            # the warnings counted on standard output too, where the line says all hold: they
            # go to standard error, which a run kept in a file may leave out
            said = found_here + bool(note)
            click.echo(f"deep check{where}: {_plural(examples, 'game')} (seed {seed}): invariants, card conservation, "
                       f"termination within {_plural(max_steps, 'decision')}, offered actions, views and replay: all hold"
                       + (f", {_plural(said, 'warning')}" if said else ""))
            for line in warnings:
                click.echo(line, err=True)
            continue
        steps = len(found.choices)
        if found.span is not None:
            source = found.span.file or file
            text = read_rule_bytes(source).decode("utf-8-sig", errors="replace")
            after = f"after {_plural(steps, 'decision')}"
            if found.rule is not None:  # a rule error: shown as `run` shows one, its rule under the line
                headline, under = found.headline, f"\n  {plain(found.rule)}, {after}"
            else:
                headline, under = f"{found.message}, {after}", ""
            d = Diagnostic(found.span, headline)
            click.echo(render_diagnostic(d, file, split_lines(text), terminal_colouring(stderr=True)) + under, err=True)
        else:
            # (a game that did not end says its length already)
            after = "" if found.kind == "termination" else f", after {_plural(steps, 'decision')}"
            click.echo(f"{plain(file)}: error: {plain(found.message)}{after}", err=True)
        for line in told_values(found):
            click.echo("  " + plain(line), err=True)
        how = ("shrinking stopped by Ctrl-C: the shortest game found so far" if found.interrupted else "shrunk"
               if found.shrunk else "as found: a game that does not end is --max-steps long, however it is shrunk"
               if found.kind == "termination" else "as found: each replay would run to the limit, too slow to shrink")
        click.echo(f"counterexample{where} (seed {found.seed}, {_plural(steps, 'decision')}, {how}):", err=True)
        for line in found.narration:
            click.echo("  " + plain(line), err=True)
        target = _counterexample_path(file, out)
        writer = AtomicWriter(target, "--out")
        writer.write_records(counterexample_log(found))
        writer.commit()
        click.echo(f"the counterexample's log: {plain(target)} (ruleforge replay {plain(target)})", err=True)
        return False
    return True


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for docs) instead.")
def cards(file: str, sets, markdown: bool) -> None:
    """List a rule file's cards: name, each attribute, value, copies, text (a column no card fills is left out).

    \b
    Examples:
      ruleforge cards mygame.rules
      ruleforge cards mygame.rules --markdown > cards.md
    """
    from ..drivers.cardlist import card_rows, render_markdown, render_table
    end_fast()
    name, data = read_source(file)
    text, checked = check_source(name, data, parse_sets(sets))
    rows = card_rows(checked, text)
    if markdown:
        click.echo(render_markdown(rows))
    else:
        from rich.console import Console
        if Console().is_terminal:  # rule-valued attributes in colour; a pipe gets plain text
            from ..lang.highlight import highlight
            rows = [dict(r, value=highlight(plain(r["value"])),
                         attrs={k: highlight(plain(v)) if k in r["rules"] else v for k, v in r["attrs"].items()})
                    for r in rows]
        render_table(rows, f"{checked.title}: {_plural(sum(r['copies'] for r in rows), 'card')}")  # escaped by render_table


@cli.command(name="compile")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None,
              help="Number of players, for games that allow several.")
def compile_(file: str, sets, players: int | None) -> None:
    """Print the Python source the engine runs for a rule file.

    \b
    Examples:
      ruleforge compile mygame.rules
      ruleforge compile mygame.rules --players 4 --set hand_size=6
    """
    end_fast()
    game, _ = load_rule_file(file, sets, players)
    click.echo(game.source, nl=False)
