"""Many seeded matches (`run --match --games N`): how often each player won the match,
how many games a match took, and how many stopped at the cap with no winner.

Match i of a run with seed S is `run --match --seed derive(S, i)`: the same games, the
same bots' draws, whatever the number of processes (simulate.run_games plays them).
"""

from __future__ import annotations

from typing import Optional

from attrs import define

from ..lang.matchrule import MAX_MATCH_GAMES
from ..lang.plural import count
from ..runtime.rng import derive
from .simulate import GameSpec, game_for, mean_interval, wilson


@define
class MatchOutcome:
    index: int
    seed: int
    winner: Optional[int]  # the participant who won the match (player 1 is 0), None at the cap
    games: int
    error: Optional[str] = None  # a game stopped on a rule error (or a limit): the match is left out


def play_one_match(spec: GameSpec, index: int) -> MatchOutcome:
    """Match `index` of the run (a module-level function: worker processes get it by name)."""
    from .agents import parse_agents
    from .matches import play_match
    from ..runtime.values import RuleError
    game = game_for(spec)
    seed = derive(spec.seed, index)
    try:
        winner, _, games = play_match(game, seed, parse_agents(spec.agents, game))
    except RuleError as e:
        return MatchOutcome(index, seed, None, 0, e.describe())
    return MatchOutcome(index, seed, winner, len(games))


def summarize_matches(game, outcomes: list[MatchOutcome], agents: Optional[str] = None) -> dict:
    ok = [o for o in outcomes if o.error is None]
    players = []
    for w in range(game.nplayers):
        wins = sum(1 for o in ok if o.winner == w)
        lo, hi = wilson(wins, len(ok))
        players.append({"player": f"player {w + 1}", "wins": wins, "win_rate": wins / len(ok) if ok else 0.0,
                        "ci95": [lo, hi]})
    s = {"game": game.title, "players": game.nplayers, "agents": agents or "random", "matches": len(outcomes),
         "errors": len(outcomes) - len(ok), "match_wins": players,
         "at_the_cap": sum(1 for o in ok if o.winner is None), "cap": MAX_MATCH_GAMES}
    if ok:
        s["games_per_match"] = mean_interval([o.games for o in ok], (1, MAX_MATCH_GAMES))
    first = next((o for o in outcomes if o.error is not None), None)
    if first is not None:
        s["first_error"] = {"match": first.index + 1, "seed": first.seed, "message": first.error}
    return s


def match_lines(s: dict) -> list[str]:
    """The summary as `run --match --games N` prints it (plain text: titles are the rule
    file's, printed as they are)."""
    ended = s["matches"] - s["errors"]
    head = f"{s['game']}, {count(s['players'], 'player')}: {count(s['matches'], 'match', 'matches')} · agents {s['agents']}"
    if s["errors"]:
        head += f" ({ended} played to the end)"
    lines = [head]
    if not ended:
        return lines + ["no match was played to its end, so there are no results"]
    width = max(len(p["player"]) for p in s["match_wins"])
    lines.append(f"{'Player':<{width}}  {'Matches won':>11}  {'Win rate':>8}  95% CI")
    for p in s["match_wins"]:
        lo, hi = p["ci95"]
        lines.append(f"{p['player']:<{width}}  {p['wins']:>11}  {100 * p['win_rate']:>7.1f}%  "
                     f"[{100 * lo:.1f}, {100 * hi:.1f}]")
    g = s["games_per_match"]
    spread = f"[{g['ci95'][0]:.2f}, {g['ci95'][1]:.2f}]" if g["games"] > 1 else "(1 match)"
    lines.append(f"Games a match: {g['mean']:.2f} on average {spread}")
    lines.append(f"Stopped at the cap ({s['cap']} games) with no winner: {count(s['at_the_cap'], 'match', 'matches')}")
    return lines
