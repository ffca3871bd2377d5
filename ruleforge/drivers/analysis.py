"""The design report's figures, worked out from traced games (drivers/traces.py).

Each function takes the games of one run (one set of bots) and returns a JSON-ready
dict; `analyze` puts them together with the skill trace (drivers/skill.py). The
figures follow Ludii's game metrics where they have one (Balance, Drawishness,
Decisiveness, Lead Change, Decision Moves), and say so in docs/analyze.md.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from pathlib import PurePath
from typing import Optional, Sequence

from .decision_points import by_actions
from .simulate import Z95, all_rules, mean_interval, summarize, wilson

MIN_GROUP = 10  # games on each side before a card's impact is judged


def win_share(winners: Sequence[int], seat: int) -> float:
    """A seat's part of a game's win: 1 alone, 1/k of a win shared by k, 0 otherwise."""
    return 1.0 / len(winners) if seat in winners else 0.0


def spread(values: Sequence[float]) -> dict:
    if not values:
        return {}
    qs = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "q1": qs[0], "q3": qs[-1], "min": min(values), "max": max(values), "games": len(values)}


def balance(summary: dict) -> dict:
    """The gap between the seats' win rates, 0 (even) to 1 (one seat wins every game),
    with the seats that have the highest and lowest rate: Ludii's Balance is 1 - gap.
    `fair` is each seat's rate if all were equal: 1/N of the games with a sole winner
    (a shared win, or a game nobody wins, is no seat's win)."""
    seats = summary["seats"]
    hi = max(seats, key=lambda s: s["win_rate"])
    # (another seat than hi, even when every seat has the same rate: a gap is between two)
    lo = min((s for s in seats if s is not hi), key=lambda s: s["win_rate"], default=hi)
    gap = hi["win_rate"] - lo["win_rate"]
    alone = sum(s["win_rate"] for s in seats)  # the share of the games one seat won alone
    # the gap is significant when the two seats' intervals do not meet
    return {"gap": gap, "best": hi["seat"], "worst": lo["seat"],
            "significant": hi["ci95"][0] > lo["ci95"][1],
            "fair": 1 / len(seats) if alone > 1 - 1e-9 else alone / len(seats)}


def drawishness(outcomes: Sequence) -> dict:
    """Games nobody won, and games won by several seats together (Ludii's Drawishness
    counts both as draws)."""
    ok = [o for o in outcomes if o.error is None]
    none = sum(1 for o in ok if not o.winners)
    shared = sum(1 for o in ok if len(o.winners) > 1)
    n = len(ok)
    return {"games": n, "no_winner": none, "shared": shared,
            "rate": (none + shared) / n if n else 0.0, "ci95": list(wilson(none + shared, n))}


def losses(outcomes: Sequence) -> dict:
    """In a game for one player, the games nobody won, which are losses (not draws; and a
    win cannot be shared), with the loss rate's Wilson interval."""
    ok = [o for o in outcomes if o.error is None]
    lost = sum(1 for o in ok if not o.winners)
    n = len(ok)
    return {"games": n, "losses": lost, "rate": lost / n if n else 0.0, "ci95": list(wilson(lost, n))}


def judged_by(game) -> Optional[str]:
    """What tells who leads: "heuristic" (the rule file's `heuristic of p:`), "score"
    (no heuristic, and a per-player score stands for one), or None (neither)."""
    source = game.heuristic_source
    return source if source in (None, "heuristic") else "score"


def tension(traces: Sequence, by: Optional[str] = None) -> dict:
    """Lead changes and decisiveness, from the heuristic or the score at every decision;
    `by` says which (judged_by), for the report to name."""
    ok = [t for t in traces if t.outcome.error is None]
    measured = [t for t in ok if t.lead_changes is not None]
    untold = [t.untold for t in ok if t.untold is not None]
    # games whose heuristic failed at a decision are left out, and the report says so
    left_out = {"untold": len(untold), "untold_first": untold[0]} if untold else {}
    if not measured:
        return {"measured": False, "games": 0, "by": by, **left_out}
    changes = [t.lead_changes for t in measured]
    decided = [t for t in measured if t.decided_at is not None and t.outcome.decisions > 0]
    shares = [t.decided_at / t.outcome.decisions for t in decided]
    out = {"measured": True, "games": len(measured), "by": by, "lead_changes": mean_interval(changes),
           "lead_changes_list": changes,
           "lead_changes_per_10": 10 * sum(changes) / max(1, sum(t.outcome.decisions for t in measured)),
           **left_out}
    if decided:
        out["decided"] = {**spread(shares),
                          "from_start": sum(1 for t in decided if t.decided_at == 0),
                          "at_the_end": sum(1 for t in decided if t.decided_at == t.outcome.decisions),
                          "shares": shares}
    return out


def rule_kind(game, name: str) -> str:
    if name.startswith("action "):
        return "action"
    if name.startswith("ending "):
        return "ending"
    effects = {p.name for procs in game.effects.values() for p in procs if p is not None}
    return "card effect" if name in effects else "event"


def rules(game, outcomes: Sequence) -> dict:
    """How often each action, event, card effect and ending fired, and in how many games."""
    ok = [o for o in outcomes if o.error is None]
    total, games = Counter(), Counter()
    for o in ok:
        total.update(o.fired)
        games.update(k for k, v in o.fired.items() if v)
    rows = [{"rule": r, "kind": rule_kind(game, r), "fired": total.get(r, 0), "games": games.get(r, 0),
             "share": games.get(r, 0) / len(ok) if ok else 0.0} for r in all_rules(game)]
    return {"games": len(ok), "rows": rows, "dead": [r["rule"] for r in rows if not r["fired"]]}


def branches(game, traces: Sequence) -> Optional[dict]:
    """How often each branch of the rules' `if`s (`if`, `else if`, `else`) was taken, and in
    how many games, in file order; None when the games did not count them (compiled
    without coverage: GameSpec.coverage). `dead`: the branches never taken; `dead_here`:
    those never taken whose test reads the player count, which other counts may take."""
    ok = [t for t in traces if t.outcome.error is None]
    if not ok or any(t.branches is None for t in ok):
        return None
    rows = []
    for k, site in enumerate(game.branch_sites):
        taken = sum(t.branches[k] for t in ok)
        games = sum(1 for t in ok if t.branches[k])
        place = place_text((site.file, site.line), set(site.rules))
        rows.append({"label": f"{place}: {site.text}", "place": place, "branch": site.text, "line": site.line,
                     "file": site.file, "rules": list(site.rules), "taken": taken, "games": games,
                     "share": games / len(ok), "reads_players": site.players})
    rows.sort(key=lambda r: (r["file"] is not None, r["file"] or "", r["line"]))
    # a branch whose test reads the player count is dead only at the count played
    return {"games": len(ok), "rows": rows, "players": game.nplayers,
            "dead": [r["label"] for r in rows if not r["taken"] and not r["reads_players"]],
            "dead_here": [r["label"] for r in rows if not r["taken"] and r["reads_players"]]}


def two_sided_z(alpha: float) -> float:
    return statistics.NormalDist().inv_cdf(1 - alpha / 2)


def difference_interval(s1: float, n1: int, s0: float, n0: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's interval for p1 - p0 from the two Wilson intervals (good near 0 and 1,
    where a card that always wins sits)."""
    p1, p0 = s1 / n1, s0 / n0
    l1, u1 = wilson(s1, n1, z)
    l0, u0 = wilson(s0, n0, z)
    d = p1 - p0
    return (d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2))


def cards(game, traces: Sequence, team: bool = False) -> dict:
    """Card impact: for each use of a card (an action that named it, or a choice of it),
    a seat's share of the wins (a shared win in part) in the games where it made that use
    against its share in the games where it did not. Only the seats that ever made that
    use are compared (in a game with roles, a card one role never touches says nothing
    about the other).

    An impact is significant when its interval, widened for the number of uses tested at
    once (Bonferroni: `ci_all`), leaves out 0: with 200 uses tested at 95%, ten would
    look significant by chance alone. `ci95` is a lone use's 95% interval. A use of a card
    nearly every holder plays is the luck of the deal (`luck`), never significant; `held`
    has each card's impact of holding it and of playing it (drivers/card_held.py)."""
    ok = [t for t in traces if t.outcome.error is None]
    by_key: dict = defaultdict(set)   # (use, card) -> seats that made it at least once
    for t in ok:
        for seat, use, card in t.used:
            by_key[(use, card)].add(seat)
    rows, rare = [], 0
    for (use, card), seats in by_key.items():
        s1 = n1 = s0 = n0 = 0.0
        for t in ok:
            for seat in seats:
                # (a cooperative team's win is each seat's whole win)
                share = (1.0 if t.outcome.winners else 0.0) if team else win_share(t.outcome.winners, seat)
                if (seat, use, card) in t.used:
                    s1, n1 = s1 + share, n1 + 1
                else:
                    s0, n0 = s0 + share, n0 + 1
        if n1 < MIN_GROUP or n0 < MIN_GROUP:
            rare += 1
            continue
        rows.append({"use": use, "card": card, "seats": [game.seat_titles[s] for s in sorted(seats)],
                     "every_seat": len(seats) == game.nplayers > 1,
                     "with": {"games": int(n1), "win_rate": s1 / n1},
                     "without": {"games": int(n0), "win_rate": s0 / n0},
                     "impact": s1 / n1 - s0 / n0, "ci95": list(difference_interval(s1, int(n1), s0, int(n0))),
                     "_s": (s1, int(n1), s0, int(n0))})
    z = two_sided_z(0.05 / max(1, len(rows)))
    for r in rows:
        lo, hi = difference_interval(*r.pop("_s"), z=z)
        r["ci_all"] = [lo, hi]
        r["significant"] = lo > 0 or hi < 0
    from .card_held import holding, mark_luck  # (built on this module's figures)
    held = holding(game, traces, team)
    mark_luck(rows, held)
    # (the uses of cards some holders keep before those that say who was dealt what)
    rows.sort(key=lambda r: (not r["significant"], r["luck"], -abs(r["impact"]), r["use"], r["card"]))
    return {"games": len(ok), "tested": len(rows), "too_rare": rare, "min_group": MIN_GROUP,
            "significant": sum(1 for r in rows if r["significant"]), "luck": sum(1 for r in rows if r["luck"]),
            "rows": rows, "held": held}


def decisions(game, traces: Sequence) -> dict:
    """Menu sizes: per decision point (a prompt where the rule file asks it), per seat,
    overall; and how often there was only one choice. Each point also has what greedy bots
    made of it (`greedy`), per seat: the choices they judged there, and those where every
    move got the same value."""
    ok = [t for t in traces if t.outcome.error is None]
    # (prompt, where, actions offered) -> [decisions, sum of menu sizes, forced, seats, rules, greedy]
    points: dict = {}
    seats = [[0, 0, 0] for _ in range(game.nplayers)]   # decisions, sum of menu sizes, forced
    for t in ok:
        for seat, prompt, where, rule, offered, n, total, forced, judged, alike in t.menus:
            row = points.setdefault((prompt, where, offered), [0, 0, 0, set(), set(), {}])
            row[0] += n
            row[1] += total
            row[2] += forced
            row[3].add(seat)
            row[4].add(rule)
            if judged:
                by_seat = row[5].setdefault(seat, [0, 0])
                by_seat[0] += judged
                by_seat[1] += alike
            s = seats[seat]
            s[0] += n
            s[1] += total
            s[2] += forced
    n = sum(s[0] for s in seats)
    return {"games": len(ok),
            "overall": {**_menu_figures(n, sum(s[1] for s in seats), sum(s[2] for s in seats)),
                        "per_game": n / len(ok) if ok else 0.0},
            "seats": [{"seat": i + 1, "title": game.seat_titles[i], **_menu_figures(*s)} for i, s in enumerate(seats)],
            "prompts": point_rows(game, by_actions(points), len(ok))}


def _menu_figures(count: int, total: int, forced: int) -> dict:
    return {"decisions": count, "mean_menu": total / count if count else 0.0,
            "one_choice": forced / count if count else 0.0}


def point_rows(game, points: dict, games: int) -> list[dict]:
    """A row per decision point, the most asked first. A prompt asked at one place is
    labelled by its words alone; one asked at several (every `takes an action` prompts
    "take an action") by its words, the rule and the line that ask it, so that a designer
    can tell them apart (they were one row: a turn's draw and its discard, each role's
    turn); and a place that offers actions apart at different times (a trick game's
    lead, and its follow) by the actions each offers too (drivers/decision_points.py)."""
    places = Counter(prompt for prompt, _ in {(prompt, where) for prompt, where, _, _ in points})
    rows = [{"prompt": prompt, "label": (prompt if places[prompt] == 1 else f"{prompt} ({place_text(where, r[4])})")
             + (f": {', '.join(actions)}" if apart else ""), "actions": list(actions),
             "line": where[1] if where else None, "file": where[0] if where else None, "rules": sorted(r[4]),
             "seats": [game.seat_titles[s] for s in sorted(r[3])], "every_seat": len(r[3]) == game.nplayers > 1,
             "per_game": r[0] / games, **_menu_figures(*r[:3]), "greedy": _greedy_at(game, r[5])}
            for (prompt, where, actions, apart), r in points.items()]
    return sorted(rows, key=lambda r: -r["decisions"])


def _greedy_at(game, by_seat: dict) -> Optional[dict]:
    """Greedy bots' choices at a decision point, and those they found every move alike;
    None where no greedy bot chose."""
    if not by_seat:
        return None
    rows = [{"seat": game.seat_titles[s], "judged": j, "alike": a} for s, (j, a) in sorted(by_seat.items())]
    return {"judged": sum(r["judged"] for r in rows), "alike": sum(r["alike"] for r in rows), "seats": rows}


def place_text(where: Optional[tuple], rules: set) -> str:
    """'turn, line 102' (the rule asking, the line of the question); 'line 40 of
    base.rules' for the file a variant extends; the line alone where several rules ask
    it (the cards of a list that share an effect)."""
    rule = f"{next(iter(rules))}, " if len(rules) == 1 and None not in rules else ""
    if where is None:
        return rule + "place unknown"
    file, line = where
    return f"{rule}line {line}" + (f" of {PurePath(file).name}" if file else "")


def report(game, traces: Sequence, agents: Optional[str]) -> dict:
    """Every figure of the report that comes from one run's games.

    In a game for one player `draws` and `tension` are None (a game nobody wins is a loss,
    and with one seat nobody takes or changes the lead: nothing to measure), and `losses`
    (absent with two players or more) counts the games nobody won. In a game where no
    rule asks a player anything (`decides` False: a game of pure chance) `tension` is None
    too: the lead is told at each decision, and there is none."""
    outcomes = [t.outcome for t in traces]
    summary = summarize(game, outcomes, agents)
    ok = [o for o in outcomes if o.error is None]
    # a cooperative game's players are one team: its figures are a solitaire's (no draws,
    # no lead between seats; a game nobody wins is the team's loss)
    one = game.nplayers == 1 or game.cooperative
    return {"summary": summary, "cooperative": game.cooperative, "balance": balance(summary), "draws": None if one else drawishness(outcomes),
            **({"losses": losses(outcomes)} if one else {}),
            "lengths": {"decisions": [o.decisions for o in ok], "rounds": [o.rounds for o in ok],
                        "turns": [o.turns for o in ok]},
            "tension": None if one or not game.decides else tension(traces, judged_by(game)),
            "rules": rules(game, outcomes), "branches": branches(game, traces),
            "cards": cards(game, traces, game.cooperative),
            "decisions": decisions(game, traces),
            "decides": game.decides, "greedy_alike": greedy_alike(game, traces)}


def greedy_alike(game, traces: Sequence) -> Optional[list]:
    """Per seat, the choices greedy bots made there and those where the heuristic gave
    every move the same value (so the bot chose at random); None without such choices."""
    ok = [t for t in traces if t.outcome.error is None and t.alike]
    rows = [{"seat": game.seat_titles[s], "judged": sum(t.alike[s][0] for t in ok),
             "alike": sum(t.alike[s][1] for t in ok)} for s in range(game.nplayers)]
    return rows if any(r["judged"] for r in rows) else None
