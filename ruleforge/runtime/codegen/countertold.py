"""Counters every seat reads, changed under a test or to a value that read cards: noted in
check --deep's compile (runtime/countertold.py).

A counter is public (every view lists it, `shown` or not; a piece's numbers too; a
`per card` counter's changes are narrated to every seat unless the file leaves it out of
the narration): `if card.kind = wasabi: increase picked_wasabi of current by 1` tells
every seat the card's kind, as a `say` under that test would. So, in check --deep's
compile only (`deep`: the code every other run runs is unchanged), the tests around a
statement that changes such a counter are noted as a `say`'s are (guarded.py: `tells`),
following the rules it calls by name (and so are a `say`'s in such a rule: `reaches`), and the change gets a line before it: the tests
around it, and its value's told code and the said-from notes of the locals it reads
(saidfrom.py notes those locals too). A counter that holds a card is followed into the
view (a seat that did not know the card sees "a hidden card"): only the tests around its
change are noted.
"""

from __future__ import annotations

from ...lang import ast as A
from ...lang.values import walk
from .. import typeinfo as T
from .derived import hashable_key, free_keys
from .guarded import warned
from .writer import at_of


class CounterTold:
    """Mixin of the code generator, before SaidFrom: the notes of public counters' changes."""

    def public_counter(self, target) -> bool:
        """Whether a `set`, `increase` or `decrease` of `target` changes a number every seat
        reads: a counter, per player or not; a piece's number; a narrated per-card counter."""
        if isinstance(target, A.Name):
            return T.ref_kind(self.ch, target) == "counter"
        if isinstance(target, A.Of):
            return True
        if isinstance(target, A.Attr):
            if T.is_card(self.t(target.obj)):
                g = self.g
                return g.var_labels[g.card_counter_base[target.name]] not in g.quiet_labels
            return True
        return False

    def reaches(self, node, hit, called=None) -> bool:
        """Whether `hit(n)` holds for a node `n` of `node`, or of a rule it calls by name
        (through the rules those call, each looked at once): a called rule is written out
        at its call (calls.py), under the tests around the call."""
        called = set() if called is None else called
        for n in walk(node):
            if hit(n):
                return True
            if isinstance(n, A.Call) and n.name.name not in called:
                called.add(n.name.name)
                if self.reaches(self.ch.rules[n.name.name].body, hit, called):
                    return True
        return False

    def changes_public(self, n) -> bool:
        """Whether `n` is a `set`, `increase` or `decrease` of a counter every seat reads."""
        return isinstance(n, (A.SetValue, A.Change)) and self.public_counter(n.target)

    def tells_here(self, n) -> bool:
        return warned(n) or self.changes_public(n) or self.deep and self.sets_off_change(n)

    def tells(self, node) -> bool:
        """Whether the tests around `node` are noted (guarded.py): it says something, or, in
        check --deep's compile, it changes a public counter or says something in a rule it
        calls by name (every other compile writes as it did before the calls were followed:
        only a check --deep reads the notes)."""
        return any(warned(n) for n in walk(node)) or self.deep and self.reaches(node, self.tells_here)

    def counter_values(self) -> list:
        """The values public counters are set to or changed by, and what chooses which counter
        changes (saidfrom.py notes the locals they read): in check --deep's compile only."""
        if not self.deep:
            return []
        changes = [n for item in self.ch.tree.items for n in walk(item) if self.changes_public(n)]
        return [n.value if isinstance(n, A.SetValue) else n.amount for n in changes] \
            + [c for c in map(self.chooser, (n.target for n in changes)) if c is not None]

    def chooser(self, target):
        """What chooses which counter `target` is: the player of `score of p`, the piece of
        `(pawn of clubs).step`; None for a per-card counter, whose card narration names
        only to the seats that know it ("mark of a card"), and for a global counter."""
        if isinstance(target, A.Of):
            return target.owner
        if isinstance(target, A.Attr) and not T.is_card(self.t(target.obj)):
            return target.obj
        return None

    def value_note(self, value) -> tuple:
        """(its told code, the noted names it reads) of a counter's value or chooser."""
        note = self.guard_note(value) if self.reads_cards(value) else None
        noted = self.said_from()
        return (note[1] if note is not None else "None",
                tuple(noted[hashable_key(k)][0] for k in free_keys(self.ch, value) if hashable_key(k) in noted))

    def note_counter(self, s, value) -> None:
        """Before `s` changes a public counter: its note, when a test around it or its value
        read a card (a value given to a counter that holds a card is followed: not noted)."""
        if not self.deep or not self.public_counter(s.target):
            return
        told, names = "None", ()
        if not T.is_card(self.t(value)):  # (a card value: the counter holds a card)
            told, names = self.value_note(value)
        chooser = self.chooser(s.target)
        which = self.value_note(chooser) if chooser is not None else ("None", ())
        # (a rule set off under a test, a card's effect or a `runs out` rule, is noted at
        # every change: the test is known only in play, setoff.py)
        if not self.say_guards and told == "None" and not names and which == ("None", ()) \
                and not self.can_be_set_off():
            return
        sc = self.sc
        fresh, cards = sc.counter[0], set(sc.cards)
        try:
            index = self.target(s.target)[1][0]
        finally:
            sc.counter[0], sc.cards = fresh, cards
        op = s.op if isinstance(s, A.Change) else "set"
        chosen = "" if which == ("None", ()) else f", ({which[0]}, {which[1]!r}, {at_of(chooser.span)!r})"
        self.w.line(f"if st.observer is not None: counter_seen(st, lambda: {index}, {at_of(s.span)!r}, "
                    f"{self.say_guards!r}, {told}, {names!r}, {at_of(value.span)!r}, {op!r}{chosen})")

    def st_SetValue(self, s) -> None:
        self.note_counter(s, s.value)
        super().st_SetValue(s)

    def st_Change(self, s) -> None:
        self.note_counter(s, s.amount)
        super().st_Change(s)
