"""Holding a card against playing it: card impact told apart from the luck of the deal.

A use's impact (analysis.cards) compares the seats that made it with every other seat,
those that never had the card included. Where a seat that has a card always ends up
playing it (each card of a trick game), "played it" is "was dealt it", and the figure is
the deal's, not the player's. So for each card: how often a seat that held it (the card
was on one of its menus: in its hand to play, on offer to take; `Trace.held`) used it in
some way; the impact of holding it (holders against the other seats); and, where some
holders kept it, the impact of playing it when it could have been kept (holders that
used it against holders that did not). A card nearly every holder plays (`LUCK`) has no
such choice to measure: its uses are marked `luck`, and are not flagged significant.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from .analysis import MIN_GROUP, difference_interval, two_sided_z, win_share

# the share of the holders that played a card from which its impact is the deal's: a
# few holders may keep a card every holder would have played, in a game that ended first
LUCK = 0.95


def holding(game, traces: Sequence, team: bool = False) -> dict:
    """Per card, the impact of holding it and of playing it when it could have been kept,
    over the seats that ever held it; the significant ones first, then the largest."""
    ok = [t for t in traces if t.outcome.error is None]
    played = [{(seat, card) for seat, _, card in t.used} for t in ok]
    seats_of: dict = defaultdict(set)   # card -> seats that held it at least once
    for t in ok:
        for seat, card in t.held:
            seats_of[card].add(seat)
    rows, rare = [], 0
    for card, seats in seats_of.items():
        # [win shares, games] of: holders, the other seats, holders that played it, holders that kept it
        held, other, used, kept = [0.0, 0], [0.0, 0], [0.0, 0], [0.0, 0]
        for t, uses in zip(ok, played):
            for seat in seats:
                # (a cooperative team's win is each seat's whole win)
                share = (1.0 if t.outcome.winners else 0.0) if team else win_share(t.outcome.winners, seat)
                sides = ((held, used if (seat, card) in uses else kept) if (seat, card) in t.held else (other,))
                for side in sides:
                    side[0] += share
                    side[1] += 1
        if held[1] < MIN_GROUP or other[1] < MIN_GROUP:
            rare += 1
            continue
        luck = used[1] / held[1] >= LUCK
        rows.append({"card": card, "seats": [game.seat_titles[s] for s in sorted(seats)],
                     "every_seat": len(seats) == game.nplayers > 1,
                     "held": _side(held), "not_held": _side(other), "impact": _rate(held) - _rate(other),
                     "ci95": list(difference_interval(*held, *other)), "played": used[1] / held[1], "luck": luck,
                     # (a card nearly every holder plays has no keeping to compare with)
                     "play": None if luck or min(used[1], kept[1]) < MIN_GROUP else
                     {"played": _side(used), "kept": _side(kept), "impact": _rate(used) - _rate(kept),
                      "ci95": list(difference_interval(*used, *kept)), "_s": (*used, *kept)},
                     "_s": (*held, *other)})
    _widen(rows, lambda r: r)
    _widen([r for r in rows if r["play"]], lambda r: r["play"])
    rows.sort(key=lambda r: (not (r["significant"] or (r["play"] or {}).get("significant")), -abs(r["impact"]),
                             r["card"]))
    return {"tested": len(rows), "too_rare": rare, "min_group": MIN_GROUP, "luck_share": LUCK,
            "significant": sum(1 for r in rows if r["significant"]), "luck": sum(1 for r in rows if r["luck"]),
            "play_tested": sum(1 for r in rows if r["play"]),
            "play_significant": sum(1 for r in rows if r["play"] and r["play"]["significant"]), "rows": rows}


def mark_luck(uses: list, held: dict) -> None:
    """A use of a card nearly every holder plays is the luck of the deal: marked `luck`, and
    not significant however far its interval is from 0 (the seats that made it are the
    seats that were dealt the card)."""
    luck = {r["card"] for r in held["rows"] if r["luck"]}
    for r in uses:
        r["luck"] = r["card"] in luck
        r["significant"] = r["significant"] and not r["luck"]


def _side(side: list) -> dict:
    return {"games": side[1], "win_rate": _rate(side)}


def _rate(side: list) -> float:
    return side[0] / side[1]


def _widen(rows: list, figure) -> None:
    """Each figure's interval widened for the number tested at once (Bonferroni), as the
    uses' are, and significant when that leaves out 0."""
    z = two_sided_z(0.05 / max(1, len(rows)))
    for r in rows:
        f = figure(r)
        lo, hi = difference_interval(*f.pop("_s"), z=z)
        f["ci_all"] = [lo, hi]
        f["significant"] = lo > 0 or hi < 0
