"""The Python API at its doors (docs/api.md): a game's parameters are read-only, a
RuleFileError says its diagnostics, an override must have its parameter's type, and a
wrong argument to load, new, view or a state's readers is refused at once, saying what
was given and what is taken, rather than failing deep inside or giving a wrong answer."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import pytest

import ruleforge
from ruleforge.drivers.agents import RandomAgent
from ruleforge.drivers.logfile import LogError
from ruleforge.drivers.play import play_game
from ruleforge.drivers.replay import replay_game
from ruleforge.testing import play

ROOT = Path(__file__).resolve().parent.parent
GUFO = str(ROOT / "games" / "gufo.rules")
UFOLOGY = str(ROOT / "games" / "ufology.rules")
EIGHTS = str(ROOT / "examples" / "crazy_eights.rules")
GIN = str(ROOT / "examples" / "gin_rummy.rules")
HEARTS = str(ROOT / "examples" / "hearts.rules")
SPADES = str(ROOT / "examples" / "spades.rules")


@pytest.fixture(scope="module")
def gufo():
    return ruleforge.load(GUFO)


@pytest.fixture
def radar_to_act(gufo):
    """gUFO at the Radar Operator's first action (the Alien is the clubs UFO)."""
    return play(gufo.new(seed=1), "A♣", "9♣", "stop", "J♦")


# ---- 1. a game's parameters are read-only ---------------------------------------------------

def test_a_games_parameters_cannot_be_changed(gufo):
    with pytest.raises(TypeError, match="'mappingproxy' object does not support item assignment"):
        gufo.params["reveal_count"] = 5
    assert gufo.params["cloudy_altitudes"] == (5, 7)  # a tuple: no append
    with pytest.raises(AttributeError):
        gufo.params["cloudy_altitudes"].append(3)
    assert dict(gufo.params) == {"reveal_count": 2, "cloudy_altitudes": (5, 7), "exhaustions_to_lose": 2,
                                 "radar_hand_size": 3, "start_altitude": 8}
    # loading again with other values is the way to other parameters
    assert ruleforge.load(GUFO, cloudy_altitudes=(3, 5)).params["cloudy_altitudes"] == (3, 5)


def test_a_log_records_the_parameters_as_lists_and_replays(gufo):
    log = []
    play_game(gufo, 4, [RandomAgent(), RandomAgent()], log=log)
    start = json.loads(json.dumps(log[0]))  # as a log file holds it
    assert start["params"] == {"reveal_count": 2, "cloudy_altitudes": [5, 7], "exhaustions_to_lose": 2,
                               "radar_hand_size": 3, "start_altitude": 8}
    replay_game([start] + [json.loads(json.dumps(r)) for r in log[1:]])
    # and the log's parameters load the same game
    assert ruleforge.load(GUFO, **start["params"]).params == gufo.params


# ---- 2. str(RuleFileError) says the diagnostics ---------------------------------------------

BROKEN = """game "broken"
players 2
cards: standard deck in deck
zone deck: pile, face down
counter passes = 0
setup:
    shuffle dek
turn:
    set pases to 0
ending done: nobody wins when passes = 0
"""


def test_str_of_a_rule_file_error_lists_its_diagnostics(tmp_path):
    path = tmp_path / "broken.rules"
    path.write_text(BROKEN)
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(path)
    assert str(e.value) == (f"{path}:7:13: error: unknown zone 'dek'\n"
                            "  hint: did you mean 'deck'?\n"
                            f"{path}:9:9: error: unknown counter 'pases'\n"
                            "  hint: did you mean 'passes'?\n"
                            f"2 errors in {path}")
    assert e.value.args == (f"{path}: 2 errors",)  # (as before)
    assert e.value.render().splitlines()[1] == "        shuffle dek"  # render() still quotes the source


def test_str_of_a_rule_file_error_shows_ten_diagnostics_and_the_count(tmp_path):
    path = tmp_path / "many.rules"
    path.write_text(BROKEN.replace("    set pases to 0\n", "".join(f"    set pases{i} to 0\n" for i in range(12))))
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(path)
    lines = str(e.value).splitlines()
    assert lines[-2:] == ["... and 3 more", f"13 errors in {path}"]
    assert sum(": error: " in line for line in lines) == 10


def test_str_of_an_unreadable_file_says_what_happened(tmp_path):
    with pytest.raises(ruleforge.UnreadableFile) as e:
        ruleforge.load(tmp_path / "nope.rules")
    assert str(e.value) == f"{tmp_path / 'nope.rules'}: error: cannot read the file: No such file or directory"
    with pytest.raises(ruleforge.UnreadableFile) as e:
        ruleforge.load(ROOT / "README.md")
    assert str(e.value) == (f"{ROOT / 'README.md'}: error: not a rule file: its name does not end in '.rules'\n"
                            "  hint: ruleforge reads only rule files, named NAME.rules")


def test_str_of_a_rule_file_error_escapes_control_characters(tmp_path):
    path = tmp_path / "o\x1b]0;x\x07dd.rules"  # a file's name is text from outside too
    path.write_text(BROKEN)
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(path)
    assert "\x1b" not in str(e.value) and "\x07" not in str(e.value)
    assert str(e.value).splitlines()[0] == f"{tmp_path}/o\\x1b]0;x\\x07dd.rules:7:13: error: unknown zone 'dek'"


def test_the_command_line_still_renders_the_diagnostics(tmp_path, ruleforge_cmd):
    path = tmp_path / "broken.rules"
    path.write_text(BROKEN)
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[:4] == [f"{path}:7:13: error: unknown zone 'dek'", "        shuffle dek",
                                      "                ^^^", "  hint: did you mean 'deck'?"]


# ---- 3. the exceptions by a spelling that works ---------------------------------------------

def test_unreadable_file_is_ruleforge_unreadable_file():
    from ruleforge.load import UnreadableFile
    assert ruleforge.UnreadableFile is UnreadableFile and issubclass(UnreadableFile, ruleforge.RuleFileError)
    assert "UnreadableFile" in ruleforge.__all__
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert "ruleforge.load.UnreadableFile" not in api and "`ruleforge.UnreadableFile`" in api


# ---- 4. an override has its parameter's type ------------------------------------------------

@pytest.mark.parametrize("path, given, message", [
    (GUFO, {"reveal_count": "3"}, "reveal_count='3': 'reveal_count' takes a number (an int), not a str"),
    (GUFO, {"reveal_count": [3]}, "reveal_count=[3]: 'reveal_count' takes a number (an int), not a list"),
    (GUFO, {"reveal_count": 2.0}, "reveal_count=2.0: 'reveal_count' takes a number (an int), not a float"),
    (GUFO, {"reveal_count": True}, "reveal_count=True: 'reveal_count' takes a number (an int), not a bool"),
    (GUFO, {"cloudy_altitudes": 3},
     "cloudy_altitudes=3: 'cloudy_altitudes' takes a list of numbers (a list or tuple of ints), not an int"),
    (GUFO, {"cloudy_altitudes": ["3"]},
     "cloudy_altitudes=['3']: 'cloudy_altitudes' takes a list of numbers (a list or tuple of ints), "
     "not a list holding a str"),
    (GUFO, {"cloudy_altitudes": "3,5"},
     "cloudy_altitudes='3,5': 'cloudy_altitudes' takes a list of numbers (a list or tuple of ints), not a str"),
    (EIGHTS, {"reshuffle": "no"}, "reshuffle='no': 'reshuffle' takes a yes/no condition (True or False), not a str"),
    (EIGHTS, {"reshuffle": 0}, "reshuffle=0: 'reshuffle' takes a yes/no condition (True or False), not an int"),
    (EIGHTS, {"deal_for_two": None}, "deal_for_two=None: 'deal_for_two' takes a number (an int), not None"),
])
def test_an_override_of_another_type_is_refused(path, given, message):
    with pytest.raises(ruleforge.RuleFileError) as e:
        ruleforge.load(path, **given)
    [d] = e.value.diagnostics
    assert d.message == "ruleforge.load's " + message
    name = next(iter(given))
    default = ruleforge.load(path).params[name]
    shown = list(default) if isinstance(default, tuple) else default
    assert d.hint == f"such as {name}={shown!r} (its default)"


def test_an_override_of_the_right_type_is_taken():
    game = ruleforge.load(GUFO, reveal_count=3, cloudy_altitudes=(3, 5))
    assert (game.params["reveal_count"], game.params["cloudy_altitudes"]) == (3, (3, 5))
    assert ruleforge.load(GUFO, cloudy_altitudes=[]).params["cloudy_altitudes"] == ()
    assert ruleforge.load(EIGHTS, reshuffle=False).params["reshuffle"] is False


def test_set_on_the_command_line_still_reads_text(ruleforge_cmd, tmp_path):
    from ruleforge.load import load_with_sets
    game = load_with_sets(GUFO, None, {"reveal_count": "3", "cloudy_altitudes": "3,5"})
    assert (game.params["reveal_count"], game.params["cloudy_altitudes"]) == (3, (3, 5))
    assert load_with_sets(EIGHTS, None, {"reshuffle": "no"}).params["reshuffle"] is False
    r = ruleforge_cmd("run", GUFO, "--seed", 1, "--set", "reveal_count=3", "--set", "cloudy_altitudes=3,5")
    # the heading writes the values as --set takes them (it wrote [3, 5], and a yes/no True)
    assert r.code == 0 and r.lines[0].startswith("gUFO, 2 players · seed 1 · reveal_count=3, cloudy_altitudes=3,5, ")
    r = ruleforge_cmd("run", EIGHTS, "--seed", 1, "--set", "reshuffle=no")
    assert r.code == 0 and r.lines[0].endswith(", reshuffle=false")
    r = ruleforge_cmd("run", GUFO, "--games", 4, "--jobs", 1, "--seed", 1, "--set", "reveal_count=3")
    assert r.code == 0


# ---- 5. wrong arguments at the doors --------------------------------------------------------

@pytest.mark.parametrize("players, shown", [("3", "'3' (str)"), (2.5, "2.5 (float)"), (True, "True (bool)")])
def test_load_refuses_players_of_another_type(players, shown):
    with pytest.raises(TypeError) as e:
        ruleforge.load(EIGHTS, players=players)
    assert str(e.value) == f"ruleforge.load: players is a number of players (an int) or None, not {shown}"


def test_load_refuses_a_path_of_another_type():
    for path, shown in ((None, "None (NoneType)"), (GUFO.encode(), f"{GUFO.encode()!r} (bytes)")):
        with pytest.raises(TypeError) as e:
            ruleforge.load(path)
        assert str(e.value) == f"ruleforge.load: the path is a str or a pathlib.Path naming a rule file, not {shown}"


@pytest.mark.parametrize("seed, shown", [(None, "None (NoneType)"), ("abc", "'abc' (str)"), (1.5, "1.5 (float)"),
                                         (True, "True (bool)")])
def test_new_refuses_a_seed_of_another_type(gufo, seed, shown):
    with pytest.raises(TypeError) as e:
        gufo.new(seed)
    assert str(e.value).startswith(f"game.new: a seed is a whole number (an int) from 0 to 2**64 - 1, not {shown}")


@pytest.mark.parametrize("seed", [-1, 2**64, 2**80])
def test_new_refuses_a_seed_outside_64_bits(gufo, seed):
    with pytest.raises(ValueError) as e:
        gufo.new(seed)
    assert str(e.value) == (f"game.new: a seed is from 0 to 2**64 - 1 (18,446,744,073,709,551,615), not {seed}: the "
                            "generator keeps 64 bits, so a seed outside would deal the same game as one inside")


def test_every_seed_from_0_to_2_64_minus_1_is_its_own_game(gufo):
    deal = [gufo.new(s).cards_in("deck") for s in (0, 1, 2**64 - 1)]
    assert deal[0] != deal[2] and deal[1] != deal[2]


def test_the_command_line_takes_the_seeds_new_takes(ruleforge_cmd):
    for command in (["run", GUFO], ["run", GUFO, "--games", 2, "--jobs", 1], ["play", GUFO]):
        for bad in ("-1", str(2**64)):
            r = ruleforge_cmd(*command, "--seed", bad)
            assert r.code == 2
            assert (f"Invalid value for '--seed': {bad} is not a seed: a seed is a whole number from 0 to 2**64 - 1 "
                    "(18,446,744,073,709,551,615)") in r.err
    r = ruleforge_cmd("run", GUFO, "--seed", 2**64 - 1)
    assert r.code == 0 and r.lines[0].startswith(f"gUFO, 2 players · seed {2**64 - 1} · ")


def test_a_log_with_a_seed_outside_64_bits_is_refused(gufo, tmp_path, ruleforge_cmd):
    log = []
    play_game(gufo, 4, [RandomAgent(), RandomAgent()], log=log)
    log[0]["seed"] = -1
    with pytest.raises(LogError):
        replay_game(log)
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in log))
    r = ruleforge_cmd("replay", path)
    assert (r.code, r.err) == (2, f"Error: {path}:1: the 'start' record's field 'seed' should be a whole number "
                                  "from 0 to 2**64 - 1, not a negative number\n")


NO_PLAYER = "no player {} in this game: name one of 'invader', 'radar', or give a seat number from 0 to 1"


def test_view_takes_a_player_as_the_readers_do(radar_to_act):
    st = radar_to_act
    assert st.view("radar") == st.view(1) and st.view("invader").seat_name == "invader"
    for bad in (2, -1, True, "alien", 1.0):
        with pytest.raises(KeyError) as e:
            st.view(bad)
        assert str(e.value) == NO_PLAYER.format(repr(bad))


def test_knows_takes_a_player_or_none_for_a_spectator(radar_to_act):
    st = radar_to_act
    assert (st.knows(0, "A♣"), st.knows("invader", "A♣"), st.knows(1, "A♣")) == (True, True, False)
    # a spectator knows what the spectator's view shows: what is face up, or known to every seat
    spectator = st.view(None).visible_cards()
    for card in [c.name for c in st.game.cards]:
        assert st.knows(None, card) == (card in spectator), card
    with pytest.raises(KeyError) as e:
        st.knows(5, "A♣")
    assert str(e.value) == NO_PLAYER.format(5)


def test_unknown_names_are_said_with_what_there_is(radar_to_act):
    st = radar_to_act
    cases = [
        (lambda: st.piece("ufo", "hearts", "altitude"),
         "no piece 'hearts' in 'ufo': its pieces are clubs, diamonds, spades"),
        (lambda: st.piece("ufos", "clubs", "altitude"), "no pieces 'ufos' in this game: its pieces are ufo"),
        (lambda: st.piece("ufo", "clubs", "height"), "'ufo' pieces have no number 'height': they have altitude"),
        (lambda: st.counter("exhaustion"), "no counter 'exhaustion' in this game: did you mean 'exhaustions'?"),
        (lambda: st.counter("exhaustions", "radar"),
         "no counter 'exhaustions' of 'radar': it is shared, give no owner"),
        (lambda: st.quantity("nope"), "no quantity 'nope' in this game: it has none"),
        (lambda: st.is_face_up("11♣"), "no card '11♣' in this game: did you mean '10♣'?"),
        (lambda: st.card_attr("Z♣", "value"),
         "no card 'Z♣' in this game: a card is named as views print it (its 52 cards: 'A♣', '2♣', '3♣', ...)"),
        (lambda: st.card_attr("A♣", "valu"), "cards have no attribute 'valu': did you mean 'value'?"),
        (lambda: st.definition("nope"), "no definition 'nope' in this game: the definitions are the_alien"),
        (lambda: st.cards_in("hand", slot="1"), "no zone 'hand' with a slot '1': a slot is a number"),
        (lambda: st.view(0).zone("sky"), "no zone 'sky' without a slot: it is a row, found slot by slot: slot=1 to 8"),
        (lambda: st.view(0).zone("box", slot=2), "no zone 'box' with a slot 2: it is not a row, give no slot"),
        (lambda: st.view(0).zone("hand", "invader"),
         "no zone 'hand' of 'invader' in this view: its owners are 'radar', by their seat names"),
        (lambda: st.view(0).zone("hands"), "no zone 'hands' in this view: the zones are aces, alien, box, deck, "
                                           "discard, hand, heap, removed, revealed, sky, unseen"),
    ]
    for read, message in cases:
        with pytest.raises(KeyError) as e:
            read()
        assert str(e.value) == message  # the message itself, not a KeyError's repr of it


def test_a_per_player_counter_needs_its_owner():
    st = ruleforge.load(GIN).new(1)
    assert st.counter("score", "player 2") == 0
    with pytest.raises(KeyError) as e:
        st.counter("score")
    assert str(e.value) == "no counter 'score' without an owner: it is per player, give its owner"


def test_a_definition_takes_its_argument_and_only_it():
    hearts = ruleforge.load(HEARTS).new(1)
    assert hearts.definition("high", "A♠") == 14
    with pytest.raises(TypeError) as e:
        hearts.definition("high")
    assert str(e.value) == "definition 'high' takes a card (its name): state.definition('high', CARD)"
    with pytest.raises(KeyError) as e:
        hearts.definition("high", "player 1")
    assert str(e.value).startswith("no card 'player 1' in this game")
    eights = ruleforge.load(EIGHTS, players=3).new(1)
    with pytest.raises(TypeError) as e:
        eights.definition("can_play")
    assert str(e.value) == ("definition 'can_play' takes a player (a seat number, a role's or a seat's name): "
                            "state.definition('can_play', PLAYER)")
    with pytest.raises(TypeError) as e:
        eights.definition("can_draw", "player 1")
    assert str(e.value) == "definition 'can_draw' takes no argument, not 'player 1'"
    spades = ruleforge.load(SPADES).new(1)
    with pytest.raises(TypeError) as e:
        spades.definition("beats", "A♠")
    assert str(e.value) == ("definition 'beats' has 2 parameters: state.definition works out a definition of one "
                            "parameter at most")


# ---- 6. what docs/api.md says, the library does ---------------------------------------------

def test_card_attr_reads_a_listed_card_by_its_name():
    st = ruleforge.load(UFOLOGY).new(1)
    assert st.card_attr("Lights in the Sky (2)", "value") == 0  # the doc's example
    with pytest.raises(KeyError) as e:
        st.card_attr("Lights (2)", "value")
    assert str(e.value) == "no card 'Lights (2)' in this game: did you mean 'Lights in the Sky (2)'?"


def test_a_definition_of_a_piece_gives_its_name(gufo):
    for ace, ufo in (("A♣", "clubs ufo"), ("A♦", "diamonds ufo"), ("A♠", "spades ufo")):
        assert play(gufo.new(1), ace).definition("the_alien") == ufo


def test_a_definition_of_cards_takes_a_list_or_a_zone():
    st = ruleforge.load(GIN).new(1)
    hand = st.cards_in("hand", "player 1")
    assert st.definition("deadwood", ("hand", "player 1")) == st.definition("deadwood", hand) == 60
    assert st.definition("deadwood", ["3♦", "4♦", "5♦", "K♥"]) == 10
    with pytest.raises(TypeError) as e:
        st.definition("deadwood", "K♥")
    assert str(e.value) == ("definition 'deadwood' takes cards (a list of card names, or a zone), not one card: "
                            "state.definition('deadwood', ['K♥'])")


BLIND = """game "blind"
players 2
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand
counter n = 0
setup:
    shuffle deck
    for each p in players:
        move top 3 cards of deck to hand of p
turn:
    let c = current chooses a card from hand of (the player after current), unseen "to draw"
    move c to hand of current
    increase n by 1
ending done: nobody wins when n = 2
"""


def test_a_blind_picks_place_has_kind_blind(tmp_path):
    path = tmp_path / "blind.rules"
    path.write_text(BLIND)
    st = ruleforge.load(path).new(1)
    place = st.legal_actions()[1].args[0][1]
    assert place == ruleforge.Place("blind", place.zone, 2, "the 2nd card of hand of player 2")
    assert str(place) == "the 2nd card of hand of player 2"


def test_decisions_counts_the_actions_taken(gufo):
    st = gufo.new(1)
    assert st.decisions == 0
    play(st, "A♣", "9♣", "stop")
    assert st.decisions == 3


def test_a_game_or_a_state_cannot_be_pickled_and_says_what_to_do(gufo):
    st = gufo.new(1)
    with pytest.raises(TypeError, match=r"^a Game cannot be pickled or copied: .* load the rule file again"):
        pickle.dumps(gufo)
    with pytest.raises(TypeError, match=r"^a State cannot be pickled: .* from its seed and the actions taken"):
        pickle.dumps(st)
    # copying a state is cloning it: the game is shared, the board is not
    for other in (copy.copy(st), copy.deepcopy(st)):
        assert other.game is gufo and other.zones is not st.zones and other.cards_in("deck") == st.cards_in("deck")
        play(other, "A♣")
        assert st.decisions == 0


def test_a_states_stats_are_read_only():
    """api.md says read-only; `st.stats["x"] = 1` was taken."""
    import ruleforge
    st = ruleforge.load("games/gufo.rules").new(1, stats=True)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    with pytest.raises(TypeError):
        st.stats["x"] = 1
    assert type(dict(st.stats)) is dict and ruleforge.load("games/gufo.rules").new(1).stats is None
