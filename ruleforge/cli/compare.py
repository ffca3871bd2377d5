"""`ruleforge compare`: variants against a base on the same seeds."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import click

from ..lang.plural import count
from ..lang.printable import markup, plain
from .common import _check_out, _check_scheduler, _load, _simulate, max_decisions_option
from .group import cli


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
@max_decisions_option
def compare(base, variants, games, agents, players, seed, jobs, sets, out, plot, scheduler, max_decisions) -> None:
    """Compare variants with a base game on the same seeds: win rates and their differences.

    \b
    Examples:
      ruleforge compare mygame.rules variants/big-hands.rules --games 2000
      ruleforge compare mygame.rules variants/*.rules --seed 1 --out cmp.json --plot cmp.png
    """
    from rich.table import Table
    from ..drivers.compare import paired_difference
    from ..drivers.report import ci, pct, plot_series, _atomic_write
    _check_out(out, (".json",), "--out")
    _check_out(plot, (".png",), "--plot")
    _check_scheduler(scheduler)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    base_game, base_checked = _load(base, sets, players)
    seats = base_game.seat_titles
    checked = {}
    for f in variants:  # checked before any game is played
        other, checked[f] = _load(f, sets, players)
        if other.seat_titles != seats:
            raise click.UsageError(plain(f"{f} has seats {other.seat_titles}, but {base} has {seats}: only games "
                                         "with the same seats can be compared"))
    runs = []
    for f in (base, *variants):
        game, outcomes, summary = _simulate(f, sets, players, games, agents, jobs, seed, scheduler,
                                            max_decisions=max_decisions)
        runs.append((f, game, outcomes, summary))
    from ..drivers.report import _console
    console = _console()
    click.echo(f"seed {seed}; {count(games, 'paired game')} per file (game i uses the same seed in every file)")
    t = Table(title="Win rates", title_justify="left")
    t.add_column("File")
    for title in seats:
        t.add_column(markup(title), justify="right")
    t.add_column("decisions", justify="right")
    for f, game, outcomes, s in runs:
        t.add_row(markup(f), *[f"{pct(x['win_rate'])} {ci(x['ci95'])}" for x in s["seats"]],
                  f"{s['length']['decisions'].get('mean', 0):.1f}")
    console.print(t)
    d = Table(title=markup(f"Difference from {base} (paired, 95% CI)"), title_justify="left")
    d.add_column("Variant")
    d.add_column("Seat")
    d.add_column("Difference", justify="right")
    d.add_column("95% CI", justify="right")
    d.add_column("Verdict")
    diffs = []
    for f, game, outcomes, s in runs[1:]:
        for seat, title in enumerate(seats):
            diff = paired_difference(runs[0][2], outcomes, seat)
            # a seat by number from 1, name and title, as in the summaries' "seats"
            diffs.append({"variant": f, "seat": seat + 1, "name": base_game.seat_names[seat], "title": title, **diff})
            verdict = "significant" if diff["significant"] else "not significant"
            d.add_row(markup(f), markup(title), f"{100 * diff['difference']:+.1f} pts",
                      f"[{100 * diff['ci95'][0]:+.1f}, {100 * diff['ci95'][1]:+.1f}]",
                      f"[bold]{verdict}[/]" if diff["significant"] else verdict)
    console.print(d)
    payoff_diffs = _payoffs(console, base, base_game, runs)
    changes = _changes(console, base, base_checked, runs, checked)
    if out:
        import json
        doc = {"base": base, "variants": list(variants), "seed": seed, "games": games, "agents": agents or "random",
               "summaries": {f: s for f, _, _, s in runs}, "differences": diffs, "changes": changes}
        if payoff_diffs:
            doc["payoff_differences"] = payoff_diffs
        _atomic_write(out, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
        click.echo(f"results written to {plain(out)}")
    if plot:
        labels = [Path(f).stem for f, *_ in runs]
        series = {title: [(s["seats"][i]["win_rate"], s["seats"][i]["ci95"]) for _, _, _, s in runs]
                  for i, title in enumerate(seats)}
        plot_series(plot, "Win rate by variant", "rule file", labels, series)
        click.echo(f"plot written to {plain(plot)}")


def _payoffs(console, base, base_game, runs) -> list:
    """The mean payoff per seat in each file, and each variant's paired difference from the
    base, for the files that declare a payoff (nothing is printed when none does)."""
    from rich.table import Table
    from ..drivers.compare import paired_payoff_difference
    from ..drivers.report import interval, number
    if not any(s.get("payoffs") for *_, s in runs):
        return []
    seats = base_game.seat_titles
    t = Table(title="Payoffs (mean per game, 95% CI)", title_justify="left")
    t.add_column("File")
    for title in seats:
        t.add_column(markup(title), justify="right")
    for f, game, outcomes, s in runs:
        cells = [f"{number(x['mean'])} {interval(x['ci95'])}" for x in s["payoffs"]] if s.get("payoffs") else \
            ["no payoff"] * len(seats)
        t.add_row(markup(f), *cells)
    console.print(t)
    d = Table(title=markup(f"Payoff difference from {base} (paired, 95% CI)"), title_justify="left")
    for col in ("Variant", "Seat", "Difference", "95% CI", "Verdict"):
        d.add_column(col, justify="right" if col in ("Difference", "95% CI") else "left")
    out = []
    for f, game, outcomes, s in runs[1:]:
        if not (s.get("payoffs") and runs[0][3].get("payoffs")):
            continue  # a payoff in one file only: nothing to pair
        for seat, title in enumerate(seats):
            diff = paired_payoff_difference(runs[0][2], outcomes, seat)
            out.append({"variant": f, "seat": seat + 1, "name": base_game.seat_names[seat], "title": title, **diff})
            verdict = "significant" if diff["significant"] else "not significant"
            d.add_row(markup(f), markup(title), number(diff["difference"]), interval(diff["ci95"]),
                      f"[bold]{verdict}[/]" if diff["significant"] else verdict)
    if out:
        console.print(d)
    return out


def _changes(console, base, base_checked, runs, checked) -> dict:
    """What differs between the base and each variant, how often each of those rules
    fired in either file, and whether the games came out any differently."""
    from rich.table import Table
    from ..drivers.compare import firings, rule_changes, same_outcomes
    from ..lang.printable import markup, plain
    base_outcomes = runs[0][2]
    t = Table(title=f"What differs from {markup(base)}, and how often it fired", title_justify="left")
    for col in ("Variant", "Rule", "Change", "Fired in base", "Fired in variant"):
        t.add_column(col)
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
            if c.keys and fired[0][0] == fired[1][0] == 0:
                notes.append(f"{f}: {c.label} ({change}) never fired in these {count(len(outcomes), 'game')}: "
                             "they say nothing about it")
        if not changes:
            notes.append(f"{f}: nothing differs from {base}: no rule, card or parameter")
        same, n = same_outcomes(base_outcomes, outcomes), len(outcomes)
        if same == n:
            notes.append(f"{f}: all {count(n, 'paired game')} came out exactly as in {base} "
                         "(the same winners, ending, length and rules fired)")
        else:
            notes.append(f"{f}: {n - same} of {count(n, 'paired game')} came out differently from {base}")
    if t.rows:
        console.print(t)
    for line in notes:  # plain lines: a console would wrap them
        click.echo(plain(line))
    return doc


def _fired(x) -> str:
    if x is None:
        return "not counted"
    times, games = x
    return "never" if times == 0 else f"{count(times, 'time')} in {count(games, 'game')}"


def _fired_json(x):
    return None if x is None else {"times": x[0], "games": x[1]}
