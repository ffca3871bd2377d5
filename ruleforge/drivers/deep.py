"""`ruleforge check --deep`: property-test a rule file with random games, then shrink
the first that fails.

Each game is a new deal (its seed drawn from `--seed` and the game's number), then a
random choice at every decision. A game that fails is shrunk to a short sequence of
decisions on the same deal (`shrink`). After setup and after every decision the game is
checked for:

- the declared invariants;
- card conservation: every card in exactly one place;
- termination: the game ends within `max_steps` decisions (a rule loop with no
  decision in it is stopped by the engine's step budget, which names the rule);
- every offered action applies (each is tried on a copy of the state);
- no leak: each seat's view names only cards that seat knows, and is the same in a
  world where what it cannot see is re-dealt (ruleforge.runtime.determinize); and the
  actions offered to the deciding seat are the same in that world (an action names a
  card the seat cannot see by its place, but which places are offered must not depend
  on what lies there either);
- (not a failure, a warning: `untold`) a text said with a value worked out from a card
  some seat did not know, which narration tells that seat with a hole (prims.say notes it);
  and (a warning too) a text said only under a test that read such a card, whose being
  said tells that seat something of it (prims.cond_seen); and (a warning too) a text
  that writes a local or a value of the turn worked out from such a card, which every
  seat is told in full (runtime/toldfrom.py: check --deep compiles the game to note them);
  and (a warning too) a counter every seat reads, changed under such a test or to such a
  value (runtime/countertold.py, deep_counter.py);
- and at the end, the game's log replays to the same game.
"""

from __future__ import annotations

import json
import random
from typing import Callable, Optional

from attrs import define, field

from ..lang.plural import count
from .deep_counter import settle_counters
from .deep_narrate import narrate_choices
from .deep_places import found_places
from .deep_told import settle_guarded, settle_told_from
from .play import deal_snapshot, decision_record, error_record, last_lines, result_record, start_record
from ..runtime.events import Observer
from ..runtime.values import RuleError


class DeepFailure(Exception):
    def __init__(self, kind: str, message: str, step: int, span=None, limit: Optional[str] = None,
                 headline: Optional[str] = None, rule: Optional[str] = None):
        super().__init__(message)
        self.kind, self.message, self.step, self.span = kind, message, step, span
        self.limit = limit  # a limit stopped the game: every game stops there, nothing to shrink
        # a rule error's message without its rule, and the rule (shown under the line, as
        # `run` shows a rule error); None for the other failures
        self.headline, self.rule = headline, rule
        self.taken: Optional[int] = None  # an offered action that stops the game: its index
        self.turn: Optional[int] = None  # found as a turn ended (0: as setup ended): which turn
        self.shrunk = True  # False: a limit or the bound stopped it (see _play)
        self.interrupted = False  # shrinking stopped by Ctrl-C: the shortest found so far
        self.seed: Optional[int] = None
        self.choices: list[int] = []
        self.values: list[str] = []  # an invariant's: what it read there (Game.explain_invariant)


@define
class Counterexample:
    kind: str
    message: str
    seed: int
    choices: list
    span: object = None
    narration: list = field(factory=list)
    log: list = field(factory=list)
    headline: Optional[str] = None  # see DeepFailure
    rule: Optional[str] = None
    taken: Optional[int] = None
    turn: Optional[int] = None  # see DeepFailure
    shrunk: bool = True
    interrupted: bool = False
    values: list = field(factory=list)  # see DeepFailure


def told_values(found) -> list[str]:
    """The lines that show what a failing invariant read (none for other failures)."""
    return ["what the invariant reads there:"] + ["  " + v for v in found.values] if found.values else []


def check_position(st, step: int, when: str = "") -> None:
    """Card conservation and the declared invariants."""
    g = st.game
    n = len(g.cards)
    seen = sorted(c for z in st.zones for c in z)
    if seen != list(range(n)):
        missing = sorted(set(range(n)) - set(seen))
        twice = sorted({c for c in seen if seen.count(c) > 1})
        raise DeepFailure("conservation", "cards are not all in exactly one place"
                          + (f": missing {', '.join(g.cards[c].name for c in missing)}" if missing else "")
                          + (f": twice {', '.join(g.cards[c].name for c in twice)}" if twice else ""), step)
    try:
        broken = g.check_invariants(st)
    except RuleError as e:  # an invariant that cannot be worked out (a limit, say) is a failure too
        raise DeepFailure("rule error", e.describe(), step, e.span, e.limit, e.message, _rule(e)) from None
    for name, title, span in broken:
        failure = DeepFailure("invariant", f"invariant '{name}' ({title}) does not hold{when}", step, span)
        failure.values = g.explain_invariant(st, name)
        raise failure


def check_state(st, step: int) -> None:
    """Everything checked after a decision: the position, and what each seat may see."""
    check_position(st, step)
    settle_guarded(st)
    settle_told_from(st)
    settle_counters(st)
    g = st.game
    n = len(g.cards)
    from ..runtime.determinize import determinize
    for seat in range(g.nplayers):
        view = st.view(seat)
        bit = 1 << seat
        allowed = {g.seen_names[c] for c in range(n) if st.up[c] or st.known[c] & bit}
        extra = view.visible_cards() - allowed
        if extra:
            raise DeepFailure("leak", f"{g.seat_titles[seat]}'s view shows {', '.join(sorted(extra))}, "
                                      "which that seat does not know", step)
        world = determinize(st, seat, step * 7919 + seat)
        if world.view(seat) != view:
            raise DeepFailure("leak", f"{g.seat_titles[seat]}'s view changes when what that seat cannot "
                                      "see is re-dealt: it depends on hidden cards", step)
        if st.current_player == seat:
            leak = actions_leak(st, world)
            if leak:
                raise DeepFailure("leak", leak, step, _decision_span(st))


def _decision_span(st):
    """Where the pending decision is asked in the rule file (the last block its rule
    ran: see engine.offer_again), or None."""
    if not st.stack:
        return None
    fr = st.stack[-1]
    return fr.proc.spans.get(fr.pc - 1) or fr.proc.span_at(fr)


def actions_leak(st, world) -> Optional[str]:
    """Why the decision pending in `st` leaks hidden cards, or None: `world` is `st` with
    the cards hidden from the deciding seat re-dealt (determinize); the decision is made
    again there and must offer that seat exactly the same actions."""
    from ..runtime.engine import offer_again
    seat = st.current_player
    title = st.game.seat_titles[seat]
    try:
        offer_again(world)
    except RuleError as e:
        return (f"the actions offered to {title} depend on cards that seat cannot see: when they are "
                f"re-dealt, the decision fails ({e.describe()})")
    here, there = st.legal_actions(), world.legal_actions()
    if (world.current_player, world.prompt, there) == (seat, st.prompt, here):
        return None
    if (world.current_player, world.prompt) != (seat, st.prompt):
        return (f"the actions offered to {title} depend on cards that seat cannot see: when they are "
                f"re-dealt, the decision '{st.prompt}' is not asked")
    only_here = [str(a) for a in here if a not in there]
    only_there = [str(a) for a in there if a not in here]
    parts = []
    if only_here:
        parts.append(f"{_some(only_here)} {'is' if len(only_here) == 1 else 'are'} no longer offered")
    if only_there:
        parts.append(f"{_some(only_there)} {'is' if len(only_there) == 1 else 'are'} offered instead"
                     if only_here else f"{_some(only_there)} {'is' if len(only_there) == 1 else 'are'} offered too")
    return (f"the actions offered to {title} depend on cards that seat cannot see: when they are re-dealt, "
            + " and ".join(parts or ["they come in another order"]))


def _some(texts: list[str], most: int = 3) -> str:
    shown = ", ".join(f"'{t}'" for t in texts[:most])
    return shown + (f" and {len(texts) - most} more" if len(texts) > most else "")


def _rule(e: RuleError) -> Optional[str]:
    """`in rule 'R'` (and the rules that reached it) of a rule error, or None."""
    return e.where(own_line=False) if e.rule else None


_TEXTS = Observer(strict=True)  # no record, no watch: `say` texts worked out, their errors raised


def play_checked(game, seed: int, choose: Callable[[int], int], max_steps: int,
                 turns: Optional[list] = None):
    """Play one game choosing with `choose(number of actions)`, and return its last state;
    raise DeepFailure. `turns`, when given, gains the number of turns the game played."""
    choices: list[int] = []

    def at_turn(st):  # between decisions too: a turn may end with no decision in it
        try:
            check_position(st, len(choices), f" after turn {st.turns} (round {st.round})" if st.turns
                           else " once setup is over")
        except DeepFailure as f:
            f.turn = st.turns
            raise
    try:
        st = game.new(seed, watch=at_turn, strict=True)  # a `say` text that fails is a mistake too
    except RuleError as e:
        raise DeepFailure("rule error", e.describe(), 0, e.span, e.limit, e.message, _rule(e)) from None
    check_state(st, 0)
    while not st.is_over:
        step = len(choices)
        if step >= max_steps:
            # (a fresh reader's Lost Cities can cycle, taking back discards forever: "if it is
            # legitimately long" did not fit)
            raise DeepFailure("termination", f"the game did not end within {count(max_steps, 'decision')}: the rules "
                                             "may let it go on forever (the counterexample shows how), or its games "
                                             "are longer than that (raise the bound with --max-steps)", step)
        actions = st.legal_actions()
        for a in actions:
            other = st.clone()
            other.observer = _TEXTS  # its `say` texts worked out too: one may fail
            try:
                other.apply(a)
            except RuleError as e:
                # (the error may come from the action's own rule, or from the rules that
                # run after it until the next decision: another player's turn, say)
                offered = f"taking '{a}' at decision {step + 1} stops the game on an error: "
                f = DeepFailure("offered action", offered + e.describe(), step, e.span, e.limit,
                                offered + e.message, _rule(e))
                f.taken = actions.index(a)
                raise f from None
        i = choose(len(actions))
        choices.append(i)
        st.apply(actions[i])
        check_state(st, step + 1)
    # the log replays to the same game
    from .replay import Mismatch, replay_game
    log = game_log(game, seed, choices)
    try:
        _, again, _ = replay_game(json.loads(json.dumps(log)))
    except Mismatch as e:
        raise DeepFailure("replay", f"the game's log does not replay: {e}", len(choices)) from None
    if [list(z) for z in again.zones] != [list(z) for z in st.zones] or again.result != st.result:
        raise DeepFailure("replay", "the game's log replays to a different game", len(choices))
    if turns is not None:
        turns.append(st.turns)
    return st


def game_log(game, seed: int, choices: list[int], upto: Optional[int] = None) -> list:
    """The JSON Lines log of the game that makes these choices (as `ruleforge run` writes)."""
    try:
        st = game.new(seed, strict=True)  # as play_checked played it
    except RuleError as e:
        return [start_record(game, seed), error_record(e)]
    log = [start_record(game, seed), {"type": "setup", "zones": deal_snapshot(st)}]
    for n, i in enumerate(choices[:upto]):
        if st.is_over:
            break
        actions = st.legal_actions()
        p = st.current_player
        log.append(decision_record(game, n, p, st.prompt, actions, i))
        try:
            st.apply(actions[i])
        except RuleError as e:
            log.append(error_record(e))
            return log
    if st.is_over:
        log.append(result_record(st))
    return log


def counterexample_log(found: Counterexample) -> list:
    """The log records to write for a counterexample: it stops at the failing step,
    before any result, and its start record says so (`counterexample`: the failure), so
    that replay does not take it for a log cut short."""
    if not found.log:
        return []
    return [dict(found.log[0], counterexample=found.message)] + found.log[1:]


SHRINK_REPLAYS = 1000
TOLD_OF_ENDLESS = 200  # lines told of a game that does not end: its last ones (the log has it all)  # games replayed at most to shrink a counterexample (docs/testing.md)


def deep_check(game, examples: int = 100, seed: int = 0, max_steps: int = 500,
               on_example: Optional[Callable[[], None]] = None,
               on_shrink: Optional[Callable[[int], None]] = None,
               lengths: Optional[list] = None, untold: Optional[list] = None) -> Optional[Counterexample]:
    """Play `examples` games, each a new deal with random choices (see _CHOOSERS); return
    the first that fails, shrunk, as a Counterexample, or None when every game holds.
    `on_example()` is called after each game, `on_shrink(n)` after each replay of shrinking;
    `lengths`, when given, gains each game's number of decisions; `untold`, (kind, where,
    what) of each place of the file whose `say` or counter change tells some seat of cards
    it did not know (deep_places.PLACE_KINDS), each once, as found.

    The deals and choices come from `seed` and the game's number alone, so one seed
    finds the same games on any machine. (Hypothesis, which drew them before, makes new
    examples by changing old ones: 100 games of a launch game saw 29 deals.)"""
    if max_steps >= game.decision_cap:
        raise ValueError(f"max_steps={max_steps:,} is not below the game's decision cap ({game.decision_cap:,}), "
                         "where every game stops first: raise the cap (RULEFORGE_LIMITS=decisions=N)")
    for k in range(examples):
        rng = random.Random(f"ruleforge deep {seed} {k}")
        failure = _play(game, rng.randrange(2**31), _CHOOSERS[k % len(_CHOOSERS)](rng), max_steps, lengths,
                        untold)
        if on_example:
            on_example()
        if failure is not None:
            f = shrink(game, failure, max_steps, on_replay=on_shrink) if failure.shrunk else failure
            told = narrate_choices(game, f.seed, f.choices, f.taken, f.turn)
            if f.kind == "termination":  # --max-steps decisions told in full: thousands of lines
                told = last_lines(told, TOLD_OF_ENDLESS)
            return Counterexample(f.kind, f.message, f.seed, f.choices, f.span, told,
                                  game_log(game, f.seed, f.choices), f.headline, f.rule, f.taken, f.turn,
                                  f.shrunk, f.interrupted, f.values)
    return None


def _sticky(rng: random.Random) -> Callable[[int], int]:
    """Mostly the same place in the menu as the last choice: the same kind of move again."""
    last = [0]

    def choose(n: int) -> int:
        if last[0] >= n or rng.random() >= 0.9:
            last[0] = rng.randrange(n)
        return last[0]
    return choose


# How the games choose, in turn: at random; mostly the first action offered; mostly the
# last; mostly the same place as last time. Leaning finds what uniform choices seldom
# do: a player who never takes the action that would end the game, a slot at the end of
# a range, one kind of move made again and again.
_CHOOSERS: tuple[Callable[[random.Random], Callable[[int], int]], ...] = (
    lambda rng: lambda n: rng.randrange(n),
    lambda rng: lambda n: 0 if rng.random() < 0.9 else rng.randrange(n),
    lambda rng: lambda n: n - 1 if rng.random() < 0.9 else rng.randrange(n),
    _sticky,
)


def _play(game, seed: int, choose: Callable[[int], int], max_steps: int,
          lengths: Optional[list] = None, untold: Optional[list] = None) -> Optional[DeepFailure]:
    """Play and check one game; its failure (with the seed and every choice made), or None.
    `choose(n)` is asked only where there is a choice (n > 1); `lengths` gains the number
    of decisions of a game that holds (of turns, for a game of chance without any)."""
    choices: list[int] = []
    turns: list[int] = []

    def chosen(n: int) -> int:
        i = choose(n) if n > 1 else 0
        choices.append(i)
        return i
    try:
        st = play_checked(game, seed, chosen, max_steps, turns)
    except DeepFailure as f:
        f.seed, f.choices = seed, choices
        # a limit, or the bound on decisions, stops every game alike: nothing to shrink
        f.shrunk = not (f.kind == "termination" or f.limit is not None)
        return f
    if lengths is not None:
        lengths.append(len(choices) or turns[0])
    if untold is not None:
        found_places(st, untold)
    return None


def untested_note(lengths: list) -> Optional[str]:
    """A warning for a deep check whose games all ended before their first decision and
    turn: it tested setup alone (a game that always ends at once passed in silence). A
    game of turns without decisions (pure chance) was tested turn by turn."""
    if not lengths or any(lengths):
        return None
    return (f"every one of the {count(len(lengths), 'game')} ended before its first decision, so only setup was "
            "tested: does an ending hold from the start? (`ruleforge run FILE` tells one game)")


def shrink(game, found: DeepFailure, max_steps: int, replays: int = SHRINK_REPLAYS,
           on_replay: Optional[Callable[[int], None]] = None) -> DeepFailure:
    """The smallest failure of the same kind (and at the same place in the rule file)
    found by changing `found`'s choices and deal: fewer decisions first, then earlier
    choices (the first action offered is the smallest).

    A choice sequence is replayed as a script: past its end every decision takes the
    first action, and a choice beyond a menu's end takes its last. Each round of passes
    tries the same choices on the deals of seeds 0 to 31 (a card that causes the failure
    may be dealt to hand there, where the found deal buried it), then removing runs of
    choices, setting runs to the first action, and lowering one choice; the rounds
    repeat until none helps or `replays` games have been played. Ctrl-C stops it with the
    shortest failure found so far (marked `interrupted`)."""
    best = found
    left = [replays]  # replays still allowed

    def key(f: DeepFailure) -> tuple:
        return len(f.choices), f.choices, f.taken or 0, f.seed

    def better(script: list[int], seed: Optional[int] = None) -> bool:
        nonlocal best
        if left[0] <= 0:
            return False
        left[0] -= 1
        if on_replay:
            on_replay(replays - left[0])
        it = iter(script)
        # a game that goes on past the best's length cannot beat it: it is cut there
        bound = min(max_steps, len(best.choices) + 1)
        f = _play(game, best.seed if seed is None else seed, lambda n: min(next(it, 0), n - 1), bound)
        if f is None or (f.kind, f.span) != (found.kind, found.span) or key(f) >= key(best):
            return False
        best = f
        return True

    try:
        changed = True
        while changed and left[0] > 0:
            changed = False
            for deal in range(32):  # first: a shorter game on another deal is the biggest step
                if deal != best.seed:
                    changed |= better(best.choices, deal)
            for size in (8, 4, 2, 1):
                i = len(best.choices) - size
                while i >= 0:  # remove a run of choices (the tail first: the game ends sooner)
                    c = best.choices
                    changed |= better(c[:i] + c[i + size:])
                    i = min(i, len(best.choices) - size) - 1
            for size in (8, 4, 2, 1):
                i = 0
                while i < len(best.choices):  # a run of choices set to the first action
                    c = best.choices
                    if any(c[i:i + size]):
                        changed |= better(c[:i] + [0] * len(c[i:i + size]) + c[i + size:])
                    i += size
            for i in range(len(best.choices)):  # one choice lowered: halfway, then by one
                c = best.choices
                if i < len(c) and c[i] > 1:
                    changed |= better(c[:i] + [c[i] // 2] + c[i + 1:]) or better(c[:i] + [c[i] - 1] + c[i + 1:])
    except KeyboardInterrupt:
        best.interrupted = True
    return best

