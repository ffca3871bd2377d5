"""Rules called by name (lang/calls.py), written out at each call.

The call's values go into the rule's parameters, locals of the calling function under
fresh names (in a rule that can stop, slots of its frame's list, so a stopped game still
clones with a list copy), evaluated once; then the rule's statements are written as if
they stood there. A rule that can stop makes the call a stop of the calling rule, whose
decisions are its own blocks. The checker has made sure no rule calls itself, and bounded
what is written out. A runtime error in the body names the called rule ('rule NAME'), its
line, and the rule and line it was called from.
"""

from __future__ import annotations

from ...lang import ast as A
from .writer import comment_text


class CalledRule(str):
    """The title of a rule called by name ('rule NAME'), for the lines of its body written
    out at a call: an error there names the rule, and the rule and line it was called
    from (engine.where_of)."""
    __slots__ = ("called_from",)

    def __new__(cls, title: str, called_from: tuple | None = None):
        self = super().__new__(cls, title)
        self.called_from = called_from
        return self


class Calls:
    """Mixin of the code generator, before Resumable in its bases."""

    def stops(self, s) -> bool:
        if isinstance(s, A.Call):
            return self.any_stops(self.ch.rules[s.name.name].body)
        return super().stops(s)

    def st_Call(self, s: A.Call) -> None:
        self.call_into(s, self.block)

    def sm_Call(self, s: A.Call) -> None:
        self.call_into(s, self.sm_block)

    def call_into(self, s: A.Call, write) -> None:
        r = self.ch.rules[s.name.name]
        w, sc = self.w, self.sc
        w.comment(f"rule {comment_text(s.name.name)} (line {r.span.line})")
        for (p, kind), a in zip(r.params, s.args):
            value = self.ex(a)
            if kind == "number" and (isinstance(a, A.SumFor) or isinstance(a, A.Binary) and a.op in ("+", "-")):
                value = f"num({value})"  # (as a let's: a sum may pass 10**18 though its parts do not)
            w.line(f"{sc.bind(p, p.name, kind if kind in ('card', 'cards') else None)} = {value}")
        rule, w.rule = w.rule, CalledRule(f"rule {s.name.name}", (str(w.rule), s.span))
        try:
            write(r.body)
        finally:
            w.rule = rule
