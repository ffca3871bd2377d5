"""Who plays which seat of `ruleforge play`: the people (--as, --humans) and the bots
(--agents), each flag checked against the game."""

from __future__ import annotations

import click

from ..lang.printable import plain


def _people(as_, humans, game, players, allowed) -> list[int]:
    """The seats people play, from --as or --humans; a usage error names what is wrong,
    and, for a game of several player counts whose --players was left out, the hint."""
    from ..drivers.agents import _seat
    low, high = allowed

    def fewer(n: int) -> str:  # why seat n is not there, when --players could make it
        if players is None and game.nplayers < n <= high:
            return (f"this game takes {low} to {high} players, and {game.nplayers} play unless --players says "
                    f"more: add --players {n} (or more)")
        if n > high and high > low:
            return f"this game takes {low} to {high} players"
        return ""
    if as_ is not None and humans:
        raise click.UsageError("use --as or --humans, not both")
    if as_ is not None:
        words = [w.strip() for w in as_.split(",")]
        if not any(words):
            example = next(iter(game.roles), "1")
            raise click.BadParameter(f"'{plain(as_)}' names no seat: give a role or a seat number, such as "
                                     f"--as {example}", param_hint="'--as'")
        seats = []
        for w in filter(None, words):
            try:
                seats.append(_seat(w, game))
            except ValueError as e:
                why = fewer(int(w)) if w.isdecimal() and len(w) < 5 else ""
                raise click.BadParameter(f"no seat {w}: {why}" if why else plain(str(e)), param_hint="'--as'") from None
        if len(set(seats)) != len(seats):
            raise click.BadParameter("name each seat once, such as --as north or --as north,south",
                                     param_hint="'--as'")
        return seats
    if humans and humans > game.nplayers:
        raise click.BadParameter(fewer(humans) or f"this game has {game.nplayers} "
                                 f"{'seat' if game.nplayers == 1 else 'seats'}", param_hint="'--humans'")
    return list(range(humans or 1))


def _check_bots(spec, seats: list[int], game) -> None:
    """--agents may name only bots' seats, each once (parse_agents lets the last of
    two win, and a person's seat took a bot that never played): a usage error."""
    if not spec:
        return
    from ..drivers.agents import _seat
    from ..drivers.table import the_seat

    def who(s: int) -> str:
        return the_seat(game, s)
    if len(seats) == game.nplayers:
        raise click.BadParameter(f"every seat is played by a person here: there is no bot for --agents "
                                 f"'{plain(spec)}' to choose", param_hint="'--agents'")
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if len(parts) == 1 and ("=" not in parts[0] or ":" in parts[0].partition("=")[0]):
        return  # one bot for every seat: the people's seats are not bots'
    for part in parts:  # (a seat named twice is refused by parse_agents, which has read them already)
        s = _seat(part.partition("=")[0].strip(), game)
        if s in seats:
            raise click.BadParameter(f"{who(s)} is played by a person here, not a bot: --agents names the bots' "
                                     "seats", param_hint="'--agents'")
