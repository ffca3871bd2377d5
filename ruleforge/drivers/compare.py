"""Paired comparison of two runs on the same seeds, and what differs between the files:
which rules, and how often each fired."""

from __future__ import annotations

import math

import attrs
from attrs import frozen

from ..lang import ast as A
from ..lang import refs as R
from ..lang.diagnostics import Span
from .simulate import ANY, mean_interval


def paired_difference(base: list, variant: list, seat: int, team: bool = False) -> dict:
    """Difference in `seat`'s win rate (variant - base) over games paired by seed (with
    `team`, a cooperative game's: the team's win rate, a game won by every seat or none).

    Each pair gives d = won_in_variant - won_in_base (in -1, 0, 1); the interval is the
    Student's t one for the mean of d, which pairing makes much narrower than comparing two
    independent rates when both files deal the same cards.
    """
    pairs = [(b, v) for b, v in zip(base, variant) if b.error is None and v.error is None]
    n = len(pairs)
    if n == 0:
        return {"difference": 0.0, "ci95": [0.0, 0.0], "significant": False, "games": 0}
    won = [(bool(v.winners), bool(b.winners)) if team else (v.winners == (seat,), b.winners == (seat,))
           for b, v in pairs]
    d = [int(v) - int(b) for v, b in won]
    if len(set(d)) > 1:
        return _difference(d, (-1.0, 1.0))
    # Every pair differs alike (all 0, or all +1): the t interval has no width, so 2 games
    # read '+100.0 [+100.0, +100.0] significant'. Newcombe's interval for paired rates
    # (his method 10, from the two Wilson intervals) is honest at any n.
    both, only_v, only_b = (sum(1 for x in won if x == k) for k in ((True, True), (True, False), (False, True)))
    lo, hi = newcombe_paired(both, only_v, only_b, n - both - only_v - only_b)
    return {"difference": d[0] * 1.0, "ci95": [lo, hi], "significant": lo > 0 or hi < 0, "games": n}


def newcombe_paired(a: int, b: int, c: int, d: int) -> tuple[float, float]:
    """95% interval for p1 - p2 of paired proportions (Newcombe 1998, method 10): `a` pairs
    where both happen, `b` only the first, `c` only the second, `d` neither."""
    from .simulate import wilson
    n = a + b + c + d
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    # the correlation, continuity-corrected: 0 when the cross product is within n/2 of 0
    phi = 0.0 if margins == 0 else ((cross - n / 2) if cross > n / 2 else min(cross, 0)) / math.sqrt(margins)
    below = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    above = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return max(-1.0, p1 - p2 - below), min(1.0, p1 - p2 + above)


def paired_payoff_difference(base: list, variant: list, seat: int) -> dict:
    """Difference in `seat`'s mean payoff (variant - base) over games paired by seed, both
    of which declare a payoff; the Student's t interval for the mean of the paired differences."""
    pairs = [(b, v) for b, v in zip(base, variant) if b.error is None and v.error is None
             and b.payoffs is not None and v.payoffs is not None]
    n = len(pairs)
    if n == 0:
        return {"difference": 0.0, "ci95": [0.0, 0.0], "significant": False, "games": 0}
    return _difference([v.payoffs[seat] - b.payoffs[seat] for b, v in pairs], ANY)


def _difference(d: list, within: tuple) -> dict:
    """The mean of paired differences, its interval, and whether that leaves out 0.

    When every pair differs alike the t interval has no width, and one game of payoffs
    read '+3.00 [+3.00, +3.00] significant'. Then the verdict is the sign test's: n pairs
    that all differ the same way are significant at 5% once 2 * 0.5**n < 0.05, from 6
    pairs on (the payoffs have no bound, so no interval for the mean can be had)."""
    m = mean_interval(d, within)
    lo, hi = m["ci95"]
    significant = lo > 0 or hi < 0
    if len(set(d)) == 1:
        significant = d[0] != 0 and len(d) >= 6
    return {"difference": m["mean"], "ci95": [lo, hi], "significant": significant, "games": m["games"]}


# ---- what differs between two rule files, and how often it was played ------------------

@frozen
class RuleChange:
    """An item that differs between a base and a variant, and where its firings are counted."""
    label: str            # "action scan", "parameter reveal_count", 'card "Scan"'
    change: str           # "changed", "added", "only in the base", or "2 → 3" for a parameter
    keys: tuple = ()      # the rule-coverage names that count its firings (a parameter's: its
                          # readers'); () when not counted
    readers: tuple = ()   # a parameter's: the labels of the rules that read it


def rule_changes(base, variant) -> list[RuleChange]:
    """The rules, actions, endings, cards, events and parameters that differ between two
    checked programs, compared by kind and name (not by position in the file)."""
    old, new = _items(base), _items(variant)
    out = []
    for k in list(old) + [k for k in new if k not in old]:
        a, b = old.get(k), new.get(k)
        item = b if b is not None else a
        if isinstance(item, A.ParamDecl):
            name = item.name.name
            va, vb = base.params.get(name), variant.params.get(name)
            if a is not None and b is not None and va == vb:
                continue
            change = "added" if a is None else "only in the base" if b is None else f"{_value(va)} → {_value(vb)}"
            readers = [i for i in variant.tree.items if _reads(i, name, variant.refs)]
            out.append(RuleChange(f"parameter {name}", change, tuple(k for i in readers for k in _keys(i)),
                                  tuple(_label(i) for i in readers)))
            continue
        try:
            if a is not None and b is not None and _shape(a) == _shape(b):
                continue
        except RecursionError:  # nested deeper than Python's stack: call it changed
            pass
        change = "added" if a is None else "only in the base" if b is None else "changed"
        out.append(RuleChange(_label(item), change, _keys(item)))
    return out


def firings(outcomes: list, keys: tuple) -> tuple[int, int]:
    """How often the rules named `keys` fired in `outcomes`: (times, games)."""
    times = games = 0
    for o in outcomes:
        n = sum(o.fired.get(k, 0) for k in keys)
        times += n
        games += n > 0
    return times, games


def same_outcomes(base: list, variant: list) -> int:
    """How many paired games came out the same: winners (and payoffs), ending, length and
    rules fired."""
    key = lambda o: (o.winners, o.payoffs, o.ending, o.decisions, o.rounds, o.fired, o.error)  # noqa: E731
    return sum(key(b) == key(v) for b, v in zip(base, variant))


def _items(checked) -> dict:
    from ..load import item_key
    out, count = {}, {}
    for item in checked.tree.items:
        if isinstance(item, A.InvariantDecl):
            continue  # checked by tests, never played
        k = item_key(item)
        if k is None:  # several rules of one kind ('when the round ends'): by their order
            base = (type(item).__name__, getattr(item, "event", None))
            count[base] = count.get(base, 0) + 1
            k = base + (count[base],)
        out[k] = item
    return out


def _label(item) -> str:
    from ..lang.lint import DECL_WORDS
    if isinstance(item, A.EventDecl):
        return item.heading + (f" ({item.name.name})" if item.name is not None else "")
    if isinstance(item, A.CardDecl):
        return f'card "{item.title}"'
    if isinstance(item, A.TurnDecl):
        return f"turn of {item.role.name}" if item.role else "turn"
    if isinstance(item, A.SetupDecl):
        return "setup"
    if isinstance(item, A.PiecesDecl):  # as the rule file writes it ('set of pieces tokens' read badly)
        return f"pieces {item.name.name}"
    name = getattr(item, "name", None)
    word = DECL_WORDS.get(type(item).__name__, type(item).__name__.removesuffix("Decl").lower())
    return f"{word} {name.name}" if isinstance(name, A.Name) else word


def _keys(item) -> tuple:
    """The names rule coverage counts the item's firings under (simulate.all_rules)."""
    if isinstance(item, A.ActionDecl):
        return (f"action {item.name.name}",)
    if isinstance(item, A.EndingDecl):
        return (f"ending {item.name.name}",)
    if isinstance(item, A.EventDecl):
        return (_label(item),)
    if isinstance(item, A.CardDecl):
        return tuple(f"{item.title}: on {e.trigger.name}" for e in item.effects)
    return ()


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(map(str, v)) + "]"
    return repr(v) if isinstance(v, str) else str(v)


def _shape(x):
    """A node as plain nested tuples without spans, so that equal rules compare equal
    wherever they are written."""
    if isinstance(x, (tuple, list)):
        return tuple(_shape(i) for i in x if not isinstance(i, Span))
    if attrs.has(type(x)):
        return (type(x).__name__,) + tuple(_shape(getattr(x, f.name)) for f in attrs.fields(type(x))
                                           if not isinstance(getattr(x, f.name), Span))
    return x


def _reads(item, name: str, refs: dict) -> bool:
    """Whether `item` reads the parameter `name` (not counting its own declaration)."""
    if isinstance(item, A.ParamDecl) and item.name.name == name:
        return False
    stack = [item]
    while stack:
        x = stack.pop()
        if isinstance(x, (tuple, list)):
            stack.extend(x)
        elif isinstance(x, A.Name):
            ref = refs.get(x)
            if isinstance(ref, R.Param) and ref.name == name:
                return True
        elif attrs.has(type(x)):
            stack.extend(getattr(x, f.name) for f in attrs.fields(type(x)))
    return False


# ---- whether the bots decide the verdict -----------------------------------------------

def verdict(diff: dict) -> str:
    """A paired difference's verdict: its sign when it is significant."""
    if not diff["significant"]:
        return "not significant"
    return "higher" if diff["difference"] > 0 else "lower"


def verdicts_differ(diffs: list, others: list) -> list:
    """The differences (as compare lists them: one per variant and seat) whose verdict is
    not the same in `others`, the same comparison between other bots on the same seeds."""
    return [(d, o) for d, o in zip(diffs, others) if verdict(d) != verdict(o)]


# ---- whether only the bots' judgement differs ------------------------------------------

HEURISTIC = "heuristic"  # the label rule_changes gives `heuristic of p:` and `heuristic:`


def bots_only(changes: list) -> bool:
    """Whether every difference is one only the bots read: the heuristic, or a parameter
    that only the heuristic reads. The rules are then the same game: random bots, which
    read no heuristic, play the very same games, and a difference measures the bots."""
    return bool(changes) and all(c.label == HEURISTIC or (c.label.startswith("parameter ") and c.readers
                                                           and set(c.readers) == {HEURISTIC}) for c in changes)
