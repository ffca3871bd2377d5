"""A compiled game: the runtime rules made once from a checked rule file.

`Game.new(seed)` deals a fresh `State`. Everything here is read-only while games run,
so any number of states (clones, parallel games) share one `Game`.
"""

from __future__ import annotations

from numbers import Integral
from types import MappingProxyType
from typing import Optional

from . import rng
from .engine import Frame, SharedStart, State, where_of, placed, run
from .events import Observer
from .said import SAID_CARD, SAID_VALUE, marks
from .values import RuleError, UnknownName, shown as _shown
from . import limits


class Game:
    def __init__(self):
        self.title = ""
        self.path = ""
        self.source_hash = ""
        self.warnings: list = []          # the rule file's warnings (lang/lint.py), as Diagnostics
        self.params = frozen_params({})   # read-only: see frozen_params
        self.nplayers = 0
        self.seat_names: list[str] = []   # role names, or "player 1", ...
        self.seat_titles: list[str] = []
        self.roles: dict[str, int] = {}   # role name -> seat
        self.all_seats = 0
        self.cards: list = []
        self.card_index: dict[str, int] = {}
        self.card_attr: dict[str, list] = {}
        self.zinst: list = []
        self.leave_keep: list = []  # per zone: who still knows a card that leaves it face down (board.py)
        # per card, the other copies of it (cards alike in every attribute: "Coin (1)" and
        # "Coin (2)"), which no seat can tell apart; () when the game has no copies at all
        self.copies: list | tuple = ()
        # per card, its name as a seat sees it: a copy's without its number ("Coin"), the
        # number telling apart what no seat can; and an index of each such name
        self.seen_names: list[str] = []
        self.seen_index: dict[str, int] = {}
        self.first_copy: list[int] = []   # per card, the lowest index among it and its copies
        self.zone_lookup: dict = {}
        self.start_zone = 0
        self.vars_init: list = []
        self.var_labels: list[str] = []
        self.counter_base: dict[str, tuple] = {}   # name -> (first var, per player?)
        self.pieces: list[tuple] = []               # (kind, key, name)
        self.piece_by_key: dict[str, dict] = {}
        self.piece_attr_var: dict[tuple, int] = {}  # (piece, attr) -> var
        self.setup = None
        self.turn_procs: list = []
        self.turn_order: list[int] = []
        self.game_end_procs: list = []
        self.runs_out: dict[int, object] = {}
        self.actions: dict[str, object] = {}
        self.endings: dict[str, object] = {}
        self.immediate: list = []
        self.round_end: list = []
        self.invariants: list = []
        self.invariant_values: dict = {}  # name -> fn(state): what it read (codegen/explain.py)
        self.match = None
        raised = limits.from_environment()
        self.step_budget = raised.get("steps", limits.STEP_BUDGET)
        self.work_budget = raised.get("work", limits.WORK_BUDGET)
        self.decision_cap = raised.get("decisions", limits.DECISION_CAP)
        self.game_budget = raised.get("game", limits.GAME_WORK)
        self.told_lines = raised.get("told", limits.TOLD_LINES)  # (the narration limit: drivers/telling.py)
        # (engine.run: a decision this far from the game's limit gets both budgets whole)
        self.both_budgets = self.step_budget + self.work_budget
        self.card_decl_of: list = []
        self.card_dyn: dict[str, list] = {}        # attribute -> per card: fn(state, card), or None
        self.card_counter_base: dict[str, int] = {}
        self.effects: dict[str, list] = {}         # trigger -> per card: a Proc, or None
        self.quantities: dict = {}                 # name -> fn(state, player): its rule plus the modifiers
        self.shown_quantities: tuple = ()          # ((name, per player, fn(state, reads, player)), ...): shown.py
        self.definitions: dict = {}                # name -> (fn(state[, arg]), parameter kind, what it gives)
        self.active_zones: list[int] = []
        self.zone_display: dict[str, dict] = {}  # zone name -> display hints (see terminal.py)
        self.round_end_procs: list = []
        self.round_begin_procs: list = []
        self.heuristic = None  # fn(state, seat), or None: see agents.heuristic_value
        self.heuristic_source = None  # what `heuristic` is made of: codegen.program.heuristic_source
        self.decides = True    # some rule can ask a player to decide (codegen.resumable.asks_decisions)
        self.payoff = None     # fn(state, seat) -> number, or None: the declared 'payoff of p'
        self.cooperative = False  # the players are one team: they win or lose together ('cooperative')
        self.quiet_labels: frozenset = frozenset()  # counters the narrator leaves out (not 'shown')
        self.var_kinds: dict[int, str] = {}  # var -> "player", "card" or "sym": a counter that holds one (held.py)
        self.held_card_vars: Optional[tuple] = None  # the vars of var_kinds that hold a card (board._held_lost), once known
        self.no_marks: Optional[tuple] = None   # Board.marks with none set (_deal_unplayed)
        self.turn_vars: tuple = ()           # the vars of the values of the turn, none at each turn's start
        self.turn_base: dict[str, int] = {}  # value of the turn -> its var
        # a value of the turn worked out from cards -> the var of its record; (value var, record var) each
        # (codegen/derived.py, runtime/derived.py: sampled worlds work it out again)
        self.kept_turn_names: dict[str, int] = {}
        self.kept_turn: tuple = ()
        self.finishes = False                # some rule makes a player finish
        self.plain_flow = False  # no round-end or round-begin rules or endings (flow.py)
        self.turn_after: tuple = ()  # per turn position, the next one (flow.next_turn)
        self.turn_at: tuple = ()     # per turn position, its turn's rule
        self.all_played = 0          # State.played when every position has played
        self.source = ""       # the generated Python the rules run as (`ruleforge compile`)
        self.branch_sites: tuple = ()  # each branch of the rules' ifs (codegen/branches.BranchSite)
        self.covered = False   # compiled to count the branches a watched game takes (analyze)

    def __reduce_ex__(self, protocol):
        raise TypeError("a Game cannot be pickled or copied: it runs code generated from its rule file, and every "
                        "state of it shares it, read-only. In another process, load the rule file again "
                        "(ruleforge.load(path, **params)), and send it seeds and actions: plain values")

    # ---- starting a game
    def new(self, seed: int = 0, record: bool = False, stats: bool = False, watch=None,
            strict: bool = False, first: int = -1) -> State:
        """A new game dealt from `seed`, run to its first decision.

        `record` keeps the events (events.py) in `state.record`; `stats` counts in
        `state.stats` how often each rule runs (rule coverage); `watch(state)`, if
        given, is called when setup is over and after every turn (for tests: a game may
        play many turns between two decisions, or have no decision at all). They live in
        the state's observer, which bulk simulation goes without. `strict`: `say` texts
        worked out with no record, so that one that fails stops the game (prims.say).
        `first`: the seat that takes the first turn, as if setup began with `... takes the
        next turn` (a match's `next game: winner starts`); setup's own word wins over it.

        A seed is a whole number from 0 to 2**64 - 1: the generator's whole state (rng.py),
        so that no two seeds deal the same game; another raises TypeError or ValueError."""
        if seed.__class__ is not int or seed >> 64:  # (a negative seed too: -1 >> 64 is -1)
            seed = _seed(seed)
        # (Observer.make's test written out: a bulk game asks for none, and pays no call)
        observed = record or stats or strict or watch is not None
        observer = Observer.make(record, stats, watch, strict,
                                 len(self.branch_sites) if self.covered else 0) if observed else None
        shared = self._shared_start() if observer is None else None
        st = State.__new__(State)
        st.game = self
        if shared is None:
            self._deal_unplayed(st)
            st.stack = [Frame(self.setup, [None] * self.setup.nlocals)] if self.setup else []
        else:  # setup's start that every game shares, made once (see _shared_start)
            board, locals_, pc, spent = shared
            board.copy_board(st)
            st.stack = [Frame(self.setup, locals_.copy(), pc)]
        st.rng = seed  # (rng.seed: a seed from 0 to 2**64 - 1 is the generator's state)
        _before_play(st)
        if first >= 0:  # (no random draw: the deal is the seed's whatever seat starts)
            if first not in self.turn_order:
                raise ValueError(f"seat {first} has no place in the turn order")
            st.next_seat = first
        if shared is not None:  # charged as a watched game, which runs all of setup, is
            st.game_left -= spent
        st.observer = observer
        try:
            run(st)
        except RuleError as e:
            if observer is not None:  # what the rules did before the error, to be told (play, deep)
                e.state = st
            raise
        return st

    def _deal_unplayed(self, st: State) -> None:
        """Every card in the starting zone, every number at its start."""
        n = len(self.cards)
        st.zones = [[] for _ in self.zinst]
        st.zones[self.start_zone] = list(range(n))
        st.loc = [self.start_zone] * n
        st.cls = [0] * n + [1]  # every card in class 0; the next class is 1 (board.pick_class, shuffle_zone)
        zero = self.no_marks
        if zero is None or len(zero) != 2 * n:
            zero = self.no_marks = (0,) * (2 * n)
        st.marks = zero  # (board.Board.marks; none set while it is this very tuple)
        start = getattr(self, "_start", None)
        if start is None:  # every card placed in the starting zone: the same every game
            st.up, st.known = bytearray(n), [0] * n
            from .engine import place
            for c in range(n):
                place(st, c, self.start_zone)
            start = self._start = (bytes(st.up), tuple(st.known))
        st.up, st.known = bytearray(start[0]), list(start[1])
        st.vars = self.vars_init.copy()

    def _shared_start(self):
        """(a board, setup's locals, the block setup goes on at) after setup's leading
        statements that read no random number: the same in every game (the moves out of
        the box before its first shuffle). None when setup has no such start. Made once,
        by running setup with no random generator up to where its generated code raises
        SharedStart. A watched game (record, stats, watch) runs all of setup, so that it
        sees every event."""
        shared = getattr(self, "_shared", False)
        if shared is not False:
            return shared
        self._shared = None
        if self.setup is None or getattr(self, "setup_resume", None) is None:
            return None
        st = State.__new__(State)
        st.game = self
        self._deal_unplayed(st)
        fr = Frame(self.setup, [None] * self.setup.nlocals)
        st.stack = [fr]
        st.rng = None
        _before_play(st)
        st.observer = None
        try:
            run(st)
        except SharedStart:
            if st.stack == [fr] and fr.pc == self.setup_resume and st.waiting is None and not st.is_over:
                spent = (self.step_budget - st.steps) + (self.work_budget - st.work)
                self._shared = (st, fr.L, fr.pc, spent)
        return self._shared

    # ---- names -> indexes, for tests and tools
    def seat(self, who) -> int:
        """A seat number (from 0) for a seat number, a role's name, or a name of
        `seat_names` ("player 3", as views and results print it)."""
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < self.nplayers:
            return who
        if isinstance(who, str):
            if who in self.roles:
                return self.roles[who]
            if who in self.seat_names:
                return self.seat_names.index(who)
        raise UnknownName(f"no player {_shown(who)} in this game: name one of {', '.join(map(repr, self.seat_names))}, "
                          f"or give a seat number from 0 to {self.nplayers - 1}")

    def card(self, name: str) -> int:
        """The card of a name as views print it ("7♣", "Lights in the Sky (2)")."""
        c = self.card_index.get(name) if isinstance(name, str) else None
        if c is None:
            from ..lang.diagnostics import did_you_mean
            close = did_you_mean(name, self.card_index) if isinstance(name, str) else None
            names = ", ".join(map(repr, list(self.card_index)[:3]))
            raise UnknownName(f"no card {_shown(name)} in this game: " + (
                close or f"a card is named as views print it (its {len(self.cards)} cards: {names}, ...)"))
        return c

    def zone_inst(self, name: str, owner=None, slot: Optional[int] = None):
        """A zone by its name in the rule file; `owner` (a player, see `seat`) for a zone
        of each player, `slot` (a number) for one slot of a row."""
        if not isinstance(name, str):
            raise UnknownName(f"no zone {_shown(name)} in this game: a zone is named as in the rule file, "
                              f"such as {next(iter(self.zone_lookup))[0]!r}")
        if slot is not None and slot.__class__ is not int:
            raise UnknownName(f"no zone {name!r} with a slot {_shown(slot)}: a slot is a number")
        key = (name, None if owner is None else self.seat(owner), slot)
        if key not in self.zone_lookup and owner is None:
            # a role-owned zone may be named without its owner
            matches = [v for (n, o, s), v in self.zone_lookup.items() if n == name and s == slot]
            if len(matches) == 1:
                return self.zinst[matches[0]]
        if key not in self.zone_lookup:
            names = sorted({n for n, _, _ in self.zone_lookup})
            if name not in names:
                raise UnknownName(f"no zone {_shown(name)} in this game: the zones are {', '.join(names)}")
            raise UnknownName(f"no zone {name!r}" + (f" of {owner!r}" if owner is not None else " without an owner")
                              + (f" with a slot {slot}" if slot is not None else "")
                              + ": give its owner for a zone of each player, a slot for a row's slot")
        return self.zinst[self.zone_lookup[key]]

    def piece_var(self, kind: str, key: str, attr: str) -> int:
        try:
            return self.piece_attr_var[(self.piece_by_key[kind][key], attr)]
        except (KeyError, TypeError):  # (TypeError: a list given for a name)
            raise UnknownName(self._no_piece(kind, key, attr)) from None

    def _no_piece(self, kind, key, attr) -> str:
        if not isinstance(kind, str) or kind not in self.piece_by_key:
            return (f"no pieces {_shown(kind)} in this game: "
                    + (f"its pieces are {', '.join(self.piece_by_key)}" if self.piece_by_key else "it has no pieces"))
        keys = self.piece_by_key[kind]
        if not isinstance(key, str) or key not in keys:
            return f"no piece {_shown(key)} in {kind!r}: its pieces are {', '.join(keys)}"
        attrs = [a for p, a in self.piece_attr_var if p == keys[key]]
        return f"{kind!r} pieces have no number {_shown(attr)}: they have {', '.join(attrs) or 'none'}"

    def counter_var(self, name: str, owner=None) -> int:
        """A counter's var: a `per player` counter's of `owner`; a shared counter takes
        no owner."""
        got = self.counter_base.get(name) if isinstance(name, str) else None
        if got is None:
            from ..lang.diagnostics import did_you_mean
            close = did_you_mean(name, self.counter_base) if isinstance(name, str) else None
            raise UnknownName(f"no counter {_shown(name)} in this game: " + (close or (
                f"the counters are {', '.join(self.counter_base)}" if self.counter_base else "it has no counters")))
        base, per_player = got
        if per_player == (owner is None):
            raise UnknownName(f"no counter {name!r} of {owner!r}: it is shared, give no owner" if owner is not None
                              else f"no counter {name!r} without an owner: it is per player, give its owner")
        return base + (self.seat(owner) if per_player else 0)

    def card_vars(self) -> frozenset:
        """The numbers that belong to cards (per-card counters), by var index."""
        cached = getattr(self, "_card_vars", None)
        if cached is None:
            n = len(self.cards)
            cached = frozenset(i for base in self.card_counter_base.values() for i in range(base, base + n))
            self._card_vars = cached
        return cached

    def check_invariants(self, st: State) -> list[tuple]:
        """The invariants that do not hold in `st`: [(name, text, span)].

        Like endings, invariants apply once setup is over: setup is where the state
        they describe gets built. An invariant that cannot be worked out (it passes a
        limit) raises its RuleError, which names the invariant and the expression.
        """
        if st.turn_pos < 0:
            return []
        broken = []
        for name, title, fn, nlocals, span in self.invariants:
            try:
                held = fn(st, [None] * nlocals)
            except RuleError as e:
                placed(e)
                raise
            except RecursionError as e:
                rule, at, via = where_of(e.__traceback__, None)
                raise RuleError("a quantity, attribute or definition is computed from itself", rule, at,
                                via) from None
            if not held:
                broken.append((name, title, span))
        return broken

    def explain_invariant(self, st: State, name: str) -> list[str]:
        """What invariant `name` read in `st`, where it does not hold: lines such as
        `count of hand of p = 12`, under `where p is player 2:` for the player an
        `every` failed for; cards by name (this is the designer's view, not a seat's).
        [] when there is nothing to show, or working it out fails (a limit, say); a name
        that is no invariant of the game raises KeyError (a misspelling read as 'nothing')."""
        fn = self.invariant_values.get(name)
        if fn is None:
            names = [inv[0] for inv in self.invariants]
            if name not in names:
                from ..lang.diagnostics import did_you_mean
                hint = did_you_mean(name, names)
                raise KeyError(f"no invariant '{name}'" + (f"; {hint}" if hint else
                               f"; the invariants are: {', '.join(names) or 'none'}"))
            return []
        try:
            lines = fn(st.clone())  # (its loops are charged work: not to `st`)
        except (RuleError, RecursionError):
            return []
        return [_unmarked(line, self.cards) for line in lines]


def _unmarked(line: str, cards) -> str:
    """A said text with its cards named (prims.said_card marks them) and values unmarked."""
    if SAID_CARD not in line and SAID_VALUE not in line:
        return line
    return "".join(p if isinstance(p, str) else cards[p[1]].name if p[0] == "card" else ""
                   for p in marks(line))


def _seed(seed) -> int:
    """A seed for Game.new that is not a plain int from 0 to 2**64 - 1: a numpy integer
    as an int; anything else refused, saying what a seed is."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise TypeError(f"game.new: a seed is a whole number (an int) from 0 to 2**64 - 1, not {_shown(seed)} "
                        f"({type(seed).__name__})" + (": for a new deal each time, give one, such as "
                                                      "random.getrandbits(64)" if seed is None else ""))
    seed = int(seed)
    if not 0 <= seed <= rng.MASK:
        raise ValueError(f"game.new: a seed is from 0 to 2**64 - 1 ({rng.MASK:,}), not {_shown(seed)}: the "
                         "generator keeps 64 bits, so a seed outside would deal the same game as one inside")
    return seed


def frozen_params(params: dict) -> MappingProxyType:
    """A game's parameters as `game.params` holds them: read-only, each list of numbers
    a tuple. Changing them could not change the game, which is compiled from them, and a
    log of the game would record the change: so a change raises at once (TypeError)."""
    return MappingProxyType({k: tuple(v) if isinstance(v, list) else v for k, v in params.items()})


def params_json(params) -> dict:
    """A game's parameters as a log or a report writes them (a list of numbers as a
    list): a plain dict, which `ruleforge.load(path, **params)` takes back."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def _before_play(st: State) -> None:
    """The turn flow of a game whose setup has not begun."""
    st.waiting = None
    st.turn_pos, st.round, st.turns, st.phase = -1, 0, 0, 0
    st.first_seat = -1  # the seat that took the first turn, once it has begun
    # eliminated seats (a bit each); who takes the next turn; the positions of the turn
    # order that had their turn this round (a bit each)
    st.out, st.next_seat, st.played = 0, -1, 0
    st.fin = ()  # the players who finished, in order (held.py): out of the turn order too
    st.emptied = None  # where the last player in the game was eliminated (flow.eliminate)
    st.is_over, st.result, st.finishing = False, None, None
    st.decisions = 0
    st.game_left = st.game.game_budget  # (engine.run counts it down)
    st.judging = False  # (State.after)

