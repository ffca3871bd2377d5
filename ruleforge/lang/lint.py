"""Warnings: what a rule file may say but most likely did not mean.

A warning is a positioned `Diagnostic` of severity "warning": it is shown like an error
("warning:" in place of "error:") but the check passes. Two are found:

- a variant's item that replaces nothing in its base although its name is close to the
  name of a base item of the same kind (`parameter shroe = 40` over a base with `shore`,
  `when the round ends (scorign):` over `when the round ends (scoring):`):
  a misspelling that would otherwise add a new item and change nothing. A genuinely new
  item has a name unlike any of the base's, or sits beside the base item it resembles
  replaced in the same variant, and is added without a warning;
- a parameter nothing reads (no rule, constant or other parameter uses it);
- a rule declared with `rule NAME:` that never runs: nothing calls it, or only rules
  that never run do;
- a listed card's text with `{NAME}` in it: only a generated list fills braces in, so
  the card would show them as written;
- `between A and B` with written numbers, A above B: it holds for no number;
- an `announce` that tells nothing a `say` would not (announced.py);
- a card title ending in a number in brackets on a card with copies (`"Maki Roll (2)"`):
  copies are numbered so, `Maki Roll (2) (2nd copy)`;
- an immediate ending that can fire mid-action with later statements of the action, which
  change what the result reads, left unrun (cut_short.py).
"""

from __future__ import annotations

from typing import Callable

from . import ast as A
from . import refs as R
from .diagnostics import Diagnostic, did_you_mean
from .printable import plain


def warning(span, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(span, message, hint, "warning")


DECL_WORDS = {"ParamDecl": "parameter", "ActionDecl": "action", "EndingDecl": "ending", "ZoneDecl": "zone",
              "CounterDecl": "counter", "QuantityDecl": "quantity", "DefineDecl": "definition",
              "InvariantDecl": "invariant", "PiecesDecl": "set of pieces", "RoleDecl": "role",
              "AttributeDecl": "attribute", "CardDecl": "card", "CardListDecl": "card list", "TurnDecl": "turn",
              "RuleDecl": "rule"}


# The search for misspellings compares each new item's name with the base's names of its
# kind; past this many comparisons the remaining new items are not searched (a variant
# is a short list of changes: a file of thousands of new items is not one). docs/limits.md
MAX_NAME_PAIRS = 20_000


def stray_items(base: list, variant: list, base_path: str, key: Callable) -> list[Diagnostic]:
    """A warning for each item of `variant` that replaces nothing in `base` although its
    name is close to the name of a base item of its kind that the variant leaves alone."""
    base_keys = {key(i) for i in base} - {None}
    replaced = {key(i) for i in variant} & base_keys
    names: dict[tuple, list[str]] = {}  # kind -> the names of the base's items left alone
    for b in base_keys - replaced:
        if _named(b):
            names.setdefault(b[:-1], []).append(b[-1])
    out, budget = [], MAX_NAME_PAIRS
    for item in variant:
        k = key(item)
        if k is None or k in base_keys or not _named(k):
            continue
        candidates = names.get(k[:-1], [])
        budget -= len(candidates)
        if budget < 0:
            break
        hint = did_you_mean(k[-1], candidates)
        if hint is None:
            continue
        span = item.name.span if isinstance(getattr(item, "name", None), A.Name) else item.span
        out.append(_stray(span, k, plain(base_path), plain(hint)))
    return out


def _named(k: tuple) -> bool:
    """Whether an item key ends in a name a designer chose (`action NAME`, `when the round
    ends (NAME)`), which a misspelling could miss; a zone's 'runs out' rule names its zone,
    whose misspelling is an error of its own."""
    if not isinstance(k[-1], str):
        return False
    return len(k) == 2 or (k[0] == "EventDecl" and k[1] != "runs out")


def _stray(span, k: tuple, base: str, hint: str) -> Diagnostic:
    if k[0] == "EventDecl":
        heading = f"when the {k[1]}"
        return warning(span, f"'{heading} ({k[2]})' replaces nothing in {base}: it is added, to run after the "
                             f"base's '{heading}' rules",
                       f"{hint} (a variant's '{heading}' rule replaces the base's rule of the same name)")
    what = DECL_WORDS.get(k[0], "item")
    shown = f'"{plain(k[1])}"' if k[0] in ("CardDecl", "CardListDecl") else f"'{k[1]}'"
    return warning(span, f"{what} {shown} replaces nothing in {base}: it is added as a new {what}",
                   f"{hint} (a variant's {what} replaces the base's {what} of the same name)")


def unused_parameters(checked, skip=frozenset()) -> list[Diagnostic]:
    """A warning for each parameter that nothing reads (but those whose name's span is
    in `skip`: already warned about)."""
    read = {ref.name for ref in checked.refs.values() if isinstance(ref, R.Param)}
    out = []
    for item in checked.tree.items:
        if isinstance(item, A.ParamDecl) and item.name.name not in read and item.name.span not in skip:
            out.append(warning(item.name.span, f"nothing reads the parameter '{item.name.name}'",
                               "use it in a rule, or remove it"))
    return out


def uncalled_rules(checked) -> list[Diagnostic]:
    """A warning for each rule declared with `rule NAME:` that never runs: that nothing
    calls, or that only rules which never run call (a chain hung from a rule nothing calls,
    which the first warning alone left silent)."""
    if not checked.rules:
        return []
    from .values import walk
    calls: dict = {}  # a rule's name (None: every item that runs of itself) -> the rules it calls
    for item in checked.tree.items:
        key = item.name.name if isinstance(item, A.RuleDecl) else None
        calls.setdefault(key, set()).update(n.name.name for n in walk(item) if isinstance(n, A.Call))
    runs, todo = set(), [None]
    while todo:
        for name in calls.get(todo.pop(), ()):
            if name not in runs:
                runs.add(name)
                todo.append(name)
    callers: dict = {}  # a rule -> the rules that call it, in the file's order
    for c in checked.rules:
        for n in calls.get(c, ()):
            callers.setdefault(n, []).append(c)
    out, memo = [], {}
    for name, r in checked.rules.items():
        if name in runs:
            continue
        by = callers.get(name, [])
        if not by:
            out.append(warning(r.name.span, f"nothing calls the rule '{name}'",
                               f"write '{name}' on a line of the rules where it should run, or remove it"))
            continue
        roots = [c for c in checked.rules if c in _roots(name, callers, memo)]
        message = f"the rule '{name}' never runs: only {_names(by)} {'calls' if len(by) == 1 else 'call'} it"
        message += (f", and nothing calls {_names(roots, 'or')}" if roots == by else
                    f", {'which never runs' if len(by) == 1 else 'and they never run'} (nothing calls "
                    f"{_names(roots, 'or')})")
        out.append(warning(r.name.span, message, f"write {_names(roots, 'or')} on a line of the rules where it "
                                                 "should run, or remove the rules that never run"))
    return out


def _roots(name: str, callers: dict, memo: dict) -> frozenset:
    """The rules nothing calls from which `name` is called, directly or through others (a
    rule that calls itself is an error, and a chain is at most MAX_CALL_DEPTH long, so this
    ends, and soon)."""
    if name not in memo:
        memo[name] = frozenset().union(*(_roots(c, callers, memo) if callers.get(c) else {c}
                                         for c in callers.get(name, ())))
    return memo[name]


def _names(names: list, last: str = "and") -> str:
    """'a', 'a' and 'b', 'a', 'b' and 'c'."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" {last} {quoted[-1]}"


def render(path: str, source: str, warnings: list[Diagnostic], other_sources: dict[str, str],
           colour=None, limit: int = 50) -> str:
    """The warnings as `FILE:LINE:COL: warning: ...` blocks, in file order (the first
    `limit` of them, as for errors)."""
    from .parse import split_lines
    lines = split_lines(source)
    ordered = sorted(warnings, key=lambda d: (d.span.file is not None, d.span.file or "", d.span, d.message))
    shown = [d.render(path, split_lines(other_sources[d.span.file]) if d.span.file in other_sources else lines, colour)
             for d in ordered[:limit]]
    if len(ordered) > limit:
        shown.append(f"... and {len(ordered) - limit} more warning(s)")
    return "\n".join(shown)


def unfilled_braces(checked) -> list[Diagnostic]:
    """A warning for each listed card's text that holds `{NAME}`: a card list's texts
    have their loops filled in, a single card's text is shown as written."""
    import re
    out, seen = [], set()
    for cd in checked.card_decls:
        for a in cd.attrs:
            if isinstance(a.value, A.Text) and a.value.span not in seen and re.search(r"\{\s*\w+\s*\}", a.value.value):
                seen.add(a.value.span)
                out.append(warning(a.value.span, f"this card's {a.name.name} is shown as written, braces and all",
                                   "only a card list ('cards \"...\" for each ...') fills in {NAME}; "
                                   "write the value itself here"))
    return out


def empty_betweens(checked, texts) -> list[Diagnostic]:
    """A warning for each `X between A and B` whose ends are written numbers with A above
    B (`between 10 and 2`): it holds for no number, quietly false. `texts`: the file's and
    its bases' sources (the tree is walked only where one says `between`: `check`'s time)."""
    if not any("between" in t for t in texts):
        return []
    from .values import walk

    def number(n):
        if isinstance(n, A.Number):
            return n.value
        if isinstance(n, A.Unary) and n.op == "-" and isinstance(n.operand, A.Number):
            return -n.operand.value
        return None
    out = []
    for item in checked.tree.items:
        for n in walk(item):
            if isinstance(n, A.Between):
                low, high = number(n.low), number(n.high)
                if low is not None and high is not None and low > high:
                    out.append(warning(n.span, f"'between {low} and {high}' holds for no number: the low end "
                                               "comes first", f"write 'between {high} and {low}'"))
    return out


def copy_numbered_titles(checked, text: str, sources: dict) -> list[Diagnostic]:
    """A warning at each card title ending in a number in brackets (`"Maki Roll (2)"`) on
    a card with several copies: the copies are told apart the same way, so narration
    reads `Maki Roll (2) (5)` and a menu `Maki Roll (2) (2nd copy)`."""
    import re
    from .const import NotConstant, fold
    from .plural import count
    out, seen = [], set()
    for cd in checked.card_decls:
        m = re.fullmatch(r"(.*?)\s*\((\d+)\)", cd.title.strip())
        if m is None or cd.span in seen:
            continue
        copies = next((a.value for a in cd.attrs if a.name.name == "copies"), None)
        try:
            many = copies is not None and fold(copies, checked.params) > 1
        except NotConstant:
            many = False
        if not many:
            continue
        seen.add(cd.span)
        out.append(warning(_title_span(cd, sources.get(cd.span.file, "") if cd.span.file else text),
                           f"the title '{plain(cd.title)}' ends in a number in brackets, as copies of a "
                           f"card are told apart: its copies read '{plain(cd.title)} (2nd copy)'",
                           f"write the number another way, such as '{plain(m.group(1))} x{m.group(2)}' "
                           f"or '{plain(m.group(1))}, {count(int(m.group(2)), 'icon')}'"))
    return out


def _title_span(cd, text: str):
    """The quoted title on the card's first line, or the line's start."""
    from .diagnostics import Span
    lines = text.split("\n")
    line = lines[cd.span.line - 1] if 0 < cd.span.line <= len(lines) else ""
    at = line.find(f'"{cd.title}"', max(cd.span.column - 1, 0))
    if at < 0:
        return cd.span
    return Span(cd.span.line, at + 1, cd.span.line, at + 3 + len(cd.title), cd.span.file)
