"""`check --deep`'s warnings of a said text: one some seat is told with a hole, one said
under a test that read cards some seat did not know (prims._guarded), one that writes a
local or value of the turn worked out from such cards (runtime/toldfrom.py); and the test
the last two (and deep_counter.py's) make at the next decision: does that seat know the
cards by now? Each is found once a place (runtime/places.py): every place of the file is
warned of, not the first alone."""

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


def settle(pending: dict, found: dict, st) -> None:
    """At a decision (or the game's end): of the notes kept since the last one (by place:
    runtime/places.py), keep in `found`, for each place not found yet, the first whose
    cards some seat outside its mask still does not know, with that seat. Every note ends
    with (the cards read, who knew them all), and its place is its second item."""
    if not pending:
        return
    for at, notes in list(pending.items()):
        for *note, cards, mask in notes if at not in found else ():
            seat = unknowing_seat(st, mask, cards)
            if seat is not None:
                found[at] = (*note, seat)
                break
    pending.clear()


def settle_guarded(st) -> None:
    """At a decision (or the game's end): of the texts said since the last one under a test
    some seat could not follow (prims._guarded), keep, for each say, the first whose test
    read a card that seat still does not know. One it knows by now was shown by the rule
    itself (a fished card looked at by all; a card played face up just after the test);
    and a printed attribute every card of its class shares, the seat knows without knowing
    the card."""
    ob = st.observer
    if ob is not None:
        settle(ob.guarded, ob.said_guarded, st)


def settle_told_from(st) -> None:
    """At a decision (or the game's end): of the texts said since the last one that wrote a
    value worked out from cards some seat did not know, keep, for each say, the first whose
    cards that seat still does not know."""
    ob = st.observer
    if ob is not None:
        settle(ob.told_from, ob.said_from, st)


def line_column(at: tuple, said_at: tuple) -> str:
    """'line L, column C' of a place a warning about the say at `said_at` points to, and
    its file when that is not the say's (a variant's say of a test in its base; both are
    (line, column[, file]): codegen.writer.at_of)."""
    text = f"line {at[0]}, column {at[1]}"
    file = at[2] if len(at) > 2 else None
    return text if file == (said_at[2] if len(said_at) > 2 else None) else f"{text} of {file or 'this file'}"


def said_told_from(st, known=frozenset()) -> list:
    """(where, what) of each say of the game (but those in `known`) that wrote a local or a
    value of the turn worked out from cards some seat did not know then or by the next
    decision: the text tells every seat that value in full."""
    ob = st.observer
    if ob is None:
        return []
    g, told = st.game, []
    for at, (said, _, name, where, seat) in ob.said_from.items():
        if at in known:
            continue
        reading = Narrator(g, seat, st).said(said.text, said.cards, said.values)
        told.append((at, f"'{reading}' tells every seat '{name}', worked out at {line_column(where, at)} from cards "
                         f"{g.seat_titles[seat]} did not know, then or by the next decision (write the cards' attribute "
                         "itself in the text to tell it only to the seats that know them, or say it after a reveal; if "
                         "the rulebook has it announced, write 'announce' for 'say')"))
    return told


def said_untold(st, known=frozenset()) -> list:
    """(where, what) of each say of the game (but those in `known`) whose text some seat is
    not told in full: a value in it is worked out from a card that seat did not know
    (prims.say notes it). Narration tells that seat the line with a hole ("a hidden
    number"), so nothing leaks; but a line meant for everyone that some seat hears with a
    hole is worth a warning: the designer may have meant it said after a reveal."""
    ob = st.observer
    if ob is None:
        return []
    from ..runtime.said import untold
    g, told = st.game, []
    for at, said in ob.said_untold.items():
        if at in known:
            continue
        seat, (start, end, _, _) = untold(g.nplayers, said.values)[0]
        reading = Narrator(g, seat, st).said(said.text, said.cards, said.values)
        told.append((at, f"'{said.text[start:end]}' in the text said here is worked out from cards "
                         f"{g.seat_titles[seat]} did not know, so that seat is told '{reading}' (say it once the cards "
                         "are known, after a reveal, if every player is to hear it)"))
    return told


def said_guarded(st, known=frozenset()) -> list:
    """(where, what) of each say of the game (but those in `known`) said under a test (an
    `if`, a `repeat while`, a `for each`'s filter) that read a card some seat did not know:
    being said or not, the text tells that seat something of the card. A rule may mean it
    (the rulebook has the player announce it, or a public effect in the same branch tells
    it anyway), so it is a warning, and an `announce` is not followed (codegen/guarded.py)."""
    ob = st.observer
    if ob is None:
        return []
    g, told = st.game, []
    for at, (said, _, test_at, seat) in ob.said_guarded.items():
        if at in known:
            continue
        reading = Narrator(g, seat, st).said(said.text, said.cards, said.values)
        told.append((at, f"whether '{reading}' is said here hangs on the test at {line_column(test_at, at)}, which "
                         f"read cards {g.seat_titles[seat]} did not know, then or by the next decision, so saying it "
                         "tells that seat something of them (if the rulebook has the player announce it, write "
                         "'announce' for 'say')"))
    return told
