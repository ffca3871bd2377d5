"""Counters changed under a test, or to a value, that read cards some seat did not know
(check --deep).

Every seat reads every counter (view.py lists them all, `shown` or not; a piece's numbers
too; a per-card counter's changes are narrated to all): `if card.kind = wasabi: increase
picked_wasabi of current by 1` tells every seat what the face-down card is, as a `say`
under that test does (codegen/guarded.py), and `set last_value to card.value` tells its
value, as a said copy of it does (toldfrom.py). check --deep compiles a note before each
such change (codegen/countertold.py): the tests around it, noted as a `say`'s are
(prims.cond_seen), and the cards its value read, as a said local's are (value_seen). A
change under a test or of a value some seat did not follow is kept until the next
decision, where check --deep settles it as it settles a said text
(drivers/deep_counter.py).
"""

from __future__ import annotations

from .places import pend, room
from .toldfrom import hides, value_reads
from .values import RuleError


def counter_seen(st, index, at: tuple, guards: tuple = (), told=None, names: tuple = (),
                 value_at: tuple = (), op: str = "set") -> None:
    """Before a counter's change at `at` ((line, column[, file])): `index()` is the number
    of its var; `guards`, the (number, line, column[, file]) of the tests around it;
    `told(reads)`, its value's told code (None: it reads no card itself), `names` the noted
    locals its value reads, `value_at` where the value is; `op`, set, increase or decrease.
    Kept: (the var, `at`, `op`, "test" or "value", where the test or the value is, the
    cards read, who knew them all), by `at` (runtime/places.py). Its work, steps and random draws are given back; a
    note that fails is none."""
    ob = st.observer
    if not ob.strict or not room(ob.counted, ob.counter_told, at):
        return
    found = None
    for k, *test_at in guards:  # (the first test some seat could not follow, as prims._guarded)
        mask, cards = ob.conds.get(k, (-1, ()))
        if hides(st, mask):
            found = ("test", tuple(test_at), tuple(cards), mask)
            break
    if found is None and (told is not None or names):
        mask, cards, where = value_reads(st, told, names, value_at)
        if where is not None:
            found = ("value", tuple(where), tuple(cards), mask)
    if found is None:
        return
    saved = st.work, st.steps, st.rng
    try:
        i = index()
    except RuleError:
        return
    finally:
        st.work, st.steps, st.rng = saved
    pend(ob.counted, at, (i, at, op) + found)
