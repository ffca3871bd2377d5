"""A decision site's whole menu, written out as one function.

'takes an action' offers every action of the site, in name order, each made by its own
menu function (codegen/menus.py); `Menu.make` (runtime/actions.py) would loop over them
and call each with seven arguments. Here their bodies are written one after another in
one function, `whole_menu_N(st, seat, E)`, where `E` holds, in the same order, each
action's (spec, names, cache) for the seat deciding, or None when the seat does not
have that action. A body's `return` (its part of the menu is done) becomes a `break`
out of a `while True:` around it, so each body runs as it did; its lines keep their rule
and position, so an error names the same action and place.

A site gets one only when every action it offers has a menu function (up to two
parameters, no set of cards) and no body returns from inside a loop of its own.

Bodies often start from the same cards: `archive` and `swap` both sort the seat's hand,
`play` sorts the cards of it that pass a test. A zone's cards sorted for one body are
kept for the next (`sorted0 = sorted(...)`, worked out at its first use), and a body
that filters those cards filters the sorted list (still sorted) by a test that cannot
fail. Menus change nothing, so the cards are the same for every body.
"""

from __future__ import annotations

import re

from .menus import TOTAL
from .module import drop_unread
from .writer import comment_text

_LOOP = ("for ", "while ", "async for ")
_SORTED = re.compile(r"cards0 = sorted\((.*)\)$")
_FILTER = re.compile(r"\[(e\d+) for \1 in (.*?) if (.*)\]$")
# a filter's test that cannot fail (menus.TOTAL), with a test of membership in a tuple
_TOTAL_TEST = re.compile(TOTAL.pattern[:-2] + r"|\bin\b|,)*")


def _sort_of(text: str) -> tuple[str, tuple | None] | None:
    """For a body's line `cards0 = sorted(X)` of cards that are not charged work: (X, and
    when X filters a collection Y by a test that cannot fail, (its element, Y, the
    test)); else None."""
    m = _SORTED.fullmatch(text)
    if m is None or "charge(" in m.group(1):
        return None
    f = _FILTER.fullmatch(m.group(1))
    return m.group(1), (f.groups() if f is not None and _TOTAL_TEST.fullmatch(f.group(3)) else None)


# what follows a row's `n_ = COUNT` (menus._charge), each line's text after its indentation
_CHARGE = ("st.work -= n_", "if st.work < 0 or len(acts) + n_ > MAX_MENU:", "st.work += n_",
           "charge_row(st, spec, n_, acts)  # raises the error")


def _charged(lines: list[str], k: int) -> str | None:
    """The COUNT of a row's charge that starts at line k, or None."""
    text = lines[k].strip()
    if not text.startswith("n_ = ") or [x.strip() for x in lines[k + 1:k + 1 + len(_CHARGE)]] != list(_CHARGE):
        return None
    return text[len("n_ = "):]


def _in_loop(lines: list[str], k: int) -> bool:
    """Whether line k of a menu body is inside a loop of the body: a row made once for
    each value of a loop can make the menu as long as the work allows (bounded as it goes)."""
    level = _indent(lines[k])
    for above in reversed(lines[:k]):
        if above.strip() and _indent(above) < level:
            level = _indent(above)
            if above.lstrip().startswith(_LOOP):
                return True
    return False


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _inlinable(lines: list[str]) -> bool:
    """Whether every `return` of a menu body (lines at one level of indentation) leaves
    no loop of the body: then `break` leaves the `while True:` around it instead."""
    for k, line in enumerate(lines):
        text = line.strip()
        if text.startswith("return") and text != "return":
            return False  # (a menu body returns nothing)
        if text != "return":
            continue
        level = _indent(line)
        for above in reversed(lines[:k]):  # the headers of the blocks it is in
            if above.strip() and _indent(above) < level:
                level = _indent(above)
                if above.lstrip().startswith(_LOOP):
                    return False
    return True


class WholeMenus:
    """Mixin of the program writer (program.ProgramWriter), with Menus."""

    def keep_menu_body(self, name: str, start: int) -> None:
        """Keep the body of action `name`'s menu function, written from line `start`
        (a blank, the comment, the `def`, then the body), with each line's rule and
        position."""
        w = self.w
        if not hasattr(self, "menu_bodies"):
            self.menu_bodies = {}
        self.menu_bodies[name] = (w.lines[start + 3:], w.where[start + 3:])

    def whole_menu(self, only, may_pass: bool) -> str:
        """(the function making the whole menu of a site offering the actions in `only`
        (None: every action), and the order of its entries), as source text. The function
        is written at the end of the module, once every action's menu is (a site in a
        rule written before the actions, an event's, has it too); it is None when one of
        the actions has no menu function to take its body from."""
        names = sorted(n for n in self.ch.actions if only is None or n in only)
        if not names:
            return "None"
        order = tuple(sorted(names + (["pass"] if may_pass else [])))
        if not hasattr(self, "whole_menus"):
            self.whole_menus = {}
        got = self.whole_menus.get(order)
        if got is None:
            got = self.whole_menus[order] = f"whole_menu_{len(self.whole_menus)}"
            self.names[("whole menu", got)] = got
        return f"({got}, {order!r})"

    def write_whole_menus(self) -> None:
        w = self.w
        bodies = getattr(self, "menu_bodies", {})
        for order, ident in getattr(self, "whole_menus", {}).items():
            if any(n in self.ch.actions and (n not in bodies or not _inlinable(bodies[n][0])) for n in order):
                w.blank()
                w.line(f"{ident} = None  # an action with no menu function: Menu.make calls each in turn")
                continue
            w.blank()
            w.comment("a site's whole menu: its actions' menus, one after another (codegen/wholemenus.py)")
            w.line(f"def {ident}(st, seat, E):")
            first = len(w.lines)
            with w.indent():
                w.line("Z = st.zones")
                w.line("V = st.vars")
                w.line("acts = []")
                w.line("vals = []")
                w.line("c_ = 0  # the combinations of every row, charged at the end")
                w.line("work_ = st.work")
                shared = self._shared_sorts(order)
                for name in shared.values():
                    w.line(f"{name} = None")
                w.line("try:")
                with w.indent():
                    for i, name in enumerate(order):
                        if name == "pass" and name not in self.ch.actions:
                            w.line(f"if E[{i}] is not None:  # pass")
                            with w.indent():
                                w.line("acts.append(PASS)")
                                w.line("vals.append(None)")
                            continue
                        w.line(f"if E[{i}] is not None:  # action {comment_text(name)}")
                        with w.indent():
                            w.line(f"spec, names, cache = E[{i}]")
                            w.line("while True:")
                            with w.indent():
                                self._inline_body(name, shared)
                                w.line("break")
                w.line("except AnyError:  # made again action by action (Menu.make), to fail where that fails")
                with w.indent():
                    w.line("st.work = work_")
                    w.line("return None")
                w.line("if c_ > st.work or c_ >= MAX_MENU:  # the same (Menu.make): short of work, or near the bound")
                with w.indent():
                    w.line("st.work = work_")
                    w.line("return None")
                w.line("st.work -= c_")
                w.line("return tuple(acts), tuple(vals)")
            drop_unread(w, first)

    def _shared_sorts(self, order) -> dict:
        """{an expression whose cards a body sorts: the local that keeps them sorted},
        for those two bodies of the site start from (one sorting them, the other sorting
        them too or filtering them). Sorts whose cards are charged work are left alone."""
        sorts = [got for name in order for line in self.menu_bodies.get(name, ((), ()))[0]
                 if (got := _sort_of(line[4:])) is not None]
        uses: dict = {}  # X -> the bodies that sort X's cards or filter them
        for x, filtered in sorts:
            uses[x] = uses.get(x, 0) + 1
            if filtered is not None:
                uses[filtered[1]] = uses.get(filtered[1], 0) + 1
        shared = [x for x, _ in sorts if uses.pop(x, 0) >= 2]  # (once each: pop)
        return {x: f"sorted{k}" for k, x in enumerate(shared)}

    @staticmethod
    def _sorted_line(text: str, shared: dict) -> list[str] | None:
        """The lines that take `text` (`cards0 = sorted(...)`) from a kept sort, or None."""
        got = _sort_of(text)
        if got is None:
            return None
        x, filtered = got
        kept = shared.get(x)
        if kept is not None:
            return [f"if {kept} is None:", f"    {kept} = sorted({x})", f"cards0 = {kept}"]
        if filtered is not None and filtered[1] in shared:
            e, kept, test = filtered[0], shared[filtered[1]], filtered[2]
            return [f"cards0 = [{e} for {e} in {kept} if {test}] if {kept} is not None else sorted({x})"]
        return None

    def _inline_body(self, name: str, shared: dict) -> None:
        """Action `name`'s menu body, one level deeper, `return` made `break`; the
        shorthands the function starts with are read once for the whole menu."""
        w = self.w
        lines, where = self.menu_bodies[name]
        pad = "    " * w.level
        k = 0
        while k < len(lines):
            line, at = lines[k], where[k]
            k += 1
            text = line[4:]  # (a function body's own level)
            if text in ("Z = st.zones", "V = st.vars"):
                continue
            if text.strip() == "return":
                text = text.replace("return", "break", 1)
            charged = _charged(lines, k - 1)
            if charged is not None:  # a row's charge (menus._charge): counted, charged at the end
                k += len(_CHARGE)
                outs = [f"c_ += {charged}"] if not _in_loop(lines, k - 1) else [
                    f"c_ += {charged}", "if c_ > st.work or c_ >= MAX_MENU:", "    raise AnyError"]
                text = text[:len(text) - len(text.lstrip(" "))]
                outs = [text + o for o in outs]
            else:
                outs = self._sorted_line(text, shared) or (text,)
            for out in outs:
                w.lines.append(pad + out)
                w.where.append(at)
