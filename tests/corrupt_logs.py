"""A seeded corrupter of game logs, for testing `ruleforge replay` on hostile logs.

`corrupt(lines, rng)` takes a log's lines (JSON text, one record a line) and returns the
bytes of a damaged copy and the name of what was done to it: cut short, a key deleted, a
value of another type, deep nesting, garbage bytes, a huge line, lines dropped, swapped
or repeated. The same seed gives the same damage.

The default suite corrupts a few dozen logs (tests/test_hostile_files.py); a long run:

    RULEFORGE_CORRUPT_LOGS=5000 python -m pytest tests/test_hostile_files.py -k corrupt
"""

from __future__ import annotations

import json
import random

# values of every JSON type, and the values that break careless readers
_ODD_VALUES = [None, True, False, 0, -1, 1.5, 2**70, "", "x", "[/]", "\x1b]52;c;aGk=\x07", [], [1], {}, {"a": 1},
               [[[]]], "0", "-1", 10**30]


def _records(lines: list[str]) -> list[dict]:
    return [json.loads(line) for line in lines]


def _dump(records: list) -> list[str]:
    return [json.dumps(r, ensure_ascii=False) for r in records]


def _pick_field(rng: random.Random, records: list[dict]) -> tuple[int, str] | None:
    keyed = [(i, k) for i, r in enumerate(records) if isinstance(r, dict) for k in r]
    return rng.choice(keyed) if keyed else None


def _delete_key(rng, lines):
    recs = _records(lines)
    spot = _pick_field(rng, recs)
    if spot:
        del recs[spot[0]][spot[1]]
    return _dump(recs)


def _change_type(rng, lines):
    recs = _records(lines)
    spot = _pick_field(rng, recs)
    if spot:
        recs[spot[0]][spot[1]] = rng.choice(_ODD_VALUES)
    return _dump(recs)


def _change_inner(rng, lines):
    """A value inside a list or an object (a card name, a zone, a parameter) changed."""
    recs = _records(lines)
    spots = [(r, k) for r in recs for k, v in r.items() if isinstance(v, (list, dict)) and v]
    if spots:
        r, k = rng.choice(spots)
        v = r[k]
        if isinstance(v, list):
            v[rng.randrange(len(v))] = rng.choice(_ODD_VALUES)
        else:
            v[rng.choice(list(v))] = rng.choice(_ODD_VALUES)
    return _dump(recs)


def _nest(rng, lines):
    depth = rng.choice([50, 1000, 100_000])
    i = rng.randrange(len(lines))
    recs = _records(lines)
    if recs[i]:
        key = rng.choice(list(recs[i]))
        text = json.dumps(recs[i])
        marker = json.dumps(key) + ": "
        at = text.index(marker) + len(marker)
        end = at + len(json.dumps(recs[i][key]))
        lines = list(lines)
        lines[i] = text[:at] + "[" * depth + "1" + "]" * depth + text[end:]
    return lines


def _garbage(rng, lines):
    data = "\n".join(lines).encode()
    at = rng.randrange(len(data) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    return data[:at] + junk + data[at:]


def _huge(rng, lines):
    recs = _records(lines)
    spot = _pick_field(rng, recs)
    if spot:
        recs[spot[0]][spot[1]] = "x" * rng.choice([100_000, 1_000_000])
    return _dump(recs)


def _huge_number(rng, lines):
    i = rng.randrange(len(lines))
    digits = "9" * rng.choice([400, 5000])
    return [line.replace(": 0", ": " + digits, 1) if k == i else line for k, line in enumerate(lines)]


def _truncate(rng, lines):
    data = "\n".join(lines).encode()
    return data[:rng.randrange(len(data))]


def _drop_lines(rng, lines):
    keep = [line for line in lines if rng.random() > 0.2]
    return keep or lines[:1]


def _swap_lines(rng, lines):
    lines = list(lines)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return lines


def _repeat_line(rng, lines):
    lines = list(lines)
    i = rng.randrange(len(lines))
    return lines[:i + 1] + [lines[i]] * rng.randrange(1, 4) + lines[i + 1:]


def _not_an_object(rng, lines):
    i = rng.randrange(len(lines))
    return [rng.choice(["[]", "1", '"start"', "null", "{}", '{"type": 7}', '{"type": null}'])
            if k == i else line for k, line in enumerate(lines)]


MUTATIONS = {f.__name__.lstrip("_"): f for f in (
    _truncate, _delete_key, _change_type, _change_inner, _nest, _garbage, _huge, _huge_number, _drop_lines,
    _swap_lines, _repeat_line, _not_an_object)}


def corrupt(lines: list[str], rng: random.Random) -> tuple[bytes, str]:
    """A damaged copy of the log `lines`, and the names of the damage done (one to three)."""
    names = [rng.choice(list(MUTATIONS)) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    out: list[str] | bytes = list(lines)
    for name in names:
        if isinstance(out, bytes):  # already bytes: only byte damage applies now
            out = out[:rng.randrange(len(out) + 1)] if name == "truncate" else out
            continue
        try:
            out = MUTATIONS[name](rng, out)
        except (ValueError, RecursionError, AttributeError, TypeError):  # an earlier damage left a line that is
            # not JSON, or not an object
            out = _swap_lines(rng, out)
    data = out if isinstance(out, bytes) else ("\n".join(out) + "\n").encode()
    return data, "+".join(names)
