"""A seeded generator of hostile rule files (issue 12): mostly well-formed files, each
built from a small valid game or from a shipped rule file, with fragments spliced in
whose sizes are drawn to be dangerous.

`generate(seed) -> (name, text)`: the same seed always gives the same file. `name` says
which families made it (`"params_squared+markup_title"`), so a failure reads as a cause.
The files a rule file may point at (`extends "fifo.rules"`, a symlink loop) are made by
`prepare(folder)`; tests/test_hostile_rules.py runs ruleforge on every file.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted([*ROOT.glob("games/*.rules"), *ROOT.glob("examples/*.rules")])

SKELETON = '''game "{title}"
players 2
role north "{role}"
role south "South"
cards: standard deck in deck
zone deck "{zone}": pile
zone discard "the discard": pile, face up
zone hand per player: hand
zone table "t": row of 2 slots
counter score per player = 0
counter x = 2
{items}
turn:
    current takes an action
{turn}
action draw "{prompt}":
    move top of deck to hand of current
    say "{say}"
ending done "deck empty": nobody wins when deck is empty
'''

# Text that must never reach a terminal raw: ESC sequences (CSI, OSC 52 writing the
# clipboard, OSC 8 links), C1 controls, NUL, bidi overrides, zero-width, rich markup.
NASTY_TEXTS = [
    "\x1b[2J\x1b[31mred",
    "\x1b]52;c;cm0gLXJmIH4=\x07clip",
    "\x1b]8;;http://x/\x1b\\link\x1b]8;;\x1b\\",
    "\x9b31mC1 CSI",
    "\x9d0;title\x9c",
    "[/]",
    "[bold]bold[/bold]",
    "[link=http://x]x[/link] [/",
    "a\x00b",
    "\u202eevil\u202c",
    "zero\u200bwidth\ufeff",
    "\x07\x08\x7fbell",
    "\r\x1b[Aover",
    "[red]{x}[/red]",
    "\x1bP+q\x1b\\dcs",
]

EXTENDS_TARGETS = [
    "/etc/passwd", "../../../../../../etc/passwd", "../" * 30 + "etc/passwd", "/dev/zero", "/dev/urandom",
    "/dev/null", "fifo.rules", "fifo", "missing.rules", "loop.rules", "/proc/self/environ", ".", "/",
    "/etc/shadow", "dir.rules", "self.rules", "passwd.rules", "big.rules", "/etc/passwd\x00.rules",
]

PASSWD_NEEDLE = "root:x:0:0"


def prepare(folder: Path) -> None:
    """Make the files `extends` may name: a fifo, a symlink loop, a folder, a link to
    /etc/passwd named like a rule file, a rule file past the size limit, one extending itself."""
    os.mkfifo(folder / "fifo.rules")
    os.mkfifo(folder / "fifo")
    (folder / "loop.rules").symlink_to("loop2.rules")
    (folder / "loop2.rules").symlink_to("loop.rules")
    (folder / "dir.rules").mkdir()
    (folder / "passwd.rules").symlink_to("/etc/passwd")
    (folder / "big.rules").write_text("# junk\n" * 400_000)
    (folder / "self.rules").write_text('extends "self.rules"\n')


# Written out as text: Python itself refuses to print an int past 4,300 digits.
_BIG = ["1001", "10001", "100001", str(2**31), str(2**63), str(10**18 + 1), "1" + "0" * 19, "9" * 100,
        "1" + "0" * 4298 + "7", "1" + "0" * 4301, "7" * 20000]


def _big(rng: random.Random) -> str:
    """A number drawn to be dangerous: past 10**18, past 4,300 digits, or just past a limit."""
    return rng.choice(_BIG)


def _nasty(rng: random.Random) -> str:
    return "".join(rng.choice(NASTY_TEXTS) for _ in range(rng.randint(1, 3)))


# --- Families. Each returns (items, turn lines, skeleton overrides) to splice in. ---------

def deep_parens(rng):
    n = rng.choice([50, 200, 1000, 5000, 50_000])
    return [f"define deep = {'(' * n}1{')' * n}", "ending deep_end \"d\": nobody wins when deep < 0"], [], {}


def deep_if(rng):
    n = rng.choice([20, 100, 300, 1000])
    lines = []
    for i in range(n):
        lines.append("    " * (i + 1) + f"if x > {i}:")
    lines.append("    " * (n + 1) + "increase x by 1")
    if rng.random() < 0.5:
        lines += ["    else:", "        set x to 2"]
    return [], lines, {}


def deep_else_if(rng):
    n = rng.choice([100, 1000, 5000])
    lines = ["    if x = 0:", "        set x to 1"]
    for i in range(n):
        lines += [f"    else if x = {i + 1}:", f"        set x to {i}"]
    return [], lines, {}


def deep_quantifiers(rng):
    n = rng.choice([3, 5, 8, 20, 100])
    names = [f"c{i}" for i in range(n)]
    head = " ".join(f"{rng.choice(['any', 'every', 'no'])} {v} in deck has" for v in names)
    cond = " + ".join(f"{v}.value" for v in names) + " > 1000"
    return [f'ending q "q": nobody wins when {head} {cond}'], [], {}


def doubling_defines(rng):
    n = rng.choice([10, 22, 40, 100])
    op = rng.choice(["+", "*"])
    items = ["define d0 = count of deck + 2"] + [f"define d{i} = d{i - 1} {op} d{i - 1}" for i in range(1, n)]
    return items + [f'ending dd "d": nobody wins when d{n - 1} < 0'], [], {}


def squaring_params(rng):
    n = rng.choice([10, 40, 100, 500])
    op = rng.choice(["*", "+"])
    items = ["parameter p0 = 3"] + [f"parameter p{i} = p{i - 1} {op} p{i - 1}" for i in range(1, n)]
    use = rng.choice([f"repeat p{n - 1} times:", f"if x = p{n - 1}:"])
    return items, ["    " + use, "        increase x by 1"], {}


def quantity_chain(rng):
    n = rng.choice([8, 12, 20, 60])
    fan = rng.choice([2, 4, 8])
    items = ["quantity q0: count of deck"] + [
        f"quantity q{i}: " + " + ".join([f"q{i - 1}"] * fan) for i in range(1, n)]
    return items + [f'ending qq "q": nobody wins when q{n - 1} < 0'], [], {}


def self_reference(rng):
    kind = rng.choice(["quantity", "define", "mutual", "param", "counter"])
    if kind == "quantity":
        items = ["quantity qs: qs + 1"]
        use = "qs"
    elif kind == "define":
        items = ["define ds = ds * 2"]
        use = "ds"
    elif kind == "mutual":
        items = ["define da = db + 1", "define db = da + 1"]
        use = "da"
    elif kind == "param":
        items = ["parameter ps = ps + 1"]
        use = "ps"
    else:
        items = ["counter cs = cs"]
        use = "cs"
    return items + [f'ending self "s": nobody wins when {use} < 0'], [], {}


def huge_constants(rng):
    n = _big(rng)
    where = rng.choice(["param", "counter", "slots", "repeat", "compare", "copies_say", "players", "add"])
    if where == "param":
        return [f"parameter huge = {n}"], ["    if x = huge:", "        increase x by huge"], {}
    if where == "counter":
        return [f"counter big = {n}"], ["    increase big by 1"], {}
    if where == "slots":
        return [f"zone wide per player: row of {n} slots"], [], {}
    if where == "repeat":
        return [], [f"    repeat {n} times:", "        increase x by 1"], {}
    if where == "compare":
        return [f'ending h "h": nobody wins when x > {n}'], [], {}
    if where == "players":
        return [], [], {"players 2": f"players {n}"}
    if where == "add":
        return [], [f"    set x to x + {n}"], {}
    return [], [f'    say "{{x + {n}}}"'], {}


def huge_ranges(rng):
    lo = rng.choice(["1", "0", "-1000000000", "-" + _big(rng)])
    hi = _big(rng)
    extra = ["    with b from 1 to 10000"] if rng.random() < 0.4 else []
    return [f'action pick "Pick":\n    with a from {lo} to {hi}', *extra,
            "    allowed if a = x", "    increase score of current by 1"], [], {}


def many_players_slots(rng):
    players = rng.choice([16, 17, 100, 100_000])
    rows = rng.choice([1, 20, 200, 2000])
    slots = rng.choice([10, 1000, 1001, 100_000])
    items = [f"zone r{i} per player: row of {slots} slots" for i in range(rows)]
    return items, [], {"players 2": f"players {players}", 'role north "{role}"\nrole south "South"\n': ""}


def many_cards(rng):
    kinds = rng.choice([10, 500, 5000, 20_000])
    copies = rng.choice([1, 1000, 1001, 10**6])
    lines = [f'card "k{i}":\n    value: {i}\n    copies: {copies}' for i in range(kinds)]
    text = SKELETON.replace("cards: standard deck in deck", "cards: listed in deck")
    return lines, [], {"__text__": text}


def long_lines(rng):
    n = rng.choice([10_000, 100_000, 1_000_000])
    kind = rng.choice(["say", "sum", "comment", "title"])
    if kind == "say":
        return [], [f'    say "{"y" * n}"'], {}
    if kind == "sum":
        return [f"define long = {' + '.join(['1'] * (n // 4))}", 'ending l "l": nobody wins when long < 0'], [], {}
    if kind == "comment":
        return ["# " + "z" * n], [], {}
    return [], [], {"title": "T" * n}


def misspelt_names(rng):
    n = rng.choice([100, 1000, 5000])
    words = ["scroe", "dekc", "curent", "hnad", "discrad", "tabel", "counterx", "draww"]
    lines = [f"    increase {rng.choice(words)}{i} by {rng.choice(words)}" for i in range(n)]
    return [], lines, {}


def junk_lines(rng):
    n = rng.choice([1000, 10_000, 100_000])
    alphabet = "abc xyz:=()[]{}\"#-+*/<>!.,;'`\\@$%^&"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(n)]
    return lines, [], {}


def nasty_texts(rng):
    where = rng.choice(["title", "role", "zone", "prompt", "say", "ending", "card", "param"])
    text = _nasty(rng)
    if where in ("title", "role", "zone", "prompt", "say"):
        return [], [], {where: text}
    if where == "ending":
        return [f'ending odd "{text}": nobody wins when x < 0'], [], {}
    if where == "param":
        return [f'parameter odd = "{text}"'], [f'    say "{{odd}}"'], {}
    card = SKELETON.replace("cards: standard deck in deck", "cards: listed in deck")
    return [f'card "{text}":\n    value: 1\n    text: "{_nasty(rng)}"\n    copies: 3'], [], {"__text__": card}


def hostile_extends(rng):
    target = rng.choice(EXTENDS_TARGETS)
    extra = rng.choice(["", "parameter shore = 3\n", 'game "v"\n'])
    return [], [], {"__whole__": f'extends "{target}"\n{extra}'}


def unicode_oddities(rng):
    odd = rng.choice(["\u202e", "\u200b", "\x00", "\ufeff", "\u2066", "\x1b", "\x85", "\u2028", "\x0c", "\x9b"])
    return [], [], {"__sprinkle__": odd}


def tabs_and_indentation(rng):
    return [], [], {"__indent__": rng.choice(["\t", " \t", "\t ", "  ", "        "])}


def never_ends(rng):
    kind = rng.choice(["ending", "repeat", "runs_out", "for_each", "round"])
    if kind == "ending":
        return [], [], {"__ending__": 'ending done "never": nobody wins when x < 0',
                        "    move top of deck": "    if deck is not empty:\n        move top of deck"}
    if kind == "repeat":
        return [], ["    repeat while x > 0:", "        increase x by 1"], {}
    if kind == "runs_out":
        return ["when deck runs out:\n    move top of deck to discard\n    shuffle discard into deck"], [
            "    move top of deck to discard"], {}
    if kind == "for_each":
        return [], ["    for each c in deck:", "        for each d in deck:",
                    "            for each e in deck:", "                increase x by 0"], {}
    return ["when the round ends:\n    repeat 1000000 times:\n        set x to x"], [], {}


def self_trigger(rng):
    return ["when discard runs out:\n    move top of discard to deck\n    move top of discard to deck"], [
        "    move top of discard to deck"], {}


FAMILIES = [deep_parens, deep_if, deep_else_if, deep_quantifiers, doubling_defines, squaring_params,
            quantity_chain, self_reference, huge_constants, huge_ranges, many_players_slots, many_cards,
            long_lines, misspelt_names, junk_lines, nasty_texts, hostile_extends, unicode_oddities,
            tabs_and_indentation, never_ends, self_trigger]
# Families that rewrite the whole text, applied after the others.
_POST = {"__sprinkle__", "__indent__", "__whole__"}


def _sprinkle(rng: random.Random, text: str, odd: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        chars.insert(rng.randrange(len(chars) + 1), odd)
    return "".join(chars)


def _indent(rng: random.Random, text: str, indent: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("    ") and rng.random() < 0.5:
            lines[i] = indent + line[4:]
    return "\n".join(lines)


def _from_skeleton(rng: random.Random, chosen) -> str:
    items, turn, over = [], [], {}
    for family in chosen:
        i, t, o = family(rng)
        items += i
        turn += t
        over.update(o)
    fields = {"title": "H", "role": "North", "zone": "the deck", "prompt": "Draw a card", "say": "drew"}
    text = over.pop("__text__", SKELETON)
    for key in list(over):
        if key in fields:
            fields[key] = over.pop(key)
    if "__ending__" in over:
        text = text.replace('ending done "deck empty": nobody wins when deck is empty', over.pop("__ending__"))
    post = {k: over.pop(k) for k in list(over) if k in _POST}
    for old, new in over.items():
        text = text.replace(old, new)
    for key, value in fields.items():
        text = text.replace("{" + key + "}", value.replace('"', "'"))
    text = text.replace("{items}", "\n".join(items)).replace("{turn}\n", "".join(line + "\n" for line in turn))
    return _post(rng, text, post)


def _post(rng: random.Random, text: str, post: dict) -> str:
    if "__whole__" in post:
        text = post["__whole__"] + ("" if rng.random() < 0.5 else text.split("\n", 1)[1])
    if "__indent__" in post:
        text = _indent(rng, text, post["__indent__"])
    if "__sprinkle__" in post:
        text = _sprinkle(rng, text, post["__sprinkle__"])
    return text


def _mutate_shipped(rng: random.Random, chosen) -> str:
    """A shipped file with the families' items spliced in between its items, their turn
    lines inside one of its blocks, and some of its texts and numbers made hostile."""
    path = rng.choice(SHIPPED)
    lines = path.read_text(encoding="utf-8").split("\n")
    post = {}
    for family in chosen:
        items, turn, over = family(rng)
        post.update({k: v for k, v in over.items() if k in _POST})
        tops = [i for i, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith("#")]
        at = rng.choice(tops)
        lines[at:at] = "\n".join(items).split("\n") if items else []
        blocks = [i for i, line in enumerate(lines) if line.startswith("    ") and not line.startswith("     ")
                  and lines[i - 1].endswith(":") and not lines[i - 1].startswith(" ")]
        if turn and blocks:
            at = rng.choice(blocks)
            lines[at:at] = turn
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(lines))
        if '"' in lines[i]:
            head, _, rest = lines[i].partition('"')
            lines[i] = head + '"' + _nasty(rng).replace('"', "'") + rest[rest.find('"'):]
        elif any(ch.isdigit() for ch in lines[i]) and not lines[i].lstrip().startswith("#"):
            j = next(k for k, ch in enumerate(lines[i]) if ch.isdigit())
            lines[i] = lines[i][:j] + _big(rng) + lines[i][j + 1:]
    return _post(rng, "\n".join(lines), post)


def generate(seed: int) -> tuple[str, str]:
    """A hostile rule file for `seed`: (the families that made it, its text)."""
    rng = random.Random(seed)
    chosen = rng.sample(FAMILIES, rng.choice([1, 1, 2, 3]))
    shipped = rng.random() < 0.3 and hostile_extends not in chosen
    text = _mutate_shipped(rng, chosen) if shipped else _from_skeleton(rng, chosen)
    name = ("shipped:" if shipped else "") + "+".join(f.__name__ for f in chosen)
    return name, text
