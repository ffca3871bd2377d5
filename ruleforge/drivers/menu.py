"""A decision's menu at the terminal: laid out to fit a screen, and picked by typed words.

A decision may offer 40-odd actions (three cards of a hand, each for seven slots), and
one line each pushed the table off a 40-line terminal. The menu groups the actions by
action, then by every parameter but the last, and lists the last parameter's values on
one line, each after its number in brackets. The numbers are the actions' places in the
engine's order, as in a flat list; a menu of one action's numbers (a bid) lists the
numbers alone, and a number typed there is the value.

Typed words pick an action when each word matches a word of its own in the action's
text: a whole word, or the start of one for words of two letters or more ("scan" for
"scanning"). A number or a single letter matches only a whole word, so "light 7" does
not pick "card 7♥, slot 7" over "card 7♥, slot 2", and "light 7 7" does. Words that
match only copies of one card ("Coin", "Coin (2nd copy)") pick the first: a seat cannot
tell copies apart. A number that every matching action shows in the same place (the one
target of every clue) tells none apart, so a typed number goes to the part that differs
(`telling_apart`); and a word naming an action the menu does not offer now is said so,
not taken for a typo (`not_offered`).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import NamedTuple, Optional, Sequence

from rich.cells import cell_len
from rich.text import Text

from ..lang.printable import plain

MAX_INPUT = 200

# A word: letters and digits, or one other symbol (a suit, a bracket) on its own.
_WORD = re.compile(r"[^\W_]+|[^\w\s]")


def words(text: str) -> list[str]:
    """The words of `text` for matching, lower case: '7♥,' gives '7', '♥', ','."""
    return _WORD.findall(text.lower())


# Suits are hard to type and ranks are often spelled out: 'hearts' or 'heart' is ♥,
# 'queen' is q; and a rank with a suit's letter ('qh', '10s') is the two, when the word
# as typed matches nothing (a card may be named 'As').
_SPELLED = {"♣": ("club", "clubs"), "♦": ("diamond", "diamonds"), "♥": ("heart", "hearts"),
            "♠": ("spade", "spades"), "a": ("ace",), "k": ("king",), "q": ("queen",), "j": ("jack",)}
_SPELLING = {w: symbol for symbol, spelled in _SPELLED.items() for w in spelled}
_RANK_SUIT = re.compile(r"(10|[2-9akqj])([cdhs])")
_SUIT_LETTER = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _fits(typed: str, word: str) -> bool:
    if typed == word or _SPELLING.get(typed) == word:
        return True
    return len(typed) >= 2 and typed.isalpha() and word.startswith(typed)


def rank_and_suit(typed: list[str]) -> list[str]:
    """The typed words with each 'qh' as 'q', '♥', and no 'of' ('queen of hearts'):
    tried when they match nothing as typed."""
    out = []
    for w in typed:
        if w == "of":
            continue
        m = _RANK_SUIT.fullmatch(w)
        out += [m.group(1), _SUIT_LETTER[m.group(2)]] if m else [w]
    return out


def matching(typed: list[str], split: list[list[str]]) -> list[int]:
    """The indexes of the labels (each as its words) that the typed words pick."""
    hits = [i for i, ws in enumerate(split) if _assign(typed, ws, ordered=False)]
    again = rank_and_suit(typed)
    if not hits and again != typed:
        hits = [i for i, ws in enumerate(split) if _assign(again, ws, ordered=False)]
        typed[:] = again  # (the order of these words decides, below)
    return hits


def _assign(typed: list[str], label: list[str], ordered: bool) -> bool:
    """Whether every typed word can match a label word of its own (in order, if asked)."""
    used = [False] * len(label)

    def go(i: int, after: int) -> bool:
        if i == len(typed):
            return True
        for j in range(after if ordered else 0, len(label)):
            if not used[j] and _fits(typed[i], label[j]):
                used[j] = True
                if go(i + 1, j + 1):
                    return True
                used[j] = False
        return False
    return go(0, 0)


def match_action(text: str, labels: list[str], absent: Sequence[str] = ()) -> tuple[Optional[int], str]:
    """Index of the action `text` picks, or None and the reason it picks none. `absent`:
    the titles of the actions the rules have that this menu does not offer (their
    `allowed if` is false now), so that one named is not taken for a typo."""
    if not text:
        return None, "type the number of an action (help explains the screen)"
    if len(text) > MAX_INPUT:
        return None, f"that line is {len(text)} characters long; type a number or a few words"
    values = numbers_alone(labels)
    if values is not None and _WHOLE.fullmatch(text):
        n = int(text)
        if n in values:
            return values.index(n), ""
        return None, f"{n} is not offered: choose {or_list([str(v) for v in values])}"
    if text.isdecimal() and text.isascii():
        n = int(text)
        if 1 <= n <= len(labels):
            return n - 1, ""
        return None, f"there is no action {n}: choose 1 to {len(labels)}"
    exact = [i for i, lab in enumerate(labels) if lab.lower() == text.lower()]
    if len(exact) == 1:
        return exact[0], ""
    typed = words(text)
    split = [words(lab) for lab in labels]
    hits = matching(typed, split)
    if len(hits) > 1:  # the same words in another order: the words' order decides
        in_order = [i for i in hits if _assign(typed, split[i], ordered=True)]
        if len(in_order) == 1:
            return in_order[0], ""
        apart = telling_apart(typed, [split[i] for i in hits])
        if len(apart) == 1:
            return hits[apart[0]], ""
    if len(hits) == 1 or (hits and len({_COPY.sub("", labels[i]) for i in hits}) == 1):
        return hits[0], ""  # (copies of one card, which no seat can tell apart: any will do, the first)
    if not hits:
        named = not_offered(typed, absent, split)
        if named:
            return None, f"'{text}': {or_list(named)} is not allowed now: choose among the actions listed"
        return None, f"no action matches '{text}'"
    return None, f"'{text}' matches {len(hits)} actions ({', '.join(str(i + 1) for i in hits[:6])}" + \
                 ("..." if len(hits) > 6 else "") + "): say more, or type the number"


def telling_apart(typed: list[str], split: list[list[str]]) -> list[int]:
    """Of several labels the typed words match, those they still match when a number or
    a single letter typed may not stand for one that every label shows in the same place
    (the clue's target `player 1` in every entry names none of them: `number 1` means the
    `n 1`). Such a word typed right after the word before it in the labels (`player 1`)
    still stands for it: the person named that part."""
    common = [j for j in range(min(map(len, split))) if len({ws[j] for ws in split}) == 1
              and (split[0][j].isdecimal() or len(split[0][j]) == 1)]
    named = {j for j in common for i in range(1, len(typed))
             if j > 0 and _fits(typed[i], split[0][j]) and _fits(typed[i - 1], split[0][j - 1])}
    shared = set(common) - named
    if not shared:
        return []
    return [k for k, ws in enumerate(split)
            if _assign(typed, [w if j not in shared else "" for j, w in enumerate(ws)], ordered=False)]


def not_offered(typed: list[str], absent: Sequence[str], split: list[list[str]]) -> list[str]:
    """The titles of the actions not offered now that a typed word names: a word of two
    letters or more that fits a word of the title no offered action has ('discard' for
    'Discard a card', where 'card' is in 'Play a card' too)."""
    offered = {w for ws in split for w in ws}
    return [t for t in absent if any(len(x) >= 2 and x.isalpha() and _fits(x, w) and w not in offered
                                     for x in typed for w in words(t))]


_WHOLE = re.compile(r"-?[0-9]{1,18}")
_COPY = re.compile(r" \([0-9]+(?:st|nd|rd|th) copy\)")  # narrate.Narrator.offer's "Coin (2nd copy)"


def numbers_alone(labels: list[str]) -> Optional[list[int]]:
    """The values of a menu of one action's numbers ("Bid: tricks 0" to "Bid: tricks 5"),
    in the menu's order; else None. Such a menu lists its values with no numbers of their
    own, and a number typed is the value: a person types the bid, not its place (a fresh
    reader typed 3 at `[1] 0 [2] 1 [3] 2 [4] 4 [5] 5`, 3 barred, and bid 2)."""
    if len(labels) < 2:
        return None
    heads, values = zip(*(label.rpartition(" ")[::2] for label in labels))
    # (an action's "Title: name 2", or a chosen number alone; never "player 2", a name)
    if len(set(heads)) != 1 or not (heads[0] == "" or ": " in heads[0]) \
            or not all(_WHOLE.fullmatch(v) for v in values):
        return None
    return [int(v) for v in values]


def or_list(items: list[str]) -> str:
    """`0, 1, 2 or 5`: at most 12 items said, then `...`."""
    if len(items) > 12:
        return ", ".join(items[:12]) + " ... or " + items[-1]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# Lines that are commands at the prompt, not actions (terminal.py): never an example
COMMAND_WORDS = frozenset(("help", "h", "?", "log", "cards", "card", "quit", "exit", "q"))


def typed_examples(labels: list[str], most: int = 2) -> list[str]:
    """Words that pick one action each, from `most` different actions of the menu
    offered (help's examples): an action's first word and as few more of its words as
    make the pick, a suit spelled out (as it is easier to type)."""
    examples: list[str] = []
    heads: set = set()
    for i, label in enumerate(labels):
        ws = [w if w.isalnum() else _SPELLED[w][-1] for w in words(label) if w.isalnum() or w in "♣♦♥♠"]
        if not ws or ws[0] in heads or ws[0] in COMMAND_WORDS:
            continue
        later = range(len(ws) - 1, 0, -1)  # (its values come last: tried first, said in order)
        found = next((text for k in range(min(len(ws), 3)) for more in combinations(later, k)
                      if match_action(text := " ".join(ws[j] for j in (0, *sorted(more))), labels) == (i, "")), None)
        if found is not None:
            examples.append(found)
            heads.add(ws[0])
        if len(examples) == most:
            break
    return examples


class Entry(NamedTuple):
    """One action as the menu shows it: its group (the action's title and every
    parameter but the last, as text), the last parameter's name and its value."""
    number: int
    title: str
    fixed: tuple
    last_name: str
    value: Optional[str]


def entry_of(number: int, action, narrator) -> Entry:
    """The menu entry of `action`, its values named as the narrator's seat may know them."""
    if action.kind == "menu" and action.args:
        spec = narrator.g.actions.get(action.name)
        title = plain(spec.title if spec else action.name)
        args = [(plain(k), plain(narrator.arg(v))) for k, v in action.args]
        return Entry(number, title, tuple(f"{k} {v}" for k, v in args[:-1]), args[-1][0], args[-1][1])
    if action.kind == "choose":
        return Entry(number, "", (), "", plain(narrator.arg(action.args[0][1])))
    return Entry(number, plain(narrator.action(action)), (), "", None)


def menu_lines(entries: list[Entry], width: int) -> list[Text]:
    """The menu as lines of at most `width` cells: one line per group, its values after
    their numbers, wrapped under the first value when they do not fit (or on lines of
    their own, indented, when the group's name takes more than half the width)."""
    groups: dict[tuple, list[Entry]] = {}
    for e in entries:
        groups.setdefault((e.title, e.fixed, e.last_name, e.number if e.value is None else 0), []).append(e)
    # a menu of one action's numbers shows the numbers alone: they are what is typed
    alone = len(groups) == 1 and numbers_alone([e.value or "" for e in entries]) is not None
    with_values = [k for k in groups if not k[3]]
    title_w = max((cell_len(k[0]) for k in with_values), default=0)
    middle_w: dict[str, int] = {}  # the groups of one action align their values
    for k in with_values:
        middle_w[k[0]] = max(middle_w.get(k[0], 0), cell_len(", ".join((*k[1], k[2]))))
    lines: list[Text] = []
    last_title = None
    for key, members in groups.items():
        title, fixed, last_name, single = key
        if single:
            lines.append(_numbered(members[0], f"  [{members[0].number}] {title}"))
            last_title = None
            continue
        head = Text("  ")
        if title_w:
            shown = title if title != last_title else ""
            head.append(shown + " " * (title_w - cell_len(shown)) + "  ", style="bold")
        middle = ", ".join((*fixed, last_name))
        if middle_w[title]:
            head.append(middle + " " * (middle_w[title] - cell_len(middle)) + "  ")
        last_title = title
        indent = head.cell_len
        if indent > width // 2:  # values under the group's name, a little to the right
            head.rstrip()
            lines.append(head)
            indent = min(2 + (title_w + 2 if title_w else 0) + 4, width // 2)
            head = Text(" " * indent)
        line = head
        for e in members:
            item = Text(e.value, style="bold cyan") if alone else _numbered(e, f"[{e.number}] {e.value}")
            if line.cell_len > indent and line.cell_len + 2 + item.cell_len > width:
                lines.append(line)
                line = Text(" " * indent)
            elif line.cell_len > indent:
                line.append("  ")
            line.append_text(item)
        lines.append(line)
    return lines


def _numbered(e: Entry, text: str) -> Text:
    """`text` with the entry's `[number]` in the menu's number style."""
    mark = f"[{e.number}]"
    out = Text(text)
    at = text.index(mark)
    out.stylize("bold cyan", at, at + len(mark))
    return out
