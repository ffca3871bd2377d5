"""Text -> syntax tree, with every syntax error as a diagnostic.

A rule file is cut into top-level items (each starts at the left margin) and each item
is parsed on its own, so one syntax error does not hide the others: `ruleforge check`
reports a mistake in every broken item in one run.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import DedentError, Indenter

from . import ast as A
from .build import ExprBuilder, PlaceholderError, StmtBuilder
from .build_decls import DeclBuilder
from .diagnostics import Diagnostic, Span, did_you_mean

MAX_SOURCE_BYTES = 2_000_000


class _IndentError(LarkError):
    def __init__(self, line: int, column: int):
        self.line, self.column = line, column


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token):
        try:
            yield from super().handle_NL(token)
        except DedentError:
            indent = token.rsplit("\n", 1)[-1]
            raise _IndentError(token.end_line, len(indent) + 1) from None


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, built once per grammar and Lark version and then kept on disk:
    building it takes most of a second, loading it a few milliseconds."""
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text("utf-8")
    cache = _cache_file(grammar)
    if cache is not None:
        try:
            with open(cache, "rb") as f:
                return Lark.__new__(Lark)._load(f, postlex=_Indenter(), propagate_positions=True)
        except Exception:  # missing, stale or damaged: build it again
            # (Lark.load takes no options; _load is what Lark's own cache calls)
            pass
    built = Lark(grammar, parser="lalr", postlex=_Indenter(), propagate_positions=True,
                 maybe_placeholders=True, start=["start", "expr"])
    if cache is not None:
        # Written under a name of its own and renamed into place, so that processes
        # starting together never read a half-written file.
        part = cache.with_name(f"{cache.name}.{os.getpid()}.part")
        try:
            with open(part, "wb") as f:
                built.save(f)
            os.replace(part, cache)
        except OSError:
            pass
    return built


def _cache_file(grammar: str) -> Path | None:
    """Where the built parser is kept: the user's own cache folder (never a shared temporary
    one: the cache is a pickle, and loading someone else's would run their code)."""
    import lark
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "ruleforge"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if folder.stat().st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except (OSError, AttributeError):
        return None
    key = hashlib.sha256(f"{lark.__version__}\n{sys.version_info[:2]}\n{grammar}".encode()).hexdigest()[:16]
    return folder / f"parser-{key}.lark"


@lru_cache(maxsize=1)
def keywords() -> dict[str, str]:
    """Terminal name -> the keyword or symbol it stands for."""
    out = {}
    for term in parser().terminals:
        if term.pattern.type == "str":
            out[term.name] = term.pattern.value
    return out


# Words that can begin an expression: a name spelt like one would be read as the word.
EXPRESSION_WORDS = frozenset({
    "true", "false", "nobody", "current", "this", "owner", "players", "opponents", "random",
    "cards", "the", "top", "bottom", "count", "sum", "any", "every", "no", "not", "all", "if"})
# Words that begin a statement: a role or local name spelt like one cannot start a line.
STATEMENT_WORDS = frozenset({
    "move", "reveal", "flip", "swap", "shuffle", "set", "increase", "decrease", "let", "end",
    "say", "if", "else", "repeat", "for", "resolve", "eliminate"})


def reserved_words() -> frozenset:
    return EXPRESSION_WORDS


_DECLARES = re.compile(
    r"^(?:zone|parameter|counter|define|role|pieces|action|ending|invariant|quantity|attribute)\s+([A-Za-z_]\w*)")


class ParseResult:
    def __init__(self, tree: A.RuleFile, diagnostics: list[Diagnostic], unparsed: set[str]):
        self.tree = tree
        self.diagnostics = diagnostics
        # Names declared by items that failed to parse: the checker stays quiet about
        # them instead of reporting a cascade of "unknown name" errors.
        self.unparsed_names = unparsed


def decode(data: bytes) -> tuple[str, list[Diagnostic]]:
    """Bytes -> text, or a diagnostic saying why this is not a rule file."""
    if len(data) > MAX_SOURCE_BYTES:
        return "", [Diagnostic(Span.point(1, 1),
                               f"file is too large for a rule file ({len(data):,} bytes)",
                               f"rule files are limited to {MAX_SOURCE_BYTES:,} bytes")]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        return "", [Diagnostic(Span.point(line, col),
                               f"not a text file: byte 0x{data[e.start]:02x} is not UTF-8",
                               "a rule file is plain UTF-8 text")]
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        return "", [Diagnostic(Span.point(line, col), "not a text file: it contains a NUL byte",
                               "a rule file is plain UTF-8 text")]
    return text, []


def _chunks(lines: list[str]):
    """Yield (first line number, text) for each top-level item."""
    start, buf = None, []
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        top_level = stripped and not stripped.startswith("#") and not line[0].isspace()
        if top_level:
            if buf:
                yield start, "".join(buf)
            start, buf = i, []
        if start is not None:
            buf.append(line if line.endswith("\n") else line + "\n")
    if buf:
        yield start, "".join(buf)


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """Lines as the grammar counts them: broken at '\n' only (not at form feeds or
    U+2028, which str.splitlines also breaks at)."""
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
        if keepends:
            return [p + "\n" for p in parts]
    if keepends:
        return [p + "\n" for p in parts[:-1]] + parts[-1:]
    return [p[:-1] if p.endswith("\r") else p for p in parts]


def parse(text: str, file: str | None = None) -> ParseResult:
    """Parse a rule file; `file` names it in spans when it is not the file being checked.

    The same text is parsed once per process (a replay, a simulation worker or a test
    loads one file many times, and parsing is most of loading): the tree is frozen, and
    each call gets lists of its own."""
    tree, diags, unparsed = _parse_cached(text, file)
    return ParseResult(tree, list(diags), set(unparsed))


@lru_cache(maxsize=16)
def _parse_cached(text: str, file: str | None) -> tuple:
    result = _parse(text, file)
    return result.tree, tuple(result.diagnostics), frozenset(result.unparsed_names)


def _parse(text: str, file: str | None) -> ParseResult:
    lines = split_lines(text, keepends=True)
    diags: list[Diagnostic] = []
    items: list = []
    unparsed: set[str] = set()
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            if line[0].isspace():
                diags.append(Diagnostic(Span.point(i, 1), "this line is indented but belongs to nothing",
                                        "only lines inside a block (after a line ending in ':') are indented"))
            break
    for first, chunk in _chunks(lines):
        try:
            tree = parser().parse(chunk, start="start")
            items.extend(_ToAst(first - 1, file).transform(tree).items)
        except RecursionError:
            diags.append(Diagnostic(Span.point(first, 1), "this item is nested too deeply to read",
                                    "split the expression with 'define' or 'let'"))
            _note_unparsed(chunk, unparsed)
        except (UnexpectedInput, _IndentError) as e:
            diags.append(_syntax_diagnostic(e, first - 1, chunk))
            _note_unparsed(chunk, unparsed)
        except VisitError as e:
            if isinstance(e.orig_exc, PlaceholderError):
                diags.append(Diagnostic(Span.point(e.orig_exc.line + first - 1, e.orig_exc.column),
                                        "this {...} in a text is not an expression",
                                        "write an expression between the braces, such as {count of deck}"))
            elif isinstance(e.orig_exc, (UnexpectedInput, _IndentError)):
                diags.append(_syntax_diagnostic(e.orig_exc, first - 1, chunk))
            elif isinstance(e.orig_exc, RecursionError):
                diags.append(Diagnostic(Span.point(first, 1), "this item is nested too deeply to read",
                                        "split the expression with 'define' or 'let'"))
            else:  # pragma: no cover - a transformer bug, reported rather than hidden
                diags.append(Diagnostic(Span.point(first, 1), f"internal error reading this item: {e.orig_exc}"))
            _note_unparsed(chunk, unparsed)
    return ParseResult(A.RuleFile(tuple(items)), diags, unparsed)


_DECLARING = ["zone", "parameter", "counter", "define", "role", "pieces", "action", "ending",
              "invariant", "quantity", "attribute"]


def _note_unparsed(chunk: str, unparsed: set[str]) -> None:
    m = _DECLARES.match(chunk)
    if m:
        unparsed.add(m.group(1))
        return
    # a misspelt declaring word ('zoen removed ...') still declares its name for the reader
    m = re.match(r"^([A-Za-z_]\w*)\s+([A-Za-z_]\w*)", chunk)
    if m and did_you_mean(m.group(1), _DECLARING):
        unparsed.add(m.group(2))


_TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": 'a quoted text ("...")',
    "_NL": "the end of the line", "_INDENT": "an indented block", "_DEDENT": "the end of the block",
    "$END": "the end of the file",
}


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    kw = keywords().get(name)
    return f"'{kw}'" if kw else name


def _expected(names) -> str:
    words = sorted({_describe_terminal(n) for n in names if n != "COMMENT"})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


_STATEMENT_WORDS = ["move", "reveal", "flip", "swap", "shuffle", "set", "increase", "decrease",
                    "let", "end", "say", "if", "else", "repeat", "for", "with", "allowed",
                    "resolve", "on", "while", "add", "subtract"]
_ITEM_WORDS = ["game", "players", "role", "parameter", "cards", "zone", "pieces", "counter",
               "define", "turn", "setup", "action", "when", "ending", "invariant", "match",
               "attribute", "card", "quantity"]


def _syntax_diagnostic(e, offset: int, chunk: str) -> Diagnostic:
    chunk_lines = split_lines(chunk)
    if isinstance(e, _IndentError):
        return Diagnostic(Span.point(e.line + offset, e.column),
                          "this line's indentation matches no enclosing block",
                          "indent each line of a block by the same amount as the block's first line")
    if isinstance(e, UnexpectedCharacters):
        ch = e.char
        shown = repr(ch) if not ch.isprintable() else f"'{ch}'"
        hint = None
        if ch == '"':
            hint = "a quoted text must end on the same line"
        elif ch == "\t":
            hint = "use spaces"
        return Diagnostic(Span.point(e.line + offset, e.column), f"unexpected character {shown}", hint)
    if isinstance(e, UnexpectedEOF):
        last = len(chunk_lines)
        col = len(chunk_lines[-1]) + 1 if chunk_lines else 1
        return Diagnostic(Span.point(last + offset, col), "the file ends in the middle of this item",
                          f"expected {_expected(e.expected)}")
    assert isinstance(e, UnexpectedToken)
    tok: Token = e.token
    expected = e.accepts or e.expected
    if tok.type == "$END" or tok.line is None:
        last = len(chunk_lines)
        col = len(chunk_lines[-1]) + 1 if chunk_lines else 1
        return Diagnostic(Span.point(last + offset, col), "the file ends in the middle of this item",
                          f"expected {_expected(expected)}")
    line, col = tok.line + offset, tok.column
    if tok.type == "_NL":
        # The newline token starts at the end of the line it ends.
        text = chunk_lines[tok.line - 1] if tok.line - 1 < len(chunk_lines) else ""
        code = text.split("#", 1)[0].rstrip()
        return Diagnostic(Span.point(line, len(code) + 1), "this line ends too early",
                          f"expected {_expected(expected)}")
    if tok.type == "_INDENT":
        # an indent token borrows the position of the line break before the indented line
        return Diagnostic(Span.point(tok.end_line + offset, 1), "unexpected indentation",
                          "indent only the lines of a block, after a line ending in ':'")
    if tok.type in ("_DEDENT", "_NL") and tok.end_line > len(chunk_lines):
        # the file ended: inside an open bracket, or in the middle of a block
        last = len(chunk_lines)
        col = len(chunk_lines[-1]) + 1 if chunk_lines else 1
        return Diagnostic(Span.point(last + offset, col), "the file ends in the middle of this item",
                          f"expected {_expected(expected)}")
    if tok.type == "_DEDENT":
        return Diagnostic(Span.point(tok.end_line + offset, 1), "this block ends too early",
                          f"expected {_expected(expected)}")
    span = Span(line, col, line, col + len(str(tok)))
    hint = None
    if tok.type in keywords() and "NAME" in expected and tok.value.isidentifier():
        return Diagnostic(span, f"'{tok}' is a keyword of the language and cannot be used as a name",
                          "choose another name")
    # A misspelt keyword at the start of a line reads as a name followed by nonsense.
    text = chunk_lines[tok.line - 1] if tok.line - 1 < len(chunk_lines) else ""
    first = re.match(r"\s*([A-Za-z_]\w*)", text)
    if first and first.group(1) not in _STATEMENT_WORDS + _ITEM_WORDS:
        words = _ITEM_WORDS if not text[0].isspace() else _STATEMENT_WORDS
        hint = did_you_mean(first.group(1), words)
        if hint:
            start = first.start(1) + 1
            return Diagnostic(Span(line, start, line, start + len(first.group(1))),
                              f"unknown {'declaration' if words is _ITEM_WORDS else 'statement'} "
                              f"'{first.group(1)}'", hint)
    what = f"'{tok}'" if tok.type not in ("NAME", "INT", "STRING") else f"{_describe_terminal(tok.type)[2:] if tok.type != 'INT' else 'number'} {tok}"
    return Diagnostic(span, f"unexpected {what}", hint or f"expected {_expected(expected)}")


class _ToAst(DeclBuilder, StmtBuilder, ExprBuilder):
    """Lark tree -> ast nodes, for a whole item; spans are shifted by its line offset."""
