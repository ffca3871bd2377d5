"""Syntax errors a designer makes often, named with what to write: a slip from another
language (`elif`, `==`), a verb of another rulebook (`draw 2 cards`), an item indented
into a block, a keyword with letters glued on (`per players`). Each helper gives a
diagnostic, or None when the error is none of these (parse.py then says what it expected);
`not_a_rule`, which the checker asks, what a name alone on a line is when no rule has it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from attrs import evolve

from .diagnostics import Diagnostic, Span, did_you_mean
from .indentation import ITEM_ONLY


def _keywords() -> dict:
    from .parse import keywords  # (parse imports this module)
    return keywords()


def _statement_words() -> list:
    from .parse import STATEMENT_STARTS
    return STATEMENT_STARTS


def glued(text: str, col: int):
    """`per players` where only `player` fits: the lexer reads the keyword and leaves the
    rest of the word (`s`) as a token of its own. A maker of the diagnostic for the whole
    word, or None."""
    if col < 2 or not (text[col - 2:col - 1].isalnum() or text[col - 2:col - 1] == "_"):
        return None
    m = re.match(r"\w*", text[col - 1:])
    start = len(re.search(r"\w*$", text[:col - 1]).group())
    word, kw = text[col - 1 - start:col - 1] + m.group(), text[col - 1 - start:col - 1]
    if not m.group() or kw not in _keywords().values() or not kw.isalpha():
        return None
    before = re.search(r"(\w+)\s+$", text[:col - 1 - start])
    at = col - start
    lead = f"'{before.group(1)} " if before else "'"
    return lambda line: Diagnostic(Span(line, at, line, at + len(word)),
                                   f"unexpected '{word}'" + (f" after '{before.group(1)}'" if before else ""),
                                   f"write {lead}{kw}'")


_TWICE = re.compile(r"\b([A-Za-z_]\w*)(\s+)\1\b")
_QUOTED = re.compile(r'"[^"\n]*"?')


def twice(text: str, end: int, line: int):
    """`increase n by by 1`, `move c to to hand`, `for for each`: a word of the language
    written twice in a row, up to column `end` (the end of the token the parser stopped
    at), said at the second word, with the line written with it once; or None. (`not not`
    reads, so it is no slip.)"""
    blanked = _QUOTED.sub(lambda m: " " * len(m.group()), text)  # (a text may hold any words, and a '#')
    cut = blanked.find("#") if "#" in blanked else len(text)
    found = None
    for m in _TWICE.finditer(blanked[:min(end - 1, cut)]):
        if m.group(1) != "not" and m.group(1) in _keywords().values():
            found = m
    if found is None:
        return None
    word, at = found.group(1), found.end(2) + 1
    once = (text[:found.end(1)] + text[found.end():cut]).strip()
    return Diagnostic(Span(line, at, line, at + len(word)), f"'{word}' twice", f"write it once: {once}")


_TAKES_OUT = ("'without' takes out only an action, an action group, an ending, an invariant, a card, a card "
              "list or an event's rule: without action NAME, actions NAME, ending NAME, invariant NAME, card "
              "\"TITLE\", cards \"TITLE\", when ZONE runs out, when the round ends (NAME)...")
_REMOVABLE = ("action", "actions", "ending", "invariant", "card", "cards", "when")
# what a variant does instead, for the items `without` cannot take out
_KEPT = {"parameter": "a parameter", "zone": "a zone", "counter": "a counter", "define": "a definition",
         "rule": "a rule called by name", "role": "a role", "pieces": "a set of pieces",
         "attribute": "an attribute", "quantity": "a quantity"}
_ONCE = {"game": "game", "players": "players", "setup": "setup:", "turn": "turn:", "match": "match:",
         "heuristic": "heuristic of p:", "payoff": "payoff of p:"}


def without_what(text: str, tok, line: int, col: int):
    """`without parameter x`, `without zone discard`, `without setup`: an item no variant
    can take out, said as that, with what the variant does instead and what 'without'
    takes out; a misspelt kind (`without actoin x`) with a did-you-mean; or None."""
    m = re.match(r"without\s+", text)
    if m is None or col != m.end() + 1 or not str(tok).isidentifier():
        return None
    word, span = str(tok), Span(line, col, line, col + len(str(tok)))
    name = re.match(r"\s*(\w+)", text[col - 1 + len(word):])
    name = name.group(1) if name else "NAME"
    if word == "parameter":
        return Diagnostic(span, "'without' cannot take out a parameter",
                          f"a variant changes a parameter's value by giving it again, 'parameter {name} = VALUE' "
                          f"(a run, with '--set {name}=VALUE'); {_TAKES_OUT}")
    if word in _KEPT:
        return Diagnostic(span, f"'without' cannot take out {_KEPT[word]}",
                          f"a variant replaces {_KEPT[word]} by declaring one of the same name ('{word} {name} "
                          f"...'); {_TAKES_OUT}")
    if word in _ONCE:
        return Diagnostic(span, f"'without' cannot take out the '{_ONCE[word]}' of the base",
                          f"a variant replaces it by giving its own '{_ONCE[word]}'; {_TAKES_OUT}")
    close = did_you_mean(word, _REMOVABLE)
    return Diagnostic(span, f"'without' cannot take out '{word}'", f"{close} {_TAKES_OUT}" if close else _TAKES_OUT)


def said_twice(diags: list, text: str, sources: dict) -> list:
    """The checker's diagnostics with those at the second of a word of the language
    written twice (`repeat while while`, `then then 5`, `aces of of p`: the second word
    parsed as a name) said as `twice` says it, once per place; one about an expression
    that holds such a word, or further on its line, is a consequence, left out. `sources` holds the texts of the
    files a variant extends, by path."""
    said = {}
    for d in diags:
        lines = (sources.get(d.span.file, "") if d.span.file else text).split("\n")
        line = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else ""
        word = re.match(r"[A-Za-z_]\w*", line[d.span.column - 1:]) if d.span.column > 0 else None
        found = word and twice(line, d.span.column + len(word.group()), d.span.line)
        if found and found.span.column == d.span.column:
            said.setdefault((d.span.file, d.span.line, d.span.column),
                            Diagnostic(evolve(found.span, file=d.span.file), found.message, found.hint))
    if not said:
        return diags

    def holds_one(d) -> bool:
        # (a word after the twin is read from the wrong place: `of of intent` lexes as
        # `of of in tent`, 'tent' unknown; said again once the word is written once)
        s = d.span
        return any(file == s.file and ((s.line, s.column) <= (line, col) < (s.end_line, s.end_column)
                                       or s.line == line and s.column > col)
                   for file, line, col in said)

    return [d for d in diags if not holds_one(d)] + list(said.values())


# What a word of the language that a rule file may have used as a name means, said when
# it is refused as one (`everyone` came with cooperative games: older files used it)
WORD_MEANS = {"everyone": "every player"}


def reserved_word(word: str, what: str) -> tuple[str, str]:
    """(message, hint) for a word of the language declared as a name: `what` it would
    have named ('zone', 'value')."""
    kind = _KINDS.get(what) or f"{'an' if what[0] in 'aeiou' else 'a'} {what}"
    if word in WORD_MEANS:
        return (f"'{word}' is a word of the language ({WORD_MEANS[word]}): pick another name",
                f"it cannot name {kind}: written alone, '{word}' is read as the word")
    return f"'{word}' is a word of the language and cannot name {kind}", "choose another name"


_ELSE_IF = ("elif", "elsif", "elseif")


# Words of other languages and rulebooks for these, as names: what to write instead.
_HIGHEST_HINT = "the largest number of a list is 'the highest of LIST'; of two numbers, 'the greater of A and B'"
_LOWEST_HINT = "the smallest number of a list is 'the lowest of LIST'; of two numbers, 'the lesser of A and B'"
_ABS_HINT = ("how far apart two numbers are is 'the difference between A and B' (never negative); a number's "
             "size, 'the difference between N and 0'")
OTHER_WORDS = {"max": _HIGHEST_HINT, "maximum": _HIGHEST_HINT, "largest": _HIGHEST_HINT, "biggest": _HIGHEST_HINT,
               "min": _LOWEST_HINT, "minimum": _LOWEST_HINT, "smallest": _LOWEST_HINT,
               "abs": _ABS_HINT, "absolute": _ABS_HINT}


def other_word(name: str):
    """The hint for `max`, `minimum`, `abs`... written as a name (the checker's "unknown
    name"), or None."""
    return OTHER_WORDS.get(name.lower())


_GREATER_HINT = "of two numbers, write 'the greater of A and B'; of a list, 'the highest of LIST'"
_LESSER_HINT = "of two numbers, write 'the lesser of A and B'; of a list, 'the lowest of LIST'"
_THE_WORDS = {"higher": _GREATER_HINT, "larger": _GREATER_HINT, "bigger": _GREATER_HINT,
              "lower": _LESSER_HINT, "smaller": _LESSER_HINT,
              "absolute": "write 'the difference between A and B': it is never negative"}
_THE_OTHER = re.compile(r"\bthe\s+(" + "|".join(list(OTHER_WORDS) + list(_THE_WORDS)) + r")\s+(?:of|difference)\b")
_CALLED = re.compile(r"\b(" + "|".join(OTHER_WORDS) + r")\s*$")


def other_extreme(text: str, tok: str, line: int, col: int):
    """`max(a, b)`, `abs(x)`, `the max of L`, `the higher of A and B`, `the absolute
    difference between`: what this language writes instead, at the word; or None. `tok`
    is the token the parser stopped at ('' at the end of the line), at column `col`."""
    if tok == "(" and (m := _CALLED.search(text[:col - 1])):
        return Diagnostic(Span(line, m.start(1) + 1, line, col + 1), f"unexpected '(' after '{m.group(1)}'",
                          other_word(m.group(1)))
    if tok == "of" and re.search(r"\bthe\s+difference\s+$", text[:col - 1]):
        return Diagnostic(Span(line, col, line, col + 2), "unexpected 'of' after 'the difference'",
                          "write 'the difference between A and B'")
    m = None
    for m in _THE_OTHER.finditer(text[:col - 1 + len(tok)]):
        pass  # (the last one up to the stop)
    if m is None or re.search(r"\b(?:highest|lowest)\b", text[m.end():col - 1]) or m.start(1) >= col - 1:
        return None  # (`the max of p highest of L`: a definition called max, read as one)
    word = m.group(1)
    return Diagnostic(Span(line, m.start(1) + 1, line, m.end(1) + 1), f"unexpected '{word}' after 'the'",
                      _THE_WORDS.get(word) or other_word(word))


def other_language(text: str, tok, expected, line: int, col: int):
    """A diagnostic for a slip from another language or a misplaced item (`elif`, `==`,
    `set up:`, an ending without `wins`, an item indented into a block), or None."""
    first = re.match(r"(\s*)([A-Za-z_]\w*)", text)
    word = first.group(2) if first else None
    start = first.end(1) + 1 if first else 1
    word_span = Span(line, start, line, start + len(word or ""))
    if word in _ELSE_IF and first.group(1):
        return Diagnostic(word_span, f"unknown statement '{word}'", "write 'else if'")
    if str(tok) == "=" and text[col - 2:col - 1] == "=":
        return Diagnostic(Span(line, col - 1, line, col + 1), "unexpected '=='",
                          "a single '=' compares: write '='")
    if word == "set" and not first.group(1) and re.match(r"set\s+up\s*:", text):
        return Diagnostic(Span(line, 1, line, text.index(":") + 1), "unknown declaration 'set up'",
                          "did you mean 'setup:'?")
    if word in ITEM_ONLY and first.group(1) and (col == start or text[:col - 1].strip() == word):
        return Diagnostic(word_span, f"'{word}' begins a top-level item, which cannot be inside a block",
                          "unindent it to the left margin")
    owned_slot = re.match(r".*\b(\w+)\s+of\s+(\S.*?)\s+$", text[:col - 1])  # (the last 'X of Y')
    if str(tok) == "slot" and owned_slot:  # `board of current slot 3`: one slot of a player's row
        k = re.match(r"\s*(\w+)", text[col - 1 + len("slot"):])
        k = k.group(1) if k else "N"
        zone, who = owned_slot.groups()
        return Diagnostic(Span(line, col, line, col + 4), f"unexpected 'slot' after '{zone} of {who}'",
                          f"a slot of a player's row is written as a range: '{zone} of {who} slots {k} to {k}' "
                          "(to move cards there; a slot of a row per player cannot be named in an expression yet)")
    if str(tok) in ("or", "and") and re.search(r"\bchooses\b.*\bover\b", text[:col - 1]):
        # `if current chooses "a" over "b" or true:` (a choice may only follow `CONDITION and`)
        return Diagnostic(Span(line, col, line, col + len(str(tok))), f"unexpected '{tok}' after a choice",
                          "a choice between two answers comes last, after at most 'CONDITION and': write "
                          "'if CONDITION and PLAYER chooses \"A\" over \"B\":', or test the rest in an 'if' inside")
    if (str(tok) == "from" and re.search(r"\bchooses\s+an?\s+\w+\s+$", text[:col - 1])) or \
            (str(tok) == "to" and re.search(r"\bchooses\s+(?:one\s+of|an?\s+\w+\s+(?:in|from))\s+[\w.]+\s+$",
                                            text[:col - 1])):
        # `current chooses a number from 0 to hand_size`: no range to choose from (a fresh
        # reader's bid; the hint "expected 'in'" led on to "unexpected 'to'")
        return Diagnostic(Span(line, col, line, col + len(str(tok))), f"unexpected '{tok}'", CHOOSE_RANGE_HINT)
    if str(tok) == "by" and re.match(r"parameter\s+\w+\s*=.*\bin\b.*\bto\b", text):
        # `from A to B by S` is a range to pick or list from; a parameter's is only its bounds
        return Diagnostic(Span(line, col, line, col + 2), "unexpected 'by': a parameter's range has no step",
                          "its range is every number from the low bound to the high one: write 'in LOW to HIGH'")
    said = other_extreme(text, str(tok), line, col)
    if said is not None:
        return said
    if str(tok) == "," and first is not None and not first.group(1) and word not in ("counter", "quantity") \
            and re.match(r",\s*shown\s*(?:#.*)?$", text[col - 1:]):
        # `define held of player p = ..., shown`: the screens show counters and quantities
        return Diagnostic(Span(line, col, line, len(text.rstrip()) + 1), f"a {_ITEM_WORDS.get(word, word)} "
                          "cannot be marked shown", "only a counter or a quantity is shown (on the play screen and "
                          "in narration): to show this value, declare it as 'quantity NAME: ...' or "
                          "'quantity NAME of p: ...'")
    if str(tok) in ("when", "at") and wins_missing(text, expected):
        return Diagnostic(Span(line, col, line, col + len(str(tok))), f"unexpected '{tok}'", WINS_HINT)
    return None


_ITEM_WORDS = {"define": "definition"}

CHOOSE_RANGE_HINT = ("a player chooses among a zone or a list, as in 'chooses one of [0, 1, 2, 3]'; to choose a "
                     "number up to one worked out during play, give an action a parameter, 'with NAME from LOW to "
                     "HIGH', and let the player take it")
WINS_HINT = "write 'win' or 'wins' after who wins, as in: ending NAME: current wins when CONDITION"


def wins_missing(text: str, expected) -> bool:
    """An ending's line where 'win' or 'wins' would fit: the winners are written, the word is not."""
    return text.startswith("ending") and any(_keywords().get(n) in ("win", "wins") for n in expected)


WINNERS_HINT = ("who wins is a player, a list of players or nobody, as in: current wins, the player after current "
                "wins, opponents of current win, players with the highest NUMBER win, nobody wins")
_ENDING = re.compile(r'ending\s+\w+\s*(?:"[^"\n]*"\s*)?:\s*')


def winners_hint(text: str, col: int):
    """`ending crossed: the other player wins when ...`: a hint with the forms of who wins,
    when the mistake is there (between the ending's ':' and its 'wins'), or None."""
    m = _ENDING.match(text)
    wins = re.search(r"\bwins?\b", text[m.end():]) if m else None
    return WINNERS_HINT if wins and m.end() < col <= m.end() + wins.start() else None


@lru_cache(maxsize=1)
def owned(text: str) -> dict:
    """The names a rule file declares that are read with 'of' (definitions of one value,
    what is kept per player, zones of a role): name -> (what it takes, the owner it must
    have or None)."""
    out = {}
    for m in re.finditer(r"^(define|counter|quantity|zone)\s+(\w+)\s+(?:per\s+player\b|of\s+(\w+)(?:\s+(\w+))?"
                         r"\s*([=:,]?))", text, re.MULTILINE):
        item, name, first, second, after = m.groups()
        if item == "define":
            kind = first if second else "player"
            if after != ",":  # (a definition of several values is read as `NAME of (A, B)`)
                out[name] = (f"'{name}' takes {'a list of cards' if kind == 'cards' else 'a ' + kind}", None)
        elif item == "zone":
            out[name] = (f"zone '{name}' belongs to {first or 'a player'}", first)
        else:
            out[name] = (f"'{name}' is a {item} per player", None)
    return out


def needs_of(text: str, file_text: str, tok, expected) -> tuple[str, str] | None:
    """`distance current >= shore`: a name read with 'of' followed by its owner without it;
    (the name, the hint), or None."""
    m = re.search(r"\b([A-Za-z_]\w*)\s+$", text[:tok.column - 1])
    if "OF" not in expected or m is None or m.group(1) not in owned(file_text):
        return None
    name = m.group(1)
    what, owner = owned(file_text)[name]
    owner = owner or (str(tok) if str(tok).isidentifier() else "...")
    return name, f"{what}: write '{name} of {owner}'"


# Verbs of other rulebooks that are not statements here, and how the language says them
# (a moving verb's hint is made by _moving, with the file's own zones).
_VERB_HINTS = {
    "play": "to let a player play, declare an action and write: current takes an action",
    "win": "a game is won by an ending: ending NAME: current wins when CONDITION",
    "lose": "a game is lost by an ending: ending NAME: ... wins when CONDITION",
}
_MOVING = ("discard", "give", "take", "put", "place", "draw")


@lru_cache(maxsize=1)
def zones(text: str) -> tuple[dict, str | None]:
    """The zones a rule file declares (name -> owner: None, 'each' or a role), and the
    zone its cards start in."""
    found = {m.group(1): "each" if m.group(2) else m.group(3) for m in re.finditer(
        r"^zone\s+(\w+)(?:\s+(per\s+player)|\s+of\s+(\w+))?", text, re.MULTILINE)}
    start = re.search(r"^cards\s*:.*\bin\s+(\w+)\s*(?:#.*)?$", text, re.MULTILINE)
    return found, start.group(1) if start else None


def _zone(file_text: str, names, whose: str = "current") -> str:
    """The first of `names` the file declares as a zone, with its owner (`hand of current`),
    or the placeholder ZONE."""
    found = zones(file_text)[0]
    for n in names:
        if n in found:
            return n if found[n] is None else f"{n} of {whose if found[n] == 'each' else found[n]}"
    return "ZONE"


def _moving(verb: str, text: str, file_text: str) -> str:
    """The hint for a verb that moves cards (`put card on trail`), written with what the
    line names and the zones of the game."""
    m = re.match(r"\s*\w+\s+(.*?)(?:\s+(?:on|onto|in|into|to)\s+(.+?))?\s*(?:#.*)?$", text)
    card = re.sub(r"^(?:the|a|an)\s+|\s+from\s+.*$", "", m.group(1) if m else "")
    card = card if re.fullmatch(r"[A-Za-z_][\w ]{0,29}", card) else "c"
    to = m.group(2) if m and m.group(2) and re.fullmatch(r"[\w ()]+", m.group(2)) else None
    if verb == "draw":
        n = re.match(r"\s*draw\s+(\d+)", text, re.IGNORECASE)
        top = f"top {n.group(1)} cards" if n and n.group(1) != "1" else "top"
        return (f"to draw, move cards: move {top} of {_zone(file_text, ['deck', zones(file_text)[1]])} "
                f"to {_zone(file_text, ['hand'])}")
    if verb == "discard":
        return f"to discard, move the card: move {card} to {_zone(file_text, ['discard', 'discards'])}"
    if verb == "give":
        who = to or "(the player after current)"
        hand = _zone(file_text, ["hand"], who)
        return f"to give a card, move it: move {card} to {hand if hand != 'ZONE' else 'ZONE of ' + who}"
    if verb == "take":
        return f"to take a card, move it: move {card} to {_zone(file_text, ['hand'])}"
    where = to if to and " of " in to else _zone(file_text, [to.split()[0]] if to else [])
    return f"to {verb} a card{' somewhere' if verb == 'put' else ''}, move it: move {card} to {where}"


_STATEMENT_STARTS = ("a statement starts with move, reveal, flip, swap, shuffle, deal, set, increase, decrease, "
                     "let, say, if, repeat, for each, resolve, eliminate or end, or names a player: current "
                     "chooses a card in hand of current, current takes an action, p looks at c, p finishes")


def slip(chunk_lines: list, tok, text: str, first, line: int, file_text: str = ""):
    """A diagnostic for a common slip at the start of a statement (a `while` without
    `repeat`, `allowed if` before the `with` lines, a verb of another rulebook, a statement
    at the left margin, outside every rule), or None."""
    if first is not None and not text[:1].isspace() and tok.column == 1:
        return outside_rules(first.group(1), line)
    if first is None or not text[:1].isspace():
        return None
    word = first.group(1)
    start = first.start(1) + 1
    word_span = Span(line, start, line, start + len(word))
    if word == "while":
        return Diagnostic(word_span, "a loop is written 'repeat while CONDITION:'",
                          "write: repeat while " + text[first.end(1):].strip())
    if word == "with" and any(re.match(r"\s+allowed\s+if\b", earlier) for earlier in chunk_lines[:tok.line - 1]):
        return Diagnostic(word_span, "an action's 'with' lines come before its 'allowed if'",
                          "move the 'allowed if' line below the last 'with' line")
    change = re.match(r"\s*(add|subtract)\s+(.+?)\s+(to|from)\s+(.+?)\s*(#.*)?$", text)
    if change and not chunk_lines[0].lstrip().startswith("card"):  # (a card's modifier is `add N to ...`)
        verb = "increase" if change.group(1) == "add" else "decrease"
        return Diagnostic(word_span, f"'{word}' changes a quantity from a card's modifier; a rule changes a number "
                                     f"with '{verb}'", f"write: {verb} {change.group(4)} by {change.group(2)}")
    before = text[:tok.column - 1].strip()
    if before == word and word not in _statement_words():
        # reading stopped at the line's second word: the line is no statement (its first
        # word may still be a player's name, as in `dealer takes an action`)
        said = text.split("#", 1)[0].strip()
        said = said if len(said) <= 40 else said[:37] + "..."
        verb = word.lower()
        hint = _moving(verb, text, file_text) if verb in _MOVING else _VERB_HINTS.get(verb, _STATEMENT_STARTS)
        return Diagnostic(word_span, f"unknown statement '{said}'", hint)
    return None


def outside_rules(word: str, line: int):
    """`say "hello"` at the left margin: a statement outside every rule, or None."""
    from .parse import STATEMENT_WORDS
    if word not in STATEMENT_WORDS:
        return None
    return Diagnostic(Span(line, 1, line, 1 + len(word)), f"'{word}' begins a statement, which belongs inside a rule",
                      "indent it under the rule that runs it (setup:, turn:, an action, a card's effect, rule NAME:)")


# What a name alone on a statement's line is, when the file declares it and it is no rule,
# and what to write instead.
_SHARED = "to share statements between rules, declare them once with 'rule NAME:' and write NAME where they run"
_DECLARED_NAME = re.compile(r"^(define|action|actions|ending|invariant|counter|quantity|zone|parameter|role|pieces|rule)"
                            r"\s+(\w+)", re.MULTILINE)
_KINDS = {"define": "a definition", "action": "an action", "actions": "an action group", "ending": "an ending",
          "invariant": "an invariant", "counter": "a counter", "quantity": "a quantity", "zone": "a zone",
          "parameter": "a parameter", "role": "a role", "pieces": "a set of pieces", "rule": "a rule"}


@lru_cache(maxsize=1)
def declared(text: str) -> tuple[dict, frozenset]:
    """The top-level names a rule file declares (name -> its first word), and the
    triggers of its cards' effects (`on play:`)."""
    names = {}
    for m in _DECLARED_NAME.finditer(text):
        names.setdefault(m.group(2), m.group(1))
    return names, frozenset(re.findall(r"^\s+on\s+(\w+)\s*:", text, re.MULTILINE))


def reserved_name_before(text: str, col: int, line: int, file_text: str, words):
    """The word just before an unexpected token is one of the language's (`words`) that the
    file also declares as a name (`counter count = 0`, refused at its declaration): every
    use of it then reads as the word (`set count to ...`, "expected 'of'"). Said as that, at
    the word, rather than as the parser's guess."""
    m = re.search(r"\b([A-Za-z_]\w*)\s*$", text[:col - 1])
    if m is None or m.group(1) not in words:
        return None
    word = m.group(1)
    kind = declared(file_text)[0].get(word)
    if kind is None:
        return None
    start = m.start(1) + 1
    return Diagnostic(Span(line, start, line, start + len(word)),
                      f"'{word}' is read as the language's word here, not as {_KINDS[kind]}: a word of the "
                      "language cannot name one", f"rename the {_KINDS[kind].split(' ', 1)[1]} '{word}' and its uses")


def not_a_rule(name: str, kind: str | None, trigger: bool, rules) -> tuple[str, str | None]:
    """(message, hint) for `score_round` alone on a line (or `NAME of ...`) where no rule
    of that name is declared: what the name is instead (`kind`, a first word of
    `_KINDS`, or "local"; `trigger`: a card effect's), a rule or a statement word it is
    close to, or how to declare the rule."""
    if kind == "define":
        return (f"'{name}' is a definition: a rule cannot call it by its name",
                "a definition gives a value, not statements: use it inside a statement (if, set, say...), "
                f"and write the statements themselves here; {_SHARED}")
    if kind == "action":
        return (f"'{name}' is an action: a rule cannot call it by its name",
                f"a player takes it: write 'PLAYER takes {name}' (or 'takes an action'); to run its "
                f"statements without a player's choice, write them here; {_SHARED}")
    if kind == "ending":
        return (f"'{name}' is an ending: a rule cannot call it by its name",
                f"to end the game with it, write: end the game with {name}")
    if trigger:
        return (f"'{name}' is the trigger of a card's effect: a rule cannot call it by its name",
                f"to run a card's effect, write: resolve {name} effect of CARD by PLAYER")
    if kind is not None:
        what = "a local value" if kind == "local" else _KINDS[kind]
        return f"'{name}' is {what}: a name alone is not a statement", _STATEMENT_STARTS
    close = did_you_mean(name, rules)
    if close is not None:
        return f"unknown rule '{name}'", close
    close = did_you_mean(name, _statement_words())
    if close is not None:
        return f"unknown statement '{name}'", close
    return (f"unknown rule '{name}'", f"declare it with 'rule {name}:' and its statements in a block, "
                                      f"or write the statements themselves here; {_STATEMENT_STARTS}")
