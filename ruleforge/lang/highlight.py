"""Syntax highlighting for rule text: a Pygments lexer, and rich text for the terminal.

`RulesLexer` is registered with Pygments under the name `ruleforge` (aliases `rules`,
files `*.rules`), so `pygmentize -l ruleforge FILE` and the ```rules code fences of
Sphinx or MkDocs colour rule files. `highlight` turns rule text into a `rich.text.Text`
in the terminal's own colours; `terminal_colouring` gives a function that colours a line
of rule text for a terminal, or None when the output is not one (a pipe or a file gets
the plain text, unchanged).

The lexer works line by line, like a reader of the rulebook: a word at the left margin
that starts an item is a declaration and the name after it is the name being declared;
a statement word that starts a line starts a statement (indented, or at the margin in a
snippet of documentation); `and`, `of`, `where`... are expression words wherever they
are. Words that are names in one place and words of the language in another (`card`,
`next`, `a`) are coloured as words of the language only in the phrases that make them so
(`the card in`, `takes the next turn`, `a card in`).
"""

from __future__ import annotations

import re
from typing import Callable

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Token,
    Whitespace,
)

__all__ = ["RulesLexer", "highlight", "terminal_colouring", "TOKEN_STYLES"]

# ---- the words of the language, by kind ------------------------------------------------
# A phrase of several words matches with any spaces or tabs between them.

# Words that start a top-level item (at the left margin only).
DECLARATION_WORDS = (
    "game", "extends", "players", "cooperative", "role", "parameter", "cards", "zone", "pieces", "counter",
    "define", "rule", "quantity", "heuristic", "payoff", "attribute", "card", "turn order", "turn", "setup",
    "actions", "action", "when", "ending", "invariant", "match", "without")

# Words that start a statement (the first word of a line).
STATEMENT_WORDS = (
    "move", "reveal", "flip", "swap", "shuffle", "set", "increase", "decrease", "let", "say",
    "announce", "resolve", "repeat while", "repeat", "for each", "else if", "else", "if", "end turn",
    "end the game with", "eliminate", "deal",
    # the lines of an action, a card and a match
    "allowed if", "with", "on", "while active", "add", "subtract", "wins needed", "next game")

# Phrases of statements and declarations that come after the first word of a line.
PHRASE_WORDS = (
    "takes an action", "takes one of", "takes the next turn", "or passes", "some of", "unseen", "shown", "looks at", "chooses", "chosen by",
    "runs out", "at round end", "at bottom", "face up", "face down", "standard deck", "listed",
    "one for each", "starting at", "per player", "per card", "the game ends",
    "the round ends", "the round begins", "the game is over", "in a row", "one of", "a card in",
    "a card from", "random card in", "the card in", "the player after", "the player before",
    "player after", "player before", "loser chooses", "winner starts", "loser starts", "for each", "of each player",
    "starting with", "standard decks", "for the turn", "has finished", "outside groups")

# Single words that join the parts of a statement or build an expression.
KEYWORD_WORDS = (
    "if", "then", "else", "to", "by", "with", "from", "into", "as", "times", "over", "when",
    "wins", "win", "effect", "slot", "slots", "at", "top", "bottom", "count", "sum", "any",
    "every", "no", "cards", "the", "random", "highest", "lowest", "empty", "eliminated",
    "first", "second", "third", "last", "without", "joker", "jokers", "player", "finishes",
    "least", "greater", "lesser", "difference")

# Words that combine or compare expressions.
OPERATOR_WORDS = ("and", "or", "not", "in", "is", "has", "where", "of", "between", "knows", "mod")

# Values the language names.
CONSTANT_WORDS = ("true", "false", "nobody", "none")
BUILTIN_WORDS = ("current", "this", "owner", "all players", "finished players", "players", "opponents", "everyone",
                 "it")

# The standard deck: its symbols and its attributes.
DECK_SYMBOLS = ("clubs", "diamonds", "hearts", "spades", "black", "red", "A", "J", "Q", "K")
DECK_ATTRIBUTES = ("suit", "rank", "color", "value")

# A zone's kind and options (on a zone's line only).
ZONE_KINDS = ("pile", "hand", "row")
ZONE_OPTIONS = ("face up", "face down", "private", "active", "shown as", "grouped by",
                "slots", "with", "at", "per player")

# The name declared after a declaration word, by the kind of thing it names.
DECLARED_NAMES = {
    "zone": Name.Variable.Global,
    "counter": Name.Variable.Global,
    "parameter": Name.Constant,
    "define": Name.Function,
    "quantity": Name.Function,
    "action": Name.Function,
    "role": Name.Class,
    "pieces": Name.Class,
    "attribute": Name.Attribute,
    "ending": Name.Label,
    "invariant": Name.Label,
}

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"  # as the grammar's NAME: ASCII only
_SP = r"[ \t]+"


def _words(words) -> str:
    """A regex matching any of the words or phrases, longest first, as whole words."""
    alts = sorted(set(words), key=lambda w: (-len(w), w))
    return r"\b(?:" + "|".join(_SP.join(re.escape(p) for p in w.split()) for w in alts) + r")\b"


def _declaration(word: str, kind) -> tuple:
    return (rf"^({word})({_SP})({_NAME})", bygroups(Keyword.Declaration, Whitespace, kind))


class RulesLexer(RegexLexer):
    """Pygments lexer for ruleforge rule files."""

    name = "ruleforge"
    aliases = ["ruleforge", "rules"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-ruleforge"]
    flags = re.MULTILINE

    tokens = {
        "root": [
            include("line-start"),
            include("expression"),
        ],
        # What a line's first word makes of it.
        "line-start": [
            (rf"^(zone)({_SP})({_NAME})", bygroups(Keyword.Declaration, Whitespace, DECLARED_NAMES["zone"]),
             "zone"),
            # `define points of card c`, `define pile_of of player p, suit s`, `rule pay of p, number n`:
            # a parameter's kind (when named) and the parameter, for the first two parameters
            (rf"^(define|quantity|rule)({_SP})({_NAME})(?:({_SP})(of)({_SP})(?:({_NAME})({_SP}))?({_NAME})"
             rf"(?:([ \t]*)(,)([ \t]*)(?:({_NAME})({_SP}))?({_NAME}))?)?",
             bygroups(Keyword.Declaration, Whitespace, Name.Function, Whitespace, Operator.Word, Whitespace,
                      Keyword.Type, Whitespace, Name.Variable,
                      Whitespace, Punctuation, Whitespace, Keyword.Type, Whitespace, Name.Variable)),
            *[_declaration(w, k) for w, k in DECLARED_NAMES.items() if w not in ("zone", "define", "quantity")],
            (rf"^(heuristic|payoff|turn)({_SP})(of)({_SP})({_NAME})",
             bygroups(Keyword.Declaration, Whitespace, Operator.Word, Whitespace, Name.Class)),
            (rf"^(when)({_SP})(?!the\b)({_NAME})",
             bygroups(Keyword.Declaration, Whitespace, DECLARED_NAMES["zone"])),
            ("^" + _words(DECLARATION_WORDS), Keyword.Declaration),
            (rf"^([ \t]+)?(let|with)({_SP})({_NAME})",
             bygroups(Whitespace, Keyword, Whitespace, Name.Variable)),
            (rf"^([ \t]+)?(for{_SP}each)({_SP})({_NAME})",
             bygroups(Whitespace, Keyword, Whitespace, Name.Variable)),
            (rf"^([ \t]+)?(on)({_SP})({_NAME})", bygroups(Whitespace, Keyword, Whitespace, Name.Function)),
            (rf"^([ \t]+)?(end{_SP}the{_SP}game{_SP}with)({_SP})({_NAME})",
             bygroups(Whitespace, Keyword, Whitespace, Name.Label)),
            (rf"^([ \t]+)?(resolve)({_SP})({_NAME})({_SP})(effect)\b",
             bygroups(Whitespace, Keyword, Whitespace, Name.Function, Whitespace, Keyword)),
            (r"^([ \t]+)?(" + _words(STATEMENT_WORDS) + ")", bygroups(Whitespace, Keyword)),
            # `NAME: value`, a card's attribute
            (rf"^([ \t]+)({_NAME})([ \t]*)(:)", bygroups(Whitespace, Name.Attribute, Whitespace, Punctuation)),
        ],
        "expression": [
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (r"\n", Whitespace),
            (r"[^\S\n]+", Whitespace),
            (rf"(\.)({_NAME})", bygroups(Punctuation, Name.Attribute)),
            (rf"\b((?:one{_SP})?for{_SP}each)({_SP})({_NAME})", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"\b(as)({_SP})({_NAME})", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"\b(has)({_SP})(an?)({_SP})({_NAME})({_SP})(effect)\b",
             bygroups(Operator.Word, Whitespace, Keyword, Whitespace, Name.Function, Whitespace, Keyword)),
            (_words(("players with the highest", "players with the lowest")), Keyword),
            (_words(PHRASE_WORDS), Keyword),
            (rf"\bin{_SP}all\b(?!{_SP}players\b)", Keyword),  # `3 in all`, but `p in all players`
            (_words(CONSTANT_WORDS), Keyword.Constant),
            (_words(BUILTIN_WORDS), Name.Builtin.Pseudo),
            (_words(OPERATOR_WORDS), Operator.Word),
            (_words(KEYWORD_WORDS), Keyword),
            (_words(DECK_SYMBOLS), Name.Constant),
            (_words(DECK_ATTRIBUTES), Name.Attribute),
            (_NAME, Name),
            (r"[0-9]+(?:st|nd|rd|th)\b", Number.Integer),  # an ordinal: the 3rd card of
            (r"[0-9]+", Number.Integer),
            (r"!=|<=|>=|[=<>+\-*/]", Operator),
            (r"[:,.()\[\]]", Punctuation),
        ],
        # A quoted text; `{...}` inside it is an expression.
        "string": [
            (r'[^"{\n]+', String.Double),
            (r"\{", String.Interpol, "interpolation"),
            (r'"', String.Double, "#pop"),
            (r"\n", Whitespace, "#pop"),  # a text ends on its line (an unclosed one too)
        ],
        "interpolation": [
            (r"\}", String.Interpol, "#pop"),
            (r'"', String.Double, "#pop:2"),  # a text cannot hold a quote: this one ends it
            (r"\n", Whitespace, "#pop:2"),
            (r"#", String.Interpol),  # not a comment inside a text
            include("expression"),
        ],
        # The rest of a zone's line: its kind and options.
        "zone": [
            (r"\n", Whitespace, "#pop"),
            (rf"\b(of)({_SP})({_NAME})", bygroups(Operator.Word, Whitespace, Name.Class)),
            (_words(ZONE_KINDS), Keyword.Type),
            (_words(ZONE_OPTIONS), Keyword),
            include("expression"),
        ],
    }


# ---- colour in the terminal ----------------------------------------------------------

# rich styles in the terminal's own palette (named ANSI colours), so that they suit light
# and dark themes alike. A token type without an entry takes its parent's style.
TOKEN_STYLES = {
    Comment: "bright_black",
    String: "green",
    String.Interpol: "bold green",
    Number: "cyan",
    Keyword.Declaration: "bold magenta",
    Keyword.Type: "magenta",
    Keyword: "blue",
    Keyword.Constant: "cyan",
    Operator.Word: "blue",
    Name.Builtin: "cyan",
    Name.Constant: "yellow",
    Name.Attribute: "italic yellow",  # suit, rank, .name: as Pygments and editors colour them
    Name.Function: "bold",
    Name.Class: "bold",
    Name.Label: "bold",
    Name.Variable.Global: "bold",
    Error: "red",
}


def _style(ttype) -> str:
    while ttype is not Token:
        if ttype in TOKEN_STYLES:
            return TOKEN_STYLES[ttype]
        ttype = ttype.parent
    return ""


def highlight(text: str):
    """Rule text as a `rich.text.Text` coloured by token, with exactly the same characters."""
    from rich.text import Text
    out = Text()
    run, run_style = [], ""
    for _, ttype, value in RulesLexer().get_tokens_unprocessed(text):
        style = _style(ttype)
        if style != run_style and run:  # tokens of one style in a row make one span
            out.append("".join(run), style=run_style or None)
            run = []
        run_style = style
        run.append(value)
    if run:
        out.append("".join(run), style=run_style or None)
    return out


def terminal_colouring(stderr: bool = False) -> Callable[[str], str] | None:
    """A function that colours a line of rule text with the terminal's escape codes, or
    None when standard output (or error, with `stderr`) is not a colour terminal."""
    from rich.console import Console
    console = Console(stderr=stderr)
    if not console.is_terminal or console.is_dumb_terminal or console.color_system is None:
        return None

    def colour(line: str) -> str:
        with console.capture() as captured:
            console.print(highlight(line), end="", soft_wrap=True)
        return captured.get()
    return colour
