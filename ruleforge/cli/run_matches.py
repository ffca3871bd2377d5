"""`ruleforge run FILE --match --games N`: N matches between bots, and what they say."""

from __future__ import annotations

import sys

import click

from ..lang.plural import count
from ..lang.printable import plain
from .common import EXIT_PROBLEM, check_agents, load_rule_file, parse_sets, progress

EXIT_INTERRUPTED = 130


def refuse(out: str | None, plot: str | None, scheduler: str | None) -> None:
    """The options a simulation of matches does not take, said as usage errors."""
    if out or plot:
        raise click.UsageError("--out and --plot write the results of games; --match --games prints its summary only")
    if scheduler:
        raise click.UsageError("--scheduler plays games, not matches: leave it out (--jobs plays matches on this "
                               "machine's cores)")


def simulate_matches(file, sets, players, games: int, agents, jobs: int, seed: int, max_decisions) -> None:
    from ..drivers.matchstats import match_lines, play_one_match, summarize_matches
    from ..drivers.simulate import GameSpec, Interrupted, run_games
    game, _ = load_rule_file(file, sets, players)
    check_agents(agents, game)
    if game.match is None:
        raise click.UsageError(plain(f"{file} declares no match"), ctx=click.get_current_context())
    spec = GameSpec(file, parse_sets(sets), players, agents, seed, max_decisions)
    advance, stop = progress(games)
    partial = False
    try:
        outcomes = run_games(spec, games, jobs, None, advance, play=play_one_match)
    except Interrupted as e:
        outcomes, partial = e.outcomes, True
    finally:
        stop()
    if partial:
        click.echo(f"interrupted: partial results of the {count(len(outcomes), 'match', 'matches')} played of {games}", err=True)
    click.echo(f"seed {seed} (the same results again: --seed {seed})")
    s = summarize_matches(game, outcomes, agents)
    for line in match_lines(s):
        click.echo(plain(line))
    if s.get("first_error"):
        fe = s["first_error"]
        click.echo(plain(f"error: {s['errors']} of {count(s['matches'], 'match', 'matches')} stopped on a rule error, left out "
                         f"of the figures; first: match {fe['match']} (seed {fe['seed']}, `run --match --seed "
                         f"{fe['seed']}` plays it again): {fe['message']}"), err=True)
    if partial:
        sys.exit(EXIT_INTERRUPTED)
    if s["errors"]:
        sys.exit(EXIT_PROBLEM)
