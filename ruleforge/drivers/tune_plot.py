"""The plot of a tuning search: the race round by round, and where the value sets lie."""

from __future__ import annotations

from .race import Confirmation, Entry
from .tune import ParamRange

_COLOURS = {"off": "0.7", "farther": "tab:blue", "finalist": "tab:orange"}


def plot_search(path: str, title: str, target, space: list[ParamRange], entries: list[Entry],
                confirmations: list[Confirmation], confirm_games: int) -> None:
    """Left: each value set's figure after each round it played (games on a doubling
    scale), those dropped as off in grey, the finalists in orange with their intervals,
    and each confirmation on fresh seeds at the right, green if its interval holds the
    target. Right: the value sets in the range of the first two parameters, coloured by
    their last figure's distance from the target (one parameter: the figure by its value)."""
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FixedLocator, NullLocator
    from .report import pyplot, save_png
    plt = pyplot()
    scale = 100 if target.kind == "wins" else 1
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6), gridspec_kw={"width_ratios": [3, 2]})
    round_games = sorted({h["games"] for e in entries for h in e.history})
    fresh_x = 2 * round_games[-1] if round_games else 1
    for e in sorted(entries, key=lambda e: e.fate == "finalist"):
        xs = [h["games"] for h in e.history]
        ys = [scale * h["value"] for h in e.history]
        colour = _COLOURS[e.fate]
        left.plot(xs, ys, "-o", color=colour, markersize=4, linewidth=1.6 if e.fate == "finalist" else 0.9,
                  zorder=3 if e.fate == "finalist" else 2)
        if e.fate == "finalist":
            last = e.history[-1]
            left.errorbar([xs[-1]], [ys[-1]], yerr=_err(last, scale), fmt="none", capsize=3, color=colour)
    for c in confirmations:
        colour = "tab:green" if c.holds else "tab:red"
        left.errorbar([fresh_x], [scale * c.figure["value"]], yerr=_err(c.figure, scale), fmt="s", capsize=4,
                      color=colour, zorder=4)
        left.plot([c.entry.history[-1]["games"], fresh_x], [scale * c.entry.history[-1]["value"],
                                                           scale * c.figure["value"]], ":", color=colour)
    left.axhline(scale * target.value, color="tab:red", linestyle="--", linewidth=1)
    left.set_xscale("log", base=2)
    ticks = round_games + ([fresh_x] if confirmations else [])
    left.xaxis.set_major_locator(FixedLocator(ticks))
    left.xaxis.set_minor_locator(NullLocator())
    left.set_xticklabels([str(g) for g in round_games] + ([f"fresh\n{confirm_games}"] if confirmations else []))
    left.set_xlabel("games on the search's seeds (then on fresh seeds)")
    ylabel = {"wins": "win rate, %", "payoff": "mean payoff"}.get(target.kind, f"mean {target.kind}")
    left.set_ylabel(ylabel)
    left.set_title(title)
    left.legend(handles=[
        Line2D([], [], color="tab:red", linestyle="--", label=f"target: {target.text}"),
        Line2D([], [], color="0.7", marker="o", markersize=4, label="dropped: interval leaves the target out"),
        Line2D([], [], color="tab:blue", marker="o", markersize=4, label="dropped: farther than the others"),
        Line2D([], [], color="tab:orange", marker="o", markersize=4, label="finalist (95% CI)"),
        *([Line2D([], [], color="tab:green", marker="s", linestyle="none", label="fresh seeds: holds"),
           Line2D([], [], color="tab:red", marker="s", linestyle="none", label="fresh seeds: does not hold")]
          if confirmations else [])], fontsize="small")
    _map(right, fig, target, space, entries, confirmations, scale, ylabel)
    fig.tight_layout()
    save_png(fig, path)
    plt.close(fig)


def _err(figure: dict, scale: float) -> list:
    # max(0, ...): an interval's end at 0% or 100% may fall a rounding error inside the figure
    return [[max(0.0, scale * (figure["value"] - figure["ci95"][0]))],
            [max(0.0, scale * (figure["ci95"][1] - figure["value"]))]]


def _map(ax, fig, target, space, entries, confirmations, scale, ylabel) -> None:
    first = space[0]
    answer = next((c.entry for c in confirmations if c.holds), None)
    px = [e.params[first.name] for e in entries]
    if len(space) > 1:
        second = space[1]
        py = [e.params[second.name] for e in entries]
        dots = ax.scatter(px, py, c=[e.distance for e in entries], cmap="viridis_r", s=120,
                          edgecolors=["tab:orange" if e.fate == "finalist" else "none" for e in entries],
                          linewidths=2)
        if answer is not None:
            ax.plot([answer.params[first.name]], [answer.params[second.name]], "*", color="tab:green",
                    markersize=18, markeredgecolor="black")
        ax.set_ylabel(second.name)
        if len(second.values) <= 20:
            ax.set_yticks(second.values)
        fig.colorbar(dots, ax=ax, label="distance from the target" + (" (points)" if scale == 100 else ""))
        ax.set_title("the value sets (ringed: finalists; star: the answer)", fontsize="medium")
    else:
        for e in entries:
            last = e.history[-1]
            ax.errorbar([e.params[first.name]], [scale * last["value"]], yerr=_err(last, scale), fmt="o",
                        capsize=3, color=_COLOURS[e.fate])
        ax.axhline(scale * target.value, color="tab:red", linestyle="--", linewidth=1)
        ax.set_ylabel(ylabel + " (on its last round)")
        ax.set_title(f"by {first.name}")
    ax.set_xlabel(first.name)
    if len(first.values) <= 20:
        ax.set_xticks(first.values)
