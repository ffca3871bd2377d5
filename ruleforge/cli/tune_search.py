"""`ruleforge tune`'s search and what it prints: the race, the confirmations, the answer."""

from __future__ import annotations

import click

from ..lang.plural import count
from ..lang.printable import markup, plain
from .common import progress


class _TrialError(Exception):
    """A game of the search stopped on a rule error: the search stops, as `run` would."""


def search(file, game, space, notes, aim, fixed, players, agents, schedule, sets, confirm, seed, jobs, plot,
           max_decisions) -> None:
    from ..drivers.ladder import LADDER
    from ..drivers.pool import GamePool
    from ..drivers.race import FINALISTS, Entry, confirm as confirm_finalists, race
    from ..drivers.tune import choose, fresh_seed, space_size, value_sets
    size = space_size(space)
    grid = sets >= size
    rung = agents.strip() if agents.strip() in LADDER else None
    target = aim.show(aim.value)
    click.echo(plain(f"{game.title}: tuning {', '.join(p.text for p in space)} toward '{aim.text}'"))
    for note in notes:
        click.echo(note)
    click.echo(plain(f"bots: {agents} for every seat, rung {LADDER.index(rung) + 1} of the ladder "
                     f"({' < '.join(LADDER)})" if rung else f"bots: {agents}, not a rung of the ladder"))
    from ..drivers.agents import blind_greedy_note
    blind = blind_greedy_note(agents, game)
    if blind:
        click.echo(plain(blind), err=True)
    which = (f"all {count(size, 'value set')} in the range" if grid else
             f"{sets} of the {size:,} value sets in the range, chosen by Optuna's TPE sampler from their first "
             f"{count(schedule[0], 'game')}")
    later = _listing([f"{g:,}" for g in schedule[1:]])
    click.echo(f"race: {which}, on the same seeds (seed {seed}): {count(schedule[0], 'game')} each"
               + (f", then the closest half plays on to {later} games (the closest {min(FINALISTS, sets)} "
                  f"at the end)" if later else "")
               + f"; a value set whose 95% interval leaves {target} out is dropped at once")
    fresh = fresh_seed(seed)
    if confirm:
        click.echo(f"confirmation: the finalists, closest first, each on the same {count(confirm, 'fresh seed')} "
                   f"(seed {fresh}), until one's interval holds {target}")
    played = {"race": 0, "confirm": 0}
    phase = {"name": "race", "label": "playing"}
    with GamePool(jobs) as pool:
        play = _player(pool, file, fixed, players, agents, max_decisions, played, phase)

        def measure_first(params: dict) -> float:
            e = Entry(params, len(entries))
            e.add(play([(params, seed, range(schedule[0]))])[0], aim)
            entries.append(e)
            return e.distance

        def on_round(r: int, alive: list) -> None:
            phase["label"] = f"race, round {r + 1} of {len(schedule)}"

        try:
            if grid:
                entries = [Entry(v, i) for i, v in enumerate(value_sets(space))]
            else:
                entries = []
                phase["label"] = "choosing value sets"
                choose(space, sets, seed, measure_first)
            finalists = race(entries, aim, schedule, seed, play, on_round=on_round)
            phase.update(name="confirm", label="confirming")
            confirmations = confirm_finalists(finalists, aim, confirm, fresh, play) if confirm else []
        except _TrialError as e:
            click.echo(f"error: {plain(str(e))}", err=True)
            raise SystemExit(1) from None
    figure = _figure_name(aim, game)
    _print_race(space, aim, figure, agents, seed, entries)
    if confirmations:
        _print_confirmations(space, aim, figure, agents, confirm, fresh, confirmations)
    for line in _verdict(file, aim, figure, agents, players, fixed, entries, finalists, confirmations, confirm,
                         fresh, schedule, grid, max_decisions):
        click.echo(plain(line))
    click.echo(f"games played: {played['race']:,} in the race"
               + (f" and {played['confirm']:,} to confirm, {played['race'] + played['confirm']:,} in all"
                  if confirm else "") + f", {plain(agents)} bots")
    if plot:
        from ..drivers.tune_plot import plot_search
        plot_search(plot, f"{game.title}: the race toward '{aim.text}', {agents} bots", aim, space, entries,
                    confirmations, confirm)
        click.echo(f"plot written to {plain(plot)}")


def _player(pool, file, fixed, players, agents, max_decisions, played, phase):
    """play([(params, seed, indexes), ...]): the outcomes of each, on the pool; a game that
    stops on a rule error stops the search."""
    from ..drivers.simulate import GameSpec

    def play(batch: list) -> list:
        specs = [(GameSpec(file, {**fixed, **{k: str(v) for k, v in params.items()}}, players, agents, s,
                           max_decisions), list(indexes)) for params, s, indexes in batch]
        advance, stop = progress(sum(len(ix) for _, ix in specs), phase["label"])
        try:
            results = pool.play(specs, advance)
        finally:
            stop()
        for (params, _, _), outcomes in zip(batch, results):
            played[phase["name"]] += len(outcomes)
            errors = [o for o in outcomes if o.error]
            if errors:
                where = ", ".join(f"{k}={v}" for k, v in params.items())
                raise _TrialError(f"with {where}, game {errors[0].index} (seed {errors[0].seed}) stopped on a rule "
                                  f"error: {errors[0].error}")
        return results
    return play


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _figure_name(aim, game) -> str:
    who = "the team" if aim.seat is None else game.seat_titles[aim.seat]  # (None: a cooperative game's team)
    if aim.kind == "wins":
        return f"{who} wins"
    if aim.kind == "payoff":
        return f"{who}'s mean payoff"
    return f"mean {aim.kind}"


def _off(aim, distance: float) -> str:
    return f"{distance:.1f} pts" if aim.kind == "wins" else (f"{distance:.2f}" if aim.kind == "payoff"
                                                             else f"{distance:.1f}")


def _fate(aim, e, finalists: list) -> str:
    if e.fate == "finalist":
        return f"finalist {finalists.index(e) + 1}"
    return f"dropped: misses {aim.show(aim.value)}" if e.fate == "off" else "dropped: farther"


def _print_race(space, aim, figure, agents, seed, entries) -> None:
    from rich.table import Table
    from ..drivers.report import new_console
    finalists = sorted((e for e in entries if e.fate == "finalist"), key=lambda e: (e.distance, e.order))
    t = Table(title=markup(f"Race: {agents} bots, the same seeds for every value set (seed {seed})"),
              title_justify="left")
    for p in space:
        t.add_column(markup(p.name), justify="right")
    for name in ("games", figure, "95% CI", "off by"):
        t.add_column(markup(name), justify="right")
    t.add_column("race")
    for e in sorted(entries, key=lambda e: tuple(e.params.values())):
        t.add_row(*[str(e.params[p.name]) for p in space], f"{e.games:,}", aim.cell(e.figure["value"]),
                  aim.show_interval(e.figure["ci95"]), _off(aim, e.distance), _fate(aim, e, finalists),
                  style="bold" if e.fate == "finalist" else None)
    new_console().print(t)


def _print_confirmations(space, aim, figure, agents, confirm, fresh, confirmations) -> None:
    from rich.table import Table
    from ..drivers.report import new_console
    t = Table(title=markup(f"Confirmation: {agents} bots, fresh seeds (seed {fresh})"), title_justify="left")
    t.add_column("finalist", justify="right")
    for p in space:
        t.add_column(markup(p.name), justify="right")
    for name in ("games", figure, "95% CI", "off by"):
        t.add_column(markup(name), justify="right")
    t.add_column(f"holds {aim.show(aim.value)}")
    for i, c in enumerate(confirmations, 1):
        t.add_row(str(i), *[str(c.entry.params[p.name]) for p in space], f"{c.figure['games']:,}",
                  aim.cell(c.figure["value"]), aim.show_interval(c.figure["ci95"]),
                  _off(aim, aim.distance(c.figure["value"])), "yes" if c.holds else "no",
                  style="bold" if c.holds else None)
    new_console().print(t)


def _verdict(file, aim, figure, agents, players, fixed, entries, finalists, confirmations, confirm, fresh,
             schedule, grid, max_decisions=None) -> list[str]:
    target = aim.show(aim.value)
    lo = min(entries, key=lambda e: e.figure["value"])
    hi = max(entries, key=lambda e: e.figure["value"])
    spread = (f"on the search's seeds, {figure} went from {aim.show(lo.figure['value'])} to "
              f"{aim.show(hi.figure['value'])} across the {count(len(entries), 'value set')}")

    def values(e) -> str:
        return ", ".join(f"{k}={v}" for k, v in e.params.items())

    def again(e) -> str:
        from .common import same_game
        return "(the same figures again: " + same_game("run", file, fresh, [
            ("--games", confirm), ("--agents", agents), ("--set", [f"{k}={v}" for k, v in {**fixed, **e.params}.items()]),
            ("--players", players), ("--max-decisions", max_decisions)]) + ")"
    held = next((c for c in confirmations if c.holds), None)
    if held:
        return [f"answer: {values(held.entry)}: {figure} {aim.show(held.figure['value'])} "
                f"{aim.show_interval(held.figure['ci95'])} on {count(confirm, 'fresh seed')}, {agents} bots: "
                f"the interval holds {target} ({spread})", again(held.entry)]
    if finalists and not confirm:
        e = finalists[0]
        return [f"answer, not confirmed (--confirm 0): {values(e)}: {figure} {aim.show(e.figure['value'])} "
                f"{aim.show_interval(e.figure['ci95'])} on the search's {count(e.games, 'seed')}, {agents} bots: "
                f"the interval holds {target}, but the best of many figures on the same seeds flatters itself; "
                f"give --confirm to play it again on fresh seeds ({spread})"]
    if finalists:
        near = min(confirmations, key=lambda c: (aim.distance(c.figure["value"]), confirmations.index(c)))
        who = (f"the {len(finalists)} finalists held {target} on the search's {count(schedule[-1], 'seed')} but "
               f"none did on {count(confirm, 'fresh seed')}; the nearest there" if len(finalists) > 1 else
               f"the finalist held {target} on the search's {count(schedule[-1], 'seed')} but not on "
               f"{count(confirm, 'fresh seed')}; there")
        return [f"no answer confirmed: {who}, {values(near.entry)}, {figure} {aim.show(near.figure['value'])} "
                f"{aim.show_interval(near.figure['ci95'])}: more --games tell the value sets apart better, or none "
                f"in the range is at the target ({spread})", again(near.entry)]
    early = [e for e in entries if e.fate == "farther"]
    where = "in the range" if grid else f"of the {count(len(entries), 'value set')} raced"
    hint = ("widen a range, search other parameters, or try other bots" if grid else
            "try more --trials (or a larger --budget), widen a range, or search other parameters")
    if early:
        return [f"no value set {where} holds {target} to the end of the race: the last ones' intervals left it "
                f"out, but {count(len(early), 'value set')} dropped earlier as farther still held it, on fewer "
                f"games, and more --games would play them longer ({spread}); {hint}"]
    return [f"no value set {where} holds {target}: each one's interval left it out ({spread}); {hint}"]
