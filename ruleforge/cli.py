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

from .lang.diagnostics import RuleFileError
from .load import check_source, read_source
from .runtime.values import RuleError

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
    from .runtime.codegen import compile_game
    from .lang.diagnostics import Diagnostic, Span
    import hashlib
    name, data = read_source(path)
    text, checked = check_source(name, data, _parse_sets(sets))
    low, high = checked.players
    if players is not None and not low <= players <= high:
        raise RuleFileError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"--players {players}: this game is for {low}"
                              f"{f' to {high}' if high != low else ''} players")])
    game = compile_game(checked, players, name)
    game.source_hash = hashlib.sha256(checked.source_bytes).hexdigest()
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
    game, checked = _load(file, sets)
    plural = lambda n, word: f"{n} {word}{'' if n == 1 else 's'}"  # noqa: E731
    counts = (f"{plural(len(checked.actions), 'action')}, {plural(len(checked.endings), 'ending')}, "
              f"{plural(len(checked.invariants), 'invariant')}")
    click.echo(f"{file}: ok: {checked.title}, {checked.players[0]}"
               f"{'' if checked.players[0] == checked.players[1] else f' to {checked.players[1]}'} players, {counts}")
    if not deep:
        return
    _check_out(out, (".jsonl",), "--out")
    from .drivers.deep import deep_check
    from .lang.diagnostics import Diagnostic
    from .lang.parse import split_lines
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
            from .lang.highlight import terminal_colouring
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
        sys.exit(EXIT_USER)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table (for docs) instead.")
def cards(file: str, sets, markdown: bool) -> None:
    """List a rule file's cards: name, type, value, copies, text."""
    from .drivers.cardlist import card_rows, render_markdown, render_table
    name, data = read_source(file)
    text, checked = check_source(name, data, _parse_sets(sets))
    rows = card_rows(checked, text)
    if markdown:
        click.echo(render_markdown(rows))
    else:
        from rich.console import Console
        if Console().is_terminal:  # rule-valued attributes in colour; a pipe gets plain text
            from .lang.highlight import highlight
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


def _agents(spec: str | None, game) -> None:
    from .drivers.agents import parse_agents
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


def _simulate(file, sets, players, games, agents, jobs, seed, scheduler, label=None):
    from .drivers.simulate import GameSpec, run_games, summarize
    game, checked = _load(file, sets, players)
    _agents(agents, game)
    spec = GameSpec(file, _parse_sets(sets), players, agents, seed)
    advance, stop = _progress(games)
    try:
        outcomes = run_games(spec, games, jobs, scheduler, advance)
    finally:
        stop()
    return game, outcomes, summarize(game, outcomes, agents)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=None, help="The seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as JSON Lines to this file.")
@click.option("--match", is_flag=True, help="Play a whole match, as the rule file's match rule says.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players, for games that allow several.")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=None,
              help="Simulate this many games and report statistics instead of narrating one.")
@click.option("--agents", default=None, metavar="SPEC",
              help="Bots per seat or role, e.g. north=ismcts:500,south=random (default: random).")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes to play on (default: all cores).")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="Write results to .json or .csv.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw the results into a .png.")
@click.option("--sweep", default=None, metavar="NAME=V1,V2,...", help="Simulate once per value of a parameter.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
def run(file: str, seed: int | None, sets, log_path: str | None, match: bool, players: int | None,
        games: int | None, agents: str | None, jobs: int | None, out: str | None, plot: str | None,
        sweep: str | None, scheduler: str | None) -> None:
    """Play one narrated game (or a match) between bots, or simulate many with --games."""
    if games is not None or sweep is not None:
        if log_path or match:
            raise click.UsageError("--log and --match narrate one game; they cannot be used with --games or --sweep")
        _check_out(out, (".json", ".csv"), "--out")
        _check_out(plot, (".png",), "--plot")
        seed = seed if seed is not None else secrets.randbelow(2**31)
        jobs = jobs or os.cpu_count() or 1
        games = games or 1000
        if sweep:
            return _sweep(file, sets, players, games, agents, jobs, seed, scheduler, sweep, out, plot)
        from .drivers.report import plot_summary, print_summary, write_results
        game, outcomes, summary = _simulate(file, sets, players, games, agents, jobs, seed, scheduler)
        summary["seed"] = seed
        click.echo(f"seed {seed} (the same results again: --seed {seed})")
        print_summary(summary)
        if out:
            write_results(out, summary, outcomes)
            click.echo(f"results written to {out}")
        if plot:
            plot_summary(plot, summary, outcomes)
            click.echo(f"plot written to {plot}")
        return
    if out or plot or scheduler or jobs:
        raise click.UsageError("--out, --plot, --jobs and --scheduler go with --games")
    from .drivers.agents import parse_agents
    from .drivers.play import play_game, play_match
    game, checked = _load(file, sets, players)
    _agents(agents, game)
    if match and game.match is None:
        raise click.UsageError(f"{file} declares no match", ctx=click.get_current_context())
    if seed is None:
        seed = secrets.randbelow(2**31)
    writer = _AtomicWriter(log_path) if log_path else None
    log: list | None = [] if writer else None
    params = ", ".join(f"{k}={v}" for k, v in game.params.items())
    click.echo(f"{game.title} · seed {seed}" + (f" · {params}" if params else ""))
    seat_agents = parse_agents(agents, game)
    click.echo("Seats: " + ", ".join(f"{t} (seat {i + 1}, {seat_agents[i].name})"
                                     for i, t in enumerate(game.seat_titles)))
    try:
        if match:
            # bots are given per seat (role): whoever takes a role plays it with that bot
            play_match(game, seed, seat_agents, click.echo, log)
        else:
            play_game(game, seed, seat_agents, click.echo, log)
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
               + "".join(f" --set {s}" for s in sets) + (f" --agents {agents}" if agents else "")
               + (" --match" if match else "") + ")")


def _sweep(file, sets, players, games, agents, jobs, seed, scheduler, sweep, out, plot):
    from rich.console import Console
    from rich.table import Table
    from .drivers.report import ci, pct, plot_series, _atomic_write
    name, sep, values = sweep.partition("=")
    name = name.strip()
    if not sep or not values.strip():
        raise click.BadParameter(f"'{sweep}' is not NAME=V1,V2,...", param_hint="'--sweep'")
    # A list parameter takes values separated by ';' in a sweep (its items use ',').
    game, checked = _load(file, sets, players)
    if name not in checked.params:
        from .lang.diagnostics import did_you_mean
        hint = did_you_mean(name, checked.params)
        raise click.BadParameter(f"there is no parameter '{name}'" + (f"; {hint}" if hint else ""),
                                 param_hint="'--sweep'")
    is_list = checked.param_types[name].is_list
    options = [v.strip() for v in values.split(";" if is_list else ",") if v.strip()]
    for v in options:  # every value is checked before any game is played
        _load(file, tuple(sets) + (f"{name}={v}",), players)
    results = []
    for v in options:
        game, outcomes, summary = _simulate(file, tuple(sets) + (f"{name}={v}",), players, games, agents,
                                            jobs, seed, scheduler)
        results.append((v, summary))
    t = Table(title=f"{game.title}: {name} swept, {games} games each, seed {seed}", title_justify="left")
    t.add_column(name)
    for seat in results[0][1]["seats"]:
        t.add_column(f"{seat['title']} wins", justify="right")
    t.add_column("decisions", justify="right")
    t.add_column("most common ending")
    for v, s in results:
        ending = next(iter(s["endings"]), "-")
        t.add_row(v, *[f"{pct(x['win_rate'])} {ci(x['ci95'])}" for x in s["seats"]],
                  f"{s['length']['decisions'].get('mean', 0):.1f}", ending)
    from .drivers.report import _console
    _console().print(t)
    if out:
        import json
        doc = {"sweep": name, "values": options, "seed": seed, "games": games,
               "results": [dict(s, value=v) for v, s in results]}
        if out.lower().endswith(".csv"):
            lines = [",".join([name] + [f"{x['name']} win rate" for x in results[0][1]["seats"]] + ["mean decisions"])]
            for v, s in results:
                lines.append(",".join([v] + [f"{x['win_rate']:.4f}" for x in s["seats"]] +
                                      [f"{s['length']['decisions'].get('mean', 0):.2f}"]))
            _atomic_write(out, ("\n".join(lines) + "\n").encode())
        else:
            _atomic_write(out, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
        click.echo(f"results written to {out}")
    if plot:
        series = {}
        for seat_i, seat in enumerate(results[0][1]["seats"]):
            series[seat["title"]] = [(s["seats"][seat_i]["win_rate"], s["seats"][seat_i]["ci95"]) for _, s in results]
        plot_series(plot, f"{game.title}: win rate by {name}", name, options, series)
        click.echo(f"plot written to {plot}")


@cli.command()
@click.argument("base", type=click.Path(dir_okay=False))
@click.argument("variants", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--agents", default=None, metavar="SPEC", help="Bots per seat or role (default: random).")
@click.option("--players", type=click.IntRange(1, 16), default=None)
@click.option("--seed", type=int, default=None, help="The seed (random when not given).")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes (default: all cores).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter in every file.")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="Write results to .json.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw win rates into a .png.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
def compare(base, variants, games, agents, players, seed, jobs, sets, out, plot, scheduler) -> None:
    """Compare variants with a base game on the same seeds: win rates and their differences."""
    from rich.console import Console
    from rich.table import Table
    from .drivers.compare import paired_difference
    from .drivers.report import ci, pct, plot_series, _atomic_write
    _check_out(out, (".json",), "--out")
    _check_out(plot, (".png",), "--plot")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    seats = _load(base, sets, players)[0].seat_titles
    for f in variants:  # checked before any game is played
        other = _load(f, sets, players)[0]
        if other.seat_titles != seats:
            raise click.UsageError(f"{f} has seats {other.seat_titles}, but {base} has {seats}: only games with the "
                                   "same seats can be compared")
    runs = []
    for f in (base, *variants):
        game, outcomes, summary = _simulate(f, sets, players, games, agents, jobs, seed, scheduler)
        runs.append((f, game, outcomes, summary))
    from .drivers.report import _console
    console = _console()
    click.echo(f"seed {seed}; {games} paired games per file (game i uses the same seed in every file)")
    t = Table(title="Win rates", title_justify="left")
    t.add_column("File")
    for title in seats:
        t.add_column(title, justify="right")
    t.add_column("decisions", justify="right")
    for f, game, outcomes, s in runs:
        t.add_row(f, *[f"{pct(x['win_rate'])} {ci(x['ci95'])}" for x in s["seats"]],
                  f"{s['length']['decisions'].get('mean', 0):.1f}")
    console.print(t)
    d = Table(title=f"Difference from {base} (paired, 95% CI)", title_justify="left")
    d.add_column("Variant")
    d.add_column("Seat")
    d.add_column("Difference", justify="right")
    d.add_column("95% CI", justify="right")
    d.add_column("Verdict")
    diffs = []
    for f, game, outcomes, s in runs[1:]:
        for seat, title in enumerate(seats):
            diff = paired_difference(runs[0][2], outcomes, seat)
            diffs.append({"variant": f, "seat": title, **diff})
            verdict = "significant" if diff["significant"] else "not significant"
            d.add_row(f, title, f"{100 * diff['difference']:+.1f} pts",
                      f"[{100 * diff['ci95'][0]:+.1f}, {100 * diff['ci95'][1]:+.1f}]",
                      f"[bold]{verdict}[/]" if diff["significant"] else verdict)
    console.print(d)
    if out:
        import json
        doc = {"base": base, "variants": list(variants), "seed": seed, "games": games, "agents": agents or "random",
               "summaries": {f: s for f, _, _, s in runs}, "differences": diffs}
        _atomic_write(out, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
        click.echo(f"results written to {out}")
    if plot:
        labels = [Path(f).stem for f, *_ in runs]
        series = {title: [(s["seats"][i]["win_rate"], s["seats"][i]["ci95"]) for _, _, _, s in runs]
                  for i, title in enumerate(seats)}
        plot_series(plot, "Win rate by variant", "rule file", labels, series)
        click.echo(f"plot written to {plot}")


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
    from .drivers.replay import LogError, Mismatch, read_log, replay_game, split_games
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


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_", default=None, metavar="SEAT[,SEAT...]",
              help="The seat(s) people play: a role (north) or a seat number (1). Several: hot seat.")
@click.option("--humans", type=click.IntRange(1, 16), default=None, help="People at seats 1..N (hot seat).")
@click.option("--agents", default=None, metavar="SPEC", help="Bots for the other seats (default: random).")
@click.option("--seed", type=int, default=None, help="The game's seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None, help="Write the game as JSON Lines.")
@click.option("--delay", type=click.FloatRange(0, 10), default=0.6, show_default=True,
              help="Seconds to pause after each bot move (0: no pause).")
def play(file, as_, humans, agents, seed, sets, players, log_path, delay) -> None:
    """Play a game at the terminal against bots, or with friends on one screen."""
    from .drivers.agents import _seat, parse_agents
    from rich.text import Text
    from .drivers.terminal import Quit, TerminalGame, console_reader
    from .drivers.report import _console
    game, checked = _load(file, sets, players)
    _agents(agents, game)
    if as_ and humans:
        raise click.UsageError("use --as or --humans, not both")
    try:
        seats = [_seat(w.strip(), game) for w in as_.split(",") if w.strip()] if as_ else \
            list(range(humans or 1))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--as'") from None
    if not seats or len(set(seats)) != len(seats):
        raise click.BadParameter("name each seat once, such as --as north or --as north,south",
                                 param_hint="'--as'")
    if humans and humans > game.nplayers:
        raise click.BadParameter(f"this game has {game.nplayers} seats", param_hint="'--humans'")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    writer = _AtomicWriter(log_path) if log_path else None
    log: list | None = [] if writer else None
    console = _console()
    console.print(f"{game.title} · seed {seed} · you play: " + ", ".join(game.seat_titles[s] for s in seats)
                  + "  (type help for help)")
    tg = TerminalGame(game, seed, seats, parse_agents(agents, game), console, console_reader(console), delay, log)
    try:
        tg.run()
    except Quit:
        console.print("Game stopped." + (f" The log so far is in {log_path}." if writer else ""))
        if writer:
            writer.write_records(log + [{"type": "quit"}])
            writer.commit()
        return
    except BaseException:
        if writer:
            writer.write_records(log + [{"type": "quit"}])
            writer.commit()
        raise
    if writer:
        writer.write_records(log)
        writer.commit()
        console.print(f"log written to {log_path}")
    console.print(Text(f"(the same deal again: ruleforge play {file} --seed {seed}"
                       + (f" --players {players}" if players else "") + (f" --as {as_}" if as_ else "")
                       + (f" --humans {humans}" if humans else "") + "".join(f" --set {s}" for s in sets)
                       + (f" --agents {agents}" if agents else "") + ")"))


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
        from .lang.highlight import terminal_colouring
        click.echo(e.render(colour=terminal_colouring(stderr=True)), err=True)
        sys.exit(EXIT_USER)
    except RuleError as e:
        click.echo(f"error: {e.describe()}", err=True)
        sys.exit(EXIT_USER)
    except OSError as e:
        click.echo(f"error: {e.strerror or e}: {getattr(e, 'filename', '') or ''}", err=True)
        sys.exit(EXIT_USER)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    sys.exit(0)
