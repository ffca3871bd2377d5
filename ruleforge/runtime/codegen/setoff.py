"""Rules set off under a test: a card's effect (`resolve`) or a `runs out` rule, started
by a statement under an `if` whose test read cards some seat did not know. Such a rule
runs later, in its own frame (decisions.push_effect, flow.push), not written out at the
call as a rule called by name is (calls.py): the tests around the statement cannot be
named in its code. So, in check --deep's compile only, the statement that sets it off
notes the tests around it on the frame it pushed (runtime/countertold.set_off), and a
change of a counter every seat reads in a rule that can be set off is noted whatever the
tests written around it (countertold.py): counter_seen looks at the frames it runs in.
Every other compile is unchanged.
"""

from __future__ import annotations

from ...lang import ast as A


class SetOff:
    """Mixin of the code generator, before CounterTold: rules set off under a test."""

    def sets_off_change(self, n) -> bool:
        """Whether statement `n` may set off a rule that changes a counter every seat reads:
        a `resolve` of a trigger some card's effect for which does, a take from the top of
        a zone (a `move`, a `reveal`) when a `runs out` rule does."""
        if isinstance(n, A.Resolve):
            return n.trigger.name in self.setting_off()[0]
        if isinstance(n, (A.Move, A.Reveal)) and isinstance(n.what, A.Top):
            return self.setting_off()[1]
        return False

    def setting_off(self) -> tuple:
        """(the triggers some card's effect for which changes a public counter, whether a
        `runs out` rule does), worked out once."""
        if not hasattr(self, "_setting_off"):
            ch = self.ch
            triggers = {e.trigger.name for cd in ch.card_decls for e in cd.effects
                        if self.reaches(e.body, self.changes_public)}
            runs_out = any(ev.event == "runs out" and self.reaches(ev.body, self.changes_public) for ev in ch.events)
            self._setting_off = (frozenset(triggers), runs_out)
        return self._setting_off

    def can_be_set_off(self) -> bool:
        """Whether the game has a rule that can be set off and changes a public counter: then
        each change of one is noted (the frames it runs in may have been set off)."""
        triggers, runs_out = self.setting_off()
        return bool(triggers) or runs_out

    def pushed(self, push: str) -> None:
        """The line `push` that pushes a rule to run next; under noted tests, in check --deep's
        compile, followed by their note on its frame."""
        self.w.line(push)
        if self.deep and self.say_guards:
            self.w.line(f"if st.observer is not None: set_off(st, {self.say_guards!r})")
