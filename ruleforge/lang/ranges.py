"""Parameter ranges: `parameter hand_size = 3 in 1 to 5`.

A range says which values the rules make sense for. The default, a `--set` value (so a
`--sweep` value, which is a `--set` per run) and a variant's value are checked against
it, and the message names the parameter, the range and where the range is declared, so
that `--set hand_size=20` is refused instead of silently dealing what is left.

Also the step of a range of numbers to pick or list, `from 2 to 10 by 2` (an action's
`with NAME from ... to ... by ...`, a card list's loop): a constant step below 1 is
refused here; one worked out in play stops play (`runtime/prims.bounded_range`).
"""

from __future__ import annotations

import os
from typing import Optional

from attrs import frozen

from . import ast as A
from .const import NotConstant
from .diagnostics import Span
from .types import NUMBER, list_of


@frozen
class Range:
    """A parameter's declared bounds, and where they are written."""
    low: int
    high: int
    span: Span  # from the low bound to the high one

    def where(self, main: str = "this file") -> str:
        """`base.rules:16` for a range in another file, `line 16` in this one."""
        if self.span.file:
            return f"{os.path.normpath(self.span.file)}:{self.span.line}"
        return f"line {self.span.line}" if main == "this file" else f"{main}:{self.span.line}"

    def holds(self, value) -> bool:
        items = value if isinstance(value, list) else [value]
        return all(self.low <= v <= self.high for v in items)

    def outside(self, value):
        """The first item of `value` outside the range (the value itself for a number)."""
        if not isinstance(value, list):
            return value
        return next(v for v in value if not self.low <= v <= self.high)


def _names(node) -> list[str]:
    """The names an expression reads (the parameters a range is made of)."""
    if isinstance(node, A.Name):
        return [node.name]
    if isinstance(node, (list, tuple)):
        return [n for x in node for n in _names(x)]
    fields = getattr(type(node), "__attrs_attrs__", ())
    return [n for f in fields if f.name != "span" for n in _names(getattr(node, f.name))]


_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen twenty").split()


def _quoted_number(value) -> Optional[str]:
    """The hint for a number written as a text (`"5"`, `"five"`), or None when `value` is no such text."""
    if not isinstance(value, A.Text):
        return None
    said = value.value.strip()
    if said.isdigit():
        return f"write {int(said)}"
    if said.lower() in _NUMBER_WORDS:
        return f"write it in digits: {_NUMBER_WORDS.index(said.lower())}"
    return None  # a text meant as one (`"Alice"`): the range may be the mistake


def declared_range(sym, p: A.ParamDecl, default, from_set: Optional[str] = None) -> Optional[Range]:
    """Check `p`'s range against its default and its --set value, and return it (None
    when it has none, or when the range itself is wrong; that is reported). `from_set`
    says which --set values the default was computed from, if any."""
    if p.low is None:
        return None
    name = p.name.name
    t = sym.param_types[name]
    if t not in (NUMBER, list_of(NUMBER)):
        quoted = _quoted_number(p.value)
        if quoted is not None:  # `parameter hand_size = "five" in 1 to 13`: the quotes are the mistake
            sym.error(p.value, f"'{name}' is a text here: a number is written without quotes", quoted)
            # what reads it as the number its range says it is stays quiet
            sym.params.pop(name, None)
            sym.param_types.pop(name, None)
            sym.unparsed.add(name)
        else:
            sym.error(Span(p.low.span.line, p.low.span.column, p.high.span.end_line, p.high.span.end_column,
                           p.low.span.file),
                      f"'{name}' is {t.describe()}: only a number or a list of numbers has a range",
                      "remove 'in ... to ...'")
        return None
    bounds = []
    for node in (p.low, p.high):
        try:
            v = sym.const(node)
        except NotConstant as e:
            sym.error(e.node, e.message or "a range's bounds are numbers", "write a number, such as 1")
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            sym.error(node, "a range's bounds are numbers", "write a number, such as 1")
            return None
        bounds.append(v)
    low, high = bounds
    span = Span(p.low.span.line, p.low.span.column, p.high.span.end_line, p.high.span.end_column, p.low.span.file)
    if low > high:
        sym.error(span, f"the range of '{name}' is empty: {low} is above {high}", "write the low bound first")
        return None
    r = Range(low, high, span)
    overridden = name in sym.overrides
    # (an overridden default is not used: `--set hand_size=4 --set deal_size=4` was refused
    # for deal_size's default of 5, outside 0 to hand_size)
    if not overridden and not r.holds(default):
        bad = r.outside(default)
        if p.value.span.file != span.file:  # a variant's value, against its base's range
            sym.error(p.value, f"'{name}' = {bad} is outside its range, {low} to {high}, declared at {r.where()}",
                      f"a variant may declare a range of its own: parameter {name} = ... in LOW to HIGH")
        else:
            what = f"holds {bad}" if isinstance(default, list) else f"is {bad}"
            moved = [n for n in _names((p.low, p.high)) if n in sym.overrides]
            if moved and from_set is None:  # the range moved, with a --set of what it is made of
                from_set = (f"its range comes from --set {moved[0]}={sym.overrides[moved[0]]}: give '{name}' a "
                            f"value in it too (--set {name}=N)")
            sym.error(p.value, f"the default of '{name}' {what}, outside its range, {low} to {high}", from_set)
    if overridden and not r.holds(sym.params[name]):
        text = sym.overrides[name]
        what = "holds numbers" if isinstance(default, list) else "is"
        sym.error(span, f"--set {name}={text}: '{name}' {what} from {low} to {high}, as declared here",
                  f"give a value from {low} to {high}, or widen the range in the rule file")
    return r


STEP_HINT = "the numbers go up from the first to the last by the step: 'from 2 to 10 by 2' is 2, 4, 6, 8, 10"


def step_message(step: int) -> str:
    return f"'by {step:,}': a step is 1 or more"


def constant_step(sym, node) -> Optional[int]:
    """The step `node`, when it is a constant (a number, a parameter, arithmetic on them),
    after saying so if it is below 1; else None (worked out in play)."""
    try:
        step = sym.const(node)
    except NotConstant:
        return None
    if isinstance(step, int) and not isinstance(step, bool) and step < 1:
        sym.error(node, step_message(step), STEP_HINT)
    return step
