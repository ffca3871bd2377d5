"""Replaying a logged game: the same rules, seed and decisions must give the same game.

A log (see play.py) records the rule file's hash and parameters, the seed, the deal,
every decision (who, by seat number from 1, how many legal actions, which one) and the
result. Replay refuses
a log whose rule file or parameters have changed, and otherwise re-runs it checking
each of these along the way. A log is untrusted data: logfile.py reads it within limits
and checks every record before any of it is used.
"""

from __future__ import annotations

import os
from typing import Callable, Optional

from ..lang.diagnostics import RuleFileError
from ..lang.printable import cut, plain
from ..load import UnreadableFile, check_source, load_source, read_source
from .logfile import LogError, check_record, read_log_lines
from .narrate import Narrator
from .telling import Telling
from .play import HIDDEN_RULE_FAILED, deal_snapshot, game_heading, hides_error
from ..runtime.engine import stopped_at_the_cap
from ..runtime.game import params_json
from ..runtime.values import RuleError

__all__ = ["LogError", "Mismatch", "read_log", "read_log_lines", "split_games", "replay_game", "log_end",
           "MATCH_GAMES"]

MATCH_GAMES = 99  # the most games play_match plays; a match log this long may have no winner


class Mismatch(Exception):
    """The replay went differently from the log (at `line` of it, when known)."""

    def __init__(self, message: str, line: Optional[int] = None):
        super().__init__(message)
        self.line = line


def read_log(path: str) -> list[dict]:
    """The records of the log at `path`, each checked (LogError names the line and field)."""
    return [rec for _, rec in read_log_lines(path)]


def split_games(records: list) -> list[list]:
    """A match log holds several games (records carry 'game': number). Works on records
    or on (line, record) pairs alike."""
    rec_of = (lambda r: r[1]) if records and isinstance(records[0], tuple) else (lambda r: r)
    if "game" not in rec_of(records[0]):
        return [records]
    games: dict = {}
    for item in records:
        number = rec_of(item).get("game")
        if isinstance(number, int):
            games.setdefault(number, []).append(item)
    return [games[k] for k in sorted(games)]


def log_end(records: list[dict]) -> Optional[str]:
    """How one game's records end: 'result', 'error' or 'quit', or None when the log
    stops before any of them (cut short)."""
    for rec in reversed(records):
        if rec.get("type") in ("result", "error", "quit"):
            return rec["type"]
    return None


# Games loaded for replays, by (path, the rules' bytes, players, parameters, the raised
# limits), and files checked, by (path, bytes): a match log, `check --deep` and a test
# replay many games of one file, and checking and laying the file out again for each was
# most of a replay's time (58 of 65 ms a game of a launch game). A Game is shared as a
# simulation shares it between its games: playing one fills its caches, nothing more.
_LOADED: dict = {}
_LOADED_MAX = 8


def _kept(key: tuple):
    got = _LOADED.pop(key, None)
    if got is not None:
        _LOADED[key] = got  # now the most recently used
    return got


def _keep(key: tuple, got) -> None:
    while len(_LOADED) >= _LOADED_MAX:
        del _LOADED[next(iter(_LOADED))]  # the least recently used
    _LOADED[key] = got


def _game_for(start: dict, path: str, from_log: bool):
    """Load the rule file a log's start record names, refusing another file or other
    parameters with a message that says which."""
    where = "the log's rule file" if from_log else "the rule file"
    try:
        name, data = read_source(path)
        checked = _kept((name, data))
        if checked is None:
            _, checked = check_source(name, data, {})
            if not checked.sources:  # a variant is checked each time: the files it extends may change
                _keep((name, data), checked)
    except UnreadableFile as e:
        reason = e.diagnostics[0].message if e.diagnostics else "cannot be read"
        hint = "; if it has moved, give its path with --rules FILE" if from_log else ""
        raise LogError(f"{where} {path}: {reason}{hint}") from None
    except RuleFileError as e:
        raise LogError(f"{where} {path} has mistakes ({len(e.diagnostics)}): see `ruleforge check {path}`") from None
    import hashlib
    digest = hashlib.sha256(checked.source_bytes).hexdigest()
    logged = start["sha256"]
    if digest != logged:
        if start.get("title", checked.title) != checked.title:
            raise LogError(f"this is a log of another rule file: the log's game is '{cut(start['title'])}' "
                           f"(sha256 {logged[:12]}...), but {path} is '{checked.title}' (sha256 {digest[:12]}...)"
                           + ("" if from_log else "; give the rule file the log was played with"))
        if start.get("counterexample"):  # what to do next: test the rules as they are now
            then = f"; to test the rules as they are now, run `ruleforge check {path} --deep` again"
        else:
            then = (f"; the same deal with the rules as they are now: `{_run_again(path, start, checked)}`"
                    if isinstance(start.get("seed"), int) else "")
        raise LogError(f"{path} has changed since this log was written (its sha256 was "
                       f"{logged[:12]}..., now {digest[:12]}...): "
                       "the log can only be replayed with the rules it was played with" + then)
    low, high = checked.players
    players = start["players"]
    if not low <= players <= high:
        shown = players if abs(players) < 10**6 else "too many"
        raise LogError(f"the log is of a game of {shown} players, but {path} is for {low}"
                       f"{f' to {high}' if high != low else ''}")
    params = dict(start.get("params", {}))
    unknown = sorted(k for k in params if k not in checked.params)
    if unknown:
        raise LogError(f"the log sets parameters {path} does not have: {', '.join(unknown)}")
    key = (name, checked.source_bytes, players, repr(sorted(params.items())), os.environ.get("RULEFORGE_LIMITS", ""))
    game = _kept(key)
    try:
        if game is None:
            game = load_source(name, data, players=players, **params)
            _keep(key, game)
    except RuleFileError as e:
        first = e.diagnostics[0].message if e.diagnostics else ""
        raise LogError(f"the log's parameters do not fit {path}: {first}") from None
    now = params_json(game.params)  # (lists, as the log's)
    if now != params:
        changed = sorted(k for k in set(now) | set(params) if now.get(k) != params.get(k))
        raise LogError(f"the parameters differ from the log's: {', '.join(changed)}")
    return game


def replay_game(records: list[dict], say: Optional[Callable[[str], None]] = None, rules_path: Optional[str] = None,
                seat=None, pause: Optional[Callable[[], None]] = None):
    """Replay one game's records. With `seat`, the narration tells only what that seat
    could see (a role name or seat number); `pause` is called after each decision."""
    if records and isinstance(records[0], tuple):
        lines, records = [n for n, _ in records], [r for _, r in records]
    else:
        lines = list(range(1, len(records) + 1))
        for n, rec in zip(lines, records):  # records from a caller, not read_log: check them too
            if not isinstance(rec, dict) or "type" not in rec:
                raise LogError(f"record {n}: not a ruleforge log record")
            check_record(rec, f"record {n}")
    if not records:
        raise LogError("the log holds no records")
    if records[0]["type"] != "start":
        raise LogError(f"line {lines[0]}: a game's records begin with a 'start' record, not a '{records[0]['type']}'")
    start = records[0]
    if rules_path is None and len(start["rules"]) > 4096:  # (no path is so long: a message would quote it)
        raise LogError(f"the log's rule file is named by {len(start['rules']):,} characters, no path: "
                       "give the rule file with --rules FILE")
    game = _game_for(start, rules_path or start["rules"], rules_path is None)
    seed = start["seed"]
    first_seat = 1 if start.get("seats_from") == 1 else 0  # logs before "seats_from" count from 0
    if seat is not None and not isinstance(seat, int):
        from .agents import seat_named
        try:
            seat = seat_named(str(seat), game)
        except ValueError as e:
            raise LogError(str(e)) from None
    logged_error = next((r.get("message") for r in records if r["type"] == "error"), None)
    if say:  # headed as `run` heads a game
        say(plain(game_heading(game, seed) + ("" if seat is None else f" · as {game.seat_titles[seat]} saw it")))
        say("Setup")
    try:
        # texts worked out, as when the game was logged (play_game), told or not
        st = game.new(seed, record=say is not None, strict=True, first=_first(start, game))
    except RuleError as e:  # a game that stopped before its first decision: the same error?
        done = getattr(e, "state", None)
        _same_error(e, logged_error, lines[0], done, seat)
        if say and done is not None:  # (told as `seat` may know it, as below)
            for line in Narrator(game, seat, done).lines(done.record):
                say(line)
        raise ReproducedError(_told(e, done, seat)) from None
    narrator = Narrator(game, seat, st) if say else None
    told = Telling(game)  # (the narration limit, as run's)

    def flush(error: bool = False):
        if not narrator:
            return
        if st.record or error:  # the end after the telling stopped: how much was not told
            note = told.resumed(st)
            if note is not None:
                say(note.text)
        if st.record:
            lines = narrator.lines(st.record)
            for line in lines:
                say(line)
            st.record.clear()
            note = None if error else told.after(st, len(lines))
            if note is not None:
                say(note.text)
    decisions, left = 0, None
    for line, rec in zip(lines[1:], records[1:]):
        if left is not None:  # (a log edited by hand: `play` writes nothing after its quit)
            raise Mismatch(f"the log's game was left at line {left} (quit), but the log goes on", line)
        if rec["type"] == "quit":
            left = line
        try:
            _step(game, st, rec, decisions, first_seat)
        except Mismatch as e:
            raise Mismatch(str(e), line) from None
        except RuleError as e:  # the logged game stopped here: on the same error?
            _same_error(e, logged_error, line, st, seat)
            flush(error=True)
            raise ReproducedError(_told(e, st, seat), decisions + 1, limit=e.limit) from None
        if rec["type"] == "decision":
            decisions += 1
            flush()
            if pause is not None and not st.is_over:
                pause()
        elif rec["type"] == "setup":
            flush()
    flush()
    return game, st, decisions


class ReproducedError(Exception):
    """A logged game that stopped on a rule error replays to the same error, at the same
    place: `decisions` taken (the last one is the decision the rules failed after)."""

    def __init__(self, message: str, decisions: int = 0, capped: bool = False, limit: Optional[str] = None):
        super().__init__(message)
        self.message, self.decisions = message, decisions
        self.capped = capped  # stopped by the decision cap: a long game, not a failure of its rules
        self.limit = "decisions" if capped else limit  # the limit it stopped at (RuleError.limit), if one


def _same_error(e: RuleError, logged: Optional[str], line: int, st, seat) -> None:
    """The replay stopped on `e`: a mismatch unless the log ends in that very error."""
    if logged != e.describe():
        if seat is not None and hides_error(st, e, [seat]):  # (neither is told: the log's error may be the same)
            raise Mismatch(f"the rules stop on an error here, not the log's; {_told(e, st, seat)}", line)
        said = f"; the log says {logged!r}" if logged is not None else ""
        raise Mismatch(f"the rules stop on an error here: {e.describe()}{said}", line)


def _told(e: RuleError, st, seat) -> str:
    """Rule error `e` as `seat` (None: every seat) may be told it: not the rule of a
    card hidden from it, which would name that card."""
    if seat is not None and hides_error(st, e, [seat]):
        return f"{HIDDEN_RULE_FAILED}; replay without --as shows where"
    return e.describe()


def _step(game, st, rec: dict, decisions: int, first_seat: int) -> None:
    """Check one record against the replayed state and apply its decision (a decision
    names its seat counting from `first_seat`)."""
    kind = rec["type"]
    if kind == "setup":
        if deal_snapshot(st) != rec["zones"]:
            raise Mismatch("the deal differs from the log's")
    elif kind == "decision":
        n = decisions + 1  # (told counting from 1, as check --deep tells; the log's n counts from 0)
        if rec.get("n", decisions) != decisions:  # (a log edited by hand still 'reproduced exactly')
            raise Mismatch(f"decision {n}: the log numbers it {rec['n'] + 1}")
        if st.is_over:
            raise Mismatch(f"decision {n}: the game is already over here")
        if st.current_player != rec["player"] - first_seat:
            here, logged = game.seat_names[st.current_player], cut(str(rec.get("seat", rec["player"])))
            if logged == here:  # (a log edited by hand: its seat's name, another's number)
                here, logged = f"{here} (seat {st.current_player + first_seat})", f"seat {rec['player']:,}"
            raise Mismatch(f"decision {n}: {here} decides here, the log says {logged}")
        actions = st.legal_actions()
        if len(actions) != rec["legal"]:
            raise Mismatch(f"decision {n}: {len(actions)} legal actions here, the log says {rec['legal']}")
        if not 0 <= rec["choice"] < len(actions):
            raise Mismatch(f"decision {n}: the log's choice {rec['choice']:,} is not one of the {len(actions)} "
                           "legal actions here (counted from 0)")
        action = actions[rec["choice"]]
        if str(action) != rec["action"]:
            raise Mismatch(f"decision {n}: the log's action {cut(rec['action'])!r} is not the one offered here")
        st.apply(action)
    elif kind == "result":
        if not st.is_over:
            raise Mismatch("the log's game ended here, but the replay goes on")
        got = {"ending": st.result.ending, "winners": [game.seat_names[s] for s in st.result.winners]}
        want = {"ending": rec["ending"], "winners": rec["winners"]}
        if "payoffs" in rec or st.result.payoffs is not None:
            got["payoffs"] = list(st.result.payoffs) if st.result.payoffs is not None else None
            want["payoffs"] = rec.get("payoffs")
        if got != want:
            raise Mismatch(f"the result differs: {got} here, {cut(str(want), 200)} in the log")
    elif kind == "error":
        message = rec.get("message")
        if stopped_at_the_cap(message, decisions) and not st.is_over:
            # the decision cap of the session that logged it (--max-decisions), not of the
            # rules: the game reached it with the logged decisions, still going on
            raise ReproducedError(message, decisions, capped=True)
        raise Mismatch(f"the logged game stopped on an error: {cut(str(message), 200)}")
    elif kind == "start":
        raise Mismatch("a second 'start' record inside one game")


def _run_again(path: str, start: dict, checked) -> str:
    """The command that deals the log's game again with the rules as they are now: its
    seed, its number of players where the file's default differs, and each parameter
    the log set to another value than the file's default (a name the file no longer has
    is left out: the command must run)."""
    import shlex
    from ..lang.overrides import set_text
    words = ["ruleforge", "run", path, "--seed", str(start["seed"])]
    players = start.get("players")
    if isinstance(players, int) and players != checked.players[0] and checked.players[0] <= players <= checked.players[1]:
        words += ["--players", str(players)]
    params = start.get("params")
    for name, value in (params.items() if isinstance(params, dict) else ()):
        default = checked.params.get(name)
        if name in checked.params and value != (list(default) if isinstance(default, tuple) else default):
            words += ["--set", f"{name}={set_text(value)}"]
    return " ".join(shlex.quote(w) for w in words)


def _first(start: dict, game) -> int:
    """The seat a match's game was started from (`next game: winner starts`), or -1."""
    first = start.get("first", -1)
    if first != -1 and first not in game.turn_order:
        raise LogError(f"the log's game starts at seat {first + 1}, which has no place in the turn order")
    return first
