"""Counts in words: '1 card', '3 cards'. Every message and narration that prints a count
which may be 1 says it through `count`, so that none says '1 cards'."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '0 cards', '2 copies' (count(2, 'copy', 'copies'))."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
