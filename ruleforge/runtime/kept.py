"""Menus kept by what they read: the store behind `actions.Menu.offer`.

A menu's key (codegen/menukeys.py) gathers what its actions read from a state; a menu
made once is kept under its key and found again when the key repeats, with the work
making it charged. What is kept is bounded, and a site whose menus rarely repeat stops
paying for keys.
"""

from __future__ import annotations


class MenusKept:
    """One seat's menus at one decision site, by key (see Menu.offer). At most
    `KEPT_LIMIT` menus are kept, and `KEPT_SIZE` actions and key items in all (a menu may
    hold 100,000 actions: memory stays bounded whatever a rule file offers). A site whose
    menus are new nearly every time (its key reads a pile that grows all game, say) is judged
    after `KEPT_TRIAL` menus and stops looking for a while, twice as long each time."""

    __slots__ = ("menus", "hits", "size", "skip", "wait", "deferred")

    def __init__(self, deferred: type):
        self.menus: dict = {}
        self.hits = 0
        self.size = 0
        self.skip = 0        # menus to make without a key, before trying keys again
        self.wait = KEPT_WAIT
        self.deferred = deferred  # the payload of an action naming a hidden card by place

    def keep(self, key, acts: tuple, vals: tuple, work: int) -> None:
        menus = self.menus
        size = len(acts) + len(key)
        n = len(menus)
        full = n >= KEPT_LIMIT or self.size + size > KEPT_SIZE
        if (n >= KEPT_TRIAL and self.hits * 32 < n) or (full and self.hits < n):
            # its menus are new nearly every time: not worth a key for a while
            self.skip, self.wait = self.wait, self.wait * 2
            menus.clear()
            self.size = self.hits = 0
            return
        if full:
            return
        deferred = self.deferred
        for v in vals:  # a hidden card named by place: made for this decision only
            if type(v) is deferred:
                return
        menus[key] = (acts, vals, work)
        self.size += size


KEPT_LIMIT = 1 << 12  # menus kept per decision site and seat
KEPT_TRIAL = 1 << 6   # menus kept before a site is judged (see MenusKept)
KEPT_WAIT = 1 << 10   # menus made without a key after a site is first judged not worth one
KEPT_SIZE = 1 << 19   # actions and key items kept per decision site and seat
