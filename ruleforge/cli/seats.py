"""Who plays which seat of `ruleforge play`: the people (--as, --humans) and the bots
(--agents), each flag checked against the game."""

from __future__ import annotations

import click

from ..lang.plural import count
from ..lang.printable import cut, plain


# what a designer wanting no person at the table types (a fresh reader tried both)
NOBODY = frozenset(("none", "nobody", "0", "bots", "bot", "spectator", "watch"))
WATCH_BOTS = ("to watch bots play, run the game (ruleforge run FILE --agents greedy), or log it (--log g.jsonl) "
              "and see it as one seat saw it (ruleforge replay g.jsonl --as SEAT)")


def people_seats(as_, humans, game, players, allowed) -> list[int]:
    """The seats people play, from --as or --humans; a usage error names what is wrong,
    and, for a game of several player counts whose --players was left out, the hint."""
    from ..drivers.agents import seat_named
    low, high = allowed

    def fewer(n: int) -> str:  # why seat n is not there, when --players could make it
        if players is None and game.nplayers < n <= high:
            return (f"this game takes {low} to {high} players, and {game.nplayers} play unless --players says "
                    f"more: add --players {n} (or more)")
        if n > high and high > low:
            return f"this game takes {low} to {high} players"
        return ""
    if humans == 0:
        raise click.BadParameter(f"play seats a person at one seat at least; {WATCH_BOTS}", param_hint="'--humans'")
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
            if w.lower() in NOBODY and w.lower() not in {r.lower() for r in game.roles}:
                raise click.BadParameter(f"'{plain(w)}' is no seat: play seats a person at one seat at least; "
                                         f"{WATCH_BOTS}", param_hint="'--as'")
            try:
                seats.append(seat_named(w, game))
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


def check_bots(spec, seats: list[int], game) -> None:
    """--agents may name only bots' seats, each once (parse_agents lets the last of
    two win, and a person's seat took a bot that never played): a usage error."""
    if not spec:
        return
    from ..drivers.agents import seat_named
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
        s = seat_named(part.partition("=")[0].strip(), game)
        if s in seats:
            raise click.BadParameter(f"{who(s)} is played by a person here, not a bot: --agents names the bots' "
                                     "seats", param_hint="'--agents'")


PERSON = "person"  # a seat's word in a log's "played_by" when a person played it (else the bot's spec)
GOES_ON = "a resumed game goes on with the players it began with"


def played_by(seats: list[int], agents: str | None, game) -> list[str]:
    """Who sits at each seat, as the log's start record keeps it for --resume: 'person',
    or the bot's spec as --agents gives it ('random' for a seat it leaves out)."""
    from ..drivers.agents import seat_specs
    return [PERSON if s in seats else spec for s, spec in enumerate(seat_specs(agents, game))]


def seated_as_logged(start: dict, path: str, game, as_, humans, agents, allowed) -> tuple:
    """(--as, --agents) for a resumed game: each flag not given is the log's, and one
    given must say what the log says, else a usage error names the seat (the bots think
    again at their decisions, so another bot, or a person at a bot's seat, would not go
    on with the game that stopped). A log written before "played_by" is resumed with the
    flags as given, unchecked. `allowed`: the game's player counts (low, high)."""
    if "played_by" not in start:
        return as_, agents
    logged = _logged_players(start, path, game)
    people = [s for s, who in enumerate(logged) if who == PERSON]
    if as_ is not None or humans:
        flag = "--as" if as_ is not None else "--humans"
        _same_people(people_seats(as_, humans, game, start["players"], allowed), logged, game, path, flag)
    else:
        as_ = ",".join(_seat_word(game, s) for s in people)
    if agents is None:
        return as_, _logged_agents(logged, game)
    check_bots(agents, people, game)  # (a person's seat named: said as without --resume)
    _same_bots(agents, logged, game, path)
    return as_, agents


def _logged_players(start: dict, path: str, game) -> list[str]:
    """The log's "played_by", checked: one entry a seat, a person at one at least (play
    wrote it so), each other one a bot --agents could name."""
    from ..drivers.table import the_seat
    from .common import check_agents
    logged = start["played_by"]

    def bad(why: str) -> click.BadParameter:
        return click.BadParameter(plain(f"{path}: the start record's 'played_by' {why}: was the log edited?"),
                                  param_hint="'--resume'")
    if len(logged) != game.nplayers:
        raise bad(f"names {count(len(logged), 'player')} for a game of {game.nplayers}")
    if PERSON not in logged:
        raise bad("names no person")
    for s, who in enumerate(logged):
        try:
            if who != PERSON and ("," in who or "=" in who.partition(":")[0]):  # (one bot, not SEAT=BOT,...)
                raise click.BadParameter(who)
            if who != PERSON:
                check_agents(who, game)  # (read, and held to the bounds, as --agents would be)
        except click.BadParameter:
            raise bad(f"gives {the_seat(game, s)} '{cut(who)}', neither {PERSON} nor a bot") from None
    return logged


def _same_people(asked: list[int], logged: list[str], game, path: str, flag: str) -> None:
    """--as or --humans must name the log's people's seats, no more, no fewer."""
    from ..drivers.table import the_seat
    for s, who in enumerate(logged):
        if (s in asked) == (who == PERSON):
            continue
        was = "a person" if who == PERSON else f"the bot '{cut(who)}'"
        now = "leaves it to a bot" if who == PERSON else "asks for a person there"
        raise click.BadParameter(plain(f"{the_seat(game, s)} was played by {was} in {path}, and {flag} {now}: "
                                       f"{GOES_ON} (drop {flag} to take them from the log)"), param_hint=f"'{flag}'")


def _same_bots(agents: str, logged: list[str], game, path: str) -> None:
    """--agents must give each bot's seat the log's bot."""
    from ..drivers.agents import same_bot, seat_specs
    from ..drivers.table import the_seat
    for s, (asked, who) in enumerate(zip(seat_specs(agents, game), logged)):
        if who != PERSON and not same_bot(asked, who):
            raise click.BadParameter(plain(f"{the_seat(game, s)} was played by the bot '{cut(who)}' in {path}, and "
                                           f"--agents asks for '{cut(asked)}': {GOES_ON} (drop --agents to take "
                                           "them from the log)"), param_hint="'--agents'")


def _seat_word(game, s: int) -> str:
    """How --as and --agents name seat s: its role, or its number."""
    return next((role for role, seat in game.roles.items() if seat == s), str(s + 1))


def _logged_agents(logged: list[str], game) -> str | None:
    """The --agents that seats the log's bots: one spec when they are all alike (None for
    random bots, the default), else SEAT=SPEC for each bot."""
    bots = {s: who for s, who in enumerate(logged) if who != PERSON}
    alike = set(bots.values())
    if alike == {"random"}:
        return None
    if len(alike) == 1:
        return alike.pop()
    return ",".join(f"{_seat_word(game, s)}={who}" for s, who in bots.items())
