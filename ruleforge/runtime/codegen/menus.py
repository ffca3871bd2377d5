"""An action's menu entries, written out: one function per action of up to two
parameters that makes its part of a menu (runtime/actions.py, `Menu.offer`).

The generic enumerators of runtime/actions.py call a domain function and the 'allowed
if' function through the locals list `L` for every combination; the functions written
here loop over the domains with the parameters as Python locals and test 'allowed if'
inline. They make the same actions, in the same order, with the same payloads and the
same work charged (tests/test_golden.py replays every recorded game through them).
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from ...lang import ast as A
from ...lang.values import walk
from ..limits import MAX_PARAMETER_VALUES
from .writer import Scope


def _int(text: str) -> int | None:
    """The value of an integer literal written by the generator, else None."""
    t = text[1:-1] if text.startswith("(") and text.endswith(")") else text
    return int(t) if t.lstrip("-").isdigit() else None


def split_conjuncts(node, op: str = "and") -> list:
    """`A and B and C` as [A, B, C] (or an `or`'s parts), in the order they are tested."""
    if isinstance(node, A.Binary) and node.op == op:
        return split_conjuncts(node.left, op) + split_conjuncts(node.right, op)
    return [node]


def blind_zones(tree) -> set:
    """The zones a rule of `tree` puts a card into face down (`move c to hand of p face
    down`), and "*" when it does so to a zone known only in play: there a card may lie
    that the zone's owner has not seen."""
    blind = set()
    for n in walk(tree):
        if isinstance(n, A.Move) and n.facing == "down":
            t = n.target
            blind.add(t.name.name if isinstance(t, A.Of) and isinstance(t.name, A.Name)
                      else t.name if isinstance(t, A.Name) else t.zone.name if isinstance(t, A.Slot) else "*")
    return blind


_READS_FIRST = re.compile(r"\bv0\b")
# a test that cannot fail: facings, comparisons, reads of the plain tables every card has
TOTAL = re.compile(r"(?:[\s()=!<>+\-\d]|\band\b|\bor\b|\bnot\b|st\.up\[|\be\d+\b|\bAT_\w+\[|\bV\[|\]|'[^'\\]*')*")


class Menus:
    def menu_function(self, ident: str, name: str, a) -> str | None:
        """Write `menu_<action>(st, seat, spec, names, cache, acts, vals)`; its name, or
        None when the action keeps the generic enumerator (three or more parameters)."""
        n = len(a.params)
        if n > 2:
            return None
        fn = f"{ident}_menu"
        self._name = name
        # the seat deciding: `seat`, and the number of the one role that has the action
        self._deciders = ("seat",) + ((repr(self.g.roles[a.role.name]),) if a.role is not None else ())
        sc = Scope(False, {p: f"v{i}" for i, p in enumerate(a.params)})
        sc.slots["actor"] = "seat"
        sc.actor = "seat"
        for i, p in enumerate(a.params):  # a card parameter's value is always a card
            if p.domain is not None and not p.unseen and self.ref_kind(self.t_elem(p)) == "card":
                sc.cards.add(f"v{i}")

        def body():
            self.sc = sc
            w = self.w
            w.line("Z = st.zones")
            w.line("V = st.vars")
            allowed = self.ex(a.allowed) if a.allowed is not None else None
            if n == 0:
                self._menu0(a, allowed)
            elif n == 1:
                self._menu1(a, allowed)
            else:
                self._menu2(a, allowed)
        start = len(self.w.lines)
        self.function(fn, "st, seat, spec, names, cache, acts, vals", f"action {name}: its menu", a.span, body)
        self.keep_menu_body(name, start)  # for a site's whole menu (codegen/wholemenus.py)
        return fn

    def as_rule(self, title: str, span, text: str) -> None:
        """One line whose errors name `title` (a parameter's values, 'allowed if'), as the
        generic enumerators' separate functions did."""
        w = self.w
        rule = w.rule
        w.rule = title
        with w.at(span):
            w.line(text)
        w.rule = rule

    def _domain(self, a, k: int) -> tuple[str, str | None, bool]:
        """(an expression for parameter k's raw values, how actions name them, whether
        they are plain values of a range: sorted, distinct and named by themselves)."""
        p = a.params[k]
        if p.domain is None and p.step is not None:  # `from A to B by S`
            return self._stepped(p), None, True
        if p.domain is None:  # `from A to B`
            low, high = self.ex(p.low), self.ex(p.high)
            if _int(low) is not None and _int(high) is not None and _int(high) - _int(low) < MAX_PARAMETER_VALUES:
                # known now (parameters are): the values, made once
                return self.table(f"RANGE_{low}_{high}", tuple(range(_int(low), _int(high) + 1))), None, True
            return f"bounded_range({low}, {high})", None, True
        kind = "blind" if p.unseen else self.ref_kind(self.t_elem(p))  # blind: named by place (actions._named)
        return self.coll(p.domain, live=True), kind, False

    def _stepped(self, p) -> str:
        """The values of `from A to B by S`: a table when all three are known now (the
        checker refused a constant step below 1), else worked out in play."""
        low, high, step = self.ex(p.low), self.ex(p.high), self.ex(p.step)
        lo, hi, by = _int(low), _int(high), _int(step)
        if None not in (lo, hi, by) and by >= 1 and len(values := range(lo, hi + 1, by)) <= MAX_PARAMETER_VALUES:
            return self.table(f"RANGE_{lo}_{hi}_{by}".replace("-", "m"), tuple(values))
        return f"bounded_range({low}, {high}, {step})"

    @staticmethod
    def _named(values: str, kind: str | None, plain: bool, k: int) -> str:
        """The entries of a parameter: plain values of a range, or (label, value, payload)
        triples in canonical order (actions._named)."""
        return f"tuple({values})" if plain else f"named(st, seat, {values}, {kind!r}, names[{k}])"

    @staticmethod
    def _fixed(kind: str | None, plain: bool) -> bool:
        """Is every value named the same way at every decision? (A range, a number, a
        symbol, a piece or a player: not a card, whose name depends on who has seen it.)"""
        return plain or kind not in ("card", "blind", "cards")

    def _menu0(self, a, allowed) -> None:
        """An action of no parameter: offered once, if 'allowed if' lets it; no work
        charged (as actions.enumerate_actions)."""
        w = self.w
        if allowed is not None:
            self.as_rule(f"action {self._name}: allowed if", getattr(a.allowed, "span", None) or a.span,
                         f"if not ({allowed}):")
            with w.indent():
                w.line("return")
        w.line("hit = cache.get(())")
        w.line("if hit is None:")
        with w.indent():
            w.line("hit = cache[()] = (new_action(spec.name, ()), (spec, (), seat))")
        w.line("acts.append(hit[0])")
        w.line("vals.append(hit[1])")

    def _menu1(self, a, allowed) -> None:
        w = self.w
        p = a.params[0]
        values, kind, plain = self._domain(a, 0)
        title = f"action {self._name}: the values of {p.name.name}"
        if self._fixed(kind, plain) and allowed is None:
            # The whole row of actions is kept under the raw values it was made from
            # (a row longer than ROW_LIMIT goes one action at a time, below).
            self.as_rule(title, p.span, f"dom = tuple({values})")
            w.line("if len(dom) <= ROW_LIMIT:")
            with w.indent():
                w.line("got = cache.get(dom)")
                w.line("if got is None:")
                with w.indent():
                    w.line(f"got = menu_whole(cache, dom, spec, seat, {self._named('dom', kind, plain, 0)}, "
                           f"{p.name.name!r}, {plain!r})")
                self._charge("len(got[0])")
                w.line("acts.extend(got[0])")
                w.line("vals.extend(got[1])")
                w.line("return")
            values = "dom"
        if kind == "card":
            self._sorted_cards(title, p, values)
            values = "cards0"
            always = self.always_seen(p.domain, self._deciders)
            with self._all_seen("cards0", always):
                self._charge("len(cards0)")
                w.line("for v0 in cards0:")
                with w.indent():
                    self._allowed(a, allowed)
                    self._entry(f"(({p.name.name!r}, names[0][v0]),)", [], "", "cache", "v0", "(v0,)",
                                "CACHE_LIMIT")
                if not always:
                    w.line("return")
            if always:
                return
        self.as_rule(title, p.span, f"row = {self._named(values, kind, plain, 0)}")
        self._charge("len(row)")
        w.line("for label0, v0, pay0 in row:" if not plain else "for v0 in row:")
        with w.indent():
            if plain:
                w.line("label0 = v0")
            self._allowed(a, allowed)
            self._entry(f"(({p.name.name!r}, label0),)", [] if plain else ["type(pay0) is Place"],
                        "(pay0,)", "cache", "v0", "(v0,)", "CACHE_LIMIT")

    def _menu2(self, a, allowed) -> None:
        w = self.w
        p0, p1 = a.params
        values0, kind0, plain0 = self._domain(a, 0)
        values1, kind1, plain1 = self._domain(a, 1)
        first, second = self._named(values0, kind0, plain0, 0), self._named(values1, kind1, plain1, 1)
        once = "v0" not in second  # the second domain does not change with the first
        title = f"action {self._name}: the values of "
        if once:
            self.as_rule(title + p1.name.name, p1.span, f"seconds = {second}")
        hoisted = None if once else self._hoisted(a)
        if hoisted is not None:
            for line in hoisted[0]:
                self.as_rule(title + p1.name.name, p1.span, line)
            values1 = hoisted[1]
        if kind0 == "card":
            self._sorted_cards(title + p0.name.name, p0, values0)
            if hoisted is not None:  # no second value for any first value: no entry
                w.line("if not pre1:")
                with w.indent():
                    w.line("return")
            always = self.always_seen(p0.domain, self._deciders)
            with self._all_seen("cards0", always):
                w.line("for v0 in cards0:")
                with w.indent():
                    self._first_value(a, allowed, "names[0][v0]", False, values1, kind1, plain1, once)
                if not always:
                    w.line("return")
            if always:
                return
            first = self._named("cards0", kind0, plain0, 0)
        self.as_rule(title + p0.name.name, p0.span,
                     "for label0, v0, pay0 in " + first + ":" if not plain0 else f"for v0 in {values0}:")
        with w.indent():
            if plain0:
                w.line("label0 = pay0 = v0")
            self._first_value(a, allowed, "label0", not plain0, values1, kind1, plain1, once)

    def _sorted_cards(self, title: str, p, values: str) -> None:
        """`cards0`: the distinct cards of a card parameter's values, in canonical order
        (a zone's cards, or some of them, are distinct: no set needed)."""
        if self.holds_cards(p.domain):
            if isinstance(p.domain, A.Filter) and values.startswith("tuple([") and values.endswith("])"):
                # (ex_Filter's `tuple([...])`: its list sorted as it is)
                values = values[len("tuple("):-1]
            self.as_rule(title, p.span, f"cards0 = sorted({values})")
        else:
            self.as_rule(title, p.span, f"dom = {values}")
            self.w.line("cards0 = sorted(set(dom)) if len(dom) > 1 else dom")

    @contextmanager
    def _all_seen(self, cards: str, always: bool = False):
        """The common case first: `cards`, distinct and in canonical order, every one
        seen by the seat. Then no action names a card by its place and the entries need
        no (label, value, payload) triples (actions._named's first case, written out);
        what the block writes runs only then. With `always`, cards the seat always sees
        (CodeGenerator.always_seen): no test."""
        w = self.w
        if always:
            w.comment("every one seen by the seat, always (CodeGenerator.always_seen)")
            yield
            return
        w.line("up, kn, bit = st.up, st.known, 1 << seat")
        w.line(f"for v0 in {cards}:")
        with w.indent():
            w.line("if not (up[v0] or kn[v0] & bit):")
            with w.indent():
                w.line("break")
        w.line("else:  # every card seen by the seat")
        with w.indent():
            yield

    def _first_value(self, a, allowed, label0: str, placed0: bool, values1: str, kind1, plain1: bool,
                     once: bool) -> None:
        """The entries of one first value `v0`, named `label0`; `placed0`: its payload
        `pay0` may be a Place."""
        w = self.w
        p0, p1 = a.params
        title = f"action {self._name}: the values of "
        # distinct cards the seat always sees: named by index, in index order, no named()
        seen1 = (not once and kind1 == "card" and self.holds_cards(p1.domain)
                 and self.always_seen(p1.domain, self._deciders))
        if not once:
            # nothing to combine with this first value (and nothing to charge): skipped
            self.as_rule(title + p1.name.name, p1.span, f"raw1 = {values1}")
            w.line("if not raw1:")
            with w.indent():
                w.line("continue")
            if not seen1:
                w.line(f"seconds = {self._named('raw1', kind1, plain1, 1)}")
        if once and self._fixed(kind1, plain1):
            self._row_kept(a, allowed, label0, placed0, plain1)
            return
        w.line("row = cache.get(v0)  # the actions kept for this first value, by second value")
        w.line("if row is None:")
        with w.indent():
            w.line("row = new_row(cache, v0)")
        self._charge("len(raw1)" if seen1 else "len(seconds)")
        if seen1:
            w.comment("every one seen by the seat, always (CodeGenerator.always_seen)")
            w.line("for v1 in sorted(raw1):")
        else:
            w.line("for v1 in seconds:" if plain1 else "for label1, v1, pay1 in seconds:")
        with w.indent():
            if plain1:
                w.line("label1 = pay1 = v1")
            self._allowed(a, allowed)
            label1, pay1 = ("names[1][v1]", "v1") if seen1 else ("label1", "pay1")
            pairs = f"(({p0.name.name!r}, {label0}), ({p1.name.name!r}, {label1}))"
            hidden = [f"type(pay{k}) is Place" for k, placed in ((0, placed0), (1, not plain1 and not seen1))
                      if placed]
            self._entry(pairs, hidden, f"({'pay0' if placed0 else 'v0'}, {pay1})", "row", "v1", "(v0, v1)",
                        "ROW_LIMIT")

    def _hoisted(self, a) -> tuple[list[str], str] | None:
        """(the lines that find, once for the whole menu, the second parameter's elements
        passing the leading tests of its `where` that do not read the first parameter; the
        second values of one first value, from those), or None.

        `with old in table of current where it is face up and type = card.type`
        tests every card of the table for facing again for each card of the hand:
        now once. Only tests that cannot fail or charge anything are moved (no call, no
        table that raises on a miss), so the menu, its errors and its work are the same."""
        p = a.params[1]
        node = p.domain
        if node is None or p.unseen or not isinstance(node, A.Filter):
            return None
        tests = split_conjuncts(node.condition)
        if len(tests) < 2:
            return None
        sc = self.sc
        x = sc.fresh("e")
        sc.slots[node] = x
        if self.holds_cards(node.collection):
            sc.cards.add(x)
        texts: list[str] = []

        def body() -> str:
            texts.extend(f"({self.ex(t)})" for t in tests)
            return " and ".join(texts)
        items, _ = self.expr_loop(node.collection, self.coll(node.collection, live=True), body)
        if items.startswith("charge("):
            return None
        k = 0
        while k < len(texts) and not _READS_FIRST.search(texts[k]) and TOTAL.fullmatch(texts[k]):
            k += 1
        if k == 0 or k == len(texts):
            return None
        kept = " and ".join(texts[:k])
        key = self._join_key(tests[k:], x) if k == len(texts) - 1 else None
        if key is not None:
            # the last test an equality of the element's value and the first value's:
            # the elements grouped by theirs once, each first value's looked up
            mine, its = key
            return ([f"pre1 = {{}}", f"for {x} in {items}:",
                     f"    if {kept}: pre1.setdefault({mine}, []).append({x})"],
                    f"pre1.get({its}, ())")
        return ([f"pre1 = [{x} for {x} in {items} if {kept}]"],
                f"tuple([{x} for {x} in pre1 if {' and '.join(texts[k:])}])")

    def _join_key(self, tests: list, x: str) -> tuple[str, str] | None:
        """For a last test `A = B` where one side reads only the element `x` and the other
        only the first value, both unable to fail: (the element's side, the first value's)."""
        t = tests[0]
        if not (isinstance(t, A.Binary) and t.op == "="):
            return None
        left, right = self.ex(t.left), self.ex(t.right)
        elem = re.compile(rf"\b{x}\b")
        for mine, its in ((left, right), (right, left)):
            if (elem.search(mine) and not _READS_FIRST.search(mine) and _READS_FIRST.search(its)
                    and not elem.search(its) and TOTAL.fullmatch(mine) and TOTAL.fullmatch(its.replace("v0", "e0"))):
                return mine, its
        return None

    def _row_kept(self, a, allowed, label0: str, placed0: bool, plain1: bool) -> None:
        """The second parameter's values are the same for every first value and named the
        same way at every decision: the row of actions of a first value is kept whole,
        with the second values it was made from, and reused while they are the same."""
        w = self.w
        p0, p1 = a.params
        self._charge("len(seconds)")
        if placed0:
            w.line("if type(pay0) is Place:  # named by its place: made for this decision only")
            with w.indent():
                self._one_by_one(a, allowed, label0, plain1, "Deferred(spec, (pay0, pay1))")
        w.line("if len(seconds) > ROW_LIMIT:  # too long a row to keep: its actions made for this decision only")
        with w.indent():
            self._one_by_one(a, allowed, label0, plain1, "(spec, (v0, v1), seat)")
        w.line("row = cache.get(v0)  # (second values, actions, payloads, (value, action, payload) each)")
        w.line("if row is None or row[0] != seconds:")
        with w.indent():
            w.line(f"row = menu_row(cache, spec, seat, v0, {label0}, {p0.name.name!r}, {p1.name.name!r}, seconds, "
                   f"{plain1!r})")
        if allowed is None:
            w.line("acts.extend(row[1])")
            w.line("vals.extend(row[2])")
            return
        w.line("for v1, act1, val1 in row[3]:")
        with w.indent():
            self._allowed(a, allowed)
            w.line("acts.append(act1)")
            w.line("vals.append(val1)")

    def _one_by_one(self, a, allowed, label0: str, plain1: bool, payload: str) -> None:
        """This first value's actions made one by one for this decision, then on to the
        next first value."""
        w = self.w
        p0, p1 = a.params
        w.line("for v1 in seconds:" if plain1 else "for label1, v1, pay1 in seconds:")
        with w.indent():
            if plain1:
                w.line("label1 = pay1 = v1")
            self._allowed(a, allowed)
            w.line(f"acts.append(new_action(spec.name, (({p0.name.name!r}, {label0}), ({p1.name.name!r}, label1))))")
            w.line(f"vals.append({payload})")
        w.line("continue")

    def _charge(self, count: str) -> None:
        """actions.charge_row written out: a row of combinations charged to the work
        budget, the menu kept within its size (the same checks, the same errors)."""
        w = self.w
        w.line(f"n_ = {count}")
        w.line("st.work -= n_")
        w.line("if st.work < 0 or len(acts) + n_ > MAX_MENU:")
        with w.indent():
            w.line("st.work += n_")
            w.line("charge_row(st, spec, n_, acts)  # raises the error")

    def _allowed(self, a, allowed: str | None) -> None:
        """Skip a combination that 'allowed if' refuses (its errors name that test)."""
        if allowed is not None:
            self.as_rule(f"action {self._name}: allowed if", getattr(a.allowed, "span", None) or a.span,
                         f"if not ({allowed}):")
            with self.w.indent():
                self.w.line("continue")

    def _entry(self, pairs: str, hidden: list, payloads: str, cache: str, key: str, values: str,
               limit: str) -> None:
        """One action of the menu: made for this decision when it names a hidden card by
        place, else looked up in (or kept in) `cache` under `key`."""
        w = self.w
        if hidden:
            w.line(f"if {' or '.join(hidden)}:")
            with w.indent():
                w.line(f"acts.append(new_action(spec.name, {pairs}))")
                w.line(f"vals.append(Deferred(spec, {payloads}))")
                w.line("continue")
        w.line(f"hit = {cache}.get({key})")
        w.line("if hit is None:")
        with w.indent():
            w.line(f"hit = (new_action(spec.name, {pairs}), (spec, {values}, seat))")
            w.line(f"if len({cache}) < {limit}:")
            with w.indent():
                w.line(f"{cache}[{key}] = hit")
        w.line("acts.append(hit[0])")
        w.line("vals.append(hit[1])")

