"""Decision points told apart by the actions they offer.

One `takes an action` can ask two decisions: a trick game's turn offers a lead when the
table is empty and a follow otherwise, from one line. Lumped into one row, a cramped
follow (two cards of the suit led, or one) hides behind a roomy lead. A place's menus
whose declared actions overlap are one decision (a menu that lacks an action now and
then: no card to archive this turn); menus with no action in common, at the same place,
are decisions apart. So the menus of a place are grouped by the actions they share,
each group (a connected set of overlapping menus) a decision point of its own.
"""

from __future__ import annotations


def by_actions(points: dict) -> dict:
    """{(prompt, where, actions offered): figures} as analysis.decisions counts them ->
    {(prompt, where, the actions of the group, whether the place has several groups):
    the group's figures added up}. A choice from a collection offers no declared action:
    its place is one group."""
    places: dict = {}
    for (prompt, where, offered), row in points.items():
        places.setdefault((prompt, where), []).append((set(offered), row))
    out = {}
    for (prompt, where), menus in places.items():
        groups = _groups(menus)
        for actions, row in groups:
            out[(prompt, where, tuple(sorted(actions)), len(groups) > 1)] = row
    return out


def _groups(menus: list) -> list:
    """The menus merged while two share an action: [(the actions, the figures added up)]."""
    groups: list = []
    for actions, row in menus:
        actions, row = set(actions), _copy(row)
        for other in [g for g in groups if g[0] & actions]:
            groups.remove(other)
            actions |= other[0]
            row = _add(row, other[1])
        groups.append((actions, row))
    return groups


def _copy(row: list) -> list:
    return [row[0], row[1], row[2], set(row[3]), set(row[4]), {s: list(v) for s, v in row[5].items()}]


def _add(a: list, b: list) -> list:
    """Two rows' figures added up: [decisions, sum of menu sizes, forced, seats, rules,
    {seat: [choices greedy judged, those alike]}]."""
    greedy = {s: list(v) for s, v in a[5].items()}
    for s, (judged, alike) in b[5].items():
        g = greedy.setdefault(s, [0, 0])
        g[0] += judged
        g[1] += alike
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] | b[3], a[4] | b[4], greedy]
