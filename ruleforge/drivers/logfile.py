"""Reading a game log (JSON Lines) as untrusted data: bounded, and every record checked.

A log may be cut short, edited by hand, or made to break the reader. It is read only if
it is a regular file within MAX_LOG_BYTES, a line at most MAX_LINE_BYTES long, at most
MAX_LOG_RECORDS records, MAX_LINE_VALUES JSON values a record and MAX_LOG_VALUES in all;
each line
must be one JSON object of a known record type whose fields have the types play.py
writes. Anything else is a LogError naming the line and the field, so that replay never
meets a missing key or a value of the wrong type (see docs/limits.md).
"""

from __future__ import annotations

import json
import os
import re
import stat

MAX_LOG_BYTES = 64 << 20    # a whole log; a game of 100,000 decisions writes ~15 MB
MAX_LINE_BYTES = 8 << 20    # one record; the largest is the deal (every card's name)
MAX_LOG_RECORDS = 200_000   # records held at once: ~1 KB of memory each once read
MAX_LINE_VALUES = 200_000   # JSON lists, objects and items in one record (counted as '{', '[' and ','
#                             before the line is parsed; the deal of a 1,000-card deck holds some 3,000)
MAX_LOG_VALUES = 4_000_000  # ... in the whole log: a value takes 50 to 100 bytes once read, so 64 MB of
#                             '{},' cannot take gigabytes (a real record holds tens)


class LogError(Exception):
    """The log cannot be replayed as it is (unreadable, malformed, or its rules changed)."""


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def read_log_lines(path: str) -> list[tuple[int, dict]]:
    """(line number, record) for each record of the log at `path`, every one checked."""
    try:
        # O_NONBLOCK: a named pipe must not hang the reader waiting for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise LogError(f"cannot read {path}: {e.strerror}") from None
    except ValueError:
        raise LogError(f"cannot read {path}: its name holds a NUL character") from None
    records = []
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LogError(f"cannot read {path}: it is not a regular file")
        if info.st_size > MAX_LOG_BYTES:
            raise LogError(f"{path} is too large for a log ({info.st_size:,} bytes; logs are limited to "
                           f"{MAX_LOG_BYTES:,} bytes, MAX_LOG_BYTES in ruleforge/drivers/logfile.py)")
        total = values = 0
        for n in range(1, 1 << 62):
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            total += len(raw)
            if len(raw) > MAX_LINE_BYTES or total > MAX_LOG_BYTES:
                what = f"line {n} is longer than {MAX_LINE_BYTES:,} bytes" if len(raw) > MAX_LINE_BYTES \
                    else f"the log grew past {MAX_LOG_BYTES:,} bytes while it was read"
                raise LogError(f"{path}:{n}: {what} (the limit is MAX_LINE_BYTES or MAX_LOG_BYTES "
                               "in ruleforge/drivers/logfile.py)")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise LogError(f"{path}:{n}: not UTF-8 text: is it a ruleforge log?") from None
            if n == 1:  # an editor's byte-order mark, as a rule file may have one (it was 'Unexpected UTF-8 BOM')
                line = line.removeprefix("\ufeff")
            if not line.strip():
                continue
            if len(records) >= MAX_LOG_RECORDS:
                raise LogError(f"{path}:{n}: more than {MAX_LOG_RECORDS:,} records (the limit is MAX_LOG_RECORDS in "
                               "ruleforge/drivers/logfile.py)")
            here = line.count("{") + line.count("[") + line.count(",")
            values += here
            if here > MAX_LINE_VALUES or values > MAX_LOG_VALUES:
                what, limit = ((f"more than {MAX_LINE_VALUES:,} JSON values in one record", "MAX_LINE_VALUES")
                               if here > MAX_LINE_VALUES else
                               (f"more than {MAX_LOG_VALUES:,} JSON values in the log", "MAX_LOG_VALUES"))
                raise LogError(f"{path}:{n}: {what} (the limit is {limit} in ruleforge/drivers/logfile.py; "
                               "a real record holds tens)")
            if not records and _RULE_FILE_START.match(line):
                raise LogError(f"{path} is a rule file, not a game log: `ruleforge run {path} --log GAME.jsonl` "
                               "writes a log to replay")
            try:
                rec = parse_json(line, f"{path}:{n}")
            except LogError:
                if records and not raw.endswith(b"\n") and not f.peek(1):
                    break  # the last line, cut in the middle (a copy or a write stopped): an incomplete log
                raise
            if not records and rec["type"] != "start":
                break
            check_record(rec, f"{path}:{n}")
            records.append((n, rec))
    if not records:
        raise LogError(f"{path} does not start with a 'start' record: is it a ruleforge log?")
    return records


# The first line of a rule file (comments and blank lines aside), not of a log
_RULE_FILE_START = re.compile(r'\s*(#|game\s+")')


def parse_record(line: str, where: str) -> dict:
    """One line of a log -> its record, checked against the schema (LogError if not)."""
    rec = parse_json(line, where)
    check_record(rec, where)
    return rec


def parse_json(line: str, where: str) -> dict:
    """One line of a log -> a JSON object with a 'type' (LogError if not)."""
    try:
        rec = json.loads(line, parse_constant=_no_constant)
    except RecursionError:
        raise LogError(f"{where}: not a ruleforge log record (JSON nested too deeply)") from None
    except json.JSONDecodeError as e:
        raise LogError(f"{where}: not a JSON line ({e.msg})") from None
    except ValueError as e:  # NaN, or an integer past Python's 4,300 digits
        raise LogError(f"{where}: not a JSON line ({str(e).split(':')[0]})") from None
    if not isinstance(rec, dict) or "type" not in rec:
        raise LogError(f"{where}: not a ruleforge log record")
    return rec


# What each type of record holds (play.py, terminal.py and cli/ write them): field ->
# (kind, required). Kinds: "int" (not a bool), "str", "str?" (text or null), "[str]",
# "[int]", "params" (name -> number, text, truth value or a list of them), "zones"
# (zone label -> list of card names).
_SCHEMA: dict[str, dict[str, tuple[str, bool]]] = {
    "start": {"rules": ("str", True), "sha256": ("str", True), "seed": ("int", True), "players": ("int", True),
              "params": ("params", False), "seats": ("[str]", False), "title": ("str", False),
              "ruleforge": ("str", False), "counterexample": ("str", False), "seats_from": ("int", False),
              "played_by": ("[str]", False), "first": ("int", False)},
    "setup": {"zones": ("zones", True)},
    "decision": {"player": ("int", True), "legal": ("int", True), "choice": ("int", True), "action": ("str", True),
                 "n": ("int", False), "seat": ("str", False), "prompt": ("str?", False)},
    "result": {"ending": ("str", True), "winners": ("[str]", True), "reason": ("str", False),
               "decisions": ("int", False), "rounds": ("int", False), "turns": ("int", False),
               "payoffs": ("[int]", False)},  # (turns: not in older logs)
    "error": {"message": ("str", False)},
    "quit": {},
    "match": {"winner": ("str", True), "wins": ("[int]", False), "games": ("int", False)},
    "match decision": {"player": ("str", True), "chose": ("str", True), "role": ("str", False)},
}

_KIND_WORDS = {"int": "a whole number", "str": "a text", "str?": "a text or null", "[str]": "a list of texts",
               "[int]": "a list of whole numbers", "params": "an object of parameter values",
               "zones": "an object of zone -> list of card names"}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_scalar(v) -> bool:
    return isinstance(v, (int, str))  # bool is an int


def _fits(kind: str, v) -> bool:
    if kind == "int":
        return _is_int(v)
    if kind == "str":
        return isinstance(v, str)
    if kind == "str?":
        return v is None or isinstance(v, str)
    if kind == "[str]":
        return isinstance(v, list) and all(isinstance(x, str) for x in v)
    if kind == "[int]":
        return isinstance(v, list) and all(_is_int(x) for x in v)
    if kind == "params":
        return isinstance(v, dict) and all(_is_scalar(x) or (isinstance(x, list) and all(map(_is_scalar, x)))
                                           for x in v.values())
    if kind == "zones":
        return isinstance(v, dict) and all(isinstance(x, list) and all(isinstance(c, str) for c in x)
                                           for x in v.values())
    raise AssertionError(kind)


def json_type(v) -> str:
    """The JSON type of a value, in words (the value itself is never echoed)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a text"
    return "a list" if isinstance(v, list) else "an object"


def check_record(rec: dict, where: str) -> None:
    """LogError unless `rec` is a record of a known type with fields of the right types."""
    kind = rec["type"]
    if not isinstance(kind, str) or kind not in _SCHEMA:
        # the file may be no log at all: its text is never quoted, only a known type it is close to
        hint = None
        if isinstance(kind, str) and len(kind) <= 40:
            from ..lang.diagnostics import did_you_mean
            hint = did_you_mean(kind, _SCHEMA)
        shown = f"(a text of {len(kind)} characters)" if isinstance(kind, str) else f"({json_type(kind)})"
        raise LogError(f"{where}: unknown record type {shown}" + (f"; {hint}" if hint else "")
                       + f" (a log holds {', '.join(_SCHEMA)})")
    if "game" in rec and not (_is_int(rec["game"]) and rec["game"] >= 1):
        raise LogError(f"{where}: the '{kind}' record's field 'game' should be a game number, "
                       f"not {json_type(rec['game'])}")
    for name, (want, required) in _SCHEMA[kind].items():
        if name not in rec:
            if required:
                raise LogError(f"{where}: the '{kind}' record has no field '{name}'")
            continue
        if not _fits(want, rec[name]):
            raise LogError(f"{where}: the '{kind}' record's field '{name}' should be {_KIND_WORDS[want]}, "
                           f"not {json_type(rec[name])}")
    if kind == "start" and not 0 <= rec["seed"] < 2**64:  # as Game.new takes a seed
        raise LogError(f"{where}: the 'start' record's field 'seed' should be a whole number from 0 to 2**64 - 1, "
                       f"not {'a negative number' if rec['seed'] < 0 else 'a larger one'}")
