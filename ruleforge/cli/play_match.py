"""`ruleforge play FILE --match`: the games of a match at the terminal, one after another.

`play` checks the flags, seats the people and makes the log's writer; here the match is
played (drivers/terminal_match.py) and stopped as `play` stops a game: a quit, the end of
the input, Ctrl-C or a closed terminal keep the log so far (its last game ending in a
quit record, as `replay` reads a stopped game), and a rule error ends it as `run --match
--log` does.
"""

from __future__ import annotations

import os
import sys

import click
from rich.text import Text

from ..lang.printable import plain
from .play import Signalled, Signals, close_log, hidden_error_told
from .seats import played_by


def play_a_match(game, seed: int, seats: list[int], agents, console, writer, log_path, delay: float,
                 show_seed: bool, again: str) -> None:
    """Play the match; `seats`: the people's seats in the first game (participant i takes
    seat i there), `writer`: the log's (AtomicWriter) or None, `again`: the command that
    plays the same match again."""
    from ..drivers.agents import parse_agents
    from ..drivers.play import error_record, hides_error
    from ..drivers.table import the_seat
    from ..drivers.terminal import Quit, console_reader
    from ..drivers.terminal_match import TerminalMatch
    from ..runtime.values import RuleError
    log: list | None = [] if writer else None
    people = ", ".join(f"player {s + 1}" + (f" ({the_seat(game, s)} in game 1)" if game.roles else "") for s in seats)
    console.print(Text(plain(f"{game.title} · a match · " + (f"seed {seed} · " if show_seed else "")
                             + f"you play: {people}  (type help for help)")))
    tm = TerminalMatch(game, seed, list(seats), parse_agents(agents, game), console, console_reader(console), delay,
                       log, console.height if console.is_terminal else None,
                       lambda humans: played_by(humans, agents, game))
    kept = f" The log so far is in {plain(log_path)}." if writer else ""

    def keep(last: dict) -> None:
        if writer:  # a match's records name their game: the last one's
            game_of = next((r["game"] for r in reversed(log) if "game" in r), None)
            writer.write_records(log + ([{"game": game_of, **last}] if game_of is not None else []))
            writer.commit()

    def stopped() -> str:
        where = f" in game {tm.number}" if tm.is_in_game() and not tm.tg.st.is_over else f" after game {tm.number}"
        return f"Match stopped{where if tm.number else ''}."

    with Signals() as signals:
        try:
            tm.run()
            signals.hold()
        except Signalled as stop:
            signals.hold()
            keep({"type": "quit"})
            why = "the terminal closed (SIGHUP)" if stop.signum != signals.signal.SIGTERM else "told to stop (SIGTERM)"
            try:  # (a closed terminal cannot be written to: the log is what counts)
                console.print(Text(f"{stopped()[:-1]}: {why}.{kept}"), soft_wrap=True)
            except OSError:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(128 + stop.signum)
        except Quit as stop:
            signals.hold()
            if len(seats) > 1 and tm.tg is not None:
                tm.tg.wipe()  # the screen shows one person's table
            keep({"type": "quit"})
            if (tm.mid_line or (tm.tg is not None and tm.tg.mid_line)) and console.is_terminal:
                console.print()
            console.print(Text(stopped() + kept), soft_wrap=True)  # (one line however long the path)
            if stop.reason:
                raise click.ClickException(f"{stop.reason}: play reads the moves from it, so the match stopped"
                                           + (f"; the log so far is in {plain(log_path)}" if writer else "")) from None
            return
        except BaseException as e:
            signals.hold()
            tg = tm.tg
            if len(seats) > 1 and tg is not None and not isinstance(e, OSError):
                tg.wipe()
            failed = isinstance(e, RuleError)
            if failed:
                if tg is not None:
                    tg.tell_before_error()
                e.again = again
                if tg is not None and hides_error(getattr(tg, "st", None), e, tg.humans):
                    e.told = hidden_error_told(log_path if writer else None, "match")
            keep(error_record(e) if failed else {"type": "quit"})
            raise
    close_log(console, writer, log, log_path, f"(the same match again: {again})")
