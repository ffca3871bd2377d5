"""Statements that run straight through, as Python statements.

A rule that can never stop for a decision is one such Python function; in a rule that
can stop, every stretch between two stops is written this way too (see `resumable`).
The step budget is counted once per loop iteration. After every statement that changes
the board, a game with immediate endings checks them (`check_immediate`), and a rule
stops when the game has ended.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Optional

import attrs

from ...lang import ast as A
from .. import typeinfo as T
from ..limits import MAX_NUMBER
from .picked import Picked
from .topmoves import TopMoves
from .told import said_before
from .writer import at_of

UP, DOWN = 0, 1
EFFECTS = (A.Move, A.Reveal, A.Flip, A.Swap, A.Shuffle, A.SetValue, A.Change, A.Eliminate,
           A.NextTurn, A.Look, A.Finish)
BUDGET = "st.steps -= 1", "if st.steps <= 0: over_budget(st)"


def has_random(node) -> bool:
    """Does evaluating this expression draw from the game's random generator?"""
    if isinstance(node, A.RandomCard):
        return True
    if isinstance(node, (tuple, list)):
        return any(has_random(x) for x in node)
    fields = getattr(node, "__attrs_attrs__", ())
    return any(has_random(getattr(node, f.name)) for f in fields
               if f.name not in ("span", "name_span") and not isinstance(getattr(node, f.name), (str, int)))


def picks_by_rule(node) -> bool:
    """Does this expression pick cards by their attributes (a 'where' or 'the card in')?"""
    if isinstance(node, (A.Filter, A.TheCard)):
        return True
    return any(picks_by_rule(getattr(node, f)) for f in ("collection", "zone") if hasattr(node, f))


class Straight(TopMoves, Picked):
    """Mixin of the code generator: statements without stops, written by `stmt`."""

    def block(self, stmts) -> None:
        if not stmts:
            self.w.line("pass")
        for s in stmts:
            self.stmt(s)

    def stmt(self, s) -> None:
        with self.w.at(s.span):
            self.local_only = False  # set by put(): this statement only changed a local value
            self.number_at = None    # set by put(): where the number it set is read
            self.stmt_method(s)(s)
            local_only, self.local_only = self.local_only, False
            # an ending reads the board, never a rule's local value; and only some of it
            # (footprint.py)
            if self.imm and isinstance(s, EFFECTS) and not local_only and self.may_end(s):
                values = self.equal_only(s) if self.number_at is not None else None
                if values is None:
                    self.w.line("if check_immediate(st): return")
                else:  # only these values can make an ending hold (Footprints.equal_only)
                    test = f"== {values[0]!r}" if len(values) == 1 else f"in {values!r}"
                    self.w.line(f"if {self.number_at} {test} and check_immediate(st): return")
            self.number_at = None

    def loop_head(self, node):
        """Lines written inside belong to the loop statement's head, from its first word
        to the end of `node` (its test, count or collection): a loop that never ends is
        shown there."""
        at, end = self.w.span, getattr(node, "span", None)
        if at is None or end is None or end.file != at.file:
            return self.w.at(at)
        return self.w.at(attrs.evolve(at, end_line=end.end_line, end_column=end.end_column))

    def at_expr(self, node):
        """Lines written inside belong to this expression of the rule file, when it has a
        place (runtime errors are shown there: cli.common.render_runtime_error)."""
        return self.w.at(getattr(node, "span", None) or self.w.span)

    def budget(self) -> None:
        for text in BUDGET:
            self.w.line(text)

    # ---- cards
    def single(self, node, var: str) -> None:
        """var = the card; an expression that draws at random is drawn again (as the
        closures always did) once it has found a card."""
        text = self.ex(node)
        self.w.line(f"{var} = {text}")
        if has_random(node):
            self.w.line(f"if {var} is not None: {var} = {self.ex(node)}")
        elif text in self.sc.cards:  # a card for sure (a card parameter): no test for none
            self.sc.cards.add(var)

    def cards_into(self, node, var: str) -> bool:
        """var = the cards a statement acts on; True when it is a single card (or None)."""
        if T.is_card(self.t(node)):
            self.single(node, var)
            return True
        self.w.line(f"{var} = {self.ex(node)}")
        return False

    def st_Move(self, s: A.Move) -> None:
        facing = {"up": UP, "down": DOWN}.get(s.facing)
        extra = "" if facing is None and s.facing != "bottom" else f", {facing!r}"
        if s.facing == "bottom":
            extra += ", True"
        picked = self.by_attributes(s.what) if picks_by_rule(s.what) else None
        self.moves(s, f"move_card(st, {{c}}, {{d}}{extra})", picked)

    def st_Reveal(self, s: A.Reveal) -> None:
        if s.target is None:
            self.moves(s, "reveal_card(st, {c})", None, dest=False)
        else:
            self.moves(s, f"move_card(st, {{c}}, {{d}}, {UP})", None)

    def moves(self, s, call: str, picked: Optional[bool], dest: bool = True) -> None:
        """`picked`: None, or whether the cards are picked by a rule reading only their
        printed attributes (board.pick_class, called before they move)."""
        w, sc = self.w, self.sc
        if dest and picked is None and s.slots is None and (
                (s.bind is None and self.whole_zone_move(s, call)) or self.top_move(s, call)):
            return
        if dest and picked is None and s.slots is not None and s.bind is None and self.top_to_slots(s, call):
            return
        c, d = sc.fresh("c"), sc.fresh("d")
        single = self.cards_into(s.what, c)
        bind = sc.bind(s, s.bind.name, "card") if s.bind is not None else None
        if single and (not dest or s.slots is None):
            if dest:
                w.line(f"{d} = {self.ex(s.target)}")
            sure = c in sc.cards
            if not sure:
                w.line(f"if {c} is not None:")
            with w.indent() if not sure else nullcontext():
                if picked is not None:
                    w.line(self.pick_call(s, f"({c},)", picked))
                w.line(self.face_up_call(s, call).format(c=c, d=d))
            if bind is not None:
                w.line(f"{bind} = {c}")
            return
        cs = c
        if single:
            cs = sc.fresh("cs")
            w.line(f"{cs} = one({c})")
        e = sc.fresh("c")
        if dest and s.slots is None and call.startswith("move_card(st, {c}, {d}"):
            w.line(f"{d} = {self.ex(s.target)}")
            if picked is not None:
                w.line(f"if {cs}: {self.pick_call(s, cs, picked)}")
            w.line(call.replace("move_card(", "move_cards(").format(c=cs, d=d))
            if bind is not None:
                w.line(f"{bind} = {cs}[0] if {cs} else None")
            return
        if picked is not None:
            w.line(f"if {cs}: {self.pick_call(s, cs, picked)}")
        if not dest:
            w.line(f"for {e} in {cs}:")
        elif s.slots is None:
            w.line(f"{d} = {self.ex(s.target)}")
            w.line(f"for {e} in {cs}:")
        else:
            lo, hi = self.ex(s.slots[0]), self.ex(s.slots[1])
            w.line(f"for {e}, {d} in zip({cs}, spread(st, {self.ex(s.target)}, {lo}, {hi}, len({cs}))):")
        with w.indent():
            w.line(call.format(c=e, d=d))
        if bind is not None:
            w.line(f"{bind} = {cs}[0] if {cs} else None")

    def whole_zone_move(self, s, call: str) -> bool:
        """`move cards in Z to D`: move_all, which moves the zone's list whole."""
        zone = s.what.zone if isinstance(s.what, A.CardsIn) else s.what
        if not (T.is_zone(self.t(zone)) and call.startswith("move_card(st, {c}, {d}") and not call.endswith(", True)")):
            return False
        z, d = self.sc.fresh("z"), self.sc.fresh("d")
        self.w.line(f"{z} = {self.ex(zone)}")
        self.w.line(f"{d} = {self.ex(s.target)}")
        self.w.line(call.replace("move_card(st, {c}", "move_all(st, {c}").format(c=z, d=d))
        return True

    def face_up_call(self, s, call: str) -> str:
        """`move_up` for one card that lands face up on top of its zone (the facing asked
        for, or that of every zone the target may be): move_card without the look-ups."""
        if not (call.startswith("move_card(st, {c}, {d}") and getattr(s, "target", None) is not None):
            return call
        if call.endswith(f", {UP})") or (call == "move_card(st, {c}, {d})" and self.lands_face_up(s.target)):
            return "move_up(st, {c}, {d})"
        return call

    def st_Flip(self, s) -> None:
        c = self.sc.fresh("c")
        self.w.line(f"for {c} in {self.cards_expr(s.what)}: flip_card(st, {c})")

    def cards_expr(self, node) -> str:
        if T.is_card(self.t(node)):
            if has_random(node):
                return f"one_again(lambda: {self.ex(node)})"
            return f"one({self.ex(node)})"
        return self.ex(node)

    def st_Swap(self, s) -> None:
        x, y = self.sc.fresh("x"), self.sc.fresh("y")
        self.w.line(f"{x} = {self.ex(s.first)}")
        self.w.line(f"{y} = {self.ex(s.second)}")
        self.w.line(f"swap_pair({x}, {y})")
        self.w.line(f"swap_cards(st, {x}, {y})")

    def st_Shuffle(self, s) -> None:
        if s.into is None:
            self.w.line(f"shuffle_zone(st, {self.ex(s.zone)})")
            return
        src, dst = self.sc.fresh("z"), self.sc.fresh("z")
        self.w.line(f"{src} = {self.ex(s.zone)}")
        self.w.line(f"{dst} = {self.ex(s.into)}")
        self.w.line(f"move_all(st, {src}, {dst})")
        self.w.line(f"shuffle_zone(st, {dst})")

    def st_Look(self, s) -> None:
        b, c, cs = self.sc.fresh("b"), self.sc.fresh("c"), self.sc.fresh("cs")
        self.w.line(f"{b} = {self.ex(s.player)}")
        self.w.line(f"{cs} = {self.cards_expr(s.what)}")
        # (a game without copies, or cards that lie in no hand, have nothing to tell apart)
        if self.g.copies and not self.is_no_hand(s.what, picked=True):
            self.w.line(f"looked_apart(st, {b}, {cs})")
        self.w.line(f"for {c} in {cs}: st.known[{c}] |= 1 << {b}")
        self.w.line(f"if st.observer is not None: looked(st, {b}, {cs})")

    # ---- numbers
    def target(self, target):
        """-> (Python target for a local, None) or (None, (index expr, clamp))."""
        g = self.g
        if isinstance(target, A.Name):
            ref = T.ref(self.ch, target)
            if ref[0] == "local":
                return self.sc.slots[ref[1]], None
            return None, (repr(g.counter_base[ref[1]][0]), None, repr(ref[1]))
        if isinstance(target, A.Of):
            base = g.counter_base[target.name.name][0]
            return None, (f"{base} + {self.ex(target.owner)}", None, None)
        t = self.t(target.obj)
        if T.is_card(t):
            base = g.card_counter_base[target.name]
            obj = self.ex(target.obj)
            if obj in self.sc.cards:  # a card for sure: its counter's index, no check for None
                return None, (f"{base} + {obj}", None, None)
            return None, (f"card_var({obj}, {base}, {target.name!r})", None, None)
        kind = T.piece_kind(t)
        lo, hi, _ = self.ch.pieces[kind].attrs[target.name]
        return None, (self.piece_var(kind, target.name, self.ex(target.obj)), (lo, hi), None)

    def put(self, target, value_of, value=None) -> None:
        local, var = self.target(target)
        if local is not None:
            if value is None or T.kind(self.t(value)) in ("number", "any"):  # (a card, a player... has no size)
                self.w.line(f"{local} = num({value_of(local)})")
            else:
                self.w.line(f"{local} = {value_of(local)}")
            self.local_only = True
            return
        index, clamp, label = var
        i = index
        if not index.isdigit():
            i = self.sc.fresh("i")
            self.w.line(f"{i} = {index}")
        self.number_at = f"V[{i}]"
        v = value_of(f"V[{i}]")
        if clamp is not None:
            v = f"min({clamp[1]!r}, max({clamp[0]!r}, {v}))"
            lo, hi = clamp
            if type(lo) is int and type(hi) is int and -MAX_NUMBER <= lo <= hi <= MAX_NUMBER:
                # kept within its range, so within the size of numbers: set_var's check is
                # not needed, and its call only when something records the change
                x = self.sc.fresh("x")
                self.w.line(f"{x} = {v}")
                self.w.line(f"if st.observer is None: V[{i}] = {x}")
                self.w.line(f"else: set_var(st, {i}, {x}, {label or f'LABELS[{i}]'})")
                return
        self.w.line(f"set_var(st, {i}, {v}, {label or f'LABELS[{i}]'})")
        if isinstance(target, A.Attr) and T.is_card(self.t(target.obj)):  # a per-card counter
            self.w.line(f"counter_changed(st, {i} - {self.g.card_counter_base[target.name]})")

    def st_SetValue(self, s) -> None:
        self.put(s.target, lambda old: self.ex(s.value), s.value)

    def st_Change(self, s) -> None:
        sign = "+" if s.op == "increase" else "-"
        self.put(s.target, lambda old: f"{old} {sign} {self.ex(s.amount)}")

    def st_Let(self, s) -> None:
        t = self.t(s.value)
        kind = "card" if T.is_card(t) else "cards" if T.is_cards(t) else None
        value = self.let_value(s)
        self.w.line(f"{self.sc.bind(s, s.name.name, kind)} = {value}")

    def let_value(self, s) -> str:
        value = self.ex(s.value)
        v = s.value
        if T.kind(self.t(v)) == "number" and (isinstance(v, A.SumFor) or isinstance(v, A.Binary) and v.op in ("+", "-")):
            # (a sum may pass 10**18 though each part is within it; a product is held by mul)
            value = f"num({value})"
        return value

    # ---- players and the turn
    def st_Eliminate(self, s) -> None:
        self.w.line(f"eliminate(st, {self.ex(s.player)})")

    def st_NextTurn(self, s) -> None:
        self.w.line(f"st.next_seat = {self.ex(s.player)}")

    def st_EndTurn(self, s) -> None:
        self.w.line("end_turn(st)")
        self.w.line("return")

    def st_EndGame(self, s) -> None:
        self.w.line(f"if end_game(st, {self.ending_name(s.ending.name)}): return")

    def st_Say(self, s) -> None:
        parts = [repr(p) if isinstance(p, str) else
                 self.told_part(p, lambda p=p: self.formatted(self.ex(p), self.t(p)), said_before(s.parts, k))
                 for k, p in enumerate(s.parts)]
        if not parts:
            parts = [repr(s.text)]
        self.say_line(self.said_parts(parts, s.parts), s)

    @staticmethod
    def said_parts(parts: list[str], nodes) -> str:
        """The text of a said line of `parts` (source texts): one part as it is, several
        made one after another only until the line is past its limit (prims.said_text)."""
        if len(parts) == 1:
            return parts[0]
        return "said_text((" + ", ".join(p if isinstance(n, str) else f"lambda: {p}"
                                           for p, n in zip(parts, nodes)) + ",))"

    def say_line(self, text: str, s) -> None:
        """The `say` `s` of the text expression `text`: worked out only when someone reads
        the game, and at no cost to it (prims.say). An `announce` names no tests and no
        values worked out from cards: the rulebook has it told, so check --deep keeps quiet
        of what they tell (its text is still told to each seat as it may know it)."""
        guards = f", {self.say_guards!r}" if self.say_guards and not s.announced else ""  # (guarded.py)
        if getattr(self, "say_from", ()) and not s.announced:  # (saidfrom.py)
            guards += f", told_from={self.say_from!r}"
        self.w.line(f"if st.observer is not None: say(st, lambda: {text}, {at_of(s.span)!r}{guards})")

    def formatted(self, v: str, t) -> str:
        k = T.kind(t)
        if k == "card":  # marked: each seat is told only the cards it knows (prims.said_card)
            return f"said_card({v})"
        if k == "player":
            return f"STITLE[{v}]"
        if k == "piece":
            return f"PNAME[{v}]"
        if k == "bool":
            return f"('yes' if {v} else 'no')"
        if k in ("zone", "row"):
            return f"ZLABEL[{v}]"
        if k == "list":
            item, depth = T.elem(t), 1
            while T.kind(item) == "list":
                item, depth = T.elem(item), depth + 1
            x = self.sc.fresh("x")
            if depth == 1:
                return f"said_list({v}, lambda {x}: {self.formatted(x, item)})"
            # a list of lists: one call, not a comprehension a level (three brackets each,
            # and Python compiles at most 200 nested: a list 67 deep did not compile)
            return f"told_lists({v}, {depth}, lambda {x}: {self.formatted(x, item)})"
        if k == "sym":  # a joker's suit, a symbol counter not set: none, as narration says
            return f"({v} or 'none')"
        return f"str({v})"

    # ---- control flow without stops
    def st_If(self, s) -> None:
        notes = self.guard_notes(s, [cond for cond, _ in s.branches])
        for k, (cond, body) in enumerate(s.branches):
            with self.at_expr(cond):  # (an error in the test is shown at the test)
                self.w.line(f"{'if' if k == 0 else 'elif'} {self.ex(cond)}:")
            with self.w.indent(), self.under(notes[:k + 1], body):
                self.branch(s, k)
                self.block(body)
        if s.otherwise is not None:
            self.w.line("else:")
            with self.w.indent(), self.under(notes, s.otherwise):
                self.branch(s, len(s.branches))
                self.block(s.otherwise)

    def st_RepeatTimes(self, s) -> None:
        with self.at_expr(s.count):
            self.w.line(f"for _ in range({self.ex(s.count)}):")
        with self.w.indent():
            with self.loop_head(s.count):  # (the budget's line: a loop that never ends)
                self.budget()
            self.block(s.body)

    def st_RepeatWhile(self, s) -> None:
        with self.at_expr(s.condition):
            self.w.line(f"while {self.ex(s.condition)}:")
        with self.w.indent():
            with self.loop_head(s.condition):  # (the budget's line: a loop that never ends)
                self.budget()
            with self.under(self.guard_notes(s, [s.condition]), s.body):
                self.block(s.body)

    def st_ForEach(self, s) -> None:
        et = T.elem(self.t(s.collection))
        var = self.sc.bind(s, s.name.name, "card" if T.is_card(et) else None)
        with self.at_expr(s.collection):
            self.w.line(f"for {var} in {self.coll(s.collection)}:")
        with self.w.indent():
            with self.loop_head(s.collection):  # (the budget's line: a loop that never ends)
                self.budget()
            with self.under(self.filter_notes(s, var), s.body):
                self.block(s.body)
