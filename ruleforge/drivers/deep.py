"""`ruleforge check --deep`: property-test a rule file with hypothesis-driven games.

Each example is a game: hypothesis draws the seed, then the index of the action taken
at every decision, so a failing game shrinks to a short sequence of decisions. After
setup and after every decision the game is checked for:

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
- and at the end, the game's log replays to the same game.
"""

from __future__ import annotations

import json
from typing import Callable, Optional

from attrs import define, field

from ..lang.plural import count
from .narrate import Narrator
from .play import (ERROR_CONTEXT, deal_snapshot, decision_record, error_record, last_lines, result_record,
                   start_record)
from ..runtime.events import Observer
from ..runtime.flow import status
from ..runtime.values import RuleError


class _Unshrinkable(BaseException):
    """Carries a DeepFailure past hypothesis without shrinking it: a game that does not
    end is as long as the bound whatever hypothesis tries, so shrinking only costs time."""

    def __init__(self, failure):
        super().__init__(failure.message)
        self.failure = failure


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
        self.shrunk = True  # False: a limit or the bound stopped it, the same in every game
        self.seed: Optional[int] = None
        self.choices: list[int] = []


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
    for name, title, span in g.check_invariants(st):
        raise DeepFailure("invariant", f"invariant '{name}' ({title}) does not hold{when}", step, span)


def check_state(st, step: int) -> None:
    """Everything checked after a decision: the position, and what each seat may see."""
    check_position(st, step)
    g = st.game
    n = len(g.cards)
    from ..runtime.determinize import determinize
    for seat in range(g.nplayers):
        view = st.view(seat)
        bit = 1 << seat
        allowed = {g.cards[c].name for c in range(n) if st.up[c] or st.known[c] & bit}
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
                raise DeepFailure("leak", leak, step)


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


def play_checked(game, seed: int, choose: Callable[[int], int], max_steps: int) -> list[int]:
    """Play one game choosing with `choose(number of actions)`; raise DeepFailure."""
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
            raise DeepFailure("termination", f"the game did not end within {count(max_steps, 'decision')} "
                                             "(raise the bound with --max-steps if it is legitimately long)", step)
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
    return choices


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


def _leaves(group) -> list:
    """The exceptions of an exception group, its nested groups opened."""
    out = []
    for e in group.exceptions:
        out.extend(_leaves(e) if isinstance(e, BaseExceptionGroup) else [e])
    return out


class _TurnOver(Exception):
    """Stops a told game where a check found it wrong: at the end of a turn."""


def narrate_choices(game, seed: int, choices: list[int], taken: Optional[int] = None,
                    turn: Optional[int] = None) -> list[str]:
    """The game of these choices told as `run` tells it; then, with `taken`, the offered
    action (its index) that stops the game, and what the rules did after it up to the
    error. With `turn`, the telling stops as that turn ends (0: as setup ends), where the
    check that failed looked, not at the next decision."""
    narrator = Narrator(game)
    over = f"[{'setup' if not turn else f'turn {turn}'} is over: the check fails here]"

    stopped = []

    def at_turn(st):
        if st.turns == turn:
            stopped.append(st)
            raise _TurnOver
    try:
        st = game.new(seed, record=True, watch=None if turn is None else at_turn)
    except RuleError as e:  # what setup (and the first turn) did before the error, then the error
        done = getattr(e, "state", None)
        told = narrator.lines(done.record) if done is not None else []
        return ["Setup"] + last_lines(told, ERROR_CONTEXT) + [f"error: {e.describe()}"]
    except _TurnOver:
        return ["Setup"] + narrator.lines(stopped[0].record + [status(stopped[0])]) + [over]
    lines = ["Setup"] + narrator.lines(st.record)
    st.record.clear()
    for n, i in enumerate(choices):
        if st.is_over:
            break
        actions = st.legal_actions()
        lines.append(f"[decision {n + 1} of {len(choices)}: choice {i + 1} of {len(actions)}]")
        try:
            st.apply(actions[i])
        except RuleError as e:
            lines.extend(last_lines(narrator.lines(st.record), ERROR_CONTEXT))
            lines.append(f"error: {e.describe()}")
            break
        except _TurnOver:  # what the rules did, then the numbers as the check saw them
            lines.extend(narrator.lines(st.record + [status(st)]))
            lines.append(over)
            break
        lines.extend(narrator.lines(st.record))
        st.record.clear()
    else:
        if taken is not None and not st.is_over:
            actions = st.legal_actions()
            lines.append(f"[then decision {len(choices) + 1}: {actions[taken]}, choice {taken + 1} of "
                         f"{len(actions)}, and the game stops on an error]")
            try:
                st.apply(actions[taken])
            except RuleError as e:
                lines.extend(last_lines(narrator.lines(st.record), ERROR_CONTEXT))
                lines.append(f"error: {e.describe()}")
    return lines


def deep_check(game, examples: int = 100, seed: int = 0, max_steps: int = 500,
               on_example: Optional[Callable[[], None]] = None) -> Optional[Counterexample]:
    """Run `examples` hypothesis-driven games; return the shrunk counterexample, if any."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as s

    last: dict = {}

    @hseed(seed)
    @settings(max_examples=examples, deadline=None, database=None, print_blob=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @given(data=s.data())
    def property_holds(data):
        game_seed = data.draw(s.integers(0, 2**31 - 1), label="seed")
        choices: list[int] = []

        def choose(n: int) -> int:
            i = data.draw(s.integers(0, n - 1)) if n > 1 else 0
            choices.append(i)
            return i
        try:
            play_checked(game, game_seed, choose, max_steps)
        except DeepFailure as f:
            f.seed, f.choices = game_seed, list(choices)
            last["failure"] = f
            if f.kind == "termination" or f.limit is not None:
                raise _Unshrinkable(f) from None
            raise
        finally:
            if on_example:
                on_example()

    try:
        try:
            property_holds()
        except _Unshrinkable as u:
            u.failure.shrunk = False
            raise u.failure from None
        except BaseExceptionGroup as group:
            # two kinds of failure in one search, each shrunk: the shorter game is shown
            found = group.subgroup(lambda e: isinstance(e, DeepFailure))
            if found is None:
                raise
            raise min(_leaves(found), key=lambda f: (len(f.choices), f.seed)) from None
    except DeepFailure as f:
        return Counterexample(f.kind, f.message, f.seed, f.choices, f.span,
                              narrate_choices(game, f.seed, f.choices, f.taken, f.turn),
                              game_log(game, f.seed, f.choices), f.headline, f.rule, f.taken, f.turn, f.shrunk)
    return None
