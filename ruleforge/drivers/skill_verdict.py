"""The skill trace's sentence for each step, in the terminal and on the page.

A game without a payoff is judged by the win share alone. In a game with a payoff the
payoff is what the game is about (every ending of a cooperative game may be a loss but
the best one, and the payoff says how near the team came), so the verdict reads both
figures, the payoff first: the stronger rung is better when its payoff gain is
significantly above 0, even where nobody ever wins; only where the payoff shows nothing
do the wins decide; where both are significant and pull apart, the payoff decides and
the sentence says that the wins went the other way. Each sentence names the figure it
rests on.
"""

from __future__ import annotations

from ..lang.printable import markup
from .analysis_text import points, points_ci
from .report import interval, number
from .skill import excludes_zero


def direction(row: dict, figure: str) -> int:
    """+1, -1, or 0 (not significant) for a row's win gain ('wins') or payoff gain."""
    if figure == "wins":
        return 0 if not row.get("significant") else 1 if row["gain"] > 0 else -1
    p = row.get("payoff_gain")
    if not p or p.get("games", 2) < 2 or not excludes_zero(p["ci95"]):
        return 0
    return 1 if p["mean"] > 0 else -1


def decided(row: dict) -> tuple[int, str]:
    """Which way the row goes and the figure it rests on ('payoff', 'wins', 'both',
    'payoff against wins', or '' when neither figure is significant)."""
    pay, won = direction(row, "payoff"), direction(row, "wins")
    if pay and won:
        return pay, "both" if pay == won else "payoff against wins"
    return (pay, "payoff") if pay else (won, "wins") if won else (0, "")


def wins_text(row: dict) -> str:
    return f"wins {points(row['gain'])} points {points_ci(row['ci95'])}"


def payoff_text(row: dict) -> str:
    p = row["payoff_gain"]
    return f"payoff {number(p['mean'])} a game {interval(p)}"


BASIS = {"both": "by the payoff and the wins alike",
         "payoff": "by the payoff (the wins show no significant difference)",
         "wins": "by the wins (the payoff shows no significant difference)"}


def payoff_verdict(who: str, o: dict, over: str) -> tuple[str, int]:
    """A payoff game's sentence for the whole step, and which way it went."""
    way, basis = decided(o)
    figures = f"{payoff_text(o)}, {wins_text(o)}"
    if not way:
        return f"{who}: no significant gain{over} ({figures})", 0
    if basis == "payoff against wins":
        because = ("by the payoff, which the game is about, though the stronger rung wins "
                   + ("less often" if way > 0 else "more often"))
    else:
        because = BASIS[basis]
    said = "skill pays at this step" if way > 0 else "the stronger rung plays this game worse"
    return f"{who}: {figures}: {said}, {because}", way


def verdicts(k: dict, plain_text: bool = False) -> list[str]:
    """One sentence per step: does the stronger bot do better? Rich markup, or plain
    text (for the HTML page, which escapes it)."""
    name = (lambda x: x) if plain_text else markup
    less = "less" if plain_text else "[bold]less[/]"
    lines = []
    for st in k["steps"]:
        o = st.get("overall")
        alone = len(st["seats"]) == 1  # a game for one player: its one seat is every seat
        who = f"{st['stronger']} {'over' if alone else 'among'} {st['weaker']}"
        if not o:  # no pair of games that ended (rows of "0" games and "-"): a rule error or a cap
            if any(s.get("errors") for s in st["seats"]):
                lines.append(f"{who}: not measured: no game of this step ended (why: below)")
            continue
        over = "" if alone else " over every seat"
        payoff = bool(o.get("payoff_gain"))
        if payoff:
            line, way = payoff_verdict(who, o, over)
        elif o["significant"] and o["gain"] > 0:
            line, way = f"{who}: wins {points(o['gain'])} points more {points_ci(o['ci95'])}: skill pays at this step", 1
        elif o["significant"]:
            line, way = (f"{who}: wins {points(-o['gain'])} points {less} {points_ci(o['ci95'])}: "
                         "the stronger rung plays this game worse"), -1
        else:
            line, way = f"{who}: no significant gain{over} ({points(o['gain'])} {points_ci(o['ci95'])})", 0
        # a seat whose own figure says otherwise than the whole (roles can pull apart)
        odd = [s for s in st["seats"] if "gain" in s and decided(s)[0] and decided(s)[0] != way]
        if odd:
            line += "; but " + ", ".join(f"as {name(s['title'])} {seat_text(s)}" for s in odd)
        elif not way:
            line += ": at this step the games do not show that skill matters"
        lines.append(line)
    return lines


def seat_text(s: dict) -> str:
    way, basis = decided(s)
    if basis in ("payoff", "both", "payoff against wins"):
        p = s["payoff_gain"]
        return f"it {'gains' if way > 0 else 'loses'} {abs(p['mean']):.2f} of payoff a game {interval(p)}"
    return f"it {'gains' if way > 0 else 'loses'} {100 * abs(s['gain']):.1f} points {points_ci(s['ci95'])}"


# ---- the payoff's table ----------------------------------------------------------------

PAYOFF_TITLE = "The payoff: the stronger bot's gain a game, on the same deals"


def payoff_rows(k: dict) -> list[tuple]:
    """The payoff gain's rows, beside the win table's (whose width leaves no room for
    them): (step, seat or team or 'every seat', games, gain, interval, 'significant' or
    ''), the text raw (each channel escapes it its own way); [] where no payoff was measured."""
    rows = []
    for st in k["steps"]:
        name = f"{st['stronger']} over {st['weaker']}"
        every = [dict(st["overall"], title="every seat")] if st.get("overall") and len(st["seats"]) > 1 else []
        for row in st["seats"] + every:
            p = row.get("payoff_gain")
            if p:
                rows.append((name, row["title"], str(p["games"]), number(p["mean"]), interval(p),
                             "significant" if direction(row, "payoff") else ""))
                name = ""
    return rows


def payoff_table(k: dict, team: bool):
    """The payoff's table in the terminal, or None."""
    from rich.table import Table
    rows = payoff_rows(k)
    if not rows:
        return None
    t = Table(title=PAYOFF_TITLE, title_justify="left")
    for col in ("Step", "Team" if team else "Seat", "Games", "Payoff gain", "95% CI", ""):
        t.add_column(col, justify="right" if col in ("Games", "Payoff gain", "95% CI") else "left")
    for row in rows:
        t.add_row(*[markup(x) for x in row])
    return t
