"""`ruleforge tune`: search parameter values toward a target, with Optuna."""

from __future__ import annotations

import os
import secrets

import click

from ..lang.diagnostics import RuleFileError
from ..lang.plural import count
from ..lang.printable import markup, plain
from .common import _agents, _check_out, _load, _parse_sets, _progress, max_decisions_option
from .group import cli

# Defaults chosen for the Done-when of issue 14 (docs/analyze.md): greedy plays a game of
# the two-player launch game in about 10 ms, so 20 value sets of 500 games, and 1,000 more
# to confirm the best, take two to four minutes on two cores; ISMCTS's lowest rung costs
# 150 times as much a game.
TUNE_RUNG = "greedy"
TUNE_GAMES = 500
TUNE_TRIALS = 30
TUNE_CONFIRM = 1000


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--param", "params", multiple=True, required=True, metavar="NAME=LO..HI",
              help="A parameter to search and its range, both ends included (repeat for several).")
@click.option("--target", required=True, metavar="EXPR",
              help="What to aim at: 'ROLE wins 50%', 'player 1 wins 25%', 'mean length 30 rounds', "
                   "'mean length 30 decisions', 'mean payoff of ROLE 0'.")
@click.option("--agents", default=TUNE_RUNG, show_default=True, metavar="RUNG",
              help="The bots: a rung of the ladder, or bots per seat or role as run takes them.")
@click.option("--games", type=click.IntRange(2, 10_000_000), default=TUNE_GAMES, show_default=True,
              help="Games per trial, on the same seeds in every trial.")
@click.option("--trials", type=click.IntRange(1, 10_000), default=None,
              help=f"Value sets to measure (default {TUNE_TRIALS}; all of them when the range holds fewer).")
@click.option("--budget", type=click.IntRange(1, 10_000_000_000), default=None, metavar="GAMES",
              help="Games in all, the confirmation's included, instead of --trials.")
@click.option("--confirm", type=click.IntRange(0, 10_000_000), default=TUNE_CONFIRM, show_default=True,
              metavar="GAMES", help="Games on fresh seeds to measure the best values again (0: none).")
@click.option("--seed", type=int, default=None, help="The seed (random when not given): one seed, one search.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw the search into a .png.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players, for games that allow several.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Fix another parameter.")
@click.option("--jobs", type=click.IntRange(1, 512), default=None, help="Processes (default: all cores).")
@max_decisions_option
def tune(file, params, target, agents, games, trials, budget, confirm, seed, plot, players, sets, jobs,
         max_decisions) -> None:
    """Search parameter values that bring a figure to a target, with Optuna.

    Every trial plays the same seeds, so trials differ by their values alone. When the
    ranges hold no more value sets than --trials, every one is measured; otherwise
    Optuna's TPE sampler chooses which. The best values are then played again on fresh
    seeds (--confirm), since the best of many noisy figures flatters itself: that
    figure, its 95% interval and whether the interval holds the target are the answer.

    \b
    Examples:
      ruleforge tune mygame.rules --param hand_size=1..5 --param reveal_count=1..4 --target "dealer wins 50%"
      ruleforge tune mygame.rules --param hand_size=3..9 --target "mean length 30 rounds" --plot tune.png
      ruleforge tune mygame.rules --param target=20..80 --target "player 1 wins 25%" --players 4 --budget 20000
      ruleforge tune mygame.rules --param stake=1..10 --target "mean payoff of dealer 0" --agents ismcts:100 --games 100
    """
    from ..drivers.targets import parse_target
    from ..drivers.tune import parse_param
    _check_out(plot, (".png",), "--plot")
    if trials is not None and budget is not None:
        raise click.UsageError("--trials and --budget both say how long to search: give one")
    space = []
    for text in params:
        try:
            space.append(parse_param(text))
        except ValueError as e:
            raise click.BadParameter(plain(str(e)), param_hint="'--param'") from None
    fixed = _parse_sets(sets)
    game, checked = _load(file, sets, players)
    _check_space(file, space, fixed, sets, players, checked)
    try:
        aim = parse_target(target, game)
    except ValueError as e:
        raise click.BadParameter(plain(str(e)), param_hint="'--target'") from None
    _agents(agents, game)
    if budget is not None:
        trials = (budget - confirm) // games
        if trials < 1:
            raise click.BadParameter(
                f"{budget:,} games leave no trial of {games:,} games once {confirm:,} confirm the best: give "
                f"at least {games + confirm:,}, or fewer --games or --confirm", param_hint="'--budget'")
    trials = trials if trials is not None else TUNE_TRIALS
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    _search(file, game, space, aim, fixed, players, agents, games, trials, confirm, seed, jobs, plot, max_decisions)


def _check_space(file, space, fixed, sets, players, checked) -> None:
    """Each parameter is one the file declares, a number, not also --set, and both ends of
    its range pass the file's own checks (its declared range among them)."""
    from ..lang.diagnostics import did_you_mean
    from ..load import RuleFileUsageError
    seen = set()
    for p in space:
        if p.name in seen:
            raise click.BadParameter(f"{p.name} is searched twice: give one range for it", param_hint="'--param'")
        seen.add(p.name)
        if p.name not in checked.params:
            hint = did_you_mean(p.name, checked.params)
            raise click.BadParameter(plain(f"there is no parameter '{p.name}' in {file}"
                                           + (f"; {hint}" if hint else "")), param_hint="'--param'")
        kind = checked.param_types[p.name]
        if kind.is_list or getattr(kind, "name", None) != "number":
            raise click.BadParameter(plain(f"'{p.name}' takes {kind.describe()}: tune searches numbers"),
                                     param_hint="'--param'")
        if p.name in fixed:
            raise click.BadParameter(f"{p.name} is both --set and searched: give one", param_hint="'--param'")
        for end in (p.low, p.high):
            try:
                _load(file, tuple(sets) + (f"{p.name}={end}",), players, compiled=None)
            except RuleFileError as e:
                # the file's own message, naming the flag the value came from
                import attrs
                said = f"--set {p.name}={end}:"
                diags = [attrs.evolve(d, message=d.message.replace(said, f"--param {p.text}:", 1))
                         for d in e.diagnostics]
                raise RuleFileUsageError(e.path, e.source, diags, e.other_sources) from None


def _search(file, game, space, aim, fixed, players, agents, games, trials, confirm, seed, jobs, plot,
            max_decisions) -> None:
    from rich.table import Table
    from ..drivers.ladder import LADDER
    from ..drivers.report import _console
    from ..drivers.simulate import _GAMES, GameSpec, run_games
    from ..drivers.tune import best, fresh_seed, plot_search, search, space_size
    size = space_size(space)
    measured = min(size, trials)
    rung = agents.strip() if agents.strip() in LADDER else None
    click.echo(plain(f"{game.title}: tuning {', '.join(p.text for p in space)} toward '{aim.text}'"))
    click.echo(plain(f"bots: {agents} for every seat, rung {LADDER.index(rung) + 1} of the ladder "
                     f"({' < '.join(LADDER)})" if rung else f"bots: {agents}, not a rung of the ladder"))
    how = ("every value set in the range, in a seeded order" if size <= trials else
           f"{measured} of the {size:,} value sets in the range, chosen by Optuna's TPE sampler")
    click.echo(f"search: {how}; {count(games, 'game')} a trial, the same seeds in every trial (seed {seed})")
    if confirm:
        click.echo(f"the best values are then played again on {count(confirm, 'fresh seed')} "
                   f"(seed {fresh_seed(seed)})")
    advance, stop = _progress(measured * games + confirm)

    def play(values: dict, on_seed: int, n: int) -> list:
        spec = GameSpec(file, {**fixed, **{k: str(v) for k, v in values.items()}}, players, agents, on_seed,
                        max_decisions)
        outcomes = run_games(spec, n, jobs, None, advance)
        _GAMES.clear()  # each trial's game is compiled once; a long search would keep them all
        errors = [o for o in outcomes if o.error]
        if errors:
            stop()
            where = ", ".join(f"{k}={v}" for k, v in values.items())
            raise _TrialError(f"with {where}, game {errors[0].index} (seed {errors[0].seed}) stopped on a rule "
                              f"error: {errors[0].error}")
        return outcomes
    try:
        found, sampler = search(space, aim, trials, seed, lambda values: aim.measure(play(values, seed, games)))
        top = best(found)
        confirmed = aim.measure(play(top.params, fresh_seed(seed), confirm)) if confirm else None
    except _TrialError as e:
        click.echo(f"error: {plain(str(e))}", err=True)
        raise SystemExit(1) from None
    finally:
        stop()
    console = _console()
    figure = _figure_name(aim, game)
    t = Table(title=markup(f"Trials: {count(games, 'game')} each on the same seeds, {agents} bots"),
              title_justify="left")
    t.add_column("trial", justify="right")
    for p in space:
        t.add_column(markup(p.name), justify="right")
    t.add_column(markup(figure), justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("off by", justify="right")
    t.add_column(f"holds {aim.show(aim.value)}")
    # a grid's order says nothing (every set is measured): its table reads by the values
    rows = sorted(found, key=lambda tr: tuple(tr.params.values())) if size <= trials else found
    for tr in rows:
        t.add_row(str(tr.number), *[str(tr.params[p.name]) for p in space], aim.show(tr.value),
                  aim.show_interval(tr.ci95), _off(aim, tr.distance), "yes" if tr.contains else "no",
                  style="bold" if tr is top else None)
    console.print(t)
    values = ", ".join(f"{k}={v}" for k, v in top.params.items())
    click.echo(plain(f"best: {values} (trial {top.number})"))
    click.echo(plain(f"  on the search's {count(games, 'seed')}: {figure} {aim.show(top.value)} "
                     f"{aim.show_interval(top.ci95)}"))
    final = confirmed or {"value": top.value, "ci95": top.ci95}
    holds = final["ci95"][0] <= aim.value <= final["ci95"][1]
    if confirmed:
        click.echo(plain(f"  on {count(confirm, 'fresh seed')}: {figure} {aim.show(confirmed['value'])} "
                         f"{aim.show_interval(confirmed['ci95'])}: the interval "
                         f"{'holds' if holds else 'does not hold'} {aim.show(aim.value)}"))
    click.echo(plain(_conclusion(aim, figure, found, top, holds, size, trials, confirmed is not None)))
    sets = "".join(f" --set {k}={v}" for k, v in {**fixed, **top.params}.items())
    if confirm:
        click.echo(plain(f"(the same figures again: ruleforge run {file} --games {confirm} --seed {fresh_seed(seed)} "
                         f"--agents {agents}{sets}" + (f" --players {players}" if players else "") + ")"))
    if plot:
        plot_search(plot, f"{game.title}: {sampler}, {agents} bots", aim, space, found, top, confirmed)
        click.echo(f"plot written to {plain(plot)}")


class _TrialError(Exception):
    """A game of a trial stopped on a rule error: the search stops, as `run` would."""


def _figure_name(aim, game) -> str:
    if aim.kind == "wins":
        return f"{game.seat_titles[aim.seat]} wins"
    if aim.kind == "payoff":
        return f"{game.seat_titles[aim.seat]}'s mean payoff"
    return f"mean {aim.kind}"


def _off(aim, distance: float) -> str:
    return f"{distance:.1f} pts" if aim.kind == "wins" else (f"{distance:.2f}" if aim.kind == "payoff"
                                                             else f"{distance:.1f}")


def _conclusion(aim, figure, found, top, holds, size, trials, confirmed) -> str:
    lo = min(found, key=lambda t: t.value)
    hi = max(found, key=lambda t: t.value)
    spread = f"{figure} went from {aim.show(lo.value)} to {aim.show(hi.value)} over the {count(len(found), 'trial')}"
    if holds:
        return (f"the best values meet the target: {'on fresh seeds' if confirmed else 'on the search seeds'}, "
                f"the interval holds {aim.show(aim.value)} ({spread})")
    if not any(t.contains for t in found):
        if size > trials:
            return (f"none of the {count(len(found), 'value set')} tried has an interval that holds "
                    f"{aim.show(aim.value)}: {spread}; try more --trials (or a larger --budget), widen a range, "
                    "or search other parameters")
        return (f"no value set in the range has an interval that holds {aim.show(aim.value)}: {spread}; widen a "
                "range, search other parameters, or try other bots")
    return (f"the best values' interval held {aim.show(aim.value)} on the search's seeds but not on fresh ones: "
            f"the difference is within the noise of {count(top.games, 'game')}; try more --games ({spread})")
