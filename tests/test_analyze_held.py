"""Card impact told apart from the luck of the deal (drivers/card_held.py): in a trick
game every seat plays every card it is dealt, so "played the card" was "was dealt the
card", and the report said a card that only the deal hands out won or lost games through
play. Two small games whose answers are known exactly, written here."""

from __future__ import annotations

import json
from pathlib import Path

import ruleforge
from ruleforge.drivers import analysis
from ruleforge.drivers.simulate import GameSpec, run_games
from ruleforge.drivers.traces import play_traced

# Four cards, two to each player, played one each to two tricks; the higher card takes
# the trick, and whoever took Card 4 wins. Card 4 takes its trick whenever it is played,
# and its holder must play it: holding it wins every game, and nobody chose to.
TRICKS = """game "Two Tricks"
players 2
cards: listed in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone played per player "played": pile, face up
zone tricks per player "tricks": pile, face down

cards "Card {value}" for each value from 1 to 4:
    text: "Worth {value}."

define on_table = sum of count of played of q for each q in players
define shown of p = sum of c.value for each c in played of p

setup:
    shuffle deck
    for each p in players:
        move top 2 cards of deck to hand of p

turn:
    current takes an action
    if on_table < 2:
        end turn
    for each w in players with the highest shown:
        for each q in players:
            move cards in played of q to tricks of w
        w takes the next turn
    if every q in players has hand of q is empty:
        end the game with taken

action play "Play a card":
    with card in hand of current
    move card to played of current

ending taken "the last trick was taken": all players where any c in tricks of it has c.value = 4 win
"""

# One card each of a Jewel and three Pebbles, two turns a player: showing the Jewel wins,
# keeping it to the end wins nothing. Its holder may show it or keep it, so playing it is
# a choice, worth exactly 100 points: every holder who showed it won, none who kept it did.
JEWEL = """game "Jewel"
players 2
attribute kind: jewel, pebble
cards: listed in deck
zone deck "the deck": pile, face down
zone hand per player "hand": hand
zone table "the table": pile, face up
counter turns = 0

card "Jewel":
    kind: jewel

card "Pebble":
    kind: pebble
    copies: 3

setup:
    shuffle deck
    for each p in players:
        move top 1 card of deck to hand of p

turn:
    increase turns by 1
    current takes an action
    if turns >= 4:
        end the game with waited

action show "Show a card":
    with card in hand of current
    move card to table
    if card.kind = jewel:
        end the game with shone

action keep "Keep it":
    say "{current} waits"

ending shone "the Jewel was shown": current wins
ending waited "the time ran out": nobody wins
"""


def cards_of(tmp_path, name: str, text: str, games: int, agents: str = "random") -> dict:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    spec = GameSpec(str(path), {}, None, agents, 11)
    return analysis.report(ruleforge.load(path), run_games(spec, games, play=play_traced), agents)["cards"]


def test_a_trick_card_that_always_wins_is_the_luck_of_the_deal_not_a_strong_play(tmp_path):
    c = cards_of(tmp_path, "tricks.rules", TRICKS, 100)
    held = {row["card"]: row for row in c["held"]["rows"]}
    four = held["Card 4"]
    # each game deals Card 4 to one seat of two: 100 games held, 100 not, and every holder won
    assert (four["held"], four["not_held"], four["impact"]) == (
        {"games": 100, "win_rate": 1.0}, {"games": 100, "win_rate": 0.0}, 1.0)
    assert (four["played"], four["luck"], four["play"], four["significant"]) == (1.0, True, None, True)
    assert c["held"]["rows"][0] is four  # (the largest first)
    # every card of a trick game is played by whoever holds it: all four are the deal's
    assert all(row["luck"] and row["played"] == 1.0 and row["play"] is None for row in held.values())
    assert (c["held"]["tested"], c["held"]["luck"], c["held"]["play_tested"]) == (4, 4, 0)
    # the uses: "played Card 4" is "was dealt Card 4", so no use is flagged as a strong or weak play
    play4 = next(row for row in c["rows"] if row["card"] == "Card 4")
    assert (play4["use"], play4["impact"], play4["luck"], play4["significant"]) == ("play", 1.0, True, False)
    assert play4["ci_all"][0] > 0  # (its interval leaves out 0: only the deal keeps it from the flag)
    assert (c["tested"], c["significant"], c["luck"]) == (4, 0, 4)


def test_a_card_some_holders_keep_has_the_impact_of_playing_it(tmp_path):
    c = cards_of(tmp_path, "jewel.rules", JEWEL, 200)
    jewel = next(row for row in c["held"]["rows"] if row["card"] == "Jewel")
    play = jewel["play"]
    assert jewel["luck"] is False and 0 < jewel["played"] < 0.95
    assert (play["played"]["win_rate"], play["kept"]["win_rate"], play["impact"], play["significant"]) == (
        1.0, 0.0, 1.0, True)
    assert play["played"]["games"] + play["kept"]["games"] == jewel["held"]["games"]
    assert jewel["not_held"]["win_rate"] == 0.0  # (only the Jewel's holder can win)
    # where holding and playing differ, the use's figure stands, and is flagged
    show = next(row for row in c["rows"] if row["card"] == "Jewel")
    assert (show["use"], show["with"]["win_rate"], show["luck"], show["significant"]) == ("show", 1.0, False, True)
    assert c["luck"] == 0 and c["held"]["luck"] == 0


def test_the_terminal_the_page_and_the_json_say_luck_of_the_deal(ruleforge_cmd, tmp_path):
    path = tmp_path / "tricks.rules"
    path.write_text(TRICKS, encoding="utf-8")
    page, data = tmp_path / "page.html", tmp_path / "report.json"
    r = ruleforge_cmd("analyze", path, "--games", 100, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--html", page, "--json", data)
    assert r.code == 0, r.err
    lines = [line.rstrip() for line in r.lines]
    assert "│ play │ Card 4 │ 100.0% of 100 │  0.0% of 100 │ +100.0 │ [+91.7, +100.0] │ luck of the deal │" in lines
    assert ("│ Card 4 │ 100.0% of 100 │  0.0% of 100 │ +100.0 [+91.7, +100.0] │ 100.0% │ luck of the deal │ holding"
            "     │") in lines
    text = " ".join(lines)
    assert "4 uses tested, 0 significant" in text
    assert "4 cards tested: 4 significant by holding, 0 of 0 by playing, 4 the luck of the deal" in text
    html = page.read_text(encoding="utf-8")
    assert ('<td>Card 4</td><td>every seat</td><td class="n">100.0% of 100</td><td class="n">0.0% of 100</td>'
            '<td class="n">+100.0 [+91.7, +100.0]</td><td class="n">100.0%</td><td>luck of the deal</td>') in html
    cards = json.loads(data.read_text(encoding="utf-8"))["cards"]
    assert [(x["card"], x["luck"], x["significant"]) for x in cards["rows"]][0] == ("Card 4", True, False)
    assert cards["held"]["rows"][0]["card"] == "Card 4" and cards["held"]["luck_share"] == 0.95


# ---- decision points told apart by the actions they offer ---------------------------------

# One line asks every decision, a lead when the table is empty and a follow otherwise:
# each of the two tricks has a lead and a follow: two of each a game, from 2 cards, then 1.
LEAD_FOLLOW = TRICKS.replace('''action play "Play a card":
    with card in hand of current
    move card to played of current
''', '''action lead "Lead a card":
    with card in hand of current
    allowed if on_table = 0
    move card to played of current

action follow "Follow":
    with card in hand of current
    allowed if on_table = 1
    move card to played of current
''')


def test_one_place_that_offers_a_lead_or_a_follow_is_two_decision_points(ruleforge_cmd, tmp_path):
    # (one row "take an action", 4.00 a game: the lead and the follow of a trick game
    # lumped, as Hearts' were, where the follow is the cramped one)
    path = tmp_path / "lead_follow.rules"
    path.write_text(LEAD_FOLLOW, encoding="utf-8")
    data = tmp_path / "report.json"
    r = ruleforge_cmd("analyze", path, "--games", 10, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--no-html", "--json", data)
    assert r.code == 0, r.err
    lines = [line.rstrip() for line in r.lines]
    start = lines.index("By decision point") + 4
    assert lines[start:start + 2] == [
        "│ take an action: lead   │ every seat │     2.00 │       1.5 │      50.0% │",
        "│ take an action: follow │ every seat │     2.00 │       1.5 │      50.0% │"]
    rows = json.loads(data.read_text(encoding="utf-8"))["decisions"]["prompts"]
    assert [(x["prompt"], x["label"], x["actions"], x["line"], x["decisions"]) for x in rows] == [
        ("take an action", "take an action: lead", ["lead"], 21, 20),
        ("take an action", "take an action: follow", ["follow"], 21, 20)]


def test_menus_that_share_an_action_are_one_decision_point_and_others_are_apart():
    from ruleforge.drivers.decision_points import by_actions
    where = (None, 8)
    row = lambda n, seat, greedy: [n, 3 * n, 0, {seat}, {"turn"}, {seat: [greedy, 1]}]  # noqa: E731
    points = {("take an action", where, ("archive", "play")): row(4, 0, 2),
              ("take an action", where, ("archive",)): row(1, 1, 1),      # shares archive: the same decision
              ("take an action", where, ("discard", "swap")): row(2, 0, 0),
              ("take an action", where, ("play", "swap")): row(3, 1, 3),  # joins both: one decision in all
              ("take an action", (None, 9), ("lead",)): row(5, 0, 0),
              ("take an action", (None, 9), ("follow",)): row(6, 0, 0),
              ("to discard", (None, 10), ()): row(7, 0, 0)}
    out = by_actions(points)
    assert out == {
        ("take an action", where, ("archive", "discard", "play", "swap"), False):
            [10, 30, 0, {0, 1}, {"turn"}, {0: [2, 2], 1: [4, 2]}],
        ("take an action", (None, 9), ("lead",), True): row(5, 0, 0),
        ("take an action", (None, 9), ("follow",), True): row(6, 0, 0),
        ("to discard", (None, 10), (), False): row(7, 0, 0)}


def test_the_holding_table_says_nothing_where_no_menu_named_a_card_and_why_where_too_few(ruleforge_cmd, tmp_path):
    from ruleforge.drivers.card_held_text import held_intro
    claim = Path(__file__).parent / "data" / "analyze" / "claim.rules"  # (its actions name no card)
    r = ruleforge_cmd("analyze", claim, "--games", 20, "--agents", "random", "--rungs", "none", "--seed", 1,
                      "--no-html")
    assert r.code == 0, r.err
    cards = r.lines[r.lines.index(next(x for x in r.lines if x.startswith("Cards ·"))):]
    assert cards[1].startswith("Card impact: nothing to test: no action named a card")
    assert not any("Holding a card" in x for x in r.lines)
    rare = {"tested": 0, "too_rare": 3, "min_group": 10}
    assert held_intro(rare) == ("Holding a card: nothing tested: each of the 3 cards held was held in fewer than 10 "
                                "games, or missed in fewer than 10, too few to judge; more --games would judge them.")
    assert held_intro({**rare, "too_rare": 1}).startswith("Holding a card: nothing tested: the one card held was held")
