"""`ruleforge analyze`: the design report of a rule file, from simulated games."""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from pathlib import Path

import click

from ..lang.plural import count
from ..lang.printable import plain
from .common import (EXIT_PROBLEM, SEED, check_agents, check_out, load_rule_file, max_decisions_option, parse_sets,
                     refuse_rule_file_target)
from .group import cli

EXIT_INTERRUPTED = 130
DEFAULT_GAMES = 1000        # the main games: balance, length and tension, rules, cards, decisions
MAX_GAMES = 100_000         # the main games' traces are kept until the report is made
DEFAULT_SKILL_GAMES = 120   # each step of the skill trace, shared among the seats
# The main games' bots and the skill trace's rungs are the ladder's (drivers/ladder.py):
# greedy is the weakest bot that plays on purpose; ismcts:100 is the strongest rung the
# defaults can afford on two cores in ten minutes (docs/analyze.md has the times).
DEFAULT_AGENTS_RUNG = 1
DEFAULT_RUNGS = 3


def _default_html(file: str, players: int | None) -> str:
    return f"{Path(file).stem}{f'-{players}p' if players else ''}-analysis.html"


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=DEFAULT_GAMES, show_default=True,
              help="Main games (balance, length and tension, rules, cards, decisions).")
@click.option("--agents", default=None, metavar="SPEC",
              help="The main games' bots: a rung of the ladder for every seat, or per seat "
                   "(north=ismcts:100,south=greedy). Default: greedy.")
@click.option("--rungs", default=None, metavar="R1,R2,...",
              help="The skill trace's rungs, weakest first, or 'none'. Default: random,greedy,ismcts:100.")
@click.option("--skill-games", type=click.IntRange(1, 1_000_000), default=DEFAULT_SKILL_GAMES, show_default=True,
              help="Games at each step of the skill trace, shared among the seats.")
@click.option("--seed", type=SEED, default=None, help="The seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players, for games that allow several.")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes to play on (default: all cores).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None, metavar="PAGE",
              help="Write the report as an HTML page here (default: the rule file's name with -analysis.html, "
                   "or -Np-analysis.html with --players N, such as -4p-analysis.html, in the current folder).")
@click.option("--no-html", is_flag=True, help="Write no HTML page.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None, metavar="OUT",
              help="Also write every figure as JSON.")
@click.option("--plots", "plots_prefix", default=None, metavar="PREFIX",
              help="Also write each plot as a PNG: PREFIX-balance.png, PREFIX-skill.png, ...")
@max_decisions_option
def analyze(file: str, games: int, agents: str | None, rungs: str | None, skill_games: int, seed: int | None,
            sets, players: int | None, jobs: int | None, html_path: str | None, no_html: bool,
            json_path: str | None, plots_prefix: str | None, max_decisions: int | None) -> None:
    """A design report from simulated games: balance, skill, length and tension, rules
    and cards, decisions; in the terminal and as an HTML page with its plots.

    The main games are played by --agents (greedy at every seat unless told); the skill
    trace plays each seat in turn with the stronger bot of each step of --rungs among
    weaker ones, on the same deals. Every figure names its bots and its number of games.
    At the defaults a launch game takes a few minutes on two cores (docs/analyze.md).

    \b
    Examples:
      ruleforge analyze mygame.rules
      ruleforge analyze mygame.rules --players 4 --seed 7
      ruleforge analyze mygame.rules --games 300 --rungs none --no-html
      ruleforge analyze mygame.rules --rungs greedy,ismcts:100,ismcts:1000 --skill-games 400
      ruleforge analyze mygame.rules --html report.html --json report.json
    """
    from ..drivers import skill
    from ..drivers.ladder import LADDER
    if no_html and html_path:
        raise click.UsageError("--html and --no-html say opposite things: give one")
    agents = agents if agents is not None else LADDER[DEFAULT_AGENTS_RUNG]
    rung_text = rungs if rungs is not None else ",".join(LADDER[:DEFAULT_RUNGS])
    try:
        rung_list = skill.parse_rungs(rung_text)
    except ValueError as e:
        raise click.BadParameter(plain(str(e)), param_hint="'--rungs'") from None
    html_path = None if no_html else (html_path or _default_html(file, players))
    check_out(html_path, (".html", ".htm"), "--html")
    check_out(json_path, (".json",), "--json")
    for path, flag in ((html_path, "--html"), (json_path, "--json")):
        if path:
            refuse_rule_file_target(path, flag, file)
    if plots_prefix is not None:
        if plots_prefix.endswith(("/", os.sep)) or os.path.isdir(plots_prefix):
            # ('plots/' wrote plots/-balance.png, a hidden file)
            stem = Path(file).stem
            raise click.BadParameter(plain(f"'{plots_prefix}' is a folder: give the start of the files' names, "
                                           f"such as {os.path.join(plots_prefix, stem)} (which writes "
                                           f"{os.path.join(plots_prefix, stem)}-balance.png and the others)"),
                                     param_hint="'--plots'")
        check_out(plots_prefix + "-balance.png", (".png",), "--plots")
    game, checked = load_rule_file(file, sets, players)
    if max_decisions is not None:
        game.decision_cap = max_decisions
    check_agents(agents, game)
    for r in rung_list:
        check_agents(r, game)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    report = _play(file, sets, players, game, agents, rung_list, games, skill_games, seed, jobs, max_decisions)
    report["command"] = _command(file, sets, players, agents, rungs, games, skill_games, seed, max_decisions)
    from ..drivers.agents import blind_greedy_note
    from ..drivers.analysis_text import alike_note
    report["bots_note"] = (next(filter(None, (blind_greedy_note(a, game) for a in [agents, *rung_list])), None)
                           or alike_note(report))
    _write(report, html_path, json_path, plots_prefix)
    if report.get("skill_interrupted"):
        sys.exit(EXIT_INTERRUPTED)
    if report["summary"]["errors"] or (report["skill"] or {}).get("errors"):
        sys.exit(EXIT_PROBLEM)  # a game stopped on a rule error or at the decision cap (docs/limits.md)


def _play(file, sets, players, game, agents, rung_list, games, skill_games, seed, jobs, max_decisions) -> dict:
    from ..drivers import analysis, skill
    from ..drivers.estimate import Estimate
    from ..drivers.ladder import LADDER
    from ..drivers.simulate import TEAM, GameSpec, game_for, play_one, run_games
    from . import analyze_time
    from ..drivers.traces import play_traced
    # the main games count the branches of the rules' ifs (an instrumented compile); the
    # skill trace's games (skill.skill_spec) play the normal one
    spec = GameSpec(file, parse_sets(sets), players, agents, seed, max_decisions, coverage=True)
    game_for(spec)  # compiled once here: the worker processes are forked with it
    main = (agents, None)
    if not game.decides:  # (no bot is ever asked anything: every rung plays the same games)
        rung_list = []
    # (a cooperative game's skill trace plays the team: one seat's worth of games)
    total = games + skill.plan(rung_list, skill_games, 1 if game.cooperative else game.nplayers,
                               (agents, range(games)))
    click.echo(plain(f"seed {seed} (the same report again: --seed {seed}); playing {count(total, 'game')}: "
                     f"{games} with {agents}" + (f", {total - games} for the skill trace" if total > games else "")))
    titles = [TEAM] if game.cooperative else game.seat_titles
    runs = skill.stages(rung_list, skill_games, len(titles), (agents, range(games)), game.cooperative)
    estimate = Estimate(analyze_time.plan(agents, games, runs, titles, jobs), analyze_time.clock)
    stop = lambda: None  # noqa: E731 (until the bar exists)
    started = time.monotonic()
    report = None
    try:
        # one game of each kind of run, timed, for the estimate: game 0 of its run, kept
        ready = analyze_time.calibrate(estimate, lambda i: play_traced(spec, 0) if i == 0 else
                                       play_one(skill.skill_spec(spec, runs[i - 1][0]), 0))
        estimate.begin()
        analyze_time.told(estimate, games, skill_games, lambda text: click.echo(plain(text), err=True))
        advance, stop = analyze_time.shown(estimate, total, sum(map(len, ready.values())))
        first = ready.pop(0, [])
        traces = first + run_games(spec, games, jobs, progress=advance, play=play_traced, first=len(first))
        report = analysis.report(game, traces, agents)
        main = (agents, [t.outcome for t in traces])
        # (no skill trace when no main game ended: there is no report to put it in)
        ended = any(t.outcome.error is None for t in traces)
        report["skill"] = skill.run(spec, rung_list, skill_games, titles, jobs, advance, main, game.cooperative,
                                    {runs[i - 1][0]: g for i, g in ready.items()}) if rung_list and ended else None
    except KeyboardInterrupt:  # (Interrupted from run_games; a bare one while timing a game)
        stop()
        if report is None:
            click.echo("interrupted: no report", err=True)
            sys.exit(EXIT_INTERRUPTED)
        # the main games are played: their report is worth the minutes they took (a
        # designer lost eleven), and says the skill trace is missing; the exit code says so too
        click.echo("interrupted during the skill trace: the report of the main games follows, without it", err=True)
        report["skill"], report["skill_interrupted"] = None, True
    finally:
        stop()
    report.update(seed=seed, agents=agents, roles=bool(game.roles), seconds=round(time.monotonic() - started, 1),
                  agents_label=f"{agents} at every seat" if agents in LADDER else _per_seat(agents, game))
    return report


def _per_seat(agents: str, game) -> str:
    """Each seat's bot, named ('bots 1=greedy' did not say that seat 2 plays random)."""
    from ..drivers.agents import seat_specs
    specs = seat_specs(agents, game)
    if len(set(specs)) == 1:
        return f"{specs[0]} at every seat"
    return "bots: " + ", ".join(f"{title} {spec}" for title, spec in zip(game.seat_titles, specs))


def _command(file, sets, players, agents, rungs, games, skill_games, seed, max_decisions=None) -> str:
    """The command that makes the same report again (each value quoted for a shell)."""
    from .common import same_game
    return same_game("analyze", file, seed, [
        ("--players", players), ("--set", list(sets)), ("--games", games if games != DEFAULT_GAMES else None),
        ("--agents", agents if agents != "greedy" else None), ("--rungs", rungs),
        ("--skill-games", skill_games if skill_games != DEFAULT_SKILL_GAMES else None),
        ("--max-decisions", max_decisions)])


def _write(report: dict, html_path, json_path, plots_prefix) -> None:
    from ..drivers.analysis_text import print_report
    from ..drivers.report import atomic_write
    s = report["summary"]
    if s["games"] and s["errors"] == s["games"]:  # no game ended: print_report says so, and nothing is written
        html_path = json_path = plots_prefix = None
    report["written"] = [w for w, path in (("the HTML page", html_path), ("--json", json_path)) if path]
    print_report(report)
    pngs = {}
    if html_path or plots_prefix:
        from ..drivers.analysis_plots import draw_all
        pngs = draw_all(report)
    if html_path:
        from ..drivers.analysis_html import page
        atomic_write(html_path, page(report, pngs).encode("utf-8"))
        click.echo(f"HTML report written to {plain(html_path)}")
    if plots_prefix:
        for name, png in pngs.items():
            atomic_write(f"{plots_prefix}-{name}.png", png)
        click.echo(f"plots written to {plain(plots_prefix)}-{{{','.join(pngs)}}}.png")
    if json_path:
        atomic_write(json_path, (json.dumps(report, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
        click.echo(f"JSON written to {plain(json_path)}")
    click.echo(f"(played and worked out in {report['seconds']:.0f} s)", err=True)
