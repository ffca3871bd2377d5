"""The design report as one self-contained HTML page: its tables, and its plots as
base64 PNGs, with no file or script beside it.

Rule files are untrusted data: every string that comes from one (the title, seat titles,
rule, ending and card names, prompts, error messages) goes through `esc`, which escapes
HTML's special characters and shows control characters as escapes. The page has no
script at all.
"""

from __future__ import annotations

import base64
import html

from ..lang.plural import count
from ..lang.printable import plain
from .analysis_text import (NEVER_ASKED, NO_DECISIONS, NO_LEAD, NO_SKILL, NONE_FOR_ONE, NONE_FOR_TEAM,
                            SKILL_INTERRUPTED, branches_line, card_impact_intro,
                            decisiveness_line, first_seat_line, gap_line, games_text, lead_changes_line, length_line,
                            losses_line, per_game, points, points_ci, skill_errors_line, skill_first_error, skill_verdicts,
                            unmeasured_line, unwon_note, use_flag)
from .report import ci, interval, number, pct, stopped

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.5rem; } th { background: #f3f3f3; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.bots { color: #555; font-size: 0.95rem; } .sig { color: #b00; font-weight: bold; } .dead { color: #b00; }
img { max-width: 100%; }
"""


def esc(text) -> str:
    return html.escape(plain(str(text)), quote=True)


def seats_html(row: dict) -> str:
    return "every seat" if row["every_seat"] else esc(", ".join(row["seats"]))


def table(head: list, rows: list, numeric: set = frozenset()) -> str:
    """Cells are HTML already (escaped by the caller)."""
    out = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f'<td class="n">{c}</td>' if i in numeric else f"<td>{c}</td>"
                                    for i, c in enumerate(row)) + "</tr>")
    return "\n".join(out) + "</table>"


def image(png: bytes | None, alt: str) -> str:
    if png is None:
        return ""
    return f'<p><img alt="{esc(alt)}" src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}"></p>'


def page(r: dict, pngs: dict) -> str:
    s = r["summary"]
    bots = f'<p class="bots">{esc(r["agents_label"])} · {esc(games_text(s))} · seed {r["seed"]}</p>'
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>{esc(s['game'])}: design report</title><style>{STYLE}</style></head><body>",
             f"<h1>{esc(s['game'])}: design report</h1>",
             f"<p>Rule file <code>{esc(s['rules'])}</code>"
             + (f", parameters {esc(', '.join(f'{k}={v}' for k, v in s['params'].items()))}" if s["params"] else "")
             + f", {count(s['players'], 'player')}, seed {r['seed']} (the same report again: "
             f"<code>{esc(r['command'])}</code>).</p>"]
    if r.get("bots_note"):
        parts.append(f'<p class="sig">{esc(r["bots_note"])}</p>')
    parts += balance(r, pngs, bots) + skill(r, pngs) + tension(r, pngs, bots) + rules(r, pngs, bots)
    parts += cards(r, pngs, bots) + decisions(r, pngs, bots)
    if s["errors"]:
        fe = s["first_error"]
        parts.append(f'<p class="sig">{stopped(s)}; first: game '
                     f'{fe["game"]} (seed {fe["seed"]}): {esc(fe["message"])}</p>')
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _sig(word: str) -> str:
    return f'<span class="sig">{word}</span>'


def balance(r, pngs, bots) -> list[str]:
    s = r["summary"]
    if r.get("cooperative"):  # one team: its wins, not the seats' balance
        team = s["seats"][0]
        out = ["<h2>The team</h2>", bots,
               table(["Team", "Wins", "Losses", "Win rate", "95% CI"],
                     [[esc(team["title"]), team["wins"], s["no_winner"], pct(team["win_rate"]), ci(team["ci95"])]],
                     {1, 2, 3, 4})]
        if s.get("payoffs"):
            out.append(table(["Team", "Mean payoff", "95% CI"],
                             [[esc(x["title"]), number(x["mean"]), interval(x)] for x in s["payoffs"]], {1, 2}))
        return out + [f"<p>Balance and starting-seat advantage: {NONE_FOR_TEAM}.</p>",
                      image(pngs.get("balance"), "the team's win rate")]
    out = ["<h2>Balance</h2>", bots,
           table(["Seat", "Wins", "Win rate", "95% CI", "Shared wins"],
                 [[esc(x["title"]), x["wins"], pct(x["win_rate"]), ci(x["ci95"]), x["ties"]] for x in s["seats"]],
                 {1, 2, 3, 4})]
    out.append(f"<p>{gap_line(r, esc, _sig)}.</p>")
    if s.get("payoffs"):
        out.append(table(["Seat", "Mean payoff", "95% CI"],
                         [[esc(x["title"]), number(x["mean"]), interval(x)] for x in s["payoffs"]], {1, 2}))
    f = s.get("first_seat")
    if f:
        out.append(f"<p>{first_seat_line(f, _sig)}.</p>")  # (seat numbers only: nothing to escape)
    out.append(image(pngs.get("balance"), "win rate by seat"))
    return out


def skill(r, pngs) -> list[str]:
    k = r.get("skill")
    if not r.get("decides", True):
        return [f"<h2>Skill</h2><p>{NO_SKILL[0].upper()}{NO_SKILL[1:]}.</p>"]
    if r.get("skill_interrupted"):
        return [f"<h2>Skill</h2><p>{esc(SKILL_INTERRUPTED[0].upper() + SKILL_INTERRUPTED[1:])}.</p>"]
    if not k or not k["steps"]:
        return ["<h2>Skill</h2><p>Not measured (--rungs none).</p>"]
    rows = []
    for st in k["steps"]:
        # (in a game for one player the one seat is every seat: no row of its own)
        every = [dict(st["overall"], title="every seat")] if st.get("overall") and len(st["seats"]) > 1 else []
        for row in st["seats"] + every:
            if "gain" not in row:
                continue
            rows.append([esc(f"{st['stronger']} over {st['weaker']}"), esc(row["title"]), row["games"],
                         pct(row["weaker_rate"]) if "weaker_rate" in row else "",
                         pct(row["stronger_rate"]) if "stronger_rate" in row else "",
                         points(row["gain"]), points_ci(row["ci95"]),
                         '<span class="sig">significant</span>' if row["significant"] else ""])
    verdicts = "".join(f"<li>{esc(line)}</li>" for line in skill_verdicts(k, plain_text=True))
    errors = k.get("errors")  # (as the main games' are: the count first, the first error at the end)
    return ["<h2>Skill: the skill trace</h2>",
            f'<p class="bots">{esc(" < ".join(k["rungs"]))} · {count(k["games_per_seat"], "game")} '
            f'{"for the team" if r.get("cooperative") else "a seat"} at each step, on the same deals as the weaker '
            'bots played</p>',
            *([f'<p class="sig">{esc(skill_errors_line(k))}</p>'] if errors else []),
            table(["Step", "Team" if r.get("cooperative") else "Seat", "Games", "Weaker", "Stronger", "Gain (points)",
                   "95% CI", ""], rows, {2, 3, 4, 5, 6}),
            *payoff_html(k, r.get("cooperative")),
            f"<ul>{verdicts}</ul>", *([f'<p class="sig">{esc(skill_first_error(k))}</p>'] if errors else []),
            image(pngs.get("skill"), "skill trace")]


def payoff_html(k: dict, team: bool) -> list[str]:
    from .skill_verdict import PAYOFF_TITLE, payoff_rows
    rows = [[esc(x) for x in row[:5]] + [f'<span class="sig">{row[5]}</span>' if row[5] else ""]
            for row in payoff_rows(k)]
    return [f"<p>{PAYOFF_TITLE}</p>",
            table(["Step", "Team" if team else "Seat", "Games", "Payoff gain", "95% CI", ""], rows, {2, 3, 4})] \
        if rows else []


def tension(r, pngs, bots) -> list[str]:
    s, d, tn = r["summary"], r["draws"], r["tension"]
    dl = s["length"]["decisions"]
    out = ["<h2>Length and tension</h2>", bots]
    if dl:
        out.append(f"<p>{esc(length_line(s))}.</p>")
    if "losses" in r:  # a game for one player: no draw, and no lead to take or change
        team = r.get("cooperative", False)
        out += [f"<p>{esc(losses_line(r['losses'], team))}.</p>",
                f"<p>Decisiveness and lead changes: {NONE_FOR_TEAM if team else NONE_FOR_ONE}.</p>"]
    else:
        out += draws_and_leads(d, tn)
    ok = max(1, s["games"] - s["errors"])
    out.append(table(["Ending", "Games", "Share"], [[esc(n), g, pct(g / ok)] for n, g in s["endings"].items()], {1, 2}))
    out.append(image(pngs.get("length"), "length of the games"))
    out.append(image(pngs.get("tension"), "decisiveness and lead changes"))
    return out


def draws_and_leads(d: dict, tn: dict) -> list[str]:
    """Drawishness, decisiveness and lead changes: for two players or more."""
    out = [f"<p>Drawishness: {pct(d['rate'])} {ci(d['ci95'])} of the games had no single winner "
           f"({d['no_winner']} won by nobody, {d['shared']} shared).</p>"]
    if tn is None:  # (a game where nobody decides anything)
        out.append(f"<p>{NO_LEAD}.</p>")
    elif not tn["measured"]:
        out.append(f"<p>{esc(unmeasured_line(tn))}.</p>")
    else:
        if tn.get("decided"):
            out.append(f"<p>{esc(decisiveness_line(tn['decided']))}.</p>")
        out.append(f"<p>{esc(lead_changes_line(tn))}.</p>")
    return out


def rules(r, pngs, bots) -> list[str]:
    ru = r["rules"]
    rows = [[esc(x["rule"]), esc(x["kind"]), x["fired"] if x["fired"] else '<span class="dead">never</span>',
             pct(x["share"])] for x in ru["rows"]]
    out = ["<h2>Rules</h2>", bots, table(["Rule", "Kind", "Fired", "In games"], rows, {2, 3})]
    out.append(f'<p class="dead">Dead rules: {esc(", ".join(ru["dead"]))}</p>' if ru["dead"]
               else "<p>Every rule fired at least once.</p>")
    out.append(image(pngs.get("rules"), "rule coverage"))
    b = r.get("branches")
    if b is not None:
        if b["rows"]:
            rows = [[esc(x["branch"]), esc(x["place"]), x["taken"] if x["taken"] else '<span class="dead">never</span>',
                     pct(x["share"])] for x in b["rows"]]
            out.append(table(["Branch", "Where", "Taken", "In games"], rows, {2, 3}))
        cls = ' class="dead"' if b["dead"] or b.get("dead_here") else ""
        out += [f"<p{cls}>{esc(line)}</p>" for line in branches_line(b).split("\n")]
    return out


def cards(r, pngs, bots) -> list[str]:
    c = r["cards"]
    out = ["<h2>Cards</h2>", bots,
           f"<p>{esc(card_impact_intro(c, r.get('decides', True)))}</p>"]
    if unwon_note(r):
        out.append(f"<p>{esc(unwon_note(r))}</p>")
    if c["rows"]:
        out.append(table(["Use", "Card", "Seats", "With", "Without", "Impact (points)", "95% CI, all", ""],
                         [[esc(x["use"]), esc(x["card"]), seats_html(x),
                           f"{pct(x['with']['win_rate'])} of {x['with']['games']}",
                           f"{pct(x['without']['win_rate'])} of {x['without']['games']}",
                           points(x["impact"]), points_ci(x["ci_all"]),
                           use_flag(x, '<span class="sig">significant</span>')] for x in c["rows"]],
                         {3, 4, 5, 6}))
    from .card_held_text import held_html  # (it uses the terminal's helpers)
    out += held_html(c, esc, table)
    out.append(image(pngs.get("cards"), "card impact"))
    return out


def decisions(r, pngs, bots) -> list[str]:
    d = r["decisions"]
    o = d["overall"]
    if not o["decisions"]:
        said = NEVER_ASKED if r.get("decides", True) else NO_DECISIONS
        return ["<h2>Decisions</h2>", bots, f"<p>{said}.</p>"]
    return ["<h2>Decisions</h2>", bots,
            f"<p>{o['per_game']:.1f} decisions a game; {o['mean_menu']:.1f} actions to choose from on average; "
            f"{pct(o['one_choice'])} of the decisions had only one choice.</p>",
            table(["Seat", "Decisions a game", "Mean menu", "One choice"],
                  [[esc(x["title"]), f"{x['decisions'] / max(1, d['games']):.1f}", f"{x['mean_menu']:.1f}",
                    pct(x["one_choice"])] for x in d["seats"]], {1, 2, 3}),
            table(["Decision", "Seats", "Per game", "Mean menu", "One choice"],
                  [[esc(x["label"]), seats_html(x), esc(per_game(x["per_game"])), f"{x['mean_menu']:.1f}",
                    pct(x["one_choice"])] for x in d["prompts"]], {2, 3, 4}),
            image(pngs.get("decisions"), "menu sizes")]
