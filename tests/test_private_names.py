"""A module's private names (`_name`) stay its own: another module of the package that
needs one should import a public name. The names still crossing are listed here, and the
list may only shrink: a new crossing fails, and so does a listed one that is gone (take
it off the list)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ruleforge"

# (the importing module, the name) of each private name still imported across modules
STILL_CROSSING: set = set()


def crossing() -> set:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("ruleforge")):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.add((path.relative_to(PACKAGE).as_posix(), alias.name))
    return found


def test_no_new_private_name_crosses_modules():
    new = crossing() - STILL_CROSSING
    assert not new, f"private names imported from another module (make them public): {sorted(new)}"


def test_the_list_of_crossing_names_only_shrinks():
    gone = STILL_CROSSING - crossing()
    assert not gone, f"no longer imported across modules: take them off STILL_CROSSING: {sorted(gone)}"
