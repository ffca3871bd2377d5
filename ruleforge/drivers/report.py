"""Simulation results for people (rich tables) and for tools (JSON, CSV, PNG).

Files are written whole or not at all: each goes to a temporary file beside the target,
which then replaces it.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
import stat
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..lang.plural import count
from ..lang.printable import markup


class _Trimmed:
    """A text stream that drops the spaces rich pads a line with at its end (a table's
    title is centred in the table's width), for output read by people and tools."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(_TRAILING.sub("\n", text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return False


_TRAILING = re.compile(r"[ ]+\n")


def new_console() -> Console:
    """Wide enough for the tables when the output goes to a file or a pipe."""
    import sys
    # emoji=False: rich reads ':100:' as an emoji code, and `ismcts:100:depth=6` is a bot
    if sys.stdout.isatty():
        return Console(emoji=False)
    return Console(file=_Trimmed(sys.stdout), width=120, emoji=False)


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(pair) -> str:
    return f"[{100 * pair[0]:.1f}, {100 * pair[1]:.1f}]"


def number(x: float) -> str:
    """A mean payoff: signed, two decimals (a payoff is a whole number; its mean is not)."""
    return f"{x:+.2f}" if round(x, 2) else "0.00"


def interval(m: dict) -> str:
    """A mean's 95% interval (simulate.mean_interval's `m`); none from fewer than two
    games, whose spread is unknown ('[+2.00, +2.00]' read as a certainty)."""
    if m.get("games", 2) < 2:
        return f"— ({'1 game' if m.get('games') == 1 else 'no games'})"
    lo, hi = m["ci95"]
    return f"[{number(lo)}, {number(hi)}]"


def payoff_table(s: dict) -> Table:
    """The mean payoff per seat with its 95% interval (a game that declares a payoff)."""
    team = s.get("cooperative")
    t = Table(title="The team's payoff (mean per game)" if team else "Payoffs (mean per game)", title_justify="left")
    for col in ("Team" if team else "Seat", "Mean payoff", "95% CI"):
        t.add_column(col, justify="left" if col in ("Seat", "Team") else "right")
    for seat in s["payoffs"]:
        t.add_row(markup(seat["title"]), number(seat["mean"]), interval(seat))
    return t


def starter(f: dict) -> str:
    """Who the starting-seat line measures: 'seat 1' when seat 1 started every game, else
    the seat that took the first turn of each game."""
    starters = f.get("starters", {"1": 1})
    if list(starters) == ["1"]:
        return "seat 1"
    if len(starters) == 1:
        return f"seat {next(iter(starters))} (which starts every game)"
    return ("the seat that took the first turn (" +
            ", ".join(f"seat {k} in {count(v, 'game')}" for k, v in starters.items()) + ")")


def _partial(s: dict) -> str:
    """' (partial: ...)' for the summary of a run stopped by Ctrl-C, else ''."""
    p = s.get("partial")
    return f" (partial: interrupted after {p['played']} of {p['requested']})" if p else ""


def print_summary(s: dict, console: Console | None = None) -> None:
    console = console or new_console()
    # titles, endings, rule names and error messages come from the rule file (or the
    # command line): escaped, so that `[/]` or an ESC sequence is shown, not obeyed
    if s.get("partial"):
        p = s["partial"]
        console.print(f"[yellow]Partial results: interrupted after {p['played']} of {count(p['requested'], 'game')}[/]")
    ended = s["games"] - s["errors"]
    if s["games"] and not ended:  # nothing to count: no win rates of no games, no dead rules
        console.print(markup(f"{s['game']}: {count(s['games'], 'game')} · agents {s['agents']}: no game ended, "
                             "so there are no results"))
        print_first_error(s, console)
        return
    played = count(s["games"], "game") + (f" ({ended} ended)" if s["errors"] else "")
    t = Table(title=markup(f"{s['game']}: {played} · agents {s['agents']}"), title_justify="left")
    console.print(team_table(s, t) if s.get("cooperative") else seat_table(s, t))
    if s.get("payoffs"):
        console.print(payoff_table(s))
    if s.get("first_seat"):
        f = s["first_seat"]
        verdict = "significant" if f["significant"] else "not significant"
        console.print(f"Starting-seat advantage: {starter(f)} takes {pct(f['win_share'])} {ci(f['ci95'])} of the wins "
                      f"(a shared win counts in part) against a fair {pct(f['fair_share'])}: {verdict}")
        if f.get("payoff"):
            p = f["payoff"]
            console.print(f"The first player's payoff: {number(p['mean'])} on average {interval(p)}")
    if s["length"]["decisions"]:
        console.print(length_line(s))
    e = Table(title="How games ended", title_justify="left")
    e.add_column("Ending")
    e.add_column("Games", justify="right")
    e.add_column("Share", justify="right")
    for name, games in s["endings"].items():
        e.add_row(markup(name), str(games), pct(games / max(1, s["games"] - s["errors"])))
    console.print(e)
    c = Table(title="Rule coverage", title_justify="left")
    c.add_column("Rule")
    c.add_column("Fired", justify="right")
    for rule, times in s["coverage"].items():
        c.add_row(markup(rule), str(times) if times else "[bold red]never[/]")
    console.print(c)
    if s["never_fired"]:
        among = count(s["games"], "game") if not s["errors"] else f"the {count(ended, 'game')} that ended"
        console.print(f"[yellow]Possibly dead rules (never fired in {among}):[/] "
                      + ", ".join(markup(r) for r in s["never_fired"]))
    if s["errors"]:
        print_first_error(s, console)


def seat_table(s: dict, t: Table) -> Table:
    for col in ("Seat", "Wins", "Win rate", "95% CI", "Ties"):
        t.add_column(col, justify="right" if col != "Seat" else "left")
    for seat in s["seats"]:
        t.add_row(markup(seat["title"]), str(seat["wins"]), pct(seat["win_rate"]), ci(seat["ci95"]),
                  str(seat["ties"]))
    return t


def team_table(s: dict, t: Table) -> Table:
    """A cooperative game's results: the team's wins and losses, and its win rate."""
    for col in ("Team", "Wins", "Losses", "Win rate", "95% CI"):
        t.add_column(col, justify="right" if col != "Team" else "left")
    team = s["seats"][0]
    t.add_row(markup(team["title"]), str(team["wins"]), str(s["no_winner"]), pct(team["win_rate"]), ci(team["ci95"]))
    return t


def why_stopped(s: dict) -> str:
    """Why a summary's games that did not end stopped: 'stopped on a rule error', 'stopped
    at the decision cap' or 'at the work limit of a game' (a long game, no mistake in the
    rules), or several, each counted."""
    capped = s.get("capped", 0)
    work = s.get("capped_work", 0)
    whys = [(n, why) for n, why in ((s["errors"] - capped, "on a rule error"), (capped - work, "at the decision cap"),
                                    (work, "at the work limit of a game")) if n]
    if len(whys) < 2:
        return "stopped " + (whys[0][1] if whys else "on a rule error")
    told = [f"{why} ({n})" for n, why in whys]
    return "stopped " + ", ".join(told[:-1]) + " or " + told[-1]


def stopped(s: dict) -> str:
    """'3 games stopped on a rule error', '4 games stopped at the decision cap'..."""
    return f"{count(s['errors'], 'game')} {why_stopped(s)}"


def print_first_error(s: dict, console: Console) -> None:
    fe = s["first_error"]
    console.print(f"[red]{stopped(s)};[/] first: game {fe['game']} (seed {fe['seed']}): {markup(fe['message'])}")
    if bots_at_the_cap(s):
        console.print(f"[yellow]{BOTS_AT_THE_CAP}[/]")


# bots that took the top discard back and forth, judging a hand halfway through a turn
BOTS_AT_THE_CAP = ("Bots that look ahead can repeat the same moves for ever when the heuristic misjudges a "
                   "position halfway through a turn (docs/language.md#heuristic-for-bots).")


def bots_at_the_cap(s: dict) -> bool:
    """Whether a summary's first error is the decision cap, met by bots that look ahead
    (any but random): then BOTS_AT_THE_CAP is worth saying."""
    fe = s.get("first_error")
    return fe is not None and fe.get("limit") == "decisions" and s.get("agents", "random") != "random"


class NotAFile(ValueError):
    """A path ruleforge was asked to write that it will not replace: a device, a named
    pipe, a folder (a file written beside it and renamed over it would take its place:
    `--log /dev/null` run as root made /dev/null an ordinary file), a read-only file (the
    rename replaced it whatever its mode); or a path whose folder cannot take a file."""


def ordinary_target(path, instead: str | None = None) -> Path:
    """The file that writing `path` replaces: a symbolic link is followed (the link
    stays, its target is written), and what is there must be an ordinary file, or
    nothing, in a folder that can be written; a file or folder made read-only is not
    written (`instead`: what the user may do then, when not to write to another file).
    Raises NotAFile."""
    if str(path) == "":
        raise NotAFile("an empty name is no file")
    if str(path).endswith(("/", os.sep)):  # (realpath drops the slash: --log logs/ wrote a file named logs)
        raise NotAFile(f"'{path}' is a folder's name (it ends in /): ruleforge writes only ordinary files")
    target = Path(os.path.realpath(path))
    _writable_folder(str(path), target.parent, f"; {instead}" if instead else "")
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as e:
        raise NotAFile(f"cannot write '{path}': {e.strerror}") from None
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode) else \
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not an ordinary file"
        raise NotAFile(f"'{path}' is {what}: ruleforge writes only ordinary files")
    if read_only(mode):
        raise NotAFile(f"'{path}' is read-only: ruleforge does not write over a read-only file; make it writable "
                       f"(chmod u+w {shlex.quote(str(path))}) or {instead or 'write to another file'}")
    if not os.access(target, os.W_OK):  # (another's file, say: the rename would replace it all the same)
        raise NotAFile(f"cannot write '{path}': Permission denied; {instead or 'write to another file'}")
    return target


def read_only(mode: int) -> bool:
    """A file or folder no one may write by its mode: its owner made it read-only. The
    mode is read, not only os.access asked, because the file is replaced by a rename,
    which its mode does not stop, and root may write anything: its owner's wish is
    what counts (`chmod a-w game.jsonl` keeps a game's log as it is)."""
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _writable_folder(path: str, folder: Path, hint: str) -> None:
    """NotAFile unless the folder `path` is written in is there, a folder, and not
    read-only: said before the work starts (the temporary file beside the target is
    made there), naming the folder as the user wrote it when they did; `hint` follows
    a folder that cannot be written."""
    written = os.path.dirname(path)
    shown = written if written and os.path.realpath(written) == str(folder) else str(folder)
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        raise NotAFile(f"there is no folder '{shown}' to write '{path}' in") from None
    except OSError as e:  # (a part of the path that is no folder, one that cannot be searched)
        raise NotAFile(f"cannot write '{path}': {e.strerror}") from None
    if not stat.S_ISDIR(mode):
        raise NotAFile(f"cannot write '{path}': '{shown}' is a file, not a folder")
    if read_only(mode):
        raise NotAFile(f"cannot write '{path}': the folder '{shown}' is read-only{hint}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise NotAFile(f"cannot write '{path}': the folder '{shown}' cannot be written in (Permission denied){hint}")


def private_to_ordinary(tmp: str) -> None:
    """mkstemp makes a file only its owner can read; a result is an ordinary file, its
    mode as the umask says (as `open` would make it)."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)


def atomic_write(path: str, data: bytes) -> None:
    """Write `data` to `path` whole or not at all; an error names `path`, not the
    temporary file beside it."""
    try:
        target = ordinary_target(path)
    except NotAFile as e:
        raise OSError(0, str(e), path) from None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    except OSError as e:
        raise OSError(e.errno, f"cannot write the file ({e.strerror})", path) from None
    try:
        private_to_ordinary(tmp)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise OSError(e.errno, f"cannot write the file ({e.strerror})", path) from None
        raise


def length_line(s: dict) -> str:
    """Decisions, turns and rounds: a designer of a trick game read 'rounds' as hands, so
    the line says what a round is (docs/language.md: one pass of the turn order). `run
    --games` and `analyze` say it alike."""
    def figures(x: dict) -> str:
        return f"{x['mean']:.1f} {{}} (median {x['median']:.0f}, 10%-90% {x['p10']:.0f}-{x['p90']:.0f})"
    length = s["length"]
    turns = f"; {figures(length['turns']).format('turns')}" if length.get("turns") else ""
    return (f"Length: {figures(length['decisions']).format('decisions on average')}{turns}; "
            f"{figures(length['rounds']).format('rounds')}, a round being a turn for each player round the "
            "table, not a hand")


def write_results(path: str, summary: dict, outcomes: list) -> None:
    """`.json`: the summary and every game; `.csv`: one row per game."""
    if path.lower().endswith(".csv"):
        buf = io.StringIO()
        if summary.get("partial"):  # a CSV reader skips it with comment="#"; a person sees it first
            p = summary["partial"]
            buf.write(f"# partial: interrupted after {p['played']} of {count(p['requested'], 'game')}\n")
        w = csv.writer(buf)
        pays = bool(summary.get("payoffs"))  # a column only for a game that declares a payoff
        w.writerow(["game", "seed", "winners", "ending", "decisions", "rounds", "turns"] + (["payoffs"] if pays else []))
        for o in outcomes:
            # winners by seat name, split by ";" (a name may hold a space: "player 1")
            w.writerow([o.index, o.seed, ";".join(summary["seats"][s]["name"] for s in o.winners),
                        o.ending, o.decisions, o.rounds, o.turns]
                       + ([" ".join(str(v) for v in o.payoffs or ())] if pays else []))
        atomic_write(path, buf.getvalue().encode("utf-8"))
    else:
        doc = dict(summary, outcomes=[o.to_json() for o in outcomes])
        atomic_write(path, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save_png(fig, path: str) -> None:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    atomic_write(path, buf.getvalue())


def plot_summary(path: str, summary: dict, outcomes: list) -> None:
    """Win rate per seat with its interval, and the histogram of game lengths."""
    plt = pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    seats = summary["seats"]
    rates = [s["win_rate"] for s in seats]
    # (clamped: an interval's ends are rounded, and a negative error bar stops matplotlib)
    errs = [[max(0.0, s["win_rate"] - s["ci95"][0]) for s in seats],
            [max(0.0, s["ci95"][1] - s["win_rate"]) for s in seats]]
    a.bar([s["title"] for s in seats], rates, yerr=errs, capsize=6, color="#4c72b0")
    a.set_ylim(0, 1)
    a.set_ylabel("win rate (95% CI)")
    a.set_title(f"{summary['game']}: {count(summary['games'], 'game')}{_partial(summary)}, {summary['agents']}")
    lengths = [o.decisions for o in outcomes if o.error is None]
    b.hist(lengths, bins=whole_bins(lengths), color="#55a868")
    b.set_xlabel("decisions per game")
    b.set_ylabel("games")
    b.set_title("game length")
    fig.tight_layout()
    save_png(fig, path)
    plt.close(fig)


def whole_bins(values: list, most: int = 30) -> list:
    """Histogram bins for whole numbers: each bin the same count of whole numbers, at most
    `most` bins. Thirty bins of equal width over 1 to 69 hold 3 whole numbers in some and 2
    in others, and the bars striped with it: a pattern of the binning, not of the game."""
    if not values:
        return [0, 1]
    low, high = min(values), max(values)
    width = -(-(high - low + 1) // most)  # whole numbers a bin, rounded up
    return [low - 0.5 + width * k for k in range(-(-(high - low + 1) // width) + 1)]


def plot_series(path: str, title: str, xlabel: str, labels: list, series: dict) -> None:
    """Win rate (with interval) of each seat across variants or parameter values.

    series: seat title -> [(rate, (low, high)), ...] in the order of `labels`.
    """
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    xs = list(range(len(labels)))
    for name, points in series.items():
        rates = [p[0] for p in points]
        errs = [[p[0] - p[1][0] for p in points], [p[1][1] - p[0] for p in points]]
        ax.errorbar(xs, rates, yerr=errs, marker="o", capsize=5, label=name)
    ax.set_xticks(xs, [str(x) for x in labels])
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    save_png(fig, path)
    plt.close(fig)
