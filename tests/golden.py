"""Golden logs: seeded random games recorded before the core rebuild, replayed after it.

Each game is played by a uniformly random policy (Python's `random.Random(seed)`, so the
policy does not depend on ruleforge) and written as a list of lines: every decision (who,
the prompt, the text of every legal action, which one was taken) and every event of the
engine's record, with cards, zones and seats by name. A game's digest is the sha256 of
those lines; `tests/data/golden/` keeps the digests of 300 games for every rule file at
every player count it supports, and the full lines of the first two games of each.

    python tests/golden.py record    # rewrite the data (only on purpose: it is the reference)
    python tests/golden.py verify    # replay every recorded game and compare (the test does this too)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "golden"
GAMES = 300
FULL = 2  # games per configuration kept in full


def rule_files() -> list[Path]:
    return sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "games" / "variants").glob("*.rules")) \
        + sorted((ROOT / "examples").glob("*.rules"))


def player_counts(path: Path) -> range:
    from ruleforge.load import check_source, read_source
    name, data = read_source(path)
    _, checked = check_source(name, data, {})
    low, high = checked.players
    return range(low, high + 1)


def encode_event(game, ev) -> list:
    """One event of the engine's record, as plain JSON values with names for indexes."""
    card = lambda c: game.cards[c].name  # noqa: E731
    zone = lambda z: game.zinst[z].label  # noqa: E731
    kind = ev[0]
    if kind == "move":
        _, c, src, dst, up, known = ev
        return ["move", card(c), zone(src), zone(dst), bool(up), known]
    if kind == "swap":
        _, a, za, zb, upa, b, upb, ka, kb = ev
        return ["swap", card(a), zone(za), zone(zb), bool(upa), card(b), bool(upb), ka, kb]
    if kind == "reveal":
        return ["reveal", card(ev[1]), zone(ev[2])]
    if kind == "flip":
        return ["flip", card(ev[1]), bool(ev[2])]
    if kind == "shuffle":
        return ["shuffle", zone(ev[1]), ev[2]]
    if kind == "set":
        return ["set", ev[1], _plain(ev[2]), _plain(ev[3])]
    if kind == "eliminate":
        return ["eliminate", ev[1]]
    if kind == "say":
        return ["say", ev[1]]
    if kind == "round":
        return ["round", ev[1]]
    if kind == "turn":
        return ["turn", ev[1], ev[2]]
    if kind == "decide":
        return ["decide", ev[1], str(ev[2]), ev[3]]
    if kind == "status":
        rows = {zone(z): [[card(c), bool(up)] for c, up in cs] for z, cs in sorted(ev[2].items())}
        return ["status", [_plain(v) for v in ev[1]], rows]
    if kind == "end":
        r = ev[1]
        return ["end", r.ending, r.reason, list(r.winners)]
    raise AssertionError(f"unknown event {kind!r}")


def _plain(v):
    return v if v is None or isinstance(v, (int, str, bool, float)) else str(v)


def play(game, seed: int) -> list:
    """One seeded random game as lines (see the module's docstring)."""
    policy = random.Random(seed)
    st = game.new(seed, record=True)
    lines: list = []

    def flush():
        lines.extend(encode_event(game, ev) for ev in st.record)
        st.record.clear()
    flush()
    while not st.is_over:
        actions = st.legal_actions()
        i = policy.randrange(len(actions))
        lines.append(["D", st.current_player, st.prompt, [str(a) for a in actions], i])
        st.apply(actions[i])
        flush()
    r = st.result
    lines.append(["R", r.ending, list(r.winners)])
    return lines


def digest(lines: list) -> str:
    text = "\n".join(json.dumps(x, ensure_ascii=False, sort_keys=True) for x in lines)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def config_name(path: Path, players: int) -> str:
    return f"{path.parent.name}-{path.stem}-{players}p"


def configurations() -> list[tuple[Path, int]]:
    return [(p, n) for p in rule_files() for n in player_counts(p)]


def record() -> None:
    import ruleforge
    import subprocess
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    for path, n in configurations():
        game = ruleforge.load(path, players=n)
        name = config_name(path, n)
        digests = []
        with open(DATA / f"{name}.full.jsonl", "w", encoding="utf-8") as full:
            for seed in range(GAMES):
                lines = play(game, seed)
                digests.append(digest(lines))
                if seed < FULL:
                    full.write(json.dumps({"seed": seed}) + "\n")
                    for x in lines:
                        full.write(json.dumps(x, ensure_ascii=False) + "\n")
        (DATA / f"{name}.json").write_text(json.dumps(
            {"rules": str(path.relative_to(ROOT)), "players": n, "commit": commit,
             "digests": digests}, indent=0) + "\n")
        print(name, "recorded", flush=True)


def load_config(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def full_games(name: str) -> dict[int, list]:
    games: dict[int, list] = {}
    seed = None
    for line in (DATA / f"{name}.full.jsonl").read_text(encoding="utf-8").splitlines():
        x = json.loads(line)
        if isinstance(x, dict):
            seed = x["seed"]
            games[seed] = []
        else:
            games[seed].append(x)
    return games


def verify(games: int = GAMES) -> list[str]:
    import ruleforge
    bad = []
    for path, n in configurations():
        name = config_name(path, n)
        want = load_config(name)["digests"]
        game = ruleforge.load(path, players=n)
        for seed in range(min(games, len(want))):
            if digest(play(game, seed)) != want[seed]:
                bad.append(f"{name} seed {seed}")
    return bad


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:] == ["record"]:
        record()
    elif sys.argv[1:] == ["verify"]:
        bad = verify()
        print("\n".join(bad) or "every golden game replays identically")
        sys.exit(1 if bad else 0)
    else:
        sys.exit(__doc__)
