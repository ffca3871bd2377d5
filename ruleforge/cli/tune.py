"""`ruleforge tune`: race parameter values toward a target, and confirm the finalists."""

from __future__ import annotations

import os
import secrets

import click

from ..lang.diagnostics import RuleFileError
from ..lang.printable import plain
from .common import SEED, check_agents, check_out, load_rule_file, max_decisions_option, parse_sets, progress
from .group import cli

# Defaults chosen for the Done-when of issue 14 (docs/analyze.md): the greedy rung costs
# about 215 ms of CPU a game of the two-player launch game, so a race of 20 value sets (at
# most 2,080 games: 40 each, then 80, 160 and 320 for the closest half, the closest three
# at the end) and at most three confirmations of 800 games (4,480 games, about 960 s of
# CPU) keep within 10 minutes on two cores; ISMCTS's lowest rung costs about 8 times as
# much a game.
TUNE_RUNG = "greedy"
TUNE_GAMES = 320
TUNE_TRIALS = 30
TUNE_CONFIRM = 800
MAX_SETS = 10_000


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--param", "params", multiple=True, required=True, metavar="NAME=LO..HI",
              help="A parameter to search and its range, both ends included (repeat for several); a range "
                   "past the one the rule file declares is cut to it.")
@click.option("--target", required=True, metavar="EXPR",
              help="What to aim at: 'ROLE wins 50%', 'player 1 wins 25%', 'mean length 30 rounds', "
                   "'mean length 30 decisions', 'mean payoff of ROLE 0'; in a cooperative game 'the team wins 50%'.")
@click.option("--agents", default=TUNE_RUNG, show_default=True, metavar="RUNG",
              help="The bots: a rung of the ladder, or bots per seat or role as run takes them.")
@click.option("--games", type=click.IntRange(2, 10_000_000), default=TUNE_GAMES, show_default=True,
              help="The most games a value set plays on the search's seeds (the race's last round); "
                   "every value set plays an eighth of them first.")
@click.option("--trials", type=click.IntRange(1, MAX_SETS), default=None,
              help=f"Value sets to race (default {TUNE_TRIALS}; all of them when the range holds fewer).")
@click.option("--budget", type=click.IntRange(1, 10_000_000_000), default=None, metavar="GAMES",
              help="The most games in all, the confirmations' included, instead of --trials: as many value "
                   "sets as that pays for.")
@click.option("--confirm", type=click.IntRange(0, 10_000_000), default=TUNE_CONFIRM, show_default=True,
              metavar="GAMES", help="Games on fresh seeds for each finalist, closest first, until one holds "
                                    "the target (0: none).")
@click.option("--seed", type=SEED, default=None, help="The seed (random when not given): one seed, one search.")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None, help="Draw the search into a .png.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players, for games that allow several.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Fix another parameter.")
@click.option("--jobs", type=click.IntRange(1, 512), default=None,
              help="Processes (default: all cores); the same results whatever their number.")
@max_decisions_option
def tune(file, params, target, agents, games, trials, budget, confirm, seed, plot, players, sets, jobs,
         max_decisions) -> None:
    """Race parameter values toward a target, then confirm the finalists on fresh seeds.

    Every value set plays the same seeds, an eighth of --games first; after each round
    the ones whose 95% interval leaves the target out are dropped, and the closest half
    plays on with twice the games, to --games for the last three (the finalists). When
    the ranges hold more value sets than --trials, Optuna's TPE sampler chooses which to
    race. The finalists' figures flatter them (the best of many noisy figures), so they
    are played again on fresh seeds, closest first, until one's interval holds the
    target: that figure, its interval and the values are the answer.

    \b
    Examples:
      ruleforge tune mygame.rules --param hand_size=1..5 --param reveal_count=1..4 --target "dealer wins 50%"
      ruleforge tune mygame.rules --param hand_size=3..9 --target "mean length 30 rounds" --plot tune.png
      ruleforge tune mygame.rules --param target=20..80 --target "player 1 wins 25%" --players 4 --budget 20000
      ruleforge tune mygame.rules --param stake=1..10 --target "mean payoff of dealer 0" --agents ismcts:100 --games 100
    """
    from ..drivers.race import rounds, worst_case
    from ..drivers.targets import parse_target
    from ..drivers.tune import parse_param, space_size
    check_out(plot, (".png",), "--plot")
    if trials is not None and budget is not None:
        raise click.UsageError("--trials and --budget both say how long to search: give one")
    asked = []
    for text in params:
        try:
            asked.append(parse_param(text))
        except ValueError as e:
            raise click.BadParameter(plain(str(e)), param_hint="'--param'") from None
    fixed = parse_sets(sets)
    game, checked = load_rule_file(file, sets, players)
    space, notes = _check_space(file, asked, fixed, sets, players, checked)
    try:
        aim = parse_target(target, game)
    except ValueError as e:
        raise click.BadParameter(plain(str(e)), param_hint="'--target'") from None
    check_agents(agents, game)
    schedule = rounds(games)
    size = space_size(space)
    if budget is not None:
        if worst_case(1, schedule, confirm) > budget:
            raise click.BadParameter(
                f"{budget:,} games do not pay for one value set's {games:,} games and its confirmation's "
                f"{confirm:,}: give at least {games + confirm:,}, or fewer --games or --confirm",
                param_hint="'--budget'")
        trials = 1
        while trials < min(size, MAX_SETS) and worst_case(trials + 1, schedule, confirm) <= budget:
            trials += 1
        if trials < min(size, MAX_SETS):
            # the budget pays for the worst case (every finalist confirmed): a race far
            # smaller than the range, and most of the budget unplayed, said, not left to guess
            whole = worst_case(min(size, MAX_SETS), schedule, confirm)
            notes.append(f"note: --budget {budget:,} pays for racing {trials} of the {min(size, MAX_SETS):,} value "
                         f"sets: it keeps room for the worst case, every finalist confirmed on {confirm:,} games "
                         f"({worst_case(trials, schedule, confirm):,} games at most); the whole range needs "
                         f"--budget {whole:,}")
    trials = trials if trials is not None else TUNE_TRIALS
    seed = seed if seed is not None else secrets.randbelow(2**31)
    jobs = jobs or os.cpu_count() or 1
    from .tune_search import search
    search(file, game, space, notes, aim, fixed, players, agents, schedule, min(size, trials), confirm, seed,
           jobs, plot, max_decisions)


def _check_space(file, asked, fixed, sets, players, checked) -> tuple[list, list[str]]:
    """Each parameter is one the file declares, a number, not also --set; a range that goes
    past the file's declared one is cut to it (with a note), refused when they do not meet;
    and both ends of each range pass the file's own checks. Returns the ranges searched
    and the notes to print."""
    from ..drivers.tune import clip
    from ..lang.diagnostics import did_you_mean
    seen, space, notes = set(), [], []
    for p in asked:
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
        declared = checked.param_ranges.get(p.name)
        searched = p
        if declared is not None:
            searched = clip(p, declared.low, declared.high)
            if searched is None:
                # the file's own message about the end furthest in, naming the flag and the range
                _refuse(file, sets, players, p, p.low if p.low > declared.high else p.high,
                        f"give a range that meets {declared.low} to {declared.high}, or widen the range in the "
                        "rule file")
                raise click.BadParameter(f"{p.text}: '{p.name}' is from {declared.low} to {declared.high}",
                                         param_hint="'--param'")
            if searched != p:
                where = f"{plain(declared.span.file or file)}:{declared.span.line}:{declared.span.column}"
                notes.append(f"note: --param {plain(p.text)} goes past the range {where} declares for {p.name}, "
                             f"{declared.low} to {declared.high}: searching {searched.text}")
        for end in (searched.low, searched.high):
            _refuse(file, sets, players, searched, end)
        space.append(searched)
    return space, notes


def _refuse(file, sets, players, p, end, hint: str | None = None) -> None:
    """Raise the rule file's own error for `p.name=end`, if it has one, as said of --param."""
    import attrs
    from ..load import RuleFileUsageError
    try:
        load_rule_file(file, tuple(sets) + (f"{p.name}={end}",), players, compiled=None)
    except RuleFileError as e:
        said = f"--set {p.name}={end}:"
        diags = [attrs.evolve(d, message=d.message.replace(said, f"--param {p.text}:", 1),
                              hint=hint if hint and d.message.startswith(said) else d.hint)
                 for d in e.diagnostics]
        raise RuleFileUsageError(e.path, e.source, diags, e.other_sources) from None
