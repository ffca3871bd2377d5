"""The engine: game state as a plain value, and the loop that runs compiled rules.

A game is a sequence of decision points. Between them the engine runs compiled
instructions (closures made once by `compile`) on a small call stack of frames held in
the state itself, so a state can stop at any decision, be cloned, and go on. Clone cost
is a few list copies; the random generator is an integer inside the state.
"""

from __future__ import annotations

from typing import Callable, Optional

from . import rng
from .actions import Action, payload as _payload
from .events import (Decided, Eliminated, Ended, Flipped, Moved, Revealed, RoundBegan,
                     Shuffled, Status, Swapped, TurnBegan, ValueSet)
from .values import IllegalAction, Result, RuleError

UP, DOWN, PRIVATE = 0, 1, 2
MAX_FRAMES = 200


class Proc:
    """A compiled rule: its instructions, their spans, and how many local slots it uses."""

    __slots__ = ("name", "code", "spans", "nlocals", "is_turn", "card_slots", "cards_slots")

    def __init__(self, name: str, is_turn: bool = False):
        self.name = name
        self.code: list[Callable] = []
        self.spans: list = []
        self.nlocals = 0
        self.is_turn = is_turn
        self.card_slots: tuple = ()   # locals holding a card
        self.cards_slots: tuple = ()  # locals holding a list of cards


class Frame:
    __slots__ = ("proc", "pc", "L", "retry")

    def __init__(self, proc: Proc, L: list, pc: int = 0, retry: int = -1):
        self.proc, self.L, self.pc, self.retry = proc, L, pc, retry

    def copy(self) -> "Frame":
        return Frame(self.proc, self.L.copy(), self.pc, self.retry)


class Pending:
    """A decision the game is waiting for: its actions in canonical order and, at the
    same index, what each gives back to the rules (see runtime.actions). Immutable once
    made, so clones share it."""

    __slots__ = ("player", "prompt", "actions", "values", "resume")

    def __init__(self, player: int, prompt: str, actions: tuple, values: tuple, resume: Callable):
        self.player, self.prompt, self.actions, self.values = player, prompt, actions, values
        self.resume = resume


class ZoneInst:
    """One concrete zone: a pile, a hand, one slot of a row, or a whole row (which holds
    no cards itself; its slots do)."""

    __slots__ = ("index", "decl", "owner", "facing", "kind", "slot", "label", "slots")

    def __init__(self, index, decl, owner, facing, kind, slot, label):
        self.index, self.decl, self.owner, self.facing = index, decl, owner, facing
        self.kind, self.slot, self.label = kind, slot, label
        self.slots: tuple = ()


class Ending:
    __slots__ = ("name", "title", "winners", "condition", "at_round_end", "nlocals")

    def __init__(self, name, title, winners, condition, at_round_end, nlocals):
        self.name, self.title, self.winners = name, title, winners
        self.condition, self.at_round_end, self.nlocals = condition, at_round_end, nlocals


class State:
    """One game in progress. Copy it with `clone()`; change it only with `apply()`."""

    __slots__ = ("game", "zones", "loc", "up", "known", "cls", "vars", "rng", "stack", "pending",
                 "turn_pos", "round", "turns", "phase", "over", "result", "finishing",
                 "decisions", "out", "next_seat", "played", "observer")

    # ---- the public face
    @property
    def record(self) -> Optional[list]:
        """The events so far (see events.py), or None when nothing is recorded. Read-only:
        a driver may clear the list it returns, not replace it."""
        ob = self.observer
        return None if ob is None else ob.record

    @property
    def stats(self) -> Optional[dict]:
        """Rule coverage: how many times each rule ran, or None when not counted."""
        ob = self.observer
        return None if ob is None else ob.stats

    @property
    def current_player(self) -> Optional[int]:
        """The seat that must decide now, or None when the game is over."""
        return None if self.pending is None else self.pending.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def prompt(self) -> str:
        return "" if self.pending is None else self.pending.prompt

    def legal_actions(self) -> list[Action]:
        """The legal actions of the current decision, in canonical (sorted) order; empty
        when the game is over."""
        return [] if self.pending is None else list(self.pending.actions)

    def apply(self, action: Action) -> None:
        """Take `action` for the current player and run the rules to the next decision."""
        p = self.pending
        if p is None:
            raise IllegalAction("game over", "the game is over")
        try:
            payload = _payload(self, p, action)
        except ValueError:
            raise IllegalAction("not offered", f"{action} is not a legal action now") from None
        self.pending = None
        self.decisions += 1
        ob = self.observer
        if ob is not None and ob.record is not None:
            ob.record.append(Decided(p.player, action, p.prompt))
        p.resume(self, self.stack[-1] if self.stack else None, payload)
        run(self)

    def view(self, player: Optional[int]):
        """What `player` (a seat, or None for a spectator) may know, and nothing more."""
        from .view import view
        return view(self, player)

    def clone(self) -> "State":
        s = State.__new__(State)
        s.game = self.game
        s.zones = [z.copy() for z in self.zones]
        s.loc = self.loc.copy()
        s.up = self.up.copy()
        s.known = self.known.copy()
        s.cls = self.cls.copy()
        s.vars = self.vars.copy()
        s.rng = self.rng
        s.stack = [f.copy() for f in self.stack]
        s.pending = self.pending
        s.turn_pos, s.round, s.turns, s.phase = self.turn_pos, self.round, self.turns, self.phase
        s.out, s.next_seat, s.played = self.out, self.next_seat, self.played
        s.over, s.result, s.finishing = self.over, self.result, self.finishing
        s.observer = None  # a clone is a board to explore, not the game being watched
        s.decisions = self.decisions
        return s

    # ---- conveniences for tests, narration and tools
    def role_of(self, seat: int) -> str:
        return self.game.seat_names[seat]

    def cards_in(self, zone: str, owner=None, slot: Optional[int] = None) -> list[str]:
        """Names of the cards in a zone, bottom to top (omniscient: for tests and tools)."""
        inst = self.game.zone_inst(zone, owner, slot)
        if inst.kind == "row":
            return [self.game.cards[c].name for s in inst.slots for c in self.zones[s]]
        return [self.game.cards[c].name for c in self.zones[inst.index]]

    def piece(self, kind: str, key: str, attr: str) -> int:
        return self.vars[self.game.piece_var(kind, key, attr)]

    def counter(self, name: str, owner=None) -> int:
        return self.vars[self.game.counter_var(name, owner)]

    def card_attr(self, card: str, attr: str):
        """A card's attribute as the rules see it now (rules evaluated, counters read)."""
        g = self.game
        c = g.card_index[card]
        if attr in g.card_counter_base:
            return self.vars[g.card_counter_base[attr] + c]
        dyn = g.card_dyn.get(attr)
        f = dyn[c] if dyn else None
        return f(self, c) if f is not None else g.card_attr[attr][c]

    def quantity(self, name: str, owner=None) -> int:
        """A quantity with every active card's modifiers applied."""
        return quantity(self, name, None if owner is None else self.game.seat(owner))

    def is_eliminated(self, who) -> bool:
        return bool(self.out >> self.game.seat(who) & 1)

    def is_face_up(self, card: str) -> bool:
        return bool(self.up[self.game.card_index[card]])

    def knows(self, seat: int, card: str) -> bool:
        c = self.game.card_index[card]
        return bool(self.up[c] or (self.known[c] >> seat) & 1)


# ---- primitives used by compiled instructions ------------------------------------------
# Most games run with no observer (bulk simulation, search): a primitive's only cost for
# it is the one `st.observer is not None` test.

def place(st: State, c: int, inst: int, facing: Optional[int] = None, src: int = -1) -> None:
    """Give card c the facing of the zone it now lies in (or the one a rule says), and
    update who knows it.

    Face up: everyone. Private: the owner learns it. Face down: those who knew it keep
    knowing it (they watched it go there), except when it came out of a hand: nobody
    else can tell which card of a hand was put down, so only the hand's owner still
    knows it.
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
    if src >= 0 and not was_up:  # a card everyone saw stays known to everyone
        from_zone = g.zinst[src]
        if from_zone.kind == "hand":
            st.known[c] &= (1 << from_zone.owner) if from_zone.owner >= 0 else 0
    if f == PRIVATE and zi.owner >= 0:
        st.known[c] |= 1 << zi.owner


def move_card(st: State, c: int, dst: int, facing: Optional[int] = None, bottom: bool = False) -> None:
    src = st.loc[c]
    st.zones[src].remove(c)
    if bottom:
        st.zones[dst].insert(0, c)
    else:
        st.zones[dst].append(c)
    st.loc[c] = dst
    place(st, c, dst, facing, src)
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Moved(c, src, dst, bool(st.up[c]), st.known[c]))


def swap_cards(st: State, a: int, b: int) -> None:
    za, zb = st.loc[a], st.loc[b]
    if a == b:
        return
    ia, ib = st.zones[za].index(a), st.zones[zb].index(b)
    st.zones[za][ia], st.zones[zb][ib] = b, a
    st.loc[a], st.loc[b] = zb, za
    place(st, a, zb, None, za)
    place(st, b, za, None, zb)
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Swapped(a, za, zb, bool(st.up[a]), b, bool(st.up[b]), st.known[a], st.known[b]))


def reveal_card(st: State, c: int) -> None:
    st.up[c] = 1
    st.known[c] = st.game.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Revealed(c, st.loc[c]))


def flip_card(st: State, c: int) -> None:
    if st.up[c]:
        st.up[c] = 0
    else:
        st.up[c] = 1
        st.known[c] = st.game.all_seats
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Flipped(c, bool(st.up[c])))


def shuffle_zone(st: State, inst: int) -> None:
    cards = st.zones[inst]
    st.rng = rng.shuffle(st.rng, cards)
    new_class(st, cards)
    # Nobody can follow a face-down card through a shuffle, except the owner of a private
    # zone (a hand), who still holds every card of it.
    zi = st.game.zinst[inst]
    keep = (1 << zi.owner) if zi.facing == PRIVATE and zi.owner >= 0 else 0
    for c in cards:
        if not st.up[c]:
            st.known[c] &= keep
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(Shuffled(inst, len(cards)))


def new_class(st: State, cards) -> None:
    """Cards shuffled together, or picked out by a rule everyone can read, form a new
    class: to someone who cannot see them, the cards of a class are interchangeable
    (see determinize)."""
    k = max(st.cls) + 1 if st.cls else 0
    for c in cards:
        st.cls[c] = k


def set_var(st: State, i: int, value, label: str) -> None:
    old = st.vars[i]
    st.vars[i] = value
    if st.observer is not None and st.observer.record is not None and old != value:
        st.observer.record.append(ValueSet(label, old, value))


def eliminate(st: State, seat: int) -> None:
    if not st.out >> seat & 1:
        st.out |= 1 << seat
        if st.observer is not None and st.observer.record is not None:
            st.observer.record.append(Eliminated(seat))


def in_game(st: State, seats) -> tuple:
    """`seats` without the eliminated players (the same tuple when nobody is out)."""
    out = st.out
    return tuple(s for s in seats if not out >> s & 1) if out else seats


def end_game(st: State, ending: Ending) -> None:
    """Stop the rules and run the game-end handlers; the result is fixed after them."""
    if st.finishing is not None:
        return
    st.finishing = ending
    st.stack.clear()
    for proc in reversed(st.game.game_end_procs):
        push(st, proc)


def check_immediate(st: State) -> None:
    # Endings are checked once setup is over: a game cannot end before it has begun.
    if st.finishing is None and st.turn_pos >= 0:
        for e in st.game.immediate:
            if e.condition(st, [None] * e.nlocals):
                end_game(st, e)
                return


def quantity(st: State, name: str, player: Optional[int]) -> int:
    """A quantity's rule, plus what every active card adds to it for this player."""
    g = st.game
    base, slot, ctx = g.quantities[name]
    L = [None] * ctx.n
    if slot is not None:
        L[slot] = player
    value = base(st, L)
    mods = g.modifiers
    if mods:
        for z in g.active_zones:
            for c in st.zones[z]:
                for q, sign, amount, target, many, mctx in mods[c]:
                    if q != name:
                        continue
                    M = [None] * mctx.n
                    M[0] = c
                    who = target(st, M)
                    if (player in who) if many else (player == who):
                        value += sign * amount(st, M)
    return value


def push(st: State, proc: Proc, L: Optional[list] = None) -> None:
    if len(st.stack) >= MAX_FRAMES:
        raise RuleError(f"rules call each other more than {MAX_FRAMES} deep: an event that triggers itself?")
    if st.observer is not None and st.observer.stats is not None and not proc.is_turn:
        st.observer.stats[proc.name] = st.observer.stats.get(proc.name, 0) + 1
    st.stack.append(Frame(proc, L if L is not None else [None] * proc.nlocals))


def decide(st: State, player: int, prompt: str, offer: tuple, resume: Callable) -> None:
    """Stop for `player`: `offer` is (actions, payloads) from a runtime.actions builder."""
    st.pending = Pending(player, prompt, offer[0], offer[1], resume)


def offer_again(st: State) -> None:
    """Make the pending decision again from `st` as it is now (its cards where they lie
    now, its rules' locals): `check --deep` asks it of a world whose hidden cards were
    re-dealt, to see whether the offered actions depend on them. The decision is the
    last instruction the top frame ran."""
    if st.pending is None or not st.stack:
        return
    st.stack[-1].pc -= 1
    st.pending = None
    run(st)


# ---- the loop -----------------------------------------------------------------------------

def _next_position(st: State) -> tuple[int, bool]:
    """Where the turn order goes next, and whether that starts a new round.

    The next position is the one after this turn's (or that of the player who takes the
    next turn), going round the table and skipping eliminated players. A round is over
    when every position of a player still in the game has had its turn in it, or when
    play comes to a position that already had its turn in this round (a player who
    plays again, a trick's winner who leads the next trick)."""
    order = st.game.turn_order
    n = len(order)
    pos = order.index(st.next_seat) if st.next_seat >= 0 else st.turn_pos + 1
    for _ in range(n):
        pos %= n
        if not st.out >> order[pos] & 1:
            break
        pos += 1
    else:
        raise RuleError("every player is eliminated, and no ending has said who wins")
    if st.turn_pos < 0:
        return pos, False
    live = sum(1 << i for i, seat in enumerate(order) if not st.out >> seat & 1)
    return pos, (st.played & live) == live or bool(st.played >> pos & 1)


def _next_turn(st: State) -> None:
    g = st.game
    ob = st.observer
    if ob is not None and ob.watch is not None and not st.phase:  # setup or a turn is over (check --deep looks)
        ob.watch(st)
    pos, new_round = _next_position(st)
    if st.turn_pos < 0:
        st.turn_pos, st.round = pos, 1
        st.next_seat, st.played = -1, 1 << pos
        check_immediate(st)
        if st.finishing is not None:
            return
    else:
        if new_round or st.phase:
            # The round is over when the last seat has played; 'current' is still that
            # seat. First the 'when the round ends' rules run, then the round-end endings
            # are checked. (Those rules may eliminate a player or say who plays next, so
            # the next position is worked out again after them.)
            if g.round_end_procs and not st.phase:
                st.phase = 1
                for proc in reversed(g.round_end_procs):
                    push(st, proc)
                return
            st.phase = 0
            for e in g.round_end:
                if e.condition(st, [None] * e.nlocals):
                    end_game(st, e)
                    return
            st.round += 1
            st.played = 0
        st.turn_pos = pos
        st.next_seat = -1
        st.played |= 1 << pos
    seat = g.turn_order[st.turn_pos]
    st.turns += 1
    if st.played == 1 << st.turn_pos and g.round_begin_procs:
        # A round begins: its 'when the round begins' rules run first ('current' is the
        # player about to play), and the turn is announced once they are done.
        if ob is not None and ob.record is not None:
            ob.record.append(status(st))
            ob.record.append(RoundBegan(st.round))
        push(st, g.turn_procs[seat])
        push(st, TURN_ANNOUNCEMENT)
        for proc in reversed(g.round_begin_procs):
            push(st, proc)
        return
    if ob is not None and ob.record is not None:
        ob.record.append(status(st))
        ob.record.append(TurnBegan(seat, st.round))
    push(st, g.turn_procs[seat])


def _announce_turn(st: State, fr: Frame) -> None:
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(TurnBegan(st.game.turn_order[st.turn_pos], st.round))


# Runs after a round's 'when the round begins' rules: says whose turn it is. (A turn
# frame, so rule coverage does not count it.)
TURN_ANNOUNCEMENT = Proc("turn", is_turn=True)
TURN_ANNOUNCEMENT.code, TURN_ANNOUNCEMENT.spans = [_announce_turn], [None]


def _finish(st: State) -> None:
    e = st.finishing
    winners = e.winners(st, [None] * e.nlocals)
    if isinstance(winners, int):
        winners = (winners,)
    winners = in_game(st, tuple(winners))  # an eliminated player wins nothing
    st.result = Result(e.name, e.title, tuple(sorted(set(winners))))
    st.over = True
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(status(st))
        st.observer.record.append(Ended(st.result))


def status(st: State) -> Status:
    """A snapshot for the narrator: every number, and what lies in each row's slots."""
    up, zones = st.up, st.zones
    return Status(tuple(st.vars), tuple((zi.index, tuple((c, bool(up[c])) for c in zones[zi.index]))
                                        for zi in st.game.zinst if zi.kind == "slot"))


def run(st: State) -> None:
    """Run instructions until a decision is pending or the game is over."""
    budget = st.game.step_budget
    stack = st.stack
    fr = None
    try:
        while st.pending is None and not st.over:
            if not stack:
                if st.finishing is not None:
                    _finish(st)
                    break
                _next_turn(st)
                continue
            fr = stack[-1]
            code = fr.proc.code
            pc = fr.pc
            if pc >= len(code):
                stack.pop()
                continue
            fr.pc = pc + 1
            code[pc](st, fr)
            budget -= 1
            if budget <= 0:
                raise RuleError(f"more than {st.game.step_budget:,} steps without a decision: "
                                "does a loop never end?", fr.proc.name, fr.proc.spans[pc])
    except RecursionError:
        raise RuleError("a quantity, attribute or definition is computed from itself",
                        fr.proc.name if fr is not None else None,
                        fr.proc.spans[min(fr.pc - 1, len(fr.proc.spans) - 1)] if fr is not None and fr.proc.spans else None) from None
    except RuleError as e:
        if e.rule is None and fr is not None:
            e.rule = fr.proc.name
            e.span = fr.proc.spans[min(fr.pc - 1, len(fr.proc.spans) - 1)] if fr.proc.spans else None
            e.args = (e.describe(),)
        raise
