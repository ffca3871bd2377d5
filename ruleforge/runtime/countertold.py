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
                 value_at: tuple = (), op: str = "set", which: tuple = (None, (), ())) -> None:
    """Before a counter's change at `at` ((line, column[, file])): `index()` is the number
    of its var; `guards`, the (number, line, column[, file]) of the tests around it;
    `told(reads)`, its value's told code (None: it reads no card itself), `names` the noted
    locals its value reads, `value_at` where the value is; `op`, set, increase or decrease;
    `which`, (told code, noted names, where) of what chooses the counter (the player of
    `score of p`). Kept: (the var, `at`, `op`, "test", "which" or "value", where the test
    or the value is, the cards read, who knew them all), by `at` (runtime/places.py): the
    first test some seat could not follow, written around the change or around what set
    off the rule it runs in (set_off), then the chooser, then the value. Its work, steps
    and random draws are given back; a note that fails is none."""
    ob = st.observer
    if not ob.strict or not room(ob.counted, ob.counter_told, at):
        return
    found = None
    for k, *test_at in guards:  # (the first test some seat could not follow, as prims._guarded)
        mask, cards = ob.conds.get(k, (-1, ()))
        if hides(st, mask):
            found = ("test", tuple(test_at), tuple(cards), mask)
            break
    if found is None and ob.set_off:
        found = _set_off_under(st)
    for kind, (code, read, where_at) in (("which", which), ("value", (told, names, value_at))):
        if found is None and (code is not None or read):
            mask, cards, where = value_reads(st, code, read, where_at)
            if where is not None:
                found = (kind, tuple(where), tuple(cards), mask)
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


MAX_SET_OFF = 16  # rules set off under a test, kept while their frames run (more: those gone are dropped)


def set_off(st, guards: tuple) -> None:
    """Just after a statement under the tests `guards` pushed a rule (a card's effect, a
    `runs out` rule: codegen/setoff.py): keep, with its frame, the first of those tests
    some seat could not follow. A change of a counter every seat reads while that frame
    runs (in it, or in a rule it starts) is then under that test (counter_seen)."""
    ob = st.observer
    if not ob.strict or not st.stack:
        return
    for k, *test_at in guards:
        mask, cards = ob.conds.get(k, (-1, ()))
        if hides(st, mask):
            if len(ob.set_off) >= MAX_SET_OFF:
                ob.set_off = [(fr, f) for fr, f in ob.set_off if _running(st, fr)]
                if len(ob.set_off) >= MAX_SET_OFF:
                    return
            ob.set_off.append((st.stack[-1], ("test", tuple(test_at), tuple(cards), mask)))
            return


def _running(st, frame) -> bool:
    return any(fr is frame for fr in st.stack)


def _set_off_under(st):
    """The note of the first rule set off under a test that is still running here."""
    for frame, found in st.observer.set_off:
        if _running(st, frame):
            return found
    return None
