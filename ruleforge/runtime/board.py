"""The board of a game: where every card lies, its facing, who knows it, the classes
of cards shuffled together, every number, and the random generator. This is what
`State.clone()` copies (a few flat lists); the primitives here are the only changes
generated rules make to it.
"""

from __future__ import annotations

from itertools import chain
from typing import Optional

from . import rng
from .events import Flipped, Moved, Revealed, Shuffled, Swapped, ValueSet
from .limits import MAX_NUMBER
from .prims import charge, over_work, random_of
from .values import RuleError

UP, DOWN, PRIVATE = 0, 1, 2


_copy_list = list.copy


class Board:
    """The cards and numbers of a game in progress (see the module doc). `cls[c]` is card
    c's class (pick_class, shuffle_zone); `cls[-1]`, after the cards', the number the next class takes.
    `marks`, a tuple shared by copies until it changes (rarely: no copy per clone), gives per
    card where sampled worlds put its counters (`marks[c]`: counter_changed) and whether a
    rule holding it lost its place (`marks[n + c]`: _held_lost)."""

    __slots__ = ("zones", "loc", "up", "known", "cls", "vars", "rng", "marks")

    def copy_board(self, into: "Board") -> None:
        into.zones = list(map(_copy_list, self.zones))  # (no bytecode per zone)
        into.loc = self.loc.copy()
        into.up = self.up.copy()
        into.known = self.known.copy()
        into.cls = self.cls.copy()
        into.vars = self.vars.copy()
        into.rng = self.rng
        into.marks = self.marks


# ---- primitives used by compiled instructions ------------------------------------------
# Most games run with no observer (bulk simulation, search): a primitive's only cost for
# it is the one `st.observer is not None` test.

def place(st, c: int, inst: int, facing: Optional[int] = None, src: int = -1) -> None:
    """Give card c the facing of the zone it now lies in (or the one a rule says), and
    update who knows it.

    Face up: everyone. Private: the owner learns it. Face down: those who knew it keep
    knowing it (they watched it go there), except when it came out of a hand: nobody
    else can tell which card of a hand was put down, so only the hand's owner still
    knows it (and the others forget which cards they knew are left: _mixed).
    """
    g = st.game
    zi = g.zinst[inst]
    f = zi.facing if facing is None else facing
    if f == UP:
        st.up[c] = 1
        st.known[c] = g.all_seats
        return
    was_up = st.up[c]
    st.up[c] = 0
    gain = (1 << zi.owner) if f == PRIVATE and zi.owner >= 0 else 0
    if src >= 0 and not was_up:  # (a card everyone saw stays known to everyone)
        keep = (g.leave_keep or zone_leave_keep(g))[src]
        if keep != -1:  # out of a hand, unseen, as move_card
            st.known[c] &= keep
            _mixed(st, src, keep | gain)
    st.known[c] |= gain


def move_card(st, c: int, dst: int, facing: Optional[int] = None, bottom: bool = False) -> None:
    loc, zones = st.loc, st.zones
    src = loc[c]
    z = zones[src]
    if z[-1] == c:  # the top card, the most moved: no search
        z.pop()
    else:
        z.remove(c)
    if bottom:
        zones[dst].insert(0, c)
    else:
        zones[dst].append(c)
    loc[c] = dst
    g = st.game
    zi = g.zinst[dst]
    f = zi.facing if facing is None else facing
    if f == UP:  # place(), written out for speed
        if g.copies and not st.up[c] and g.copies[c]:
            told_apart(st, c, src)
        st.up[c] = 1
        st.known[c] = g.all_seats
    else:
        if st.up[c]:
            st.up[c] = 0
        else:
            keep = (g.leave_keep or zone_leave_keep(g))[src]
            if keep != -1:  # out of a hand, unseen (from anywhere else: all who knew it keep it)
                if g.copies and g.copies[c]:
                    told_apart(st, c, src)
                st.known[c] &= keep
                _mixed(st, src, keep | (1 << zi.owner if f == PRIVATE and zi.owner >= 0 else 0))
        if f == PRIVATE and zi.owner >= 0:
            st.known[c] |= 1 << zi.owner
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Moved(c, src, dst, bool(st.up[c]), st.known[c]))


def move_up(st, c: int, dst: int) -> None:
    """move_card to the top of a zone, face up (the generator knows the facing)."""
    loc, zones = st.loc, st.zones
    src = loc[c]
    z = zones[src]
    if z[-1] == c:
        z.pop()
    else:
        z.remove(c)
    zones[dst].append(c)
    loc[c] = dst
    g = st.game
    if g.copies and not st.up[c]:
        for d in g.copies[c]:  # (most often no copy is left where c was: told_apart has nothing to do)
            if loc[d] == src:
                told_apart(st, c, src)
                break
    st.up[c] = 1
    st.known[c] = g.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Moved(c, src, dst, True, st.known[c]))


def move_cards(st, cards, dst: int, facing: Optional[int] = None, bottom: bool = False) -> None:
    """move_card for each of `cards`, in order: one call for them all when nothing
    records the moves (bulk simulation, search). A whole zone goes by move_all."""
    st.work -= len(cards)  # each card moved is work (prims.charge, written out: the hot path)
    if st.work < 0:
        over_work(st)
    if bottom or st.observer is not None:
        for c in cards:
            move_card(st, c, dst, facing, bottom)
        return
    g = st.game
    zi = g.zinst[dst]
    f = zi.facing if facing is None else facing
    loc, zones, up, known = st.loc, st.zones, st.up, st.known
    into = zones[dst]
    if f == UP:
        everyone, copies = g.all_seats, g.copies
        for c in cards:
            z = zones[src := loc[c]]
            if z[-1] == c:  # top cards first, the common case (top_n): no search
                z.pop()
            else:
                z.remove(c)
            into.append(c)
            loc[c] = dst
            if copies and not up[c] and copies[c]:
                told_apart(st, c, src)
            up[c] = 1
            known[c] = everyone
        return
    keep = g.leave_keep or zone_leave_keep(g)
    gain = (1 << zi.owner) if f == PRIVATE and zi.owner >= 0 else 0
    for c in cards:
        src = loc[c]
        z = zones[src]
        if z[-1] == c:
            z.pop()
        else:
            z.remove(c)
        into.append(c)
        loc[c] = dst
        if up[c]:
            up[c] = 0
        elif (k := keep[src]) != -1:  # out of a hand, unseen (from anywhere else: all who knew it keep it)
            if g.copies and g.copies[c]:
                told_apart(st, c, src)
            known[c] &= k
            _mixed(st, src, k | gain)
        if gain:
            known[c] |= gain


def move_all(st, src: int, dst: int, facing: Optional[int] = None) -> None:
    """move_cards of every card in zone `src`, bottom card first (`move cards in
    discard to deck`): the zone's list is moved whole, no card looked for."""
    zones = st.zones
    cards = zones[src]
    if src == dst or st.observer is not None:
        move_cards(st, tuple(cards), dst, facing)
        return
    st.work -= len(cards)  # (as move_cards charges)
    if st.work < 0:
        over_work(st)
    g = st.game
    zi = g.zinst[dst]
    f = zi.facing if facing is None else facing
    loc, up, known = st.loc, st.up, st.known
    if f == UP:
        everyone = g.all_seats
        for c in cards:
            loc[c] = dst
            up[c] = 1
            known[c] = everyone
    else:
        keep = (g.leave_keep or zone_leave_keep(g))[src]
        gain = (1 << zi.owner) if f == PRIVATE and zi.owner >= 0 else 0
        if keep == -1 and not gain:  # a pile to a face-down pile (the box to the deck): who knew a card keeps it
            for c in cards:
                loc[c] = dst
                if up[c]:
                    up[c] = 0
        else:
            for c in cards:
                loc[c] = dst
                if up[c]:
                    up[c] = 0
                else:
                    known[c] &= keep
                if gain:
                    known[c] |= gain
    zones[dst].extend(cards)
    cards.clear()


def told_apart(st, c: int, src: int) -> None:
    """Card c, which has copies, leaves zone `src` (or is shown in it), and a seat that did
    not know which card it was learns it: if `src` is a hand, that seat cannot tell it
    from a copy it knew there (it saw a Coin go into the hand, and now sees a Coin come
    out), so of the copies it knew there it can be sure of one fewer: it forgets one.
    (Forgetting none told it, by the copies' numbers, what else the hand holds; forgetting
    all told it, with three copies, whether the one that left was one it knew.) Called
    before c's knowledge changes; a pile's cards keep theirs (each has its place)."""
    g = st.game
    keep = (g.leave_keep or zone_leave_keep(g))[src]
    if keep == -1:
        return
    forget = g.all_seats & ~(st.known[c] | keep)  # (the hand's owner tells its cards apart)
    if not forget:
        return
    loc, known = st.loc, st.known
    for d in g.copies[c]:
        if loc[d] == src:
            hit = known[d] & forget
            if hit and not st.up[d]:
                known[d] ^= hit
                forget ^= hit
                if not forget:
                    return


def looked_apart(st, seat: int, cards) -> None:
    """`seat` looks at `cards` (before it learns them): where one it did not know lies in a
    hand beside copies of it that the seat knew and does not look at, the seat cannot
    tell whether it is looking at a copy it knew (told_apart, for a look): it forgets one
    of them. The hand's owner does not: it holds its cards and tells them apart, as it
    does when one leaves (told_apart), so looking at its cards one by one teaches it
    each of them."""
    g = st.game
    copies, keep = g.copies, g.leave_keep or zone_leave_keep(g)
    bit = 1 << seat
    loc, up, known = st.loc, st.up, st.known
    looked = set(cards)
    for c in looked:
        if (copies[c] and not up[c] and not known[c] & bit and keep[z := loc[c]] != -1
                and not keep[z] & bit):
            for d in copies[c]:
                if loc[d] == z and d not in looked and not up[d] and known[d] & bit:
                    known[d] &= ~bit
                    break


def _mixed(st, hand: int, keep: int) -> None:
    """A card left `hand` unseen: a seat that cannot tell which one (not in `keep`: the
    hand's owner, and a seat the card went to) no longer knows which of the cards it
    knew are still there. Keeping that knowledge told it, by elimination, which card
    left (a card it had peeked at, gone from the hand as a card is played face down)."""
    up, known = st.up, st.known
    for d in st.zones[hand]:
        if not up[d]:
            known[d] &= keep


def zone_leave_keep(g) -> list:
    """Per zone, the seats that still know a face-down card after it leaves that zone
    face down (see place): a hand's owner only; from anywhere else, all who knew it."""
    g.leave_keep = [((1 << z.owner) if z.owner >= 0 else 0) if z.kind == "hand" else -1 for z in g.zinst]
    return g.leave_keep


def swap_cards(st, a: int, b: int) -> None:
    loc, up, known = st.loc, st.up, st.known
    za, zb = loc[a], loc[b]
    if a == b:
        return
    g = st.game
    if g.copies and za != zb:  # (before the swap: the copies each card leaves behind)
        if g.copies[a] and not up[a]:
            told_apart(st, a, za)
        if g.copies[b] and not up[b]:
            told_apart(st, b, zb)
    A, B = st.zones[za], st.zones[zb]
    ia, ib = A.index(a), B.index(b)
    A[ia], B[ib] = b, a
    loc[a], loc[b] = zb, za
    for c, dst, src in ((a, zb, za), (b, za, zb)):  # place(st, c, dst, None, src), written out: no call each
        zi = g.zinst[dst]
        if zi.facing == UP:
            up[c] = 1
            known[c] = g.all_seats
            continue
        was_up = up[c]
        up[c] = 0
        gain = (1 << zi.owner) if zi.facing == PRIVATE and zi.owner >= 0 else 0
        if not was_up:
            keep = (g.leave_keep or zone_leave_keep(g))[src]
            if keep != -1:
                known[c] &= keep
                _mixed(st, src, keep | gain)
        known[c] |= gain
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Swapped(a, za, zb, bool(st.up[a]), b, bool(st.up[b]), st.known[a], st.known[b]))


def reveal_card(st, c: int) -> None:
    g = st.game
    if g.copies and not st.up[c] and g.copies[c]:
        told_apart(st, c, st.loc[c])
    st.up[c] = 1
    st.known[c] = st.game.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Revealed(c, st.loc[c]))


def flip_card(st, c: int) -> None:
    if st.up[c]:
        st.up[c] = 0
    else:
        g = st.game
        if g.copies and g.copies[c]:
            told_apart(st, c, st.loc[c])
        st.up[c] = 1
        st.known[c] = g.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Flipped(c, bool(st.up[c])))


def shuffle_zone(st, inst: int) -> None:
    cards = charge(st, st.zones[inst])  # each card shuffled is work: a loop of shuffles ends
    st.rng = rng.shuffle(st.rng, cards)
    # Nobody can follow a face-down card through a shuffle, except the owner of a private
    # zone (a hand), who still holds every card of it. A hand's cards form no class of
    # their own: which cards it holds is no more public after its owner shuffles it.
    g = st.game
    zi = g.zinst[inst]
    keep = (1 << zi.owner) if zi.facing == PRIVATE and zi.owner >= 0 else 0
    up, known, cls = st.up, st.known, st.cls
    _held_lost(st, cards)
    if keep:
        for c in cards:
            if not up[c]:
                known[c] &= keep
    elif cards:
        if st.game.card_counter_base:
            _counters_by_card(st, cards)
        # The cards form a new class, with every card of their classes that some seat
        # cannot see, wherever it lies: a class of the pile's cards alone would tell the
        # seats' sampled worlds which cards of the deck's class are in the deck, so which
        # are in the hands dealt from it (see determinize).
        was = [*map(cls.__getitem__, cards)]
        m = was[0]
        if was.count(m) == len(was):  # one class, the usual shuffle: no generator, counted in C
            wider = (m,) if cls.count(m) > len(was) and _unfollowed(st, cards, was, m) else ()
        else:  # (rarely: a class with cards outside the pile, as the hands dealt from a deck)
            wider = [m for m in set(was) if cls.count(m) > was.count(m) and _unfollowed(st, cards, was, m)]
        k = cls[-1]
        cls[-1] = k + 1
        for c in cards:
            cls[c] = k
            if not up[c]:
                known[c] = 0
        for m in wider:
            _widen(st, m, k)
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Shuffled(inst, len(cards)))


def pick_class(st, cards, by_attributes: bool) -> None:
    """Cards a rule everyone can read picks out of their zones (`move cards in deck where
    suit = hearts to row`) form a new class, called before they move: to a seat that
    cannot see them they are interchangeable with each other and with no other card, so
    a row of hidden hearts stays hearts in every sampled world (see determinize).

    That is honest only for cards every seat can tell the rule picked, and a class of
    the cards alone would otherwise tell a seat's worlds which cards they are (and so
    which are left in the hands dealt from the same deck). A card joins when every seat
    sees it, or, for a rule that reads only the cards' printed attributes
    (`by_attributes`), when every card of its class that some seat cannot see lies in
    the zones the cards are picked from: the rule picks the same cards in any world the
    seat could imagine. Other cards keep their class: a seat's worlds may then know less
    than it does (that these are hearts), never more."""
    cls = st.cls
    get = cls.__getitem__
    if by_attributes:
        # the usual pick first, counted in C with no generator: cards of one class, all of
        # which lies in the first card's zone (so the cards are picked from it)
        m = cls[cards[0]]
        if [*map(get, cards)].count(m) == len(cards) and \
                [*map(get, st.zones[st.loc[cards[0]]])].count(m) == cls.count(m):
            _join(cls, cards)
            return
        zones, where = st.zones, set(map(st.loc.__getitem__, cards))
        held = [*map(get, chain.from_iterable(zones[z] for z in where))]
        if all(held.count(m) == cls.count(m) for m in set(map(get, cards))):
            _join(cls, cards)
            return
    up, known, loc = st.up, st.known, st.loc
    alls = st.game.all_seats
    joined = [c for c in cards if up[c] or known[c] == alls]
    if by_attributes:
        where = set(map(loc.__getitem__, cards))
        whole: dict[int, bool] = {}  # class -> all its hidden cards lie in `where`
        for c in cards:
            if up[c] or known[c] == alls:
                continue
            m = cls[c]
            if m not in whole:
                whole[m] = all(loc[x] in where or up[x] or known[x] == alls
                               for x, kx in enumerate(cls[:-1]) if kx == m)
            if whole[m]:
                joined.append(c)
    _join(cls, joined)


def pick_class_from(st, cards, z: int) -> None:
    """pick_class of cards picked by their printed attributes out of zone z: when the zone
    holds one whole class (a box before anything is dealt from it), a class of their own,
    found with two counts in C; otherwise as pick_class."""
    cls = st.cls
    held = [*map(cls.__getitem__, st.zones[z])]
    m = held[0]
    if held.count(m) == len(held) == cls.count(m):
        _join(cls, cards)
    else:
        pick_class(st, cards, True)


def _join(cls, cards) -> None:
    if cards:
        k = cls[-1]  # the next class's number, kept after the cards' (no search for the largest)
        cls[-1] = k + 1
        for c in cards:
            cls[c] = k


def _counters_by_card(st, cards) -> None:
    """Before a shuffle (see counter_changed): a card every seat sees has counters everyone
    knows by the card, so they go with it in sampled worlds (BY_CARD). A hidden card's
    counters kept with its place (BY_PLACE) told the worlds where each card now lies,
    which nobody can follow through a shuffle (a deck whose cards' charge is their value:
    the top card's charge): they are LOST, dealt at random among the places of such cards
    of the class."""
    up, known, alls, m = st.up, st.known, st.game.all_seats, st.marks
    if any(m[:len(st.loc)]):  # (usually no counter has changed yet: found in C)
        _mark(st, [(c, BY_CARD if up[c] or known[c] == alls else LOST) for c in cards if m[c]])


def _unfollowed(st, cards, was, m: int) -> bool:
    """Is one of `cards` whose class was m hidden from some seat (before the shuffle)?"""
    up, known, alls = st.up, st.known, st.game.all_seats
    return any(w == m and not up[c] and known[c] != alls for c, w in zip(cards, was))


def _widen(st, m: int, k: int) -> None:
    """Class m's cards that some seat cannot see join class k: a seat that could not
    follow the cards of m shuffled into k cannot tell them from the rest of m."""
    up, known, cls = st.up, st.known, st.cls
    alls = st.game.all_seats
    for x, kx in enumerate(cls[:-1]):
        if kx == m and not up[x] and known[x] != alls:
            cls[x] = k


BY_CARD, BY_PLACE, LOST = 0, 1, 2  # where a card's counters go in a sampled world (determinize)


def _mark(st, changes) -> None:
    """Board.marks with these (index, value) changes: a new tuple (copies share the old)."""
    m = st.marks
    changes = [(i, x) for i, x in changes if m[i] != x]
    if changes:
        m = list(m)
        for i, x in changes:
            m[i] = x
        st.marks = tuple(m)


def _held_lost(st, cards) -> None:
    """A shuffle: seats that cannot see a card a rule holds (a counter, a value of the
    turn, a rule's local value) lose its place, so in their sampled worlds it stands for a
    card of its class at a hidden place of the zone where it lies, not for the card now
    at its place (determinize; Board.marks[n + c]). The other cards of the pile lose the
    mark: a rule that holds one later holds it by a place it can tell."""
    g = st.game
    card_vars = g.held_card_vars
    if card_vars is None:
        card_vars = g.held_card_vars = tuple(i for i, kind in g.var_kinds.items() if kind == "card")
    held = []  # (usually none: a loop of a few tests, no set, no comprehension)
    V = st.vars
    for i in card_vars:
        if V[i] is not None:
            held.append(V[i])
    for fr in st.stack:
        proc = fr.proc
        if proc.card_slots or proc.cards_slots:
            L = fr.L
            for i in proc.card_slots:
                if L[i] is not None:
                    held.append(L[i])
            for i in proc.cards_slots:
                if L[i]:
                    held.extend(L[i])
    if held or (st.marks is not g.no_marks and 1 in st.marks[len(st.loc):]):  # (nothing to mark or clear)
        n = len(st.loc)
        held, up = set(held), st.up
        _mark(st, [(n + c, 1 if c in held else 0) for c in cards if not up[c]])


def random_card(st, found):
    """random_of for a card: nobody can tell which place it was drawn from, so its place
    is lost (_held_lost) to every seat that cannot see it."""
    c = random_of(st, found)
    if c is not None and not st.up[c]:
        i = len(st.loc) + c
        if not st.marks[i]:
            m = list(st.marks)
            m[i] = 1
            st.marks = tuple(m)
    return c


def counter_changed(st, c: int) -> None:
    """A per-card counter of card c changed (after set_var). Where some seat cannot see
    the card, that seat learns the number but not which card holds it (narration says
    'a card'), so its sampled worlds keep the counters with the card's place (BY_PLACE),
    not with the card. A card every seat sees keeps its counters wherever a world deals
    it (BY_CARD): everyone knows them."""
    how = BY_CARD if st.up[c] or st.known[c] == st.game.all_seats else BY_PLACE
    if st.marks[c] != how:
        _mark(st, ((c, how),))


def set_var(st, i: int, value, label: str) -> None:
    if type(value) is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
        if value > 0:
            raise RuleError.over("number", f"{label} would be more than {MAX_NUMBER:,} (10**18), the largest number "
                                 "a rule may compute (docs/limits.md)")
        raise RuleError.over("number", f"{label} would be less than -{MAX_NUMBER:,} (-10**18), the smallest number a "
                             "rule may compute (docs/limits.md)")
    old = st.vars[i]
    st.vars[i] = value
    if st.observer is not None and st.observer.record is not None and old != value:
        st.observer.record.append(ValueSet(label, old, value))
