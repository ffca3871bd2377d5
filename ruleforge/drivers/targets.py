"""What `tune` aims at: a target such as "dealer wins 50%", read from the designer's words,
and measured on a run's outcomes with its 95% interval.

The forms, one per figure `run --games` reports:

    ROLE wins P%              a seat's sole-win rate (a role's name or title, or player N)
    mean length N rounds      the mean game length, in rounds
    mean length N decisions   ... or in decisions
    mean payoff of ROLE X     a seat's mean payoff, in a game that declares one
    the team wins P%          in a cooperative game: the team's win rate (and
    mean payoff of the team X   its payoff)

Each mistake is a ValueError whose message says what is wrong and what to write instead.
"""

from __future__ import annotations

import math
import re
from typing import Optional

from attrs import frozen

from .simulate import ANY, TEAM, mean_interval, wilson

FORMS = ("'ROLE wins 50%'", "'player 1 wins 25%'", "'mean length 30 rounds'", "'mean length 30 decisions'",
         "'mean payoff of ROLE 0'", "'the team wins 50%' (a cooperative game)")


@frozen
class Target:
    kind: str                 # "wins", "rounds", "decisions", "payoff"
    value: float              # a win rate as a fraction (0.5 for 50%); a length or a payoff as written
    seat: Optional[int]       # for "wins" and "payoff": the seat, from 0 (None: a cooperative game's team)
    text: str                 # the target as the designer wrote it, tidied: "dealer wins 50%"

    @property
    def unit(self) -> str:
        return {"wins": "%", "rounds": " rounds", "decisions": " decisions", "payoff": ""}[self.kind]

    def show(self, x: float) -> str:
        """A figure in the target's units: '48.2%', '31.4 rounds', '-0.25'."""
        if self.kind == "wins":
            return f"{100 * x:.1f}%"
        return f"{x:.2f}" if self.kind == "payoff" else f"{x:.1f}{self.unit}"

    def cell(self, x: float) -> str:
        """A figure in a table whose column names the unit: '48.2%', '31.4', '-0.25'."""
        return self.show(x).removesuffix(self.unit) if self.kind in ("rounds", "decisions") else self.show(x)

    def show_interval(self, ci) -> str:
        """The interval in the target's units; with more digits where the usual ones
        would make it seem to hold the target when it does not (9.96 shown as 10.0
        against a target of 10), or the reverse."""
        scale = 100 if self.kind == "wins" else 1
        lo, hi, aim = scale * ci[0], scale * ci[1], scale * self.value
        holds = lo <= aim <= hi
        digits = 2 if self.kind == "payoff" else 1
        while digits < 6 and (float(f"{lo:.{digits}f}") <= aim <= float(f"{hi:.{digits}f}")) != holds:
            digits += 1
        return f"[{lo:.{digits}f}, {hi:.{digits}f}]"

    def measure(self, outcomes: list) -> dict:
        """{"value", "ci95", "games"}: the figure the target names, over the games that
        ended without a rule error."""
        ok = [o for o in outcomes if o.error is None]
        if not ok:
            return {"value": math.nan, "ci95": [math.nan, math.nan], "games": 0}
        if self.kind == "wins":
            # (a cooperative team wins a game every seat wins)
            wins = sum(bool(o.winners) if self.seat is None else o.winners == (self.seat,) for o in ok)
            return {"value": wins / len(ok), "ci95": list(wilson(wins, len(ok))), "games": len(ok)}
        if self.kind == "payoff":
            values = [o.payoffs[self.seat or 0] for o in ok if o.payoffs is not None]
        else:
            values = [getattr(o, self.kind) for o in ok]
        m = mean_interval(values, ANY if self.kind == "payoff" else (0.0, math.inf))  # (a length: not below 0)
        return {"value": m["mean"], "ci95": m["ci95"], "games": m["games"]}

    def distance(self, value: float) -> float:
        """How far a figure is from the target, in the target's units (points for a win rate)."""
        return abs(value - self.value) * (100 if self.kind == "wins" else 1)


_WINS = re.compile(r"(?P<who>.+?)\s+wins?\s+(?P<amount>\S+)", re.I)
_LENGTH = re.compile(r"mean\s+length\s+(?P<amount>\S+)(?:\s+(?P<unit>\S+))?", re.I)
_PAYOFF = re.compile(r"mean\s+payoff\s+of\s+(?P<who>.+?)\s+(?P<amount>\S+)", re.I)


def parse_target(text: str, game) -> Target:
    """The target `text` means for `game` (its seats, roles and payoff)."""
    words = " ".join(text.split())
    if not words:
        raise ValueError(f"the target is empty: write one of {', '.join(FORMS)}")
    m = _LENGTH.fullmatch(words)
    if m:
        unit = (m["unit"] or "").lower()
        if unit not in ("rounds", "decisions"):
            raise ValueError(f"'{words}': a length is in rounds or decisions: write "
                             f"'mean length {m['amount']} rounds' or 'mean length {m['amount']} decisions'")
        n = _number(m["amount"], words, "a length")
        if n < 0:
            raise ValueError(f"'{words}': a length is not negative")
        return Target(unit, n, None, f"mean length {m['amount']} {unit}")
    m = _PAYOFF.fullmatch(words)
    if m:
        seat = _seat(m["who"], game, words)
        who = TEAM if seat is None else game.seat_names[seat]
        if game.payoff is None:
            raise ValueError(f"'{words}': {game.title} declares no payoff ('payoff of p: ...'); aim at a win rate "
                             f"instead, such as '{who} wins 50%'")
        return Target("payoff", _number(m["amount"], words, "a payoff"), seat,
                      f"mean payoff of {who} {m['amount']}")
    m = _WINS.fullmatch(words)
    if m:
        seat = _seat(m["who"], game, words)
        return Target("wins", _percentage(m["amount"], words), seat,
                      f"{TEAM if seat is None else game.seat_names[seat]} wins {m['amount']}")
    raise ValueError(f"'{words}' is not a target: write one of {', '.join(FORMS)}")


def _number(word: str, words: str, what: str) -> float:
    try:
        n = float(word)
    except ValueError:
        n = math.nan
    if not math.isfinite(n):
        raise ValueError(f"'{words}': '{word}' is not a number; {what} is written as a number, such as 30")
    return n


def _percentage(word: str, words: str) -> float:
    if not word.endswith("%"):
        example = f"{word}%" if re.fullmatch(r"\d+(\.\d+)?", word) else "50%"
        raise ValueError(f"'{words}': a win rate is a percentage, such as {example}")
    try:
        p = float(word[:-1])
    except ValueError:
        p = math.nan
    if not math.isfinite(p):
        raise ValueError(f"'{words}': '{word}' is not a percentage, such as 50%")
    if not 0 <= p <= 100:
        raise ValueError(f"'{words}': {word} is not a win rate: a win rate is from 0% to 100%")
    return p / 100


def _seat(who: str, game, words: str) -> Optional[int]:
    """A role's name or title ('dealer', 'Dealer', 'the Dealer'), or a seat
    as results print it ('player 2'), case aside; in a cooperative game, the team
    (None), which wins or loses as one."""
    key = who.strip().lower()
    if game.cooperative:
        if key in ("the team", "team", "everyone", "the players", "players"):
            return None
        raise ValueError(f"'{words}': {game.title} is a cooperative game, whose players win or lose together: "
                         f"aim at the team, such as 'the team wins 50%'")
    key = key[4:] if key.startswith("the ") else key
    for seat, (name, title) in enumerate(zip(game.seat_names, game.seat_titles)):
        if key in (name.lower(), title.lower()):
            return seat
    m = re.fullmatch(r"(?:player|seat)\s+(\d+)", key)
    if m:
        n = int(m[1])
        if 1 <= n <= game.nplayers:
            return n - 1
        raise ValueError(f"'{words}': there is no player {n}: this game of {game.title} has "
                         f"{game.nplayers} players")
    from ..lang.diagnostics import did_you_mean
    names = list(game.roles) or [f"player {i + 1}" for i in range(game.nplayers)]
    hint = did_you_mean(key, names + [t.lower() for t in game.seat_titles if game.roles])
    kind = "role" if game.roles else "seat"
    raise ValueError(f"'{words}': there is no {kind} '{who.strip()}' in {game.title}"
                     + (f"; {hint}" if hint else f"; the {kind}s are {', '.join(names)}"))
