"""The match (`match:`): its checks, and the wins it needs at a number of players.

`wins needed: N in all, M in a row` takes a number, a parameter, or a number worked out
from the player count (`(if count of players = 2 then 7 else 4) in all`): the match is
played at one player count, so each value is a constant there. The checker works it out
at every count the game allows; a match (`drivers/matches.py`) at the game's own.
"""

from __future__ import annotations

from typing import Callable

from . import ast as A
from .const import NotConstant, arithmetic, by_zero, evaluate, pair
from .limits import number_error
from .names import Scope
from .together import check_team_match
from .wins_range import check_over_range
from .types import NUMBER

# A match stops at this many games (drivers/matches.py): more wins could never be had.
MAX_MATCH_GAMES = 99

_COMPARE = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}

WINS_HINT = ("write a number, a parameter, or a number worked out from the player count, in brackets: "
             "'(if count of players = 2 then 7 else 5) in all'")


def wins_value(node, param: Callable[[A.Name], object], players: int):
    """The value of a `wins needed` expression with `players` players; `param(name)` gives
    a parameter's value or raises NotConstant. Beyond `const.evaluate`: `count of
    players` (or `all players`), comparisons, `and`, `or`, `not` and `if ... then ... else`."""
    def v(n):
        return wins_value(n, param, players)
    match node:
        case A.Aggregate(op="count", collection=A.Players()):
            return players
        case A.IfExpr(condition=c, then=then, otherwise=otherwise):
            test = v(c)
            if isinstance(test, bool):
                return v(then if test else otherwise)
        case A.Binary(op=op, left=left, right=right) if op in _COMPARE:
            a, b = v(left), v(right)
            if type(a) is type(b):
                return _COMPARE[op](a, b)
        case A.Binary(op="and" | "or" as op, left=left, right=right):
            a = v(left)
            if isinstance(a, bool):
                return (a and v(right)) if op == "and" else (a or v(right))
        case A.Unary(op="not", operand=operand):
            a = v(operand)
            if isinstance(a, bool):
                return not a
        case A.Unary(op="-", operand=operand):
            a = v(operand)
            if _is_number(a):
                return -a
        case A.Binary(op=op, left=left, right=right) if op in A.ARITHMETIC:
            a, b = v(left), v(right)
            if _is_number(a) and _is_number(b):
                if by_zero(op, b):
                    raise NotConstant(node, by_zero(op, b))
                return _checked(node, arithmetic(op, a, b))
        case A.PairOf(op=op, left=left, right=right):
            a, b = v(left), v(right)
            if _is_number(a) and _is_number(b):
                return _checked(node, pair(op, a, b))
        case A.Number() | A.Name():
            return evaluate(node, param)
    raise NotConstant(node, "the wins needed must be known before the match: a number, a parameter, "
                            "or a number worked out from 'count of players'", WINS_HINT)


def _is_number(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _checked(node, value: int) -> int:
    if why := number_error(value):
        raise NotConstant(node, why.replace("this number", "the value of this constant"))
    return value


def check_match(checker, match: A.MatchDecl) -> None:
    """Every check of `match:`, said at the line or the value at fault."""
    if not check_team_match(checker, match):
        return
    sym = checker.sym
    role_names = sym.role_names
    if match.loser_chooses is not None and match.loser_chooses.name not in role_names:
        sym.unknown(match.loser_chooses, "role", role_names)
    if match.total is None and match.streak is None:
        checker.error(match, "the match needs a number of wins", "add 'wins needed: 3 in all'")
    if len(role_names) != 2 and match.loser_chooses is not None:
        checker.error(match, "'loser chooses' needs a two-role game",
                      "declare two roles, or write 'next game: winner starts' (or 'loser starts')")
    low, high = sym.players
    if match.starts is not None and match.starts[0] == "loser" and (low, high) != (2, 2):
        # with three players a game has two losers, or one: there is no one seat to start
        counts = f"{low}" if low == high else f"{low} to {high}"
        checker.error(match.starts[1], f"'loser starts' needs a two-player game, not one for {counts} players: "
                                       "a game of more players has no one loser",
                      "write 'next game: winner starts', or 'players 2'")
    for kind, node in match.twice:
        words = "in all" if kind == "total" else "in a row"
        checker.error(node, f"the match's wins needed '{words}' are given twice",
                      f"keep one 'N {words}' on the 'wins needed' lines")
    for node, kind in ((match.total, "in all"), (match.streak, "in a row")):
        if node is not None:
            _check_wins(checker, node, kind, low, high)


def _check_wins(checker, node, kind: str, low: int, high: int) -> None:
    t = checker.expr(node, Scope())
    if t is None:
        return
    if t != NUMBER:
        checker.error(node, f"the wins needed must be a number, not {t.describe()}", WINS_HINT)
        return
    sym = checker.sym
    read: dict[str, None] = {}  # the parameters the value reads, in order
    for players in range(low, high + 1):
        sym.const_used = []
        try:
            n = wins_value(node, sym.const_param, players)
        except NotConstant as e:
            if e.message:
                checker.error(e.node, e.message, e.hint or WINS_HINT)
            return
        read.update(dict.fromkeys(sym.const_used))
        if not 1 <= n <= MAX_MATCH_GAMES:
            at = f" with {players} players" if low != high else ""
            counts = f"{low}" if low == high else f"{low} to {high}"
            why = (f"a match stops after {MAX_MATCH_GAMES} games" if n > MAX_MATCH_GAMES else
                   f"the value must be at least 1 at every player count the game allows ({counts})")
            checker.error(node, f"the wins needed {kind} must be from 1 to {MAX_MATCH_GAMES}{at}, not {n:,}",
                          sym.overridden_hint() or why)
            return
    for name in read:
        if (r := sym.param_ranges.get(name)) is not None and isinstance(sym.params.get(name), int):
            if check_over_range(checker, node, kind, name, r, low, high, wins_value, MAX_MATCH_GAMES):
                return
