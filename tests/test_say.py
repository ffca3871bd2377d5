"""`say` texts are worked out only when the game is told (a record: `run`, a log, `play`,
`replay`) or checked (`check --deep`), never to the game's cost: a told game is the game
nobody reads, decision for decision, and a simulation or a search skips the texts.

The rule file's texts draw a random card and read a quantity (work), so a text that
changed the game would show; one of its texts reads a card that is not there."""

from __future__ import annotations

import pytest

import ruleforge
from ruleforge.runtime.events import Said
from ruleforge.runtime.values import RuleError

TOLD = """\
game "Told"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
zone table "the table": row of 2 slots
counter n = 0
quantity held of p: count of hand of p
setup:
    shuffle deck
turn:
    if current chooses "draw" over "wait":
        say "{current} draws; from the deck: {random card in deck}, held: {held of current}"
        shuffle deck
        move top of deck to hand of current
    else:
        say "{current} waits over {(the card in table slot 2).rank}"
    increase n by 1
ending done "ten turns": nobody wins when n = 10
"""


@pytest.fixture(scope="module")
def told(tmp_path_factory):
    path = tmp_path_factory.mktemp("say") / "told.rules"
    path.write_text(TOLD)
    return path


def draws(game, seed: int, **kw):
    """A game where every player always draws: (the state, its hands after each decision)."""
    st = game.new(seed, **kw)
    hands = []
    while not st.is_over:
        st.apply(next(a for a in st.legal_actions() if a.name == "draw"))
        hands.append(st.cards_in("hand", 0) + st.cards_in("hand", 1))
    return st, hands


def test_a_told_game_is_the_game_nobody_reads(told):
    game = ruleforge.load(told)
    for seed in range(5):
        quiet, quiet_hands = draws(game, seed)
        st, hands = draws(game, seed, record=True)
        assert hands == quiet_hands  # the text's random draw was given back
        assert st.rng == quiet.rng and st.steps == quiet.steps and st.work == quiet.work
        said = [e.text for e in st.record if isinstance(e, Said)]
        assert len(said) == 10 and said[0].startswith("player 1 draws; from the deck: ")
        assert said[0].endswith(", held: 0") and said[1].endswith(", held: 0") and said[2].endswith(", held: 1")


def test_a_text_is_worked_out_only_when_someone_reads_it(told):
    game = ruleforge.load(told)
    # waiting reads the card in an empty slot: a mistake, found only where texts are read
    for kw in ({}, {"stats": True}, {"watch": lambda st: None}):
        st = game.new(3, **kw)
        while not st.is_over:
            st.apply(next(a for a in st.legal_actions() if a.name == "wait"))
        assert st.counter("n") == 10
    for kw in ({"record": True}, {"strict": True}):
        st = game.new(3, **kw)
        with pytest.raises(RuleError) as e:
            st.apply(next(a for a in st.legal_actions() if a.name == "wait"))
        assert e.value.message == "there is no card here to read its rank"
        assert e.value.rule == "turn" and (e.value.span.line, e.value.span.column) == (17, 36)  # the expression in the text that failed
    # a clone of a told game is a board to explore: no observer, no texts
    st = game.new(3, record=True)
    other = st.clone()
    other.apply(next(a for a in other.legal_actions() if a.name == "wait"))
    assert other.counter("n") == 1


def test_run_and_check_deep_stop_at_a_text_that_fails_and_a_simulation_plays_on(ruleforge_cmd, told):
    r = ruleforge_cmd("run", told, "--seed", 3)
    assert r.code == 1
    assert r.err.startswith(f"{told}:17:36: error: there is no card here to read its rank\n"
                            '            say "{current} waits over {(the card in table slot 2).rank}"\n')
    r = ruleforge_cmd("check", "--deep", told, "--out", told.with_suffix(".jsonl"))
    assert r.code == 1
    assert (f"{told}:17:36: error: taking 'wait' at decision 1 stops the game on an error: there is no card "
            "here to read its rank\n") in r.out + r.err
    r = ruleforge_cmd("replay", told.with_suffix(".jsonl"), "--quiet")  # the counterexample stops there too
    assert "up to the step where the deep check failed (taking 'wait' at decision 1" in r.out
    r = ruleforge_cmd("run", told, "--games", 40)
    assert r.code == 0 and "done" in r.out


def test_the_generated_source_works_out_a_text_only_for_a_watched_state(ruleforge_cmd, told):
    r = ruleforge_cmd("compile", told)
    said = [line.strip() for line in r.out.splitlines() if "say(" in line]
    assert len(said) == 2 and all(line.startswith("if st.observer is not None: say(st, lambda: ") for line in said)


def test_a_log_that_stopped_at_a_text_replays_to_the_same_error_told_or_not(ruleforge_cmd, told, tmp_path):
    log = tmp_path / "told.jsonl"
    assert ruleforge_cmd("run", told, "--seed", 3, "--log", log).code == 1
    for quiet in (("--quiet",), ()):
        r = ruleforge_cmd("replay", log, *quiet)
        assert r.code == 1
        assert r.out.endswith(f"{log}: reproduced exactly: the game, 1 decision, the same deal, and the same error it "
                              "stopped on: in rule 'turn' (line 17): there is no card here to read its rank\n")


SHOWN = """\
game "Shown"
players 2
cards: standard deck with 2 jokers in deck
zone deck: pile
zone hand per player: hand
counter s: suit
define deep = {deep}
turn:
    move top of deck to hand of current
    for each j in cards in deck where j.suit is none:
        say "suit {{j.suit}} of {{j}}; s={{s}}; lists {{[[1, 2], [], [3]]}}; cards {{[[j], []]}}; deep {{deep}}"
ending e: nobody wins when deck is empty
"""


def test_what_a_text_shows_of_an_empty_symbol_and_of_lists_of_lists(tmp_path):
    """A joker's suit and a symbol counter not set are shown as 'none', as narration
    shows them (they printed 'None'); a list of lists joins each list with commas, an
    empty one 'none'; and one 100 deep still compiles (a list 67 deep in a text gave
    "too many nested parentheses": three brackets a level)."""
    path = tmp_path / "shown.rules"
    path.write_text(SHOWN.format(deep="[" * 100 + "7" + "]" * 100))
    st = ruleforge.load(path).new(3, record=True)
    said = [e.text for e in st.record if isinstance(e, Said)]
    assert said[0] == "suit none of Joker (1); s=none; lists 1, 2, none, 3; cards Joker (1), none; deep 7"


WHISPER = """\
game "Whisper"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
zone table "the table": pile, face up
counter n = 0
setup:
    shuffle deck
turn:
    if current chooses "draw" over "show":
        let c = top of deck
        move c to hand of current
        say "{current} draws {c}"
    else:
        let c = top of deck
        move c to table
        say "{current} shows {c}; holds {cards in hand of current}"
    increase n by 1
when the game ends:
    for each p in players:
        say "{p} held {cards in hand of p}"
ending done "four turns": nobody wins when n = 4
"""


def whisper(tmp_path) -> ruleforge.Game:
    path = tmp_path / "whisper.rules"
    path.write_text(WHISPER)
    return ruleforge.load(path)


def test_a_said_card_is_told_to_each_seat_as_it_knew_the_card(tmp_path):
    # a `say` went to every seat as written: "player 1 draws 7♠" named player 1's hidden
    # card to player 2, in play, serve and replay --as
    from ruleforge.drivers.narrate import Narrator
    game = whisper(tmp_path)
    st = game.new(1, record=True)
    for choice in ("draw", "draw", "show", "draw"):
        st.apply(next(a for a in st.legal_actions() if a.name == choice))
    said = [e for e in st.record if isinstance(e, Said)]
    assert [e.text for e in said] == ["player 1 draws 7♠", "player 2 draws 9♥", "player 1 shows 2♠; holds 7♠",
                                      "player 2 draws 3♥", "player 1 held 7♠", "player 2 held 9♥, 3♥"]

    def told(seat):
        return [line for line in Narrator(game, seat, st).lines(said)]
    assert told(None) == [f"    — {e.text}" for e in said]  # the designer's telling names every card
    assert told(0) == ["    — player 1 draws 7♠", "    — player 2 draws a card", "    — player 1 shows 2♠; holds 7♠",
                       "    — player 2 draws a card", "    — player 1 held 7♠", "    — player 2 held a card, a card"]
    assert told(1) == ["    — player 1 draws a card", "    — player 2 draws 9♥",
                       "    — player 1 shows 2♠; holds a card", "    — player 2 draws 3♥",
                       "    — player 1 held a card", "    — player 2 held 9♥, 3♥"]
    # each name's place in the text, and who knew the card then (a face-up card: -1)
    index = [c.name for c in game.cards].index
    assert said[2].cards == ((15, 17, index("2♠"), -1), (25, 27, index("7♠"), 1))


def test_the_served_end_tally_names_only_what_the_seat_knew(tmp_path):
    from ruleforge.drivers.agents import parse_agents
    from ruleforge.drivers.serve.table import Table
    game = whisper(tmp_path)
    table = Table(game, 1, [0], parse_agents(None, game), [])
    while not table.st.is_over:
        table.st.apply(next(a for a in table.st.legal_actions() if a.name == "draw"))
        table._collect()
    # (the tally: what the rules said after the last decision)
    assert table.message(0)["over"]["tally"] == ["player 2 draws a card", "player 1 held 7♠, 2♠",
                                                 "player 2 held a card, a card"]
    assert table.message(None)["over"]["tally"] == ["player 2 draws a card", "player 1 held a card, a card",
                                                    "player 2 held a card, a card"]


@pytest.mark.parametrize("text, column, message", [
    ("a {} b", 16, "this {...} in a text is not an expression"),  # at the brace, not left of the line
    ("a {+} b", 17, "this {...} in a text is not an expression"),
    ("c {count of deck d", 16, "this '{' has no '}' to close it"),  # was said as written
    ("c count} d", 21, "this '}' closes no '{'"),
    ("c {{count of deck}} d", 16, "this '{' has no '}' to close it"),
])
def test_a_brace_of_a_text_that_holds_no_expression_is_placed_and_named(text, column, message):
    from ruleforge import RuleFileError
    from ruleforge.load import check_source
    source = TOLD.replace('        say "{current} draws;', f'        say "{text}"\n        say "{{current}} draws;')
    with pytest.raises(RuleFileError) as e:
        check_source("t.rules", source.encode())
    assert [(d.span.line, d.span.column, d.message) for d in e.value.diagnostics] == [(13, column, message)]


MURMUR = """\
game "Murmur"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
zone table "the table": pile, face up
counter n = 0
define worth of p = sum of c.value for each c in hand of p
turn:
    let c = top of deck
    if n < 2:
        move c to hand of current
    else:
        move c to table
    say "{current} takes {c}: {c.suit}, worth {c.value}; hand worth {worth of current} in {count of hand of current} cards; highs {the 1 highest of d.value for each d in hand of current}"
    increase n by 1
ending done "three turns": nobody wins when n = 3
"""


def test_a_value_read_from_a_hidden_card_is_told_only_to_the_seats_that_knew_it(tmp_path, ruleforge_cmd):
    # `say "... {c.value}"` told every seat the value of a card drawn into a hand; now a
    # value (an attribute, a sum over a hand through a definition, the highest of a
    # hand) is told only to a seat that knew every card it read; a zone's size stays told
    from ruleforge.drivers.narrate import Narrator
    path = tmp_path / "murmur.rules"
    path.write_text(MURMUR)
    game = ruleforge.load(path)
    st = game.new(0, record=True)  # the deck unshuffled: K♠, Q♠, J♠ on top
    said = [e for e in st.record if isinstance(e, Said)]
    full = ["player 1 takes K♠: spades, worth 13; hand worth 13 in 1 cards; highs 13",
            "player 2 takes Q♠: spades, worth 12; hand worth 12 in 1 cards; highs 12",
            "player 1 takes J♠: spades, worth 11; hand worth 13 in 1 cards; highs 13"]  # J♠ to the table
    assert [e.text for e in said] == full

    def told(seat):
        return [line.removeprefix("    — ") for line in Narrator(game, seat, st).lines(said)]
    assert told(None) == full
    assert told(0) == [full[0], "player 2 takes a card: a hidden suit, worth a hidden value; hand worth a hidden "
                                "number in 1 cards; highs hidden values", full[2]]
    assert told(1) == ["player 1 takes a card: a hidden suit, worth a hidden value; hand worth a hidden number in 1 "
                       "cards; highs hidden values", full[1],
                       "player 1 takes J♠: spades, worth 11; hand worth a hidden number in 1 cards; highs hidden values"]
    # each value's place, who knew all its cards (a bit per seat), and what the others read
    assert said[0].values == ((19, 25, 1, "a hidden suit"), (33, 35, 1, "a hidden value"),
                              (48, 50, 1, "a hidden number"), (69, 71, 1, "hidden values"))
    assert said[2].values == ((48, 50, 1, "a hidden number"), (69, 71, 1, "hidden values"))  # J♠ face up: told
    # a log replayed as a seat tells it the same way
    log = tmp_path / "murmur.jsonl"
    assert ruleforge_cmd("run", path, "--seed", 0, "--log", log).code == 0
    r = ruleforge_cmd("replay", log, "--as", "player 2")
    assert "    — player 1 takes a card: a hidden suit, worth a hidden value; hand worth a hidden number" in r.out
    assert "13" not in r.out.replace("player 2 takes", "")
    # check --deep warns of the first text some seat is told with a hole, where it is said:
    # nothing leaks (that seat reads the hole), but a line meant for all may be misplaced
    r = ruleforge_cmd("check", "--deep", path, "--out", tmp_path / "murmur.counterexample.jsonl")
    assert r.code == 0 and r.out.endswith("\ndeep check: 100 games (seed 0): invariants, card conservation, termination "
                                          "within 500 decisions, offered actions, views and replay: all hold, 1 warning\n")
    assert r.err == (f"{path}:15:5: warning: 'spades' in the text said here is worked out from cards player 2 did "
                     f"not know, so that seat is told 'player 1 takes a card: a hidden suit, worth a hidden value; "
                     "hand worth a hidden number in 1 cards; highs hidden values' (say it once the cards are known, "
                     "after a reveal, if every player is to hear it)\n")
    assert not (tmp_path / "murmur.counterexample.jsonl").exists()


def test_a_hidden_value_is_left_out_of_the_served_end_tally(tmp_path):
    from ruleforge.drivers.agents import parse_agents
    from ruleforge.drivers.serve.table import Table
    path = tmp_path / "murmur.rules"
    path.write_text(MURMUR)
    game = ruleforge.load(path)
    table = Table(game, 0, [1], parse_agents(None, game), [])
    assert table.st.is_over  # (no decision: the tally is every text said)
    assert table.message(1)["over"]["tally"][2] == ("player 1 takes J♠: spades, worth 11; hand worth a hidden number "
                                                    "in 1 cards; highs hidden values")


WORDING = """\
game "w"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone hand per player: hand
counter held: card
counter n = 0
turn:
    let c = top of deck
    move c to hand of current
    set held to c
    say "{c.suit}: the {c.suit} UFO; a {c.value} or an {c.rank}; {current}'s {c.suit}; worth {c.value}; the {[c.value]}"
    say "the {held.suit} UFO, an {held.value}"
    increase n by 1
ending done "one turn": nobody wins when n = 1
"""


def test_a_hidden_value_reads_well_after_the_words_before_it(tmp_path):
    # `say "the {c.suit} UFO"` read 'the a hidden suit UFO' to a seat that did not know c
    from ruleforge.drivers.narrate import Narrator
    path = tmp_path / "wording.rules"
    path.write_text(WORDING)
    game = ruleforge.load(path)
    st = game.new(0, record=True)  # the deck unshuffled: K♠ on top, to player 1's hand
    said = [e for e in st.record if isinstance(e, Said)]
    assert [e.text for e in said] == ["spades: the spades UFO; a 13 or an K; player 1's spades; worth 13; the 13",
                                      "the spades UFO, an 13"]
    assert [line.removeprefix("    — ") for line in Narrator(game, 1, st).lines(said)] == [
        "a hidden suit: the hidden suit UFO; a hidden value or an unknown rank; player 1's hidden suit; worth a hidden "
        "value; the hidden values",
        "the hidden suit UFO, an unknown value"]  # (a held card's text too: codegen/values.py)
    assert Narrator(game, 0, st).lines(said) == ["    — " + e.text for e in said]


SMILES = """\
game "smiles"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone table "the table": pile, face up
zone hand per player: hand
counter n = 0
turn:
    move top of deck to hand of current
{line}
    increase n by 1
ending done "two turns": nobody wins when n = 2
"""
GUARDED = ("hangs on the test at line 10, column {column}, which read cards player 2 did not know, then or by the "
           "next decision, so saying it tells that seat something of them (if the rulebook has the player announce "
           "it, write 'announce' for 'say')")


@pytest.mark.parametrize("line, at, said, column", [
    # `if (top of hand of current).suit = hearts: say ...` told the other seat the suit of a
    # card in a hand, by being said or not, and nothing warned (the text holds no value)
    ('    if (top of hand of current).suit = spades:\n        say "{current} smiles"', "11:9", "player 1 smiles", 8),
    # an else is said under every test before it (n = 5 reads no card)
    ('    if (top of hand of current).suit = hearts:\n        say "hearts"\n    else if n = 5:\n        say "five"\n'
     '    else:\n        say "{current} frowns"', "15:9", "player 1 frowns", 8),
    ('    repeat while count of table = 0 and (top of hand of current).value > 10:\n        say "{current} lays a card"\n'
     '        move top of deck to table', "11:9", "player 1 lays a card", 18),
    ('    for each c in hand of current where c.suit = spades:\n        say "{current} has a spade"', "11:9",
     "player 1 has a spade", 41),
])
def test_a_text_said_under_a_test_of_a_hidden_card_is_a_warning_at_its_say(tmp_path, ruleforge_cmd, line, at, said,
                                                                            column):
    path = tmp_path / "smiles.rules"  # the deck unshuffled: player 1 draws K♠, player 2 Q♠
    path.write_text(SMILES.format(line=line))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0
    assert r.out.splitlines()[-1].endswith("views and replay: all hold, 1 warning")
    assert r.err == f"{path}:{at}: warning: whether '{said}' is said here {GUARDED.format(column=column)}\n"


@pytest.mark.parametrize("line", [
    # the test read only a face-up card (and a count): every seat could follow it
    '    move top of deck to table\n    if (top of table).suit = spades and count of hand of current = 1:\n'
    '        say "a spade shows"',
    # the rule shows the card it tested before the next decision: nothing is told early
    '    if (top of hand of current).suit = spades:\n        say "{current} shows a spade"\n'
    '        reveal top of hand of current',
    # a hidden card's suit is read, but only a face-up card could pass
    '    if any c in hand of current has c.suit = spades and c is face up:\n        say "a spade shows"',
])
def test_a_text_said_under_a_test_every_seat_could_follow_is_not_warned_of(tmp_path, ruleforge_cmd, line):
    path = tmp_path / "smiles.rules"
    path.write_text(SMILES.format(line=line))
    r = ruleforge_cmd("check", "--deep", path, "--examples", 2)
    assert r.code == 0 and r.err == "" and r.out.endswith("views and replay: all hold\n")


def test_only_a_test_that_reads_a_card_with_a_say_under_it_is_noted(tmp_path, ruleforge_cmd):
    path = tmp_path / "smiles.rules"
    path.write_text(SMILES.format(line='    if (top of hand of current).suit = spades:\n        say "{current} smiles"\n'
                                       '    if count of hand of current = 1:\n        say "one card"\n'
                                       '    if (top of hand of current).suit = hearts:\n        move top of deck to table'))
    source = ruleforge_cmd("compile", path).out
    notes = [line.strip() for line in source.splitlines() if "cond_seen(" in line]
    assert notes == ["if st.observer is not None: cond_seen(st, 1, lambda R: (A_suit[seen_as(R, st, "
                     "top_of(Z[(2, 3)[CUR[st.turn_pos]]]), 'suit')] == 'spades'))"]
    assert "say(st, lambda: said_text((lambda: STITLE[CUR[st.turn_pos]], ' smiles',)), (11, 9), ((1, 10, 8),))" in source
    assert "say(st, lambda: 'one card', (13, 9))" in source
    # a simulation never works a note out; a told game's is given back: the same game either way
    game = ruleforge.load(path)
    assert game.new(0, record=True).zones == game.new(0).zones
