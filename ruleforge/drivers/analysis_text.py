"""The design report in the terminal (rich tables), section by section.

Every title names the bots and the number of games its figures come from. Text from the
rule file (titles, rule and card names, prompts) goes through `markup`: shown, never
obeyed.
"""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.table import Table

from ..lang.plural import count
from ..lang.printable import markup
from .report import (BOTS_AT_THE_CAP, bots_at_the_cap, ci, interval, length_line, new_console, number, payoff_table,
                     pct, print_first_error, starter, team_table, why_stopped)

CARD_ROWS = 15  # card uses shown in the terminal; the HTML page and --json have them all
# a use of a card nearly every holder plays (drivers/card_held.py): who was dealt it, not how it was played
LUCK_OF_THE_DEAL = "luck of the deal"
NONE_FOR_ONE = "none to measure, in a game for one player"
NONE_FOR_TEAM = "none to measure: the players win or lose together, as one team"
# A game where no rule asks a player anything (pure chance): said in place of the skill trace,
# the lead and the decisions, each of which would measure decisions
NOBODY_DECIDES = "nobody decides anything in this game (no rule asks a player a thing)"
NO_SKILL = f"none to measure: {NOBODY_DECIDES}, so no skill can matter"
SKILL_INTERRUPTED = ("not measured: the skill trace was interrupted (Ctrl-C); the same command plays it again, "
                     "or --skill-games N plays a shorter one")
NO_LEAD = (f"Decisiveness and lead changes: none to measure: {NOBODY_DECIDES}, so there is no decision to tell the "
           "lead at")
NO_DECISIONS = f"{NOBODY_DECIDES[0].upper()}{NOBODY_DECIDES[1:]}: the game plays itself"
# rules that can ask a player something, none of which did in the games played
NEVER_ASKED = "No decision was asked in these games, though the rules can ask one: see the dead rules above"


def points(x: float) -> str:
    """A difference of rates, in percentage points, signed."""
    v = 100 * x
    return f"{v:+.1f}" if round(v, 1) else "0.0"


def points_ci(pair) -> str:
    return f"[{points(pair[0])}, {points(pair[1])}]"


def seats_text(row: dict) -> str:
    return "every seat" if row["every_seat"] else markup(", ".join(row["seats"]))


def games_text(s: dict) -> str:
    """The games a figure is of: '100 games', or '100 games (31 ended: 69 stopped on a
    rule error, left out)' (a figure of the games that ended, labelled as all of them,
    read as a verdict on the whole run)."""
    if not s["errors"]:
        return count(s["games"], "game")
    return f"{count(s['games'], 'game')} ({s['games'] - s['errors']} ended: {s['errors']} {why_stopped(s)}, left out)"


def bots(r: dict) -> str:
    s = r["summary"]
    return f"{markup(r['agents_label'])} · {games_text(s)}"


ALIKE_SHARE, ALIKE_MIN = 0.5, 20  # a share of choices found all alike, of at least so many, to be told
BLIND_POINTS = 5  # decision points the note names, the most choices found alike first


def alike_note(r: dict) -> str | None:
    """A note when greedy bots found every move alike (the heuristic valued them all the
    same, so the bot chose at random) in most of their choices at some seat or at some
    decision point, naming the points: a heuristic that cannot see a kind of choice makes
    greedy a random bot there, and one that judges the seats differently makes a fair
    game look seat-biased (a fresh reader's drafting game, whose last seat alone was
    judged on a scored position)."""
    rows = [x for x in r.get("greedy_alike") or () if x["judged"]]
    flat = [x for x in rows if _flat(x)]
    points = blind_points(r)
    if not flat and not points:
        return None

    def shares(xs: list) -> str:
        said = [f"{pct(x['alike'] / x['judged'])} at {x['seat']}" for x in xs]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    rest = [x for x in rows if x not in flat]
    where = (f"in {shares(flat)} of their choices" + (f" ({shares(rest)})" if rest else "") if flat
             else "in most of their choices at some decisions")
    blind = ""
    if points:
        more = len(points) - BLIND_POINTS
        blind = (" The decisions they could not judge (every move alike in most of their choices there): "
                 + "; ".join(text for _, text in points[:BLIND_POINTS])
                 + (f"; and {more} more (--json: decisions, greedy)" if more > 0 else "") + ".")
    return (f"note: greedy bots found every move alike (the heuristic gave each the same value, so they chose at "
            f"random) {where}: there they play as random bots do.{blind}"
            + " A heuristic that tells a seat's moves apart, the same way at every seat, gives them judgement "
            "(docs/language.md#heuristic-for-bots).")


def _flat(x: dict) -> bool:
    return x["judged"] >= ALIKE_MIN and x["alike"] >= ALIKE_SHARE * x["judged"]


def blind_points(r: dict) -> list[tuple[int, str]]:
    """(choices found alike, text) for each decision point where greedy bots found every
    move alike in most of their choices, as the decisions table names it, with the share:
    `to discard (turn, line 82) 98.1%`, or per seat where only some seats were blind there
    (`take an action 82.5% at player 2`). The most choices found alike first."""
    out = []
    for row in (r.get("decisions") or {}).get("prompts", ()):
        g = row.get("greedy")
        if not g:
            continue
        blind = [s for s in g["seats"] if s["alike"] >= ALIKE_SHARE * s["judged"]]
        if _flat(g) and len(blind) == len(g["seats"]):
            out.append((g["alike"], f"{row['label']} {pct(g['alike'] / g['judged'])}"))
        else:
            out += [(s["alike"], f"{row['label']} {pct(s['alike'] / s['judged'])} at {s['seat']}")
                    for s in blind if _flat(s)]
    out.sort(key=lambda x: -x[0])
    return out


def print_report(r: dict, console: Console | None = None) -> None:
    console = console or new_console()
    s = r["summary"]
    console.print(f"[bold]{markup(s['game'])}: design report[/] · seed {r['seed']}")
    if s["games"] and s["errors"] == s["games"]:  # no figure of no games (`run` says it so too)
        which = "the one game" if s["games"] == 1 else f"all {s['games']}"
        console.print(f"[red]No game ended: {which} {why_stopped(s)}, so there is no report (nothing written)[/]")
        print_first_error(s, console)
        return
    console.print(f"Main games: {games_text(s)} with {markup(r['agents_label'])}." + skill_plan(r))
    if r.get("bots_note"):
        console.print(f"[yellow]{markup(r['bots_note'])}[/]")
    if s["errors"]:  # said first: every figure below is of the games that ended only
        console.print(f"[red]{s['errors']} of {count(s['games'], 'game')} {why_stopped(s)}: the figures below "
                      f"are of the {count(s['games'] - s['errors'], 'game')} that ended (the first error is at the "
                      "end)[/]")
    balance_section(r, console)
    skill_section(r, console)
    tension_section(r, console)
    rules_section(r, console)
    cards_section(r, console)
    decisions_section(r, console)
    if s["errors"]:
        print_first_error(s, console)


def skill_plan(r: dict) -> str:
    """The skill trace's part of the report's first line."""
    k = r.get("skill")
    if k and k["steps"]:
        return (f" Skill trace: {' < '.join(k['rungs'])}, {count(k['games_per_seat'], 'game')} "
                f"{'for the team' if r.get('cooperative') else 'a seat'} at each step.")
    return " No skill trace." if r.get("decides", True) else " No skill trace: nobody decides anything."


def heading(console: Console, title: str, r: dict) -> None:
    console.print()
    console.print(f"[bold underline]{title}[/] · {bots(r)}")


def fair_note(r: dict) -> str:
    """Why the fair rate is below 1/N, when it is: the games no seat won alone."""
    n = len(r["summary"]["seats"])
    if r["balance"]["fair"] > 1 / n - 1e-9:
        return ""
    return f" ({pct(1 / n)} of the {pct(n * r['balance']['fair'])} of the games some seat won alone)"


# The report's sentences, for the terminal and the HTML page alike (analysis_html.py):
# `esc` makes a rule file's text safe for the medium, `mark` sets off a verdict.
def _BOLD(word: str) -> str:
    return f"[bold]{word}[/]"


def gap_line(r: dict, esc: Callable[[str], str], mark: Callable[[str], str]) -> str:
    s, b = r["summary"], r["balance"]
    seats = {x["seat"]: x for x in s["seats"]}
    if r.get("cooperative"):
        return f"Balance gap: {NONE_FOR_TEAM}"
    if len(seats) == 1:
        return "Balance gap: none to measure, in a game for one player"
    best, worst = seats[b["best"]], seats[b["worst"]]
    return (f"Balance gap: {100 * b['gap']:.1f} points between {esc(best['title'])} ({pct(best['win_rate'])}) and "
            f"{esc(worst['title'])} ({pct(worst['win_rate'])}): "
            + (mark("significant") + " (their intervals do not meet)" if b["significant"] else "not significant")
            + f"; fair is {pct(b['fair'])} each" + esc(fair_note(r))
            + "; the gap of a fair game is 0, of one seat winning every game 100")


def first_seat_line(f: dict, mark: Callable[[str], str]) -> str:
    verdict = mark("significant") if f["significant"] else "not significant"
    return (f"Starting-seat advantage: {starter(f)} takes {pct(f['win_share'])} {ci(f['ci95'])} of the wins against "
            f"a fair {pct(f['fair_share'])}: {verdict}")


def decisiveness_line(dc: dict) -> str:
    return (f"Decisiveness: the eventual winner took the lead for good after {pct(dc['median'])} of the game's "
            f"decisions (median; quartiles {pct(dc['q1'])}-{pct(dc['q3'])}, {count(dc['games'], 'game')} with one "
            f"winner); it led from the first decision in {pct(dc['from_start'] / dc['games'])} of them and only by "
            f"winning in {pct(dc['at_the_end'] / dc['games'])}")


# How the leader at a decision was told (analysis.judged_by): a game that declares no
# heuristic has its per-player score stand for one, and the report says which it used.
LEAD_BY = {"heuristic": "by the heuristic at each decision", "score": "by each seat's score at each decision"}


def lead_changes_line(tn: dict) -> str:
    lc = tn["lead_changes"]
    line = (f"Lead changes: {lc['mean']:.1f} a game {interval_plain(lc['ci95'])} "
            f"({tn['lead_changes_per_10']:.2f} every 10 decisions), {LEAD_BY[tn['by']]}")
    if tn.get("untold"):  # figures from some games only: say which, and why
        what = "the heuristic" if tn["by"] == "heuristic" else "the per-player score"
        line += (f"; decisiveness and lead changes are from {count(tn['games'], 'game')}: "
                 f"{count(tn['untold'], 'game')} left out, where {what} stopped on a rule error at a decision "
                 f"(the first: {tn['untold_first']})")
    return line


def unmeasured_line(tn: dict) -> str:
    """Why decisiveness and lead changes are not measured: nothing tells who leads, or
    what does (a heuristic, or the score) stopped on a rule error in every game."""
    if tn.get("by") is None:
        why = "the rule file declares no heuristic (heuristic of p: ...) and no per-player score to tell who leads"
    else:
        what = "the heuristic" if tn["by"] == "heuristic" else "the per-player score"
        why = f"{what} stopped on a rule error at a decision of every game, so nothing told who led"
    return f"Decisiveness and lead changes: not measured: {why}"


def balance_section(r: dict, console: Console) -> None:
    s = r["summary"]
    if r.get("cooperative"):  # one team: its wins, not the seats' balance or who starts
        heading(console, "The team", r)
        console.print(team_table(s, Table(title="The team's results", title_justify="left")))
        if s.get("payoffs"):
            console.print(payoff_table(s))
        console.print(f"Balance and starting-seat advantage: {NONE_FOR_TEAM}")
        return
    heading(console, "Balance", r)
    t = Table(title="Wins by seat", title_justify="left")
    for col in ("Seat", "Wins", "Win rate", "95% CI", "Shared wins"):
        t.add_column(col, justify="right" if col != "Seat" else "left")
    for seat in s["seats"]:
        t.add_row(markup(seat["title"]), str(seat["wins"]), pct(seat["win_rate"]), ci(seat["ci95"]), str(seat["ties"]))
    console.print(t)
    console.print(gap_line(r, markup, _BOLD))
    if s.get("payoffs"):
        console.print(payoff_table(s))
    f = s.get("first_seat")
    if f:
        console.print(first_seat_line(f, _BOLD))
        if f.get("payoff"):
            p = f["payoff"]
            console.print(f"The first player's payoff: {number(p['mean'])} on average {interval(p)}")
    elif r.get("roles"):
        console.print("Starting-seat advantage: the seats have roles, so the starting seat's advantage is its "
                      "role's (the win rates above)")


def skill_section(r: dict, console: Console) -> None:
    k = r.get("skill")
    console.print()
    if not r.get("decides", True):
        console.print(f"[bold underline]Skill[/] · {NO_SKILL}")
        return
    if r.get("skill_interrupted"):
        console.print(f"[bold underline]Skill[/] · {SKILL_INTERRUPTED}")
        return
    if not k or not k["steps"]:
        console.print("[bold underline]Skill[/] · not measured (--rungs none)")
        return
    team = r.get("cooperative")
    console.print(f"[bold underline]Skill[/] · the skill trace · {' < '.join(k['rungs'])} · "
                  f"{count(k['games_per_seat'], 'game')} {'for the team' if team else 'a seat'} at each step, "
                  "on the same deals")
    alone = len(k["steps"][0]["seats"]) == 1  # a game for one player: no weaker seats, no "every seat" row
    title = ("Every seat played by the stronger bot: the team's win rate against the same deals with the weaker "
             "bot at every seat" if team else
             "The one seat played by the stronger bot: its win rate against the same deals with the weaker bot"
             if alone else "Each seat played by the stronger bot among weaker ones: its win share against the same "
             "deals with the weaker bot")
    print_skill_errors(k, console, first=False)
    t = Table(title=title, title_justify="left")
    who = "Team" if team else "Seat"  # (a cooperative game's one row is the team)
    for col in ("Step", who, "Games", "Weaker", "Stronger", "Gain (points)", "95% CI", ""):
        t.add_column(col, justify="left" if col in ("Step", who, "") else "right")
    for st in k["steps"]:
        name = f"{st['stronger']} over {st['weaker']}"
        for row in st["seats"]:
            if "gain" not in row:
                t.add_row(markup(name), markup(row["title"]), "0", "-", "-", "-", "-", "")
                continue
            t.add_row(markup(name), markup(row["title"]), str(row["games"]), pct(row["weaker_rate"]),
                      pct(row["stronger_rate"]), points(row["gain"]), points_ci(row["ci95"]),
                      "significant" if row["significant"] else "")
            name = ""
        o = st.get("overall")
        if o and not alone:
            t.add_row("", "[italic]every seat[/]", str(o["games"]), "", "", points(o["gain"]), points_ci(o["ci95"]),
                      "significant" if o["significant"] else "", end_section=True)
    console.print(t)
    from .skill_verdict import payoff_table
    if payoff_table(k, team):
        console.print(payoff_table(k, team))
    for line in skill_verdicts(k):
        console.print(line)
    print_skill_errors(k, console, first=True)


def skill_errors_line(k: dict) -> str:
    """Said above the skill table when some of the skill trace's own games stopped on a
    rule error (as the main games' are said under the report's title): its figures are
    of the deals where both games of a pair ended."""
    return (f"{k['errors']} of the {count(k['games'], 'game')} the skill trace played {why_stopped(k)}: each "
            "is left out with the game on the same deal it is paired with (the first error is under the table)")


def skill_first_error(k: dict) -> str:
    """The skill trace's first rule error, with the bots that met it (the trace plays
    several sets of bots, where the main games have one)."""
    fe = k["first_error"]
    return (f"{count(k['errors'], 'game')} of the skill trace {why_stopped(k)}; first: game {fe['game']} "
            f"(seed {fe['seed']}, bots {fe['agents']}): {fe['message']}")


def print_skill_errors(k: dict, console: Console, first: bool) -> None:
    if not k.get("errors"):
        return
    if not first:
        console.print(f"[red]{markup(skill_errors_line(k))}[/]")
        return
    console.print(f"[red]{markup(skill_first_error(k))}[/]")
    if bots_at_the_cap({**k, "agents": k["first_error"]["agents"]}):
        console.print(f"[yellow]{BOTS_AT_THE_CAP}[/]")


def skill_verdicts(k: dict, plain_text: bool = False) -> list[str]:
    """One sentence per step (drivers/skill_verdict.py, which uses this module's helpers)."""
    from .skill_verdict import verdicts
    return verdicts(k, plain_text)


def tension_section(r: dict, console: Console) -> None:
    s = r["summary"]
    heading(console, "Length and tension", r)
    if s["length"]["decisions"]:
        console.print(length_line(s))
    if "losses" in r:  # a game for one player (or one team): no draw, and no lead to take or change
        console.print(losses_line(r["losses"], r.get("cooperative", False)))
        console.print(f"Decisiveness and lead changes: {NONE_FOR_TEAM if r.get('cooperative') else NONE_FOR_ONE}")
    else:
        draws_and_leads(r, console)
    e = Table(title="How games ended", title_justify="left")
    e.add_column("Ending")
    e.add_column("Games", justify="right")
    e.add_column("Share", justify="right")
    ok = max(1, s["games"] - s["errors"])
    for name, games in s["endings"].items():
        e.add_row(markup(name), str(games), pct(games / ok))
    console.print(e)


def draws_and_leads(r: dict, console: Console) -> None:
    """Drawishness, decisiveness and lead changes: for two players or more."""
    d, tn = r["draws"], r["tension"]
    console.print(f"Drawishness: {pct(d['rate'])} {ci(d['ci95'])} of the games had no single winner "
                  f"({d['no_winner']} won by nobody, {d['shared']} shared)")
    if tn is None:  # (a game where nobody decides anything)
        console.print(NO_LEAD)
    elif not tn["measured"]:
        console.print(markup(unmeasured_line(tn)))
    else:
        if tn.get("decided"):
            console.print(decisiveness_line(tn["decided"]))
        console.print(lead_changes_line(tn))


def losses_line(lo: dict, team: bool = False) -> str:
    """A game for one player's (or a cooperative team's) games nobody won: its losses,
    not draws."""
    return (f"Losses: {pct(lo['rate'])} {ci(lo['ci95'])} of the games ({lo['losses']} of {lo['games']}) were won by "
            + ("nobody: the team's loss" if team else "nobody: a loss, in a game for one player"))


def interval_plain(pair) -> str:
    return f"[{pair[0]:.1f}, {pair[1]:.1f}]"


def rules_section(r: dict, console: Console) -> None:
    ru = r["rules"]
    heading(console, "Rules", r)
    t = Table(title="How often each rule fired", title_justify="left")
    for col in ("Rule", "Kind", "Fired", "In games"):
        t.add_column(col, justify="left" if col in ("Rule", "Kind") else "right")
    for row in ru["rows"]:
        t.add_row(markup(row["rule"]), row["kind"], str(row["fired"]) if row["fired"] else "[bold red]never[/]",
                  pct(row["share"]))
    console.print(t)
    if ru["dead"]:
        console.print(f"[yellow]Dead rules (never fired in {count(ru['games'], 'game')}):[/] "
                      + ", ".join(markup(x) for x in ru["dead"]))
    else:
        console.print("Every rule fired at least once.")
    branches_table(r, console)


def branches_line(b: dict) -> str:
    """What the branch table adds up to: the branches never taken (apart, those whose test
    reads the player count: dead at this count only), or that there were none."""
    if not b["rows"]:
        return "No rule has an if: no branch to count."
    here = b.get("dead_here") or []
    out = []
    if b["dead"]:
        out.append(f"Dead branches (never taken in {count(b['games'], 'game')}): " + "; ".join(b["dead"]))
    if here:
        one = len(here) == 1
        out.append(f"Dead at {count(b['players'], 'player')} only (never taken in {count(b['games'], 'game')}; "
                   f"{'its test reads' if one else 'their tests read'} the player count, so other counts may "
                   f"take {'it' if one else 'them'}): " + "; ".join(here))
    return "\n".join(out) or "Every branch of every if was taken at least once."


def branches_table(r: dict, console: Console) -> None:
    b = r.get("branches")
    if b is None:  # (not counted: a report put together from games compiled without it)
        return
    if b["rows"]:
        t = Table(title="How often each branch of an if was taken", title_justify="left")
        for col in ("Branch", "Where", "Taken", "In games"):
            t.add_column(col, justify="left" if col in ("Branch", "Where") else "right")
        for row in b["rows"]:
            t.add_row(markup(row["branch"]), markup(row["place"]),
                      str(row["taken"]) if row["taken"] else "[bold red]never[/]", pct(row["share"]))
        console.print(t)
    line = branches_line(b)
    console.print(f"[yellow]{markup(line)}[/]" if b["dead"] or b.get("dead_here") else markup(line))


def card_impact_intro(c: dict, decides: bool = True) -> str:
    if not c["tested"]:  # not "0 uses tested ... allows for the 0 tested at once": why nothing is
        rare, least = c["too_rare"], c["min_group"]
        if not decides:  # (a use of a card is an action or a choice: a decision)
            return f"Card impact: nothing to test: {NOBODY_DECIDES}, so nobody uses a card by choice."
        if not rare:
            return ("Card impact: nothing to test: no action named a card and no choice was of a card in these games. "
                    "An action over a card names it ('with card in ZONE'), and its uses are then tested.")
        which = "the one use of a card was" if rare == 1 else f"each of the {rare} uses of a card was"
        return (f"Card impact: nothing tested: {which} made in fewer than {least} games, or left out of fewer than "
                f"{least}, too few to judge; more --games would judge {'it' if rare == 1 else 'them'}.")
    every = c["rows"] and all(row["every_seat"] for row in c["rows"][:CARD_ROWS])
    return ("Card impact: a seat's win share (a shared win counted in part) in the games where it made this use of "
            "the card, against the games where it did not" + (" (every seat made every use below)" if every else "")
            + f". {count(c['tested'], 'use')} tested, {c['significant']} significant, "
            f"{c['too_rare']} too rare to judge (under {c['min_group']} games on a side). Each interval allows for "
            f"the {c['tested']} tested at once (it is wider than one use's alone would be), so that chance alone "
            "seldom makes a card look significant; a use is significant when its interval leaves out 0."
            + (f" {count(c['luck'], 'use')} {'is' if c['luck'] == 1 else 'are'} of cards nearly every seat that "
               f"held them played ({LUCK_OF_THE_DEAL!r}): {'it compares' if c['luck'] == 1 else 'they compare'} the "
               "seats that were dealt the card with the rest, not one way of playing against another, so "
               f"{'it is' if c['luck'] == 1 else 'they are'} never significant (see Holding a card, below)."
               if c.get("luck") else ""))


# card impact compares win shares: in a payoff game nobody won, every one is 0
UNWON = ("No game was won: every win share below is 0.0%, so no card shows an impact. Card impact is measured by "
         "wins, not by the payoff; the payoff's figures are above, and in the skill trace.")


def unwon_note(r: dict) -> str:
    s = r["summary"]
    won = any(x["wins"] or x["ties"] for x in s["seats"])
    shown = r["cards"]["rows"] or (r["cards"].get("held") or {}).get("rows")
    return UNWON if s.get("payoffs") and not won and shown else ""


def cards_section(r: dict, console: Console) -> None:
    c = r["cards"]
    heading(console, "Cards", r)
    console.print(card_impact_intro(c, r.get("decides", True)))
    if unwon_note(r):
        console.print(unwon_note(r))
    if c["rows"]:
        uses_table(r, c, console)
    from .card_held_text import held_section  # (it uses this module's helpers)
    held_section(r, console)


def uses_table(r: dict, c: dict, console: Console) -> None:
    shown = c["rows"][:CARD_ROWS]
    # the seats' column only where it says something: in a game without roles every
    # seat makes every use
    seats = not all(row["every_seat"] for row in shown)
    t = Table(title=f"Card impact: the {len(shown)} largest, in points"
              + (" (the significant first)" if c["significant"] else ""), title_justify="left")
    for col in ("Use", "Card") + (("Seats",) if seats else ()) + ("With", "Without", "Impact", "95% CI, all", ""):
        t.add_column(col, justify="left" if col in ("Use", "Card", "Seats", "") else "right")
    for row in shown:
        t.add_row(markup(row["use"]), markup(row["card"]), *([seats_text(row)] if seats else []),
                  f"{pct(row['with']['win_rate'])} of {row['with']['games']}",
                  f"{pct(row['without']['win_rate'])} of {row['without']['games']}",
                  points(row["impact"]), points_ci(row["ci_all"]), use_flag(row))
    console.print(t)
    if len(c["rows"]) > CARD_ROWS:
        console.print(more_line(r, len(c["rows"]) - CARD_ROWS))


def more_line(r: dict, more: int) -> str:
    """Where the rows the terminal leaves out are: in the files this run writes."""
    written = r.get("written")  # where this run writes the whole list (cli/analyze._write)
    return (f"({more} more in {' and '.join(written)})" if written else
            f"({more} more: --json FILE lists every card, as the HTML page does)" if written == [] else
            f"({more} more: the HTML page and --json list every card)")


def use_flag(row: dict, significant: str = "[bold]significant[/]") -> str:
    return LUCK_OF_THE_DEAL if row.get("luck") else significant if row["significant"] else ""


def per_game(x: float) -> str:
    """How often a decision point comes a game: '<0.01' for one that came up, but too
    seldom to show as 0.01 (once in 1,000 games was '0.00', read as never)."""
    return "<0.01" if 0 < x < 0.005 else f"{x:.2f}"


def decisions_section(r: dict, console: Console) -> None:
    d = r["decisions"]
    o = d["overall"]
    heading(console, "Decisions", r)
    if not o["decisions"]:
        console.print(NEVER_ASKED if r.get("decides", True) else NO_DECISIONS)
        return
    console.print(f"{o['per_game']:.1f} decisions a game; {o['mean_menu']:.1f} actions to choose from on average; "
                  f"{pct(o['one_choice'])} of the decisions had only one choice")
    t = Table(title="By seat", title_justify="left")
    for col in ("Seat", "Decisions a game", "Mean menu", "One choice"):
        t.add_column(col, justify="left" if col == "Seat" else "right")
    for row in d["seats"]:
        t.add_row(markup(row["title"]), f"{row['decisions'] / max(1, d['games']):.1f}", f"{row['mean_menu']:.1f}",
                  pct(row["one_choice"]))
    console.print(t)
    t = Table(title="By decision point", title_justify="left")
    for col in ("Decision", "Seats", "Per game", "Mean menu", "One choice"):
        t.add_column(col, justify="left" if col in ("Decision", "Seats") else "right")
    for row in d["prompts"]:
        t.add_row(markup(row["label"]), seats_text(row), per_game(row["per_game"]),
                  f"{row['mean_menu']:.1f}", pct(row["one_choice"]))
    console.print(t)
