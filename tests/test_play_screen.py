"""The play screen (issue 12): it fits a 120x40 terminal at every decision, the menu is
grouped and picked by whole words, card texts can be read in play, and the seed is not
shown to a person playing until the game ends."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import ruleforge
from ruleforge.cli import cli
from ruleforge.drivers.agents import parse_agents
from ruleforge.drivers.menu import Entry, match_action, menu_lines
from ruleforge.drivers.terminal import TerminalGame

ROOT = Path(__file__).parents[1]
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def play(args, text: str):
    result = CliRunner().invoke(cli, ["play", *map(str, args), "--delay", "0"], input=text,
                                env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    return result, ANSI.sub("", result.output)


# ---- every decision's screen fits 120 x 40 ----------------------------------------------------

def _screens(path, players, seed, humans=None, width=120, height=40):
    """Play a whole game with every seat (or `humans`) at a recorded 120x40 console,
    typing a random legal number; return each screen (the text printed from one line
    typed to the next) with the number of actions it offered."""
    game = ruleforge.load(path, players=players)
    console = Console(width=width, height=height, record=True, file=io.StringIO(), color_system=None)
    rng = random.Random(seed)
    screens = []

    def read(prompt):
        if prompt:
            console.print(prompt, end="")
        n = len(tg.st.legal_actions())
        screens.append((console.export_text(clear=True), n if prompt else 0))
        return str(rng.randrange(n) + 1) if prompt else ""
    seats = humans if humans is not None else list(range(game.nplayers))
    tg = TerminalGame(game, seed, seats, parse_agents(None, game), console, read, 0, None, height=height)
    tg.run()
    screens.append((console.export_text(clear=True), 0))
    return game, screens


@pytest.mark.parametrize("path, players, seed", [(GUFO, None, s) for s in (1, 2, 3, 5, 8)]
                         + [(UFOLOGY, 4, s) for s in (1, 3, 5)])
def test_every_decision_screen_fits_120_by_40(path, players, seed):
    game, screens = _screens(path, players, seed)
    decisions = [(text, n) for text, n in screens if n]
    assert len(decisions) >= 5
    titles = [f"you are {'the ' if game.roles else ''}{t}" for t in game.seat_titles]
    for text, n in decisions:
        lines = text.split("\n")
        assert len(lines) <= 40, "\n".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= 120
        # Nothing needed was cut: the table's title, the whole menu and the prompt are there.
        assert any(line.startswith((f"{game.title} · turn ", f"{game.title} · setup ·"))
                   and line.rstrip().endswith(tuple(titles))
                   for line in lines)
        assert re.findall(r"\[(\d+)\]", text.split(":\n")[-1]) == [str(k) for k in range(1, n + 1)]
        assert lines[-1].endswith("> ")
    # The end screen (the story, the table or the shared telling, the result) fits too,
    # with the two lines play prints after it.
    assert len(screens[-1][0].rstrip("\n").split("\n")) <= 38
    assert "Game over:" in screens[-1][0]


@pytest.mark.parametrize("width", [60, 80])
def test_the_menu_keeps_to_a_narrow_terminal(width):
    """Every menu line fits the width (a table row may wrap; rich wraps it); every
    action's number is still there, in order."""
    for path, players in ((GUFO, None), (UFOLOGY, 4)):
        game, screens = _screens(path, players, 2, width=width, height=200)
        for text, n in screens:
            if not n:
                continue
            menu = text.split(":\n")[-1].splitlines()
            assert max(len(line.rstrip()) for line in menu) <= width - 1, "\n".join(menu)
            assert re.findall(r"\[(\d+)\]", "\n".join(menu)) == [str(k) for k in range(1, n + 1)]


def test_the_story_gives_way_first_and_says_how_much_was_cut():
    game, screens = _screens(GUFO, None, 5, humans=[game_seat := 1])
    first = screens[0][0]
    assert "you are the Radar Operator" in first
    cut = re.search(r"╰─ (\d+) earlier lines: type log ─", first)
    assert cut and int(cut.group(1)) > 0
    # The newest lines are kept: the Radar Operator's turn is the story's last line.
    story = first.split("╰─")[0].splitlines()
    assert story[-1].split("│")[1].strip() == "Radar Operator's turn"
    assert game.seat_titles[game_seat] == "Radar Operator"


def test_the_grouped_menu_of_the_first_radar_decision():
    result, out = play([GUFO, "--as", "radar", "--seed", 5], "quit\n")
    menu = out.split("Radar Operator, take an action:\n")[1].split("Radar Operator>")[0].splitlines()
    assert [" ".join(line.split()) for line in menu] == [
        "Bengal light card 7♥, altitude [1] 2 [2] 3 [3] 4 [4] 6 [5] 7",
        "Radar scanning card 7♥, altitude [6] 2 [7] 3 [8] 4 [9] 5 [10] 6 [11] 7 [12] 8",
        "card J♥, altitude [13] 2 [14] 3 [15] 4 [16] 5 [17] 6 [18] 7 [19] 8",
        "card Q♥, altitude [20] 2 [21] 3 [22] 4 [23] 5 [24] 6 [25] 7 [26] 8",
        "Shoot target [27] clubs ufo [28] diamonds ufo [29] spades ufo",
        "Special Bengal light card J♥, altitude [30] 2 [31] 3 [32] 4 [33] 5 [34] 6 [35] 7 [36] 8",
        "card Q♥, altitude [37] 2 [38] 3 [39] 4 [40] 5 [41] 6 [42] 7 [43] 8",
    ]


# ---- typed words match whole words ------------------------------------------------------------

LABELS = ["Bengal light: card 7♥, altitude 2", "Bengal light: card 7♥, altitude 7",
          "Bengal light: card 8♥, altitude 7", "Radar scanning: card 7♥, altitude 2",
          "Play: card Jamming Signal (1)", "Play: card Jamming Signal (2)", "pass"]


@pytest.mark.parametrize("typed, picked, reason", [
    ("bengal 7 7", 1, ""),            # one 7 for the card, one for the altitude
    ("bengal 8 7", 2, ""),
    ("bengal 7", None, "'bengal 7' matches 3 actions (1, 2, 3): say more, or type the number"),
    ("bengal 2", 0, ""),              # "2" is no part of "altitude 7" or of card 7♥
    ("scan 7 2", 3, ""),              # "scan": the start of "scanning"
    ("s 7 2", None, "no action matches 's 7 2'"),  # one letter: a whole word only
    ("bengal 17", None, "no action matches 'bengal 17'"),
    ("jamming 1", 4, ""),
    ("play 2", 5, ""),
    ("pa", 6, ""),                    # the start of "pass" (not of "Play")
    ("7", 6, ""),                     # a number alone is the action's number
    ("bengal ♥ 7 2", 0, ""),
    ("bengal 7♥ 2", 0, ""),
    ("altitude 7 bengal 8", 2, ""),   # the words in any order
    # a suit spelled out, a rank spelled out, a rank with a suit's letter (play reader)
    ("bengal 7 hearts 2", 0, ""),
    ("bengal 7 heart 7", 1, ""),
    ("bengal 7h 2", 0, ""),
    ("bengal 7c 2", None, "no action matches 'bengal 7c 2'"),
    ("bengal seven 2", None, "no action matches 'bengal seven 2'"),  # (numbers stay digits)
])
def test_typed_words_match_whole_words(typed, picked, reason):
    assert match_action(typed, LABELS) == (picked, reason)


def test_the_order_of_the_words_decides_between_actions_with_the_same_words():
    labels = ["Bengal light: card 7♥, altitude 8", "Bengal light: card 8♥, altitude 7"]
    assert match_action("bengal 7 8", labels) == (0, "")
    assert match_action("bengal 8 7", labels) == (1, "")


@pytest.mark.parametrize("labels, typed, picked, reason", [
    # a fresh reader typed 'chop' at three alike Chopsticks: "matches 3 actions (8, 9, 10)"
    (["Take: card Tempura", "Play: card Chopsticks", "Play: card Chopsticks (2nd copy)",
      "Play: card Chopsticks (3rd copy)"], "chop", 1, ""),
    (["Pick: pair [Tempura, Double Maki]", "Pick: pair [Tempura, Double Maki (2nd copy)]",
      "Pick: pair [Tempura, Squid]"], "tempura maki", 0, ""),
    # not copies of one card: still to be told apart
    (["Pick: pair [Tempura, Double Maki]", "Pick: pair [Tempura, Double Maki (2nd copy)]",
      "Pick: pair [Tempura, Squid]"], "tempura", None, "'tempura' matches 3 actions (1, 2, 3): say more, or type "
                                                       "the number"),
    (["Play: card Coin", "Play: card Coin Purse"], "coin", None,
     "'coin' matches 2 actions (1, 2): say more, or type the number"),
])
def test_words_that_match_only_copies_of_one_card_pick_the_first(labels, typed, picked, reason):
    assert match_action(typed, labels) == (picked, reason)


BIDS = ["Bid: tricks 0", "Bid: tricks 1", "Bid: tricks 2", "Bid: tricks 4", "Bid: tricks 5"]  # (3 barred)


@pytest.mark.parametrize("labels, typed, picked, reason", [
    # a menu of one action's numbers: a number typed is the value (a fresh reader typed 3,
    # the bid barred, at `[1] 0 [2] 1 [3] 2 [4] 4 [5] 5`, and bid 2: action 3)
    (BIDS, "3", None, "3 is not offered: choose 0, 1, 2, 4 or 5"),
    (BIDS, "2", 2, ""),
    (BIDS, "0", 0, ""),
    (BIDS, "tricks 4", 3, ""),
    (["2", "4", "6"], "4", 1, ""),  # a chosen number (`chooses one of [2, 4, 6]`)
    (["2", "4", "6"], "1", None, "1 is not offered: choose 2, 4 or 6"),
    # other menus keep the action's number: names with numbers, two actions, one entry
    (["player 2", "player 3", "player 4"], "2", 1, ""),
    (BIDS + ["Pass"], "3", 2, ""),
    (["Bid: tricks 4"], "1", 0, ""),
])
def test_a_number_typed_in_a_menu_of_numbers_is_the_number(labels, typed, picked, reason):
    assert match_action(typed, labels) == (picked, reason)


def test_a_menu_of_numbers_lists_them_alone_and_others_keep_their_brackets():
    def shown(values, title="Bid"):
        entries = [Entry(i, title, (), "tricks", v) for i, v in enumerate(values, 1)]
        return [line.plain for line in menu_lines(entries, 80)]
    assert shown(["0", "1", "2", "4", "5"]) == ["  Bid  tricks  0  1  2  4  5"]
    assert shown(["0", "one"]) == ["  Bid  tricks  [1] 0  [2] one"]


def test_a_typed_word_picks_in_play(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", 5, "--log", log], "bengal 7 7\nquit\n")
    assert result.exit_code == 0, out
    picked = [json.loads(x) for x in log.read_text().splitlines() if '"seat": "radar"' in x]
    assert [d["action"] for d in picked] == ["bengal_light(card=7♥, altitude=7)"]


# ---- card texts in play -----------------------------------------------------------------------

def test_cards_and_card_name_in_ufology():
    typed = "cards\ncard tractor\ncard jamming signal (1)\ncard the\ncard zzz\ncard\nquit\n"
    result, out = play([UFOLOGY, "--players", 4, "--as", 1, "--seed", 3], typed)
    assert result.exit_code == 0 and "Traceback" not in out
    cards = out.split("╭─ Cards ")[1].split("╰")[0]
    rows = [line.strip("│ ").rstrip(" │") for line in cards.splitlines()[1:]]
    assert rows[0] == "Lights in the Sky (7 copies): type CE1. Worth 1 as your first CE1 archived, 2 as your second, and so on."
    assert sum(1 for r in rows if re.match(r"[A-Z][^:]*(\(\d+ copies\))?: type ", r)) == 29  # every kind
    assert ("Tractor Beam (2 copies): type CE4, value 4. Active: you score 2 more. Trash: take a random card "
            "from an opponent's hand.") in " ".join(out.split())
    assert ("Jamming Signal (2 copies): type CE4, value 4. Active: each opponent's hand size is 1 less. "
            "Trash: look at an opponent's hand.") in " ".join(out.split())
    assert "'the' matches 11 cards (Lights in the Sky, The Missing Hours, The Landing Site," in out
    assert "no card matches 'zzz' (cards lists them)" in out
    assert "card NAME tells one card: type, for example, card Lights in the Sky" in out
    # after each, the table and the menu again (7 prompts: six commands and quit)
    assert out.count("player 1, take an action:") == 7 and out.count("player 1>") == 7


def test_card_name_in_gufo_a_deck_without_texts():
    typed = "cards\ncard q♥\ncard q\ncard queen of hearts\ncard qh\ncard k spades\nquit\n"
    result, out = play([GUFO, "--as", "radar", "--seed", 5], typed)
    assert result.exit_code == 0
    assert "52 cards, none with a text: A♣ 2♣ 3♣" in out
    # q♥, then 'queen of hearts' and 'qh' without the suit's symbol
    assert out.count("Q♥: rank Q, suit hearts, color red, value 12") == 3
    assert "K♠: rank K, suit spades, color black, value 13" in out
    assert "'q' matches 4 cards (Q♣, Q♦, Q♥, Q♠): say more" in out


# ---- the seed is the whole deal ---------------------------------------------------------------

SEED = 918273645


@pytest.mark.parametrize("args, again", [([GUFO, "--as", "radar"], "--as radar"),
                                         ([GUFO, "--as", "radar,invader"], "--as radar,invader"),
                                         ([UFOLOGY, "--players", 4, "--humans", 2], "--players 4 --humans 2")])
def test_no_screen_before_the_end_shows_the_seed(args, again, tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([*args, "--seed", SEED, "--log", log], "\n1\n" * 600)  # (Enter at each hand-over)
    assert result.exit_code == 0 and "Game over:" in out
    before, _, after = out.partition("Game over:")
    assert str(SEED) not in before
    assert "seed" not in out.splitlines()[0]  # the banner
    # the command is one line, whatever the length of the checkout's path (at 120 columns,
    # a path of 23 to 56 characters put `--seed` or the flags after it on a line of their own)
    assert out.splitlines()[-2:] == [f"log written to {log}", f"(the same deal again: ruleforge play {args[0]} "
                                     f"--seed {SEED} {again})"]
    assert json.loads(log.read_text().splitlines()[0])["seed"] == SEED  # the log keeps it


def test_the_same_deal_again_is_one_line_however_long_the_paths(tmp_path):
    # (the checkout's path decides where a wrapped line breaks: a long rule file's path, here)
    deep = tmp_path / ("a-folder-with-a-long-name-" * 5)
    deep.mkdir()
    path = deep / "gufo.rules"
    path.write_bytes(Path(GUFO).read_bytes())
    result, out = play([path, "--as", "radar", "--seed", SEED], "1\n" * 400)
    assert result.exit_code == 0 and "Game over:" in out
    assert out.splitlines()[-1] == f"(the same deal again: ruleforge play {path} --seed {SEED} --as radar)"


def test_a_random_seed_is_shown_only_at_the_end(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--log", log], "1\n" * 400)
    seed = json.loads(log.read_text().splitlines()[0])["seed"]
    assert str(seed) not in out.partition("Game over:")[0]
    assert out.splitlines()[-1].endswith(f"--seed {seed} --as radar)")


def test_a_game_stopped_early_keeps_the_seed_in_the_log_only(tmp_path):
    log = tmp_path / "g.jsonl"
    result, out = play([GUFO, "--as", "radar", "--seed", SEED, "--log", log], "1\nquit\n")
    assert result.exit_code == 0 and "Game stopped." in out
    assert str(SEED) not in out
    assert json.loads(log.read_text().splitlines()[0])["seed"] == SEED


def test_show_seed_puts_it_in_the_banner():
    result, out = play([GUFO, "--as", "radar", "--seed", SEED, "--show-seed"], "quit\n")
    assert out.splitlines()[0] == f"gUFO · seed {SEED} · you play: Radar Operator  (type help for help)"


def test_a_story_of_100000_lines_is_measured_only_as_far_as_the_screen_shows_it():
    # A loop that changes a counter at each step tells 100,000 lines before a decision:
    # the panel measured every line's height to keep the newest that fit (seconds a
    # screen); it measures from the newest up, and stops where the room ends.
    game = ruleforge.load(GUFO)
    console = Console(width=120, height=40, record=True, file=io.StringIO(), color_system=None)
    tg = TerminalGame(game, 1, [0], parse_agents(None, game), console, lambda prompt: "", 0, None, height=40)
    measured = []
    render = console.render_lines
    console.render_lines = lambda *a, **k: measured.append(1) or render(*a, **k)
    lines = [f"n: {i} → {i + 1}" for i in range(100_000)]
    assert tg._panel(lines, "Since your last move", room=12) == 12  # (2 of its rows are the border)
    assert len(measured) == 13  # the 10 lines shown, the one that did not fit, and 2 as the panel is printed
    shown = console.export_text()
    assert "99,990 earlier lines: type log" in shown
    assert shown.count("→") == 10 and "n: 99999 → 100000" in shown and "n: 99989 → 99990" not in shown


def test_log_keeps_only_the_lines_it_shows():
    # `log` shows the last LOG_LINES lines; a person's history kept every line the game
    # told them (a loop telling 900 lines a turn, for a whole game: gigabytes).
    from ruleforge.drivers.terminal import LOG_LINES
    game = ruleforge.load(GUFO)
    console = Console(width=120, height=40, record=True, file=io.StringIO(), color_system=None)
    tg = TerminalGame(game, 1, [0], parse_agents(None, game), console, lambda prompt: "", 0, None, height=40)
    tg.history[0].extend(f"line {i}" for i in range(100_000))
    assert len(tg.history[0]) == LOG_LINES == 200
    panel = tg._command(0, "log", "log", [])
    assert panel.renderable.plain.splitlines() == [f"line {i}" for i in range(99_800, 100_000)]


# ---- what a decision is called ------------------------------------------------------------

SPADES = str(ROOT / "examples" / "spades.rules")
CLIMBING = str(ROOT / "examples" / "climbing.rules")


def test_a_menu_of_one_action_is_named_after_it_and_the_log_keeps_the_prompt(tmp_path):
    # `p takes bid`: the screen said "player 1, take an action:" over a menu of bids alone
    log = tmp_path / "g.jsonl"
    result, out = play([SPADES, "--as", "1", "--seed", 3, "--log", log], "3\nquit\n")
    assert result.exit_code == 0
    lines = out.splitlines()
    at = lines.index("player 1, Bid:")
    assert lines[at + 1] == "  Bid  tricks  0  1  2  3  4  5  6  7  8  9  10  11  12  13"
    assert [line for line in lines if line.startswith("player 1, ")] == ["player 1, Bid:", "player 1, Play a card:"]
    assert "take an action" not in out
    # the log records the engine's prompt, as every log before (tests/golden.py)
    decisions = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert {d["prompt"] for d in decisions if d["type"] == "decision"} == {"take an action"}


def test_a_step_of_one_action_and_the_whole_menu(tmp_path):
    # Climbing: `current takes play_set or passes` leads; gUFO's turn offers the whole menu
    result, out = play([CLIMBING, "--as", "1", "--seed", 3], "quit\n")
    assert result.exit_code == 0 and out.splitlines()[-4:-2] == ["player 1, Play a single, a pair or a triple:",
                                                                 "  [1] pass"]
    result, out = play([GUFO, "--as", "radar", "--seed", 5], "quit\n")
    assert result.exit_code == 0 and "Radar Operator, take an action:" in out
