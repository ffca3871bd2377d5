"""What every command shares: loading a rule file, writing files whole, bots, progress."""

from __future__ import annotations

import os
import re
from pathlib import Path

import attrs
import click

from ..lang.diagnostics import RuleFileError
from ..lang.plural import count
from ..lang.printable import plain
from ..load import RuleFileUsageError, check_source, read_source

EXIT_PROBLEM = 1  # a rule file has mistakes, or a deep check, a replay or a game's rules fail
EXIT_USAGE = 2    # a wrong flag, or a file that cannot be read or written
EXIT_USER = EXIT_USAGE  # the former name, for code written before the two were told apart

class Ending:
    """How this process ends (see ruleforge.cli.main)."""
    entry_point = False  # main() is the process's entry point, not called in-process by a test
    fast = False         # the command only read and printed: no teardown is needed


def end_fast() -> None:
    """This command only reads and prints: as the process's entry point it may end
    without freeing its objects."""
    Ending.fast = True
    if Ending.entry_point:
        import gc
        # What exists now (the package's modules) lives to the end: frozen, the collector
        # stops walking it again, and a larger first generation collects less often while
        # the file is read (reading is bounded by the language's limits). ~4% of `check`.
        gc.freeze()
        gc.set_threshold(20_000)


def safe_diagnostic(d):
    """`d` with the text it quotes from a file (names in its message, its path) made safe
    for a terminal: control characters escaped (see lang/printable.py)."""
    span = attrs.evolve(d.span, file=plain(d.span.file)) if d.span.file else d.span
    return attrs.evolve(d, span=span, message=plain(d.message), hint=plain(d.hint) if d.hint else None)


def _safe_colour(colour):
    return (lambda line: colour(plain(line))) if colour else plain


def render_diagnostic(d, path: str, lines: list[str], colour=None) -> str:
    """One diagnostic as `d.render` gives it, with the file's text escaped."""
    return safe_diagnostic(d).render(plain(path), lines, _safe_colour(colour))


def render_rule_error(e: RuleFileError, colour=None) -> str:
    """`e.render()` with the file's text (its lines, names in messages, paths) escaped."""
    wrapped = type(e)(plain(e.path), e.source, [safe_diagnostic(d) for d in e.diagnostics],
                      {plain(k): v for k, v in e.other_sources.items()})  # (of its class: a usage error's count)
    return wrapped.render(colour=_safe_colour(colour))


# The rule files this command loaded, by name: (text, the files they extend), so that an
# error met while a game is played can quote its line (render_runtime_error)
LOADED: dict[str, tuple[str, dict]] = {}


def render_runtime_error(e, colour=None) -> str:
    """A rule error met in play (runtime.values.RuleError): `FILE:LINE:COL: error:`, the
    statement's line and a caret, then the rule it happened in, as a rule file's mistakes
    are shown; just `error: ...` when its place is not known."""
    from ..lang.diagnostics import Diagnostic
    again = getattr(e, "again", None)  # the command that plays the same game (run)
    again = f"\n  the same game again: {plain(again)}" if again else ""
    told = getattr(e, "told", None)  # what a seat may be told instead (play: a hidden card's rule)
    if told:
        return f"error: {plain(told)}{again}"
    span = e.span
    found = None
    if span is not None and span.line > 0 and LOADED:
        if span.file:
            found = next(((span.file, v[1][span.file]) for v in LOADED.values() if span.file in v[1]), None)
        elif len(LOADED) == 1:  # (with several, as compare loads, which one's game failed is not known)
            path = next(iter(LOADED))
            found = path, LOADED[path][0]
    if found is None or not e.rule:
        return f"error: {plain(e.describe())}{again}"
    path, text = found
    out = render_diagnostic(Diagnostic(span, e.message), path, text.splitlines(), colour)
    return f"{out}\n  {plain(e.where(own_line=False))}{again}"


def parse_sets(values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"'{item}' is not NAME=VALUE", param_hint="'--set'")
        out[name.strip()] = value
    return out


def load_rule_file(path: str, sets: tuple[str, ...], players: int | None = None, compiled: bool | None = True,
                   deep: bool = False):
    """(Game, Checked) of a rule file. `compiled=False` lays the game out (its cards,
    zones and numbers) without generating its code; `compiled=None` makes no Game (None):
    all `check` needs, and it loads none of the runtime. `deep`: compiled for check --deep."""
    from ..lang.diagnostics import Diagnostic, Span
    import hashlib
    name, data = read_source(path)
    text, checked = check_source(name, data, parse_sets(sets))
    LOADED[name] = text, checked.sources
    _show_warnings(name, text, checked)
    low, high = checked.players
    if players is not None and not low <= players <= high:
        raise RuleFileUsageError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"--players {players}: this game is for {low}"
                              f"{f' to {high}' if high != low else ''} {'player' if high == 1 else 'players'}")])
    if compiled is None:
        return None, checked
    if compiled:
        from ..runtime.codegen import compile_game
        game = compile_game(checked, players, name, deep=deep)
    else:
        from ..runtime.layout import new_game
        game = new_game(checked, players, name)
    game.source_hash = hashlib.sha256(checked.source_bytes).hexdigest()
    return game, checked


def refuse_rule_file_target(path: str, flag: str, *inputs: str) -> None:
    """A file ruleforge writes must not be a rule file: a log written over the rule file
    it records would destroy the game (`run FILE --log FILE`)."""
    from ..load import RULES_SUFFIX
    if path.endswith(RULES_SUFFIX):
        raise click.BadParameter(f"'{path}' is a rule file's name: ruleforge writes no *{RULES_SUFFIX} file",
                                 param_hint=f"'{flag}'")
    for other in inputs:
        try:
            same = os.path.samefile(path, other)
        except (OSError, ValueError):
            same = False
        if same:
            raise click.BadParameter(f"'{path}' is the file being read: it would be written over",
                                     param_hint=f"'{flag}'")


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
    # escaped as errors are (render_rule_error): the warnings quote the file's text
    click.echo(lint.render(plain(name), text, [safe_diagnostic(d) for d in checked.warnings],
                           {plain(k): v for k, v in checked.sources.items()},
                           _safe_colour(terminal_colouring(stderr=True))), err=True)


class AtomicWriter:
    """Lines go to a temporary file beside the target, which replaces it at the end.

    Made before the work starts, so that a target that cannot be written is reported
    before any game is played, naming the user's path (never the temporary file).
    `instead`: what the user may do when the target is read-only."""

    def __init__(self, path: str, flag: str = "--log", instead: str | None = None):
        from ..drivers.report import NotAFile, ordinary_target, private_to_ordinary
        refuse_rule_file_target(path, flag)
        if path and Path(path).is_dir():  # (an empty name is ordinary_target's to refuse: '' is '.')
            raise click.UsageError(plain(f"cannot write '{path}': it is a folder"))
        try:
            self.path = ordinary_target(path, instead)  # (a link's target; never a device, a pipe, a read-only file)
        except NotAFile as e:
            raise click.BadParameter(plain(str(e)), param_hint=f"'{flag}'") from None
        self.shown = path
        import tempfile  # (here, not at the top: `check` writes no file and need not load it)
        try:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent or ".")
        except OSError as e:
            raise click.UsageError(plain(f"cannot write '{path}': {e.strerror}")) from None
        try:
            private_to_ordinary(self.tmp)  # (a log is an ordinary file: 0600 whatever the umask before)
            self.f = os.fdopen(fd, "w", encoding="utf-8")
        except BaseException:  # (a SIGTERM as the file was made: nothing of it is left behind)
            os.close(fd)
            os.unlink(self.tmp)
            raise

    def write_records(self, records: list) -> None:
        import json
        try:
            for r in records:
                self.f.write(json.dumps(r, ensure_ascii=False) + "\n")
        except OSError as e:
            self._failed(e)

    def commit(self) -> None:
        from ..drivers.report import NotAFile, ordinary_target
        try:
            self.f.close()
            try:
                ordinary_target(self.shown)  # checked again: the target may have changed while the work ran
            except NotAFile as e:
                return self._kept_beside("it was made read-only meanwhile" if _made_read_only(self.path) else e)
            os.replace(self.tmp, self.path)
        except OSError as e:
            self._failed(e)

    def _kept_beside(self, why) -> None:
        """The target can no longer be written over (made read-only during a game, say):
        it stays as it is, and what was to replace it goes to a new file beside it
        (name-2.ext, or the first such name that is free), rather than being lost."""
        stem, suffix = os.path.splitext(self.path.name)
        for n in range(2, 1000):
            beside = self.path.with_name(f"{stem}-{n}{suffix}")
            try:
                os.link(self.tmp, beside)  # (never over a file that is there)
            except FileExistsError:
                continue
            os.unlink(self.tmp)
            shown = os.path.join(os.path.dirname(self.shown), beside.name)
            click.echo(plain(f"note: '{self.shown}' was not written: {why}. It is as it was; what was to go there "
                             f"is in '{shown}'."), err=True)
            return
        raise OSError(0, "no free name beside it")

    def _failed(self, e: OSError) -> None:
        """A full disk, say: the temporary file goes, the target stays as it was, and
        the message names the target."""
        self.abandon()
        was = "is as it was" if self.path.exists() else "was not made"
        raise click.UsageError(plain(f"cannot write '{self.shown}': {e.strerror or e}; it {was}")) from None

    def abandon(self) -> None:
        try:
            self.f.close()
        except OSError:  # what could not be written is given up with the file
            pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass


def _made_read_only(path: Path) -> bool:
    from ..drivers.report import read_only
    try:
        return read_only(os.stat(path).st_mode)
    except OSError:
        return False


MAX_ISMCTS_ITERATIONS = 1_000_000   # per decision; ismcts:1000000 takes minutes a move on a launch game
MAX_AGENT_MILLIS = 600_000          # ten minutes a decision (ismcts:600000ms)
MAX_GREEDY_SAMPLES = 10_000         # sampled worlds per decision (greedy:10000)


def check_agents(spec: str | None, game) -> None:
    """Parse --agents now (before any game), holding each bot's budget to the bounds
    documented in docs/limits.md."""
    from ..drivers.agents import parse_agents
    try:
        agents = parse_agents(spec, game)
    except ValueError as e:
        raise click.BadParameter(plain(str(e)), param_hint="'--agents'") from None
    for a in agents:
        iterations, millis = getattr(a, "iterations", None), getattr(a, "millis", None)
        if a.name == "ismcts" and iterations is not None and iterations > MAX_ISMCTS_ITERATIONS:
            raise click.BadParameter(f"ismcts:{iterations} is past the bound of {MAX_ISMCTS_ITERATIONS:,} iterations "
                                     "a decision (MAX_ISMCTS_ITERATIONS in ruleforge/cli/common.py)",
                                     param_hint="'--agents'")
        if millis is not None and millis > MAX_AGENT_MILLIS:
            written = int(millis) if float(millis).is_integer() else millis  # (as written, not 1e+08)
            raise click.BadParameter(f"{a.name}:{written}ms is past the bound of {MAX_AGENT_MILLIS:,} ms a decision "
                                     "(MAX_AGENT_MILLIS in ruleforge/cli/common.py)", param_hint="'--agents'")
        if a.name == "greedy" and getattr(a, "samples", 0) > MAX_GREEDY_SAMPLES:
            raise click.BadParameter(f"greedy:{a.samples} is past the bound of {MAX_GREEDY_SAMPLES:,} sampled worlds "
                                     "a decision (MAX_GREEDY_SAMPLES in ruleforge/cli/common.py)",
                                     param_hint="'--agents'")


_SCHEDULER = re.compile(r"(tcp|tls|ucx|ws|wss)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})")


def check_scheduler(address: str | None) -> None:
    """A Dask scheduler's address, checked before anything is played."""
    if address is None:
        return
    m = _SCHEDULER.fullmatch(address)
    if not m or not 1 <= int(m.group(3)) <= 65535:
        raise click.BadParameter(f"'{address}' is not a scheduler address such as tcp://HOST:8786",
                                 param_hint="'--scheduler'")
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise click.UsageError("--scheduler needs Dask: pip install 'ruleforge[dask]'") from None


def check_out(path: str | None, kinds: tuple[str, ...], flag: str) -> None:
    if path is None:
        return
    if not path.lower().endswith(kinds):
        raise click.BadParameter(f"'{path}' should end in {' or '.join(kinds)}", param_hint=f"'{flag}'")
    parent = Path(path).parent
    if not parent.is_dir():
        raise click.BadParameter(f"there is no folder '{parent}' to write '{path}' in", param_hint=f"'{flag}'")
    if Path(path).is_dir():
        raise click.BadParameter(f"'{path}' is a folder", param_hint=f"'{flag}'")
    from ..drivers.report import NotAFile, ordinary_target
    try:
        ordinary_target(path)
    except NotAFile as e:
        raise click.BadParameter(plain(str(e)), param_hint=f"'{flag}'") from None
    # tried now, before any game is played: a folder that cannot be written fails here
    import tempfile
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{Path(path).name}.", dir=parent)
    except OSError as e:
        raise click.BadParameter(f"cannot write '{path}': {e.strerror}", param_hint=f"'{flag}'") from None
    os.close(fd)
    os.unlink(probe)


PROGRESS_EVERY = 60.0  # seconds between progress lines when the output is not a terminal


def progress(total: int, label: str = "playing"):
    """A progress bar that appears only if the run lasts longer than a second; when the
    output goes to a file, a line on stderr every minute instead (a fresh reader's
    analyze of a long game sat silent for 30 minutes with its output in a file)."""
    import time
    from rich.progress import TimeRemainingColumn
    # (no time left is guessed on the line: a skill trace's searching games take far
    # longer than the main games before them)
    return progress_bar(total, label, TimeRemainingColumn(), time.monotonic,
                        lambda seconds, done: f"{label}: {done:,} of {total:,} games in {_duration(seconds)}")


def progress_bar(total: int, label: str, last_column, clock, line, done: int = 0, on_advance=None,
                 elapsed=None, bar_width: int | None = 40):
    """(advance, stop) for run_games' progress: on a terminal, a bar (`label`, the bar, m/n,
    `last_column`) once the run has lasted a second (`elapsed()`, else since this call);
    otherwise `line(seconds since this call, done)` on stderr every PROGRESS_EVERY
    seconds. `on_advance(n)` is told of each step first (analyze's estimate)."""
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    start = clock()
    elapsed = elapsed or (lambda: clock() - start)
    state = {"bar": None, "task": None, "done": done, "told": start}

    import sys as _sys
    on_terminal = _sys.stdout.isatty()

    def advance(n: int) -> None:
        if on_advance is not None:
            on_advance(n)
        state["done"] += n
        if not on_terminal:
            now = clock()
            if now - state["told"] >= PROGRESS_EVERY and 0 < state["done"] < total:
                state["told"] = now
                click.echo(plain(line(now - start, state["done"])), err=True)
            return
        if state["bar"] is None and elapsed() > 1.0 and state["done"] < total:
            bar = Progress(TextColumn(escape(label)), BarColumn(bar_width=bar_width), MofNCompleteColumn(), last_column,
                           transient=True)
            bar.start()
            state["bar"], state["task"] = bar, bar.add_task("games", total=total, completed=state["done"])
        elif state["bar"] is not None:
            state["bar"].update(state["task"], completed=state["done"])

    def stop() -> None:
        if state["bar"] is not None:
            state["bar"].stop()
    return advance, stop


def _duration(seconds: float) -> str:
    """'45 s', '12 min', '1 h 5 min': a progress line's rough time."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


class _Seed(click.ParamType):
    """--seed: a whole number from 0 to 2**64 - 1, as `Game.new` takes a seed (the random
    generator keeps 64 bits: a seed outside would deal the same games as one inside)."""
    name = "seed"

    def convert(self, value, param, ctx):
        n = click.INT.convert(value, param, ctx)
        if not 0 <= n < 2**64:
            shown = str(value) if len(str(value)) <= 30 else str(value)[:27] + "..."
            self.fail(f"{shown} is not a seed: a seed is a whole number from 0 to 2**64 - 1 ({2**64 - 1:,})",
                      param, ctx)
        return n


SEED = _Seed()


def max_decisions_option(f):
    """--max-decisions: the decision cap of runtime/limits.py, for one command."""
    from ..runtime.limits import DECISION_CAP
    return click.option("--max-decisions", type=click.IntRange(1, 10_000_000), default=None,
                        help=f"Stop a game that has not ended after this many decisions (default {DECISION_CAP:,}).")(f)


def simulate(file, sets, players, games, agents, jobs, seed, scheduler, label=None, max_decisions=None,
             partial_ok: bool = False):
    """Play the games; with `partial_ok`, Ctrl-C gives the games played so far, their
    summary marked {"partial": {"played": k, "requested": n}}. `label` begins the progress
    lines (compare's name the file and the bots: several runs follow one another)."""
    from ..drivers.simulate import GameSpec, Interrupted, run_games, summarize
    game, checked = load_rule_file(file, sets, players)
    check_agents(agents, game)
    check_scheduler(scheduler)
    spec = GameSpec(file, parse_sets(sets), players, agents, seed, max_decisions)
    advance, stop = progress(games, label or "playing")
    try:
        outcomes = run_games(spec, games, jobs, scheduler, advance)
    except Interrupted as e:
        if not partial_ok:
            raise
        outcomes = e.outcomes
        summary = summarize(game, outcomes, agents)
        summary["partial"] = {"played": len(outcomes), "requested": e.requested, "batch": e.batch}
        return game, outcomes, summary
    except RuntimeError as e:  # the cluster's client could not start
        raise click.UsageError(str(e)) from None
    finally:
        stop()
    return game, outcomes, summarize(game, outcomes, agents)


def say_rule_errors(runs) -> bool:
    """For each (label, summary) whose games stopped on a rule error: how many, and the
    first (stderr). True when any did: the command then exits 1, as `run` does, after
    its tables and files (a figure over fewer games is still a figure)."""
    from ..drivers.report import BOTS_AT_THE_CAP, bots_at_the_cap, why_stopped
    any_errors = capped = False
    for label, s in runs:
        if s.get("errors"):
            any_errors = True
            capped = capped or bots_at_the_cap(s)
            fe = s["first_error"]
            click.echo(plain(f"error: {label}: {s['errors']} of {count(s['games'], 'game')} {why_stopped(s)}, left out of its "
                             f"figures; first: game {fe['game']} (seed {fe['seed']}): {fe['message']}"), err=True)
    if capped:
        click.echo(BOTS_AT_THE_CAP, err=True)
    return any_errors


def same_game(command: str, file: str, seed: int, flags: list) -> str:
    """The command line that plays the same game again: `flags` in order, (flag, value);
    a value that is None, False or empty is left out, True is the flag alone, a list gives
    the flag once an item. Every value quoted for a shell ("player 3=greedy")."""
    import shlex
    q = shlex.quote
    words = [f"ruleforge {command} {q(file)} --seed {seed}"]
    for flag, value in flags:
        if value is None or value is False or value == () or value == []:
            continue
        if value is True:
            words.append(flag)
        else:
            words.extend(f"{flag} {q(str(v))}" for v in (value if isinstance(value, (list, tuple)) else [value]))
    return " ".join(words)
