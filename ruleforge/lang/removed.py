"""What a variant took out of its base with `without` lines (load.take_out), as the
checker's messages name it: a rule the variant keeps may still use an action or an
ending taken out, and "unknown ending 'folded'" alone left the designer to find out why.
"""

from __future__ import annotations

from . import ast as A

# the word an unknown name's message begins with, for each kind of item a rule names
_WORDS = {"ActionDecl": "action", "ActionGroupDecl": "action", "EndingDecl": "ending"}


def removed_names(tree: A.RuleFile) -> dict:
    """(word, name) -> the WithoutDecl that took that action or ending out."""
    return {(_WORDS[w.kind], w.name.name): w for w in tree.removed if w.kind in _WORDS}


def taken_out(sym, name: A.Name, message: str, hint: str | None) -> tuple[str, str | None]:
    """An unknown name's message and hint, saying which `without` line took it out when
    one did."""
    for word in ("action", "ending"):
        w = sym.removed.get((word, name.name))
        if w is not None and message.startswith(f"unknown {word}"):
            return (f"{message}: 'without {w.heading}' takes it out ({sym.line_of(w.span, name.span)})",
                    "a variant can take out only what no rule uses: replace the rules that use it too")
    return message, hint
