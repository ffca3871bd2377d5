"""The design report's plots (matplotlib), each as PNG bytes made from the report's dict.

Rule-file text in a plot (seat titles, card and rule names, prompts) is drawn as written:
matplotlib would read `$...$` as mathematics, so dollars are escaped, and control
characters are shown as escapes.
"""

from __future__ import annotations

import io
import re
from typing import Callable

from ..lang.plural import count
from ..lang.printable import plain
from .report import whole_bins

BLUE, GREEN, RED, GREY, ORANGE = "#4c72b0", "#55a868", "#c44e52", "#8c8c8c", "#dd8452"
MAX_BARS = 25  # rows of a horizontal bar chart (cards, rules, decisions); the tables have them all


def text(s: str, width: int = 48) -> str:
    """`s` for a plot, at most `width` characters; a decision point's place (`to discard
    (The Contactee: on archive, line 294)`) keeps its line, which tells two rows apart."""
    s = plain(str(s)).replace("$", r"\$")
    if len(s) <= width:
        return s
    tail = _LINE_AT_END.search(s)
    tail = tail.group() if tail is not None and len(tail.group()) < width // 2 else ""
    return s[:width - 1 - len(tail)] + "…" + tail


_LINE_AT_END = re.compile(r", line \d+\)$")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=100)
    _pyplot().close(fig)
    return buf.getvalue()


def subtitle(r: dict) -> str:
    return f"{text(r['agents_label'], 40)}, {count(r['summary']['games'], 'game')}"


def balance(r: dict) -> bytes:
    plt = _pyplot()
    seats = r["summary"]["seats"]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    rates = [s["win_rate"] for s in seats]
    # (at 0% or 100% a Wilson bound can miss the rate by a rounding, and matplotlib refuses a negative bar)
    errs = [[max(0.0, s["win_rate"] - s["ci95"][0]) for s in seats],
            [max(0.0, s["ci95"][1] - s["win_rate"]) for s in seats]]
    ax.bar([text(s["title"], 20) for s in seats], rates, yerr=errs, capsize=6, color=BLUE)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"Balance: wins by seat ({subtitle(r)})")
    if len(seats) > 1:  # (a game for one player has no fair share to draw: its win rate is all there is)
        ax.axhline(r["balance"]["fair"], color=GREY, linestyle="--", linewidth=1, label="fair share")
        ax.legend(loc="upper right")
    return _png(fig)


def skill(r: dict) -> bytes:
    plt = _pyplot()
    k = r["skill"]
    steps = k["steps"]
    fig, ax = plt.subplots(figsize=(8, 4))
    labels = [f"{s['stronger']}\nover {s['weaker']}" for s in steps]
    nseats = len(steps[0]["seats"])
    series = nseats + 1 if nseats > 1 else 1  # the seats, then every seat (in a game for one player: the seat)
    width = 0.8 / series
    for i in range(series):
        xs, ys, lo, hi = [], [], [], []
        for j, st in enumerate(steps):
            row = st["seats"][i] if i < nseats else st.get("overall")
            if not row or "gain" not in row:
                continue
            xs.append(j - 0.4 + width * (i + 0.5))
            ys.append(100 * row["gain"])
            lo.append(100 * (row["gain"] - row["ci95"][0]))
            hi.append(100 * (row["ci95"][1] - row["gain"]))
        name = text(steps[0]["seats"][i]["title"], 20) if i < nseats else "every seat"
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o" if i < nseats else "D", capsize=4, label=name,
                    color="black" if i == nseats else None)
    ax.axhline(0, color=GREY, linewidth=1)
    ax.set_xticks(range(len(steps)), labels)
    ax.set_ylabel("gain in win rate (points, 95% CI)")
    among = "among weaker ones" if nseats > 1 else "instead of a weaker one"
    ax.set_title(f"Skill trace: a stronger bot {among} ({count(k['games_per_seat'], 'game')} a seat a step)")
    ax.legend(fontsize="small")
    return _png(fig)


def length(r: dict) -> bytes:
    plt = _pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    a.hist(r["lengths"]["decisions"], bins=whole_bins(r["lengths"]["decisions"]), color=GREEN)
    a.set_xlabel("decisions per game")
    a.set_ylabel("games")
    a.set_title(f"Length ({subtitle(r)})")
    rounds = r["lengths"]["rounds"]
    b.hist(rounds, bins=range(min(rounds, default=0), max(rounds, default=0) + 2), color=GREEN, align="left")
    b.set_xlabel("rounds per game (not hands)")
    b.set_title("rounds: a turn for each player")
    return _png(fig)


def tension(r: dict) -> bytes:
    plt = _pyplot()
    tn = r["tension"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    shares = tn.get("decided", {}).get("shares", [])
    a.hist([100 * x for x in shares], bins=[i * 5 for i in range(21)], color=ORANGE)
    a.set_xlabel("% of the game played before the winner led for good")
    a.set_ylabel("games")
    a.set_title(f"Decisiveness ({subtitle(r)})")
    changes = tn["lead_changes_list"]
    b.hist(changes, bins=range(0, max(changes, default=0) + 2), color=ORANGE, align="left")
    from matplotlib.ticker import MaxNLocator
    b.xaxis.set_major_locator(MaxNLocator(integer=True))
    b.set_xlabel("lead changes per game")
    b.set_title("lead changes")
    return _png(fig)


def _hbars(title: str, labels: list, values: list, colours: list, xlabel: str, xlim=None, notes=None) -> bytes:
    """Horizontal bars, the first at the top; `notes[i]`, if any, is written in red at
    the bar's foot (a bar of 0 is otherwise invisible)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 1.0 + 0.28 * max(3, len(labels))))
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, values, color=colours)
    for y, note in zip(ys, notes or []):
        if note:
            ax.text(0.5, y, note, color=RED, va="center", fontsize="small")
    ax.set_yticks(ys, labels, fontsize="small")
    ax.set_xlabel(xlabel)
    if xlim:
        ax.set_xlim(*xlim)
    ax.set_title(title)
    return _png(fig)


def cards(r: dict) -> bytes:
    rows = r["cards"]["rows"][:MAX_BARS]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 0.8 + 0.28 * max(3, len(rows))))
    ys = list(range(len(rows)))[::-1]
    for y, row in zip(ys, rows):
        colour = RED if row["significant"] else GREY if row.get("luck") else BLUE
        ax.errorbar([100 * row["impact"]], [y], xerr=[[100 * (row["impact"] - row["ci_all"][0])],
                                                      [100 * (row["ci_all"][1] - row["impact"])]],
                    fmt="o", color=colour, capsize=3)
    ax.axvline(0, color=GREY, linewidth=1)
    ax.set_yticks(ys, [text(f"{row['card']} · {row['use']}", 44) for row in rows], fontsize="small")
    ax.set_xlabel("impact on the share of the wins (points, 95% CI allowing for all the uses tested; red: significant"
                  + ("; grey: the luck of the deal)" if any(row.get("luck") for row in rows) else ")"))
    ax.set_title(f"Card impact, the largest {len(rows)}\n({subtitle(r)})")
    return _png(fig)


def rules(r: dict) -> bytes:
    rows = r["rules"]["rows"]
    shown = rows[:MAX_BARS * 2]
    return _hbars(f"Rules: the share of games in which each fired\n({subtitle(r)})",
                  [text(x["rule"], 40) for x in shown], [100 * x["share"] for x in shown],
                  [BLUE for x in shown], "% of games", xlim=(0, 100),
                  notes=["never fired" if not x["fired"] else "" for x in shown])


def decisions(r: dict) -> bytes:
    rows = r["decisions"]["prompts"][:MAX_BARS]
    labels = [text(x["label"], 40) for x in rows]
    return _hbars(f"Decisions: the mean menu size at each decision point\n({subtitle(r)})", labels,
                  [x["mean_menu"] for x in rows], [GREY if x["one_choice"] > 0.5 else BLUE for x in rows],
                  "actions to choose from (grey: one choice more often than not)")


def plots(r: dict) -> dict[str, Callable[[dict], bytes]]:
    """The plots this report can draw, by name, in the page's order."""
    out = {"balance": balance}
    if r.get("skill") and r["skill"]["steps"]:
        out["skill"] = skill
    out["length"] = length
    if r["tension"] and r["tension"]["measured"]:  # (None in a game for one player: no lead to take)
        out["tension"] = tension
    out["rules"] = rules
    if r["cards"]["rows"]:
        out["cards"] = cards
    if r["decisions"]["prompts"]:
        out["decisions"] = decisions
    return out


def draw_all(r: dict) -> dict[str, bytes]:
    return {name: draw(r) for name, draw in plots(r).items()}
