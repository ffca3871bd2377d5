"""A match's `wins needed` read from a parameter with a range (`goal in all`, `parameter
goal = 5 in 0 to 9`): each value of the range must make a match that can be played, not
only the value the file is checked with; otherwise `--set goal=0`, a sweep or a variant
would be the first to find that 0 was never a value the rules could take. Like the check
of a ranged parameter written as a card's `copies` (`SymbolTable.const_int`), it names the
parameter, the value and the range."""

from __future__ import annotations

from typing import Callable

from .const import NotConstant

# A range wider than this is tried at this many values nearest each of its ends (wins
# needed go from 1 to 99, so a value far from both ends is rarely the only bad one).
_MAX_TRIED = 1_000


def check_over_range(checker, node, kind: str, name: str, r, low: int, high: int,
                     wins_value: Callable, most: int) -> bool:
    """Say (and return True) when a value of `name`'s range `r` makes the wins needed `kind`
    at some player count from `low` to `high` no number from 1 to `most`
    (`wins_value(node, param, players)` works them out, `matchrule.wins_value`)."""
    sym = checker.sym
    whole = r.high - r.low < _MAX_TRIED
    tried = range(r.low, r.high + 1) if whole else \
        [*range(r.low, r.low + _MAX_TRIED), *range(r.high - _MAX_TRIED + 1, r.high + 1)]

    def at(value):
        def param(n):
            return value if n.name == name else sym.const_param(n)
        return param

    def fault(value):
        """(player count, the wins or the reason they cannot be worked out) at each count that fails."""
        faults = []
        for players in range(low, high + 1):
            try:
                n = wins_value(node, at(value), players)
            except NotConstant as e:
                faults.append((players, e.message or "it cannot be worked out"))
                continue
            if not 1 <= n <= most:
                faults.append((players, n))
        return faults

    for value in tried:
        faults = fault(value)
        if not faults:
            continue
        players, n = faults[0]
        at_count = f" with {players} players" if len(faults) < high - low + 1 else ""
        what = f"must be from 1 to {most}, not {n:,}" if isinstance(n, int) else f"cannot be worked out: {n}"
        where = f"its range is {r.low:,} to {r.high:,}, {r.where()}"
        checker.error(node, f"'{name}' may be {value:,} ({where}), but then the wins needed {kind}{at_count} {what}",
                      _narrower(name, r, fault, sym, whole))
        return True
    return False


def _narrower(name: str, r, fault, sym, whole: bool) -> str:
    """The hint: the widest part of the range around the value the file is checked with
    whose every value makes a match."""
    if not whole:
        return f"narrow the range of '{name}' to the values that make a match"
    low = high = sym.params[name]
    while low - 1 >= r.low and not fault(low - 1):
        low -= 1
    while high + 1 <= r.high and not fault(high + 1):
        high += 1
    return f"narrow its range to {low:,} to {high:,}"
