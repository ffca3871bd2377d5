"""The order in which a seat's screens list the zones: by player, not zone by zone.

A rule file declares zones kind by kind (`zone hand per player`, then `zone red per
player`...), and the layout makes them in that order, every seat's hand, then every
seat's red pile. A player at a table reads it by side: the middle of the table, then
their own hand and piles together, then each opponent's. So a listing puts the shared
zones first, then the seat's own, then each other seat's in seat order; within each
group the zones keep the order the file declares them. A spectator (no seat) sees the
shared zones, then every seat's in seat order.

Only the order changes: what a zone shows is the view's, as before. The view itself
(`View.zones`) keeps the layout's order, which agents and tools index.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional, TypeVar

T = TypeVar("T")


def seat_key(owner: Optional[int], seat: Optional[int]) -> tuple[int, int]:
    """Where a zone of `owner` (a seat number; None or -1 for a shared zone) comes on
    `seat`'s screen (None: a spectator's): shared, then the seat's own, then the others."""
    if owner is None or owner < 0:
        return (0, 0)
    if owner == seat:
        return (1, 0)
    return (2, owner)


def by_seat(items: Iterable[T], owner: Callable[[T], Optional[int]], seat: Optional[int]) -> list[T]:
    """`items` (in declaration order) in the order `seat`'s screen lists them; the sort is
    stable, so each group keeps the declaration order."""
    return sorted(items, key=lambda item: seat_key(owner(item), seat))
