"""A match (`match:`): games between the same players until the match rule names a winner.

Participants are "player 1", "player 2"...; in the first game participant i takes seat i.
`next game: loser chooses ROLE` seats them again after each game, `winner starts` or
`loser starts` says which seat takes the first turn (Game.new's `first`). Game k of a
match with seed S is dealt from derive(S, k), whoever starts it, so one seed is one match.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from ..lang.const import NotConstant
from ..lang.matchrule import MAX_MATCH_GAMES, wins_value
from ..lang.plural import count
from ..runtime.rng import Random, derive
from .play import Say, play_game
from .table import the_seat


@frozen
class MatchRule:
    """The match rule at the game's player count and parameters."""
    total: Optional[int]
    streak: Optional[int]
    loser_chooses: Optional[str]  # a role's name
    starts: Optional[str]         # "winner", "loser" or None (the turn order's first)


def match_rule(game) -> MatchRule:
    m = game.match
    if m is None:
        raise ValueError("this rule file declares no match")

    def param(name):
        if name.name in game.params:
            return game.params[name.name]
        raise NotConstant(name, f"'{name.name}' is not a parameter")

    def wins(node) -> Optional[int]:
        return None if node is None else wins_value(node, param, game.nplayers)
    return MatchRule(wins(m.total), wins(m.streak), m.loser_chooses.name if m.loser_chooses else None,
                     m.starts[0] if m.starts else None)


@frozen
class MatchGame:
    """One game of a match: the seat of each participant, the participant who won it
    alone (None: drawn, or a win shared), and the seat that took the first turn."""
    seats: tuple
    winner: Optional[int]
    first: int


class MatchTally:
    """The match rule: first to `total` wins in all, or `streak` wins in a row."""

    def __init__(self, total: Optional[int], streak: Optional[int], players: int = 2):
        self.total, self.streak = total, streak
        self.wins = [0] * players
        self.holder: Optional[int] = None  # who holds the current winning streak
        self.run = 0

    def add(self, winner: Optional[int]) -> Optional[int]:
        """Record one game (None: no single winner); return the match winner, if any."""
        if winner is None:
            self.holder, self.run = None, 0
            return None
        self.wins[winner] += 1
        self.run = self.run + 1 if self.holder == winner else 1
        self.holder = winner
        if self.streak is not None and self.run >= self.streak:
            return winner
        if self.total is not None and self.wins[winner] >= self.total:
            return winner
        return None

    def how(self, winner: int) -> str:
        if self.streak is not None and self.holder == winner and self.run >= self.streak:
            return f"{count(self.run, 'win')} in a row"
        return f"{count(self.wins[winner], 'win')} in all"


@frozen
class Standing:
    """Where a match stands after one of its games (`MatchWatch.game_over`): the games
    played, each participant's seat in the one just played and its winner (None: no single
    winner), the wins of each, who holds the current run of wins and its length, and,
    once the match is over, its winner (None at the cap) and why."""
    number: int
    seats: tuple
    winner: Optional[int]
    wins: tuple
    holder: Optional[int]
    run: int
    over: bool
    match_winner: Optional[int] = None
    how: str = ""  # "3 wins in all", "2 wins in a row"; "" at the cap


class MatchWatch:
    """What a match tells between its games, and the loser's choice of role: bots by
    default (`play --match` seats people at it, drivers/terminal_match.py)."""

    def game_starts(self, number: int, seats: tuple, first: int) -> None:
        """Game `number` begins: each participant's seat, the seat that starts (-1: the
        turn order's first)."""

    def game_over(self, standing: Standing, next_game: str) -> None:
        """A game ended: where the match stands, and what decides the next game, in words
        ("" when the match is over, or nothing does)."""

    def choose(self, loser: int, role_seat: int, pick: int) -> int:
        """The participant the loser chooses to play the role at `role_seat` next; `pick`
        is what a bot would choose (drawn from the match's generator whoever chooses, so
        that a person who chooses as the bot would leaves the rest of the match as it was)."""
        return pick


def score_line(tally, names) -> str:
    """The wins of each participant, and the current run of wins."""
    return ("Score: " + ", ".join(f"{names[w]} {tally.wins[w]}" for w in range(len(names)))
            + (f"; {names[tally.holder]} has won {tally.run} in a row" if tally.holder is not None else ""))


def next_game_line(game, rule: MatchRule, standing: Standing, names) -> str:
    """What decides the next game, in words: who chooses a role, who starts."""
    if standing.over or (rule.loser_chooses is None and rule.starts is None):
        return ""
    single = standing.winner
    if single is None:
        return ("no single winner: the seats stay as they were" if rule.loser_chooses else
                "no single winner: the next game starts from the same seat")
    loser = 1 - single if len(names) == 2 else None
    parts = []
    if rule.loser_chooses is not None:
        role = the_seat(game, game.roles[rule.loser_chooses])
        parts.append(f"{names[loser]} lost: they choose who is {role} in the next game")
    if rule.starts == "winner":
        parts.append(f"{names[single]} won: they start the next game")
    elif rule.starts == "loser":
        parts.append(f"{names[loser]} lost: they start the next game")
    return "; ".join(parts)


def play_match(game, seed: int, agents, say: Say = None, log: Optional[list] = None,
               max_games: int = MAX_MATCH_GAMES, play=None, watch: Optional[MatchWatch] = None):
    """Play games until the match rule names a winner; return (winner, tally, games), the
    games a list of MatchGame. `agents` gives the bot of each seat (role), so whoever
    takes a role plays it with that bot; the loser's choice of roles is a random one
    unless `watch` chooses. `play(game, seed, agents, say, log, first)` plays one game
    (play_game); `watch` is told where the match stands between games."""
    rule = match_rule(game)
    play = play or play_game
    watch = watch or MatchWatch()
    n = game.nplayers
    names = [f"player {w + 1}" for w in range(n)]
    seat_of = list(range(n))  # participant -> seat in the coming game
    tally = MatchTally(rule.total, rule.streak, n)
    rng = Random(derive(seed, 0xA7C4))
    results = []
    first = -1  # the seat to start the coming game; -1: the turn order's first (or setup's choice)
    for number in range(1, max_games + 1):
        game_seed = derive(seed, number)
        if say:
            roles = ", ".join(f"{names[w]} is {the_seat(game, seat_of[w])}" if game.roles else
                              f"{names[w]} takes seat {seat_of[w] + 1}" for w in range(n))
            starts = f"; {the_seat(game, first)} starts" if first >= 0 else ""
            say(f"━━ Game {number} (seed {game_seed}): {roles}{starts}")
        watch.game_starts(number, tuple(seat_of), first)
        sub_log = [] if log is not None else None
        try:
            st = play(game, game_seed, list(agents), say, sub_log, first)
        finally:  # (a game stopped by a rule error keeps what it logged)
            if log is not None:
                for rec in sub_log:
                    log.append({"game": number, **rec})
        # a win shared by several counts for none of them, as a drawn game
        winners = [w for w in range(n) if seat_of[w] in st.result.winners]
        single = winners[0] if len(winners) == 1 else None
        results.append(MatchGame(tuple(seat_of), single, st.first_seat))
        winner = tally.add(single)
        if say:
            say(score_line(tally, names))
        over = winner is not None or number == max_games
        standing = Standing(number, tuple(seat_of), single, tuple(tally.wins), tally.holder, tally.run, over,
                            winner, tally.how(winner) if winner is not None else "")
        watch.game_over(standing, next_game_line(game, rule, standing, names))
        if winner is not None:
            if say:
                say(f"{names[winner]} wins the match with {tally.how(winner)}.")
            if log is not None:
                log.append({"type": "match", "winner": names[winner], "wins": tally.wins, "games": number})
            return winner, tally, results
        if rule.loser_chooses is not None and single is not None:
            loser = 1 - single
            role_seat = game.roles[rule.loser_chooses]
            pick = watch.choose(loser, role_seat, rng.below(2))  # bots choose at random
            for w in range(2):
                seat_of[w] = role_seat if w == pick else 1 - role_seat
            if say:
                say(f"{names[loser]} lost and chooses {names[pick]} to be {the_seat(game, role_seat)} next.")
            if log is not None:
                log.append({"type": "match decision", "player": names[loser], "chose": names[pick],
                            "role": rule.loser_chooses})
        if rule.starts is not None and single is not None:  # (after no single winner: the same seat again)
            first = seat_of[single if rule.starts == "winner" else 1 - single]
    if say:  # (every game shared or drawn: the match could go on for ever)
        say(f"Nobody has won the match after {max_games} games: it stops here.")
    return None, tally, results
