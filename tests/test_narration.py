"""Narration and statistics (issue 13, item 9): counts in words ('1 card'), tie wording,
counters narrated only when marked `shown`, and the starting-seat line measured from the
seat that took the first turn."""

from __future__ import annotations

from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.narrate import Narrator, winners_text
from ruleforge.drivers.simulate import GameSpec, run_games, summarize
from ruleforge.lang.plural import count
from ruleforge.testing import play

ROOT_GAMES = Path(__file__).resolve().parents[1] / "games"

COUNTERS = """\
game "Counters"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone pile: pile, face up
counter score per player = 0{shown}
counter moves = 0

setup:
    move top of deck to pile
    shuffle pile

turn:
    current takes an action

action gain "score":
    increase score of current by 2
    increase moves by 1
    end the game with done

ending done "a point was scored": current wins
"""


def load(tmp_path, text, name="t.rules"):
    path = tmp_path / name
    path.write_text(text)
    return ruleforge.load(path), path


def narration(game, *moves):
    st = game.new(0, record=True)
    play(st, *moves)
    return Narrator(game).lines(st.record)


def test_counts_are_said_in_words():
    assert [count(0, "card"), count(1, "card"), count(2, "card"), count(1, "copy", "copies"),
            count(3, "copy", "copies")] == ["0 cards", "1 card", "2 cards", "1 copy", "3 copies"]


def test_a_shuffle_of_one_card_says_one_card(tmp_path):
    game, _ = load(tmp_path, COUNTERS.format(shown=""))
    assert narration(game, "gain")[1] == "    pile shuffled (1 card)"


def test_winners_are_worded_for_one_several_and_none():
    name = {0: "player 1", 1: "player 2", 2: "player 3"}.get
    assert winners_text((0,), name) == "Winner: player 1"
    assert winners_text((0, 2), name) == "Winners: player 1 and player 3"
    assert winners_text((0, 1, 2), name) == "Winners: player 1, player 2 and player 3"
    assert winners_text((), name) == "Winner: nobody"


def test_without_a_shown_counter_every_counter_is_narrated(tmp_path):
    game, _ = load(tmp_path, COUNTERS.format(shown=""))
    assert narration(game, "gain")[-5:] == [
        "  ▸ player 1: score",
        "    score of player 1: 0 → 2",
        "    moves: 0 → 1",
        "    = score of player 1 2 · score of player 2 0 · moves 1",
        "Game over: a point was scored. Winner: player 1.",
    ]


def test_once_a_counter_is_shown_only_the_shown_ones_are_narrated(tmp_path):
    game, _ = load(tmp_path, COUNTERS.format(shown=", shown"))
    assert narration(game, "gain")[-4:] == [
        "  ▸ player 1: score",
        "    score of player 1: 0 → 2",
        "    = score of player 1 2 · score of player 2 0",
        "Game over: a point was scored. Winner: player 1.",
    ]
    # the counter is still there for the rules, the view and tests
    st = game.new(0)
    play(st, "gain")
    assert st.counter("moves") == 1
    assert dict(st.view(None).counters)["moves"] == 1


QUIET_TURNS = COUNTERS.replace("    end the game with done\n", "    if moves = 3:\n        end the game with done\n") + """
action wait "wait":
    say "waits"
"""


def test_where_things_stand_is_told_again_only_once_it_changed(tmp_path):
    # a trick game's shown counters were told after every card played, though no card
    # played changed them (a fresh reader's Oh Hell: nine counters, fifteen times a hand)
    game, _ = load(tmp_path, QUIET_TURNS.format(shown=", shown"))
    lines = narration(game, "wait", "gain", "wait", "wait", "gain", "gain")
    assert [line for line in lines if line.startswith("    = ")] == [
        "    = score of player 1 0 · score of player 2 0",  # (after setup)
        "    = score of player 1 0 · score of player 2 2",
        "    = score of player 1 2 · score of player 2 2",
        "    = score of player 1 2 · score of player 2 4",
    ]


@pytest.mark.parametrize("shown, listed", [(", shown", ["score of player 1 0", "score of player 2 0"]),
                                            ("", ["score of player 1 0", "score of player 2 0", "moves 0"])])
def test_the_play_screen_and_the_web_page_list_the_shown_counters(tmp_path, shown, listed):
    # they listed every counter, bookkeeping too, whatever the file marked
    from ruleforge.drivers.serve.drawing import pieces_elsewhere
    from ruleforge.drivers.table import table_parts
    game, _ = load(tmp_path, COUNTERS.format(shown=shown))
    st = game.new(0)
    assert pieces_elsewhere(game, st.view(0)) == listed
    numbers = table_parts(game, st, 0)[2]
    assert str(numbers) == "  " + " · ".join(listed)


def test_once_a_counter_is_shown_a_per_card_counter_is_narrated_only_when_shown(tmp_path):
    """A per-card counter is bookkeeping as often as not (found writing Scopa from the docs:
    'capturable of K♦: 0 → 1' was narrated though the file marked its scores shown)."""
    text = COUNTERS.replace("counter moves = 0", "counter moves = 0\ncounter marks per card = 0{card}").replace(
        "    increase moves by 1", "    increase moves by 1\n    for each c in pile:\n        set c.marks to 1")
    game, _ = load(tmp_path, text.format(shown=", shown", card=""))
    assert [line for line in narration(game, "gain") if "marks" in line] == []
    game, _ = load(tmp_path, text.format(shown=", shown", card=", shown"), name="u.rules")
    assert [line.strip() for line in narration(game, "gain") if "marks" in line] == [
        f"marks of {game.cards[game.new(0).zones[game.zone_inst('pile').index][0]].name}: 0 → 1"]


def test_shown_is_only_a_counter_option(tmp_path):
    from ruleforge import RuleFileError
    with pytest.raises(RuleFileError) as e:
        load(tmp_path, COUNTERS.format(shown=", hidden"))
    d = e.value.diagnostics[0]
    # (it said "unexpected name hidden / expected 'shown'", as if shown were a visibility switch)
    assert (d.span.line, d.span.column) == (6, 31)
    assert d.message == ("counters are public: every seat sees every counter ('shown' only picks the ones the "
                         "narration and the play screen print), so a number only its owner may know cannot be a "
                         "counter")
    assert d.hint.startswith("only cards are secret: a quantity worked out from the cards of a private hand")


START = """\
game "High card starts"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand

define strength of p = (top of hand of p).value

# "Each player draws a card; the higher card plays first (on a tie, the later player)."
setup:
    shuffle deck
    for each p in players:
        move top of deck to hand of p
    for each p in players with the highest strength:
        p takes the next turn

turn:
    current takes an action

action win "win":
    end the game with won

action lose "lose":
    end the game with lost

ending won "the first player wins": current wins
ending lost "the first player gives up": opponents of current win
"""


def test_the_first_seat_line_measures_the_seat_that_started(tmp_path, ruleforge_cmd):
    game, path = load(tmp_path, START)
    outcomes = run_games(GameSpec(str(path), {}, None, None, 1), 40)
    f = summarize(game, outcomes)["first_seat"]
    # seat 2 started 28 of the 40 games; the starter won 22 of them
    assert f["starters"] == {"1": 12, "2": 28}
    assert f["win_share"] == pytest.approx(0.55)
    assert sum(o.winners == (0,) for o in outcomes) / 40 == 0.25  # what 'seat 1' would have said
    ran = ruleforge_cmd("run", path, "--games", 40, "--seed", 1, "--jobs", 1)
    assert ("Starting-seat advantage: the seat that took the first turn (seat 1 in 12 games, seat 2 in 28 games) "
            "takes 55.0% [39.8, 69.3] of the wins") in " ".join(ran.out.split())


def test_the_first_seat_line_is_unchanged_when_seat_1_always_starts(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path, COUNTERS.format(shown=""))
    ran = ruleforge_cmd("run", path, "--games", 10, "--seed", 1, "--jobs", 1)
    # (a Wilson interval, as the win table's: 10 wins of 10 do not make 100% certain)
    assert "Starting-seat advantage: seat 1 takes 100.0% [72.2, 100.0] of the wins" in " ".join(ran.out.split())


def test_replay_says_one_decision(tmp_path, ruleforge_cmd):
    _, path = load(tmp_path, COUNTERS.format(shown=""))
    log = tmp_path / "g.jsonl"
    assert ruleforge_cmd("run", path, "--seed", 1, "--log", log).code == 0
    ran = ruleforge_cmd("replay", log, "--quiet")
    assert ran.out.strip().endswith("reproduced exactly: the game, 1 decision, the same deal and result")


def test_being_done_choosing_says_what_for(ruleforge_cmd):
    # "▸ player 2: done" said nothing of what was chosen; a choice says "(to discard)"
    from pathlib import Path
    ran = ruleforge_cmd("run", Path(__file__).parents[1] / "games" / "ufology.rules", "--players", 4, "--seed", 1)
    assert "  ▸ player 2: done (to resolve as if taken again)" in ran.lines
    assert "  ▸ player 2: done" not in ran.lines


POOL = """game "Pool"
players 3
cards: standard deck in deck
zone deck: pile
zone pool "the pool": pile, face down
zone discard: pile, face up
zone hand per player "hand": hand
counter rounds = 0
setup:
    shuffle deck
    deal 4 cards from deck to hand of each player
turn:
    let c = current chooses a card in hand of current "to offer"
    move c to pool
    if count of pool = 3:
        shuffle pool
        reveal cards in pool
        move cards in pool to discard
        increase rounds by 1
ending done "four offerings": nobody wins when rounds = 4
"""


def test_a_choice_is_told_as_the_seat_knew_it_when_it_was_made(tmp_path):
    # Everyone offers a card face down to a pool, which is shuffled and then revealed:
    # nobody may learn who offered which. A seat's telling named another's choice by
    # what the seat knew once the pool was turned over ("player 3 chooses 3♣").
    game, _ = load(tmp_path, POOL)
    st = game.new(3, record=True)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    told = Narrator(game, 0, st).lines(st.record)
    chose = [line for line in told if " chooses " in line]
    assert chose[1:] == ["  ▸ player 2 chooses a card (to offer)", "  ▸ player 3 chooses a card (to offer)"]
    assert chose[0].startswith("  ▸ player 1 chooses ") and "a card" not in chose[0]  # its own choice
    assert sum(line.startswith("    revealed: ") for line in told) == 3  # (the cards are known by then)


LOOK = """game "Look"
players 3
cards: standard deck in deck
zone deck: pile
zone hand per player "hand": hand
counter looks = 0
setup:
    shuffle deck
    deal 2 cards from deck to hand of each player
turn:
    if current = player 1:
        let c = player 1 chooses a card from hand of player 2, unseen "to peek at"
        player 1 looks at c
    increase looks by 1
ending done "one look": nobody wins when looks = 1
"""


def test_a_look_is_told_naming_the_card_to_who_knows_it(tmp_path):
    # `looks at` was told nowhere, not even to the seat that looked
    game, _ = load(tmp_path, LOOK)
    st = game.new(2, record=True)
    st.apply(st.legal_actions()[0])
    card = next(name for name in st.cards_in("hand", "player 2") if st.knows(0, name))
    lines = {seat: [x for x in Narrator(game, seat, st).lines(st.record) if "looks at" in x] for seat in (None, 0, 1, 2)}
    assert lines[None] == lines[0] == lines[1] == [f"    player 1 looks at {card}"]  # the owner knew it
    assert lines[2] == ["    player 1 looks at a card"]


def test_a_card_the_seat_did_not_see_is_told_without_repeating_its_parameter():
    # `play` told another seat's archive as "player 1: Archive: card a card"
    game = ruleforge.load(ROOT_GAMES / "ufology.rules", players=2)
    st = game.new(3)
    assert st.current_player == 0
    archive = next(a for a in st.legal_actions() if str(a).startswith("archive("))
    card = str(archive)[len("archive(card="):-1]
    # (the seat's narrator names a copy without its number, "Physical Trace": no seat can tell copies apart)
    assert Narrator(game, 0, st).action(archive) == f"Archive: card {game.seen_names[game.card_index[card]]}"
    assert Narrator(game, None, st).action(archive) == f"Archive: card {card}"
    assert Narrator(game, 1, st).action(archive) == "Archive: a card"
    # a parameter with another name keeps it; one of several keeps it too
    assert Narrator._named_arg("old", "a card", 2) == "old (a card)"
    assert Narrator._named_arg("c", "a card", 1) == "a card"
    assert Narrator._named_arg("old", "7♣", 2) == "old 7♣"


def test_a_look_at_nothing_is_not_told(tmp_path):
    # Government Files looks at every opponent's agenda; at one already archived it said
    # "player 3 looks at " and nothing more
    from ruleforge.runtime.events import Looked
    game, _ = load(tmp_path, LOOK)
    assert Narrator(game).lines([Looked(2, (), ())]) == []
    assert Narrator(game, 1).lines([Looked(2, (5,), (-1,))]) == [f"    player 3 looks at {game.cards[5].name}"]


ROWS = """game "Rows"
players 2
cards: standard deck in deck
zone deck "the deck": pile, face down
zone rows "row": row of 3 slots

setup:
    move top 2 cards of deck to rows slot 1
    move top of deck to rows slot 2

turn:
    current takes an action

action step "Step":
    move top of deck to rows slot 3

ending done "done": nobody wins when count of deck < 48
"""


def test_a_rows_slots_of_several_cards_are_told_apart(ruleforge_cmd, tmp_path):
    # (a fresh reader's 6 nimmt! read `row 1:15 27 30 33 2:10 23`: the slots ran together)
    path = tmp_path / "rows.rules"
    path.write_text(ROWS, encoding="utf-8")
    r = ruleforge_cmd("run", path, "--seed", 1)
    assert r.code == 0, r.err
    assert [line for line in r.lines if line.startswith("    = ")] == [
        "    = row 1:K♠ Q♠ | 2:J♠ | 3:·", "    = row 1:K♠ Q♠ | 2:J♠ | 3:10♠", "    = row 1:K♠ Q♠ | 2:J♠ | 3:10♠ 9♠"]
