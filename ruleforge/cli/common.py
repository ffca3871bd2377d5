"""What every command shares: loading a rule file, writing files whole, bots, progress."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import click

from ..lang.diagnostics import RuleFileError
from ..load import check_source, read_source

EXIT_USER = 2


def _parse_sets(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"'{item}' is not NAME=VALUE", param_hint="'--set'")
        out[name.strip()] = value
    return out


def _load(path: str, sets: tuple[str, ...], players: int | None = None, compiled: bool = True):
    """(Game, Checked) of a rule file. `compiled=False` lays the game out (its cards,
    zones and numbers) without generating its code: all `check` needs, and faster."""
    from ..lang.diagnostics import Diagnostic, Span
    import hashlib
    name, data = read_source(path)
    text, checked = check_source(name, data, _parse_sets(sets))
    _show_warnings(name, text, checked)
    low, high = checked.players
    if players is not None and not low <= players <= high:
        raise RuleFileError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"--players {players}: this game is for {low}"
                              f"{f' to {high}' if high != low else ''} players")])
    if compiled:
        from ..runtime.codegen import compile_game
        game = compile_game(checked, players, name)
    else:
        from ..runtime.layout import new_game
        game = new_game(checked, players, name)
    game.source_hash = hashlib.sha256(checked.source_bytes).hexdigest()
    return game, checked


def _show_warnings(name: str, text: str, checked) -> None:
    """Print a file's warnings on stderr, once per command (commands load a file often)."""
    if not checked.warnings:
        return
    ctx = click.get_current_context(silent=True)
    shown = ctx.meta.setdefault("ruleforge.warned", set()) if ctx else set()
    if name in shown:
        return
    shown.add(name)
    from ..lang import lint
    from ..lang.highlight import terminal_colouring
    click.echo(lint.render(name, text, checked.warnings, checked.sources, terminal_colouring(stderr=True)), err=True)


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


def _agents(spec: str | None, game) -> None:
    from ..drivers.agents import parse_agents
    try:
        parse_agents(spec, game)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--agents'") from None


def _check_out(path: str | None, kinds: tuple[str, ...], flag: str) -> None:
    if path is None:
        return
    if not path.lower().endswith(kinds):
        raise click.BadParameter(f"'{path}' should end in {' or '.join(kinds)}", param_hint=f"'{flag}'")
    parent = Path(path).parent
    if not parent.is_dir():
        raise click.BadParameter(f"there is no folder '{parent}' to write '{path}' in", param_hint=f"'{flag}'")


def _progress(total: int):
    """A progress bar that appears only if the run lasts longer than a second."""
    import time
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    start = time.monotonic()
    state = {"bar": None, "task": None, "done": 0}

    import sys as _sys
    on_terminal = _sys.stdout.isatty()

    def advance(n: int) -> None:
        state["done"] += n
        if on_terminal and state["bar"] is None and time.monotonic() - start > 1.0 and state["done"] < total:
            bar = Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                           transient=True)
            bar.start()
            state["bar"], state["task"] = bar, bar.add_task("games", total=total, completed=state["done"])
        elif state["bar"] is not None:
            state["bar"].update(state["task"], completed=state["done"])

    def stop() -> None:
        if state["bar"] is not None:
            state["bar"].stop()
    return advance, stop


def max_decisions_option(f):
    """--max-decisions: the decision cap of runtime/limits.py, for one command."""
    from ..runtime.limits import DECISION_CAP
    return click.option("--max-decisions", type=click.IntRange(1, 10_000_000), default=None,
                        help=f"Stop a game that has not ended after this many decisions (default {DECISION_CAP:,}).")(f)


def _simulate(file, sets, players, games, agents, jobs, seed, scheduler, label=None, max_decisions=None):
    from ..drivers.simulate import GameSpec, run_games, summarize
    game, checked = _load(file, sets, players)
    _agents(agents, game)
    spec = GameSpec(file, _parse_sets(sets), players, agents, seed, max_decisions)
    advance, stop = _progress(games)
    try:
        outcomes = run_games(spec, games, jobs, scheduler, advance)
    finally:
        stop()
    return game, outcomes, summarize(game, outcomes, agents)
