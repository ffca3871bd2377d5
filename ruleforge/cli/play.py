"""`ruleforge play`: a game at the terminal against bots, or hot seat."""

from __future__ import annotations

import secrets

import click

from .common import SEED, _AtomicWriter, _agents, _load, max_decisions_option, same_game
from .group import cli


def _a_number(ctx, param, value):
    """FloatRange lets nan through (nan is neither below 0 nor above 10)."""
    if value != value:
        raise click.BadParameter("nan is not a number of seconds (0 to 10)")
    return value


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_", default=None, metavar="SEAT[,SEAT...]",
              help="The seat(s) people play: a role (north) or a seat number (1). Several: hot seat.")
@click.option("--humans", type=click.IntRange(1, 16), default=None, help="People at seats 1..N (hot seat).")
@click.option("--agents", default=None, metavar="SPEC", help="Bots for the other seats (default: random).")
@click.option("--seed", type=SEED, default=None, help="The game's seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None, help="Write the game as JSON Lines.")
@click.option("--delay", type=click.FloatRange(0, 10), default=0.6, show_default=True, callback=_a_number,
              help="Seconds to pause after each bot move (0: no pause).")
@click.option("--show-seed", is_flag=True,
              help="Show the seed at the start (it is shown at the end, and the log keeps it).")
@max_decisions_option
def play(file, as_, humans, agents, seed, sets, players, log_path, delay, show_seed, max_decisions) -> None:
    """Play a game at the terminal against bots, or with friends on one screen.

    The seed is not shown until the game ends (`run --seed N` narrates the whole deal):
    ask for it with --show-seed. Closed standard input stops the game with exit code 2,
    the log so far kept.

    \b
    Examples:
      ruleforge play game.rules --as 1
      ruleforge play game.rules --as 1,2 --log game.jsonl
      ruleforge play game.rules --players 4 --humans 2 --agents greedy
    """
    from ..drivers.agents import _seat, parse_agents
    from rich.text import Text
    from ..drivers.terminal import Quit, TerminalGame, console_reader
    from ..drivers.play import error_record
    from ..runtime.values import RuleError
    from ..drivers.report import _console
    from ..lang.printable import plain
    game, checked = _load(file, sets, players)
    if max_decisions is not None:
        game.decision_cap = max_decisions
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
        raise click.BadParameter(f"this game has {game.nplayers} {'seat' if game.nplayers == 1 else 'seats'}", param_hint="'--humans'")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    writer = _AtomicWriter(log_path) if log_path else None
    log: list | None = [] if writer else None
    console = _console()
    # The seed is the whole deal (`run --seed N` tells it): a person sees it only at the
    # end, or when they ask. The log keeps it.
    console.print(Text(plain(f"{game.title} · " + (f"seed {seed} · " if show_seed else "") + "you play: "
                             + ", ".join(game.seat_titles[s] for s in seats) + "  (type help for help)")))
    again = same_game("play", file, seed, [("--players", players), ("--as", as_), ("--humans", humans),
                                           ("--set", sets), ("--agents", agents), ("--max-decisions", max_decisions)])
    tg = TerminalGame(game, seed, seats, parse_agents(agents, game), console, console_reader(console), delay, log,
                      height=console.height if console.is_terminal else None)
    try:
        tg.run()
    except Quit as stop:
        if len(seats) > 1:
            tg.wipe()  # the screen shows one person's table
        if writer:  # written first: the message says where it is only once it is there
            writer.write_records(log + [{"type": "quit"}])
            writer.commit()
        console.print(Text("Game stopped." + (f" The log so far is in {plain(log_path)}." if writer else "")))
        if stop.reason:
            raise click.ClickException(f"{stop.reason}: play reads the moves from it, so the game stopped"
                                       + (f"; the log so far is in {plain(log_path)}" if writer else "")) from None
        return
    except BaseException as e:
        if len(seats) > 1:
            tg.wipe()
        failed = isinstance(e, RuleError)
        if failed:
            tg.tell_before_error()  # the error's message follows what led to it
            e.again = again  # shown with the error (cli.common.render_runtime_error)
        if writer:  # a rule error logged as `run` logs it: `replay` of the log stops on it
            writer.write_records(log + [error_record(e) if failed else {"type": "quit"}])
            writer.commit()
        raise
    if writer:
        writer.write_records(log)
        writer.commit()
        console.print(Text(plain(f"log written to {log_path}")))
    console.print(Text(plain(f"(the same deal again: {again})")))
