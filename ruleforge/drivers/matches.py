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


def play_match(game, seed: int, agents, say: Say = None, log: Optional[list] = None,
               max_games: int = MAX_MATCH_GAMES, play=None):
    """Play games until the match rule names a winner; return (winner, tally, games), the
    games a list of MatchGame. `agents` gives the bot of each seat (role), so whoever
    takes a role plays it with that bot; the loser's choice of roles is a random one.
    `play(game, seed, agents, say, log, first)` plays one game (play_game)."""
    rule = match_rule(game)
    play = play or play_game
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
            say("Score: " + ", ".join(f"{names[w]} {tally.wins[w]}" for w in range(n))
                + (f"; {names[tally.holder]} has won {tally.run} in a row" if tally.holder is not None else ""))
        if winner is not None:
            if say:
                say(f"{names[winner]} wins the match with {tally.how(winner)}.")
            if log is not None:
                log.append({"type": "match", "winner": names[winner], "wins": tally.wins, "games": number})
            return winner, tally, results
        if rule.loser_chooses is not None and single is not None:
            loser = 1 - single
            role_seat = game.roles[rule.loser_chooses]
            pick = rng.below(2)  # the loser's choice; bots choose at random
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
