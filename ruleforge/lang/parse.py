"""Text -> syntax tree, with every syntax error as a diagnostic.

A rule file is cut into top-level items (each starts at the left margin) and each item
is parsed on its own, so one syntax error does not hide the others: `ruleforge check`
reports a mistake in every broken item in one run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import threading
from functools import lru_cache
from pathlib import Path

from attrs import evolve
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
from .build import ExprBuilder, PlaceholderError, StmtBuilder, TokenProblem
from .build_decks import DecksBuilder
from .build_decls import DeclBuilder
from .diagnostics import Diagnostic, Span, did_you_mean
from .expected import describe_terminal, expected as _expected
from .lexer import install
from .decl_slips import slip as declaration_slip
from .indexing import indexed
from .indentation import ends_early, indented_with_tab, last_item, no_enclosing_block, unexpected_indent
from .limits import (MAX_BLOCK_DEPTH, MAX_ERRORS, MAX_ITEM_CHARS, MAX_LINES, MAX_NUMBER_DIGITS, MAX_WORDS,
                     number_error, raise_hint)
from .printable import CONTROL
from .slips import (WINS_HINT, glued, needs_of, other_extreme, other_language, reserved_name_before, twice,
                    slip, winners_hint, wins_missing, without_what)

MAX_SOURCE_BYTES = 2_000_000


class _IndentError(LarkError):
    def __init__(self, line: int, column: int):
        self.line, self.column = line, column


class _TooDeep(LarkError):
    """A block opened deeper than MAX_BLOCK_DEPTH (the indenter counts them)."""

    def __init__(self, line: int, column: int):
        self.line, self.column = line, column


class _TooManyWords(LarkError):
    """The file passed MAX_WORDS words and symbols (the indenter counts them)."""

    def __init__(self, line: int, column: int):
        self.line, self.column = line, column


_words = [0]  # words and symbols read so far in the file being parsed


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def process(self, stream):
        return super().process(self._counted(stream))

    @staticmethod
    def _counted(stream):
        # Reading is most of checking, and its time grows with the words: a bound on
        # them is a bound on the time and memory of the whole check.
        for tok in stream:
            _words[0] += 1
            if _words[0] > MAX_WORDS:
                raise _TooManyWords(tok.line, tok.column)
            yield tok

    def handle_NL(self, token):
        try:
            yield from super().handle_NL(token)
        except DedentError:
            indent = token.rsplit("\n", 1)[-1]
            raise _IndentError(token.end_line, len(indent) + 1) from None
        if len(self.indent_level) > MAX_BLOCK_DEPTH + 1:
            indent = token.rsplit("\n", 1)[-1]
            raise _TooDeep(token.end_line, len(indent) + 1)


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, built once per grammar and Lark version and then kept on disk:
    building it takes most of a second, loading it a few milliseconds."""
    # (read beside this module: importlib.resources would cost `check` some 10 ms of imports)
    grammar = Path(__file__).with_name("grammar.lark").read_text("utf-8")
    cache = _cache_file(grammar)
    if cache is not None:
        try:
            with open(cache, "rb") as f:
                return _root_first(_load_saved(f))
        except Exception:  # missing, stale or damaged: build it again
            pass
    built = Lark(grammar, parser="lalr", postlex=_Indenter(), propagate_positions=True,
                 maybe_placeholders=True, start=["start", "expr"])
    if cache is not None:
        # Written under a name of its own and renamed into place, so that processes
        # starting together never read a half-written file.
        part = cache.with_name(f"{cache.name}.{os.getpid()}.part")
        try:
            with open(part, "wb") as f:
                _save(built, f)
            os.replace(part, cache)
        except OSError:
            pass
    return _root_first(built)


# The cache holds what Lark's own save of the parser holds, but its LALR table pickled
# whole: Lark rebuilds the table's thousand states from their serialized form one
# object at a time (about 45 ms, half of loading the parser), pickle in C in a fifth of
# that. Lark compares a table's actions by identity and looks its rules up by a hash of
# their symbols' names (which changes with every process's string hashing), so both are
# pickled as a way to make them again, never as their fields.

def _save(built: Lark, f) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    from lark.parsers.lalr_analysis import Action
    data, memo = built.memo_serialize([TerminalDef, Rule])  # what Lark.save pickles
    data["parser"] = dict(data["parser"], parser=None)  # the table, in its serialized form: kept whole below
    pickler = pickle.Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {
        Action: lambda a: (_lalr_action, (a.name,)),
        Rule: lambda r: (Rule, (r.origin, r.expansion, r.order, r.alias, r.options)),
    }
    pickler.dump(({"data": data, "memo": memo}, built.parser.parser.parser.parse_table))


def _lalr_action(name: str):
    from lark.parsers import lalr_analysis
    return {"Shift": lalr_analysis.Shift, "Reduce": lalr_analysis.Reduce}[name]


def _load_saved(f) -> Lark:
    """The parser from the cache file (see _save)."""
    from lark.parsers import lalr_parser
    saved, table = pickle.load(f)  # the user's own cache folder (see _cache_file)

    class _Kept:  # stands in for Lark's table class while the parser is loaded
        @staticmethod
        def deserialize(data, memo):
            return table

    with _LOADING:
        real = lalr_parser.IntParseTable
        lalr_parser.IntParseTable = _Kept
        try:
            # (Lark.load takes no options; _load is what Lark's own cache calls)
            return Lark.__new__(Lark)._load(saved, postlex=_Indenter(), propagate_positions=True)
        finally:
            lalr_parser.IntParseTable = real


_LOADING = threading.Lock()
_CACHE_FORMAT = 2  # Lark's save less its table, and the table pickled (1: Lark's save alone)


def _root_first(built: Lark) -> Lark:
    """The parser with its lexer reading root-first (lang/lexer.py), when it can."""
    connector = getattr(built.parser, "lexer", None)
    install(getattr(connector, "lexer", connector))
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
    key = hashlib.sha256(f"{_CACHE_FORMAT}\n{lark.__version__}\n{sys.version_info[:2]}\n{grammar}".encode()).hexdigest()[:16]
    return folder / f"parser-{key}.pickle"


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
    "cards", "the", "top", "bottom", "count", "sum", "any", "every", "no", "not", "all", "if",
    "player", "none", "finished", "least", "everyone"})
# Words that begin a statement: a role or local name spelt like one cannot start a line.
STATEMENT_WORDS = frozenset({
    "move", "reveal", "flip", "swap", "shuffle", "set", "increase", "decrease", "let", "end",
    "say", "announce", "if", "else", "repeat", "for", "resolve", "eliminate", "deal"})


def reserved_words() -> frozenset:
    return EXPRESSION_WORDS


# (the declaring word written twice, `zone zone deck`, still declares `deck`)
_DECLARES = re.compile(
    r"^(zone|parameter|counter|define|rule|role|pieces|actions|action|ending|invariant|quantity|attribute)"
    r"\s+(?:\1\s+)?(?P<name>[A-Za-z_]\w*)")
# a card's effect (`on discard:`) in an item that did not parse: `resolve discard effect` stays quiet
_EFFECT = re.compile(r"^\s+on\s+([A-Za-z_]\w*)\s*:", re.M)


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
    if "\r" in text and "\n" not in text:  # read as one long line, it would be "no cards, no players"
        return "", [Diagnostic(Span.point(1, 1), "every line of this file ends in a carriage return alone "
                               "(the line endings of old Macs)",
                               "save it with LF (or CRLF) line endings")]
    return text, []


def _chunks(lines: list[str]):
    """Yield (first line number, text) for each top-level item: its line, its block, and
    no comment or blank line after them (a long comment between two items is part of
    neither, and does not count toward MAX_ITEM_CHARS)."""
    start, buf, kept = None, [], 0
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        top_level = stripped and not stripped.startswith("#") and not line[0].isspace()
        if top_level:
            if buf:
                yield start, "".join(buf[:kept])
            start, buf, kept = i, [], 0
        if start is not None:
            buf.append(line if line.endswith("\n") else line + "\n")
            if stripped and not stripped.startswith("#"):
                kept = len(buf)
    if buf:
        yield start, "".join(buf[:kept])


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


def parse(text: str, file: str | None = None, context: str = "") -> ParseResult:
    """Parse a rule file; `file` names it in spans when it is not the file being checked;
    `context`, the texts of the files it extends, which hints may draw on (their zones).

    The same text is parsed once per process (a replay, a simulation worker or a test
    loads one file many times, and parsing is most of loading): the tree is frozen, and
    each call gets lists of its own."""
    tree, diags, unparsed = _parse_cached(text, file, context)
    return ParseResult(tree, list(diags), set(unparsed))


@lru_cache(maxsize=16)
def _parse_cached(text: str, file: str | None, context: str = "") -> tuple:
    result = _parse(text, file, context)
    return result.tree, tuple(result.diagnostics), frozenset(result.unparsed_names)


def _parse(text: str, file: str | None, context: str = "") -> ParseResult:
    lines = split_lines(text, keepends=True)
    diags: list[Diagnostic] = []
    items: list = []
    unparsed: set[str] = set()
    if len(lines) > MAX_LINES:
        return ParseResult(A.RuleFile(()), [Diagnostic(
            Span.point(MAX_LINES + 1, 1),
            f"the file has {len(lines):,} lines: a rule file is limited to {MAX_LINES:,}",
            raise_hint("MAX_LINES"))], unparsed)
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            if line[0].isspace():
                diags.append(Diagnostic(Span.point(i, 1), "this line is indented but belongs to nothing",
                                        "only lines inside a block (after a line ending in ':') are indented"))
            break
    _words[0] = 0
    for first, chunk in _chunks(lines):
        if len(diags) >= MAX_ERRORS:
            # the rest is not read: a file of junk would cost a diagnostic (and a search
            # for the expected words) per line, and nobody reads past the first screen
            diags.append(stopped_note(first))
            _note_unparsed(chunk, unparsed)
            break
        if len(chunk) > MAX_ITEM_CHARS:
            diags.append(Diagnostic(Span.point(first, 1),
                                    f"this item is {len(chunk):,} characters long: an item (a declaration "
                                    f"or a rule with its block) is limited to {MAX_ITEM_CHARS:,}",
                                    raise_hint("MAX_ITEM_CHARS")))
            _note_unparsed(chunk, unparsed)
            continue
        tab = indented_with_tab(split_lines(chunk), first - 1)
        if tab is not None:  # (docs/language.md: "use spaces, not tabs")
            diags.append(tab)
            _note_unparsed(chunk, unparsed)
            continue
        try:
            tree = parser().parse(chunk, start="start")
            problems = token_problems(tree, first - 1)
            if any(fatal for _, fatal in problems):
                diags.extend(d for d, _ in problems)
                _note_unparsed(chunk, unparsed)
                continue
            items.extend(_ToAst(first - 1, file).transform(tree).items)
            diags.extend(d for d, _ in problems)
        except RecursionError:
            diags.append(Diagnostic(Span.point(first, 1), "this item is nested too deeply to read",
                                    "split the expression with 'define' or 'let'"))
            _note_unparsed(chunk, unparsed)
        except _TooManyWords as e:
            diags.append(Diagnostic(Span.point(e.line + first - 1, e.column),
                                    f"the file has more than {MAX_WORDS:,} words and symbols here: a rule file "
                                    "is limited to that many; the rest is not checked", raise_hint("MAX_WORDS")))
            _note_unparsed(chunk, unparsed)
            break
        except _TooDeep as e:
            diags.append(Diagnostic(Span.point(e.line + first - 1, e.column),
                                    f"this block is nested more than {MAX_BLOCK_DEPTH} deep",
                                    "take the inner part out into an action or an earlier step; "
                                    + raise_hint("MAX_BLOCK_DEPTH")))
            _note_unparsed(chunk, unparsed)
        except (UnexpectedInput, _IndentError) as e:
            diags.append(_syntax_diagnostic(e, first - 1, chunk, text + context,
                                            last_item(text, first - 1, split_lines(chunk))))
            _note_unparsed(chunk, unparsed)
        except VisitError as e:
            if isinstance(e.orig_exc, PlaceholderError):
                p = e.orig_exc
                diags.append(Diagnostic(Span.point(p.line + first - 1, p.column), p.message, p.hint))
            elif isinstance(e.orig_exc, TokenProblem):
                d = e.orig_exc.diagnostic
                diags.append(evolve(d, span=evolve(d.span, line=d.span.line + first - 1,
                                                   end_line=d.span.end_line + first - 1)))
            elif isinstance(e.orig_exc, (UnexpectedInput, _IndentError)):
                diags.append(_syntax_diagnostic(e.orig_exc, first - 1, chunk, text + context,
                                                last_item(text, first - 1, split_lines(chunk))))
            elif isinstance(e.orig_exc, RecursionError):
                diags.append(Diagnostic(Span.point(first, 1), "this item is nested too deeply to read",
                                        "split the expression with 'define' or 'let'"))
            else:  # pragma: no cover - a transformer bug, reported rather than hidden
                diags.append(Diagnostic(Span.point(first, 1), f"internal error reading this item: {e.orig_exc}"))
            _note_unparsed(chunk, unparsed)
    return ParseResult(A.RuleFile(tuple(items)), diags, unparsed)


def stopped_note(line: int) -> Diagnostic:
    """Reading stopped at `line` after MAX_ERRORS errors."""
    return Diagnostic(Span.point(line, 1),
                      f"reading stopped here after {MAX_ERRORS} errors; the rest of the file is not checked",
                      "fix these and check again; " + raise_hint("MAX_ERRORS"), severity="note")


def token_problems(tree, offset: int) -> list[tuple[Diagnostic, bool]]:
    """Numbers too large to read and texts holding control characters, found in the
    tokens before the tree is built (int() of a 5,000-digit number raises); each with
    whether the item cannot be built."""
    out = []
    for sub in tree.iter_subtrees():
        for tok in sub.children:
            if not isinstance(tok, Token):
                continue
            if tok.type == "INT" or tok.type == "ORDINAL" and tok[0].isdigit():
                written = str(tok) if tok.type == "INT" else str(tok)[:-2]  # (`12th`)
                digits = written.lstrip("0")
                why = None
                if len(digits) > MAX_NUMBER_DIGITS:
                    why = number_error(10 ** MAX_NUMBER_DIGITS)
                elif digits:
                    why = number_error(int(digits))
                if why is None and len(written) > MAX_NUMBER_DIGITS:  # (int() of 4,300 digits raises)
                    why = (f"a number written with {len(written):,} digits: at most {MAX_NUMBER_DIGITS} "
                           "(leave out its leading zeros)")
                if why:
                    out.append((Diagnostic(Span(tok.line + offset, tok.column, tok.line + offset,
                                                tok.column + min(len(tok), 40)),
                                           why, raise_hint("MAX_NUMBER")), True))
            elif tok.type == "STRING":
                m = CONTROL.search(str(tok))
                if m:
                    col = tok.column + m.start()
                    shown = m.group().encode("unicode_escape").decode("ascii")
                    out.append((Diagnostic(Span.point(tok.line + offset, col),
                                           f"a text may not contain control characters: {shown}",
                                           "a text is shown on terminals, where a control character acts as "
                                           "a command; write the text without it"), False))
    return out


_DECLARING = ["zone", "parameter", "counter", "define", "rule", "role", "pieces", "action", "ending",
              "invariant", "quantity", "attribute"]


def _note_unparsed(chunk: str, unparsed: set[str]) -> None:
    # an item indented by mistake is read as part of the item above it: its name too
    for line in chunk.split("\n")[1:]:
        m = _DECLARES.match(line.lstrip()) if line[:1].isspace() else None
        if m:
            unparsed.add(m.group("name"))
    unparsed.update(_EFFECT.findall(chunk))
    m = _DECLARES.match(chunk)
    if m:
        unparsed.add(m.group("name"))
        return
    # a misspelt declaring word ('zoen removed ...') still declares its name for the reader
    m = re.match(r"^([A-Za-z_]\w*)\s+([A-Za-z_]\w*)", chunk)
    if m and did_you_mean(m.group(1), _DECLARING):
        unparsed.add(m.group(2))


STATEMENT_STARTS = ["move", "reveal", "flip", "swap", "shuffle", "set", "increase", "decrease",
                    "let", "end", "say", "announce", "if", "else", "repeat", "for", "with", "allowed",
                    "resolve", "on", "while", "add", "subtract", "deal", "eliminate"]
_ITEM_WORDS = ["game", "players", "cooperative", "role", "parameter", "cards", "zone", "pieces", "counter",
               "define", "rule", "turn", "setup", "action", "actions", "when", "ending", "invariant", "match",
               "attribute", "card", "quantity", "payoff", "without"]


def _syntax_diagnostic(e, offset: int, chunk: str, file_text: str = "", last: bool = True) -> Diagnostic:
    """`file_text`: the file's text and its bases' (for hints); `last`: the file's last item?"""
    chunk_lines = split_lines(chunk)
    if isinstance(e, _IndentError):
        return no_enclosing_block(chunk_lines, e.line, e.column, offset)
    if isinstance(e, UnexpectedCharacters):
        ch = e.char
        shown = repr(ch) if not ch.isprintable() else f"'{ch}'"
        hint = None
        if ch == '"':
            hint = "a quoted text must end on the same line"
        elif ch == "\t":
            hint = "use spaces"
        elif ch in "|&":  # `||`, `&&` of other languages
            doubled = e.column <= len(text := chunk_lines[e.line - 1]) - 1 and text[e.column] == ch
            shown = f"'{ch * 2}'" if doubled else shown
            hint = f"write '{'or' if ch == '|' else 'and'}'"
            return Diagnostic(Span(e.line + offset, e.column, e.line + offset, e.column + 1 + doubled),
                              f"unexpected {shown}", hint)
        elif ch == "!":  # `!=` is read; a lone `!` is the `not` of other languages
            hint = "write 'not'"
        elif ch == "%":  # the remainder of other languages
            hint = "write 'mod' for the remainder: 7 mod 3 is 1"
        return Diagnostic(Span.point(e.line + offset, e.column), f"unexpected character {shown}", hint)
    if isinstance(e, UnexpectedEOF):
        return ends_early(chunk_lines, offset, _expected(e.expected), last)
    assert isinstance(e, UnexpectedToken)
    tok: Token = e.token
    expected = e.accepts or e.expected
    if tok.type == "$END" or tok.line is None:
        return ends_early(chunk_lines, offset, _expected(expected), last)
    line, col = tok.line + offset, tok.column
    if tok.type == "_NL":
        # The newline token starts at the end of the line it ends.
        text = chunk_lines[tok.line - 1] if tok.line - 1 < len(chunk_lines) else ""
        code = text.split("#", 1)[0].rstrip()
        said = other_extreme(text, "", line, len(code) + 1) or twice(text, len(code) + 1, line)
        if said is not None:  # `the max of hand_values`, `... wins wins`
            return said
        return Diagnostic(Span.point(line, len(code) + 1), "this line ends too early",
                          WINS_HINT if wins_missing(text, expected) else f"expected {_expected(expected)}")
    if tok.type == "_INDENT":
        # an indent token borrows the position of the line break before the indented line
        return unexpected_indent(chunk_lines, tok.end_line, offset)
    if tok.type in ("_DEDENT", "_NL") and tok.end_line > len(chunk_lines):
        # the file ended: inside an open bracket, or in the middle of a block
        return ends_early(chunk_lines, offset, _expected(expected), last)
    if tok.type == "_DEDENT":
        return Diagnostic(Span.point(tok.end_line + offset, 1), "this block ends too early",
                          f"expected {_expected(expected)}")
    span = Span(line, col, line, col + len(str(tok)))
    hint = None
    text = chunk_lines[tok.line - 1] if tok.line - 1 < len(chunk_lines) else ""
    joined = glued(text, col)
    if joined is not None:
        return joined(line)
    said = twice(text, col + len(str(tok)), line) or without_what(text, tok, line, col)
    if said is None and not text[:col - 1].strip() and tok.line > 1:
        # the first word of a line that goes on: `... then the the player before p` above
        # read on until here
        above = chunk_lines[tok.line - 2]
        said = twice(above, len(above) + 1, line - 1)
    if said is not None:  # `increase n by by 1`: the second word read as a name, or not read at all
        return said
    said = other_language(text, tok, expected, line, col) or indexed(text, tok, line, col, file_text) \
        or declaration_slip(text, tok, line, col, file_text)
    if said is not None:
        return said
    if tok.type in keywords() and "NAME" in expected and tok.value.isidentifier():
        return Diagnostic(span, f"'{tok}' is a keyword of the language and cannot be used as a name",
                          "choose another name")
    # A misspelt keyword at the start of a line reads as a name followed by nonsense.
    first = re.match(r"\s*([A-Za-z_]\w*)", text)
    if first and first.group(1) not in STATEMENT_STARTS + _ITEM_WORDS:
        words = _ITEM_WORDS if not text[0].isspace() else STATEMENT_STARTS
        hint = did_you_mean(first.group(1), words)
        if hint:
            start = first.start(1) + 1
            return Diagnostic(Span(line, start, line, start + len(first.group(1))),
                              f"unknown {'declaration' if words is _ITEM_WORDS else 'statement'} "
                              f"'{first.group(1)}'", hint)
    said = slip(chunk_lines, tok, text, first, line, file_text)
    if said is not None:
        return said
    said = reserved_name_before(text, col, line, file_text, EXPRESSION_WORDS)
    if said is not None:  # `set count to count + 1`, `count` declared (and refused) as a counter
        return said
    if str(tok) in ("<", "<=", ">", ">=") and re.search(r"(<|>|<=|>=)\s*\S", text[:tok.column - 1]):
        # `1 <= card.value <= 3`
        hint = "comparisons do not chain: write 'A <= B and B <= C', or 'B between A and C'"
    if str(tok) == "chooses" and re.match(r"\s*(set|let|if|increase|decrease)\b", text):
        # `set k to w chooses one of [1, 2]`, `let k = (if x then w chooses ... else 1)`
        hint = ("a choice stands alone, or as the whole value of a 'let': let chosen = PLAYER chooses one of "
                "LIST \"PROMPT\", then use chosen (set k to chosen)")
    if re.match(r"when\b", text) and not re.match(r"when\s+\w+\s+runs\s+out\b|when\s+the\s+(?:round|game)\b", text):
        # `when turn ends:`, `when a card is played:`: not one of the events a rule can follow
        hint = ("a rule for an event begins 'when ZONE runs out:', 'when the round begins:', 'when the round "
                "ends:' or 'when the game ends:'" + ("; what ends each turn goes at the end of 'turn:'"
                                                     if re.match(r"when\s+(?:the\s+|a\s+)?turn\b", text) else ""))
    m = re.match(r"\s*with\s+(\w+)\s+in\s+(.+?)\s*$", text[:tok.column - 1])
    if str(tok) == "to" and m:  # `with n in 1 to 13`
        hint = ("a number is picked from a range with 'from': "
                + re.sub(r"\s+in\s+", " from ", text.split("#", 1)[0].strip(), count=1))
    if tok.type == "COMMA" and re.match(r"define\s+\w+\s+of\s+\w+\s*$", text[:tok.column - 1]):
        # `define pairs of p, number v`: one bare parameter reads as a player, several need kinds
        hint = "a definition of several parameters gives each its kind: define NAME of player p, number v"
    what = f"'{tok}'" if tok.type not in ("NAME", "INT", "STRING") else \
        f"{describe_terminal(tok.type)[0][2:] if tok.type != 'INT' else 'number'} {tok}"
    owner = needs_of(text, file_text, tok, expected)
    if owner is not None:  # `distance current`
        return Diagnostic(span, f"unexpected {what} after '{owner[0]}'", owner[1])
    return Diagnostic(span, f"unexpected {what}", hint or winners_hint(text, col) or f"expected {_expected(expected)}")


class _ToAst(DecksBuilder, DeclBuilder, StmtBuilder, ExprBuilder):
    """Lark tree -> ast nodes, for a whole item; spans are shifted by its line offset."""
