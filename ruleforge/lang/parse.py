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

from lark import Lark, Token, Transformer, v_args
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
from .diagnostics import Diagnostic, Span, did_you_mean

MAX_SOURCE_BYTES = 2_000_000


class _PlaceholderError(LarkError):
    def __init__(self, line: int, column: int):
        self.line, self.column = line, column


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
    """Parse a rule file; `file` names it in spans when it is not the file being checked."""
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
            if isinstance(e.orig_exc, _PlaceholderError):
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


def _unquote(tok) -> str:
    return str(tok)[1:-1]


@v_args(meta=True)
class _ToAst(Transformer):
    """Lark tree -> ast nodes; spans are shifted by the item's line offset."""

    def __init__(self, offset: int, file: str | None = None):
        super().__init__()
        self.off = offset
        self.file = file

    def _span(self, meta) -> Span:
        return Span(meta.line + self.off, meta.column, meta.end_line + self.off, meta.end_column, self.file)

    def _tspan(self, tok) -> Span:
        return Span(tok.line + self.off, tok.column, tok.end_line + self.off, tok.end_column, self.file)

    def _name(self, tok) -> A.Name:
        return A.Name(self._tspan(tok), str(tok))

    # ---- file and declarations
    def start(self, meta, children):
        return A.RuleFile(tuple(children))

    def extends_decl(self, meta, c):
        return A.ExtendsDecl(self._span(meta), _unquote(c[0]))

    def game_decl(self, meta, c):
        return A.GameDecl(self._span(meta), _unquote(c[0]))

    def players_decl(self, meta, c):
        low = int(c[0])
        return A.PlayersDecl(self._span(meta), low, int(c[1]) if c[1] is not None else low)

    def role_decl(self, meta, c):
        return A.RoleDecl(self._span(meta), self._name(c[0]), _unquote(c[1]) if c[1] else None)

    def param_decl(self, meta, c):
        return A.ParamDecl(self._span(meta), self._name(c[0]), c[1])

    def cards_standard(self, meta, c):
        return A.CardsDecl(self._span(meta), "standard", self._name(c[0]))

    def cards_listed(self, meta, c):
        return A.CardsDecl(self._span(meta), "listed", self._name(c[0]))

    def per_player(self, meta, c):
        return "player"

    def per_card(self, meta, c):
        return "card"

    def counter_decl(self, meta, c):
        return A.CounterDecl(self._span(meta), self._name(c[0]), c[1], c[2])

    def define_decl(self, meta, c):
        return A.DefineDecl(self._span(meta), self._name(c[0]), c[3],
                            self._name(c[2]) if c[2] is not None else None, c[1] or "player")

    def kind_card(self, meta, c):
        return "card"

    def kind_player(self, meta, c):
        return "player"

    def kind_number(self, meta, c):
        return "number"

    def kind_zone(self, meta, c):
        return "zone"

    def quantity_decl(self, meta, c):
        return A.QuantityDecl(self._span(meta), self._name(c[0]),
                              self._name(c[1]) if c[1] is not None else None, c[2])

    def heuristic_decl(self, meta, c):
        return A.HeuristicDecl(self._span(meta), self._name(c[0]), c[1])

    def attribute_decl(self, meta, c):
        return A.AttributeDecl(self._span(meta), self._name(c[0]), tuple(self._name(t) for t in c[1:]))

    def card_attr(self, meta, c):
        return A.CardAttr(self._span(meta), self._name(c[0]), c[1])

    def card_effect(self, meta, c):
        return A.CardEffect(self._span(meta), self._name(c[0]), c[1])

    def mod_add(self, meta, c):
        return A.Modifier(self._span(meta), 1, c[0], self._name(c[1]), c[2])

    def mod_sub(self, meta, c):
        return A.Modifier(self._span(meta), -1, c[0], self._name(c[1]), c[2])

    def card_modifiers(self, meta, c):
        return ("modifiers", tuple(c))

    def card_decl(self, meta, c):
        title, *lines = c
        attrs = tuple(x for x in lines if isinstance(x, A.CardAttr))
        effects = tuple(x for x in lines if isinstance(x, A.CardEffect))
        mods = tuple(m for x in lines if isinstance(x, tuple) for m in x[1])
        return A.CardDecl(self._span(meta), _unquote(title), attrs, effects, mods)

    def turn_order_decl(self, meta, c):
        return A.TurnOrderDecl(self._span(meta), tuple(self._name(t) for t in c))

    def owner_role(self, meta, c):
        return self._name(c[0])

    def owner_each(self, meta, c):
        return "each"

    def kind_pile(self, meta, c):
        return ("pile", None)

    def kind_hand(self, meta, c):
        return ("hand", None)

    def kind_row(self, meta, c):
        return ("row", c[0])

    def opt_face_up(self, meta, c):
        return ("facing", "up")

    def opt_face_down(self, meta, c):
        return ("facing", "down")

    def opt_private(self, meta, c):
        return ("facing", "private")

    def opt_active(self, meta, c):
        return ("active", True)

    def opt_shown(self, meta, c):
        return ("display", ("shown", self._name(c[0])))

    def opt_grouped(self, meta, c):
        return ("display", ("grouped", self._name(c[0])))

    def opt_pieces_at(self, meta, c):
        return ("display", ("pieces", self._name(c[0]), self._name(c[1])))

    def opt_slots_face_down(self, meta, c):
        return ("down_slots", c[0])

    def zone_decl(self, meta, c):
        name, owner, title, (kind, size), *options = c
        facing = down = None
        active = False
        display = []
        for key, value in options:
            if key == "facing":
                facing = value
            elif key == "active":
                active = True
            elif key == "display":
                display.append(value)
            else:
                down = value
        return A.ZoneDecl(self._span(meta), self._name(name), owner,
                          _unquote(title) if title else None, kind, size, facing, down, active, tuple(display))

    def piece_attr(self, meta, c):
        return A.PieceAttr(self._span(meta), self._name(c[0]), c[1], c[2], c[3])

    def pieces_decl(self, meta, c):
        return A.PiecesDecl(self._span(meta), self._name(c[0]), self._name(c[1]), c[2], tuple(c[3:]))

    def block(self, meta, c):
        return tuple(c)

    def setup_decl(self, meta, c):
        return A.SetupDecl(self._span(meta), c[0])

    def turn_decl(self, meta, c):
        return A.TurnDecl(self._span(meta), self._name(c[0]) if c[0] else None, c[1])

    def param_in(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), c[1])

    def param_range(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), None, c[1], c[2])

    def allowed(self, meta, c):
        return ("allowed", c[0])

    def action_decl(self, meta, c):
        name, title, role, *rest = c
        params = tuple(x for x in rest if isinstance(x, A.ActionParam))
        allowed = next((x[1] for x in rest if isinstance(x, tuple)), None)
        body = tuple(x for x in rest if x is not None and not isinstance(x, (A.ActionParam, tuple)))
        return A.ActionDecl(self._span(meta), self._name(name), _unquote(title) if title else None,
                            self._name(role) if role else None, params, allowed, body)

    def when_runs_out(self, meta, c):
        return A.EventDecl(self._span(meta), "runs out", self._name(c[0]), c[1])

    def when_game_ends(self, meta, c):
        return A.EventDecl(self._span(meta), "game ends", None, c[0])

    def when_round_ends(self, meta, c):
        return A.EventDecl(self._span(meta), "round ends", None, c[0])

    def when_round_begins(self, meta, c):
        return A.EventDecl(self._span(meta), "round begins", None, c[0])

    def at_round_end(self, meta, c):
        return True

    def ending_check(self, meta, c):
        return (c[0], bool(c[1]))

    def ending_decl(self, meta, c):
        name, title, winners, check = c
        cond, at_end = check if check else (None, False)
        return A.EndingDecl(self._span(meta), self._name(name), _unquote(title) if title else None,
                            winners, cond, at_end)

    def invariant_decl(self, meta, c):
        return A.InvariantDecl(self._span(meta), self._name(c[0]), _unquote(c[1]) if c[1] else None, c[2])

    def need_total(self, meta, c):
        return ("total", int(c[0]))

    def need_streak(self, meta, c):
        return ("streak", int(c[0]))

    def match_wins(self, meta, c):
        return ("wins", c)

    def match_loser_chooses(self, meta, c):
        return ("loser", self._name(c[0]))

    def match_decl(self, meta, c):
        total = streak = loser = None
        for key, value in c:
            if key == "wins":
                for kind, n in value:
                    if kind == "total":
                        total = n
                    else:
                        streak = n
            else:
                loser = value
        return A.MatchDecl(self._span(meta), total, streak, loser)

    # ---- statements
    def target_zone(self, meta, c):
        return (c[0], None)

    def target_slots(self, meta, c):
        return (c[0], (c[1], c[2]))

    def face_up(self, meta, c):
        return "up"

    def face_down(self, meta, c):
        return "down"

    def at_bottom(self, meta, c):
        return "bottom"

    def as_name(self, meta, c):
        return self._name(c[0])

    def move_stmt(self, meta, c):
        what, (target, slots), facing, bind = c
        return A.Move(self._span(meta), what, target, slots, facing, bind)

    def reveal_stmt(self, meta, c):
        what, target, bind = c
        zone, slots = target if target else (None, None)
        return A.Reveal(self._span(meta), what, zone, slots, bind)

    def flip_stmt(self, meta, c):
        return A.Flip(self._span(meta), c[0])

    def swap_stmt(self, meta, c):
        return A.Swap(self._span(meta), c[0], c[1])

    def shuffle_stmt(self, meta, c):
        return A.Shuffle(self._span(meta), c[0], c[1])

    def set_stmt(self, meta, c):
        return A.SetValue(self._span(meta), c[0], c[1])

    def increase_stmt(self, meta, c):
        return A.Change(self._span(meta), "increase", c[0], c[1])

    def decrease_stmt(self, meta, c):
        return A.Change(self._span(meta), "decrease", c[0], c[1])

    def let_stmt(self, meta, c):
        return A.Let(self._span(meta), self._name(c[0]), c[1])

    def choose_stmt(self, meta, c):
        name, player, *rest = c
        if isinstance(rest[0], Token) and rest[0].type == "NAME":
            rest = rest[1:]  # "a piece in ...": the noun is for the reader
        coll, prompt = rest
        return A.Choose(self._span(meta), self._name(name), player, coll, _unquote(prompt) if prompt else None)

    def or_pass(self, meta, c):
        return True

    def take_action(self, meta, c):
        return A.TakeAction(self._span(meta), c[0], bool(c[1]))

    def end_turn(self, meta, c):
        return A.EndTurn(self._span(meta))

    def end_game(self, meta, c):
        return A.EndGame(self._span(meta), self._name(c[0]))

    def say_stmt(self, meta, c):
        tok = c[0]
        text = _unquote(tok)
        parts: list = []
        pos = 0
        for m in re.finditer(r"\{([^{}]*)\}", text):
            if m.start() > pos:
                parts.append(text[pos:m.start()])
            # parse the placeholder as an expression, positioned where it stands
            col = tok.column + 1 + m.start(1)
            try:
                tree = parser().parse(" " * (col - 1) + m.group(1), start="expr")
            except UnexpectedInput as e:
                raise _PlaceholderError(tok.line, getattr(e, "column", col) or col) from None
            parts.append(_ToAst(self.off + tok.line - 1, self.file).transform(tree))
            pos = m.end()
        if pos < len(text):
            parts.append(text[pos:])
        return A.Say(self._span(meta), text, tuple(parts))

    def resolve_stmt(self, meta, c):
        return A.Resolve(self._span(meta), self._name(c[0]), c[1], c[2])

    def look_stmt(self, meta, c):
        return A.Look(self._span(meta), c[0], c[1])

    def for_each_chosen(self, meta, c):
        name, player, coll, prompt, body = c
        return A.ForEachChosen(self._span(meta), self._name(name), player, coll,
                               _unquote(prompt) if prompt else None, body)

    def choice_cond(self, meta, c):
        who, guard = c[0], None
        # `total < 21 and current chooses ...` reads as (total < 21) and (a choice): the
        # choice is asked only when the condition before it holds
        if isinstance(who, A.Binary) and who.op == "and":
            who, guard = who.right, who.left
        return A.ChoiceCond(self._span(meta), who, _unquote(c[1]), _unquote(c[2]), guard)

    def else_if(self, meta, c):
        return ("elif", c[0], c[1])

    def else_block(self, meta, c):
        return ("else", c[0])

    def if_stmt(self, meta, c):
        cond, body, *rest = c
        branches = [(cond, body)]
        otherwise = None
        for r in rest:
            if r is None:
                continue
            if r[0] == "elif":
                branches.append((r[1], r[2]))
            else:
                otherwise = r[1]
        return A.If(self._span(meta), tuple(branches), otherwise)

    def repeat_times(self, meta, c):
        return A.RepeatTimes(self._span(meta), c[0], c[1])

    def repeat_while(self, meta, c):
        return A.RepeatWhile(self._span(meta), c[0], c[1])

    repeat_while_choice = repeat_while

    def for_each(self, meta, c):
        return A.ForEach(self._span(meta), self._name(c[0]), c[1], c[2])

    # ---- expressions
    def _fold(self, meta, op, c):
        out = c[0]
        for right in c[1:]:
            out = A.Binary(self._span(meta), op, out, right)
        return out

    def or_(self, meta, c):
        return self._fold(meta, "or", c)

    def and_(self, meta, c):
        return self._fold(meta, "and", c)

    def not_(self, meta, c):
        return A.Unary(self._span(meta), "not", c[0])

    def neg(self, meta, c):
        return A.Unary(self._span(meta), "-", c[0])

    def _bin(op):
        def method(self, meta, c):
            return A.Binary(self._span(meta), op, c[0], c[1])
        return method

    eq = _bin("=")
    is_ = _bin("=")
    ne = _bin("!=")
    is_not = _bin("!=")
    lt = _bin("<")
    le = _bin("<=")
    gt = _bin(">")
    ge = _bin(">=")
    in_ = _bin("in")
    not_in = _bin("not in")
    add = _bin("+")
    sub = _bin("-")
    mul = _bin("*")
    div = _bin("/")
    del _bin

    def between(self, meta, c):
        return A.Between(self._span(meta), c[0], c[1], c[2])

    def _test(kind):
        def method(self, meta, c):
            return A.Test(self._span(meta), kind, c[0])
        return method

    is_empty = _test("empty")
    is_not_empty = _test("not empty")
    is_face_up = _test("face up")
    is_face_down = _test("face down")
    del _test

    def has_effect(self, meta, c):
        return A.HasEffect(self._span(meta), c[0], self._name(c[1]))

    def knows(self, meta, c):
        return A.Knows(self._span(meta), c[0], c[1])

    def game_over(self, meta, c):
        return A.GameOver(self._span(meta))

    def this(self, meta, c):
        return A.This(self._span(meta))

    def owner(self, meta, c):
        return A.Owner(self._span(meta))

    def owner_of(self, meta, c):
        return A.OwnerOf(self._span(meta), c[0])

    def players(self, meta, c):
        return A.Players(self._span(meta))

    def all_players(self, meta, c):
        return A.Players(self._span(meta), every=True)

    def opponents(self, meta, c):
        return A.Opponents(self._span(meta), c[0])

    def player_after(self, meta, c):
        return A.PlayerAfter(self._span(meta), c[0], 1)

    def player_before(self, meta, c):
        return A.PlayerAfter(self._span(meta), c[0], -1)

    def is_eliminated(self, meta, c):
        return A.IsEliminated(self._span(meta), c[0])

    def if_expr(self, meta, c):
        return A.IfExpr(self._span(meta), c[0], c[1], c[2])

    def eliminate_stmt(self, meta, c):
        return A.Eliminate(self._span(meta), c[0])

    def next_turn_stmt(self, meta, c):
        return A.NextTurn(self._span(meta), c[0])

    def players_with(self, meta, c):
        return A.PlayersWith(self._span(meta), str(c[0]), self._name(c[1]))

    def random_card(self, meta, c):
        return A.RandomCard(self._span(meta), c[0])

    def sum_for(self, meta, c):
        return A.SumFor(self._span(meta), c[0], self._name(c[1]), c[2])

    def filter(self, meta, c):
        return A.Filter(self._span(meta), c[0], c[1])

    def attr(self, meta, c):
        return A.Attr(self._span(meta), c[0], str(c[1]), self._tspan(c[1]))

    def number(self, meta, c):
        return A.Number(self._span(meta), int(c[0]))

    def string(self, meta, c):
        return A.Text(self._span(meta), _unquote(c[0]))

    def true(self, meta, c):
        return A.Bool(self._span(meta), True)

    def false(self, meta, c):
        return A.Bool(self._span(meta), False)

    def nobody(self, meta, c):
        return A.Nobody(self._span(meta))

    def current(self, meta, c):
        return A.Current(self._span(meta))

    def name(self, meta, c):
        return self._name(c[0])

    def of(self, meta, c):
        return A.Of(self._span(meta), self._name(c[0]), c[1])

    def slot(self, meta, c):
        return A.Slot(self._span(meta), self._name(c[0]), c[1])

    def list(self, meta, c):
        return A.ListOf(self._span(meta), tuple(x for x in c if x is not None))

    def cards_in(self, meta, c):
        return A.CardsIn(self._span(meta), c[0])

    def the_card(self, meta, c):
        return A.TheCard(self._span(meta), c[0])

    def top(self, meta, c):
        return A.Top(self._span(meta), "top", None, c[0])

    def bottom(self, meta, c):
        return A.Top(self._span(meta), "bottom", None, c[0])

    def top_n(self, meta, c):
        return A.Top(self._span(meta), "top", c[0], c[1])

    def count(self, meta, c):
        return A.Aggregate(self._span(meta), "count", c[0])

    def sum_of(self, meta, c):
        return A.Aggregate(self._span(meta), "sum", c[0])

    def any_(self, meta, c):
        return A.Quantifier(self._span(meta), "any", c[0], c[1])

    def every_(self, meta, c):
        return A.Quantifier(self._span(meta), "every", c[0], c[1])

    def no_(self, meta, c):
        return A.Quantifier(self._span(meta), "no", c[0], c[1])

    def any_named(self, meta, c):
        return A.Quantifier(self._span(meta), "any", c[1], c[2], self._name(c[0]))

    def every_named(self, meta, c):
        return A.Quantifier(self._span(meta), "every", c[1], c[2], self._name(c[0]))

    def no_named(self, meta, c):
        return A.Quantifier(self._span(meta), "no", c[1], c[2], self._name(c[0]))
