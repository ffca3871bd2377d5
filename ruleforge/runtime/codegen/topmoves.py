"""The generator's side of runtime/tops.py: a move of a zone's top cards, where the
generator knows that zone is no hand, written as one short call."""

from __future__ import annotations

from ...lang import ast as A

UP = 0


class TopMoves:
    """Mixin of the code generator (stmts.Straight): `moves` asks these first."""

    def top_move(self, s, call: str) -> bool:
        """`move top of Z to D` (or `top N cards of Z`), Z no hand, D a hand, or one card
        landing face up (`reveal top of Z to D`): the top cards popped, none looked for
        (tops.py). Z and N are worked out before D, as for any move."""
        what, plain = s.what, call == "move_card(st, {c}, {d})"
        if not (isinstance(what, A.Top) and what.end == "top" and self.is_no_hand(what.zone)):
            return False
        if what.count is None and (call.endswith(f", {UP})") or (plain and self.lands_face_up(s.target))):
            name = "top_up"
        elif plain and self.lands_in_hand(s.target) and (what.count is None or s.bind is None):
            name = "top_to_hand" if what.count is None else "top_n_to_hand"
        else:
            return False
        w, sc = self.w, self.sc
        z = self.ex(what.zone)
        if not z.isdigit():
            w.line(f"{(z := sc.fresh('z'))} = {self.ex(what.zone)}")
        if what.count is not None and not (n := self.ex(what.count)).isdigit():
            w.line(f"{(n := sc.fresh('n'))} = {self.ex(what.count)}")
        w.line(f"{(d := sc.fresh('d'))} = {self.ex(s.target)}")
        if what.count is not None:
            w.line(f"top_n_to_hand(st, {z}, {n}, {d})")
        elif s.bind is None:
            w.line(f"if Z[{z}]: {name}(st, {z}, {d})")
        else:  # (the card moved, or none)
            w.line(f"{sc.bind(s, s.bind.name, 'card')} = {name}(st, {z}, {d}) if Z[{z}] else None")
        return True

    def top_to_slots(self, s, call: str) -> bool:
        """`move top N cards of Z to R slots A to B`, Z no hand: one call (tops.py)."""
        what = s.what
        if not (call == "move_card(st, {c}, {d})" and isinstance(what, A.Top) and what.end == "top"
                and what.count is not None and self.is_no_hand(what.zone)):
            return False
        args = (what.zone, what.count, s.target, s.slots[0], s.slots[1])
        self.w.line(f"top_n_to_slots(st, {', '.join(self.ex(x) for x in args)})")
        return True
