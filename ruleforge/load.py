"""Rule file -> Game: read, parse, check, compile; stop after any stage with errors."""

from __future__ import annotations

import hashlib
import os
import stat
from numbers import Integral
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import evolve

from .lang import ast as A
from .lang import lint, own_filter
from .lang.announced import idle_announcements
from .lang.cut_short import cut_short
from .lang.check import Checked, check
from .lang.diagnostics import Diagnostic, RuleFileError, Span, did_you_mean
from .lang.overrides import Given, set_text
from .lang.parse import MAX_SOURCE_BYTES, decode, parse
from .lang.printable import plain
from .lang.slips import said_twice

if TYPE_CHECKING:
    from .runtime.game import Game


RULES_SUFFIX = ".rules"
MAX_EXTENDS_DEPTH = 16  # files in a chain of variants, the first included


class RuleFileUsageError(RuleFileError):
    """A rule file cannot be used as asked: the command exits 2 (a usage error), where a
    rule file with mistakes exits 1. Shown like any RuleFileError, but counted as the
    command line's mistakes: '1 error in FILE' blamed the file for a
    misspelt --set."""

    def render(self, limit: int = 50, colour=None) -> str:
        head, _, _ = super().render(limit, colour).rpartition("\n")
        n = self.count
        return f"{head}\n{n} error{'s' if n != 1 else ''} in the command line"


class UnreadableFile(RuleFileUsageError):
    """A file given to a command is not a rule file that can be read."""


class _Refused(Exception):
    """Why a path is not read as a rule file: a message and a hint."""

    def __init__(self, message: str, hint: str | None = None, at_line_1: bool = False):
        super().__init__(message)
        self.message, self.hint = message, hint
        self.span = Span.point(1, 1) if at_line_1 else Span(0, 0, 0, 0)  # where a diagnostic points


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_rule_bytes(path: str | Path) -> bytes:
    """The bytes of a rule file: a regular file named *.rules of at most MAX_SOURCE_BYTES.

    Anything else is refused before a byte of it is read, so that no other file's text can
    reach a diagnostic, and a pipe or a device cannot hang or flood the reader. Raises
    _Refused."""
    path = str(path)
    if not path.endswith(RULES_SUFFIX):
        raise _Refused(f"not a rule file: its name does not end in '{RULES_SUFFIX}'",
                       f"ruleforge reads only rule files, named NAME{RULES_SUFFIX}")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise _Refused(f"cannot read the file: {e.strerror}") from None
    except ValueError:  # a NUL in the path
        raise _Refused("cannot read the file: its name holds a NUL character") from None
    info = os.fstat(fd)  # before fdopen, which refuses a folder with an error of its own ("Is a directory: 3")
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        kind = next((k for test, k in _KINDS if test(info.st_mode)), "not a regular file")
        raise _Refused(f"not a rule file: it is {kind}", "a rule file is a regular file")
    with os.fdopen(fd, "rb") as f:
        if not os.path.realpath(path).endswith(RULES_SUFFIX):
            raise _Refused(f"not a rule file: it is a link to a file whose name does not end in '{RULES_SUFFIX}'",
                           f"ruleforge reads only rule files, named NAME{RULES_SUFFIX}")
        if info.st_size > MAX_SOURCE_BYTES:
            raise _Refused(f"file is too large for a rule file ({info.st_size:,} bytes)", _SIZE_HINT, True)
        data = f.read(MAX_SOURCE_BYTES + 1)  # bounded: the file may grow after fstat
    if len(data) > MAX_SOURCE_BYTES:
        raise _Refused(f"file is too large for a rule file (more than {MAX_SOURCE_BYTES:,} bytes)", _SIZE_HINT, True)
    return data


_SIZE_HINT = f"rule files are limited to {MAX_SOURCE_BYTES:,} bytes"


def read_source(path: str | Path) -> tuple[str, bytes]:
    """(the path as text, the file's bytes); UnreadableFile when it is not a readable rule file."""
    try:
        return str(path), read_rule_bytes(path)
    except _Refused as e:
        raise UnreadableFile(str(path), "", [Diagnostic(e.span, e.message, e.hint)]) from None


def check_source(path: str, data: bytes, overrides: dict | None = None) -> tuple[str, Checked]:
    """Parse (with the files it extends) and check; raise RuleFileError with every
    diagnostic found."""
    text, diags = decode(data)
    if diags:
        raise RuleFileError(path, text, diags)
    result = parse(text)
    sources: dict[str, str] = {}
    stray: list[Diagnostic] = []
    taken: list = []  # the `without` lines that took a base's item out, and their mistakes
    try:
        items, unparsed = _with_bases(path, text, result, sources, (os.path.realpath(path),), stray, taken)
    except RuleFileError as err:
        if err.path == path:
            raise
        # a mistake in a file it extends: shown where it is, counted for the file checked
        # (as a base's type errors are)
        diags = [d if d.span.file else evolve(d, span=evolve(d.span, file=err.path)) for d in err.diagnostics]
        raise RuleFileError(path, text, diags, {**err.other_sources, err.path: err.source}) from None
    if result.diagnostics and sources:
        # a variant's slips are hinted with its bases' zones too (`draw 1 card` read
        # `move top of ZONE to ZONE` in a variant, the game's own zones in its base)
        result.diagnostics = parse(text, context="\n" + "\n".join(sources.values())).diagnostics
    tree = A.RuleFile(tuple(items), tuple(w for w in taken if isinstance(w, A.WithoutDecl)))
    checked, more = check(tree, overrides, unparsed, partial=bool(result.diagnostics),
                          texts={None: text, **sources})
    more = own_filter.corrected(said_twice(more, text, sources), text, sources)  # `repeat while while`: the second word read as a name
    diags = result.diagnostics + [d for d in taken if isinstance(d, Diagnostic)] + more
    if diags or checked is None:
        # a value given on the command line that the file refuses is the command's mistake,
        # as `--players 9` is: exit 2, not 1 (the checker names an override "--set ")
        bad_flag = any(d.message.startswith("--set ") for d in diags)
        raise (RuleFileUsageError if bad_flag else RuleFileError)(path, text, diags, sources)
    checked.source_bytes = data + b"".join(s.encode() for s in sources.values())
    # a stray parameter is unread too; one warning says it
    checked.sources = sources
    checked.text = text
    checked.warnings = (stray + lint.unused_parameters(checked, skip={d.span for d in stray})
                        + lint.unfilled_braces(checked) + lint.empty_betweens(checked, [text, *sources.values()])
                        + lint.uncalled_rules(checked) + idle_announcements(checked)
                        + lint.copy_numbered_titles(checked, text, sources) + cut_short(checked))
    return text, checked


def _with_bases(path: str, text: str, result, sources: dict, chain: tuple[str, ...], stray: list,
                taken: list) -> tuple[list, set]:
    """A variant's items: its base's, but those its `without` lines take out, with the
    variant's replacing those they name; the warnings for variant items that look meant to
    replace a base item go to `stray`, the `without` lines that took an item out and those
    that could not to `taken` (as WithoutDecls and Diagnostics).

    `extends` names a path relative to the variant's folder (or an absolute one); it may
    leave the folder (games/variants/x.rules extends "../base.rules"), but it must name a
    regular *.rules file: nothing else is read (see docs/limits.md)."""
    items = list(result.tree.items)
    unparsed = set(result.unparsed_names)
    ext = [i for i in items if isinstance(i, A.ExtendsDecl)]
    removals = [i for i in items if isinstance(i, A.WithoutDecl)]
    items = [i for i in items if not isinstance(i, (A.ExtendsDecl, A.WithoutDecl))]
    if not ext:
        taken.extend(Diagnostic(w.span, f"'without {plain(w.heading)}' takes an item out of the file a variant extends, "
                                        "and this file extends none",
                                "a variant starts with 'extends \"BASE.rules\"'; in a game's own file, delete "
                                "the item instead") for w in removals)
        return items, unparsed
    if len(ext) > 1:
        raise RuleFileError(path, text, [Diagnostic(ext[1].span, "a variant extends one file", "keep one 'extends' line")])
    e = ext[0]
    base = Path(path).parent / e.path
    real = os.path.realpath(base)
    if real in chain:
        raise RuleFileError(path, text, [Diagnostic(e.span, f"'{e.path}' extends this file again",
                                                    "a variant cannot extend itself")])
    if len(chain) >= MAX_EXTENDS_DEPTH:
        raise RuleFileError(path, text, [Diagnostic(
            e.span, f"too many files extend one another: a chain of variants is limited to {MAX_EXTENDS_DEPTH} files",
            "extend the base directly rather than a variant of a variant")])
    try:
        data = read_rule_bytes(base)
    except _Refused as err:
        reason = err.message.removeprefix("cannot read the file: ")
        raise RuleFileError(path, text, [Diagnostic(e.span, f"cannot read '{e.path}': {reason}",
                                                    err.hint or "the path is relative to this file")]) from None
    base_text, diags = decode(data)
    base_result = parse(base_text, file=str(base)) if not diags else None
    if diags or base_result.diagnostics:
        raise RuleFileError(str(base), base_text, diags or base_result.diagnostics)
    sources[str(base)] = base_text
    base_items, base_unparsed = _with_bases(str(base), base_text, base_result, sources, chain + (real,), stray,
                                            taken)
    base_items = take_out(base_items, removals, items, e.path, taken)
    stray.extend(lint.stray_items(base_items, items, e.path, item_key))
    return merge(base_items, items), unparsed | base_unparsed


_ONCE = (A.GameDecl, A.PlayersDecl, A.CardsDecl, A.SetupDecl, A.TurnOrderDecl, A.MatchDecl, A.HeuristicDecl,
         A.PayoffDecl)


def item_key(item):
    """What a variant's item replaces in its base: the item of the same kind and name."""
    kind = type(item).__name__
    if isinstance(item, (A.CardDecl, A.CardListDecl)):
        return (kind, item.title)
    if isinstance(item, A.TurnDecl):
        return (kind, item.role.name if item.role else None)
    if isinstance(item, A.EventDecl):
        # a zone has one 'runs out' rule, which a variant replaces; round-end and
        # game-end rules may be several: a named one is replaced by its name, an
        # unnamed one is added to the base's
        if item.zone is not None:
            return (kind, item.event, item.zone.name)
        return (kind, item.event, item.name.name) if item.name is not None else None
    if isinstance(item, _ONCE):
        return (kind,)
    name = getattr(item, "name", None)
    if isinstance(name, A.Name):
        return (kind, name.name)
    return None


def removal_key(w: A.WithoutDecl):
    """The item_key of the base item a `without` line names; None for a round's or the
    game's event rule named by no name (a base may have several)."""
    if w.title is not None:
        return (w.kind, w.title)
    if w.event is not None:
        return (w.kind, w.event, w.name.name) if w.name is not None else None
    return (w.kind, w.name.name)


def take_out(base: list, removals: list, variant: list, base_path: str, taken: list) -> list:
    """The base's items but those the variant's `without` lines name. A line that names
    nothing of the base, names an item twice, or names one the variant declares as well
    is a mistake (in `taken`, with the lines that took an item out)."""
    if not removals:
        return base
    keys = [item_key(i) for i in base]
    names: dict = {}  # kind -> the names of the base's items of that kind
    for b in keys:
        if b is not None and isinstance(b[-1], str):
            names.setdefault(b[:-1], []).append(b[-1])
    declared_in_base = set(keys)
    declared: dict = {}
    for i in variant:
        declared.setdefault(item_key(i), i)
    gone: dict = {}
    budget = lint.MAX_NAME_PAIRS  # (a file of many misspelt lines is not searched for each)
    for w in removals:
        k = removal_key(w)
        where = w.name.span if w.name is not None else w.span
        if k is None:
            named = names.get((w.kind, w.event), [])
            taken.append(Diagnostic(w.span, f"'without {w.heading}' needs the rule's name: a game may have several "
                                            f"'{w.heading}' rules",
                                    f"write 'without {w.heading} ({named[0]})'" if len(named) == 1 else
                                    f"{plain(base_path)} names them: {', '.join(named[:10])}"
                                    f"{' and more' if len(named) > 10 else ''}" if named else
                                    f"name the rule in {plain(base_path)} ('{w.heading} (NAME):') and take it "
                                    "out by that name"))
        elif k in gone:
            taken.append(Diagnostic(where, f"'{plain(w.heading)}' is taken out already (line {gone[k].span.line})",
                                    "keep one 'without' line"))
        elif k not in declared_in_base:
            candidates = names.get(k[:-1], [])
            budget -= len(candidates)
            taken.append(Diagnostic(where, f"{plain(base_path)} has no {_what(w)} to take out",
                                    did_you_mean(k[-1], candidates) if budget >= 0 else None))
        elif k in declared:
            taken.append(Diagnostic(where, f"this variant also declares {_what(w)} "
                                           f"(line {declared[k].span.line}), which replaces the base's",
                                    "keep one of the two: the 'without' line or the variant's own"))
        else:
            gone[k] = w
    taken.extend(gone.values())
    return [i for i, k in zip(base, keys) if k is None or k not in gone]


def _what(w: A.WithoutDecl) -> str:
    """The item a `without` line names, for a message: `action 'pass'`, `card "Coin"`."""
    if w.event is not None:
        return f"'{w.heading}' rule"
    if w.title is not None:
        return plain(w.heading)
    return f"{_WITHOUT_WHAT[w.kind]} '{w.name.name}'"


_WITHOUT_WHAT = {"ActionDecl": "action", "ActionGroupDecl": "action group", "EndingDecl": "ending",
                 "InvariantDecl": "invariant"}


def merge(base: list, variant: list) -> list:
    out = list(base)
    index = {item_key(x): i for i, x in enumerate(out) if item_key(x) is not None}
    replaced = set()
    for item in variant:
        k = item_key(item)
        # a second variant item of one key is added, so that the checker reports the pair
        # (replacing twice dropped the first without a word)
        if k is not None and k in index and k not in replaced:
            replaced.add(k)
            old = out[index[k]]
            if isinstance(item, A.ParamDecl) and item.low is None and old.low is not None:
                item = evolve(item, low=old.low, high=old.high)  # a variant's value keeps its base's range
            out[index[k]] = item
        else:
            out.append(item)
    return out


def load(path: str | Path, players: int | None = None, **params) -> Game:
    """Load a rule file as a Game. Keyword arguments override its parameters, each a
    value of the parameter's type (an int, True or False, a str, a list of ints).

    Raises RuleFileError (with all diagnostics) when the file has mistakes, or an
    override is unknown or of the wrong type; UnreadableFile (a RuleFileError) when the
    path is not a rule file that can be read; TypeError when `path` or `players` is not
    of a type they take.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"ruleforge.load: the path is a str or a pathlib.Path naming a rule file, "
                        f"not {_shown(path)} ({type(path).__name__})")
    name, data = read_source(path)
    return load_source(name, data, players, **params)


def load_source(name: str, data: bytes, players: int | None = None, **params) -> Game:
    """`load` of a rule file's bytes already read (`read_source`), named `name`; the
    parameters given as Python values (lang/overrides.py)."""
    return _load(name, data, _players(players), {k: Given(v) for k, v in params.items()}, "ruleforge.load's ")


def load_with_sets(path: str | Path, players: int | None = None, sets: dict | None = None,
                   coverage: bool = False) -> Game:
    """`load` with the parameters given as the command line's `--set` texts,
    {name: text}, read as the parameter's type ("3", "5,7", "yes"); a value that is not
    a text is written as one first (a GameSpec's parameters may hold numbers).
    `coverage`: compiled to count the branches a watched game takes (analyze)."""
    name, data = read_source(path)
    return _load(name, data, _players(players), {k: set_text(v) for k, v in (sets or {}).items()}, None, coverage)


def _load(name: str, data: bytes, players: int | None, overrides: dict, source: str | None,
          coverage: bool = False) -> Game:
    """A Game of a rule file's bytes, with `overrides` (texts or Given values); `source`
    names where they came from in messages, in place of "--set ", when it is not that."""
    try:
        text, checked = check_source(name, data, overrides)
    except RuleFileError as e:
        if source is not None:
            e.given_by("--set ", source)
        raise
    low, high = checked.players
    if players is not None and not low <= players <= high:
        allowed = f"{low}{f' to {high}' if high != low else ''}"
        raise RuleFileError(name, text, [Diagnostic(
            Span(0, 0, 0, 0), f"this game is for {allowed} players, not {_shown(players)}")])
    from .runtime.codegen import compile_game  # here: `check` never needs the runtime
    game = compile_game(checked, players, name, coverage=coverage)
    game.source_hash = hashlib.sha256(checked.source_bytes).hexdigest()
    game.warnings = list(checked.warnings)
    return game


def _players(players) -> int | None:
    """`players` as load takes it: None, or a whole number (an int; not True or False)."""
    if players is None or (isinstance(players, Integral) and not isinstance(players, bool)):
        return None if players is None else int(players)
    raise TypeError(f"ruleforge.load: players is a number of players (an int) or None, "
                    f"not {_shown(players)} ({type(players).__name__})")


def _shown(v) -> str:
    """`v` as Python writes it, cut short."""
    return str(Given(v))

