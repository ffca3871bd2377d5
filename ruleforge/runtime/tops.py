"""The commonest moves, written short: a pile's top cards into a hand (`move top of deck
to hand of current`, `move top 5 cards of deck to hand of p`), or its top card face up
(`reveal top of deck to revealed`). The generator calls these where it knows that the
cards come from the top of a zone that is no hand, so that nobody loses a card (all who
knew it keep it, board.zone_leave_keep) and no copy left behind is told apart
(board.told_apart), and that they go to a hand (a private zone with an owner: layout.py
makes every private zone one: it lies face down and its new owner learns it) or land
face up (everyone knows it). That is all that is left of what board.move_card works out
for each card: the same board, the same record, the same work charged.
"""

from __future__ import annotations

from .board import UP, PRIVATE, move_card, move_cards
from .events import Moved
from .prims import over_work, spread, top_n


def top_to_hand(st, src: int, dst: int) -> int:
    """board.move_card of zone src's top card (src not empty) to the top of hand dst;
    -> the card."""
    c = st.zones[src].pop()
    st.zones[dst].append(c)
    st.loc[c] = dst
    if st.up[c]:
        st.up[c] = 0
    st.known[c] |= 1 << st.game.zinst[dst].owner
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Moved(c, src, dst, False, st.known[c]))
    return c


def top_up(st, src: int, dst: int) -> int:
    """board.move_up of zone src's top card (src not empty) to the top of zone dst, face
    up: everyone knows it (from no hand, no copy left behind is told apart); -> the card."""
    c = st.zones[src].pop()
    st.zones[dst].append(c)
    st.loc[c] = dst
    st.up[c] = 1
    st.known[c] = st.game.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Moved(c, src, dst, True, st.known[c]))
    return c


def top_n_to_hand(st, src: int, n: int, dst: int) -> None:
    """board.move_cards of prims.top_n(zone src, n) to hand dst: the top card first, so
    the top n cards land in the hand in the reverse of their order in src, as one slice."""
    z = st.zones[src]
    if n <= 0 or st.observer is not None:  # (no card; or every move recorded, one by one)
        move_cards(st, top_n(z, n), dst)
        return
    cards = z[-n:]
    st.work -= len(cards)  # (as move_cards charges, before any card moves)
    if st.work < 0:
        over_work(st)
    del z[-n:]
    cards.reverse()
    st.zones[dst].extend(cards)
    loc, up, known = st.loc, st.up, st.known
    gain = 1 << st.game.zinst[dst].owner
    for c in cards:
        loc[c] = dst
        if up[c]:
            up[c] = 0
        known[c] |= gain


def top_n_to_slots(st, src: int, n: int, row: int, a: int, b: int) -> None:
    """`move top N cards of Z to R slots A to B`: board.move_card of each of
    prims.top_n(zone src, n) to the next of row's slots a to b (prims.spread: the same
    errors, before any card moves), each taking its slot's facing. No work is charged,
    as none was for move_card card by card."""
    cards = top_n(st.zones[src], n)
    slots = spread(st, row, a, b, len(cards))
    if st.observer is not None:
        for c, d in zip(cards, slots):
            move_card(st, c, d)
        return
    if cards:
        del st.zones[src][-len(cards):]
    g = st.game
    zones, zinst, loc, up, known, everyone = st.zones, g.zinst, st.loc, st.up, st.known, g.all_seats
    for c, d in zip(cards, slots):
        zones[d].append(c)
        loc[c] = d
        zi = zinst[d]
        if zi.facing == UP:
            up[c] = 1
            known[c] = everyone
        else:
            if up[c]:
                up[c] = 0
            if zi.facing == PRIVATE:
                known[c] |= 1 << zi.owner
