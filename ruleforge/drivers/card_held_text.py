"""The card section's second table, in the terminal and on the page: the impact of
holding each card, and of playing it when it could have been kept (drivers/card_held.py).

Card names come from the rule file: `markup` in the terminal, `esc` on the page.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..lang.plural import count
from ..lang.printable import markup
from .analysis_text import CARD_ROWS, more_line, points, points_ci, seats_text
from .report import pct

LUCK_WORDS = "luck of the deal"   # a use, or the playing, of a card nearly every holder plays


def held_intro(h: dict) -> str:
    """What the holding table shows, or why it shows nothing; empty where no menu ever
    named a card (the uses' line above has said so)."""
    if not h["tested"]:
        rare, least = h["too_rare"], h["min_group"]
        which = "the one card held was" if rare == 1 else f"each of the {rare} cards held was"
        return "" if not rare else (
            f"Holding a card: nothing tested: {which} held in fewer than {least} games, or missed in fewer than "
            f"{least}, too few to judge; more --games would judge {'it' if rare == 1 else 'them'}.")
    return ("Holding a card: a seat's win share in the games where it held the card (the card was among its "
            "options at a decision: in its hand to play, on offer to take) against the games where it did not "
            "(Holding it); the share of the holders that used it (Played); and the holders that used it against "
            f"those that kept it (Playing it, where each side has {h['min_group']} games or more). Where nearly every "
            f"holder plays the card ({h['luck_share']:.0%} or more: each card of a trick game), nobody chose to play "
            "it: what it does is the luck of the deal. Each interval allows for the cards tested at once. "
            f"{count(h['tested'], 'card')} tested: {h['significant']} significant by holding, "
            f"{h['play_significant']} of {h['play_tested']} by playing, {h['luck']} the {LUCK_WORDS}, "
            f"{h['too_rare']} too rare to judge.")


def playing_text(row: dict) -> str:
    if row["luck"]:
        return LUCK_WORDS
    p = row["play"]
    return "too rare" if p is None else f"{points(p['impact'])} {points_ci(p['ci_all'])}"


def significant_text(row: dict) -> str:
    """Which of the card's figures leave out 0: 'holding', 'playing', or 'both' (short:
    the table is wide)."""
    play = row["play"] is not None and row["play"]["significant"]
    return "both" if play and row["significant"] else "holding" if row["significant"] else "playing" if play else ""


def held_section(r: dict, console: Console) -> None:
    h = r["cards"].get("held")
    if h is None:  # (a report put together without it)
        return
    if held_intro(h):
        console.print(markup(held_intro(h)))
    if not h["rows"]:
        return
    shown = h["rows"][:CARD_ROWS]
    seats = not all(row["every_seat"] for row in shown)
    t = Table(title=f"Holding a card: the {len(shown)} largest, in points"
              + (" (the significant first)" if h["significant"] or h["play_significant"] else ""),
              title_justify="left")
    for col in ("Card",) + (("Seats",) if seats else ()) + ("Held", "Not held", "Holding it", "Played", "Playing it",
                                                            "Significant"):
        # (the figures kept whole: where the table is too wide, the names wrap)
        t.add_column(col, justify="left" if col in ("Card", "Seats", "Playing it", "Significant") else "right",
                     no_wrap=col not in ("Card", "Seats"))
    for row in shown:
        t.add_row(markup(row["card"]), *([seats_text(row)] if seats else []),
                  f"{pct(row['held']['win_rate'])} of {row['held']['games']}",
                  f"{pct(row['not_held']['win_rate'])} of {row['not_held']['games']}",
                  f"{points(row['impact'])} {points_ci(row['ci_all'])}", pct(row["played"]), playing_text(row),
                  f"[bold]{significant_text(row)}[/]")
    console.print(t)
    if len(h["rows"]) > CARD_ROWS:
        console.print(more_line(r, len(h["rows"]) - CARD_ROWS))


def held_html(c: dict, esc, table) -> list[str]:
    """The same on the page, every card; `esc` and `table` are the page's."""
    h = c.get("held")
    if h is None:
        return []
    out = [f"<p>{esc(held_intro(h))}</p>"] if held_intro(h) else []
    if h["rows"]:
        out.append(table(["Card", "Seats", "Held", "Not held", "Holding it (points)", "Played", "Playing it (points)",
                          "Significant"],
                         [[esc(x["card"]), "every seat" if x["every_seat"] else esc(", ".join(x["seats"])),
                           f"{pct(x['held']['win_rate'])} of {x['held']['games']}",
                           f"{pct(x['not_held']['win_rate'])} of {x['not_held']['games']}",
                           f"{points(x['impact'])} {points_ci(x['ci_all'])}", pct(x["played"]), esc(playing_text(x)),
                           f'<span class="sig">{significant_text(x)}</span>' if significant_text(x) else ""]
                          for x in h["rows"]],
                         {2, 3, 4, 5}))
    return out
