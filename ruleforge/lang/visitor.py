"""One visitor base for the passes over the syntax tree (the checker, the compiler).

A pass names its methods `<prefix><Node>`, one per concrete expression and statement
node kind of ast.py. The base checks this when the subclass is defined, both ways: a
node kind without a method, or a method that names no node kind, is a TypeError at
import time, long before a designer's rule file finds the gap.
"""

from __future__ import annotations

from typing import ClassVar, Optional

from . import ast as A


class Visitor:
    """Subclass with `expr_prefix` and `stmt_prefix` set (None skips that family);
    `abstract=True` defers the check to the subclasses of a partial pass.

    `expr_method(node)` and `stmt_method(node)` find the bound method for a node, or
    None for a node that is not an expression (statement)."""

    expr_prefix: ClassVar[Optional[str]] = None
    stmt_prefix: ClassVar[Optional[str]] = None
    _expr_names: ClassVar[dict] = {}
    _stmt_names: ClassVar[dict] = {}

    def __init_subclass__(cls, abstract: bool = False, **kwargs):
        super().__init_subclass__(**kwargs)
        if abstract:
            return
        problems = []
        for prefix, kinds, other in ((cls.expr_prefix, A.EXPRESSIONS, "expression"),
                                     (cls.stmt_prefix, A.STATEMENTS, "statement")):
            if prefix is None:
                continue
            names = {k.__name__ for k in kinds}
            missing = sorted(n for n in names if not callable(getattr(cls, prefix + n, None)))
            unknown = sorted(a[len(prefix):] for a in dir(cls)
                             if a.startswith(prefix) and a[len(prefix):] not in names)
            problems += [f"no method {prefix}{n} for the {other} node {n}" for n in missing]
            problems += [f"method {prefix}{n} names no {other} node of ast.py" for n in unknown]
        if problems:
            raise TypeError(f"{cls.__name__}: " + "; ".join(problems))
        if cls.expr_prefix is not None:
            cls._expr_names = {k: cls.expr_prefix + k.__name__ for k in A.EXPRESSIONS}
        if cls.stmt_prefix is not None:
            cls._stmt_names = {k: cls.stmt_prefix + k.__name__ for k in A.STATEMENTS}

    def expr_method(self, node):
        name = self._expr_names.get(type(node))
        return getattr(self, name) if name is not None else None

    def stmt_method(self, node):
        name = self._stmt_names.get(type(node))
        return getattr(self, name) if name is not None else None
