"""Lark's contextual lexer, started faster: most tokens come from the one scanner of all
the grammar's terminals, and a parser state's own scanner is built only when that one
cannot say what the state's would.

Lark's contextual lexer gives each parser state a scanner of the terminals it accepts,
so that a keyword is a keyword only where the grammar expects it (`value` is a name in
`card.value`). Those scanners are regular expressions compiled at their first use in a
process: about 90 of them for a 480-line rule file, a third of `ruleforge check`'s own
time. Here the root scanner (all terminals, compiled once) reads each token, and the
token is kept when it is provably the one the state's scanner would have read:

- its type is accepted by the state: the state's scanner tries the same terminals in the
  same order, less the ones it does not accept, and the root's first match is among them;
- a keyword where the state accepts a name but not that keyword: the state's scanner
  reads the same word as a name (its keywords are only those it accepts).

Otherwise (a keyword where a state accepts neither it nor a name, an operator it does not
accept, an unreadable character) the state's own scanner reads the token, errors
included, exactly as Lark would. The proof leans on the shape of the grammar's terminals:
words (keywords and NAME), operators made of punctuation, and regular expressions whose
first characters do not overlap; `install` checks that shape and leaves Lark's lexer
alone when a grammar does not have it (tests/test_lexer.py compares both on every rule
file in the repository).
"""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import ContextualLexer, Token

# The regular-expression terminals the proof above was made for, by pattern: NAME starts
# with letters (`highest` and `lowest` are keywords: they were a pattern of their own,
# EXTREME, until `the highest of L` needed them where a name may come too), ORDINAL with
# letters or digits (it is tried before NAME and INT, in the root
# scanner as in every state's, so its match is the same in both), INT with digits, STRING
# with a quote, _NL with a line end or '#', the ignored blanks with a blank.
_KNOWN_PATTERNS = {
    "[A-Za-z_][A-Za-z0-9_]*": "word",
    "(?:[0-9]+(st|nd|rd|th)|second|first|third|last)": "tried-first",
    "[0-9]+": "other",
    '"[^"\n]*"': "other",
    "(?:(?:\r?\n[\t ]*|#[^\n]*))+": "other",
    "[\t \x0c]+": "other",
}
_OPERATOR = re.compile(r"[!<>=:,.()\[\]+\-*/]+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class RootFirstLexer(ContextualLexer):
    """See the module doc. Made by `install` from a built ContextualLexer."""

    _name: str                 # the word terminal (NAME)
    _keywords: dict            # keyword text -> its terminal
    _accepts: dict             # id(state lexer) -> the terminal names it accepts

    def lex(self, lexer_state, parser_state):
        lexers, root_lexer = self.lexers, self.root_lexer
        try:
            while True:
                lexer = lexers[parser_state.position]
                tok = self._root_token(lexer_state, lexer)
                yield lexer.next_token(lexer_state, parser_state) if tok is None else tok
        except EOFError:
            pass
        except UnexpectedCharacters as e:  # as Lark's: a nicer error from the root scanner
            try:
                last_token = lexer_state.last_token
                token = root_lexer.next_token(lexer_state, parser_state)
                raise UnexpectedToken(token, e.allowed, state=parser_state, token_history=[last_token],
                                      terminals_by_name=root_lexer.terminals_by_name)
            except UnexpectedCharacters:
                raise e from None

    def _root_token(self, lexer_state, lexer):
        """The next token as `lexer` (a state's) would read it, or None: ask `lexer`."""
        accepts = self._accepts.get(id(lexer))
        if accepts is None:
            accepts = self._accepts[id(lexer)] = frozenset(t.name for t in lexer.terminals)
        root = self.root_lexer
        scanner, ignore, newline = root.scanner, root.ignore_types, root.newline_types
        line_ctr, text = lexer_state.line_ctr, lexer_state.text
        while line_ctr.char_pos < text.end:
            res = scanner.match(text, line_ctr.char_pos)
            if not res:
                return None
            value, raw = res
            if raw in ignore:  # blanks: every state ignores them alike
                line_ctr.feed(value, raw in newline)
                continue
            kind = raw
            if raw == self._name:
                kind = self._keywords.get(value, raw)
            if kind not in accepts:
                if kind == raw or raw not in accepts:
                    return None
                kind = raw  # a keyword this state does not expect: a name here
            t = Token(kind, value, line_ctr.char_pos, line_ctr.line, line_ctr.column)
            line_ctr.feed(value, raw in newline)
            t.end_line, t.end_column, t.end_pos = line_ctr.line, line_ctr.column, line_ctr.char_pos
            lexer_state.last_token = t
            return t
        raise EOFError


def install(lexer) -> bool:
    """Make a built ContextualLexer read root-first when the grammar's terminals have the
    shape the module doc relies on. True when installed."""
    if type(lexer) is not ContextualLexer:
        return False
    root = lexer.root_lexer
    name, regexes = None, 0
    if len({t.priority for t in root.terminals}) != 1:
        return False  # a terminal with a priority of its own is tried out of the usual order
    for t in root.terminals:  # (in the order the scanners try them)
        if t.pattern.type == "re":
            kind = _KNOWN_PATTERNS.get(t.pattern.value)
            if kind is None or t.pattern.flags:
                return False
            if kind == "word":
                name = t.name
            elif kind == "tried-first" and regexes:
                return False  # tried after NAME or INT: the proof does not hold
            regexes += 1
        elif not (_WORD.fullmatch(t.pattern.value) or _OPERATOR.fullmatch(t.pattern.value)) or t.pattern.flags:
            return False
    if name is None or set(root.user_callbacks):
        return False
    root.scanner  # builds the root scanner and its keyword callback
    keywords = {t.pattern.value: t.name for t in root.terminals
                if t.pattern.type == "str" and _WORD.fullmatch(t.pattern.value)}
    if set(root.callback) - {name}:
        return False
    lexer.__class__ = RootFirstLexer
    lexer._name, lexer._keywords, lexer._accepts = name, keywords, {}
    return True
