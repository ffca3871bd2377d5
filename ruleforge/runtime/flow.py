"""The turn flow: the stack of running rules, and the sequence of turns, rounds and
the game's end around them (which seat plays next, when a round is over, when the
endings are checked). The engine's loop (engine.run) runs the rules; this module says
what comes next when they are done.
"""

from __future__ import annotations

import sys
from typing import Callable, NoReturn, Optional

from .events import Eliminated, Ended, GameEnding, RoundBegan, RoundEnded, Status, TurnBegan
from .shown import quantities_now
from .values import Result, RuleError
from .held import keep_if_emptied, winners_in_play
from .prims import over_budget

MAX_FRAMES = 200


class Proc:
    """A compiled rule: the function that runs it (see codegen), how many local slots
    its frame has, which of them hold cards, and where each of its stops is."""

    __slots__ = ("name", "fn", "spans", "nlocals", "is_turn", "card_slots", "cards_slots", "kept", "straight")

    def __init__(self, name: str, fn: Callable, nlocals: int = 0, is_turn: bool = False,
                 card_slots: tuple = (), cards_slots: tuple = (), spans: Optional[dict] = None, kept: tuple = (),
                 straight: Optional[Callable] = None):
        self.name = name
        self.fn = fn  # fn(state, frame): runs the rule until it stops or ends (see codegen)
        self.spans = spans if spans is not None else {}  # block -> the rule-file position it starts at
        self.nlocals = nlocals
        self.is_turn = is_turn
        self.card_slots = card_slots    # locals holding a card
        self.cards_slots = cards_slots  # locals holding a list of cards
        self.kept = kept  # (local, its record): a value worked out from cards (runtime/derived.py)
        # an action's rule that never stops, as fn(st, *its values, actor) run with no
        # frame where nothing watches (decisions.start_action), or None
        self.straight = straight

    def span_at(self, fr: "Frame"):
        return self.spans.get(fr.pc)


class Frame:
    __slots__ = ("proc", "pc", "L", "retry")

    def __init__(self, proc: Proc, L: list, pc: int = 0, retry: int = -1):
        self.proc, self.L, self.pc, self.retry = proc, L, pc, retry

    def copy(self) -> "Frame":
        fr = new_frame(Frame)  # (see push)
        fr.proc, fr.L, fr.pc, fr.retry = self.proc, self.L.copy(), self.pc, self.retry
        return fr


# A frame made on the hot path (push, a turn, an action: decisions.start_action too) is
# made with no Python call to __init__: object.__new__ and four slot stores cost about two
# thirds of Frame(proc, L). (The builtin itself, bound once: a function wrapping it would
# be the call it saves.)
new_frame = object.__new__


def no_block(fr: Frame, pc: int) -> NoReturn:
    """The end of a state machine's loop (codegen/resumable.py), reached only when no
    block has the number the frame goes on at: ruleforge's own bug (a pass that dropped a
    block something still goes on at), which would otherwise go round the loop without
    end, counting no step."""
    raise RuntimeError(f"rule {fr.proc.name!r} went on at block {pc}, which its compiled code does not have "
                       "(a bug in ruleforge, not in the rule file)")


def eliminate(st, seat: int) -> None:
    if not st.out >> seat & 1:
        st.out |= 1 << seat
        keep_if_emptied(st, sys._getframe(1))
        if st.observer is not None and st.observer.record is not None:
            st.observer.record.append(Eliminated(seat))


def in_game(st, seats) -> tuple:
    """`seats` without the eliminated players (the same tuple when nobody is out)."""
    out = st.out
    return tuple(s for s in seats if not out >> s & 1) if out else seats


def end_game(st, ending) -> bool:
    """Stop the rules and run the game-end handlers; the result is fixed after them.
    False when the game is already ending (a game-end handler goes on)."""
    if st.finishing is not None:
        return False
    st.finishing = ending
    st.stack.clear()
    ob = st.observer
    st.resume_telling()  # a telling stopped at the narration limit: the end is told
    if st.game.game_end_procs and ob is not None and ob.record is not None:
        ob.record.append(GameEnding(ending.title))  # (what they do is told under its heading)
    for proc in reversed(st.game.game_end_procs):
        push(st, proc)
    return True


def check_immediate(st) -> bool:
    # Endings are checked once setup is over: a game cannot end before it has begun.
    if st.finishing is None and st.turn_pos >= 0:
        for e in st.game.immediate:
            if e.condition(st, [None] * e.nlocals):
                end_game(st, e)
                return True
    return False


def push(st, proc: Proc, L: Optional[list] = None) -> None:
    st.steps -= 1  # a rule started is a step (and so is each turn of a loop: see run)
    if st.steps <= 0:
        over_budget(st)
    stack = st.stack
    if len(stack) >= MAX_FRAMES:
        raise RuleError(f"rules call each other more than {MAX_FRAMES} deep: an event that triggers itself?")
    ob = st.observer
    if ob is not None and ob.stats is not None and not proc.is_turn:
        ob.stats[proc.name] = ob.stats.get(proc.name, 0) + 1
    fr = new_frame(Frame)  # (Frame(proc, L), written out)
    fr.proc = proc
    fr.L = L if L is not None else [None] * proc.nlocals
    fr.pc = 0
    fr.retry = -1
    stack.append(fr)


# ---- the loop -----------------------------------------------------------------------------

def _next_position(st) -> tuple[int, bool]:
    """Where the turn order goes next, and whether that starts a new round.

    The next position is the one after this turn's (or that of the player who takes the
    next turn), going round the table and skipping eliminated players. A round is over
    when every position of a player still in the game has had its turn in it, or when
    play comes to a position that already had its turn in this round (a player who
    plays again, a trick's winner who leads the next trick)."""
    order = st.game.turn_order
    n = len(order)
    pos = order.index(st.next_seat) if st.next_seat >= 0 else st.turn_pos + 1
    if not st.out:  # nobody is out (the common case): every position is live
        pos %= n
        if st.turn_pos < 0:
            return pos, False
        live = (1 << n) - 1
        return pos, (st.played & live) == live or bool(st.played >> pos & 1)
    for _ in range(n):
        pos %= n
        if not st.out >> order[pos] & 1:
            break
        pos += 1
    else:
        e = RuleError("every player is eliminated, and no ending has said who wins" if not st.fin else
                      "every player has finished or is eliminated, and no ending has said who wins")
        e.stack_at = st.emptied  # the `eliminate` that emptied the table (engine.run places it)
        raise e
    if st.turn_pos < 0:
        return pos, False
    live = sum(1 << i for i, seat in enumerate(order) if not st.out >> seat & 1)
    return pos, (st.played & live) == live or bool(st.played >> pos & 1)


def next_turn(st) -> None:
    g = st.game
    ob = st.observer
    if ob is None and st.next_seat < 0 and not st.out and not st.phase and st.turn_pos >= 0:
        # The common case, the long way below written short: nobody watches, nobody is
        # out, nobody said who plays next, and the turn is within a round (or nothing
        # happens between rounds: no rules or endings at a round's end or beginning).
        # What the turn order fixes for the whole game is kept on it (codegen.load:
        # each position's next, its turn's rule, every position played).
        pos = g.turn_after[st.turn_pos]
        played = st.played
        new_round = played == g.all_played or played >> pos & 1  # (nobody out: every position is live)
        if not new_round or g.plain_flow:
            if new_round:
                st.round += 1
                played = 0
            st.turn_pos = pos
            st.played = played | 1 << pos
            st.turns += 1
            for i in g.turn_vars:  # the values of the turn start as none
                st.vars[i] = None
            proc = g.turn_at[pos]
            st.steps -= 1  # (push, written out)
            if st.steps <= 0:
                over_budget(st)
            fr = new_frame(Frame)
            fr.proc = proc
            fr.L = [None] * proc.nlocals
            fr.pc = 0
            fr.retry = -1
            st.stack.append(fr)
            return
    if ob is not None and ob.watch is not None and not st.phase:  # setup or a turn is over (check --deep looks)
        ob.watch(st)
    pos, new_round = _next_position(st)
    if st.turn_pos < 0:
        st.turn_pos, st.round = pos, 1
        st.first_seat = g.turn_order[pos]
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
                if ob is not None and ob.record is not None:
                    ob.record.append(RoundEnded(st.round))
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
    for i in g.turn_vars:  # the values of the turn start as none
        st.vars[i] = None
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


def _announce_turn(st, fr: Frame) -> None:
    st.stack.pop()
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(TurnBegan(st.game.turn_order[st.turn_pos], st.round))


# Runs after a round's 'when the round begins' rules: says whose turn it is. (A turn
# frame, so rule coverage does not count it.)
TURN_ANNOUNCEMENT = Proc("turn", _announce_turn, is_turn=True, spans={})


def finish_game(st) -> None:
    e = st.finishing
    winners = e.winners(st, [None] * e.nlocals)
    if isinstance(winners, int):
        winners = (winners,)
    if st.game.cooperative:  # the team wins or loses as one, its players out of the game too
        winners = range(st.game.nplayers) if len(winners) else ()
    else:  # an eliminated player wins nothing (a finished one may)
        winners = in_game(st, tuple(winners)) if not st.fin else winners_in_play(st, tuple(winners))
    payoff = st.game.payoff
    # every player has a payoff, an eliminated one too (chips lost are part of the result)
    # (each held to the size of numbers by the generated function, prims.payoff_value)
    payoffs = None if payoff is None else tuple(payoff(st, s) for s in range(st.game.nplayers))
    st.result = Result(e.name, e.title, tuple(sorted(set(winners))), payoffs)
    st.is_over = True
    if st.observer is not None and st.observer.record is not None:
        st.observer.record.append(status(st))
        st.observer.record.append(Ended(st.result))


def status(st) -> Status:
    """A snapshot for the narrator: every number, what lies in each row's slots, and the
    shown quantities (only a told game makes one: a simulation never works them out)."""
    up, zones = st.up, st.zones
    return Status(tuple(st.vars), tuple((zi.index, tuple((c, bool(up[c])) for c in zones[zi.index]))
                                        for zi in st.game.zinst if zi.kind == "slot"), quantities_now(st))
