"""Which compiler makes a Game: the code generator (default) or, while the rebuild is
under way, the closure compiler (RULEFORGE_COMPILER=closures)."""

from __future__ import annotations

import os


def compile_game(checked, players=None, path: str = ""):
    if os.environ.get("RULEFORGE_COMPILER") == "closures":
        from .compile import compile_game as closures
        return closures(checked, players, path)
    from .codegen import compile_game as generated
    return generated(checked, players, path)
