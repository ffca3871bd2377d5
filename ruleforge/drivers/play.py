"""Drivers: one game between agents, and a match of games, with narration and a log.

The log is a list of JSON-ready records (JSON Lines when written): the parameters and
seed, the deal after setup, every decision (who, how many legal actions, which one),
and the result. Replaying the seed with the logged actions reproduces the game.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .. import __version__
from ..lang.overrides import set_text
from ..lang.plural import count
from .agents import Observation
from ..runtime.determinize import determinize
from ..runtime.events import Record
from ..runtime.game import params_json
from .narrate import Narrator
from .telling import Telling
from ..runtime.rng import Random, derive
from ..runtime.values import RuleError

Say = Optional[Callable[[str], None]]


def deal_snapshot(st) -> dict:
    """Every zone's cards, bottom to top: the deal as setup left it."""
    g = st.game
    return {zi.label: [g.cards[c].name for c in st.zones[zi.index]]
            for zi in g.zinst if zi.kind != "row" and st.zones[zi.index]}


def start_record(game, seed: int, played_by: Optional[Sequence[str]] = None, first: int = -1) -> dict:
    # "seats_from": decisions name their seat by number from 1, as everything a user
    # reads does (logs written before it counted from 0, and still replay)
    rec = {"type": "start", "ruleforge": __version__, "rules": game.path, "sha256": game.source_hash,
           "title": game.title, "params": params_json(game.params), "seed": seed, "players": game.nplayers,
           "seats": game.seat_names, "seats_from": 1}
    if first >= 0:  # a match's game that a seat other than the turn order's first started
        rec["first"] = first
    if played_by is not None:  # `play`: who sat at each seat ("person" or a bot's spec), for --resume
        rec["played_by"] = list(played_by)
    return rec


def game_heading(game, seed: int) -> str:
    """The first line of a told game: its title and player count (as `check` says them:
    a game for 2 to 6 players is told at one count), seed and parameters (run, replay)."""
    params = ", ".join(f"{k}={set_text(v)}" for k, v in game.params.items())  # (as --set writes them)
    return f"{game.title}, {count(game.nplayers, 'player')} · seed {seed}" + (f" · {params}" if params else "")


def decision_record(game, n: int, seat: int, prompt: str, actions, choice: int) -> dict:
    """One decision of a log: its number, the seat (from 1) and its name, the prompt,
    how many actions were legal and which one was taken (its index, from 0)."""
    return {"type": "decision", "n": n, "player": seat + 1, "seat": game.seat_names[seat], "prompt": prompt,
            "legal": len(actions), "action": str(actions[choice]), "choice": choice}


def play_game(game, seed: int, agents: Sequence, say: Say = None, log: Optional[list] = None, first: int = -1):
    """Play one game to the end; narrate through `say`, append records to `log`; `first`
    is the seat that starts (Game.new), in a match."""
    narrator = Narrator(game) if say else None
    told = Telling(game) if say else None  # (the narration limit)
    if log is not None:
        log.append(start_record(game, seed, first=first))
    if say:
        say("Setup")
    try:
        # a logged game works its `say` texts out, as its replay will (prims.say)
        st = game.new(seed, record=say is not None, strict=log is not None, first=first)
    except RuleError as e:  # setup or the first turn failed: what they did is told first
        _flush(getattr(e, "state", None), narrator, say, ERROR_CONTEXT)
        raise
    rngs = [Random(derive(seed, 0x5EA7, s)) for s in range(game.nplayers)]
    if log is not None:
        log.append({"type": "setup", "zones": deal_snapshot(st)})
    _flush(st, narrator, say, told=told)
    n = 0
    while not st.is_over:
        p = st.current_player
        actions = st.legal_actions()
        action = decide_for(agents[p], st, p, actions, rngs[p])
        record = decision_record(game, n, p, st.prompt, actions, actions.index(action))
        try:
            st.apply(action)
        except RuleError as e:
            # The decision was taken and the rules failed after it: it is logged, and what
            # they did up to the error is told. (The decision cap refuses the decision
            # before anything changes: that one is not.)
            if log is not None and e.limit != "decisions":
                log.append(record)
            _flush(st, narrator, say, ERROR_CONTEXT, told)
            raise
        if log is not None:
            log.append(record)
        n += 1
        _flush(st, narrator, say, told=told)
    if log is not None:
        log.append(result_record(st))
    return st


def decide_for(agent, st, seat: int, actions, rng: Random):
    """Ask `agent` for seat's action, giving it an observation and nothing more."""
    world = determinize(st, seat, rng.below(1 << 62)) if getattr(agent, "needs_worlds", False) else None
    view = st.view(seat) if getattr(agent, "needs_view", True) else None
    return agent.act(Observation(seat, view, actions, world), rng)


def error_record(e) -> dict:
    """The record a log ends with when the game stopped on a rule error (replay stops on
    the same error)."""
    return {"type": "error", "message": e.describe()}


# What a seat is told of a rule error in the rule of a card it cannot see (naming the
# rule would name the card: runtime.view.names_hidden_cards); each channel adds where
# the whole message is (serve: the host's terminal; play: the log; replay: without --as)
HIDDEN_RULE_FAILED = "the rules failed, and where and how would name a card hidden from you"


def hides_error(st, e, seats) -> bool:
    """Whether rule error `e` names a card hidden from any of `seats`, or its rule, in
    `st` (None, a state the error left none of: the error is told)."""
    from ..runtime.view import names_hidden_cards
    return st is not None and any(names_hidden_cards(st, e, s) for s in seats)


def result_record(st) -> dict:
    g = st.game
    rec = {"type": "result", "ending": st.result.ending, "reason": st.result.reason,
           "winners": [g.seat_names[s] for s in st.result.winners], "decisions": st.decisions,
           "rounds": st.round, "turns": st.turns}  # (turns beside rounds, as run's length line: a round is not a hand)
    if st.result.payoffs is not None:  # only a game that declares one: older logs stay as they were
        rec["payoffs"] = list(st.result.payoffs)  # by seat, seat 1 first
    return rec


def _flush(st, narrator, say, most: Optional[int] = None, told: Optional[Telling] = None) -> None:
    """Tell what the rules did since the last telling; with `most` (a rule error), only
    its last lines. `told`: the lines told so far, against the narration limit."""
    if narrator is None or st is None:
        return
    if told is not None and (st.record or most is not None):  # the end after the telling stopped
        note = told.resumed(st)
        if note is not None:
            say(note.text)
    if not st.record:
        return
    lines = told_tail(narrator, st.record, most)
    for line in lines:
        say(line)
    st.record.clear()
    note = told.after(st, len(lines)) if told is not None and most is None else None
    if note is not None:
        say(note.text)


ERROR_CONTEXT = 40  # lines told of what the rules did before an error (a loop may say 100,000)


def last_lines(lines: list, most: Optional[int], earlier: int = 0) -> list:
    """`lines`, or their last `most` after a line saying how many were left out (with
    `earlier` lines told before them and no longer kept)."""
    if most is None or len(lines) <= most:
        return [f"... ({earlier:,} earlier {'line' if earlier == 1 else 'lines'} not shown)"] + lines if earlier else lines
    left = len(lines) - most + earlier
    return [f"... ({left:,} earlier {'line' if left == 1 else 'lines'} not shown)"] + lines[-most:]


def lines_after_untold(earlier: list, told: list, untold: int, most: int, before: int = 0) -> list:
    """The last `most` lines of `told` (the telling of the events kept after `untold`
    events that were only counted), after a line saying what was left out before them:
    `earlier` lines (told before those events, after `before` lines no longer kept) and
    the lines of `told` that do not fit. Never a line of `earlier`: the untold events lie
    between them and the error."""
    shown = told[len(told) - most:] if most < len(told) else told
    left = before + len(earlier) + len(told) - len(shown)
    if not left:
        return [f"... ({untold:,} earlier {'event' if untold == 1 else 'events'} not told)"] + shown
    return [f"... ({left:,} earlier {'line' if left == 1 else 'lines'} not shown, and {untold:,} "
            f"{'event' if untold == 1 else 'events'} not told)"] + shown


def told_tail(narrator, events: list, most: Optional[int]) -> list:
    """The telling of `events`, or its last `most` lines after a line saying what was
    left out. A loop stopped by the step limit records some 200,000 events, and telling
    them all took seconds to show 40 lines: only as much of the end is told as those
    lines need (twice as many events, then more while they tell too few)."""
    if most is None:
        return narrator.lines(events)
    tail, untold = events.last_untold() if isinstance(events, Record) else ([], 0)
    if tail:  # past MAX_TOLD_EVENTS: told from the last events kept apart, where the rules were
        k = 2 * most
        while True:
            part = tail[-k:]
            lines = narrator.lines(part)
            if len(lines) > most or k >= len(tail):
                break
            k *= 4
        before = len(events) - 1 + len(tail) - len(part)  # (the record ends in the Untold event)
        over = "over " if len(lines) > most else ""
        return [f"... (the telling of {over}{before:,} earlier events not shown, and {untold:,} events "
                "not kept)"] + lines[-most:]
    k = 2 * most
    while k < len(events):
        lines = narrator.lines(events[-k:])
        if len(lines) > most:  # (the first may be a run of moves cut in two: never shown)
            return [f"... (the telling of over {len(events) - k:,} earlier events not shown)"] + lines[-most:]
        k *= 4
    return last_lines(narrator.lines(events), most)

