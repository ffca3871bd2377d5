"""Lark's parse tree -> the syntax tree: the constructs of decks, dealing and positions
(other standard decks, generated card lists, `deal`, `the 3rd card of`, `player N`)."""

from __future__ import annotations

from lark import v_args

from . import ast as A
from .build import Builder, unquote

ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "last": 0}


@v_args(meta=True)
class DecksBuilder(Builder):
    # ---- decks
    def cards_standard(self, meta, c):
        decks, without, jokers, zone = c
        return A.CardsDecl(self._span(meta), "standard", self._name(zone),
                           decks=int(decks) if decks is not None else 1,
                           without=tuple(without or ()), jokers=jokers[0] if jokers else 0,
                           decks_span=self._tspan(decks) if decks is not None else None,
                           jokers_span=jokers[1] if jokers else None)

    def deck_without(self, meta, c):
        return list(c)

    def deck_rank(self, meta, c):
        tok = c[0]
        if tok.type == "INT":
            return A.Number(self._tspan(tok), int(tok))
        return self._name(tok)

    def deck_jokers(self, meta, c):
        return (int(c[0]), self._span(meta))

    def loop_in(self, meta, c):
        return A.CardLoop(self._span(meta), self._name(c[0]), c[1])

    def loop_range(self, meta, c):
        return A.CardLoop(self._span(meta), self._name(c[0]), None, c[1], c[2], c[3])

    def card_list_decl(self, meta, c):
        title, *rest = c
        loops = tuple(x for x in rest if isinstance(x, A.CardLoop))
        attrs = tuple(x for x in rest if isinstance(x, A.CardAttr))
        effects = tuple(x for x in rest if isinstance(x, A.CardEffect))
        mods = tuple(m for x in rest if isinstance(x, tuple) for m in x[1])
        return A.CardListDecl(self._span(meta), unquote(title), self._tspan(title), loops, attrs, effects, mods)

    # ---- positions and seats
    def position(self, meta, c):
        word = str(c[0])
        # `0th` is kept apart from `last` (0), for the checker to refuse
        index = ORDINAL_WORDS[word] if word in ORDINAL_WORDS else (int(word[:-2]) or -1)
        return A.Position(self._span(meta), index, c[1])

    def seat(self, meta, c):
        return A.Seat(self._span(meta), int(c[0]))

    def players_from(self, meta, c):
        return A.PlayersFrom(self._span(meta), c[0])

    # ---- dealing
    def deal_start(self, meta, c):
        return c[0]

    def deal_all(self, meta, c):
        source, zone, start = c
        return self._deal(meta, None, source, zone, start)

    def deal_n(self, meta, c):
        count, source, zone, start = c
        return self._deal(meta, count, source, zone, start)

    def _deal(self, meta, count, source, zone_tok, start):
        """The deal, and the loop a designer would write for it: round the table, one
        card at a time, from the top of the source. Every node of the loop carries the
        span of the part of the deal it comes from, so a mistake points into the deal."""
        span = self._span(meta)
        zone = self._name(zone_tok)
        # a name no rule can write (a local is a NAME), unique in its rule
        p = A.Name(zone.span, f"dealt_{span.line}_{span.column}")
        order = A.PlayersFrom(start.span, start) if start is not None else A.Players(zone.span)
        move = A.Move(span, A.Top(source.span, "top", None, source),
                      A.Of(zone.span, zone, A.Name(zone.span, p.name)), None, None, None)
        if count is None:
            # "deal all the cards": round after round while cards are left; a turn of the
            # table that runs out stops at the player it reaches (no 'runs out' rule runs:
            # the source is never taken from while empty)
            left = A.Test(source.span, "not empty", source)
            loop = A.RepeatWhile(span, left, (A.ForEach(span, p, order, (A.If(span, ((left, (move,)),), None),)),))
        else:
            loop = A.RepeatTimes(span, count, (A.ForEach(span, p, order, (move,)),))
        return A.Deal(span, count, source, zone, start, loop)
