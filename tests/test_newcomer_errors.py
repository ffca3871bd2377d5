"""Mistakes a newcomer makes in a first game of their own (a review of docs/tutorial.md):
each is reported where it is, saying what is wrong and, where the fix is certain, what
to write. The game is Frostbite, a small trick-taking game a reviewer wrote; each test
makes one change to it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

FROSTBITE = """\
# Frostbite: a small trick-taking game for 2 to 4 players.
game "Frostbite"
players 2 to 4

# Cards dealt to each player.
parameter hand_size = 5 in 1 to 13
# Hearts beat every other suit.
parameter hearts_trump = true

cards: standard deck in deck

zone deck "the deck": pile
zone hand per player "hand": hand
zone table "the trick": pile, face up
zone won per player "tricks won": pile

counter tricks per player = 0, shown
counter led_suit: suit
counter best_card: card
counter trick_winner: player

setup:
    shuffle deck
    deal hand_size cards from deck to hand of each player

# Aces are high.
define high of card c = if c.rank = A then 14 else c.value
# Does card c beat the best card of the trick so far?
define beats of card c = (best_card is none
        or (c.suit = best_card.suit and high of c > high of best_card)
        or (hearts_trump and c.suit = hearts and best_card.suit != hearts))

action play "Play a card":
    with card in hand of current
    allowed if table is empty or card.suit = led_suit or no hand of current has suit = led_suit
    if table is empty:
        set led_suit to card.suit
    if beats of card:
        set best_card to card
        set trick_winner to current
    move card to table

turn:
    current takes an action
    if count of table = count of players:
        say "{trick_winner} takes the trick with {best_card}"
        increase tricks of trick_winner by 1
        move cards in table to won of trick_winner
        trick_winner takes the next turn
        set best_card to none

ending done "every card is played": players with the highest tricks win when table is empty and every p in players has hand of p is empty

invariant all_cards "no card is lost": (count of deck + count of table
        + sum of count of hand of p for each p in players
        + sum of count of won of p for each p in players) = 52
"""


def frostbite(tmp_path: Path, old: str, new: str, name: str = "frostbite.rules") -> Path:
    """Frostbite with `old` (found once) replaced by `new`, written to a file."""
    assert FROSTBITE.count(old) == 1, f"Frostbite should hold {old!r} once"
    path = tmp_path / name
    path.write_text(FROSTBITE.replace(old, new), encoding="utf-8")
    return path


def frostbite_variant(tmp_path: Path, body: str) -> Path:
    """`odd.rules`, a variant of Frostbite (written beside it) that says `body`."""
    (tmp_path / "frostbite.rules").write_text(FROSTBITE, encoding="utf-8")
    path = tmp_path / "odd.rules"
    path.write_text('extends "frostbite.rules"\n' + body, encoding="utf-8")
    return path


def report(text: str, path: Path) -> str:
    return textwrap.dedent(text).lstrip("\n").replace("FILE", str(path))


def test_frostbite_checks(ruleforge_cmd, tmp_path):
    path = tmp_path / "frostbite.rules"
    path.write_text(FROSTBITE, encoding="utf-8")
    r = ruleforge_cmd("check", path)
    assert (r.code, r.err) == (0, ""), r.err


# ---- 1. a misspelt per-player counter ---------------------------------------------------

@pytest.mark.parametrize("written, column, name", [
    # it said "this cannot be changed: expected a counter or a piece's number", naming nothing
    ("increase trciks of trick_winner by 1", 18, "trciks"),
    ("decrease trick of trick_winner by 1", 18, "trick"),
    ("set trciks of trick_winner to 1", 13, "trciks"),
])
def test_a_misspelt_per_player_counter_that_is_changed(ruleforge_cmd, tmp_path, written, column, name):
    f = frostbite(tmp_path, "increase tricks of trick_winner by 1", written)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report(f"""
        FILE:47:{column}: error: unknown counter '{name}'
                    {written}
        {" " * (column + 3)}{"^" * len(name)}
          hint: did you mean 'tricks'?
        1 error in FILE
        """, f)


def test_a_misspelt_per_player_counter_that_is_read(ruleforge_cmd, tmp_path):
    # it said "'trciks' is not a zone, a set of pieces, a counter, a quantity or a
    # definition with a parameter, so it has no 'of'"
    f = frostbite(tmp_path, "win when table is empty and", "win when trciks of current > 99 or table is empty and")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:52:78: error: unknown name 'trciks'"]
    assert "  hint: did you mean 'tricks'?" in r.err.splitlines()


# ---- 2. a keyword with a letter glued on ----------------------------------------------------

def test_per_players_says_per_player_and_nothing_else(ruleforge_cmd, tmp_path):
    # it said "unexpected name s", then "unknown name 'suit'" (did you mean 'led_suit'?) in
    # `no hand of current has suit = led_suit`, whose zone was the one left unread
    f = frostbite(tmp_path, "zone hand per player", "zone hand per players")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report("""
        FILE:13:15: error: unexpected 'players' after 'per'
            zone hand per players "hand": hand
                          ^^^^^^^
          hint: write 'per player'
        1 error in FILE
        """, f)


# ---- 3. a variant's value of the wrong type ----------------------------------------------

def test_a_variants_value_of_the_wrong_type_is_reported_in_the_variant(ruleforge_cmd, tmp_path):
    # it was reported in the base, at a use of the parameter: "each side of 'and' must be
    # a yes/no condition, not a number"
    f = frostbite_variant(tmp_path, "parameter hearts_trump = 3\n")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    base = tmp_path / "frostbite.rules"
    assert r.err == report(f"""
        FILE:2:26: error: 'hearts_trump' takes a yes/no condition, not a number: {base}:31 uses it as one
            parameter hearts_trump = 3
                                     ^
          hint: write true or false
        1 error in FILE
        """, f)


def test_a_variants_number_read_as_a_number_by_the_base(ruleforge_cmd, tmp_path):
    f = frostbite_variant(tmp_path, '\nparameter hand_size = "7"\n')
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:3:23: error: 'hand_size' is a text here: a number is written without quotes"]
    assert "  hint: write 7" in r.err.splitlines()



def test_a_number_in_quotes_as_a_parameters_value_is_said_once_at_the_quotes(ruleforge_cmd, tmp_path):
    """With no range, `parameter hand_size = "5"` is a text parameter: each use was reported
    ('must be a number, not a text') and nothing pointed at the quotes."""
    f = tmp_path / "quoted.rules"
    f.write_text(FROSTBITE.replace("parameter hand_size = 5 in 1 to 13", 'parameter hand_size = "5"'), encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:6:23: error: 'hand_size' is a text here: a number is written without quotes"]
    assert "  hint: write: parameter hand_size = 5" in r.err.splitlines()


def test_a_between_written_high_end_first_is_a_warning(ruleforge_cmd, tmp_path):
    """`between 10 and 2` checked 'ok' and was quietly false for every card."""
    f = tmp_path / "between.rules"
    f.write_text(FROSTBITE.replace("parameter hearts_trump = true\n", "parameter hearts_trump = true\n"
                                   "define odd_one of card c = c.value between 10 and 2\n"), encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 0 and "1 warning" in r.out
    assert f"{f}:9:28: warning: 'between 10 and 2' holds for no number: the low end comes first" in r.err
    assert "  hint: write 'between 2 and 10'" in r.err.splitlines()

# ---- 4. slips from other languages ------------------------------------------------------

@pytest.mark.parametrize("old, new, header, caret, hint", [
    ("    move card to table\n", "    move card to table\n    elif table is empty:\n        say \"hm\"\n",
     "42:5: error: unknown statement 'elif'", "    ^^^^", "write 'else if'"),
    ("if count of table = count", "if count of table == count",
     "45:23: error: unexpected '=='", "                      ^^", "a single '=' compares: write '='"),
    ("table is empty or card.suit", "table is empty || card.suit",
     "35:31: error: unexpected '||'", "                              ^^", "write 'or'"),
    ("c.suit = best_card.suit and high", "c.suit = best_card.suit && high",
     "30:37: error: unexpected '&&'", "                                    ^^", "write 'and'"),
    ("c.suit = hearts and", 'c.suit = "hearts" and',
     "31:30: error: cannot compare a suit with a text", "                             ^^^^^^^^^^^^^^^^^",
     "a suit is a symbol, written without quotes: hearts"),
    ("set led_suit to card.suit", 'set led_suit to "spades"',
     "37:25: error: 'led_suit' holds a suit, not a text", "                        ^^^^^^^^",
     "a suit is a symbol, written without quotes: spades"),
    ("setup:", "set up:",
     "22:1: error: unknown declaration 'set up'", "^^^^^^", "did you mean 'setup:'?"),
    ("players with the highest tricks win when", "players with the highest tricks when",
     "52:69: error: unexpected 'when'", "                                                                    ^^^^",
     "write 'win' or 'wins' after who wins, as in: ending NAME: current wins when CONDITION"),
    ('parameter hand_size = 5 in', 'parameter hand_size = "five" in',
     "6:23: error: 'hand_size' is a text here: a number is written without quotes", "                      ^^^^^^",
     "write it in digits: 5"),
])
def test_a_slip_from_another_language(ruleforge_cmd, tmp_path, old, new, header, caret, hint):
    f = frostbite(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    lines = r.err.splitlines()
    assert lines[0] == f"{f}:{header}"
    assert [lines[2], lines[3]] == ["    " + caret, f"  hint: {hint}"]
    assert lines[-1] == f"1 error in {f}"  # ("five" also said: the number of cards dealt must be a number)


def test_an_ending_line_without_wins(ruleforge_cmd, tmp_path):
    f = frostbite(tmp_path, "players with the highest tricks win when table is empty and every p in players has "
                            "hand of p is empty", "players with the highest tricks")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:52:68: error: this line ends too early"]
    assert r.err.splitlines()[3] == ("  hint: write 'win' or 'wins' after who wins, as in: ending NAME: current "
                                     "wins when CONDITION")


def test_not_equal_is_written_as_in_other_languages(ruleforge_cmd, tmp_path):
    f = frostbite(tmp_path, "c.suit = best_card.suit and", "c.suit != best_card.suit and")
    r = ruleforge_cmd("check", f)
    assert (r.code, r.err) == (0, "")


@pytest.mark.parametrize("written, column, char, hint", [
    ("    if !(table is empty):\n", 8, "!", "write 'not'"),
    ("    if count of table % 2 = 0:\n", 23, "%", "write 'mod' for the remainder: 7 mod 3 is 1"),
])
def test_a_lone_exclamation_mark_is_not_and_a_percent_sign_is_mod(ruleforge_cmd, tmp_path, written, column, char,
                                                                   hint):
    f = frostbite(tmp_path, "    if table is empty:\n", written)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:36:{column}: error: unexpected character '{char}'"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


def test_a_text_that_is_no_symbol_gets_no_hint(ruleforge_cmd, tmp_path):
    f = frostbite(tmp_path, "c.suit = hearts and", 'c.suit = "red hearts" and')
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:31:30: error: cannot compare a suit with a text"]
    assert "hint" not in r.err


# ---- 5. an item indented into a block ---------------------------------------------------

def test_an_ending_indented_into_a_turn(ruleforge_cmd, tmp_path):
    # it said "'ending' is a keyword of the language and cannot be used as a name", hint
    # "choose another name"
    f = frostbite(tmp_path, "        set best_card to none\n",
                  "        set best_card to none\n    ending x \"x\": nobody wins\n")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report("""
        FILE:51:5: error: 'ending' begins a top-level item, which cannot be inside a block
                ending x "x": nobody wins
                ^^^^^^
          hint: unindent it to the left margin
        1 error in FILE
        """, f)


def test_an_item_indented_by_two_spaces_after_a_block(ruleforge_cmd, tmp_path):
    # the hint was "indent each line of a block by the same amount as the block's first line"
    f = frostbite(tmp_path, "\nending done", "\n  ending done")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:52:3: error: this line's indentation matches no enclosing block"]
    assert r.err.splitlines()[3] == "  hint: 'ending' begins a top-level item: unindent it to the left margin"


def test_a_statement_left_at_the_margin_after_its_rule(ruleforge_cmd, tmp_path):
    # it said "unexpected 'if'", hint "expected 'action', 'actions', 'attribute', ..."
    f = frostbite(tmp_path, "    if count of table = count of players:\n        say", "if count of table = count of "
                  "players:\n        say")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report("""
        FILE:45:1: error: 'if' begins a statement, which belongs inside a rule
            if count of table = count of players:
            ^^
          hint: indent it under the rule that runs it (setup:, turn:, an action, a card's effect, rule NAME:)
        1 error in FILE
        """, f)


def test_an_item_indented_after_a_one_line_item(ruleforge_cmd, tmp_path):
    # the hint was "indent only the lines of a block, after a line ending in ':'", and every
    # use of the counter was then "unknown"
    f = frostbite(tmp_path, "counter led_suit: suit", "  counter led_suit: suit")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report("""
        FILE:18:1: error: unexpected indentation
              counter led_suit: suit
            ^
          hint: 'counter' begins a top-level item: unindent it to the left margin
        1 error in FILE
        """, f)


def test_or_after_a_choice_between_two_answers(ruleforge_cmd, tmp_path):
    """`if current chooses "a" over "b" or true:` was a bare 'unexpected or'."""
    f = tmp_path / "choice.rules"
    f.write_text('game "X"\nplayers 2\ncards: standard deck in deck\nzone deck: pile\nturn:\n'
                 '    if current chooses "a" over "b" or true:\n        say "x"\n'
                 '    move top of deck to deck at bottom\nending e: nobody wins when deck is empty\n', encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:6:37: error: unexpected 'or' after a choice"]
    assert r.err.splitlines()[3] == ("  hint: a choice between two answers comes last, after at most 'CONDITION and': "
                                     "write 'if CONDITION and PLAYER chooses \"A\" over \"B\":', or test the rest in "
                                     "an 'if' inside")


def test_a_variants_value_read_from_a_parameter_further_down_the_base(ruleforge_cmd, tmp_path):
    """The hint said to move the base's parameter above the variant's line, which a
    variant cannot do: the base's order counts."""
    (tmp_path / "base.rules").write_text(
        'game "B"\nplayers 2\nparameter target = 40\nparameter hand_size = 5\ncards: standard deck in deck\n'
        'zone deck: pile\nturn:\n    move top of deck to deck at bottom\n'
        'ending e: nobody wins when count of deck < target + hand_size\n', encoding="utf-8")
    f = tmp_path / "v.rules"
    f.write_text('extends "base.rules"\nparameter target = hand_size * 10\n', encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:2:20: error: 'hand_size' is declared further down (base.rules:4): a "
                                         "parameter's default may use only the parameters above it"]
    assert r.err.splitlines()[3] == ("  hint: parameters keep the order of the file that declares them first, where "
                                     "'hand_size' comes later: write this value as a number")


# ---- 6. a word written twice ------------------------------------------------------------

@pytest.mark.parametrize("old, new, header, caret, hint", [
    # it said "unexpected number 1", expected '!=', '*', '+'...: the second 'by' read as a name
    ("trick_winner by 1", "trick_winner by by 1", "47:44: error: 'by' twice",
     " " * 43 + "^^", "write it once: increase tricks of trick_winner by 1"),
    ("move cards in table to won", "move cards in table to to won", "48:32: error: 'to' twice",
     " " * 31 + "^^", "write it once: move cards in table to won of trick_winner"),
    ("set best_card to none", "set best_card to to none", "50:26: error: 'to' twice",
     " " * 25 + "^^", "write it once: set best_card to none"),
    # (it said "unexpected 'hand'")
    ("players has hand of p", "players has has hand of p", "52:120: error: 'has' twice",
     " " * 119 + "^^^", "write it once: ending done \"every card is played\": players with the highest tricks win "
                        "when table is empty and every p in players has hand of p is empty"),
    # (it said "unexpected 'for'", expected 'each')
    ("for each p in players) = 52", "for for each p in players) = 52", "56:40: error: 'for' twice",
     " " * 39 + "^^^", "write it once: + sum of count of won of p for each p in players) = 52"),
])
def test_a_word_written_twice_is_said_at_the_second(ruleforge_cmd, tmp_path, old, new, header, caret, hint):
    f = frostbite(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    lines = r.err.splitlines()
    assert r.headers == [f"{f}:{header}"]
    assert [lines[2], lines[3]] == ["    " + caret, f"  hint: {hint}"]


@pytest.mark.parametrize("old, new, header", [
    # in a text, the words are the designer's; `not not` reads
    ('say "{trick_winner} takes', 'say "the the" "{trick_winner} takes',
     '46:23: error: unexpected quoted text ("...") "{trick_winner} takes the trick with {best_card}"'),
    ("if beats of card:", "if not not beats card:", "38:22: error: unexpected 'card'"),
])
def test_a_word_twice_in_a_text_or_a_double_not_is_no_slip(ruleforge_cmd, tmp_path, old, new, header):
    f = frostbite(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:{header}"]


@pytest.mark.parametrize("old, new, header, hint", [
    # a declaring word twice declared 'zone' or 'counter': every use of the name was unknown too
    ('zone deck "the deck"', 'zone zone deck "the deck"', "12:6: error: 'zone' twice",
     'write it once: zone deck "the deck": pile'),
    ("counter trick_winner: player", "counter counter trick_winner: player", "20:9: error: 'counter' twice",
     "write it once: counter trick_winner: player"),
    # the second word parsed as a name: it said "unknown name 'then'"
    ("then 14", "then then -14", "27:44: error: 'then' twice",
     "write it once: define high of card c = if c.rank = A then -14 else c.value"),
    # a line that goes on: it said "unexpected 'else'" on the next line
    ("define high of card c = if c.rank = A then 14 else c.value",
     "define high of card c = (if c.rank = A then the the 14\n    else c.value)", "27:49: error: 'the' twice",
     "write it once: define high of card c = (if c.rank = A then the 14"),
])
def test_a_word_twice_is_the_only_thing_said(ruleforge_cmd, tmp_path, old, new, header, hint):
    f = frostbite(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:{header}"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


@pytest.mark.parametrize("old, new, header, hint", [
    # it said "unknown name 'while'", then that who chooses must be a player, then "unknown name 'vader'"
    ("repeat while invader chooses", "repeat while while invader chooses", "92:18: error: 'while' twice",
     'write it once: repeat while invader chooses "reveal another card" over "stop":'),
    # it said a choice is made from a zone, "unknown player 'of'", that 'aces' belongs to the invader...
    ('aces of invader "to be the Alien"', 'aces of of invader "to be the Alien"', "74:52: error: 'of' twice",
     'write it once: let secret = invader chooses a card in aces of invader "to be the Alien"'),
])
def test_a_word_twice_read_as_a_name_is_said_alone(ruleforge_cmd, tmp_path, old, new, header, hint):
    text = (Path(__file__).parent.parent / "games" / "gufo.rules").read_text(encoding="utf-8")
    assert text.count(old) == 1
    f = tmp_path / "gufo.rules"
    f.write_text(text.replace(old, new), encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:{header}"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


DUEL = """\
game "Duel"
players 2
role north "North"
role south "South"

cards: standard deck in deck

zone deck: pile
zone hand per player: hand

setup:
    deal 3 cards from deck to hand of each player

turn:
    north takes an action

action draw by north:
    move top of deck to hand of north

ending done: nobody wins when deck is empty
"""

PILE = """\
game "Pile"
players 2

attribute kind: plain
cards: listed in deck

zone deck: pile
zone hand per player: hand

setup:
    deal 2 cards from deck to hand of each player

turn:
    current takes an action

action play "Play a card":
    with card in hand of current
    move card to deck
    resolve play effect of card by current

card "One":
    kind: plain
    copies: 4
    on play:
        move top of deck to hand of owner

ending done: nobody wins when deck is empty
"""


@pytest.mark.parametrize("text, old, new, header", [
    # it also said "1 roles are declared, so the game is for exactly 1 player", and 'north' unknown thrice
    (DUEL, 'role north', 'role role north', "3:6: error: 'role' twice"),
    # it also said "no card is listed" and "no card has an 'on play' effect"
    (PILE, "deck to hand of owner", "deck to to hand of owner", "25:29: error: 'to' twice"),
])
def test_a_word_twice_in_an_item_is_not_followed_by_its_consequences(ruleforge_cmd, tmp_path, text, old, new,
                                                                    header):
    f = tmp_path / "game.rules"
    f.write_text(text, encoding="utf-8")
    assert ruleforge_cmd("check", f).code == 0
    f.write_text(text.replace(old, new), encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and r.headers == [f"{f}:{header}"]


# ---- Thin Ice: mistakes made following docs/tutorial.md ----------------------------------

THIN_ICE = """\
game "Thin Ice"
players 2
parameter shore = 30
counter cracks per player = 0
counter heat per card = 0
quantity reach of p: 3
cards: standard deck in deck
zone deck "the deck": pile
zone discard "the discard pile": pile, face up
zone hand per player "hand": hand
zone trail per player "trail": pile, face up

setup:
    shuffle deck
    for each p in players:
        move top 3 cards of deck to hand of p
        move top of deck to trail of p

define distance of p = sum of c.value for each c in trail of p

turn:
    move top of deck to hand of current
    current takes an action

ending crossed "a skater reached the far shore": current wins when distance of current >= shore

action skate "Skate a card":
    with card in hand of current
    if card.suit = (top of trail of current).suit:
        say "the ice cracks under {current}"
        move cards in trail of current to discard
    move card to trail of current

when deck runs out:
    shuffle discard into deck
"""


def thin_ice(tmp_path: Path, *changes: str) -> Path:
    """Thin Ice with each `old` of the pairs in `changes` (found once) replaced by its `new`."""
    text = THIN_ICE
    for old, new in zip(changes[::2], changes[1::2]):
        assert text.count(old) == 1, f"Thin Ice should hold {old!r} once"
        text = text.replace(old, new)
    path = tmp_path / "tutorial.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_thin_ice_checks(ruleforge_cmd, tmp_path):
    r = ruleforge_cmd("check", thin_ice(tmp_path))
    assert (r.code, r.err) == (0, ""), r.err


@pytest.mark.parametrize("old, new, at, error, hint", [
    # it said "unknown counter 'cracks'", hint "did you mean 'cracks'?"
    ("    move card to trail of current\n", "    move card to trail of current\n    increase cracks by 1\n",
     "33:14", "'cracks' is a counter per player", "write 'cracks of current' (or of another player)"),
    ("current wins when distance", "current wins when cracks > 2 or distance",
     "25:68", "'cracks' is a counter per player", "write 'cracks of current' (or of another player)"),
    ("        move top of deck to trail of p\n", "        move top of deck to trail of p\n        set cracks to 1\n",
     "18:13", "'cracks' is a counter per player", "write 'cracks of p' (or of another player)"),
    ("    shuffle deck\n", "    shuffle deck\n    set cracks to 1\n",
     "15:9", "'cracks' is a counter per player", "write 'cracks of PLAYER'"),
    # (a per-card counter alone was "unknown counter 'heat'" with no hint)
    ("    move card to trail of current\n", "    move card to trail of current\n    increase heat by 1\n",
     "33:14", "'heat' is a counter per card", "write 'card.heat'"),
    ("if card.suit =", "if heat > 1 and card.suit =",
     "29:8", "'heat' is a counter per card", "write 'card.heat', or 'heat' alone inside 'where'"),
    ("current wins when distance of current", "current wins when reach > 2 or distance of current",
     "25:68", "'reach' is a quantity per player", "write 'reach of current' (or of another player)"),
    ("current wins when distance of current", "current wins when distance",
     "25:68", "'distance' takes a player", "write 'distance of current' (or of another player)"),
    ("    move card to trail of current\n", "    move card to trail\n",
     "32:18", "zone 'trail' belongs to a player", "write 'trail of current' (or of another player)"),
])
def test_a_name_kept_per_player_or_per_card_used_alone(ruleforge_cmd, tmp_path, old, new, at, error, hint):
    f = thin_ice(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:{at}: error: {error}"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


def test_an_action_without_its_with_line(ruleforge_cmd, tmp_path):
    # it said "unknown name 'card'", hint "did you mean 'discard'?", at each use
    f = thin_ice(tmp_path, "    with card in hand of current\n", "")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.err == report("""
        FILE:28:8: error: unknown name 'card'
                if card.suit = (top of trail of current).suit:
                   ^^^^
          hint: an action names the card it acts on with 'with card in ZONE', under its first line
        1 error in FILE
        """, f)


def test_a_slip_in_an_action_without_a_with_line_is_still_a_slip(ruleforge_cmd, tmp_path):
    f = thin_ice(tmp_path, "    with card in hand of current\n    if card.suit = (top of trail of current).suit:",
                 "    if (top of dicsard).suit = (top of trail of current).suit:")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:28:16: error: unknown zone 'dicsard'", f"{f}:31:10: error: unknown name 'card'"]
    assert "  hint: did you mean 'discard'?" in r.err.splitlines()


@pytest.mark.parametrize("written, column, error, hint", [
    # it said "cannot compare a suit with a card", then "a player has no attributes", hint
    # "attributes belong to cards and pieces"
    ("top of trail of current.suit", 44, "'top of trail of current.suit' reads as 'top of trail of (current.suit)', "
     "and a player has no attributes", "write (top of trail of current).suit"),
    ("the card in trail of current.suit", 49, "'the card in trail of current.suit' reads as 'the card in trail of "
     "(current.suit)', and a player has no attributes", "write (the card in trail of current).suit"),
    ("top of discard.suit", 35, "'top of discard.suit' reads as 'top of (discard.suit)', and a zone has no "
     "attributes", "write (top of discard).suit"),
])
def test_an_attribute_of_the_top_card_without_brackets(ruleforge_cmd, tmp_path, written, column, error, hint):
    f = thin_ice(tmp_path, "(top of trail of current).suit", written)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:29:{column}: error: {error}"]
    assert r.err.splitlines()[2:4] == [" " * (column + 3) + "^^^^", f"  hint: {hint}"]


@pytest.mark.parametrize("old, new, at, error, hint", [
    # it said hint "expected '.', 'of', 'slot', EXTREME"
    ("current wins when", "the other player wins when", "25:60", "unexpected 'player'",
     "who wins is a player, a list of players or nobody, as in: current wins, the player after current wins, "
     "opponents of current win, players with the highest NUMBER win, nobody wins"),
    # it said hint "expected '!=', '*', '+', '-', '.', '/', '<', '<=', ..."
    ("when distance of current >=", "when distance current >=", "25:77", "unexpected 'current' after 'distance'",
     "'distance' takes a player: write 'distance of current'"),
    ("when distance of current >=", "when distance of current > 1 or cracks current >=", "25:102",
     "unexpected 'current' after 'cracks'", "'cracks' is a counter per player: write 'cracks of current'"),
    ("    move card to trail of current\n", "    move card to trail current\n", "32:24",
     "unexpected 'current' after 'trail'", "zone 'trail' belongs to a player: write 'trail of current'"),
    ("    if card.suit =", "    if the 2 x of hand of current = 2 or card.suit =", "29:14", "unexpected name x",
     "expected '.', 'highest', 'lowest'"),
])
def test_a_syntax_error_says_what_to_write_in_a_designers_words(ruleforge_cmd, tmp_path, old, new, at, error, hint):
    f = thin_ice(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:{at}: error: {error}"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


def test_no_grammar_terminal_name_reaches_a_hint():
    """Every terminal the parser can expect is said in words: EXTREME was printed as is."""
    from ruleforge.lang.expected import describe_terminal
    from ruleforge.lang.parse import parser
    p = parser()
    states = p.parser.parser.parser.parse_table.states.values()
    names = {t.name for t in p.terminals if t.name not in p.lexer_conf.ignore} | {n for state in states for n in state}
    said = {n: describe_terminal(n) for n in names if n.isupper() or n.startswith(("$", "__ANON"))}
    assert all(said.values()), [n for n, words in said.items() if not words]
    assert not [w for words in said.values() for w in words if w.strip("'").isupper()]


@pytest.mark.parametrize("old, new, at", [
    # a tab followed by lines of 4 spaces said "this line's indentation matches no enclosing
    # block"; a file indented with tabs alone checked, though the language's page says
    # "use spaces, not tabs"
    ("    shuffle deck\n", "\tshuffle deck\n", "14:1"),
    ("        move top 3 cards", "    \tmove top 3 cards", "16:5"),
    ("    shuffle discard into deck\n", "\tshuffle discard into deck\n", "35:1"),
])
def test_a_tab_in_the_indentation_is_refused_where_it_is(ruleforge_cmd, tmp_path, old, new, at):
    f = thin_ice(tmp_path, old, new)
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:{at}: error: this line is indented with a tab"]
    assert r.err.splitlines()[3] == "  hint: indent with spaces, not tabs"


def test_a_tab_elsewhere_and_in_a_comments_indentation_is_allowed(ruleforge_cmd, tmp_path):
    f = thin_ice(tmp_path, "    shuffle deck\n", "\t# shuffle first\n    shuffle\tdeck\n")
    r = ruleforge_cmd("check", f)
    assert (r.code, r.err) == (0, ""), r.err


def test_no_shipped_rule_file_holds_a_tab():
    root = Path(__file__).resolve().parents[1]
    files = [p for folder in ("games", "examples", "tests/data") for p in (root / folder).rglob("*.rules")]
    assert files and not [p for p in files if "\t" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("written, hint", [
    # it said "move c to table", and Thin Ice has no zone 'table'
    ("put card on trail", "to put a card somewhere, move it: move card to trail of current"),
    ("put card on table", "to put a card somewhere, move it: move card to ZONE"),
    ("place card in discard", "to place a card, move it: move card to discard"),
    ("give card to p", "to give a card, move it: move card to hand of p"),
    ("draw a card", "to draw, move cards: move top of deck to hand of current"),
])
def test_a_verb_of_another_rulebook_is_said_with_the_games_zones(ruleforge_cmd, tmp_path, written, hint):
    f = thin_ice(tmp_path, "    move card to trail of current\n", f"    {written}\n")
    r = ruleforge_cmd("check", f)
    assert r.code == 1
    assert r.headers == [f"{f}:32:5: error: unknown statement '{written}'"]
    assert r.err.splitlines()[3] == f"  hint: {hint}"


# ---- a fresh reader's Lost Cities and Hanabi ---------------------------------------------

def test_an_event_no_rule_can_follow_lists_the_events(ruleforge_cmd, tmp_path):
    # it said "hint: expected 'runs'", reading `turn` as a zone
    path = frostbite_variant(tmp_path, "when turn ends:\n    set best_card to none\n")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err == report("""
        FILE:2:11: error: unexpected 'ends'
            when turn ends:
                      ^^^^
          hint: a rule for an event begins 'when ZONE runs out:', 'when the round begins:', 'when the round ends:' or 'when the game ends:'; what ends each turn goes at the end of 'turn:'
        1 error in FILE
        """, path)
    path = frostbite_variant(tmp_path, "when a card is played:\n    set best_card to none\n")
    assert ruleforge_cmd("check", path).err.splitlines()[3] == (
        "  hint: a rule for an event begins 'when ZONE runs out:', 'when the round begins:', 'when the round ends:' "
        "or 'when the game ends:'")


def test_a_condition_broken_over_lines_outside_brackets_says_to_bracket_it(ruleforge_cmd, tmp_path):
    # it said "indent only the lines of a block, after a line ending in ':'"
    path = frostbite(tmp_path, "    allowed if table is empty or card.suit = led_suit or",
                     "    allowed if table is empty or card.suit = led_suit\n        or")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err == report("""
        FILE:36:1: error: unexpected indentation
                    or no hand of current has suit = led_suit
            ^
          hint: a line cannot go on on the next one, except inside brackets: write the condition on one line, or put it in ( ), which may span lines
        1 error in FILE
        """, path)


def test_players_ranked_by_a_definition_of_two_values_says_how_to_rank_them(ruleforge_cmd, tmp_path):
    # it said "'won_of' is not a number counted per player", with no hint
    path = frostbite(tmp_path, "players with the highest tricks win", "players with the highest won_of win")
    path.write_text(path.read_text().replace(
        "# Aces are high.", "define won_of of player p, suit s = count of won of p where suit = s\n# Aces are high."))
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[1:4] == [
        '    ending done "every card is played": players with the highest won_of win when table is empty and every p '
        "in players has hand of p is empty",
        "                                                                 ^^^^^^",
        "  hint: 'won_of' takes more than a player: players are ranked by a number of a player alone; define one with "
        "won_of, such as define best of p = the highest of won_of of (p, x) for each x in LIST"]


def test_a_slip_in_a_variant_is_hinted_with_its_bases_zones(ruleforge_cmd, tmp_path):
    # in a variant it read "move top of ZONE to ZONE"; in the base, the game's own zones
    path = frostbite_variant(tmp_path, "when the round ends:\n    draw 1 card\n")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[0] == f"{path}:3:5: error: unknown statement 'draw 1 card'"
    assert r.err.splitlines()[3] == "  hint: to draw, move cards: move top of deck to hand of current"


def test_a_range_picked_with_in_says_from(ruleforge_cmd, tmp_path):
    # `with n in 1 to 13` read only "unexpected 'to'" and "expected ..."
    path = frostbite(tmp_path, "    with card in hand of current\n", "    with card in hand of current\n"
                     "    with n in 1 to 13  # a guess\n")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err.splitlines()[0] == f"{path}:35:17: error: unexpected 'to'"
    assert r.err.splitlines()[3] == "  hint: a number is picked from a range with 'from': with n from 1 to 13"


def test_a_definitions_parameter_of_no_kind_is_reported(ruleforge_cmd, tmp_path):
    # `define f of suitt s` passed in silence, `s` then holding anything; a called rule's
    # heading refused it
    path = frostbite(tmp_path, "# Aces are high.", "define led of suitt s = s = led_suit\n# Aces are high.")
    r = ruleforge_cmd("check", path)
    assert r.code == 1
    assert r.err == report("""
        FILE:26:21: error: 'suitt' is not a kind of value, so 's' cannot be one
            define led of suitt s = s = led_suit
                                ^
          hint: did you mean 'suit'?
        1 error in FILE
        """, path)
