"""The engine: game state as a plain value, and the loop that runs compiled rules.

A game is a sequence of decision points. Between them the engine runs the compiled
rules (generated Python, see codegen) on a small call stack of frames held in the
state itself, so a state can stop at any decision, be cloned, and go on. A state is a
board (board.py: cards, numbers, the random generator) plus the turn flow (flow.py:
the stack, the pending decision, turn and round, the end) and an optional observer
that clones never carry. Clone cost is a few list copies.
"""

from __future__ import annotations

import re
from operator import itemgetter
from types import MappingProxyType
from typing import Callable, Mapping, Optional

from .board import (DOWN, PRIVATE, UP, Board, counter_changed, flip_card, random_card, move_all, move_card, move_cards, move_up, pick_class, pick_class_from, place,  # noqa: F401
                    reveal_card, set_var, shuffle_zone, swap_cards)
from .decided import known_still as _known_still, known_then as _known_then
from .events import Decided, Record
from .flow import (MAX_FRAMES, TURN_ANNOUNCEMENT, Frame, Proc, finish_game, next_turn, check_immediate,  # noqa: F401
                   end_game, eliminate, in_game, push, status)
from .actions import Action, Deferred
from .placing import SOURCE_LINES, SOURCE_TEXT, where_of, placed, too_deep  # noqa: F401 (engine's names for them)
from .values import IllegalAction, RuleError, UnknownName, shown as _shown


class Pending(tuple):
    """A decision the game is waiting for: (player, prompt, actions, values, resume), its
    actions in canonical order and, at the same index, what each gives back to the rules
    (see runtime.actions); resume is the slot of the waiting frame's locals that receives
    the answer. Immutable, so clones share it.

    This is what `State.pending` gives, made from `State.waiting`, the same fields in a
    plain tuple: the engine makes one at every decision and reads it at every answer, and
    a plain tuple is made without a call (a subclass's costs some 250 ns through
    tuple.__new__) and read by the interpreter's fast paths for exact tuples."""

    __slots__ = ()
    player = property(itemgetter(0))
    prompt = property(itemgetter(1))
    actions = property(itemgetter(2))
    values = property(itemgetter(3))
    resume = property(itemgetter(4))

    def __new__(cls, player: int, prompt: str, actions: tuple, values: tuple, resume: int):
        return tuple.__new__(cls, (player, prompt, actions, values, resume))

    def __getnewargs__(self) -> tuple:  # pickle and copy make it again from its fields
        return tuple(self)


_new_tuple = tuple.__new__


def waiting_for(player: int, prompt: str, actions: tuple, values: tuple, resume: int) -> tuple:
    """A decision as `State.waiting` holds it (see Pending): for a decision made once, with
    its module (codegen/resumable.py); the engine writes the tuple out."""
    return (player, prompt, actions, values, resume)


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


class State(Board):
    """One game in progress. Copy it with `clone()`; change it only with `apply()`.

    The board's fields come from Board; the rest is the turn flow (the stack of rule
    frames, the pending decision, turn position, round, phase, who is out, the end) and
    the observer. `is_over` is a plain field, not a property: a driver asks it at every
    decision; read it, never set it."""

    __slots__ = ("game", "stack", "waiting", "turn_pos", "round", "turns", "phase", "is_over", "result",
                 "finishing", "decisions", "out", "fin", "next_seat", "played", "steps", "work", "observer",
                 "first_seat", "judging", "emptied", "game_left")

    # ---- the public face
    @property
    def record(self) -> Optional[list]:
        """The events so far (see events.py), or None when nothing is recorded. Read-only:
        a driver may clear the list it returns, not replace it."""
        ob = self.observer
        return None if ob is None else ob.record

    @property
    def stats(self) -> Optional[Mapping]:
        """Rule coverage: how many times each rule ran, or None when not counted (a
        read-only view: the counts are the engine's)."""
        ob = self.observer
        return None if ob is None or ob.stats is None else MappingProxyType(ob.stats)

    @property
    def pending(self) -> Optional[Pending]:
        """The decision the game is waiting for (see Pending), or None when it is over or
        running rules. Setting it to None makes the decision be asked again by the next
        run (testing.refresh)."""
        w = self.waiting
        return None if w is None else _new_tuple(Pending, w)

    @pending.setter
    def pending(self, p) -> None:
        self.waiting = None if p is None else tuple(p)

    @property
    def current_player(self) -> Optional[int]:
        """The seat that must decide now, or None when the game is over."""
        return None if self.waiting is None else self.waiting[0]

    @property
    def prompt(self) -> str:
        return "" if self.waiting is None else self.waiting[1]

    def legal_actions(self) -> list[Action]:
        """The legal actions of the current decision, in canonical (sorted) order; empty
        when the game is over."""
        p = self.waiting
        if p is None:
            return []
        try:
            return list(p[2])
        except TypeError:  # None: left for later (State.after), made now
            return list(_offer_now(self)[2])

    def apply(self, action: Action) -> None:
        """Take `action` for the current player and run the rules to the next decision."""
        p = self.waiting
        if p is None:
            raise IllegalAction("game over", "the game is over")
        player, prompt, actions, values, resume = p
        try:
            payload = values[actions.index(action)]  # what the rules get back for it
        except ValueError:
            raise IllegalAction("not offered", f"{action} is not a legal action now") from None
        except AttributeError:
            if actions is not None:
                raise
            _offer_now(self)  # left for later (State.after): made now
            return self.apply(action)
        if type(payload) is Deferred:
            payload = payload.resolve(self, player)
        g = self.game
        made = self.decisions
        if made >= g.decision_cap:  # before anything changes: the state stays as it was
            raise RuleError.over("decisions", decision_cap_message(g.decision_cap))
        self.waiting = None
        self.decisions = made + 1
        ob = self.observer
        if ob is not None and ob.record is not None:  # a told game (playouts skip all this)
            at = len(ob.record)
            ob.record.append(Decided(player, action, prompt, _known_then(self, action, player)))
            self.stack[-1].L[resume] = payload
            run(self)
            _known_still(self, ob.record, at)
            return
        stack = self.stack
        stack[-1].L[resume] = payload  # the waiting rule goes on from its next block
        # `run`, written out for the common case (a decision far from the game's own
        # limit): the call saved is one a decision, and every playout makes it
        left = self.game_left
        full = g.both_budgets
        if left < full:
            return run(self)
        self.steps = g.step_budget
        self.work = g.work_budget
        fr = None
        try:
            while self.waiting is None:
                if stack:
                    fr = stack[-1]
                    fr.proc.fn(self, fr)
                elif self.finishing is None:
                    next_turn(self)
                else:
                    finish_game(self)
                    break
            self.game_left = left - full + self.steps + self.work
        except RecursionError as e:
            raise too_deep(e, fr) from None
        except RuleError as e:
            _placed_in_run(e, fr)
            raise

    def stop_telling(self) -> None:
        """Record no more events until the game ends (the narration limit of a told game,
        drivers/telling.py): the game plays on as an untold one, its events not made nor its
        `say` texts worked out (unless strict), which changes nothing in it; its end (the
        game end's rules, the last standing, the result) is recorded again (flow.end_game)."""
        ob = self.observer
        if ob is not None and ob.record is not None:
            ob.record, ob.hushed = None, True

    def resume_telling(self) -> None:
        """Record events again after stop_telling: the game's end (flow.end_game), or the
        decision where a deep check failed (drivers/deep_narrate.py)."""
        ob = self.observer
        if ob is not None and ob.hushed:
            ob.record, ob.hushed = Record(), False

    def view(self, player):
        """What `player` may know, and nothing more: a seat number, a role's or a seat's
        name (see Game.seat), or None for a spectator, who knows what every seat knows."""
        if player is not None and (player.__class__ is not int or not 0 <= player < self.game.nplayers):
            player = self.game.seat(player)  # a name; anything else raises UnknownName
        from .view import view
        return view(self, player)

    def clone(self) -> "State":
        s = State.__new__(State)
        s.game = self.game
        self.copy_board(s)
        # the turn flow: frames copied (their locals change), the pending decision shared
        s.stack = [f.copy() for f in self.stack]
        s.waiting = self.waiting
        s.turn_pos, s.round, s.turns, s.phase = self.turn_pos, self.round, self.turns, self.phase
        s.out, s.next_seat, s.played = self.out, self.next_seat, self.played
        s.first_seat = self.first_seat
        s.fin, s.emptied = self.fin, self.emptied
        s.is_over, s.result, s.finishing = self.is_over, self.result, self.finishing
        s.observer = None  # a clone is a board to explore, not the game being watched
        s.decisions = self.decisions
        s.work = self.work
        # carried, as the decisions are: a clone is this game at this moment, so the same
        # moves stop it where they stop the game (a search's own cost is bounded apart)
        s.game_left = self.game_left
        s.judging = False
        return s

    def __copy__(self) -> "State":  # copy.copy and copy.deepcopy: a clone, never a copy of the game
        return self.clone()

    def __deepcopy__(self, memo) -> "State":
        return self.clone()

    def __reduce_ex__(self, protocol):
        raise TypeError("a State cannot be pickled: its game runs code generated from its rule file. In another "
                        "process, load the rule file (ruleforge.load) and make the state again from its seed and "
                        "the actions taken (game.new(seed), then apply each): plain values")

    def become(self, other: "State") -> None:
        """Make this state the game `other` is, taking over its fields (nothing is
        copied: `other` is given up); this state keeps its own observer. A playout that
        went on in judged copies (State.after) leaves the world it was given at its end."""
        for name in Board.__slots__ + State.__slots__:
            if name != "observer":
                setattr(self, name, getattr(other, name))

    def after(self, action: Action) -> "State":
        """A copy of this state with `action` taken, to be judged (by a heuristic, an
        ending, the board) rather than played on: its next decision's actions are worked
        out only if they are asked for. A lookahead judges every action of a menu this
        way, and most of the menus it would make are never read. Whatever is asked of
        it answers as a clone's would (`clone()` then `apply(action)`)."""
        s = self.clone()
        s.judging = True
        s.apply(action)
        return s

    def after_in_place(self, action: Action) -> "State":
        """`after(action)` without the copy: this state itself, `action` taken, to be
        judged. For a caller done with this state, such as a lookahead at the last
        action of a menu (one copy fewer a decision: half of them at a yes-or-no)."""
        self.judging = True
        self.apply(action)
        return self

    # ---- conveniences for tests, narration and tools
    def role_of(self, seat: int) -> str:
        """The seat's name (`game.seat_names`)."""
        return self.game.seat_names[self.game.seat(seat)]

    def cards_in(self, zone: str, owner=None, slot: Optional[int] = None) -> list[str]:
        """Names of the cards in a zone, bottom to top (omniscient: for tests and tools)."""
        inst = self.game.zone_inst(zone, owner, slot)
        if inst.kind == "row":
            return [self.game.cards[c].name for s in inst.slots for c in self.zones[s]]
        return [self.game.cards[c].name for c in self.zones[inst.index]]

    def piece(self, kind: str, key: str, attr: str) -> int:
        """A piece's number: `piece("token", "red", "height")`."""
        return self.vars[self.game.piece_var(kind, key, attr)]

    def counter(self, name: str, owner=None):
        """A counter's value: a number or a symbol; for a counter that holds a card or a
        player, its name (omniscient), or None when it is empty."""
        i = self.game.counter_var(name, owner)
        v, kind = self.vars[i], self.game.var_kinds.get(i)
        if v is None or kind in (None, "sym"):
            return v
        return self.game.cards[v].name if kind == "card" else self.game.seat_names[v]

    def card_attr(self, card: str, attr: str):
        """A card's attribute as the rules see it now (rules evaluated, counters read)."""
        g = self.game
        c = g.card(card)
        if not isinstance(attr, str) or not (attr in g.card_attr or attr in g.card_counter_base):
            from ..lang.diagnostics import did_you_mean
            have = sorted({*g.card_attr, *g.card_counter_base})
            close = did_you_mean(attr, have) if isinstance(attr, str) else None
            raise UnknownName(f"cards have no attribute {attr!r}: " + (close or f"they have {', '.join(have)}"))
        if attr in g.card_counter_base:
            return self.vars[g.card_counter_base[attr] + c]
        dyn = g.card_dyn.get(attr)
        f = dyn[c] if dyn else None
        return f(self, c) if f is not None else g.card_attr[attr][c]

    def quantity(self, name: str, owner=None) -> int:
        """A quantity with every active card's modifiers applied."""
        if not isinstance(name, str) or name not in self.game.quantities:
            raise UnknownName(f"no quantity {name!r} in this game: " + (
                f"the quantities are {', '.join(self.game.quantities)}" if self.game.quantities else "it has none"))
        return quantity(self, name, None if owner is None else self.game.seat(owner))

    def definition(self, name: str, arg=None):
        """A definition worked out now: `arg` is its parameter (a seat, role or seat name
        for a player; a card's name; a list of card names, or a zone, for cards; a number;
        a zone as a name or (name, owner)). Cards and pieces come back as their names,
        players as seat numbers."""
        g = self.game
        if not isinstance(name, str) or name not in g.definitions:
            raise UnknownName(f"no definition {_shown(name)} in this game: "
                              + (f"the definitions are {', '.join(g.definitions)}" if g.definitions else "it has none"))
        fn, kind, gives = g.definitions[name]
        arity = getattr(getattr(fn, "__code__", None), "co_argcount", 2) - 1
        if arity > 1:
            raise TypeError(f"definition {name!r} has {arity} parameters: state.definition works out a "
                            "definition of one parameter at most")
        if (kind is None) != (arg is None):
            raise TypeError(f"definition {name!r} takes no argument, not {_shown(arg)}" if kind is None else
                            f"definition {name!r} takes {_ARG_WORDS.get(kind, 'a ' + kind)}: "
                            f"state.definition({name!r}, {kind.upper()})")
        if kind is None:
            value = fn(self)
        else:
            if kind == "player":
                arg = g.seat(arg)
            elif kind == "card":
                arg = g.card(arg)
            elif kind == "cards":
                arg = self._cards_arg(name, arg)
            elif kind == "zone":
                arg = g.zone_inst(*((arg,) if isinstance(arg, str) else arg)).index
            elif kind == "number" and (arg.__class__ is not int):
                raise TypeError(f"definition {name!r} takes a number (an int), not {_shown(arg)}")
            value = fn(self, arg)
        if gives == "card":
            return None if value is None else g.cards[value].name
        if gives == "cards":
            return [g.cards[c].name for c in value]
        if gives == "piece":
            return None if value is None else g.pieces[value][2]
        if gives == "pieces":
            return [g.pieces[p][2] for p in value]
        return list(value) if gives == "players" else value

    def _cards_arg(self, name: str, arg) -> tuple:
        """The cards given to a definition of cards: a list of card names, or a zone (its
        name, or (name, owner), as `cards_in` takes them): the cards in it."""
        g = self.game
        if isinstance(arg, str) and arg in g.card_index:
            raise TypeError(f"definition {name!r} takes cards (a list of card names, or a zone), not one card: "
                            f"state.definition({name!r}, [{arg!r}])")
        zoned = isinstance(arg, str) or (isinstance(arg, tuple) and 1 < len(arg) <= 3 and isinstance(arg[0], str)
                                         and arg[0] not in g.card_index
                                         and any(n == arg[0] for n, _, _ in g.zone_lookup))
        if zoned:
            inst = g.zone_inst(*((arg,) if isinstance(arg, str) else arg))
            return tuple(c for z in (inst.slots if inst.kind == "row" else (inst.index,)) for c in self.zones[z])
        if not isinstance(arg, (list, tuple, set, frozenset)):
            raise TypeError(f"definition {name!r} takes cards (a list of card names, or a zone), not {_shown(arg)}")
        return tuple(g.card(c) for c in arg)

    def is_eliminated(self, who) -> bool:
        return bool(self.out >> self.game.seat(who) & 1)

    def is_face_up(self, card: str) -> bool:
        return bool(self.up[self.game.card(card)])

    def knows(self, seat, card: str) -> bool:
        """Whether `seat` (a player, see Game.seat; None: a spectator, who knows what
        every seat knows) may know the card: the test its view makes."""
        g = self.game
        c = g.card(card)
        if seat is None:
            return bool(self.up[c] or self.known[c] == g.all_seats)
        return bool(self.up[c] or (self.known[c] >> g.seat(seat)) & 1)


# what a definition's parameter is, by its kind (State.definition)
_ARG_WORDS = {"player": "a player (a seat number, a role's or a seat's name)", "card": "a card (its name)",
              "cards": "cards (a list of card names, or a zone)", "zone": "a zone (its name, or (name, owner))",
              "number": "a number"}


class SharedStart(Exception):
    """Raised by a setup run with no random generator where its start that every game
    shares ends (codegen/resumable.py): Game.new keeps the board there."""


def quantity(st: State, name: str, player: Optional[int]) -> int:
    """A quantity's rule, plus what every active card adds to it for this player."""
    return st.game.quantities[name](st, player)  # generated: its rule, then every active card's modifiers


def decide(st: State, player: int, prompt: str, offer: tuple, resume: int) -> None:
    """Stop for `player`: `offer` is (actions, payloads) from a runtime.actions builder."""
    st.waiting = (player, prompt, offer[0], offer[1], resume)


def decide_later(st: State, player: int, prompt: str, make, args: tuple, resume: int) -> None:
    """Stop for `player` in a state being judged (`State.after`): the actions are
    `make(st, *args)`, worked out when first asked for (`_offer_now`)."""
    st.waiting = (player, prompt, None, (make, args), resume)


def _offer_now(st: State) -> tuple:
    """Work out the actions of a decision left for later by `decide_later`, from the
    state as it still is (nothing changes between a decision and its answer), with a
    fresh work budget of its own."""
    p = st.waiting
    make, args = p[3]
    left = st.game_left
    st.work = granted = left if left < st.game.work_budget else st.game.work_budget
    try:
        offer = make(st, *args)
    except RuleError as e:
        placed(e, st.stack[-1] if st.stack else None)
        raise
    st.game_left = left - (granted - st.work)
    st.waiting = p = (p[0], p[1], offer[0], offer[1], p[4])
    return p


def decision_cap_message(cap: int) -> str:
    """What a game stopped by the decision cap says (replay knows such a log by it): a game
    that runs long is stopped, which is no mistake in its rules, though an ending that
    never holds may be."""
    return (f"the game was stopped after {cap:,} decisions, the decision cap, before any ending held (an ending "
            "that never holds? A longer game: --max-decisions N, or RULEFORGE_LIMITS=decisions=N)")


def stopped_at_the_cap(message, decisions: int) -> bool:
    """Whether a logged error is the decision cap, met after `decisions` decisions, in
    its words now or in those of logs written before (which said "has gone on for")."""
    return message == decision_cap_message(decisions) or message == (
        f"the game has gone on for {decisions:,} decisions without ending (the decision cap; an ending that "
        "never holds? A longer game: --max-decisions N, or RULEFORGE_LIMITS=decisions=N)")


def stopped_at_the_game_limit(message) -> Optional[int]:
    """The work limit of a game (prims.game_limit_message) a logged error is, or None
    when it is another error."""
    from .prims import game_limit_message
    found = re.search(r"more than ([\d,]+) steps and units of work in this game", message or "")
    if found is None:
        return None
    limit = int(found.group(1).replace(",", ""))
    return limit if message.endswith(game_limit_message(limit)) else None


def offer_again(st: State) -> None:
    """Make the pending decision again from `st` as it is now (its cards where they lie
    now, its rules' locals): `check --deep` asks it of a world whose hidden cards were
    re-dealt, to see whether the offered actions depend on them. The decision is the
    last instruction the top frame ran."""
    if st.waiting is None or not st.stack:
        return
    st.stack[-1].pc -= 1
    st.waiting = None
    run(st)


def run(st: State) -> None:
    """Run rules until a decision is pending or the game is over.

    Each call runs the top frame's rule until it stops (a decision, a call of another
    rule) or ends. The step budget counts every rule started (flow.push, a turn, an
    action) and every turn of a loop (the generated code): between two of those a rule
    only goes on to later blocks (each `return` of generated code that is not a stop
    follows a push, its own end, or a move to a later block), so this loop cannot run
    without end uncounted.

    What is left of the game's own limit (GAME_WORK) caps both budgets, so that the
    step or unit of work that passes it stops the game in the rule that spends it
    (prims.over_budget, over_work tell which limit it was); what this run spent is then
    taken from it. A run whose steps and work together pass it without either budget
    running out stops at the next run's first step."""
    if st.is_over:  # (so the loop below need not ask it at every turn: only finish_game sets it, and stops the loop)
        return
    stack = st.stack
    g = st.game
    left = st.game_left
    full = g.both_budgets
    if left >= full:  # far from the game's own limit (the common case): each budget whole
        st.steps = g.step_budget
        st.work = g.work_budget
    else:
        st.steps = steps = g.step_budget if left >= g.step_budget else (left if left > 0 else 0)
        st.work = work = g.work_budget if left >= g.work_budget else (left if left > 0 else 0)
        full = steps + work
    fr = None
    try:
        while st.waiting is None:
            if stack:
                fr = stack[-1]
                fr.proc.fn(st, fr)
            elif st.finishing is None:
                next_turn(st)
            else:
                finish_game(st)
                break
        st.game_left = left - full + st.steps + st.work  # (what this run spent, taken from it)
    except RecursionError as e:
        raise too_deep(e, fr) from None
    except RuleError as e:
        _placed_in_run(e, fr)
        raise


def _placed_in_run(e: RuleError, fr) -> None:
    """Give `e`, met while `run` ran `fr` (or `apply`, which runs the loop itself), its rule
    and rule-file position when it has none yet."""
    if e.rule is None:
        at = getattr(e, "stack_at", None)  # placed where something happened earlier (flow.py)
        e.rule, e.span, e.via = where_of(at if at is not None else e.__traceback__, fr)
        e.args = (e.describe(),)
