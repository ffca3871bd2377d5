"""Who knew the cards a said local or value of the turn was worked out from (check --deep).

`let total = sum of c.value for each c in hand of current`, then `say "{total}"`: by the
time the text is made, `total` is a number, and every seat is told it, though one of
them did not know the cards it adds up. In a checked game each value given to a name a
`say` writes is noted (value_seen, called by the code of codegen/saidfrom.py): who knew
every card it read when it was worked out, and which cards, with those of the noted names
it read (its own old value, for `increase`). A `say` that writes the name keeps the text
if some seat did not know them (told_from); check --deep settles it at the next decision,
as a text said under a test (drivers/deep_told.py).
"""

from __future__ import annotations

from .places import pend
from .values import RuleError


def value_seen(st, k: int, told, names: tuple, at: tuple) -> None:
    """Note name `k`'s new value: `told(reads)` is its value's told code (None: it reads no
    card itself), `names` the noted names it reads, `at` the value's (line, column)."""
    if not st.observer.strict:
        return
    mask, cards, where = value_reads(st, told, names, at)
    st.observer.vals[k] = (mask, frozenset(cards), where) if where is not None else None


def value_reads(st, told, names: tuple, at: tuple) -> tuple:
    """(who knew every card a value read, those cards, where the first that some seat did
    not know was read: None when every seat knew them): `told`, `names` and `at` as
    value_seen's (a counter set to a value is noted the same way: countertold.py). Its
    work, steps and random draws are given back; one that fails here (a random pick picked
    otherwise) is noted as read from no card."""
    ob = st.observer
    mask, cards, where = -1, set(), None
    if told is not None:
        reads = [-1, set()]
        saved = st.work, st.steps, st.rng
        try:
            told(reads)
        except RuleError:
            reads = [-1, set()]
        finally:
            st.work, st.steps, st.rng = saved
        mask, cards = reads
        if hides(st, mask):
            where = at
    for n in names:
        got = ob.vals.get(n)
        if got is not None:
            mask &= got[0]
            cards |= got[1]
            if where is None and hides(st, got[0]):
                where = got[2]
    return mask, cards, where


def told_from(st, said_event, at, names: tuple) -> None:
    """A `say` at `at` wrote the noted names `names` ((number, name) each): keep its text
    with the first one worked out from cards some seat did not know (prims.say has seen
    that there is room for it: runtime/places.py)."""
    ob = st.observer
    for k, name in names:
        got = ob.vals.get(k)
        if got is not None:
            mask, cards, where = got
            pend(ob.told_from, at, (said_event(), at, name, where, tuple(cards), mask))
            return


def hides(st, mask: int) -> bool:
    """Whether some seat is outside `mask`, the seats that knew every card read."""
    return any(not mask >> s & 1 for s in range(st.game.nplayers))
