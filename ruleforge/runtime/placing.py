"""Where an error of the rules was met: the rule and the rule-file position of the
generated code it was raised in (each generated module's lines are mapped to the rules
and spans they come from), and the error of rules that went deeper than Python's stack.
The engine's loop (engine.run) and the places that run rules outside it use these.
"""

from __future__ import annotations

from itertools import islice

from .values import RuleError


def placed(e: RuleError, fr=None) -> RuleError:
    """`e` with the rule and rule-file position it was met at (see `where_of`), when it was
    raised outside `run` (a heuristic, an invariant, a menu made later) and has none."""
    if e.rule is None:
        e.rule, e.span, e.via = where_of(e.__traceback__, fr)
        e.args = (e.describe(),)
    return e


# generated module file name -> per line: (rule, span), (rule, span, parts) or None (see
# codegen/writer.py); and its source, to find which part of a line an error is in
SOURCE_LINES: dict[str, list] = {}
SOURCE_TEXT: dict[str, str] = {}


def where_of(tb, fr) -> tuple:
    """The rule and rule-file position of an error, and the rules it was reached from.

    The innermost line of generated code that belongs to a rule is where the faulty
    expression is (a definition, an ending's condition, a card's attribute); the
    outermost is the rule that was running (setup, a turn, an action). Between them, the
    rule that asked for the faulty one (an action's 'allowed if' reading a definition)
    is `via`, and the outermost, when it is yet another, `via`'s own `origin`. With no
    generated frame, the running frame's current block."""
    chain = []  # (rule, span) of each generated frame, outermost first
    last = None  # the innermost generated frame's traceback entry
    while tb is not None:
        lines = SOURCE_LINES.get(tb.tb_frame.f_code.co_filename)
        if lines is not None:
            at = lines[tb.tb_lineno - 1]
            if at is not None and at[1] is not None:  # (not a dispatcher such as "the value of a card")
                chain.append(at[:2])
                last = (tb, at[2] if len(at) > 2 else None)
        tb = tb.tb_next
    if not chain:
        if fr is None:
            return None, None, None
        return fr.proc.name, fr.proc.span_at(fr), None
    inner, outer = chain[-1], chain[0]
    if last[1] is not None:  # the part of the statement the error is in, when it is known
        inner = (inner[0], _part(last[0], last[1]) or inner[1])
    callers = [at for at in chain if at[0] != inner[0]]
    if not callers:  # (a rule called by name is written out in its caller: codegen/calls.CalledRule)
        return str(inner[0]), inner[1], getattr(inner[0], "called_from", None)
    via = callers[-1]  # the nearest rule outside the faulty one
    if outer[0] != via[0] or getattr(via[0], "called_from", None):
        via = (str(via[0]), via[1], outer if outer[0] != via[0] else via[0].called_from)
    return str(inner[0]), inner[1], via


def too_deep(e: RecursionError, fr=None) -> RuleError:
    """The rule error of rules that went deeper than Python's stack, placed at the rule
    and rule-file position they reached (see where_of)."""
    rule, span, via = where_of(e.__traceback__, fr)
    return RuleError(_too_deep(e.__traceback__), rule, span, via)


def _too_deep(tb) -> str:
    """Why the rules went deeper than Python's stack: one of them worked out from itself
    (a generated function that calls itself again), or a long chain of different ones
    (4,000 quantities each read from the next), which is not a loop."""
    seen, chain = set(), 0
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename in SOURCE_LINES:
            if code in seen:
                return "a quantity, attribute or definition is computed from itself"
            seen.add(code)
            chain += 1
        tb = tb.tb_next
    return (f"quantities, attributes or definitions are worked out from one another {chain:,} deep, deeper "
            "than a game can run: shorten the chain (a quantity that reads the next, and so on)")


def _part(tb, parts: tuple):
    """The rule-file span of the smallest expression of `parts` (see codegen/writer.py)
    that holds the instruction traceback entry `tb` stopped at (the call that raised, or
    that called what raised), or None."""
    code = tb.tb_frame.f_code
    # (one position per code unit of two bytes; tb_lasti is a byte offset)
    at = next(islice(code.co_positions(), tb.tb_lasti // 2, None), None)
    if at is None:
        return None
    line, end_line, col, end_col = at
    source = SOURCE_TEXT.get(code.co_filename)
    if source is None or col is None or end_col is None or line != end_line:
        return None
    text = source.splitlines()  # (an error's path: split only when one happens)
    if not 0 < line <= len(text):
        return None
    full = text[line - 1]
    body = full.lstrip(" ")
    start, end = col - (len(full) - len(body)), end_col - (len(full) - len(body))
    best = None
    for i, j, span, t in parts:
        if i <= start and end <= j and body[i:j] == t and (best is None or j - i < best[1] - best[0]):
            best = (i, j, span)
    return None if best is None else best[2]
