"""Rule file -> Game: read, parse, check, compile; stop after any stage with errors."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .check import Checked, check
from .compile import compile_game
from .diagnostics import Diagnostic, RuleFileError, Span
from .game import Game
from .parse import decode, parse


def read_source(path: str | Path) -> tuple[str, bytes]:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise RuleFileError(str(path), "", [Diagnostic(Span(0, 0, 0, 0), f"cannot read the file: {e.strerror}")]) from None
    return str(path), data


def check_source(path: str, data: bytes, overrides: dict[str, str] | None = None) -> tuple[str, Checked]:
    """Parse and check; raise RuleFileError with every diagnostic found."""
    text, diags = decode(data)
    if diags:
        raise RuleFileError(path, text, diags)
    result = parse(text)
    checked, more = check(result.tree, overrides, result.unparsed_names, partial=bool(result.diagnostics))
    diags = result.diagnostics + more
    if diags or checked is None:
        raise RuleFileError(path, text, diags)
    return text, checked


def load(path: str | Path, players: int | None = None, **params) -> Game:
    """Load a rule file as a Game. Keyword arguments override its parameters.

    Raises RuleFileError (with all diagnostics) when the file has mistakes.
    """
    name, data = read_source(path)
    overrides = {k: _param_text(v) for k, v in params.items()}
    text, checked = check_source(name, data, overrides)
    low, high = checked.players
    if players is not None and not low <= players <= high:
        raise RuleFileError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"this game is for {low}{f' to {high}' if high != low else ''} players, not {players}")])
    game = compile_game(checked, players, name)
    game.source_hash = hashlib.sha256(data).hexdigest()
    return game


def _param_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)
