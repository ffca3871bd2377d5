"""The skill verdict in a game with a payoff: the payoff first, then the wins, and the
sentence says which figure it rests on (docs/analyze.md, the skill trace)."""

from ruleforge.drivers import skill
from ruleforge.drivers.analysis_text import skill_verdicts, unwon_note
from ruleforge.drivers.simulate import GameOutcome


def team_games(payoffs, won=()):
    return [GameOutcome(i, i, (0,) if i in won else (), "end", 10, 3, payoffs=(p,)) for i, p in enumerate(payoffs)]


def team_step(weak, strong):
    return {"steps": [skill.step("random", "greedy", weak, [strong], ["the team"], team=True)]}


def test_a_significant_payoff_gain_with_no_win_ever_is_skill():
    # Hanabi: every ending a loss but 25 points; greedy scored +2.35 a game over random
    # and the verdict said "no significant gain" from the wins alone (designer's report).
    k = team_step(team_games([3, 4, 5, 4, 3, 5]), team_games([6, 6, 8, 7, 6, 7]))
    assert skill_verdicts(k) == [
        "greedy over random: payoff +2.67 a game [+2.12, +3.21], wins 0.0 points [-39.0, +39.0]: skill pays at "
        "this step, by the payoff (the wins show no significant difference)"]


def test_wins_decide_where_the_payoff_shows_nothing():
    wins = range(0, 10)
    k = team_step(team_games([5, 6] * 5), team_games([6, 5] * 5, won=wins))
    assert skill_verdicts(k) == [
        "greedy over random: payoff 0.00 a game [-0.75, +0.75], wins +100.0 points [+60.8, +100.0]: skill pays at "
        "this step, by the wins (the payoff shows no significant difference)"]


def test_the_payoff_decides_where_it_and_the_wins_pull_apart():
    # the stronger team wins more often but scores less: the payoff is what the game is about
    k = team_step(team_games([9, 9, 8, 9, 9, 8, 9, 9, 8, 9]), team_games([2, 3, 2, 3, 2, 3, 2, 3, 2, 3], won=range(8)))
    assert skill_verdicts(k) == [
        "greedy over random: payoff -6.20 a game [-6.65, -5.75], wins +80.0 points [+49.8, +100.0]: the stronger "
        "rung plays this game worse, by the payoff, which the game is about, though the stronger rung wins more often"]


def test_no_significant_figure_says_both():
    k = team_step(team_games([5, 6, 5, 6]), team_games([6, 5, 6, 5]))
    assert skill_verdicts(k, plain_text=True) == [
        "greedy over random: no significant gain (payoff 0.00 a game [-1.84, +1.84], wins 0.0 points [-49.0, +49.0]): "
        "at this step the games do not show that skill matters"]


def test_seats_whose_payoff_says_otherwise_than_the_whole_are_named():
    def games(pays):
        return [GameOutcome(i, i, (), "end", 10, 3, payoffs=p) for i, p in enumerate(pays)]
    weak = games([(0, 0)] * 6)
    seat1 = games([(3, -3), (4, -4), (3, -3), (5, -5), (4, -4), (3, -3)])   # player 1 stronger: it scores more
    seat2 = games([(1, -1), (2, -2), (1, -1), (2, -2), (1, -1), (2, -2)])  # player 2 stronger: it scores less
    k = {"steps": [skill.step("random", "greedy", weak, [seat1, seat2], ["player 1", "player 2"])]}
    assert skill_verdicts(k) == [
        "greedy among random: no significant gain over every seat (payoff +1.08 a game [-0.68, +2.85], wins 0.0 "
        "points [-24.2, +24.2]); but as player 1 it gains 3.67 of payoff a game [+2.81, +4.52], as player 2 it "
        "loses 1.50 of payoff a game [-2.07, -0.93]"]


def test_card_impact_says_it_counts_wins_where_a_payoff_game_was_never_won():
    r = {"summary": {"payoffs": [{"mean": 3.0}], "seats": [{"wins": 0, "ties": 0}]},
         "cards": {"rows": [{"use": "play"}], "held": {"rows": []}}}
    assert unwon_note(r) == (
        "No game was won: every win share below is 0.0%, so no card shows an impact. Card impact is measured by "
        "wins, not by the payoff; the payoff's figures are above, and in the skill trace.")
    assert unwon_note({**r, "summary": {**r["summary"], "seats": [{"wins": 1, "ties": 0}]}}) == ""
    assert unwon_note({**r, "summary": {"seats": [{"wins": 0, "ties": 0}]}}) == ""   # no payoff: wins are all


def test_a_table_shows_the_payoff_gain_on_both_channels():
    from rich.console import Console
    from ruleforge.drivers.analysis_html import skill
    from ruleforge.drivers.analysis_text import skill_section
    k = team_step(team_games([3, 4, 5, 4, 3, 5]), team_games([6, 6, 8, 7, 6, 7]))
    r = {"skill": dict(k, rungs=["random", "greedy"], games_per_seat=6), "cooperative": True}
    console = Console(width=120, record=True)
    skill_section(r, console)
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    at = lines.index("The payoff: the stronger bot's gain a game, on the same deals")
    assert lines[at + 4] == "│ greedy over random │ the team │     6 │       +2.67 │ [+2.12, +3.21] │ significant │"
    page = "".join(skill(r, {}))
    assert ('<tr><td>greedy over random</td><td>the team</td><td class="n">6</td><td class="n">+2.67</td>'
            '<td class="n">[+2.12, +3.21]</td><td><span class="sig">significant</span></td></tr>') in page
    assert "<li>greedy over random: payoff +2.67 a game [+2.12, +3.21], wins 0.0 points" in page
