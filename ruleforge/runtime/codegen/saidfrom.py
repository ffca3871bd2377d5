"""Locals and values of the turn that a said text writes, noted with the cards they were
worked out from (runtime/toldfrom.py).

A placeholder that reads a card itself (`{c.value}`) is told to a seat only if it knew the
card (told.py). A copy of it (`let total = sum of c.value for each c in hand of current`,
then `say "{total}"`) is a plain number by the time the text is made: every seat is told
it. So that `check --deep` can warn of it, each value given to such a name is noted in a
watched game (prims.value_seen): the cards its value read (in told mode, as a test around
a `say` is: guarded.py) and those of the noted names it read in turn (`let w = total + 1`,
`increase total by c.value`). The `say` names the noted names it writes.

Only check --deep's compile (`deep`) notes them: the code every other run runs is as it
was. Decided at compile time: only a name some `say` writes (an `announce` is told by the
rulebook's wish), holding no card (a card is followed into the text: told.py), and worked
out from cards (derived.Taint), and the names its values read, are noted; every other
game's code is unchanged.
"""

from __future__ import annotations

from ...lang import ast as A
from ...lang.values import walk
from .. import typeinfo as T
from .derived import hashable_key, keepable_key, free_keys
from .guarded import warned
from .writer import at_of


class SaidFrom:
    """Mixin of the code generator, before Derived: the notes of said names' values."""

    say_from: tuple = ()  # (number, name) of each noted name the `say` being written writes

    def said_from(self) -> dict:
        """hashable key -> (its number, its name) of each name noted."""
        if hasattr(self, "_said_from"):
            return self._said_from
        taint, ch = self.taint(), self.ch
        noted: dict = {}
        if not self.deep:
            self._said_from = noted
            return noted

        def wanted(key) -> bool:
            if not taint.is_tainted(key):
                return False
            if isinstance(key, tuple):
                return keepable_key(ch.turn_values[key[1]][0]) is True
            return taint.keepable(key)
        todo = [k for item in ch.tree.items for n in walk(item) if warned(n)
                for k in free_keys(ch, n) if wanted(k)]
        todo += [k for value in self.counter_values() for k in free_keys(ch, value) if wanted(k)]  # (countertold.py)
        while todo:  # (`let w = total + 1`: w is said, total noted too)
            key = todo.pop(0)
            h = hashable_key(key)
            if h in noted:
                continue
            noted[h] = (len(noted) + 1, key[1] if isinstance(key, tuple) else _name(key))
            for value in taint.by_key.get(h, ()):
                todo.extend(k for k in free_keys(ch, value) if wanted(k))
        self._said_from = noted
        return noted

    def said_names(self, s) -> tuple:
        """The numbers and names of the noted names the `say` `s` writes."""
        noted = self.said_from()
        return tuple(noted[hashable_key(k)] for k in free_keys(self.ch, s) if hashable_key(k) in noted)

    def note_value(self, key, value, target=None) -> None:
        """Before `key` is given `value` (its own old value too, for `increase`): its note."""
        noted = self.said_from()
        h = hashable_key(key)
        if h not in noted:
            return
        note = self.guard_note(value) if self.reads_cards(value) else None
        names = [noted[hashable_key(k)][0] for k in free_keys(self.ch, value) if hashable_key(k) in noted]
        if target is not None and noted[h][0] not in names:
            names.append(noted[h][0])
        told = note[1] if note is not None else "None"
        span = value.span
        self.w.line(f"if st.observer is not None: value_seen(st, {noted[h][0]}, {told}, {tuple(names)!r}, "
                    f"{at_of(span)!r})")

    def _local_key(self, target):
        if isinstance(target, A.Name) and T.ref_kind(self.ch, target) == "local":
            return T.ref(self.ch, target)[1]
        return None

    def st_Say(self, s) -> None:
        outer, self.say_from = self.say_from, self.said_names(s) if warned(s) else ()
        try:
            super().st_Say(s)
        finally:
            self.say_from = outer

    def st_Let(self, s) -> None:
        self.note_value(s, s.value)
        super().st_Let(s)

    def st_SetValue(self, s) -> None:
        key = self._local_key(s.target)
        if key is not None:
            self.note_value(key, s.value)
        super().st_SetValue(s)

    def st_Change(self, s) -> None:
        key = self._local_key(s.target)
        if key is not None:
            self.note_value(key, s.amount, target=key)
        super().st_Change(s)

    def st_LetTurn(self, s) -> None:
        self.note_value(("turn", s.name.name), s.value)
        super().st_LetTurn(s)


def _name(binder) -> str:
    name = getattr(binder, "name", binder)
    return getattr(name, "name", str(name))
