"""Who may be told which cards a decision named: the `known` of a Decided event.

A seat's telling of another seat's action names a card only when that seat could tell
which card was chosen: it knew the card when the action was taken and still does once
the action is resolved, or the action's own first move of the card showed it to all.
"""

from __future__ import annotations

from .board import zone_leave_keep
from .events import Decided, Flipped, Looked, Moved, Revealed, Swapped


def known_then(st, action, player: int) -> dict | None:
    """{card: who knows it now} for the cards `action` names (a told game only); None
    when it names none. A card chosen out of a hand is known, as chosen, only to the
    hand's owner and the chooser: another seat that knew the card was there did not see
    which card was picked (it learns it if the card then shows)."""
    from .actions import CardSet, Ref
    out = {}
    g = st.game
    copies, loc, known = g.copies, st.loc, st.known
    keep = g.leave_keep or zone_leave_keep(g)
    for _, v in action[2]:
        for x in (v if isinstance(v, CardSet) else (v,)):
            if isinstance(x, Ref) and x.kind == "card":
                c = x.index
                k = -1 if st.up[c] else known[c]
                if k != -1 and (owner := keep[loc[c]]) != -1:
                    k &= owner | 1 << player
                if k != -1 and copies and copies[c]:  # a seat that cannot tell the copies there apart
                    for d in copies[c]:                # cannot tell which of them was chosen
                        if loc[d] == loc[c] and not st.up[d]:
                            k &= known[d]
                out[c] = k
    return out or None


def known_still(st, record: list, at: int) -> None:
    """The Decided event at `record[at]`, its cards' knowledge narrowed to the seats that
    still know each once the action has been resolved (to the next decision): a seat
    that knew a card in another's hand (it saw it arrive there) cannot tell which card
    that player then laid face down, and its telling of the action must not name it.
    A card the action's rules first move face up, on a line of the telling that holds
    only cards the action names, is known to all ("Play a card: King", not "a card"
    and then the King's move)."""
    d = record[at]
    if d.known is None:
        return
    # (-1: face up. A card chosen face up was seen chosen by all; one face up now is
    # known to all, and those who did not know it then learn it from its move, told next)
    still = {c: k if k == -1 or st.up[c] else k & st.known[c] for c, k in d.known.items()}
    shown = shown_by_its_move(record, at + 1, d.known)
    still = {c: -1 if c in shown else k for c, k in still.items()}
    if still != d.known:
        record[at] = Decided(d.seat, d.action, d.prompt, still)


def shown_by_its_move(record: list, start: int, known: dict) -> set:
    """The cards of `known` not known to all whose first event from `start` on is a move
    face up, told on a line (a run of moves between the same two zones, as narration
    groups them) that holds only cards of `known`: every seat sees which card it is as
    it goes. A card first moved face down, swapped, flipped, revealed or looked at is
    left as it is (a card laid face down and revealed later, among others, may not be
    told apart); so is one moved face up among cards the action did not name (a hand
    thrown away whole does not say which card was chosen)."""
    waiting = {c for c, k in known.items() if k != -1}
    shown: set = set()
    i, n = start, len(record)
    while waiting and i < n:
        ev = record[i]
        if isinstance(ev, Moved):
            j = i  # the run of moves between the same zones: one line of the telling
            while j < n and isinstance(record[j], Moved) and (record[j].source, record[j].destination) == \
                    (ev.source, ev.destination):
                j += 1
            run = record[i:j]
            alone = all(m.card in known for m in run)
            for m in run:
                if m.card in waiting:
                    waiting.discard(m.card)
                    if m.face_up and alone:
                        shown.add(m.card)
            i = j
            continue
        if isinstance(ev, Swapped):
            waiting.difference_update((ev.card, ev.other))
        elif isinstance(ev, (Flipped, Revealed)):
            waiting.discard(ev.card)
        elif isinstance(ev, Looked):
            waiting.difference_update(ev.cards)
        i += 1
    return shown
