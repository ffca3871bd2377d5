"""The tests a said text is said under: an `if`'s conditions (an `else` is under all of
them), a `repeat while`'s, a `for each ... where`'s filter. A text said only when a test
holds tells every seat that it held: one that read a card some seat did not know tells
that seat something of the card (`if (top of hand of current).suit = hearts: say
"{current} smiles"`). So, as for a text's own values (told.py), each such test is noted
at run time, exactly: at the start of the body it guards (where the board is still as the
test saw it) it is worked out once more in told mode, in a watched game only
(prims.cond_seen), and who knew every card it read is kept by its number; the `say`
under it names the numbers of the tests around it (prims.say), and `check --deep` warns
of the first text some seat was told under a test it could not follow.

Decided here, at compile time: a statement with no `say` in its body (nor, in check
--deep's compile, a change of a counter every seat reads, or a `say` in a rule called by
name, which is written out under the call's tests: countertold.py), and a test that
reads no card (told.reads_cards), or whose reads the told code does not note, gets no
line; nor does one with only `announce`s under it (`warned`: the rulebook has them said). A test that is a player's choice notes only the condition before its `and` (an
answer is told to all). A filter is worked out again for the element the body has, after
the earlier elements' bodies ran: what they changed, the note sees as changed.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Optional

from ...lang import ast as A
from .writer import at_of


def warned(n) -> bool:
    """Whether `n` is a `say` check --deep follows: an `announce` is told by the rulebook's
    wish, whatever its test and its values tell."""
    return isinstance(n, A.Say) and not n.announced


class Guarded:
    """Mixin of the code generator: the tests around a `say`, noted in watched games."""

    say_guards: tuple = ()  # (number, line, column) of each noted test around what is being written

    def guard_notes(self, s, tests, element=None) -> list:
        """For each of `tests` (the conditions of `s`, a statement), its note: (number,
        told code, span), or None when it needs none; [] when `s` says nothing. In a
        `for each` over a filter, `element` is (the filter, the loop variable's code)."""
        if not self.tells(s):
            return []
        return [self.guard_note(t, element) for t in tests]

    def filter_notes(self, s, var: str) -> list:
        """A `for each` over a filter: its condition's note, for the element in `var`."""
        if not isinstance(s.collection, A.Filter):
            return []
        return self.guard_notes(s, [s.collection.condition], (s.collection, var))

    def guard_note(self, test, element=None) -> Optional[tuple]:
        if isinstance(test, A.ChoiceCond):
            test = test.guard
        if test is None or not self.reads_cards(test):
            return None
        # the names the told code makes live in its lambda: taken back, so that the rest of
        # the rule is written as it was (the generated source changes by the note's line)
        sc = self.sc
        outer, names, cards = (self.told_reads, self.told_top, self.told_used), sc.counter[0], set(sc.cards)
        reads = "R"
        self.told_reads, self.told_top, self.told_used = reads, None, False
        if element is not None:
            was = sc.slots.get(element[0])
            sc.slots[element[0]] = element[1]
        try:
            code, used = self.ex(test), self.told_used
        finally:
            self.told_reads, self.told_top, self.told_used = outer
            sc.counter[0], sc.cards = names, cards
            if element is not None:
                sc.slots[element[0]] = was
        if not used:
            return None
        counter = self.__dict__.setdefault("_guard_count", [0])
        counter[0] += 1
        return counter[0], f"lambda {reads}: {code}", test.span

    @contextmanager
    def under(self, notes, body):
        """Write `body`, under the tests `notes` (guard_notes), within: first their notes
        (if it says something), then the body, whose `say`s name them."""
        notes = [n for n in notes if n is not None] if self.tells(body) else []
        for k, code, _ in notes:
            self.w.line(f"if st.observer is not None: cond_seen(st, {k}, {code})")
        outer = self.say_guards
        self.say_guards = outer + tuple((k, *at_of(span)) for k, _, span in notes)
        try:
            yield
        finally:
            self.say_guards = outer
