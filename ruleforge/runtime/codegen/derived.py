"""Values a rule worked out from cards and keeps across a decision, as a sampled world
must see them (runtime/derived.py).

A number, yes/no, symbol or player a rule works out from cards (`let v = card.value for
the turn`) and keeps in a value of the turn or in a resumable rule's frame would be the
true one in every world a seat samples, though the world deals other cards. Such a value
is written with a record of how it was worked out: a copy of the board as it was, the
values of the names it read, and a function (`kv_N`) that works it out again from them;
determinize gives the world the value that function finds on the board relabelled with
the world's cards. A name whose value is itself such a value (`let w = v + 1`) is read
through its own record.

Only a value of the turn or a local of a rule that can stop for a decision is kept so (a
plain rule's other locals are gone before anyone samples a world), and only where the
value may read a card (`Told.reads_cards`) or such a name: every other game's code is
unchanged.
"""

from __future__ import annotations

from ...lang import ast as A
from ...lang.values import walk
from .. import typeinfo as T
from .told import Told
from .writer import Scope


class _Reads:
    """Told.reads_cards on a checked program, outside the code generator (the layout asks
    which values of the turn to keep before any code is written)."""

    reads_cards = Told.reads_cards

    def __init__(self, ch):
        self.ch = ch

    def t(self, node):
        return self.ch.types.get(node)


def _assignments(ch):
    """(key, value, target read) for every let, set and change of a local and every
    value of the turn: a key is the binder, or ("turn", NAME)."""
    for item in ch.tree.items:
        for n in walk(item):
            if isinstance(n, A.Let):
                yield n, n.value, None
            elif isinstance(n, A.LetTurn):
                yield ("turn", n.name.name), n.value, None
            elif isinstance(n, (A.SetValue, A.Change)) and isinstance(n.target, A.Name) \
                    and T.ref_kind(ch, n.target) == "local":
                binder = T.ref(ch, n.target)[1]
                yield (binder, n.value, None) if isinstance(n, A.SetValue) else (binder, n.amount, binder)


def free_keys(ch, node) -> list:
    """The names `node` reads that are bound outside it: binders and ("turn", NAME), in order."""
    return [key for key, _ in free_names(ch, node)]


def free_names(ch, node) -> list:
    """(key, the type it holds) of each name `node` reads that is bound outside it."""
    inside = {id(n) for n in walk(node)}
    found: list = []
    for n in walk(node):
        if not isinstance(n, A.Name) or n not in ch.refs:
            continue
        ref = T.ref(ch, n)
        key = ref[1] if ref[0] in ("local", "element") and id(ref[1]) not in inside \
            else ("turn", ref[1]) if ref[0] == "turn value" else None
        if key is not None and not any(key is k or key == k for k, _ in found):
            found.append((key, ch.types.get(n)))
    return found


class Taint:
    """Which locals and values of the turn may hold a value worked out from cards."""

    def __init__(self, ch):
        self.ch = ch
        reads = _Reads(ch)
        assigns = list(_assignments(ch))
        self.by_key: dict = {}
        for key, value, _ in assigns:
            self.by_key.setdefault(hashable_key(key), []).append(value)
        self.tainted: set = set()
        direct = [(hashable_key(key), value, target) for key, value, target in assigns]
        changed = True
        while changed:  # (a fixpoint: `let w = v + 1` after `let v = card.value`)
            changed = False
            for key, value, target in direct:
                if key not in self.tainted and (reads.reads_cards(value) or self.reads_tainted(value, target)):
                    self.tainted.add(key)
                    changed = True

    def keepable(self, key) -> bool:
        """Whether a name holds a number, yes/no, symbol, text or player (or a list of them):
        a card or cards it holds are renamed by determinize, a piece is no secret."""
        kinds = [keepable_key(self.ch.types.get(v)) for v in self.by_key.get(hashable_key(key), ())]
        return True in kinds and False not in kinds

    def reads_tainted(self, value, target=None) -> bool:
        keys = free_keys(self.ch, value) + ([target] if target is not None else [])
        return any(hashable_key(k) in self.tainted for k in keys)

    def turn_values(self) -> list:
        """The values of the turn kept with a record: tainted, and not a card (a hidden card
        held is renamed by determinize already)."""
        return [name for name, (t, _) in self.ch.turn_values.items()
                if ("turn", name) in self.tainted and keepable_key(t)]

    def is_tainted(self, key) -> bool:
        return hashable_key(key) in self.tainted


def keepable_key(t):
    """True for a type a kept value may have, False for one it may not, None for `[]`."""
    k = T.kind(t)
    if k == "list":
        e = T.elem(t)
        return None if e is None or T.kind(e) == "any" else keepable_key(e)
    return k in ("number", "bool", "sym", "text", "player")


def _reads(ch, n, binder) -> bool:
    return isinstance(n, A.Name) and n in ch.refs and T.ref(ch, n)[0] == "local" and T.ref(ch, n)[1] is binder


def _in_order(node):
    """`node` and every node below it, in the order of the text."""
    if isinstance(node, (list, tuple)):
        for x in node:
            yield from _in_order(x)
        return
    yield node
    for f in getattr(node, "__attrs_attrs__", ()):
        v = getattr(node, f.name)
        if isinstance(v, (list, tuple)) or hasattr(v, "__attrs_attrs__"):
            yield from _in_order(v)


def _blocks(stmts):
    """Every list of statements in `stmts`, itself first."""
    stmts = list(stmts)
    yield stmts
    for s in stmts:
        for n in _in_order(s):
            for f in getattr(n, "__attrs_attrs__", ()):
                v = getattr(n, f.name)
                if isinstance(v, (list, tuple)) and v and all(isinstance(x, A.Stmt) for x in v):
                    yield list(v)


def hashable_key(key):
    return key if isinstance(key, tuple) else id(key)


class Derived:
    """Mixin of the code generator, before Values: the records of kept values, and their
    kv_ functions (written at the end of the module)."""

    def taint(self) -> Taint:
        if not hasattr(self, "_taint"):
            self._taint = Taint(self.ch)
        return self._taint

    def kept_binders(self, stmts, resumable: bool) -> None:
        """Before a rule is written: which of its locals keep a record. In a rule that can
        stop, each one worked out from cards that a decision may come between its value and
        a read of it; in a plain one, those a kept value of the turn reads (and the names
        they read, in turn)."""
        taint = self.taint()
        self.kept_store: dict = {}
        self.kept_here: set = set()
        if not taint.tainted:
            return
        lets = {id(n) for n in walk(list(stmts)) if isinstance(n, A.Let) and taint.is_tainted(n)}
        todo = [n.value for n in walk(list(stmts)) if isinstance(n, A.LetTurn)
                and n.name.name in self.g.kept_turn_names]
        if resumable:
            for block in _blocks(stmts):
                for i, s in enumerate(block):
                    if id(s) in lets and taint.keepable(s) and self.read_after_stop(block[i + 1:], s):
                        self.kept_here.add(id(s))
                        todo.extend(taint.by_key.get(id(s), ()))
        while todo:  # the names a kept value reads keep a record too, so that it is worked out from theirs
            for key in free_keys(self.ch, todo.pop()):
                if not isinstance(key, tuple) and id(key) in lets and id(key) not in self.kept_here \
                        and taint.keepable(key):
                    self.kept_here.add(id(key))
                    todo.extend(taint.by_key.get(id(key), ()))

    def read_after_stop(self, rest, binder) -> bool:
        """Is `binder` read at or after a statement that may stop (a decision) in `rest`, the
        statements that follow its let? (A loop that stops and reads it counts: its next
        turn reads it after the stop.)"""
        stopped = False
        for n in _in_order(list(rest)):
            if isinstance(n, A.Stmt) and self.stops(n):
                if any(_reads(self.ch, x, binder) for x in _in_order(n)):
                    return True
                stopped = True
            elif stopped and _reads(self.ch, n, binder):
                return True
        return False

    def kept_pairs(self) -> tuple:
        """(value slot, record slot) of each local a resumable rule keeps with a record."""
        pairs = []
        for binder, store in self.kept_store.values():
            value = self.sc.slots[binder]
            if value.startswith("L[") and store.startswith("L["):
                pairs.append((int(value[2:-1]), int(store[2:-1])))
        return tuple(sorted(pairs))

    def kept_record(self, key, value, body, target=None) -> None:
        """Before a kept name is given `value`: its record, made by `derived` (or None when
        the value reads nothing worked out from cards). `body(old)` is the new value's
        code, `old` the target's (read by `increase`)."""
        if isinstance(key, tuple):
            store = f"V[{self.g.kept_turn_names[key[1]]}]"
        else:
            if id(key) not in getattr(self, "kept_here", ()):
                return
            if id(key) not in self.kept_store:
                where = f"L[{self.sc.slot()}]" if self.sc.resumable else self.sc.fresh("kept")
                self.kept_store[id(key)] = (key, where)
            store = self.kept_store[id(key)][1]
        taint = self.taint()
        if not (_Reads(self.ch).reads_cards(value) or taint.reads_tainted(value, target)):
            self.w.line(f"{store} = None")
            return
        names = free_names(self.ch, value)
        if target is not None and not any(k is target for k, _ in names):
            names.append((target, None))  # (a number: `increase`)
        # a value of the turn is read from the board's copy, worked out again there
        names = [(k, t) for k, t in names if not isinstance(k, tuple)]
        caps, kinds, fixed = [], [], {}
        for k, (binder, t) in enumerate(names):
            here = self.sc.slots[binder]
            if id(binder) in self.kept_store:
                caps.append(f"({here}, {self.kept_store[id(binder)][1]})")
                kinds.append("k")
            else:
                caps.append(here)
                kinds.append("c" if T.is_card(t) else "cs" if T.is_cards(t) else "v")
            fixed[binder] = f"a{k}"
        for special, text in (("this", self.sc.slots.get("this")), ("owner", self.sc.slots.get("owner")),
                              ("current", self.sc.actor or self.sc.current or "CUR[st.turn_pos]")):
            if text is not None and (special != "current" or any(isinstance(n, A.Current) for n in walk(value))):
                caps.append(text)
                kinds.append("c" if special == "this" else "v")
                fixed[special] = f"a_{special}"
        wanted = self.__dict__.setdefault("_kept_wanted", [])
        ident = f"kv_{len(wanted)}"
        wanted.append((ident, value, body, fixed, target, tuple(kinds)))
        self.w.line(f"{store} = derived(st, KV_{ident[3:]}, ({', '.join(caps)}{',' if len(caps) == 1 else ''}))")

    def write_kept_functions(self) -> None:
        """kv_N(st, a0, ...): a kept value worked out again from a board and the names it read."""
        for ident, value, body, fixed, target, kinds in self.__dict__.get("_kept_wanted", []):
            params = [p for b, p in fixed.items() if b not in ("this", "owner", "current")]
            specials = [fixed[s] for s in ("this", "owner", "current") if s in fixed]

            def write(value=value, body=body, fixed=fixed, target=target):
                sc = self.sc = Scope(False, {b: p for b, p in fixed.items() if b not in ("current",)})
                sc.actor = fixed.get("current")
                sc.has_owner = "owner" in fixed
                with self.at_expr(value):
                    text = body(fixed[target] if target is not None else None)
                    self.prologue(text)
                    self.w.line(f"return {text}")
            self.function(ident, ", ".join(["st", *params, *specials]), "a kept value, worked out again in a "
                          "sampled world", value.span, write)
            self.tables[f"KV_{ident[3:]}"] = f"({ident}, {kinds!r})"

    # ---- the statements that give a kept name its value: the record first (it reads
    # the names' values before the statement changes one), then the statement
    def st_Let(self, s) -> None:
        if id(s) in getattr(self, "kept_here", ()):
            self.kept_record(s, s.value, lambda old: self.let_value(s))
        super().st_Let(s)

    def st_SetValue(self, s) -> None:
        binder = self.kept_local(s.target)
        if binder is not None:
            self.kept_record(binder, s.value, lambda old: self.local_number(s.value, self.ex(s.value)))
        super().st_SetValue(s)

    def st_Change(self, s) -> None:
        binder = self.kept_local(s.target)
        if binder is not None:
            sign = "+" if s.op == "increase" else "-"
            self.kept_record(binder, s.amount, lambda old: f"num({old} {sign} {self.ex(s.amount)})", target=binder)
        super().st_Change(s)

    def st_LetTurn(self, s) -> None:
        if s.name.name in self.g.kept_turn_names:
            self.kept_record(("turn", s.name.name), s.value, lambda old: self.ex(s.value))
        super().st_LetTurn(s)

    def kept_local(self, target):
        """The binder of a local that keeps a record, when `target` is one."""
        if isinstance(target, A.Name) and T.ref_kind(self.ch, target) == "local":
            binder = T.ref(self.ch, target)[1]
            if id(binder) in getattr(self, "kept_here", ()):
                return binder
        return None

    def local_number(self, value, text: str) -> str:
        """A local's new value as `put` writes it (a number is held within the size of numbers)."""
        return f"num({text})" if T.kind(self.t(value)) in ("number", "any") else text
