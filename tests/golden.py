"""Golden logs: seeded random games recorded before the core rebuild, replayed after it.

Each game is played by a uniformly random policy (Python's `random.Random(seed)`, so the
policy does not depend on ruleforge) and written as a list of lines: every decision (who,
the prompt, the text of every legal action, which one was taken) and every event of the
engine's record, with cards, zones and seats by name. A game's digest is the sha256 of
those lines; `tests/data/golden/` keeps the digests of 300 games for every rule file at
every player count it supports, and the full lines of the first two games of each.

    python tests/golden.py record    # rewrite the data (only on purpose: it is the reference)
    python tests/golden.py record examples/new.rules   # record only these files (a new example)
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
    from ruleforge.runtime import events as E
    card = lambda c: game.cards[c].name  # noqa: E731
    zone = lambda z: game.zinst[z].label  # noqa: E731
    match ev:
        case E.Moved():
            return ["move", card(ev.card), zone(ev.source), zone(ev.destination), bool(ev.face_up), ev.known]
        case E.Swapped():
            return ["swap", card(ev.card), zone(ev.source), zone(ev.destination), bool(ev.face_up),
                    card(ev.other), bool(ev.other_face_up), ev.known, ev.other_known]
        case E.Revealed():
            return ["reveal", card(ev.card), zone(ev.zone)]
        case E.Flipped():
            return ["flip", card(ev.card), bool(ev.face_up)]
        case E.Shuffled():
            return ["shuffle", zone(ev.zone), ev.count]
        case E.ValueSet():
            return ["set", ev.label, _plain(ev.old), _plain(ev.new)]
        case E.Eliminated():
            return ["eliminate", ev.seat]
        case E.Finished():
            return ["finish", ev.seat, ev.place]
        case E.Said():
            return ["say", ev.text]
        case E.RoundBegan():
            return ["round", ev.round]
        case E.TurnBegan():
            return ["turn", ev.seat, ev.round]
        case E.Decided():
            return ["decide", ev.seat, str(ev.action), ev.prompt]
        case E.Status():
            rows = {zone(z): [[card(c), bool(up)] for c, up in cs] for z, cs in sorted(ev.rows)}
            if game.var_kinds:  # a player or card held in a counter, by name
                from ruleforge.runtime.held import named
                return ["status", [_plain(named(game, game.var_kinds[i], v) if i in game.var_kinds else v)
                                   for i, v in enumerate(ev.values)], rows]
            return ["status", [_plain(v) for v in ev.values], rows]
        case E.RoundEnded() | E.GameEnding() | E.Looked():
            return None  # headings the narrator gained after the logs were recorded (not in them)
        case E.Ended():
            r = ev.result
            return ["end", r.ending, r.reason, list(r.winners)]
    raise AssertionError(f"unknown event {ev!r}")


def _plain(v):
    return v if v is None or isinstance(v, (int, str, bool, float)) else str(v)


def play(game, seed: int) -> list:
    """One seeded random game as lines (see the module's docstring)."""
    policy = random.Random(seed)
    st = game.new(seed, record=True)
    lines: list = []

    def flush():
        lines.extend(x for ev in st.record if (x := encode_event(game, ev)) is not None)
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


def record(only: list[str] | None = None) -> None:
    """Record every configuration, or only those of the rule files named in `only`."""
    import ruleforge
    import subprocess
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    wanted = None if not only else {Path(p).resolve() for p in only}
    for path, n in configurations():
        if wanted is not None and path.resolve() not in wanted:
            continue
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
    if sys.argv[1:2] == ["record"]:
        record(sys.argv[2:])
    elif sys.argv[1:] == ["verify"]:
        bad = verify()
        print("\n".join(bad) or "every golden game replays identically")
        sys.exit(1 if bad else 0)
    else:
        sys.exit(__doc__)
