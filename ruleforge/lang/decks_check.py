"""The type checker's part for decks, dealing and positions: `the 3rd card of Z`,
`player N`, `players starting with P`, and `deal ... to H of each player`."""

from __future__ import annotations

from typing import Optional

from . import ast as A
from .diagnostics import did_you_mean
from .limits import MAX_CARDS
from .names import Scope, Want
from .types import CARD, NUMBER, PLAYER, ZONE, Type, list_of

ORDINAL_NAMES = {1: "first", 2: "second", 3: "third"}


class DecksChecker:
    """Mixin of the type checker (rules.TypeChecker)."""

    def ex_Position(self, node: A.Position, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        t = self.expr(node.zone, scope, want=Want.ZONE)
        if t is not None and t != ZONE:
            self.error(node.zone, f"'the ... card of' takes a pile, hand or slot, not {t.describe()}")
        if node.index < 0:
            self.error(node, "cards are counted from 1: the first card is the top card",
                       "write 'the first card of' for the top card, 'the last card of' for the bottom one")
        elif node.index > MAX_CARDS:
            self.error(node, f"no zone holds {node.index:,} cards: a game has at most {MAX_CARDS:,}")
        return CARD

    def ex_Seat(self, node: A.Seat, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        check_seat(self.sym, node, self.sym.players[1])
        return PLAYER

    def ex_PlayersFrom(self, node: A.PlayersFrom, scope: Scope, want: Optional[Want]) -> Optional[Type]:
        self.require(node.player, self.expr(node.player, scope, want=Want.PLAYER), PLAYER, "the first player")
        return list_of(PLAYER)

    def st_Deal(self, s: A.Deal, scope: Scope, ctx: str) -> None:
        before = len(self.sym.diags)
        zones = self.sym.zones
        info = zones.get(s.zone.name)
        if info is None:
            self.sym.unknown(s.zone, "zone", [z for z, i in zones.items() if i.owner == "each"])
        elif info.owner != "each":
            self.error(s.zone, f"'{s.zone.name}' is not a zone of each player",
                       did_you_mean(s.zone.name, [z for z, i in zones.items() if i.owner == "each"])
                       or "cards are dealt to a zone declared 'per player'")
        elif info.decl.kind == "row":
            self.error(s.zone, f"'{s.zone.name}' is a row: cards are dealt to a pile or hand of each player")
        t = self.expr(s.source, scope, want=Want.ZONE)
        if t is not None and t != ZONE:
            self.error(s.source, f"cards are dealt from a pile, hand or slot, not {t.describe()}")
        if s.count is not None:
            self.require(s.count, self.expr(s.count, scope), NUMBER, "the number of cards dealt")
        if s.start is not None:
            self.require(s.start, self.expr(s.start, scope, want=Want.PLAYER), PLAYER, "the first player dealt to")
        if len(self.sym.diags) == before:
            # the loop the deal stands for: it records what the compiler needs
            self.stmt(s.loop, scope, ctx)


def check_seat(sym, node: A.Seat, upto: int) -> bool:
    """Whether `player N` names a seat: in a game without roles, from 1 to `upto` (the
    most players the game has; a counter's start, which every game needs, the fewest).
    Says what is wrong."""
    roles = sym.role_names
    low, high = sym.players
    if roles:
        hint = (f"player {node.number} is '{roles[node.number - 1]}': write '{roles[node.number - 1]}'"
                if 1 <= node.number <= len(roles) else f"the roles are {', '.join(roles)}")
        sym.error(node, "this game has roles: name a seat by its role", hint)
    elif not 1 <= node.number <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        sym.error(node, f"there is no player {node.number}: this game is for {count} players",
                  f"players are numbered from 1 to {high}")
    elif node.number > upto:
        sym.error(node, f"player {node.number} is not in every game: this game may be played by {low} players",
                  f"a counter starts at a seat every game has (player 1 to player {low}); "
                  "set it in setup otherwise")
    else:
        return True
    return False
