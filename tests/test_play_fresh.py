"""`ruleforge play` after a fresh reader of docs/play.md: a runaway loop's panel ends
where the rules failed, a role titled as a person ("Bob") gets no article, role names
match in any case, and help's examples come from the game being played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli, main
from ruleforge.drivers.agents import _seat, seat_specs

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def play(args, text: str):
    result = CliRunner().invoke(cli, ["play", *map(str, args), "--delay", "0"], input=text,
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    return result, ANSI.sub("", result.output)


# ---- role names in any case -------------------------------------------------------------------

def test_a_role_name_matches_in_any_case(tmp_path):
    # '--as INVADER' and '--as Radar Operator' matched (the titles, without regard to case),
    # but '--as Radar' was refused: "no seat or role 'Radar'; did you mean 'radar'?"
    gufo = ruleforge.load(GUFO)
    assert [_seat(w, gufo) for w in ("Radar", "RADAR", "radar", "Invader", "INVADER", "radar operator")] == [
        1, 1, 1, 0, 0, 1]
    eights = ruleforge.load(ROOT / "examples" / "crazy_eights.rules", players=3)
    assert _seat("Player 2", eights) == 1
    assert seat_specs("Radar=greedy", gufo) == ["random", "greedy"]
    result, out = play([GUFO, "--as", "Radar", "--seed", 5], "quit\n")
    assert result.exit_code == 0, out
    assert out.splitlines()[0] == "gUFO · you play: Radar Operator  (type help for help)"
    result, out = play([GUFO, "--as", "Invader", "--agents", "RADAR=greedy", "--seed", 5], "quit\n")
    assert result.exit_code == 0, out
    log = tmp_path / "g.jsonl"
    assert CliRunner().invoke(cli, ["run", GUFO, "--seed", "5", "--log", str(log)]).exit_code == 0
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--as", "Radar"])
    assert replayed.exit_code == 0 and "Invader chooses a card (to be the Alien)" in replayed.output


@pytest.mark.parametrize("args, message", [
    (["--as", "Radar", "--agents", "Radar=greedy"],
     "the Radar Operator is played by a person here, not a bot: --agents names the bots' seats"),
    (["--as", "radar", "--agents", "Invader=greedy,INVADER=random"],
     "the Invader is given two bots ('Invader=greedy' and 'INVADER=random'): name each seat once"),
    (["--as", "Radar,RADAR"], "name each seat once, such as --as north or --as north,south"),
    (["--as", "Radr"], "no seat or role 'Radr'; did you mean 'radar'?"),
])
def test_a_role_name_in_any_case_is_the_same_seat_in_every_flag(args, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", GUFO, *args])
    assert exc.value.code == 2
    assert message in " ".join(capsys.readouterr().err.split())


# ---- "the" before a role's title only where the rule file says it so ---------------------------

DUEL = """game "Duel"
role bob "Bob"
role guard "Guard"
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
turn:
    current takes an action
action draw "Draw a card":
    move top of deck to hand of current
action wait "Wait":
    move top of deck to hand of current
ending e "the Guard keeps watch": guard wins when count of deck < 50
"""


def test_the_article_comes_before_a_title_only_where_the_rule_file_writes_it(tmp_path):
    # A role titled 'Bob' was 'Pass the screen to the Bob.' and 'you are the Bob': the
    # article went before every title. The file's own texts now decide: 'the Guard' (its
    # ending 'the Guard keeps watch'), gUFO's 'the Invader' (its zone "the Invader's
    # aces"), Hold'em's 'the button' (a title with its article), and 'Bob' as written.
    from ruleforge.drivers.table import the_seat
    rules = tmp_path / "duel.rules"
    rules.write_text(DUEL, encoding="utf-8")
    duel = ruleforge.load(rules)
    assert [the_seat(duel, s) for s in range(2)] == ["Bob", "the Guard"]
    gufo = ruleforge.load(GUFO)
    assert [the_seat(gufo, s) for s in range(2)] == ["the Invader", "the Radar Operator"]
    holdem = ruleforge.load(ROOT / "examples" / "holdem.rules")
    assert [the_seat(holdem, s) for s in range(2)] == ["the button", "the big blind"]
    result, out = play([rules, "--as", "bob,guard", "--seed", 1], "\n1\n\n1\nquit\n")
    assert result.exit_code == 0, out
    said = [" ".join(line.strip("│ ").split()) for line in out.splitlines()
            if "Pass the screen" in line or "you are" in line or "pressed when" in line]
    assert said == ["Pass the screen to Bob.", "Duel · round 1 · you are Bob",
                    "Pass the screen to the Guard.", "Duel · round 1 · you are the Guard", "Pass the screen to Bob."]
    with pytest.raises(SystemExit) as exc:
        main(["play", str(rules), "--as", "bob", "--agents", "bob=greedy"])
    assert exc.value.code == 2


# ---- help's examples come from the game -------------------------------------------------------

UFOLOGY = str(ROOT / "games" / "ufology.rules")
HOLDEM = str(ROOT / "examples" / "holdem.rules")


def _help(out: str) -> str:
    return " ".join(out.split("How to play")[1].split("quit   end the game")[0].split())


@pytest.mark.parametrize("args, examples", [
    ([GUFO, "--as", "radar"], '(here, for example, "bengal 7 2" or "radar 7 2"), then Enter'),
    ([GUFO, "--as", "invader"], '(here, for example, "a clubs"), then Enter'),
    ([UFOLOGY, "--players", 4, "--as", 1], '(here, for example, "archive testimony" or "pass"), then Enter'),
    ([HOLDEM, "--as", 1], '(here, for example, "call" or "fold"), then Enter'),
])
def test_help_gives_examples_from_the_menu_on_the_screen(args, examples):
    # help said '(for example "scan q 8" or "stop")' in every game, words of gUFO's menu
    result, out = play([*args, "--seed", 5], "help\nquit\n")
    assert result.exit_code == 0, out
    told = _help(out)
    assert examples in told
    assert "scan q 8" not in told and '"stop"' not in told
    # and 'log' says how much of the game it shows
    assert "log what you have been told so far (its last 200 lines)" in told


def test_helps_example_picks_its_action(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "help\nbengal 7 2\nquit\n")
    assert result.exit_code == 0, out
    assert ' ("beng" for "bengal"); numbers' in _help(out)
    radar = [line for line in log.read_text(encoding="utf-8").splitlines() if '"seat": "radar"' in line]
    assert len(radar) == 1 and '"action": "bengal_light(card=7♥, altitude=2)"' in radar[0]


# ---- a runaway loop is told up to the error ---------------------------------------------------

LOOP = """game "Loop"
players 2
cards: standard deck in deck
zone deck: pile
zone hand per player: hand
counter ticks = 0
turn:
{turn}
action draw "Draw a card":
    move top of deck to hand of current
action spin "Spin":
    repeat while 1 = 1:
        increase ticks by 1
        say "tick {{ticks}}"
ending e "never": nobody wins when ticks < 0
"""
IN_TURN = """    repeat while 1 = 1:
        increase ticks by 1
        say "tick {ticks}"
"""
BY_ACTION = "    current takes an action\n"


def _error_panel(out: str) -> list[str]:
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if "What happened before the error" in line)
    bottom = next(i for i in range(top + 1, len(lines)) if lines[i].startswith("╰"))
    return [line.strip("│").strip() for line in lines[top + 1:bottom]]


@pytest.mark.parametrize("turn, seats, typed", [(IN_TURN, "1", ""), (IN_TURN, "1,2", ""),
                                                (BY_ACTION, "1", "spin\n")],
                         ids=["in-a-turn", "in-a-turn-hot-seat", "in-an-action"])
def test_a_runaway_loops_panel_ends_where_the_rules_failed(turn, seats, typed, tmp_path):
    # The record keeps 50,000 events between two decisions (MAX_TOLD_EVENTS) and only
    # counts the rest: the panel ended at 'tick 24999' and '... and 149,997 more events
    # before the next decision, not told', while the rules failed at 100,000 steps. Now
    # its last lines are the last ones before the error, and its first says how much is
    # left out before them.
    rules = tmp_path / "loop.rules"
    rules.write_text(LOOP.format(turn=turn), encoding="utf-8")
    result, out = play([rules, "--as", seats, "--seed", 1], typed)
    assert result.exit_code == 1
    assert "more than 100,000 steps without a decision" in str(result.exception)
    game = ruleforge.load(rules)  # where the rules were, independently: the loop's last say
    with pytest.raises(ruleforge.RuleError) as failed:
        st = game.new(1, record=True)
        st.apply(next(a for a in st.legal_actions() if a.name == "spin"))
    ticks = (failed.value.state if turn == IN_TURN else st).counter("ticks")
    panel = _error_panel(out)
    expected = []
    for t in range(ticks - 19, ticks + 1):
        expected += [f"ticks: {t - 1} → {t}", f"— tick {t}"]
    assert panel[1:] == expected
    head = re.fullmatch(r"\.\.\. \(([\d,]+) earlier lines not shown, and ([\d,]+) events not told\)", panel[0])
    earlier, untold = (int(n.replace(",", "")) for n in head.groups())
    # every event of the loop is a line: those left out are all the others, the turn's
    # two headings ('Round 1', "player 1's turn") and, after a decision, that decision
    before = {IN_TURN: 2, BY_ACTION: 1}[turn]
    assert earlier + untold + 40 == before + 2 * ticks and untold > 100_000


def test_lines_after_untold_events():
    from ruleforge.drivers.play import lines_after_untold
    told = [f"line {i}" for i in range(50)]
    assert lines_after_untold(["a", "b"], told, 7, 40) == [
        "... (12 earlier lines not shown, and 7 events not told)"] + told[10:]
    assert lines_after_untold([], told[:3], 1, 40) == ["... (1 earlier event not told)"] + told[:3]
    assert lines_after_untold(["a"], told[:40], 1_234, 40) == [
        "... (1 earlier line not shown, and 1,234 events not told)"] + told[:40]
