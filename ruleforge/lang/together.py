"""Cooperative games (`cooperative`): the players are one team, who win or lose
together. The checks that keep a file to that: an ending names everyone or nobody, the
heuristic and the payoff are one value for the team (no `of p`), and there is no match
(a match is between two opponents)."""

from __future__ import annotations

from . import ast as A


def where(sym) -> str:
    """Where the `cooperative` line is, for a hint."""
    return f"line {sym.cooperative.span.line}"


def check_team_value(checker, decl, what: str) -> None:
    """`heuristic`/`payoff` (`what`): per player in a competitive game, the team's in a
    cooperative one."""
    sym = checker.sym
    if sym.cooperative is not None and decl.param is not None:
        checker.error(decl.param, f"in a cooperative game the {what} is the team's: one value, not one for each player",
                      f"write '{what}: EXPRESSION', with no 'of {decl.param.name}' (the game is cooperative: "
                      f"{where(sym)})")
    elif sym.cooperative is None and decl.param is None:
        checker.error(decl, f"a {what} without 'of p' is a team's, for a cooperative game",
                      f"write '{what} of p: EXPRESSION' ({'how well p is doing' if what == 'heuristic' else 'what p gets'}),"
                      " or add a line 'cooperative' if the players win or lose together")


def check_team_ending(checker, e: A.EndingDecl) -> None:
    """In a cooperative game an ending is won by everyone or by nobody."""
    sym = checker.sym
    if sym.cooperative is not None and not isinstance(e.winners, (A.Players, A.Nobody)):
        checker.error(e.winners, "in a cooperative game the players win or lose together, so an ending says "
                                 "'everyone wins' or 'nobody wins'",
                      f"the game is cooperative ({where(sym)}): the team wins or loses as one, so name no player here")


def check_team_match(checker, match: A.MatchDecl) -> bool:
    """A match needs two opponents: False (and said) in a cooperative game."""
    sym = checker.sym
    if sym.cooperative is None:
        return True
    checker.error(match, "a match is between two opponents, but in a cooperative game the players are one team",
                  f"leave out 'match:', or the line 'cooperative' ({where(sym)})")
    return False
