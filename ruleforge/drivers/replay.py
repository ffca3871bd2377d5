"""Replaying a logged game: the same rules, seed and decisions must give the same game.

A log (see play.py) records the rule file's hash and parameters, the seed, the deal,
every decision (who, by seat number from 1, how many legal actions, which one) and the
result. Replay refuses
a log whose rule file or parameters have changed, and otherwise re-runs it checking
each of these along the way.
"""

from __future__ import annotations

import json
from typing import Callable, Optional

from ..load import load
from .narrate import Narrator
from .play import deal_snapshot


class LogError(Exception):
    """The log cannot be replayed as it is (unreadable, or its rules changed)."""


class Mismatch(Exception):
    """The replay went differently from the log."""


def read_log(path: str) -> list[dict]:
    records = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise LogError(f"{path}:{n}: not a JSON line ({e.msg})") from None
                if not isinstance(rec, dict) or "type" not in rec:
                    raise LogError(f"{path}:{n}: not a ruleforge log record")
                records.append(rec)
    except OSError as e:
        raise LogError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise LogError(f"{path} is not a text file") from None
    if not records or records[0].get("type") != "start":
        raise LogError(f"{path} does not start with a 'start' record: is it a ruleforge log?")
    return records


def split_games(records: list[dict]) -> list[list[dict]]:
    """A match log holds several games (records carry 'game': number)."""
    if "game" not in records[0]:
        return [records]
    games: dict = {}
    for rec in records:
        if isinstance(rec.get("game"), int):
            games.setdefault(rec["game"], []).append(rec)
    return [games[k] for k in sorted(games)]


def replay_game(records: list[dict], say: Optional[Callable[[str], None]] = None, rules_path: Optional[str] = None,
                seat=None, pause: Optional[Callable[[], None]] = None):
    """Replay one game's records. With `seat`, the narration tells only what that seat
    could see (a role name or seat number); `pause` is called after each decision."""
    start = records[0]
    path = rules_path or start["rules"]
    params = dict(start.get("params", {}))
    try:
        game = load(path, players=start.get("players"), **params)
    except OSError as e:  # pragma: no cover - load reports unreadable files itself
        raise LogError(f"cannot read {path}: {e}") from None
    if game.source_hash != start.get("sha256"):
        raise LogError(f"{path} has changed since this log was written (its sha256 was "
                       f"{str(start.get('sha256'))[:12]}..., now {game.source_hash[:12]}...): "
                       "the log can only be replayed with the rules it was played with")
    if game.params != params:
        changed = sorted(k for k in set(game.params) | set(params) if game.params.get(k) != params.get(k))
        raise LogError(f"the parameters differ from the log's: {', '.join(changed)}")
    seed = start["seed"]
    first_seat = 1 if start.get("seats_from") == 1 else 0  # logs before "seats_from" count from 0
    st = game.new(seed, record=say is not None)
    if seat is not None and not isinstance(seat, int):
        from .agents import _seat
        try:
            seat = _seat(str(seat), game)
        except ValueError as e:
            raise LogError(str(e)) from None
    narrator = Narrator(game, seat, st) if say else None

    def flush():
        if narrator and st.record:
            for line in narrator.lines(st.record):
                say(line)
            st.record.clear()
    decisions = 0
    for rec in records[1:]:
        kind = rec.get("type")
        if kind == "setup":
            if deal_snapshot(st) != rec["zones"]:
                raise Mismatch("the deal differs from the log's")
            flush()
        elif kind == "decision":
            n = rec.get("n", decisions)
            if st.is_over:
                raise Mismatch(f"decision {n}: the game is already over here")
            if st.current_player != rec["player"] - first_seat:
                raise Mismatch(f"decision {n}: {game.seat_names[st.current_player]} decides here, "
                               f"the log says {rec.get('seat', rec['player'])}")
            actions = st.legal_actions()
            if len(actions) != rec["legal"]:
                raise Mismatch(f"decision {n}: {len(actions)} legal actions here, the log says {rec['legal']}")
            action = actions[rec["choice"]] if 0 <= rec.get("choice", -1) < len(actions) else None
            if action is None or str(action) != rec["action"]:
                raise Mismatch(f"decision {n}: the log's action {rec['action']!r} is not the one offered here")
            st.apply(action)
            decisions += 1
            flush()
            if pause is not None and not st.is_over:
                pause()
        elif kind == "result":
            if not st.is_over:
                raise Mismatch("the log's game ended here, but the replay goes on")
            got = {"ending": st.result.ending, "winners": [game.seat_names[s] for s in st.result.winners]}
            want = {"ending": rec["ending"], "winners": rec["winners"]}
            if got != want:
                raise Mismatch(f"the result differs: {got} here, {want} in the log")
        elif kind == "error":
            raise Mismatch(f"the logged game stopped on an error: {rec.get('message')}")
    flush()
    return game, st, decisions
