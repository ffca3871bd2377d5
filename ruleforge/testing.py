"""Helpers for designers' and our own tests: stacked decks and scripted play."""

from __future__ import annotations

from typing import Iterable, Optional

from .runtime.engine import State, place, run
from .runtime.values import Action


def arrange(st: State, zone: str, cards: Iterable[str], owner=None, slot: Optional[int] = None) -> None:
    """Stack a zone: put the named cards on top of `zone`, the last name on top.

    A card taken from elsewhere trades places with a card of `zone` that is not named,
    so every card stays in exactly one place and zone sizes do not change. Facing follows
    each card's new zone, as if it had been dealt there. Use it right after `new()` to
    script a known deal.
    """
    g = st.game
    target = g.zone_inst(zone, owner, slot).index
    cards = list(cards)
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card is named twice: {cards}")
    wanted = [g.card_index[n] for n in cards]
    spare = [c for c in st.zones[target] if c not in wanted]
    for c in wanted:
        src = st.loc[c]
        if src == target:
            continue
        if not spare:
            raise ValueError(f"{zone} has no room for {g.cards[c].name}")
        out = spare.pop()
        i, j = st.zones[src].index(c), st.zones[target].index(out)
        st.zones[src][i], st.zones[target][j] = out, c
        st.loc[c], st.loc[out] = target, src
        # as if dealt there: what anyone knew of either card no longer holds
        st.known[out] = st.known[c] = 0
        place(st, out, src)
        place(st, c, target)
    rest = [c for c in st.zones[target] if c not in wanted]
    st.zones[target][:] = rest + wanted
    refresh(st)


def new_arranged(game, seed: int = 0, stacks: Iterable[tuple] = (), record: bool = False) -> State:
    """A new game with zones stacked the moment setup is over, before the first turn
    (and before any ending is checked).

    For a game that plays on without asking anyone (a game of pure chance), `new()`
    runs to the end, so `arrange` after it comes too late. Each stack is
    `(zone, cards)` or `(zone, cards, owner)` or `(zone, cards, owner, slot)`, cards
    bottom..top, as for `arrange`."""
    stacks = list(stacks)

    def at_turn(st: State) -> None:
        if st.turns == 0:
            for zone, cards, *where in stacks:
                arrange(st, zone, cards, *where)
    return game.new(seed, record=record, watch=at_turn)


def refresh(st: State) -> None:
    """Ask the pending decision again, so its legal actions match a scripted change."""
    if st.pending is not None and st.stack:
        st.pending = None
        st.stack[-1].pc -= 1  # the instruction that asked; asking has no other effect
        run(st)


def set_number(st: State, name: str, value: int, owner=None, card: Optional[str] = None) -> None:
    """Set a counter (shared, per player with `owner`, or per card with `card`) to script a
    position."""
    g = st.game
    if card is not None:
        st.vars[g.card_counter_base[name] + g.card_index[card]] = value
    else:
        st.vars[g.counter_var(name, owner)] = value
    refresh(st)


def find(st: State, text: str) -> Action:
    """The legal action whose printed form is `text` (e.g. "7♣", "stop",
    "scan(card=2♥, level=5)")."""
    for a in st.legal_actions():
        if str(a) == text:
            return a
    raise AssertionError(f"{text!r} is not legal now; legal: {[str(a) for a in st.legal_actions()]}")


def play(st: State, *moves: str) -> State:
    """Apply actions given by their printed forms, in order."""
    for m in moves:
        st.apply(find(st, m))
    return st


# ---- Property testing: hypothesis strategies and a one-call deep check ---------------
#
# These need hypothesis (`pip install ruleforge[test]`); it is imported only when they are
# called, so the helpers above work without it.

MAX_SEED = 2**31 - 1


def seeds():
    """A hypothesis strategy of game seeds (what `game.new(seed)` takes); shrinks to 0."""
    from hypothesis import strategies as s
    return s.integers(0, MAX_SEED)


def action_choices(max_size: int = 500):
    """A hypothesis strategy of lists of choice indexes, one per decision.

    An index is taken modulo the number of legal actions at its decision (see
    `play_choices`), so any list plays a game; lists shrink to fewer and smaller indexes:
    shorter games, and the first legal action at each decision.
    """
    from hypothesis import strategies as s
    return s.lists(s.integers(0, 2**16), max_size=max_size)


def play_choices(game, seed: int, choices: Iterable[int], max_steps: Optional[int] = None) -> State:
    """Deal `seed` and play `choices` (each modulo the number of legal actions) until they
    run out, the game ends or `max_steps` decisions have been taken; return the state."""
    st = game.new(seed)
    for n, i in enumerate(choices):
        if st.is_over or (max_steps is not None and n >= max_steps):
            break
        actions = st.legal_actions()
        st.apply(actions[i % len(actions)])
    return st


def games(game, finished: bool = False, max_steps: int = 500):
    """A hypothesis strategy of states of `game` (a Game, or a rule file's path): a seed
    from `seeds()` and choices from `action_choices()`, played with `play_choices`.

    By default a state is partly played or finished, wherever the choices ran out. With
    `finished=True` the game is played on to its end, each further decision drawn too;
    a game still going after `max_steps` decisions fails the test. The seed and the
    choices are shown (hypothesis `note`) when a test fails, with how to replay them.
    """
    from hypothesis import note
    from hypothesis import strategies as s
    game = _one_game(game)

    @s.composite
    def draw_game(draw):
        seed = draw(seeds(), label="seed")
        choices = draw(action_choices(max_steps), label="choices")
        st = game.new(seed)
        taken: list[int] = []
        for i in choices:
            if st.is_over:
                break
            actions = st.legal_actions()
            taken.append(i % len(actions))
            st.apply(actions[taken[-1]])
        while finished and not st.is_over:
            if len(taken) >= max_steps:
                note(f"{game.title}: seed {seed}, choices {taken} "
                     f"(again: ruleforge.testing.play_choices(game, {seed}, {taken}))")
                raise AssertionError(f"{game.title}: the game did not end within {max_steps} decisions")
            n = len(st.legal_actions())
            taken.append(draw(s.integers(0, n - 1)) if n > 1 else 0)
            st.apply(st.legal_actions()[taken[-1]])
        note(f"{game.title}: seed {seed}, choices {taken} "
             f"(again: ruleforge.testing.play_choices(game, {seed}, {taken}))")
        return st
    return draw_game()


class PropertyFailure(AssertionError):
    """`check_properties` found a counterexample; `.counterexample` holds it (its seed,
    choices, narration and log)."""

    def __init__(self, message: str, counterexample=None):
        super().__init__(message)
        self.counterexample = counterexample


def check_properties(game, examples: int = 100, seed: int = 0, max_steps: int = 500,
                     players: Optional[int] = None, log: Optional[str] = None) -> None:
    """Run `ruleforge check --deep` on `game` from a test: raise PropertyFailure (an
    AssertionError) with the narrated, shrunk counterexample if one is found.

    `game` is a Game (checked as it is) or a rule file's path (checked at `players`, or
    at every player count it allows). `log` names a file to write the counterexample's
    log to, for `ruleforge replay`.
    """
    __tracebackhide__ = True  # pytest: the failure is the counterexample, not this function's source
    import json
    from .drivers.deep import counterexample_log, deep_check, told_values
    for g in _all_games(game, players):
        found = deep_check(g, examples, seed, max_steps)
        if found is None:
            continue
        steps = len(found.choices)
        where = g.path or g.title
        at = f"{found.span.file or where}:{found.span.line}:{found.span.column}" if found.span is not None else where
        plural = "" if steps == 1 else "s"
        after = "" if found.kind == "termination" else f", after {steps} decision{plural}"  # (it says so)
        lines = [f"{at}: error: {found.message}{after}"]
        lines += ["  " + line for line in told_values(found)]
        lines += [f"counterexample at {g.nplayers} players (seed {found.seed}, {steps} decision{plural}, "
                  f"choices {found.choices}):"]
        lines += ["  " + line for line in found.narration]
        if log is not None:  # whole or not at all, and never over a device or a pipe
            from .drivers.report import atomic_write
            atomic_write(log, "".join(json.dumps(rec, ensure_ascii=False) + "\n"
                                      for rec in counterexample_log(found)).encode("utf-8"))
            lines.append(f"the counterexample's log: {log} (ruleforge replay {log})")
        raise PropertyFailure("\n".join(lines), found)


def _all_games(game, players: Optional[int]) -> list:
    from pathlib import Path
    if not isinstance(game, (str, Path)):
        return [game]
    from .load import check_source, load, read_source
    name, data = read_source(game)
    _, checked = check_source(name, data, {})
    low, high = checked.players
    return [load(game, players=n) for n in ([players] if players else range(low, high + 1))]


def _one_game(game):
    from pathlib import Path
    if isinstance(game, (str, Path)):
        from .load import load
        return load(game)
    return game
