"""The decorator of every syntax-tree node: a frozen, slotted attrs class that compares
by identity (the checker keys its findings by node) and prints as attrs would.

The repr is one shared function rather than one generated per class: attrs compiles a
method for each class it makes, and the ~100 node classes are most of what importing
the language costs (`ruleforge check` starts with that import)."""

from __future__ import annotations

from attrs import frozen

_frozen = frozen(eq=False, repr=False, weakref_slot=False)


def node(cls):
    cls = _frozen(cls)
    cls.__repr__ = _repr
    return cls


def _repr(self) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in type(self).__attrs_attrs__)
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({fields})"
