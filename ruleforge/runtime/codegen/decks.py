"""The code generator's part for decks, dealing and positions (lang/decks_check.py is
the checker's): a deal is compiled as the loop it stands for (ast.Deal.loop), so its
moves, events and logs are the loop's."""

from __future__ import annotations

from ...lang import ast as A


class Decks:
    """Mixin of the code generator (module.CodeGenerator)."""

    def ex_Position(self, node: A.Position) -> str:
        z = self.ex(node.zone)
        if node.index == 0:
            return f"bottom_of(Z[{z}])"
        return f"nth_card(Z[{z}], {node.index!r})"

    def ex_Seat(self, node: A.Seat) -> str:
        if node.number <= self.g.nplayers:
            return repr(node.number - 1)
        return f"no_seat({node.number!r}, {self.g.nplayers!r})"

    def ex_PlayersFrom(self, node: A.PlayersFrom) -> str:
        return f"players_from(st, {self.ex(node.player)}, {self.seat_order()!r})"

    def st_Deal(self, s: A.Deal) -> None:
        self.stmt(s.loop)

    def sm_Deal(self, s: A.Deal) -> None:
        # the deal stops where its loop does: a 'runs out' rule that makes a decision
        self.sm_block((s.loop,))
