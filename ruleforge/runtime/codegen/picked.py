"""Cards a rule picks out of their zones: whether every seat can tell which (board.pick_class).

A pick by a rule everyone can read (`move cards in deck where suit = hearts to row`)
makes its cards a class of their own in sampled worlds only where each seat could tell
which cards the rule picked: the generator says whether the rule reads only printed
attributes, and calls the board's check before the cards move.
"""

from __future__ import annotations

from ...lang import ast as A
from .. import typeinfo as T


class Picked:
    """Mixin of the code generator's statements: needs self.ch, self.g, self.t(), self.ex()
    and self.has_rules()."""

    def by_attributes(self, node) -> bool:
        """Does this pick of cards (a 'where' or 'the card in') read only the cards' printed
        attributes, the game's parameters and constants? Then it picks the same cards in
        every world a seat could imagine (board.pick_class); a pick that reads where a card
        lies, a counter or a hidden card does not, and neither does one from a list of
        cards (`let t = top 6 cards of deck`, `t where suit = hearts`): which cards the
        list holds is not public."""
        if isinstance(node, A.TheCard):
            return self.by_attributes(node.collection)
        if isinstance(node, A.Filter):
            return self.by_attributes(node.collection) and self.reads_attributes(node.condition)
        if isinstance(node, A.CardsIn):
            node = node.zone
        # all of a zone's (or a row's) cards; not a name holding a list of cards
        return isinstance(node, (A.Name, A.Of, A.Slot)) and T.kind(self.t(node)) in ("zone", "row")

    def reads_attributes(self, node) -> bool:
        if isinstance(node, (A.Number, A.Text, A.Bool)):
            return True
        if isinstance(node, A.Name):
            ref = T.ref(self.ch, node)
            if ref[0] == "element attr":
                return self.printed(ref[2])
            return ref[0] in ("element", "param", "symbol")
        if isinstance(node, A.Attr):
            return (isinstance(node.obj, A.Name) and T.ref(self.ch, node.obj)[0] == "element"
                    and T.is_card(self.t(node.obj)) and self.printed(node.name))
        if isinstance(node, A.Unary):
            return self.reads_attributes(node.operand)
        if isinstance(node, A.Binary):
            return self.reads_attributes(node.left) and self.reads_attributes(node.right)
        if isinstance(node, A.Between):
            return all(self.reads_attributes(n) for n in (node.value, node.low, node.high))
        if isinstance(node, A.ListOf):
            return all(self.reads_attributes(n) for n in node.items)
        return False

    def printed(self, attr: str) -> bool:
        """A card's attribute as its card list prints it: no counter, no rule."""
        return attr not in self.g.card_counter_base and not self.has_rules(attr)

    def pick_call(self, s, cards: str, by_attributes: bool) -> str:
        """board.pick_class of `cards`; from one zone the generator knows, by printed
        attributes, the shorter board.pick_class_from (the usual pick, out of a box)."""
        node = s.what.collection if isinstance(s.what, A.TheCard) else s.what
        if by_attributes and isinstance(node, A.Filter) and isinstance(node.collection, A.CardsIn):
            zone = self.ex(node.collection.zone)
            if zone.isdigit():
                return f"pick_class_from(st, {cards}, {zone})"
        return f"pick_class(st, {cards}, {by_attributes})"
