"""Does a branch's test read the player count? A branch never taken in games of 2 players
(`if count of players > 2`, the else of `if players ...`) may be taken with more, so
`ruleforge analyze` says it is dead at the count it played, not dead outright."""

from __future__ import annotations

from ...lang import ast as A
from ...lang import refs as R
from ...lang.values import walk

# what changes with the number of players at the table
_PLAYERS = (A.Players, A.PlayersWith, A.PlayersFrom, A.Opponents)


def reads_players(ch, tests) -> bool:
    """Whether one of the expressions `tests` reads the players, itself or through the
    definitions it uses; never for a game of one player count only."""
    low, high = ch.players
    if low == high:
        return False
    stack, seen = list(tests), set()
    while stack:
        for n in walk(stack.pop()):
            if isinstance(n, _PLAYERS):
                return True
            ref = ch.refs.get(n) if isinstance(n, A.Name) else None
            if isinstance(ref, R.Definition) and ref.name not in seen and ref.name in ch.defines:
                seen.add(ref.name)
                stack.append(ch.defines[ref.name].value)
    return False
