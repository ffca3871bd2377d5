"""A warning for an immediate ending that cuts an action short of what decides the result.

An ending `when CONDITION` ends the game the moment its condition holds, even in the
middle of an action: the rest of the action does not run (docs/language.md, Endings).
Some games want that (a piece lands, the game is over). A fresh designer's No Thanks!
did not: `move cards in offer to taken of current` emptied the offer, the ending `when
deck is empty and offer is empty` fired, and the next line, `increase chips of current by
pot`, never ran in any game, silently: the last pot of chips was lost, and with it some
winners.

The warning names that case only: a statement of an action that changes something the
condition reads (a zone, a counter), followed in the action by a statement that changes
something the ending's result reads (its winners, the payoff, the `score`), through
definitions and quantities. Both sides are named by declaration, as the code generator's
footprints are (runtime/codegen/footprint.py), but they err the other way: what cannot
be named (a card held in a counter, a piece, the turn flow) is left out, so the warning
is never about something the rules might not do. A game whose action ends it on purpose
mid-way reads no later change in its result, and is not warned.
"""

from __future__ import annotations

from . import ast as A
from . import refs as R
from .diagnostics import Diagnostic

# statements that change cards' places or numbers themselves; the others hold blocks
_SIMPLE = (A.Move, A.Reveal, A.Swap, A.Shuffle, A.SetValue, A.Change, A.Deal, A.Call)

# The search looks at each statement of each action once for each ending whose condition
# reads something the action changes; past this many looks the rest is not searched (a
# file of 1,000 endings and 1,000 actions all on one counter would take seconds).
# docs/limits.md
MAX_CUT_LOOKS = 100_000


def cut_short(checked) -> list[Diagnostic]:
    """One warning for each action and immediate ending where a statement can end the
    game with later statements of the action left unrun that change what the ending's
    result reads."""
    endings = [e for e in checked.endings.values() if e.condition is not None and not e.at_round_end]
    if not endings or not checked.actions:
        return []
    walk = _Footprint(checked)
    score = checked.quantities.get("score")
    counted = [("the score", walk.reads(score.value if score is not None else None)),
               ("the payoff", walk.reads(checked.payoff.value if checked.payoff is not None else None))]
    actions = list(checked.actions.values())
    changing: dict = {}  # what an action changes -> the actions that do, by their place in the file
    for k, action in enumerate(actions):
        for token in walk.writes(action.body):
            changing.setdefault(token, []).append(k)
    out = []
    for e in endings:
        condition = walk.reads(e.condition)
        parts = [("who wins", walk.reads(e.winners))] + counted
        result = set().union(*(r for _, r in parts))
        if not condition or not result:
            continue
        for k in sorted({k for token in condition for k in changing.get(token, ())}):
            action = actions[k]
            found = _first_cut(walk, action.body, (), condition, result)
            if walk.looks > MAX_CUT_LOOKS:
                return out
            if found is not None:
                cut, later, changed = found
                out.append(_warning(checked, e, action, cut, later, changed,
                                    [label for label, r in parts if r & changed]))
    return out


def _first_cut(walk, block, rest, condition, result):
    """(the statement that can end the game, a later one that changes the result, what
    it changes) in this block (followed by `rest`), or None. The later statements are
    those sure to run after it, were the action to go on: the simple ones of its block
    and of the blocks around it, not those under a test or in a loop (a book game's books,
    laid by a loop over the hand, are never due after an ask that changed no hand)."""
    for i, s in enumerate(block):
        walk.looks += 1
        after = tuple(x for x in block[i + 1:] if isinstance(x, _SIMPLE)) + rest
        if isinstance(s, _SIMPLE):
            if walk.writes(s) & condition:
                for later in after:
                    changed = walk.writes(later) & result
                    if changed:
                        return s, later, changed
            continue
        for body in _bodies(s):
            found = _first_cut(walk, body, after, condition, result)
            if found is not None:
                return found
    return None


def _bodies(s):
    """The blocks a statement holds (an `if`'s branches, a loop's body)."""
    if isinstance(s, A.If):
        yield from (body for _, body in s.branches)
        if s.otherwise:
            yield s.otherwise
    elif isinstance(getattr(s, "body", None), tuple):
        yield s.body


def _warning(checked, ending, action, cut, later, changed, counts) -> Diagnostic:
    name, act = ending.name.name, action.name.name
    condition = _text(checked, ending.condition.span) or "CONDITION"
    what = " and ".join(f"'{n}'" for _, n in sorted(changed))
    line = later.span.line if later.span.file == cut.span.file else f"{later.span.file}:{later.span.line}"
    return Diagnostic(
        cut.span,
        f"this can end the game before the rest of action '{act}' runs: ending '{name}' ends it the moment "
        f"'{condition}' holds, even mid-action, and this statement changes what that reads; then line {line} "
        f"('{_text(checked, later.span, first_line=True)}') would not run, though it changes {what}, which "
        f"counts in {' and in '.join(counts)}",
        f"to end the game once the action is over, drop the ending's 'when ...' and write at the action's end: "
        f"if {condition}: end the game with {name} (docs/language.md, Endings); or, to keep the ending as it is, "
        "put the statements it must not skip before this one",
        "warning")


def _text(checked, span, first_line: bool = False) -> str:
    """The rule file's text at a span, on one line (None where it is not at hand)."""
    source = checked.text if span.file is None else checked.sources.get(span.file)
    if not source:
        return ""
    lines = source.splitlines()[span.line - 1:span.end_line]
    if not lines:
        return ""
    if first_line or len(lines) == 1:
        end = span.end_column - 1 if len(lines) == 1 else None
        return " ".join(lines[0][span.column - 1:end].split("#", 1)[0].split())
    lines[0], lines[-1] = lines[0][span.column - 1:], lines[-1][:span.end_column - 1]
    return " ".join(" ".join(line.split("#", 1)[0].split()) for line in lines)


class _Footprint:
    """What an expression reads and a statement changes: (kind, name) for each zone and
    counter declaration, through definitions, quantities and rules called by name."""

    def __init__(self, checked):
        self.ch = checked
        self._reads: dict = {}  # definition or quantity name -> what its value reads
        self._writes: dict = {}  # id of a statement (or a block) -> what it changes
        self.looks = 0  # statements looked at by _first_cut, against MAX_CUT_LOOKS

    # (every walk below keeps a list of what is left to look at rather than recurring: a
    # chain of a thousand quantities, or of rules calling the next, is deeper than Python's
    # stack)
    def reads(self, node) -> set:
        out: set = set()
        todo, seen = [node], set()
        while todo:
            for n in _names(todo.pop()):
                ref = self.ch.refs.get(n)
                if isinstance(ref, (R.Counter, R.Zone)):
                    out.add((type(ref).__name__.lower(), ref.name))
                elif isinstance(ref, (R.Definition, R.Quantity)) and (type(ref), ref.name) not in seen:
                    seen.add((type(ref), ref.name))  # (a value that reads itself: the checker says so)
                    decl = (self.ch.defines if isinstance(ref, R.Definition) else self.ch.quantities).get(ref.name)
                    if decl is not None:
                        todo.append(decl.value)
        return out

    def _read_by(self, ref) -> set:
        key = (type(ref).__name__, ref.name)
        if key not in self._reads:
            decl = (self.ch.defines if isinstance(ref, R.Definition) else self.ch.quantities).get(ref.name)
            self._reads[key] = self.reads(decl.value) if decl is not None else set()
        return self._reads[key]

    def writes(self, s) -> set:
        """What a statement, and every statement within it, changes, through the rules it
        calls (kept: every ending asks again)."""
        key = id(s)
        if key not in self._writes:
            out: set = set()
            todo, called = [s], set()
            while todo:
                for n in _walk(todo.pop()):
                    out |= self._changed(n)
                    name = n.name.name if isinstance(n, A.Call) else None
                    if name in self.ch.rules and name not in called:
                        called.add(name)
                        todo.append(self.ch.rules[name].body)
            self._writes[key] = out
        return self._writes[key]

    def _changed(self, n) -> set:
        """What one statement changes itself."""
        if isinstance(n, (A.Move, A.Reveal)):
            return self._zones(n.what) | self._zones(n.target)
        if isinstance(n, A.Swap):
            return self._zones(n.first) | self._zones(n.second)
        if isinstance(n, A.Shuffle):
            return self._zones(n.zone) | self._zones(n.into)
        if isinstance(n, (A.SetValue, A.Change)):
            ref = self.ch.refs.get(n.target.name if isinstance(n.target, A.Of) else n.target)
            return {("counter", ref.name)} if isinstance(ref, R.Counter) else set()
        return set()

    def _zones(self, node) -> set:
        """The zones an expression names or takes its cards from (a chosen card's zone)."""
        out: set = set()
        todo, seen = [node], set()
        while todo:
            for n in _names(todo.pop()):
                ref = self.ch.refs.get(n)
                if isinstance(ref, R.Zone):
                    out.add(("zone", ref.name))
                elif isinstance(ref, R.Definition):
                    out |= {t for t in self._read_by(ref) if t[0] == "zone"}
                elif isinstance(ref, R.Local):
                    where = getattr(ref.binder, "domain", None) or getattr(ref.binder, "collection", None)
                    if where is not None and id(where) not in seen:
                        seen.add(id(where))
                        todo.append(where)
        return out


def _walk(node):
    from .values import walk
    return walk(node)


def _names(node):
    return (n for n in _walk(node) if isinstance(n, A.Name)) if node is not None else ()
