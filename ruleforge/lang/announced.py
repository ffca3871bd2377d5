"""The warning of an `announce` that tells nothing a `say` would keep quiet about.

`announce` differs from `say` in one thing: check --deep does not warn that being said
under a test, or writing a local value worked out from cards, tells a seat something of
hidden cards (the rulebook has it said aloud). Where it stands under no test of its rule
and writes no local value, neither warning could ever be given: the word acknowledges
nothing, and it would silence the warning a test later written around it should give. So
it is a warning, found without playing: exact for what the file says (a test that reads
no card, `if deck is empty`, is still a test, and the announce under it is left alone:
only check --deep knows what a test read). A rule declared with `rule NAME:` is left
alone: its statements are written out where it is called, under the callers' tests.
"""

from __future__ import annotations

from . import ast as A
from . import refs as R
from .diagnostics import Diagnostic
from .values import TurnValue, walk

_HINT = ("write 'say': 'announce' is for a text the rulebook has said aloud though its being said, or a value "
         "in it, tells of cards some seat cannot see")


def idle_announcements(checked) -> list[Diagnostic]:
    """A warning at each `announce` under no test of its rule whose text writes no local
    value nor value of the turn. (A walk with a stack of its own: a hostile file nests
    deeper than Python's recursion.)"""
    out: list[Diagnostic] = []
    stack = [(item, False) for item in reversed(checked.tree.items) if not isinstance(item, A.RuleDecl)]
    while stack:
        node, tested = stack.pop()
        if isinstance(node, (tuple, list)):
            stack.extend((n, tested) for n in reversed(node))
            continue
        if isinstance(node, A.Say):
            if node.announced and not tested and not _writes_local(node, checked.refs):
                out.append(Diagnostic(node.span, "this 'announce' stands under no test and writes no local value, "
                                                 "so it tells nothing a 'say' would not", _HINT, "warning"))
            continue
        if isinstance(node, (A.If, A.RepeatWhile)):
            tested = True
        elif isinstance(node, (A.ForEach, A.ForEachChosen)) and isinstance(node.collection, A.Filter):
            tested = True
        for f in reversed(getattr(node, "__attrs_attrs__", ())):
            v = getattr(node, f.name)
            if isinstance(v, (tuple, list)) or hasattr(v, "__attrs_attrs__"):
                stack.append((v, tested))
    return out


def _writes_local(s: A.Say, refs) -> bool:
    return any(isinstance(refs.get(n), (R.Local, TurnValue))
               for part in s.parts if not isinstance(part, str) for n in walk(part) if isinstance(n, A.Name))
