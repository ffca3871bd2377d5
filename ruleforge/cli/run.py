"""`ruleforge run`: one narrated game, a match, or a simulation of many (and sweeps)."""

from __future__ import annotations

import os
import secrets
import sys

import click

from ..lang.plural import count
from ..lang.printable import markup, plain
from .common import (AtomicWriter, EXIT_PROBLEM, SEED, check_agents, check_out, check_scheduler, load_rule_file,
                     max_decisions_option, refuse_rule_file_target, same_game, say_rule_errors, simulate)
from .group import cli

EXIT_INTERRUPTED = 130


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seed", type=SEED, default=None, help="The seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as JSON Lines to this file.")
@click.option("--match", is_flag=True, help="Play a whole match, as the rule file's match rule says (with --games: that many matches).")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players, for games that allow several.")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=None,
              help="Simulate this many games and report statistics instead of narrating one.")
@click.option("--agents", default=None, metavar="SPEC",
              help="Bots per seat or role, e.g. north=ismcts:500,south=random (default: random); "
                   "ISMCTS options follow the budget: ismcts:1000:widen=2 (docs/agents.md).")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes to play on (default: all cores).")
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="Write results to .json or .csv.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw the results into a .png.")
@click.option("--sweep", "sweeps", multiple=True, metavar="NAME=V1,V2,...",
              help="Simulate once per value of a parameter.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
@max_decisions_option
def run(file: str, seed: int | None, sets, log_path: str | None, match: bool, players: int | None,
        games: int | None, agents: str | None, jobs: int | None, out: str | None, plot: str | None,
        sweeps: tuple[str, ...], scheduler: str | None, max_decisions: int | None) -> None:
    """Play one narrated game (or a match) between bots, or simulate many with --games.

    Ctrl-C during --games keeps the games played so far: their summary is shown and
    written to --out and --plot, marked partial, and the exit code is 130.

    \b
    Examples:
      ruleforge run mygame.rules --seed 7
      ruleforge run mygame.rules --seed 7 --log game.jsonl
      ruleforge run mygame.rules --match
      ruleforge run mygame.rules --match --games 500
      ruleforge run mygame.rules --games 2000 --out results.csv --plot results.png
      ruleforge run mygame.rules --games 200 --agents north=ismcts:200,south=random
      ruleforge run mygame.rules --sweep hand_size=3,4,5,6 --games 500
    """
    if len(sweeps) > 1:  # (the last one won, silently)
        raise click.UsageError("one --sweep at a time: a sweep varies one parameter")
    sweep = sweeps[0] if sweeps else None
    if match and games is not None and not log_path and sweep is None:  # N matches: who wins them
        from .run_matches import refuse, simulate_matches
        refuse(out, plot, scheduler)
        seed = seed if seed is not None else secrets.randbelow(2**31)
        return simulate_matches(file, sets, players, games, agents, jobs or os.cpu_count() or 1, seed, max_decisions)
    if games is not None or sweep is not None:
        if log_path or match:
            raise click.UsageError(_one_game_only(log_path is not None, match, games is not None, sweep is not None))
        check_out(out, (".json", ".csv"), "--out")
        check_out(plot, (".png",), "--plot")
        check_scheduler(scheduler)
        seed = seed if seed is not None else secrets.randbelow(2**31)
        jobs = jobs or os.cpu_count() or 1
        games = games or 1000
        if sweep:
            return _sweep(file, sets, players, games, agents, jobs, seed, scheduler, sweep, out, plot, max_decisions)
        from ..drivers.report import plot_summary, print_summary, write_results
        game, outcomes, summary = simulate(file, sets, players, games, agents, jobs, seed, scheduler,
                                           max_decisions=max_decisions, partial_ok=True)
        summary["seed"] = seed
        partial = summary.get("partial")
        batch = partial.get("batch") if partial else None
        # (worker processes hand games back `batch` at a time: the games under way in them are lost)
        lost = (f" (the worker processes hand games back {batch} at a time: the games under way in them are lost; "
                "--jobs 1 keeps every game that ended)") if batch else ""
        if partial and not partial["played"]:
            click.echo(("interrupted before any game came back from the worker processes" if batch else
                        "interrupted before the first game ended") + f": nothing to summarise or write{lost}", err=True)
            sys.exit(EXIT_INTERRUPTED)
        if partial:
            click.echo(f"interrupted: partial results of the {count(partial['played'], 'game')} "
                       f"{'that came back' if batch else 'played'} of {games}{lost}", err=True)
        click.echo(f"seed {seed} " + (_not_again(agents, game, seed) or f"(the same results again: --seed {seed})"))
        print_summary(summary)
        _blind_bots(agents, game)
        if out:
            write_results(out, summary, outcomes)
            click.echo(f"{'partial ' if partial else ''}results written to {plain(out)}")
        if plot:
            plot_summary(plot, summary, outcomes)
            click.echo(f"{'partial ' if partial else ''}plot written to {plain(plot)}")
        if partial:
            sys.exit(EXIT_INTERRUPTED)
        if any(o.ending == "error" for o in outcomes):
            sys.exit(EXIT_PROBLEM)  # a game stopped on a rule error or at the decision cap (docs/limits.md)
        return
    if out or plot or scheduler or jobs:
        raise click.UsageError("--out, --plot, --jobs and --scheduler go with --games")
    from ..drivers.agents import parse_agents
    from ..drivers.matches import play_match
    from ..drivers.play import error_record, game_heading, play_game
    game, checked = load_rule_file(file, sets, players)
    if max_decisions is not None:
        game.decision_cap = max_decisions
    check_agents(agents, game)
    if match and game.match is None:
        raise click.UsageError(plain(f"{file} declares no match"), ctx=click.get_current_context())
    if seed is None:
        seed = secrets.randbelow(2**31)
    if log_path:
        refuse_rule_file_target(log_path, "--log", file)
    from ..runtime.values import RuleError
    again = same_game("run", file, seed, [("--players", players), ("--set", sets), ("--agents", agents),
                                          ("--match", match), ("--max-decisions", max_decisions)])

    def say(line: str) -> None:  # narration holds the rule file's text: no control characters
        click.echo(plain(line))
    writer = AtomicWriter(log_path) if log_path is not None else None
    log: list | None = [] if writer else None
    try:  # (from the writer's making on: a SIGTERM before the game began left its temporary file)
        click.echo(plain(game_heading(game, seed)))
        seat_agents = parse_agents(agents, game)
        click.echo(plain("Seats: " + ", ".join(f"{t} (seat {i + 1}, {seat_agents[i].name})"
                                               for i, t in enumerate(game.seat_titles))))
        if match:
            # bots are given per seat (role): whoever takes a role plays it with that bot
            play_match(game, seed, seat_agents, say, log)
        else:
            play_game(game, seed, seat_agents, say, log)
    except RuleError as e:
        if writer:
            end = error_record(e)
            if match and log:  # a match's records name their game: the error is the last one's
                end = {"game": log[-1]["game"], **end}
            writer.write_records(log + [end])
            writer.commit()
        e.again = again  # shown with the error (cli.common.render_runtime_error)
        raise
    except BaseException:
        if writer:
            writer.abandon()
        raise
    if writer:
        writer.write_records(log)
        writer.commit()
        click.echo(f"log written to {plain(log_path)}")
    click.echo(plain(f"(the same game again: {again})"))


def _one_game_only(log: bool, match: bool, games: bool, sweep: bool) -> str:
    """Why --log/--match refuse --games/--sweep, naming only the options given (a designer
    who typed `--match --games 50` was told about a --log they never wrote)."""
    many = " and ".join(name for name, given in [("--games", games), ("--sweep", sweep)] if given)
    if log and match:
        return f"--log and --match record one narrated match; they cannot be used with {many}"
    if match:  # (only --sweep is left: --match --games plays N matches)
        return ("--match cannot be used with --sweep: matches are played at one setting of the parameters "
                "(run --match --games N once a value, with --set NAME=VALUE)")
    return f"--log records one narrated game; it cannot be used with {many}"


MAX_SWEEP_VALUES = 100  # values of one --sweep, each a whole simulation


def _sweep(file, sets, players, games, agents, jobs, seed, scheduler, sweep, out, plot, max_decisions=None):
    from rich.table import Table
    from ..drivers.report import atomic_write, ci, pct, plot_series
    name, sep, values = sweep.partition("=")
    name = name.strip()
    if not sep or not values.strip():
        raise click.BadParameter(f"'{sweep}' is not NAME=V1,V2,...", param_hint="'--sweep'")
    # A list parameter takes values separated by ';' in a sweep (its items use ',').
    game, checked = load_rule_file(file, sets, players)
    if name not in checked.params:
        from ..lang.diagnostics import did_you_mean
        hint = did_you_mean(name, checked.params)
        raise click.BadParameter(f"there is no parameter '{name}'" + (f"; {hint}" if hint else ""),
                                 param_hint="'--sweep'")
    fixed = [x for x in sets if x.partition("=")[0].strip() == name]
    if fixed:  # (the sweep's values won, silently)
        raise click.UsageError(f"--set {plain(fixed[0])} and --sweep {plain(name)}=... both give '{plain(name)}': "
                               "leave one out")
    is_list = checked.param_types[name].is_list
    parts = [v.strip() for v in values.split(";" if is_list else ",")]
    if any(not v for v in parts) and any(parts):  # `1,,2`: a value left out, not nothing
        raise click.BadParameter(f"'{sweep}' has an empty value: write NAME=V1,V2,..."
                                 + (" (values of a list parameter are separated by ';'; '[]' is the empty list)"
                                    if is_list else ""), param_hint="'--sweep'")
    options = [v for v in parts if v]
    if not options:
        raise click.BadParameter(f"'{sweep}' gives no values for {name}: write NAME=V1,V2,..."
                                 + (" (values of a list parameter are separated by ';')" if is_list else ""),
                                 param_hint="'--sweep'")
    twice = next((v for i, v in enumerate(options) if v in options[:i]), None)
    if twice is not None:  # (the same simulation twice, shown as two points)
        raise click.BadParameter(f"'{sweep}' gives {name}={twice} twice: give each value once", param_hint="'--sweep'")
    if len(options) > MAX_SWEEP_VALUES:
        raise click.BadParameter(f"{len(options)} values: a sweep takes at most {MAX_SWEEP_VALUES} "
                                 "(MAX_SWEEP_VALUES in ruleforge/cli/run.py)", param_hint="'--sweep'")
    r = checked.param_ranges.get(name)
    outside = [v for v in options if r is not None and v.lstrip("-").isdigit() and not r.holds(int(v))]
    if outside:
        raise click.BadParameter(f"{name}={outside[0]} is outside the range of '{name}', {r.low} to {r.high}, "
                                 f"declared at {r.where(file)}", param_hint="'--sweep'")
    from ..lang.diagnostics import RuleFileError
    for v in options:  # every value is checked before any game is played
        try:
            load_rule_file(file, tuple(sets) + (f"{name}={v}",), players)
        except RuleFileError as e:
            e.given_by(f"--set {name}=", f"--sweep {name}=")
            raise
    results = []
    for v in options:
        game, outcomes, summary = simulate(file, tuple(sets) + (f"{name}={v}",), players, games, agents,
                                           jobs, seed, scheduler, max_decisions=max_decisions, partial_ok=True)
        if "partial" in summary:  # Ctrl-C: the values done stand; the one cut short is left out
            break
        results.append((v, summary))
    stopped, values_asked = len(results) < len(options), list(options)
    if stopped:
        if not results:
            click.echo(f"interrupted: no value of {plain(name)} was played through, so nothing is written",
                       err=True)
            sys.exit(130)
        click.echo(f"interrupted: partial results, {count(len(results), 'value')} of {len(options)} played through "
                   f"({plain(name)}={', '.join(plain(v) for v, _ in results)})", err=True)
        options = [v for v, _ in results]
    t = Table(title=markup(f"{game.title}: {name} swept, {count(games, 'game')} each, seed {seed}"), title_justify="left")
    t.add_column(markup(name))
    for seat in results[0][1]["seats"]:
        t.add_column(markup(f"{seat['title']} wins"), justify="right")
    pays = all(s.get("payoffs") for _, s in results)  # a game with a payoff: its mean per seat too
    if pays:
        from ..drivers.report import interval, number
        for seat in results[0][1]["seats"]:
            t.add_column(markup(f"{seat['title']} payoff"), justify="right")
    t.add_column("decisions", justify="right")
    t.add_column("most common ending")
    for v, s in results:
        ending = next(iter(s["endings"]), "-")
        t.add_row(markup(v), *[f"{pct(x['win_rate'])} {ci(x['ci95'])}" for x in s["seats"]],
                  *([f"{number(x['mean'])} {interval(x)}" for x in s["payoffs"]] if pays else []),
                  f"{s['length']['decisions'].get('mean', 0):.1f}", markup(ending))
    from ..drivers.report import new_console
    new_console().print(t)
    if out:
        import json
        doc = {"sweep": name, "values": options, "seed": seed, "games": games,
               "results": [dict(s, value=v) for v, s in results]}
        if stopped:
            doc["partial"] = {"values_played": len(results), "values_requested": len(values_asked)}
        if out.lower().endswith(".csv"):  # (csv quotes a list's value: `5,7` was two columns)
            import csv
            import io
            buf = io.StringIO()
            if stopped:  # as run's partial CSV (pandas.read_csv(..., comment="#") skips it)
                buf.write(f"# partial: interrupted after {len(results)} of {len(values_asked)} values\n")
            w = csv.writer(buf, lineterminator="\n")
            # each win rate with its 95% interval, and the games it is of (what a plot
            # of the sweep needs for its error bars)
            w.writerow([name, "games"] + [f"{x['name']} {col}" for x in results[0][1]["seats"]
                                          for col in ("win rate", "95% low", "95% high")] + ["mean decisions"])
            for v, s in results:
                w.writerow([v, s["games"] - s["errors"]]
                           + [f"{f:.4f}" for x in s["seats"] for f in (x["win_rate"], *x["ci95"])]
                           + [f"{s['length']['decisions'].get('mean', 0):.2f}"])
            atomic_write(out, buf.getvalue().encode())
        else:
            atomic_write(out, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
        click.echo(f"{'partial ' if stopped else ''}results written to {plain(out)}")
    if plot:
        series = {}
        for seat_i, seat in enumerate(results[0][1]["seats"]):
            series[seat["title"]] = [(s["seats"][seat_i]["win_rate"], s["seats"][seat_i]["ci95"]) for _, s in results]
        plot_series(plot, f"{game.title}: win rate by {name}", name, options, series)
        click.echo(f"plot written to {plain(plot)}")
    if say_rule_errors([(f"{name}={v}", s) for v, s in results]):
        sys.exit(EXIT_PROBLEM)  # a game stopped on a rule error or at the decision cap (docs/limits.md)
    if stopped:
        sys.exit(130)


def _blind_bots(agents, game) -> None:
    """Say so when the bots cannot judge a position (agents.blind_greedy_note)."""
    from ..drivers.agents import blind_greedy_note
    note = blind_greedy_note(agents, game)
    if note:
        click.echo(plain(note), err=True)


def _not_again(agents, game, seed: int) -> str | None:
    """Why the same seed would not give the same results, if it would not: a search by
    time (ismcts:200ms) does as much as the machine lets it in that time."""
    from ..drivers.agents import parse_agents
    if any(getattr(a, "millis", None) for a in parse_agents(agents, game)):
        return (f"(the same deals again: --seed {seed}; not the same results: a search by time, ismcts:Nms, does "
                "what the machine's speed lets it, so give iterations, ismcts:N, for results that repeat)")
    return None
