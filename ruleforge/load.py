"""Rule file -> Game: read, parse, check, compile; stop after any stage with errors."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import evolve

from .lang import ast as A
from .lang import lint
from .lang.check import Checked, check
from .lang.diagnostics import Diagnostic, RuleFileError, Span
from .lang.parse import decode, parse

if TYPE_CHECKING:
    from .runtime.game import Game


def read_source(path: str | Path) -> tuple[str, bytes]:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise RuleFileError(str(path), "", [Diagnostic(Span(0, 0, 0, 0), f"cannot read the file: {e.strerror}")]) from None
    return str(path), data


def check_source(path: str, data: bytes, overrides: dict[str, str] | None = None) -> tuple[str, Checked]:
    """Parse (with the files it extends) and check; raise RuleFileError with every
    diagnostic found."""
    text, diags = decode(data)
    if diags:
        raise RuleFileError(path, text, diags)
    result = parse(text)
    sources: dict[str, str] = {}
    stray: list[Diagnostic] = []
    items, unparsed = _with_bases(path, result, sources, {str(Path(path).resolve())}, stray)
    tree = A.RuleFile(tuple(items))
    checked, more = check(tree, overrides, unparsed, partial=bool(result.diagnostics))
    diags = result.diagnostics + more
    if diags or checked is None:
        raise RuleFileError(path, text, diags, sources)
    checked.source_bytes = data + b"".join(s.encode() for s in sources.values())
    # a stray parameter is unread too; one warning says it
    checked.warnings = stray + lint.unused_parameters(checked, skip={d.span for d in stray})
    checked.sources = sources
    return text, checked


def _with_bases(path: str, result, sources: dict, seen: set, stray: list) -> tuple[list, set]:
    """A variant's items: its base's, with the variant's replacing those they name; the
    warnings for variant items that look meant to replace a base item go to `stray`."""
    items = list(result.tree.items)
    unparsed = set(result.unparsed_names)
    ext = [i for i in items if isinstance(i, A.ExtendsDecl)]
    items = [i for i in items if not isinstance(i, A.ExtendsDecl)]
    if not ext:
        return items, unparsed
    if len(ext) > 1:
        raise RuleFileError(path, _text_of(path), [Diagnostic(ext[1].span, "a variant extends one file",
                                                              "keep one 'extends' line")])
    e = ext[0]
    base = Path(path).parent / e.path
    if str(base.resolve()) in seen:
        raise RuleFileError(path, sources.get(path, ""), [Diagnostic(e.span, f"'{e.path}' extends this file again",
                                                                     "a variant cannot extend itself")])
    try:
        data = base.read_bytes()
    except OSError as err:
        raise RuleFileError(path, _text_of(path), [Diagnostic(e.span, f"cannot read '{e.path}': {err.strerror}",
                                                              "the path is relative to this file")]) from None
    text, diags = decode(data)
    base_result = parse(text, file=str(base)) if not diags else None
    if diags or base_result.diagnostics:
        raise RuleFileError(str(base), text, diags or base_result.diagnostics)
    sources[str(base)] = text
    base_items, base_unparsed = _with_bases(str(base), base_result, sources, seen | {str(base.resolve())}, stray)
    stray.extend(lint.stray_items(base_items, items, e.path, item_key))
    return merge(base_items, items), unparsed | base_unparsed


def _text_of(path: str) -> str:
    try:
        return Path(path).read_text("utf-8", errors="replace")
    except OSError:
        return ""


_ONCE = (A.GameDecl, A.PlayersDecl, A.CardsDecl, A.SetupDecl, A.TurnOrderDecl, A.MatchDecl, A.HeuristicDecl)


def item_key(item):
    """What a variant's item replaces in its base: the item of the same kind and name."""
    kind = type(item).__name__
    if isinstance(item, A.CardDecl):
        return (kind, item.title)
    if isinstance(item, A.TurnDecl):
        return (kind, item.role.name if item.role else None)
    if isinstance(item, A.EventDecl):
        # a zone has one 'runs out' rule, which a variant replaces; round-end and
        # game-end rules may be several, so a variant's are added to the base's
        return (kind, item.event, item.zone.name) if item.zone else None
    if isinstance(item, _ONCE):
        return (kind,)
    name = getattr(item, "name", None)
    if isinstance(name, A.Name):
        return (kind, name.name)
    return None


def merge(base: list, variant: list) -> list:
    out = list(base)
    index = {item_key(x): i for i, x in enumerate(out) if item_key(x) is not None}
    for item in variant:
        k = item_key(item)
        if k is not None and k in index:
            old = out[index[k]]
            if isinstance(item, A.ParamDecl) and item.low is None and old.low is not None:
                item = evolve(item, low=old.low, high=old.high)  # a variant's value keeps its base's range
            out[index[k]] = item
        else:
            out.append(item)
    return out


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
    from .runtime.codegen import compile_game  # here: `check` never needs the runtime
    game = compile_game(checked, players, name)
    game.source_hash = hashlib.sha256(checked.source_bytes).hexdigest()
    game.warnings = list(checked.warnings)
    return game


def _param_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)
