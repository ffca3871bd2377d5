"""A said text's placeholders, compiled to note every card they read (runtime/said.py).

Why at run time, in the text's own code, and not by a guess at check time from the zones
it names: a text is made only when the game is told or checked (prims.say), so noting
each card costs a simulation nothing (its code is not even called), and it is exact
where a guess by zones is not: a face-down card in a face-up row, one hand of several,
the cards a filter passes over. In told mode every card-valued expression of the
placeholder goes through `seen` (its attribute, a test or a comparison may follow),
except the placeholder itself when it is a card (said_card names it as the seat knew it)
and a card whose facing alone is tested (a facing is seen by all). Counting a zone reads
no card. A definition or a quantity called there is called in a variant compiled the
same way (`dS_`, `qS_`: written at the end of the module, only for those a text calls,
and the quantities the screens show: want_shown).
"""

from __future__ import annotations

import attrs

from ...lang import ast as A
from .. import typeinfo as T
from .writer import Scope


def _children(node):
    """The expressions directly inside a node (in its fields, and in lists of them)."""
    todo = [getattr(node, a.name) for a in attrs.fields(type(node))]
    while todo:
        v = todo.pop()
        if isinstance(v, A.Expr):
            yield v
        elif isinstance(v, (list, tuple)):
            todo.extend(v)


# words after which a hidden value reads without its own article ("the hidden suit")
_DETERMINERS = frozenset("a the this that these those his her its their my your our each every any no another whose "
                         "which what".split())


def said_before(parts, k: int) -> str:
    """The text of a say just before its part `k` ("" at the start, or after another value)."""
    return parts[k - 1] if k and isinstance(parts[k - 1], str) else ""


class Told:
    """Mixin of the code generator: placeholders in told mode, and their variants."""

    told_reads = None  # while a placeholder or a variant is compiled: the name of its reads list
    told_top = None    # a node not noted (the placeholder's own card; a card whose facing is tested)
    told_used = False  # whether the placeholder being compiled reads a card

    def told_part(self, node, make, before: str = "") -> str:
        """A placeholder's text, made by `make()` in told mode: one that reads a card is
        marked with who knew them all (said_value); one that reads none is as it was.
        `before`: the text just before it, which the hidden words must read well after."""
        outer = self.told_reads, self.told_top, self.told_used
        reads = self.sc.fresh("R")
        self.told_reads, self.told_top, self.told_used = reads, node, False
        try:
            text = make()
            used = self.told_used
        finally:
            self.told_reads, self.told_top, self.told_used = outer
        if not used:
            return text
        return f"said_value(lambda {reads}: {text}, {self.told_hidden(node, before)!r})"

    def told_hidden(self, node, before: str = "") -> str:
        """What a seat that did not know the cards reads instead of the placeholder: words
        that fit the designer's text before it ("the {c.suit} UFO" reads "the hidden suit
        UFO", not "the a hidden suit UFO"; "an {c.suit}", "an unknown suit")."""
        alone, after_article = self.hidden_words(node)
        words = before.split() if before[-1:].isspace() else []
        last = words[-1].lower() if words else ""
        if last == "an":
            return "unknown " + after_article.removeprefix("hidden ") if after_article != "hidden" else alone
        if last in _DETERMINERS or last.endswith(("'s", "s'", "’s")):
            return after_article
        return alone

    def hidden_words(self, node) -> tuple[str, str]:
        """(the words alone, the words after an article or a possessive) for a placeholder."""
        if isinstance(node, A.Attr) or isinstance(node, A.Name) and T.ref(self.ch, node)[0] == "element attr":
            return f"a hidden {node.name}", f"hidden {node.name}"
        t = self.t(node)
        k = T.kind(t)
        if k == "list":
            return ("some cards", "hidden cards") if T.is_card(T.elem(t)) else ("hidden values", "hidden values")
        return {"number": ("a hidden number", "hidden number"), "card": ("a card", "card"),
                "player": ("a hidden player", "hidden player"), "bool": ("hidden", "hidden"),
                "text": ("a hidden text", "hidden text")}.get(k, ("a hidden value", "hidden value"))

    def told(self, node, text: str) -> str:
        """`text`, the code of `node`, noted as read when it is a card in told mode."""
        if self.told_reads is None or node is self.told_top or not T.is_card(self.t(node)):
            return text
        return self.told_card(text)

    def told_card(self, text: str) -> str:
        self.told_used = True
        return f"seen({self.told_reads}, st, {text})"

    def told_printed(self, attr: str, obj: str) -> str:
        """`obj`, a card whose printed attribute `attr` is read: in told mode, noted with the
        attribute (said.seen_as), as a test's notes want it (codegen/guarded.py)."""
        head = f"seen({self.told_reads}, st, "
        if self.told_reads is None or not obj.startswith(head):
            return obj
        return f"seen_as({self.told_reads}, st, {obj[len(head):-1]}, {attr!r})"

    def facing_of(self, node) -> str:
        """The code of a card whose facing alone is read: not noted (a facing is seen by all)."""
        outer = self.told_top
        self.told_top = node
        try:
            return self.ex(node)
        finally:
            self.told_top = outer

    def told_call(self, prefix: str, name: str, call: str) -> str:
        """`call` of definition or quantity `name`, in told mode its variant that notes
        the cards it reads (written later: write_told_variants)."""
        if self.told_reads is None:
            return call
        self.told_used = True
        wanted = self.__dict__.setdefault("_told_wanted", {})
        wanted.setdefault((prefix, name), None)
        plain, variant = self.fn_name(prefix, name), self.fn_name(prefix + "S", name)
        head = f"{plain}(st"
        assert call.startswith(head)
        return f"{variant}(st, {self.told_reads}" + call[len(head):]

    def told_attr(self, attr: str, text: str) -> str:
        """An attribute computed by rules, in told mode: its variant, whose rules note
        the cards they read (the card itself is noted by the caller)."""
        if self.told_reads is None:
            return text
        self.told_used = True
        self.__dict__.setdefault("_told_wanted", {}).setdefault(("ga", attr), None)
        head = f"{self.fn_name('ga', attr)}(st, "
        assert text.startswith(head)
        return f"{self.fn_name('gaS', attr)}(st, {self.told_reads}, " + text[len(head):]

    def reads_cards(self, node, seen_names=None) -> bool:
        """Whether a rule's expression may read a card other than its own (`this`): it
        holds a card, cards or a zone, or calls a definition or quantity that may."""
        seen_names = set() if seen_names is None else seen_names
        if isinstance(node, A.This):
            return False
        if not isinstance(node, A.Attr) and T.kind(self.t(node)) in ("card", "zone", "row") \
                or T.kind(self.t(node)) == "list" and T.is_card(T.elem(self.t(node))):
            return True
        name = node.name if isinstance(node, (A.Of, A.OfMany)) else node if isinstance(node, A.Name) else None
        if name is not None and name not in seen_names and name in self.ch.refs:  # (not a binder's own name)
            kind = T.ref(self.ch, name)[0]
            if kind in ("define", "quantity"):
                seen_names.add(name)
                decl = (self.ch.defines if kind == "define" else self.ch.quantities)[name.name]
                if self.reads_cards(decl.value, seen_names):
                    return True
        return any(self.reads_cards(x, seen_names) for x in _children(node))

    def want_shown(self) -> list:
        """The quantities the play screen and the narration show (runtime/shown.py): the
        one named `score` and every one marked `, shown`. Each gets its told variant,
        which only those channels call: a simulation never does."""
        names = [n for n, q in self.ch.quantities.items() if q.shown or n == "score"]
        wanted = self.__dict__.setdefault("_told_wanted", {})
        for n in names:
            wanted.setdefault(("q", n), None)
        return names

    def write_told_variants(self) -> None:
        """The variants of the definitions and quantities a said text calls: the same
        value, with every card it reads noted in `R` (a variant may ask for more)."""
        wanted = self.__dict__.get("_told_wanted", {})
        done: set = set()
        while len(done) < len(wanted):
            for key in [k for k in wanted if k not in done]:
                done.add(key)
                outer = self.told_reads, self.told_top
                self.told_reads, self.told_top = "R", None
                try:
                    self.told_variant(*key)
                finally:
                    self.told_reads, self.told_top = outer

    def told_variant(self, prefix: str, name: str) -> None:
        ident = self.fn_name(prefix + "S", name)
        if prefix == "ga":
            self.told_attr_variant(ident, name)
            return
        if prefix == "d":
            d = self.ch.defines[name]
            args, fixed = "st, R", {}
            if d.param is not None:
                args, fixed = "st, R, p", {d: "p"}
                for k, (p, _) in enumerate(d.more, 2):
                    args, fixed[p] = f"{args}, p{k}", f"p{k}"
            self.expr_function(ident, args, f"define {name}, as a said text reads it", d.span, d.value,
                               Scope(False, fixed))
            return
        q = self.ch.quantities[name]
        mods = [m for cd in self.ch.card_decls for m in cd.modifiers if m.quantity.name == name]

        def body():
            self.sc = Scope(False, {q: "p"} if q.param is not None else {})
            w = self.w
            with self.at_expr(q.value):
                value = self.ex(q.value)
                self.prologue(value)
                w.line(f"v = {value}")  # (for its reads: the value is q_'s, with what cards add)
            if mods:  # which cards are active decides what they add: each is read
                if any(self.reads_cards(x) for m in mods for x in (m.target, m.amount)):
                    w.line("seen_every(R, st, None)")
                else:
                    w.line("for z in ACTIVE:")
                    with w.indent():
                        w.line("for c in st.zones[z]:")
                        with w.indent():
                            w.line("seen(R, st, c)")
            w.line(f"return {self.fn_name('q', name)}(st, p)")
        self.function(ident, "st, R, p", f"quantity {name}, as a said text reads it", q.span, body)

    def told_attr_variant(self, ident: str, attr: str) -> None:
        """gaS_: an attribute computed by rules, each card's rule in a variant that notes
        what it reads (as program.card_rules writes ga_)."""
        per, made = [], {}
        for cd in self.g.card_decl_of:
            a = next((a for a in cd.attrs if a.name.name == attr), None) if cd is not None else None
            if a is None or self.is_plain(a.value):
                per.append("None")
                continue
            if id(cd) not in made:
                made[id(cd)] = f"{ident}_{len(made)}"
                self.expr_function(made[id(cd)], "st, R, this", f"{cd.title}: {attr}, as a said text reads it",
                                   a.span, a.value, Scope(False, {"this": "this"}))
            per.append(made[id(cd)])
        table = self.table(f"DYNS_{ident}", "(" + ", ".join(per) + ",)")
        self.attr_dispatch(ident, "st, R, c", f"the {attr} of a card, as a said text reads it", table, attr)
