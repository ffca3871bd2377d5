"""The telling of a deep check's counterexample, held to the narration limit of a game
(telling.py, `told`): a game that says thousands of lines a decision for hundreds of
decisions and then breaks a check was told whole, each line made only to be printed
(or, for a game that does not end, thrown away but its last 200). Past the limit, the
decision whose telling passed it is told to its end, then the notice `run` says, and
the decisions after it play untold, as fast as a simulated game; the last one, where
the check failed, is told again after the count of those played untold: its last
ERROR_CONTEXT lines, what a designer needs to see of it."""

from __future__ import annotations

from typing import Optional

from .narrate import Narrator
from .play import ERROR_CONTEXT, told_tail
from .telling import Telling
from ..runtime.flow import status
from ..runtime.values import RuleError


class _TurnOver(Exception):
    """Stops a told game where a check found it wrong: at the end of a turn."""


def narrate_choices(game, seed: int, choices: list[int], taken: Optional[int] = None,
                    turn: Optional[int] = None) -> list[str]:
    """The game of these choices told as `run` tells it; then, with `taken`, the offered
    action (its index) that stops the game, and what the rules did after it up to the
    error. With `turn`, the telling stops as that turn ends (0: as setup ends), where the
    check that failed looked, not at the next decision."""
    narrator = Narrator(game)
    told = Telling(game)
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
        lines = told_tail(narrator, done.record, ERROR_CONTEXT) if done is not None else []
        return ["Setup"] + lines + [f"error: {e.describe()}"]
    except _TurnOver:
        return ["Setup"] + narrator.lines(stopped[0].record + [status(stopped[0])]) + [over]
    lines = ["Setup"] + narrator.lines(st.record)
    st.record.clear()
    most: Optional[int] = None  # the telling was taken up again, for the last decision: its last lines
    for n, i in enumerate(choices):
        if st.is_over:
            break
        if n == len(choices) - 1:
            most = _resume(st, told, lines)
        actions = st.legal_actions()
        if st.record is not None:
            lines.append(f"[decision {n + 1} of {len(choices)}: choice {i + 1} of {len(actions)}]")
        try:
            st.apply(actions[i])
        except RuleError as e:
            lines.extend(told_tail(narrator, st.record or [], ERROR_CONTEXT))
            lines.append(f"error: {e.describe()}")
            break
        except _TurnOver:  # what the rules did, then the numbers as the check saw them
            if most is None:
                lines.extend(narrator.lines(st.record + [status(st)]))
            else:
                lines.extend(told_tail(narrator, st.record, most) + narrator.lines([status(st)]))
            lines.append(over)
            break
        if st.record is not None:
            lines.extend(told_tail(narrator, st.record, most))
            st.record.clear()
        if n < len(choices) - 2:  # (a decision is left to play untold)
            note = told.after(st, len(lines) - 1 - told.lines)  # (as run counts: not the Setup heading)
            if note is not None:
                lines.append(note.text)
    else:
        if taken is not None and not st.is_over:
            _resume(st, told, lines)
            actions = st.legal_actions()
            lines.append(f"[then decision {len(choices) + 1}: {actions[taken]}, choice {taken + 1} of "
                         f"{len(actions)}, and the game stops on an error]")
            try:
                st.apply(actions[taken])
            except RuleError as e:
                lines.extend(told_tail(narrator, st.record, ERROR_CONTEXT))
                lines.append(f"error: {e.describe()}")
        elif turn is None:  # found after the last decision, where the next is asked (or the end)
            lines.append("[the game is over: the check fails here]" if st.is_over else
                         f"[the check fails here, as decision {len(choices) + 1} is asked "
                         f"({st.game.seat_titles[st.current_player]}: {st.prompt})]")
    return lines


def _resume(st, told: Telling, lines: list) -> Optional[int]:
    """Take the telling up again if it stopped (saying how many decisions were played
    untold): the lines to tell of the decision to come, ERROR_CONTEXT; None (all of
    them) if it never stopped."""
    note = told.resumed(st)
    if note is None:
        return None
    lines.append(note.text)
    st.resume_telling()
    return ERROR_CONTEXT
