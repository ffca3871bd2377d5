"""`ruleforge serve`: a game played in browsers, one private link per person's seat."""

from __future__ import annotations

import ipaddress
import logging
import secrets
import signal
import socket
from typing import Optional

import click

from ..lang.printable import cut, plain
from .common import AtomicWriter, SEED, check_agents, load_rule_file, same_game
from .group import cli
from .play import a_number
from .seats import check_bots, played_by

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _people(as_, humans, game) -> list[int]:
    from ..drivers.agents import seat_named
    if as_ and humans:
        raise click.UsageError("use --as or --humans, not both")
    if humans and humans > game.nplayers:
        raise click.BadParameter(f"this game has {game.nplayers} {'seat' if game.nplayers == 1 else 'seats'}",
                                 param_hint="'--humans'")
    if not as_:
        return list(range(humans or game.nplayers))
    try:
        seats = [seat_named(w.strip(), game) for w in as_.split(",") if w.strip()]
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--as'") from None
    if not seats or len(set(seats)) != len(seats):
        raise click.BadParameter("name each seat once, such as --as north or --as north,south", param_hint="'--as'")
    return seats


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, made here so that --port 0 can print the port it got."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
        sock.set_inheritable(True)
    except (OSError, UnicodeError) as e:
        raise click.BadParameter(f"cannot listen on {host}:{port}: {getattr(e, 'strerror', None) or e}",
                                 param_hint="'--host' / '--port'") from None
    return sock


def _shown_host(host: str) -> str:
    """The address to put in the links: a machine's own name when it listens everywhere."""
    if host in ("0.0.0.0", "::"):
        return socket.gethostname() or "localhost"
    return f"[{host}]" if ":" in host else host


class _Stops:
    """Ctrl-C, SIGTERM and SIGHUP (the terminal closed) while `serve` runs: noted, never
    raised. A handler that raises does so wherever the process is, and some places swallow
    it: in an import's module lock (SIGTERM while uvicorn loaded) or in asyncio's transport
    (SIGHUP while a page was open) the signal was lost, the server serving on without its
    log, or logged as a page's error, a traceback. While the server starts, the note is
    looked at between its steps (`check`); once it serves, uvicorn is asked to stop, as its
    own handlers ask for SIGINT and SIGTERM: it stops, the log is written, exit code 0."""

    KINDS = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]

    def __init__(self):
        self.signum: Optional[int] = None
        self.web = None
        self.old: dict = {}

    def __enter__(self):
        for kind in self.KINDS:
            self.old[kind] = signal.signal(kind, self._note)
        return self

    def __exit__(self, *exc):
        for kind, handler in self.old.items():
            signal.signal(kind, handler)

    def _note(self, signum, frame):
        self.signum = self.signum or signum
        if self.web is not None:
            self.web.handle_exit(signal.SIGTERM, frame)

    def check(self) -> None:
        """Stop here if a signal came while the server started: nothing was served."""
        if self.signum == signal.SIGINT:
            raise KeyboardInterrupt
        if self.signum is not None:
            from . import Stopped
            raise Stopped(self.signum)

    def attach(self, web) -> None:
        """From now on a signal asks uvicorn's server `web` to stop (and one that came already)."""
        self.web = web
        if self.signum is not None:
            web.handle_exit(signal.SIGTERM, None)


def _origins(ctx, param, values) -> tuple:
    from ..drivers.serve.guard import origin_of
    for value in values:
        if origin_of(value) is None:
            raise click.BadParameter(f"'{plain(cut(value, 80))}' is not an origin: give the scheme and the host (and "
                                     "the port) the players open, such as https://games.example.org")
    return values


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players.")
@click.option("--as", "as_", default=None, metavar="SEAT[,SEAT...]",
              help="The seats people play: roles (north) or seat numbers (1). Default: every seat.")
@click.option("--humans", type=click.IntRange(1, 16), default=None, help="People at seats 1..N; bots at the rest.")
@click.option("--agents", default=None, metavar="SPEC", help="Bots for the seats no person plays (default: random).")
@click.option("--seed", type=SEED, default=None, help="The game's seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; 0.0.0.0 for every network this machine is on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--hot-seat", is_flag=True, help="One link for all the people's seats: one screen, handed over.")
@click.option("--delay", type=click.FloatRange(0, 10), default=0.6, show_default=True, callback=a_number,
              help="Seconds each bot waits before its move.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game as JSON Lines (for `ruleforge replay`).")
@click.option("--origin", "origins", multiple=True, metavar="URL", callback=_origins,
              help="Behind a proxy: the address the players open (https://games.example.org), whose pages may "
                   "connect besides the server's own.")
def serve(file, players, as_, humans, agents, seed, sets, host, port, hot_seat, delay, log_path, origins) -> None:
    """Play a game in web browsers: each person's seat has its own private link.

    Prints one link per person's seat (with --hot-seat, one for all of them) and one
    for spectators, who see only what every seat sees. A link's token is its seat's
    key: hand each link to its player only.
    Bots play the other seats. The server listens on 127.0.0.1 (this machine) unless
    --host says otherwise. Ctrl-C stops it; the log, if asked for, is written when the
    game ends or its rules fail (or, cut short, when the server stops).

    \b
    Examples:
      ruleforge serve game.rules --as north
      ruleforge serve game.rules --players 4 --humans 2 --agents greedy
      ruleforge serve game.rules --hot-seat --log game.jsonl
      ruleforge serve game.rules --host 0.0.0.0 --port 8080
    """
    from ..drivers.agents import parse_agents
    game, _ = load_rule_file(file, sets, players)
    check_agents(agents, game)
    people = _people(as_, humans, game)
    check_bots(agents, people, game)  # (a bot named for a person's seat was dropped without a word)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    with _Stops() as stops:
        sock = _bind(host, port)
        writer = None
        log: list | None = [] if log_path is not None else None
        written = []

        def write_log(cut_short: bool = False) -> None:
            if writer and not written:
                writer.write_records(log + ([{"type": "quit"}] if cut_short else []))
                writer.commit()
                written.append(True)
                click.echo(f"log written to {log_path}")

        from ..runtime.values import RuleError
        try:
            writer = AtomicWriter(log_path) if log_path is not None else None
            import uvicorn
            from ..drivers.serve.app import Server
            from ..drivers.serve.guard import QuietRefusals, guarded_http
            from ..drivers.serve.table import Table
            table = Table(game, seed, people, parse_agents(agents, game), log, played_by(people, agents, game))
            stops.check()
        except BaseException as e:
            sock.close()
            if writer and isinstance(e, RuleError):  # setup, or a first decision taken for a person, failed:
                write_log()                            # the log ends on the error
            elif writer:  # stopped while it starts: no game served, no log (its temporary file was left)
                writer.abandon()
            raise

        def failed(text: str) -> None:
            click.echo(f"error: {text}; Ctrl-C stops the server", err=True)
            write_log()  # the game cannot go on: its log, ending on the error, is whole now

        def broke(text: str) -> None:  # (the traceback is on the terminal already)
            click.echo(f"error: {text}; Ctrl-C stops the server", err=True)
            write_log(cut_short=True)  # whole up to the last decision played, as play's after a bug

        quiet = None
        try:  # (from here on, however it stops, the log is written)
            server = Server(table, delay, on_end=write_log, on_failure=failed, on_bug=broke,
                            origins=origins)
            base = f"http://{_shown_host(host)}:{sock.getsockname()[1]}"
            config = uvicorn.Config(server.app(), log_level="warning", ws_max_size=1 << 16, lifespan="off",
                                    access_log=False, http=guarded_http(server.max_connections()))
            if not _is_loopback(host):
                click.echo(f"warning: --host {host} lets anyone who can reach this machine open the page: spectators "
                           "see only what every seat sees (no seat's secrets), and a seat's link is its only key (plain "
                           "http: keep the links among the players)", err=True)
            click.echo(f"{game.title}: serving at {base} (Ctrl-C stops the server)")
            for who, link in table.links(base, hot_seat):
                click.echo(f"  {who}: {link}")
            quiet = QuietRefusals()  # (configured by uvicorn.Config, the logger keeps a filter added after it)
            logging.getLogger("uvicorn.error").addFilter(quiet)
            web = uvicorn.Server(config)
            stops.attach(web)
            web.run(sockets=[sock])
        finally:
            if quiet and quiet.summary():
                click.echo(f"warning: {quiet.summary()}", err=True)
            write_log(cut_short=not table.over and table.stopped is None)
            # the same deal, and the same seats for people and for bots: with the same people's
            # moves, the same game (where and how fast it is served do not change it)
            click.echo("(the same deal again: " + same_game("serve", file, seed, [
                ("--players", players), ("--as", as_), ("--humans", humans), ("--hot-seat", hot_seat),
                ("--set", sets), ("--agents", agents)]) + ")")
