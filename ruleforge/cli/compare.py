"""`ruleforge compare`: variants against a base on the same seeds."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

import click

from ..lang.plural import count
from ..lang.printable import markup, plain
from .common import (EXIT_PROBLEM, SEED, check_out, check_scheduler, load_rule_file, max_decisions_option,
                     say_rule_errors, simulate)
from .group import cli

# compare's default rung: greedy is the cheapest rung that chooses at all (a game of the
# two-player launch game costs it about 10 ms, against 1.5 s at ismcts:100), and the rung
# below, random, on which its verdict is checked, costs less again. (Named here, not in
# drivers/: `check` imports this module and loads no driver.)
COMPARE_RUNG = "greedy"


@cli.command()
@click.argument("base", type=click.Path(dir_okay=False))
@click.argument("variants", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--agents", default=COMPARE_RUNG, show_default=True, metavar="RUNG",
              help="The bots: a rung of the bot ladder (docs/agents.md), or bots per seat or role as "
                   "run takes them (dealer=ismcts:200,player=random).")
@click.option("--rung-check/--no-rung-check", default=True, show_default=True,
              help="Play the same seeds again at the rung below, and warn when the verdict changes.")
@click.option("--players", type=click.IntRange(1, 16), default=None)
@click.option("--seed", type=SEED, default=None, help="The seed (random when not given).")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes (default: all cores).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter in every file.")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="Write results to .json.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw win rates into a .png.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
@max_decisions_option
def compare(base, variants, games, agents, rung_check, players, seed, jobs, sets, out, plot, scheduler,
            max_decisions) -> None:
    """Compare variants with a base game on the same seeds: win rates and their differences.

    The bots are a rung of the ladder (greedy unless --agents names another). The same
    seeds are played again at the rung below (it costs less: weaker bots), and compare
    warns when a verdict (a significant gain, a significant loss, or no significant
    difference) is not the same at both rungs: the bots' strength then decides it. It
    also warns when a rule that differs never fired.

    \b
    Examples:
      ruleforge compare mygame.rules variants/big-hands.rules --games 2000
      ruleforge compare mygame.rules variants/*.rules --seed 1 --out cmp.json --plot cmp.png
      ruleforge compare mygame.rules variants/big-hands.rules --agents ismcts:100 --games 200
      ruleforge compare mygame.rules variants/big-hands.rules --agents random --no-rung-check
    """
    from rich.table import Table
    from ..drivers.ladder import LADDER, rung_below
    from ..drivers.report import atomic_write, ci, pct, plot_series
    check_out(out, (".json",), "--out")
    check_out(plot, (".png",), "--plot")
    check_scheduler(scheduler)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    base_game, base_checked = load_rule_file(base, sets, players)
    seats = _seats(base_game)
    checked = {}
    for f in variants:  # checked before any game is played
        other, checked[f] = load_rule_file(f, sets, players)
        if other.cooperative != base_game.cooperative:
            coop, comp = (f, base) if other.cooperative else (base, f)
            raise click.UsageError(plain(f"{coop} is a cooperative game and {comp} is not: a team's win rate and "
                                         "each seat's cannot be compared"))
        if other.seat_titles != base_game.seat_titles:
            raise click.UsageError(plain(f"{f} has seats {', '.join(other.seat_titles)}, but {base} has "
                                         f"{', '.join(seats)}: only games with the same seats can be compared"))
        if not _related(base, base_game, base_checked, f, other, checked[f]):
            click.echo(plain(f"warning: {f} ({other.title}) neither extends {base} nor has its title "
                             f"({base_game.title}): two different games dealt by the same seeds, whose paired "
                             "differences say little about either"), err=True)
    for line in _sets_that_hide_changes(base, variants, sets):
        click.echo(plain(line), err=True)
    rung = agents.strip() if agents.strip() in LADDER else None
    below = rung_below(rung) if rung and rung_check else None
    runs, played = _play(base, variants, sets, players, games, agents, jobs, seed, scheduler, max_decisions)
    if played == 0:  # Ctrl-C before every file had played a game: nothing to pair
        click.echo("interrupted: no game was played in every file, so there is nothing to compare", err=True)
        sys.exit(130)
    interrupted = played < games
    if interrupted:  # what was played is compared: the first `played` pairs
        click.echo(f"interrupted: partial results of the {count(played, 'pair')} played in every file, of "
                   f"{games}", err=True)
        games, below = played, None
    from ..drivers.report import new_console
    console = new_console()
    click.echo(f"seed {seed}; {count(games, 'paired game')} per file (game i uses the same seed in every file)")
    click.echo(plain(_bots_line(agents, rung, below, rung_check)))
    from ..drivers.agents import blind_greedy_note
    note = blind_greedy_note(agents, base_game)
    if note:
        click.echo(plain(note), err=True)
    t = Table(title=f"Win rates, {plain(agents)} bots", title_justify="left")
    t.add_column("File", overflow=_overflow("File"))
    for title in seats:
        t.add_column(markup(title), justify="right")
    # the games no seat won alone (a tie, or nobody), when there are any: the win rates
    # then add up to less than 100%, and two seats may both do worse
    # (in a cooperative game a game nobody won is the team's loss, in its win rate already)
    unsettled = [0.0 if base_game.cooperative else _no_sole_winner(s) for *_, s in runs]
    if any(unsettled):
        t.add_column("no sole winner", justify="right")
    t.add_column("decisions", justify="right")
    for (f, game, outcomes, s), none in zip(runs, unsettled):
        t.add_row(markup(f), *[f"{pct(x['win_rate'])} {ci(x['ci95'])}" for x in s["seats"]],
                  *([pct(none)] if any(unsettled) else []), f"{s['length']['decisions'].get('mean', 0):.1f}")
    console.print(_fit(console, t))
    d = Table(title=markup(f"Difference from {base} (paired, 95% CI)"), title_justify="left")
    d.add_column("Variant", overflow=_overflow("Variant"))
    d.add_column("Seat")
    d.add_column("Difference", justify="right")
    d.add_column("95% CI", justify="right")
    d.add_column("Verdict")
    diffs = _win_differences(runs, base_game)
    for diff in diffs:
        verdict = "significant" if diff["significant"] else "not significant"
        d.add_row(markup(diff["variant"]), markup(diff["title"]), f"{100 * diff['difference']:+.1f} pts",
                  f"[{100 * diff['ci95'][0]:+.1f}, {100 * diff['ci95'][1]:+.1f}]",
                  f"[bold]{verdict}[/]" if diff["significant"] else verdict)
    console.print(_fit(console, d))
    payoff_diffs = _payoffs(console, base, base_game, runs)
    warnings: list = []
    checked_diffs = None
    if below:
        low, low_played = _play(base, variants, sets, players, games, below, jobs, seed, scheduler, max_decisions)
        if low_played < games:  # Ctrl-C during the check: the results at the named rung stand
            click.echo(f"interrupted: the check at {below} was not finished; the results above stand", err=True)
            interrupted, below = True, None
    if below:
        checked_diffs = _rung_check(console, base, rung, below, diffs + payoff_diffs,
                                    _win_differences(low, base_game) + _payoff_differences(low, base_game),
                                    games, warnings)
    changes = _changes(console, base, base_checked, runs, checked, agents, warnings)
    warnings = _bots_only(base, base_checked, checked, warnings)
    warnings += _stopped_apart(runs, agents)
    for w in warnings:  # plain lines: a console would wrap them
        click.echo(plain(f"warning: {w['message']}"))
    if out:
        import json
        doc = {"base": base, "variants": list(variants), "seed": seed, "games": games, "agents": agents,
               "rung": rung, "check_rung": below,
               "summaries": {f: s for f, _, _, s in runs}, "differences": diffs, "changes": changes,
               "warnings": warnings,
               # every game of every file, game i of each from the same seed: the pairs
               # themselves, for an analysis of one's own (as run --out writes a run's)
               "outcomes": {f: [o.to_json() for o in outcomes] for f, _, outcomes, _ in runs}}
        if payoff_diffs:
            doc["payoff_differences"] = payoff_diffs
        if checked_diffs is not None:
            doc["check_differences"] = checked_diffs
        atomic_write(out, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
        click.echo(f"{'partial ' if interrupted else ''}results written to {plain(out)}")
    if plot:
        labels = [Path(f).stem for f, *_ in runs]
        series = {title: [(s["seats"][i]["win_rate"], s["seats"][i]["ci95"]) for _, _, _, s in runs]
                  for i, title in enumerate(seats)}
        plot_series(plot, f"Win rate by variant ({agents} bots)", "rule file", labels, series)
        click.echo(f"plot written to {plain(plot)}")
    checked_runs = [(f"{f}, {agents} bots", s) for f, _, _, s in runs]
    checked_runs += [(f"{f}, {below} bots", s) for f, _, _, s in low] if below else []
    if say_rule_errors(checked_runs):
        sys.exit(EXIT_PROBLEM)  # a game stopped on a rule error or at the decision cap (docs/limits.md)
    if interrupted:
        sys.exit(130)


def _stopped_apart(runs, agents: str) -> list:
    """A warning for each variant whose games stopped (a rule error, or no end within the
    decision cap) on other seeds than the base's: its differences are over the pairs where
    both games ended, and a variant whose games stall far more often has told something the
    pairs leave out (a fresh reader's Lost Cities: 11 of 60 against 1 of 60)."""
    (base, _, b_out, b), *rest = runs
    found = []
    for f, _, v_out, v in rest:
        apart = sum(1 for x, y in zip(b_out, v_out) if (x.error is None) != (y.error is None))
        if apart:
            both = sum(1 for x, y in zip(b_out, v_out) if x.error is None and y.error is None)
            found.append({"kind": "stopped apart", "variant": f, "message": (
                f"{f}: {v['errors']} of its games stopped before an end with {agents} bots, against "
                f"{b['errors']} in {base}; the differences are over the {count(both, 'pair')} where both "
                "games ended, and how often a file's games stop is itself a difference they leave out")})
    return found


def _play(base, variants, sets, players, games, agents, jobs, seed, scheduler, max_decisions) -> tuple[list, int]:
    """Each file's games, and how many pairs every file played: fewer than `games` after
    Ctrl-C, when the runs are cut to the pairs played in all of them (the files not
    reached yet: none)."""
    from ..drivers.simulate import summarize
    runs = []
    for f in (base, *variants):
        # (the progress lines say which file and which bots: a compare plays several runs)
        game, outcomes, summary = simulate(f, sets, players, games, agents, jobs, seed, scheduler,
                                           label=f"{Path(f).name}, {agents}", max_decisions=max_decisions,
                                           partial_ok=True)
        runs.append((f, game, outcomes, summary))
        if "partial" in summary:  # Ctrl-C: the games of every file so far, cut to the pairs
            if len(runs) < 1 + len(variants) or not outcomes:
                return runs, 0
            k = len(outcomes)
            return [(f, g, o[:k], dict(summarize(g, o[:k], agents), partial={"played": k, "requested": games}))
                    for f, g, o, _ in runs], k
    return runs, games


def _seats(game) -> list:
    """The columns of the win rates: the seats, or a cooperative game's one team."""
    from ..drivers.simulate import TEAM
    return [TEAM] if game.cooperative else list(game.seat_titles)


def _seat_names(game) -> list:
    return ["team"] if game.cooperative else list(game.seat_names)


def _no_sole_winner(s: dict) -> float:
    """The share of a file's ended games that no seat won alone."""
    ended = s["games"] - s["errors"]
    return (ended - sum(x["wins"] for x in s["seats"])) / ended if ended else 0.0


def _bots_line(agents: str, rung, below, rung_check: bool) -> str:
    from ..drivers.ladder import LADDER
    if rung is None:
        return (f"bots: {agents}, not a rung of the ladder ({' < '.join(LADDER)}): the verdicts are not "
                "checked against other bots")
    where = f"bots: {rung} for every seat, rung {LADDER.index(rung) + 1} of the ladder ({' < '.join(LADDER)})"
    if below:
        return f"{where}; the verdicts are checked at {below}, the rung below, on the same seeds"
    if not rung_check:
        return f"{where}; the verdicts are not checked at another rung (--no-rung-check)"
    return f"{where}; {rung} is the lowest rung: there is none below to check the verdicts at"


def _win_differences(runs, base_game) -> list:
    from ..drivers.compare import paired_difference
    out = []
    for f, game, outcomes, s in runs[1:]:
        for seat, title in enumerate(_seats(base_game)):
            diff = paired_difference(runs[0][2], outcomes, seat, base_game.cooperative)
            # a seat by number from 1, name and title, as in the summaries' "seats"
            out.append({"variant": f, "seat": seat + 1, "name": _seat_names(base_game)[seat], "title": title, **diff})
    return out


def _payoff_differences(runs, base_game) -> list:
    from ..drivers.compare import paired_payoff_difference
    out = []
    for f, game, outcomes, s in runs[1:]:
        if not (s.get("payoffs") and runs[0][3].get("payoffs")):
            continue  # a payoff in one file only: nothing to pair
        for seat, title in enumerate(_seats(base_game)):
            diff = paired_payoff_difference(runs[0][2], outcomes, seat)
            out.append({"variant": f, "seat": seat + 1, "name": _seat_names(base_game)[seat], "title": title,
                        "payoff": True, **diff})
    return out


def _rung_check(console, base, rung, below, diffs, others, games, warnings) -> list:
    """Each verdict at `rung` beside the same comparison at `below` on the same seeds; a
    warning for each variant where one differs."""
    from rich.table import Table
    from ..drivers.compare import verdict, verdicts_differ
    from ..drivers.ladder import LADDER
    from ..drivers.report import interval, number

    def figure(x) -> str:
        if x.get("payoff"):
            return f"{number(x['difference'])} {interval(x)}"
        return f"{100 * x['difference']:+.1f} [{100 * x['ci95'][0]:+.1f}, {100 * x['ci95'][1]:+.1f}]"
    units = " (payoffs: in their units)" if any(d.get("payoff") for d in diffs) else ""
    t = Table(title=markup(f"Verdict by rung: difference from {base} in points{units}, "
                           "95% CI, the same seeds"), title_justify="left")
    for col in ("Variant", "Seat", f"{rung} bots", "verdict", f"{below} bots", "verdict"):
        t.add_column(markup(col), justify="right" if col.endswith(" bots") else "left", no_wrap=col != "Variant",
                     overflow=_overflow(col))
    for d, o in zip(diffs, others):
        t.add_row(markup(Path(d["variant"]).name), markup(d["title"] + (" payoff" if d.get("payoff") else "")),
                  figure(d), verdict(d), figure(o), verdict(o))
    console.print(_fit(console, t))
    differ = verdicts_differ(diffs, others)
    i = LADDER.index(rung)
    above = LADDER[i + 1] if i + 1 < len(LADDER) else None
    def said(x) -> str:
        amount = number(x["difference"]) if x.get("payoff") else f"{100 * x['difference']:+.1f} pts"
        return f"{amount} ({'significant' if x['significant'] else 'not significant'})"
    for f in dict.fromkeys(d["variant"] for d, _ in differ):
        seats = [d["title"] + (" payoff" if d.get("payoff") else "") for d, _ in differ if d["variant"] == f]
        told = "; ".join(f"{d['title']}{' payoff' if d.get('payoff') else ''} {said(d)} with {rung} bots, "
                         f"{said(o)} with {below} bots" for d, o in differ if d["variant"] == f)
        warnings.append({"kind": "bots decide", "variant": f, "seats": seats, "message": (
            f"{f}: the bots decide the verdict, on the same {count(games, 'seed')}: {told}; stronger bots "
            "may change it again" + (f" (try --agents {above})" if above else ""))})
    return [dict(o, rung=below) for o in others]


def _payoffs(console, base, base_game, runs) -> list:
    """The mean payoff per seat in each file, and each variant's paired difference from the
    base, for the files that declare a payoff (nothing is printed when none does)."""
    from rich.table import Table
    from ..drivers.report import interval, number
    if not any(s.get("payoffs") for *_, s in runs):
        return []
    seats = _seats(base_game)
    t = Table(title="Payoffs (mean per game, 95% CI)", title_justify="left")
    t.add_column("File", overflow=_overflow("File"))
    for title in seats:
        t.add_column(markup(title), justify="right")
    for f, game, outcomes, s in runs:
        cells = [f"{number(x['mean'])} {interval(x)}" for x in s["payoffs"]] if s.get("payoffs") else \
            ["no payoff"] * len(seats)
        t.add_row(markup(f), *cells)
    console.print(_fit(console, t))
    d = Table(title=markup(f"Payoff difference from {base} (paired, 95% CI)"), title_justify="left")
    for col in ("Variant", "Seat", "Difference", "95% CI", "Verdict"):
        d.add_column(col, justify="right" if col in ("Difference", "95% CI") else "left",
                     overflow=_overflow(col))
    out = _payoff_differences(runs, base_game)
    for diff in out:
        verdict = "significant" if diff["significant"] else "not significant"
        d.add_row(markup(diff["variant"]), markup(diff["title"]), number(diff["difference"]), interval(diff),
                  f"[bold]{verdict}[/]" if diff["significant"] else verdict)
    if out:
        console.print(_fit(console, d))
    return out


def _changes(console, base, base_checked, runs, checked, agents, warnings) -> dict:
    """What differs between the base and each variant, how often each of those rules
    fired in either file, and whether the games came out any differently; a warning for
    a differing rule that fired in neither."""
    from rich.table import Table
    from ..drivers.compare import firings, rule_changes, same_outcomes
    from ..lang.printable import markup, plain
    base_outcomes = runs[0][2]
    t = Table(title=f"What differs from {markup(base)}, and how often it fired", title_justify="left")
    for col in ("Variant", "Rule", "Change", "Fired in base", "Fired in variant"):
        t.add_column(col, overflow=_overflow(col))
    notes, doc = [], {}
    for f, game, outcomes, s in runs[1:]:
        changes = rule_changes(base_checked, checked[f])
        rows = doc[f] = []
        for c in changes:
            fired = [firings(o, c.keys) if c.keys else None for o in (base_outcomes, outcomes)]
            change = c.change + (f", read by {', '.join(c.readers)}" if c.readers else
                                 ", read by nothing" if c.label.startswith("parameter ") else "")
            absent = [c.change == "added", c.change == "only in the base"]
            t.add_row(markup(Path(f).name), markup(c.label), markup(change),
                      *["-" if gone else _fired(x) for x, gone in zip(fired, absent)])
            rows.append({"rule": c.label, "change": c.change, "readers": list(c.readers),
                         "fired": {"base": None if absent[0] else _fired_json(fired[0]),
                                   "variant": None if absent[1] else _fired_json(fired[1])}})
            if c.keys and all(gone or x[0] == 0 for x, gone in zip(fired, absent)):
                warnings.append({"kind": "never fired", "variant": f, "rule": c.label, "message": (
                    f"{f}: {c.label} ({change}) never fired in these {count(len(outcomes), 'game')} with "
                    f"{agents} bots: they say nothing about it")})
        if not changes:
            notes.append(f"{f}: nothing differs from {base}: no rule, card or parameter")
        same, n = same_outcomes(base_outcomes, outcomes), len(outcomes)
        if same == n:
            notes.append(f"{f}: all {count(n, 'paired game')} came out exactly as in {base} "
                         "(the same winners and payoffs, ending, length and rules fired)")
        else:
            notes.append(f"{f}: {n - same} of {count(n, 'paired game')} came out differently from {base}")
    if t.rows:
        console.print(_fit(console, t))
    for line in notes:  # plain lines: a console would wrap them
        click.echo(plain(line))
    return doc


def _bots_only(base: str, base_checked, checked: dict, warnings: list) -> list:
    """For a variant that differs only in what the bots read (its heuristic), one warning
    that says so in place of the rungs' "the bots decide the verdict": random bots read no
    heuristic, so they play the same games in both files by construction, and a stronger
    rung's difference is the bots' judgement, not the design's."""
    from ..drivers.compare import bots_only, rule_changes
    only = [f for f in checked if bots_only(rule_changes(base_checked, checked[f]))]
    said = [{"kind": "bots only", "variant": f, "message": (
        f"{f}: the same game as {base}: only what the bots read differs (the heuristic), and random bots, which "
        "read none, play the very same games in both; a difference measures the bots' judgement, not the "
        "design")} for f in only]
    return said + [w for w in warnings if not (w["kind"] == "bots decide" and w["variant"] in only)]


def _fired(x) -> str:
    if x is None:
        return "not counted"
    times, games = x
    return "never" if times == 0 else f"{count(times, 'time')} in {count(games, 'game')}"


def _fired_json(x):
    return None if x is None else {"times": x[0], "games": x[1]}


def _related(base: str, base_game, base_checked, f: str, other, checked) -> bool:
    """Whether variant `f` is a version of `base`: it has the same title, or one of them
    extends the other (or both extend one file)."""
    if other.title == base_game.title:
        return True
    ours = {os.path.realpath(p) for p in [base, *base_checked.sources]}
    return any(os.path.realpath(p) in ours for p in [f, *checked.sources])


def _sets_that_hide_changes(base: str, variants, sets: tuple) -> list[str]:
    """A warning for each parameter a variant itself changes that `--set` sets in every
    file, base included: the variant's own value is compared no more (a variant whose
    only change it was reads 'nothing differs' after every game is played)."""
    from .common import parse_sets
    from ..load import check_source, read_source
    names = parse_sets(sets)
    if not names:
        return []

    def own(path: str) -> dict:  # the file's parameters as it declares them (checked before: it loads)
        return check_source(*read_source(path), {})[1].params
    ours, out = own(base), []
    for f in variants:
        theirs = own(f)
        for name, value in names.items():
            if name in ours and name in theirs and ours[name] != theirs[name]:
                out.append(f"warning: --set {name}={value.strip()} applies to every file, {base} too: {f}'s own "
                           f"change, {name} = {theirs[name]} ({ours[name]} in {base}), is compared no more; "
                           f"to compare values of {name}, write a variant for each, or try `ruleforge run "
                           f"{base} --sweep {name}={ours[name]},{theirs[name]}`")
    return out


NAME_WIDTH = 12  # the least a file's name gets in a table too wide for the terminal


def _fit(console, table):
    """`table`, its file names kept readable when it is wider than the terminal. rich
    narrows the columns that may wrap, and in the table by rung a name column was the
    only one: at 80 columns 'equal-turns.rules' got 2 characters, down 9 lines. A name
    column gets the room the other columns leave at their full width, but at least a
    third of its longest name and NAME_WIDTH (so it folds onto 3 lines at most); when
    that is too much, the other columns wrap at their spaces, rather than be cut."""
    names = [c for c in table.columns if c.header in ("File", "Variant")]
    if not names:
        return table
    widths = {id(c): max(console.render_str(str(x)).cell_len for x in [c.header, *c.cells]) for c in table.columns}
    pad = table.padding[1] + table.padding[3]
    room = console.width - (len(table.columns) + 1) - pad * len(table.columns)
    if sum(widths.values()) <= room:
        return table
    room = (room - sum(widths.values()) + sum(widths[id(c)] for c in names)) // len(names)
    for column in names:
        longest = widths[id(column)]
        least = min(longest, max(NAME_WIDTH, -(-longest // 3)))
        column.width = max(least, min(room, longest))
    if room < max(c.width for c in names):
        for column in table.columns:
            column.no_wrap = False
    return table


def _overflow(column: str) -> str:
    """A file's name folds onto the next line, never cut to 'games/variants/long-na…'
    (two variants read alike); other cells are cut as rich cuts them."""
    return "fold" if column in ("File", "Variant") else "ellipsis"
