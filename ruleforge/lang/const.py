"""The one constant evaluator: parameter defaults, slot counts, copies, starting values.

A constant is a number, yes/no, text, a list of numbers, a parameter, arithmetic on
numbers (`A.ARITHMETIC`: `+ - * /` and `mod`), `the greater of`, `the lesser of`, `the
difference between` and `the highest (lowest) of` a list. The checker evaluates each constant once,
reporting why a node is not one; the compiler and the card list evaluate the same nodes
again with the final parameters. A generated card list's attributes have an evaluator of
their own (`cardlists.value`), which shares `arithmetic`, `by_zero` and `pair`.
"""

from __future__ import annotations

from typing import Callable, Mapping

from . import ast as A
from .limits import MAX_LIST_ITEMS, number_error, raise_hint

NOT_CONSTANT = "this must be a constant: a number, yes/no, text, a list of numbers, or a parameter"


class NotConstant(Exception):
    """`node` is not a constant; `message` says why ('' when it was said already)."""

    def __init__(self, node, message: str, hint: str | None = None):
        super().__init__(message)
        self.node, self.message, self.hint = node, message, hint


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def arithmetic(op: str, a: int, b: int) -> int:
    """`a OP b` for an operator of `A.ARITHMETIC`, as play works it out: `/` rounds down
    and `mod` has the sign of the divisor (Python's `//` and `%`). See `by_zero` first."""
    match op:
        case "+":
            return a + b
        case "-":
            return a - b
        case "*":
            return a * b
        case "/":
            return a // b
    return a % b  # mod


def by_zero(op: str, b) -> str | None:
    """The message of `/` or `mod` by zero (as `runtime/prims.div` and `mod` say it in
    play), or None."""
    if b == 0 and op in ("/", "mod"):
        return "division by zero" if op == "/" else "division by zero in 'mod'"
    return None


def evaluate(node, param: Callable[[A.Name], object]):
    """The value of a constant expression; `param(name)` gives a parameter's value or
    raises NotConstant."""
    match node:
        case A.Number(value=v) | A.Bool(value=v) | A.Text(value=v):
            return v
        case A.Unary(op="-", operand=operand):
            v = evaluate(operand, param)
            if _is_int(v):
                return -v
        case A.ListOf(items=items):
            if len(items) > MAX_LIST_ITEMS:
                raise NotConstant(node, f"this list has {len(items):,} items: a list is limited to "
                                        f"{MAX_LIST_ITEMS:,}", raise_hint("MAX_LIST_ITEMS"))
            values = [evaluate(x, param) for x in items]
            if all(_is_int(v) for v in values):
                return values
            raise NotConstant(node, "a list parameter holds numbers only")
        case A.Name():
            return param(node)
        case A.Binary(op=op, left=left, right=right) if op in A.ARITHMETIC:
            a, b = evaluate(left, param), evaluate(right, param)
            if _is_int(a) and _is_int(b):
                if by_zero(op, b):
                    raise NotConstant(node, by_zero(op, b))
                v = arithmetic(op, a, b)
                # checked at each step, so that squaring a parameter forty times stops
                # at the first too large a value instead of building a huge number
                why = number_error(v)
                if why:
                    raise NotConstant(node, why.replace("this number", "the value of this constant"),
                                      raise_hint("MAX_NUMBER"))
                return v
        case A.PairOf(op=op, left=left, right=right):
            a, b = evaluate(left, param), evaluate(right, param)
            if _is_int(a) and _is_int(b):
                v = pair(op, a, b)
                if why := number_error(v):  # (a difference: -10**18 from 10**18)
                    raise NotConstant(node, why.replace("this number", "the value of this constant"),
                                      raise_hint("MAX_NUMBER"))
                return v
        case A.Extreme(extreme=which, value=value, name=None):
            values = evaluate(value, param)
            if isinstance(values, list):  # (of numbers only: a list constant holds no other)
                if not values:
                    raise NotConstant(node, f"'the {which} of' a list with no number: there is none to give")
                return max(values) if which == "highest" else min(values)
    raise NotConstant(node, NOT_CONSTANT)


def pair(op: str, a: int, b: int) -> int:
    """`the greater of a and b`, `the lesser of`, `the difference between`, as play works
    them out (the difference may pass MAX_NUMBER: the caller checks, as for arithmetic)."""
    return max(a, b) if op == "greater" else min(a, b) if op == "lesser" else abs(a - b)


def fold(node, params: Mapping[str, object]):
    """The value of a constant of a checked program, given its parameters' values."""
    def param(name: A.Name):
        if name.name in params:
            return params[name.name]
        raise NotConstant(name, f"'{name.name}' is not a parameter")
    return evaluate(node, param)
