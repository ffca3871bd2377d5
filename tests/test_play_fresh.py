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
from ruleforge.drivers.agents import seat_named, seat_specs

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
    assert [seat_named(w, gufo) for w in ("Radar", "RADAR", "radar", "Invader", "INVADER", "radar operator")] == [
        1, 1, 1, 0, 0, 1]
    eights = ruleforge.load(ROOT / "examples" / "crazy_eights.rules", players=3)
    assert seat_named("Player 2", eights) == 1
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
    assert said == ["Pass the screen to Bob.", "Duel · turn 1 · you are Bob",
                    "Pass the screen to the Guard.", "Duel · turn 2 · you are the Guard", "Pass the screen to Bob."]
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


# ---- docs/play.md says what the tool says -----------------------------------------------------

PLAY_MD = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")


def _option_rows() -> list[tuple[list[str], str]]:
    """The table of options that would do nothing: (the flags, the quoted message)."""
    import shlex
    table = PLAY_MD.split("An option that would do nothing is a mistake too")[1].split("\n\n")[1]
    rows = [line.split(" | ") for line in table.splitlines()[2:]]
    return [(shlex.split(given.strip("| ").split("`")[1]), message.strip(" |`")) for given, message in rows]


@pytest.mark.parametrize("args, message", _option_rows())
def test_the_docs_option_errors_are_the_tools(args, message, capsys):
    # the quoted error for '--agents invader=greedy,invader=random' had lost its bots' names
    assert len(_option_rows()) == 5
    with pytest.raises(SystemExit) as exc:
        main(["play", GUFO, *args])
    assert exc.value.code == 2
    assert message in " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize("command", ["play", "check", "run"])
def test_a_refused_set_exits_2_as_the_docs_say(command, capsys):
    # play.md said a refused --set exits 1, 'as for check': all three exit 2
    with pytest.raises(SystemExit) as exc:
        main([command, GUFO, "--set", "nosuch=1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err == (f"{GUFO}: error: --set nosuch=1: there is no parameter 'nosuch'\n  hint: the parameters are: "
                   "reveal_count, cloudy_altitudes, exhaustions_to_lose, radar_hand_size, start_altitude\n"
                   "1 error in the command line\n")
    assert "`--set nosuch=1` gets `error: --set nosuch=1: there is no\nparameter 'nosuch'` and `1 error in the " \
           "command line`" in PLAY_MD


def test_an_agenda_never_archived_is_still_hidden_after_game_over():
    # play.md said UFO*logy's agendas are revealed at the end: only the tally is, of the
    # face-up cards; player 2's, 3's and 4's agendas were never archived in this game
    result, out = play([UFOLOGY, "--players", 4, "--as", 1, "--seed", 3], "1\n" * 400)
    assert result.exit_code == 0 and "Game over: the deck ran out. Winner: player 4." in out
    table = out.split("╰")[-3].split("\n", 1)[1]  # the table under the last panel
    files = [line.split()[5:7] for line in table.splitlines() if line.startswith("Case File of player")]
    assert files == [["CE5:", "The"], ["?:", "▒"], ["?:", "▒"], ["?:", "▒"]]
    assert ("UFO\\*logy's tally of the face-up cards; an agenda never archived is not revealed"
            in " ".join(PLAY_MD.split()))


PILES = """game "Piles"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone fan "the fan": pile, face up, shown as fan
zone hand per player: hand
setup:
    move top 10 cards of deck to fan
    player 1 looks at top of deck
turn:
    current takes an action
action draw "Draw a card":
    move top of deck to hand of current
action wait "Wait":
    move top of deck to hand of current
ending e "done": nobody wins when count of deck < 40
"""


@pytest.mark.parametrize("seat, deck", [("1", "42 cards, 3♠ on top"), ("2", "41 cards")])
def test_a_fan_is_never_shortened_and_a_known_top_card_is_shown_face_down(seat, deck, tmp_path):
    # play.md said only that a pile gives 'face up, its top card', and that any pile of
    # more than 6 cards is shortened
    rules = tmp_path / "piles.rules"
    rules.write_text(PILES, encoding="utf-8")
    result, out = play([rules, "--as", seat, "--seed", 1], "quit\n")
    assert result.exit_code == 0, out
    rows = [" ".join(line.split()) for line in out.splitlines() if line.startswith("the ")]
    assert rows == [f"the deck {deck}", "the fan K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠"]
    said = " ".join(PLAY_MD.split())
    assert "face up, or face down once you have seen it" in said
    assert "a pile declared `shown as fan`, or grouped (below), is never shortened" in said


def test_the_docs_say_what_quit_says_with_a_log(tmp_path):
    log = tmp_path / "game.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "quit\n")
    assert " ".join(out.split()).endswith(f"Game stopped. The log so far is in {log}.")
    assert "with `--log`, `Game stopped. The log so far is in game.jsonl.`" in " ".join(PLAY_MD.split())


@pytest.mark.parametrize("args, message", [
    (["--humans", "3"], "this game takes 2 to 6 players, and 2 play unless --players says more: add --players 3 "
                        "(or more)"),
    (["--as", "4"], "no seat 4: this game takes 2 to 6 players, and 2 play unless --players says more: add "
                    "--players 4 (or more)"),
])
def test_the_docs_seat_beyond_the_players_errors_are_the_tools(args, message, capsys):
    # play.md gave --as 4 the message of --humans 3
    with pytest.raises(SystemExit) as exc:
        main(["play", UFOLOGY, *args])
    assert exc.value.code == 2
    assert message in " ".join(capsys.readouterr().err.split())
    assert f"`{' '.join(args)}` gets `{message}`" in " ".join(PLAY_MD.split())
