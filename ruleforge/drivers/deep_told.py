"""`check --deep`'s warning of a said local or value of the turn worked out from cards
some seat did not know (runtime/toldfrom.py), and the test both it and the warning of a
text said under a test make at the next decision: does that seat know the cards by now?"""

from __future__ import annotations

from typing import Optional

from .narrate import Narrator


def unknowing_seat(st, mask: int, cards) -> Optional[int]:
    """The first seat outside `mask` that still does not know one of `cards` ((card, the
    printed attribute read, or None) each): one it knows by now was shown by the rule
    itself (a reveal, a card played face up just after); and a printed attribute every card
    of its class shares, the seat knows without knowing the card."""
    up, known, cls, printed = st.up, st.known, st.cls[:-1], st.game.card_attr

    def shared(c, attr) -> bool:
        values = printed.get(attr)
        return values is not None and all(values[x] == values[c] for x, k in enumerate(cls) if k == cls[c])
    for seat in range(st.game.nplayers):
        if not mask >> seat & 1 and any(not up[c] and not known[c] >> seat & 1 and not shared(c, attr)
                                        for c, attr in cards):
            return seat
    return None


def settle_told_from(st) -> None:
    """At a decision (or the game's end): of the texts said since the last one that wrote a
    value worked out from cards some seat did not know, keep the first whose cards that
    seat still does not know."""
    ob = st.observer
    if ob is None or not ob.told_from:
        return
    pending, ob.told_from = ob.told_from, []
    for said, at, name, where, cards, mask in pending if ob.said_from is None else ():
        seat = unknowing_seat(st, mask, cards)
        if seat is not None:
            ob.said_from = (said, at, name, where, seat)
            return


def line_column(at: tuple, said_at: tuple) -> str:
    """'line L, column C' of a place a warning about the say at `said_at` points to, and
    its file when that is not the say's (a variant's say of a test in its base; both are
    (line, column[, file]): codegen.writer.at_of)."""
    text = f"line {at[0]}, column {at[1]}"
    file = at[2] if len(at) > 2 else None
    return text if file == (said_at[2] if len(said_at) > 2 else None) else f"{text} of {file or 'this file'}"


def said_told_from(st) -> Optional[tuple]:
    """(where, what) of the first text said in the game that wrote a local or a value of the
    turn worked out from cards some seat did not know then or by the next decision: the
    text tells every seat that value in full. None when there is none."""
    ob = st.observer
    if ob is None or ob.said_from is None:
        return None
    said, at, name, where, seat = ob.said_from
    g = st.game
    reading = Narrator(g, seat, st).said(said.text, said.cards, said.values)
    return at, (f"'{reading}' tells every seat '{name}', worked out at {line_column(where, at)} from cards "
                f"{g.seat_titles[seat]} did not know, then or by the next decision (write the cards' attribute "
                "itself in the text to tell it only to the seats that know them, or say it after a reveal; if the "
                "rulebook has it announced, write 'announce' for 'say')")
