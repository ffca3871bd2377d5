"""The code generator: `ruleforge compile` prints the Python the engine runs, that text
plays a golden game exactly, and nothing from a rule file reaches it but repr()'d values."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruleforge
from ruleforge.cli import cli
from ruleforge.load import check_source, read_source
from ruleforge.runtime import codegen
from ruleforge.runtime.events import Said

sys.path.insert(0, str(Path(__file__).parent))
from golden import full_games, play  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def printed(*args) -> str:
    result = CliRunner().invoke(cli, ["compile", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("path, players, name", [
    ("games/gufo.rules", None, "games-gufo-2p"),
    ("games/ufology.rules", 4, "games-ufology-4p"),
])
def test_the_printed_source_plays_a_golden_game(path, players, name):
    text = printed(str(ROOT / path), *(["--players", str(players)] if players else []))
    src_name, data = read_source(ROOT / path)
    _, checked = check_source(src_name, data, {})
    game = codegen.compile_game(checked, players, src_name, text=text)
    assert game.source == text
    for seed, want in full_games(name).items():
        assert play(game, seed) == want


def test_the_source_names_each_rule_and_its_line():
    text = printed(str(ROOT / "games/gufo.rules"))
    assert "# 'turn of invader' (line 83)\ndef r_turn_invader(st, fr):\n" in text
    assert "# 'action scan' (line 138)\ndef r_action_scan(st, fr):\n" in text
    assert text.startswith("# ruleforge: 'gUFO' compiled for 2 players\n")
    compile(text, "gufo", "exec")


def test_parameters_and_players_change_the_source():
    base = printed(str(ROOT / "games/gufo.rules"))
    more = printed(str(ROOT / "games/gufo.rules"), "--set", "reveal_count=3")
    assert "L[0] = 2\n" in base and "L[0] = 3\n" in more
    four = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    assert "compiled for 4 players" in four


def test_rule_file_text_reaches_the_source_only_as_repr(tmp_path):
    # a title and a said text that would be code if pasted into the source raw
    evil = "x'); import os; os.system('echo pwned') # '''"
    path = tmp_path / "evil.rules"
    path.write_text(
        f'game "{evil}"\nplayers 2\ncards: standard deck in box\n'
        'zone box: pile, face down\nzone pile: pile, face up\nending done: nobody wins\n'
        f'turn:\n    say "{evil}"\n    end the game with done\n')
    text = printed(str(path))
    code = compile(text, "evil", "exec")
    assert "os" not in code.co_names and "system" not in code.co_names
    assert repr(evil) in text
    game = ruleforge.load(path)
    st = game.new(1, record=True)
    assert Said(evil) in st.record


def test_the_compiled_module_is_made_once_per_file_parameters_and_players():
    a = ruleforge.load(ROOT / "games/gufo.rules")
    b = ruleforge.load(ROOT / "games/gufo.rules")
    c = ruleforge.load(ROOT / "games/gufo.rules", reveal_count=3)
    assert a.source is b.source and a.source != c.source
    assert a.setup is not b.setup  # each Game runs its own namespace


def test_an_error_names_the_rule_and_line_of_the_generated_code_it_came_from(tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(
        'game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
        'zone row: row of 3 slots\ncounter n = 5\nending done: nobody wins\n'
        'turn:\n    increase n by 1\n    move top of box to row slot n\n')
    game = ruleforge.load(path)
    with pytest.raises(ruleforge.RuleError) as e:
        game.new(1)
    assert e.value.rule == "turn" and e.value.span.line == 10
    assert str(e.value) == "in rule 'turn' (line 10): row has no slot 6 (it has slots 1 to 3)"


def test_an_error_in_a_block_written_again_names_its_own_line(tmp_path):
    """After the question the move is written in both branches (codegen/straighten.py):
    each copy keeps the rule-file line it came from."""
    path = tmp_path / "t.rules"
    path.write_text(
        'game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
        'zone row: row of 3 slots\ncounter n = 5\nending done: nobody wins\n'
        'turn:\n    if current chooses "more" over "less":\n        increase n by 1\n'
        '    move top of box to row slot n\n')
    game = ruleforge.load(path)
    assert game.source.count("if Z[0]: top_up(st, 0, d1)") == 2
    for k, n in ((0, 5), (1, 6)):  # less, more
        st = game.new(1)
        with pytest.raises(ruleforge.RuleError) as e:
            st.apply(st.legal_actions()[k])
        assert e.value.rule == "turn" and e.value.span.line == 11
        assert str(e.value) == f"in rule 'turn' (line 11): row has no slot {n} (it has slots 1 to 3)"


def _function(source: str, name: str) -> list[str]:
    lines = source.splitlines()
    start = lines.index(next(line for line in lines if line.startswith(f"def {name}(")))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines))
    return lines[start:end]


def test_state_machine_jumps_are_threaded_and_jumps_back_restart_the_loop():
    import re
    body = _function(printed(str(ROOT / "games/ufology.rules"), "--players", "4"), "r_turn_v")
    headers = {int(m.group(1)): i for i, line in enumerate(body) if (m := re.match(r" *if pc == (\d+):$", line))}
    only_jumps = {k for k, i in headers.items()
                  if re.match(r" *pc = \d+$", body[i + 1]) and (i + 2 == len(body) or body[i + 2].lstrip().startswith("if pc =="))}
    assert not only_jumps  # (the rule had such blocks: `if pc == 8: pc = 10`; now dropped)
    targets = {int(k) for k in re.findall(r"\bpc = (\d+)$", "\n".join(body), re.M)}
    assert set(headers) - {0} <= targets | {2, 10, 15, 19}  # (a decision's own block: offer_again)
    backward = 0
    for i, line in enumerate(body):
        m = re.match(r"( *)pc = (\d+)$", line)
        if m is None:
            continue
        target = int(m.group(2))
        if headers[target] < i:  # a jump back: the loop starts again at once
            assert body[i + 1] == m.group(1) + "continue", (i, line)
            backward += 1
        else:
            assert body[i + 1].strip() != "continue", (i, line)
    assert backward >= 2  # the loop over the discards, from the blocks its effects go on at
    # the draw loop goes round within its block, as a Python loop with no block test
    draw = body.index(next(line for line in body if "top_to_hand(st, 1, d2)" in line))
    assert body[draw + 1].strip() == "continue" and body[headers[0] + 1].strip() == "while True:"


def test_a_rule_runs_straight_from_a_decision_to_the_next():
    """The blocks between two stops are written where they are reached (codegen/
    straighten.py): after the turn's menu the rule goes to its discards with no block
    test; a block kept only for offer_again (a decision's own) is tested last; the
    blocks reached only by jumps written straight are gone."""
    import re
    body = _function(printed(str(ROOT / "games/ufology.rules"), "--players", "4"), "r_turn_v")
    headers = [int(m.group(1)) for line in body if (m := re.match(r" *if pc == (\d+):$", line))]
    assert headers == [0, 1, 3, 4, 11, 16, 20, 21, 22, 24, 2, 10, 15, 19]  # 5, 6, 7 and 23: written straight
    after_menu = "\n".join(body[body.index("            if pc == 3:"):body.index("            if pc == 4:")])
    assert "pc = " not in after_menu.replace("fr.pc = ", "").replace("pc = 21", "")  # (21: the loop over discards)
    assert "'discard a card or keep your hand?'" in after_menu and "'to discard', 'c', SITE_17" in after_menu
    assert "st.stack.pop()" in after_menu  # nothing to discard and no effect: the turn ends here
    # gUFO's Invader: the answer to the UFO to advance goes on to the next question
    invader = "\n".join(_function(printed(str(ROOT / "games/gufo.rules")), "r_turn_invader"))
    advance = invader[invader.index("if pc == 4:") + 1:]
    assert advance.index("st.waiting = SITE_3") < advance.index("if pc ==")


@pytest.mark.parametrize("rules, players", [("games/ufology.rules", 4), ("games/gufo.rules", None)])
def test_each_decision_of_a_straightened_rule_is_made_again_and_goes_on_alike(rules, players):
    """A decision written straight where it is reached keeps its own block: made again
    from `fr.pc - 1` (engine.offer_again, check --deep) it offers the same actions, and a
    clone so made goes on to the same next decision."""
    from ruleforge.runtime.engine import offer_again
    game = ruleforge.load(ROOT / rules, players=players)
    decisions = 0
    for seed in range(3):
        st = game.new(seed)
        while not st.is_over:
            offered = st.legal_actions()
            again = st.clone()
            offer_again(again)
            assert [str(a) for a in again.legal_actions()] == [str(a) for a in offered]
            assert again.pending[:2] == st.pending[:2]
            k = (seed + decisions) % len(offered)
            st.apply(offered[k])
            again.apply(again.legal_actions()[k])
            assert again.is_over == st.is_over
            if not st.is_over:
                assert [str(a) for a in again.legal_actions()] == [str(a) for a in st.legal_actions()]
            decisions += 1
    assert decisions > 60


def test_a_long_state_machine_tests_a_group_of_blocks_then_a_block():
    import re
    body = _function(printed(str(ROOT / "games/ufology.rules"), "--players", "4"), "r_turn_v")
    guards = [(i, line) for i, line in enumerate(body) if re.match(r" *if pc in \(", line)]
    headers = [(i, line) for i, line in enumerate(body) if re.match(r" *if pc == \d+:$", line)]
    assert len(headers) == 14 and len(guards) == 4  # about the square root of 14 blocks a group
    pad = re.match(r"( *)", guards[0][1]).group(1)
    assert all(line.startswith(pad + "if pc in (") for _, line in guards)
    for g, (at, guard) in enumerate(guards):  # each guard lists exactly the blocks under it, in order
        end = guards[g + 1][0] if g + 1 < len(guards) else len(body)
        inside = [int(re.search(r"\d+", line).group()) for i, line in headers if at < i < end]
        assert guard.strip() == f"if pc in ({', '.join(map(str, inside))}):"
        assert all(line.startswith(pad + "    if pc ==") for i, line in headers if at < i < end)
    # a rule whose blocks are few keeps one plain chain of tests
    radar = _function(printed(str(ROOT / "games/gufo.rules")), "r_turn_radar")
    assert not any("if pc in (" in line for line in radar) and sum("if pc ==" in line for line in radar) == 2


def test_menus_keep_rows_named_the_same_way_at_every_decision():
    source = printed(str(ROOT / "games/gufo.rules"))
    scan = "\n".join(_function(source, "enum_scan_menu"))
    assert "seconds = tuple(RANGE_2_8)" in scan and "acts.extend(row[1])" in scan  # card x altitude, no test
    bengal = "\n".join(_function(source, "enum_bengal_light_menu"))
    assert "for v1, act1, val1 in row[3]:" in bengal and "AT_value[v0]" in bengal  # filtered by 'allowed if'
    shoot = "\n".join(_function(source, "enum_shoot_menu"))
    kept = shoot.index("if len(dom) <= ROW_LIMIT:")  # three pieces: one row, kept whole...
    assert "got = cache.get(dom)" in shoot[kept:] and "for " not in shoot[:shoot.index("return", kept)]
    assert "for label0, v0, pay0 in row:" in shoot  # ...and a row too long to keep goes one action at a time
    assert "RANGE_2_8 = (2, 3, 4, 5, 6, 7, 8)" in source



def test_the_endings_are_checked_only_after_a_change_they_can_see():
    # gUFO's endings read the UFOs' altitudes and the Alien's zone: the checks after a
    # card revealed from the deck, the discard pile moved, the deck shuffled or the
    # exhaustions counted are left out (codegen/footprint.py)
    src = printed(str(ROOT / "games/gufo.rules"))
    checks = lambda name: sum("check_immediate(st): return" in line for line in _function(src, name))
    assert checks("r_turn_invader") == 3    # two descents, and the card chosen to remove (it may lie anywhere)
    # the endings read the altitudes only in tests `altitude = 1`: a descent is checked
    # only when it reaches 1 (Footprints.equal_only)
    assert [line.strip() for line in _function(src, "r_turn_invader") if "check_immediate" in line] == [
        "if V[i3] == 1 and check_immediate(st): return", "if V[i7] == 1 and check_immediate(st): return",
        "if check_immediate(st): return"]
    assert checks("r_event_v") == 0         # the exhaustions counter, the reshuffle
    assert checks("r_action_scan") == 1     # a card of the hand swapped: the swap is checked
    assert checks("r_action_bengal_light") == 2
    assert checks("r_setup") == 1           # the Alien's ace moved to its zone


def _ending_game(tmp_path, ending: str):
    path = tmp_path / "t.rules"
    path.write_text(
        'game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
        'zone pit: pile, face up\ncounter n = 0\ncounter m = 0\n'
        f'ending full "done": nobody wins when {ending}\n'
        'turn:\n    increase n by 1\n    increase m by 1\n    move top of box to pit\n    increase n by 1\n')
    return ruleforge.load(path)


@pytest.mark.parametrize("ending, pit, m, checked, guard", [
    ("n = 3", 1, 1, 2, "V[0] == 3"),      # reads n: checked after each increase of n, not after m's or the move,
    ("3 = n or m = 9", 1, 1, 3, None),    # and only when n is 3; here m is read too
    ("n >= 3", 1, 1, 2, None),            # not a test of n's value: checked after each increase
    ("count of pit = 2", 2, 2, 1, None),  # reads the pit: checked after the move alone
    ("n = 3 and current = current", 1, 1, 4, None),  # reads the turn flow: checked after every change, as before
])
def test_an_ending_still_ends_the_game_at_the_change_that_makes_it_hold(tmp_path, ending, pit, m, checked, guard):
    game = _ending_game(tmp_path, ending)
    lines = [line.strip() for line in _function(game.source, "r_turn_v") if "check_immediate(st)" in line]
    assert len(lines) == checked
    if guard is not None:
        assert all(line == f"if {guard} and check_immediate(st): return" for line in lines)
    elif "m = 9" in ending:
        assert lines == ["if V[0] == 3 and check_immediate(st): return", "if V[1] == 9 and check_immediate(st): return",
                         "if V[0] == 3 and check_immediate(st): return"]
    else:
        assert all(line == "if check_immediate(st): return" for line in lines)
    st = game.new(1)
    assert st.is_over and st.result.ending == "full"
    assert len(st.cards_in("pit")) == pit and st.counter("m") == m


TAIL = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
counter n per player = 0
counter after = 0
ending done: nobody wins when n of player 1 >= 2
action go:
    with k from 1 to 2
    increase n of current by 1
    if k = 1:
        end turn
    increase after by 1
turn:
    current takes an action
"""


@pytest.mark.parametrize("pick, n1, n2, after, turns", [(0, 2, 1, 0, 3), (1, 2, 1, 2, 3)])
def test_a_rules_last_takes_an_action_gives_its_place_to_the_action(tmp_path, pick, n1, n2, after, turns):
    # The turn has nothing left to do once its action is taken: its frame goes, and the
    # action's rule runs in its place (one frame and one resumption fewer a turn). An
    # `end turn` inside the action still ends just that turn.
    path = tmp_path / "tail.rules"
    path.write_text(TAIL)
    game = ruleforge.load(path)
    body = _function(game.source, "r_turn_v")
    assert [line.strip() for line in body if "stack.pop()" in line or "start_action" in line][:2] == [
        "st.stack.pop()", "start_action(st, t1)"]
    st = game.new(1)
    while not st.is_over:
        st.apply(st.legal_actions()[pick])
    assert (st.counter("n", 0), st.counter("n", 1), st.counter("after"), st.turns) == (n1, n2, after, turns)


def test_a_card_menu_takes_the_short_way_only_when_the_seat_sees_every_card(tmp_path):
    # the menu part of a card parameter tests first whether the seat sees all its cards
    # (then no action names a place); one card it cannot see sends it the general way
    source = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    agenda = "\n".join(_function(source, "enum_archive_agenda_menu"))  # a face-down card of a face-up pile
    assert "cards0 = sorted([e1 for e1 in Z[(9, 10, 11, 12)[seat]] if (st.up[e1] == 0)])" in agenda  # no set
    assert agenda.index("if not (up[v0] or kn[v0] & bit):") < agenda.index("for v0 in cards0:", agenda.index("else:")) \
        < agenda.index("row = named(st, seat, cards0, 'card', names[0])")
    sys.path.insert(0, str(Path(__file__).parent))
    from test_honest_actions import STEAL
    path = tmp_path / "steal.rules"
    path.write_text(STEAL.format(before="    current looks at top of hand of (the player after current)\n"))
    st = ruleforge.load(path).new(1)
    assert st.cards_in("hand", 1) == ["3♥", "10♣", "8♣"]
    assert [str(a) for a in st.legal_actions()] == [
        "take(c=8♣)",  # seen: by name, first
        "take(c=the 1st hidden card of hand of player 2)",
        "take(c=the 2nd hidden card of hand of player 2)"]
    st.apply(st.legal_actions()[2])
    assert st.cards_in("hand", 1) == ["3♥", "8♣"]


OWN_HAND = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
ending done: nobody wins
setup:
    shuffle box
    for each p in players:
        move top 2 cards of box to hand of p
{blind}action discard:
    with c in hand of current
    move c to pile
turn:
    current takes an action
    end the game with done
"""


def test_the_seats_own_private_cards_need_no_test_unless_a_rule_puts_one_there_face_down(tmp_path):
    # a card that comes into a private zone is shown to its owner: a menu over the
    # seat's own hand names every card with no test of what the seat knows...
    source = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    for menu in ("enum_play_menu", "enum_archive_menu", "enum_swap_menu"):
        body = "\n".join(_function(source, menu))
        assert "kn[v0] & bit" not in body and "row = named(st, seat, cards0" not in body, menu
        assert "# every one seen by the seat, always (CodeGenerator.always_seen)" in body
    assert "kn[v0] & bit" in "\n".join(_function(source, "enum_archive_agenda_menu"))  # an agenda lies face down there
    path = tmp_path / "own.rules"
    path.write_text(OWN_HAND.format(blind=""))
    game = ruleforge.load(path)
    assert "kn[v0] & bit" not in "\n".join(_function(game.source, "enum_discard_menu"))
    st = game.new(3)
    assert [str(a) for a in st.legal_actions()] == [f"discard(c={c})" for c in sorted(
        st.cards_in("hand", 0), key=game.card_index.__getitem__)]
    # ... but once a rule puts a card there face down, its owner may not know it: tested,
    # and such a card is named by its place
    path.write_text(OWN_HAND.format(blind="    move top of box to hand of player 1 face down\n"))
    game = ruleforge.load(path)
    assert "kn[v0] & bit" in "\n".join(_function(game.source, "enum_discard_menu"))
    st = game.new(3)
    assert len(st.cards_in("hand", 0)) == 3
    assert [str(a) for a in st.legal_actions()][-1] == "discard(c=the 1st hidden card of hand of player 1)"
    # a choice of the chooser's own cards likewise: no test, unless a card may lie there unseen
    chosen = OWN_HAND.replace("    current takes an action\n",
                              '    let c = current chooses a card in hand of current "to discard"\n')
    for blind, site in (("", "seen=True"), ("    move top of box to hand of player 1 face down\n", "")):
        path.write_text(chosen.format(blind=blind))
        game = ruleforge.load(path)
        line = next(line for line in game.source.splitlines() if line.startswith("SITE_") and "Choice(" in line)
        assert line.endswith(f"Choice(GAME, 'c', 'card', distinct=True{', ' + site if site else ''})")
        st = game.new(3)
        names = [str(a) for a in st.legal_actions()]
        if blind:
            assert names[-1] == "the 1st hidden card of hand of player 1" and len(names) == 3
        else:
            assert names == sorted(st.cards_in("hand", 0), key=game.card_index.__getitem__)


FACE_UP = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
ending done: nobody wins
setup:
    shuffle box
    move top 3 cards of box to pile
{flip}turn:
    let c = current chooses a card in pile "to keep"
    end the game with done
"""


def test_a_face_up_piles_cards_need_no_test_unless_a_card_may_be_flipped_there(tmp_path):
    # everyone knows a card that comes into a face-up pile...
    gufo = printed(str(ROOT / "games/gufo.rules"))
    sites = [line for line in gufo.splitlines() if line.startswith(("SITE_1 =", "SITE_4 ="))]
    assert all(line.endswith("distinct=True, seen=True)") for line in sites) and len(sites) == 2  # the revealed cards
    bengal = "\n".join(_function(gufo, "enum_bengal_light_menu"))  # the Radar Operator's own hand (seat 1)
    assert "kn[v0] & bit" not in bengal and "# every one seen by the seat, always" in bengal
    path = tmp_path / "up.rules"
    path.write_text(FACE_UP.format(flip=""))
    game = ruleforge.load(path)
    assert "Choice(GAME, 'c', 'card', distinct=True, seen=True)" in game.source
    st = game.new(5)
    assert [str(a) for a in st.legal_actions()] == sorted(st.cards_in("pile"), key=game.card_index.__getitem__)
    # ... but a card flipped face down there is known only to those who saw it: tested
    path.write_text(FACE_UP.format(flip="    flip top of pile\n"))
    game = ruleforge.load(path)
    assert "Choice(GAME, 'c', 'card', distinct=True)" in game.source
    st = game.new(5)
    assert len(st.legal_actions()) == 3


def test_a_function_looks_up_only_the_shorthands_it_reads():
    source = printed(str(ROOT / "games/gufo.rules"))
    shoot = _function(source, "enum_shoot_menu")  # three pieces: it reads neither zones nor numbers
    assert not any(line.strip() in ("Z = st.zones", "V = st.vars") for line in shoot)
    setup = _function(source, "r_setup")  # it moves cards between zones, and sets no number
    assert "    Z = st.zones" in setup and "    V = st.vars" not in setup
    invader = _function(source, "r_turn_invader")  # altitudes are numbers
    assert "    V = st.vars" in invader


REBIND = """\
game "Rebind"
players 2
cards: standard deck in deck
zone deck "the deck": pile
zone discard "the discard pile": pile
zone hand per player: hand
counter n = 0
setup:
    move top 3 cards of deck to hand of player 1
    move top 3 cards of deck to hand of player 2
turn:
    current takes an action
    increase n by 1
action play "Play":
    with card in hand of current
    move card to discard
    move top of deck to discard as drawn
    move drawn to hand of current
ending done "six turns": nobody wins when n = 6
"""


def test_a_card_parameter_is_a_card_for_sure_and_a_name_bound_by_as_is_tested(tmp_path):
    path = tmp_path / "rebind.rules"
    path.write_text(REBIND)
    play = _function(printed(str(path)), "r_action_play")
    assert play[1:4] == ["    card_0, actor = fr.L[:2]", "    Z = st.zones", "    c1 = card_0"]
    assert play[5] == "    move_card(st, c1, d2)"  # the parameter: no test for none
    # `as drawn` binds a name the empty deck leaves as none: tested
    assert sum(line.strip().endswith("is not None:") for line in play) == 2
    game = ruleforge.load(path)
    st = game.new(0)
    # an empty deck: each card played goes to the discard pile, and nothing comes back
    from ruleforge.runtime.board import move_cards
    move_cards(st, tuple(st.zones[0]), 1)
    played = []
    while not st.is_over:
        first = st.legal_actions()[0]
        played.append(first.args[0][1].name)
        st.apply(first)
    assert len(played) == 6 and st.cards_in("discard")[-6:] == played
    assert st.cards_in("hand", 0) == st.cards_in("hand", 1) == []


MOVE_UP = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone shown per player: pile, face up
zone hand per player: hand
ending done: nobody wins
setup:
    shuffle box
    move top 2 cards of box to hand of player 1
turn:
    let c = current chooses a card in hand of current "to show"
    move c to pile
    move top of box to pile face down
    move top of box to shown of current
    move top of box to hand of current
    move top of box to box face up
    end the game with done
"""


def test_a_card_that_lands_face_up_on_top_is_moved_without_the_look_ups(tmp_path):
    path = tmp_path / "up.rules"
    path.write_text(MOVE_UP)
    game = ruleforge.load(path)
    moves = [line.strip().removeprefix("if Z[0]: ") for line in game.source.splitlines()]
    moves = [line for line in moves if line.startswith(("move_up(", "move_card(", "top_to_hand(", "top_up("))]
    # a face-up pile, every seat's face-up pile, and `face up` asked for: move_up (a pile's
    # top card, written shorter still: top_up); the pile with `face down`: move_card with
    # its look-ups; a hand: a pile's top card, written short (tests/test_tops.py)
    assert [line.split("(")[0] for line in moves] == ["move_up", "move_card", "top_up", "top_to_hand", "top_up"]
    st = game.new(3)
    box = st.cards_in("box")
    shown = st.cards_in("hand", 0)[0]
    st.apply(next(a for a in st.legal_actions() if str(a) == shown))
    pile, mine = st.cards_in("pile"), st.cards_in("shown", 0)
    assert pile == [shown, box[-1]] and mine == [box[-2]]
    assert st.cards_in("box")[-1] == box[-4]  # turned face up on top of the box
    idx = game.card_index
    up = [st.up[idx[name]] for name in (shown, box[-1], box[-2], box[-4])]
    assert up == [1, 0, 1, 1]
    assert [st.known[idx[name]] for name in (shown, box[-2], box[-4])] == [0b11] * 3
    assert st.known[idx[box[-1]]] == 0  # face down from a face-down box: nobody saw it


MOVE_ALL = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
zone stock: pile, face down
ending done: nobody wins
setup:
    shuffle box
    move top 3 cards of box to hand of player 1
    move top 2 cards of box to pile
    for each c in hand of player 1:
        player 2 looks at c
turn:
    let c = current chooses a card in pile "to start"
    move cards in hand of current to box
    move cards in pile to hand of current
    move cards in box to box
    shuffle hand of current into stock
    end the game with done
"""


def test_a_whole_zone_moves_as_one_list_and_leaves_what_card_by_card_moves_leave(tmp_path):
    from ruleforge.runtime.board import move_card, shuffle_zone
    path = tmp_path / "all.rules"
    path.write_text(MOVE_ALL)
    game = ruleforge.load(path)
    turn = "\n".join(_function(game.source, "r_turn_v"))
    assert turn.count("move_all(st, ") == 4 and "move_cards(" not in turn  # the shuffle's too
    st = game.new(4)
    by_hand = st.clone()
    box, pile, hand, stock = 0, 1, 2, 4
    assert [(z.decl, z.owner) for z in game.zinst] == [("box", -1), ("pile", -1), ("hand", 0), ("hand", 1), ("stock", -1)]
    mine, shown = tuple(st.zones[hand]), tuple(st.zones[pile])
    assert {st.known[c] for c in mine + shown} == {0b11}  # player 2 has looked at player 1's hand
    st.apply(st.legal_actions()[0])
    # the same moves, card by card, bottom card first
    for src, dst in ((hand, box), (pile, hand), (box, box), (hand, stock)):
        for c in tuple(by_hand.zones[src]):
            move_card(by_hand, c, dst)
    shuffle_zone(by_hand, stock)
    assert st.zones == by_hand.zones and st.zones[box][-3:] == list(mine) and sorted(st.zones[stock]) == sorted(shown)
    # from a hand face down, only its owner still knows a card; shuffled, nobody knows which is which
    assert [st.known[c] for c in mine] == [0b01] * 3 and [st.known[c] for c in shown] == [0, 0]
    assert st.loc == by_hand.loc and st.up == by_hand.up and st.known == by_hand.known


RULE_FILES = sorted([*ROOT.glob("games/*.rules"), *ROOT.glob("games/variants/*.rules"), *ROOT.glob("examples/*.rules")])


def test_a_sites_whole_menu_offers_what_its_actions_own_menus_offer(monkeypatch):
    # every menu made in seeded random games of every rule file is made twice, by the
    # site's whole menu and by its actions' menus one by one: the same actions, payloads
    # and work
    from ruleforge.runtime import actions
    from ruleforge.runtime.rng import Random
    make = actions.Menu.make
    compared = {}

    def both(self, st, seat):
        work = st.work
        got = make(self, st, seat)
        if self.whole is not None:
            spent, st.work = work - st.work, work
            whole, self.whole = self.whole, None
            try:
                assert make(self, st, seat) == got and work - st.work == spent
            finally:
                self.whole = whole
            compared[self.game.title] = compared.get(self.game.title, 0) + 1
        return got

    monkeypatch.setattr(actions.Menu, "make", both)
    for path in RULE_FILES:
        game = ruleforge.load(path)
        for seed in range(4):
            st, rng = game.new(seed), Random(seed)
            while not st.is_over and st.decisions < 150:
                legal = st.legal_actions()
                st.apply(legal[rng.below(len(legal))])
    assert compared["gUFO"] > 50 and compared["UFO*logy"] > 50
    assert len(compared) >= 8, sorted(compared)  # most rule files have a site made whole


def test_a_whole_menu_is_its_actions_menus_one_after_another_and_its_errors_name_the_action(tmp_path):
    from ruleforge.runtime.codegen.wholemenus import _TOTAL_TEST, _inlinable
    source = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    whole = "\n".join(_function(source, "whole_menu_0"))
    order = [whole.index(f"# action '{name}'") for name in ("archive", "archive_agenda", "play", "swap", "trash")]
    assert order == sorted(order) and order[1] < whole.index("acts.append(PASS)") < order[2]
    # each body's return: a break (and a menu to be made action by action: None)
    assert "return" not in whole.replace("return tuple(acts), tuple(vals)", "").replace("return None", "")
    # each row's combinations counted, charged once at the end; a row in a loop of its body
    # (swap's, for each card of the hand) bounded as it goes
    assert whole.count("c_ += len(") == 6 and "st.work -= n_" not in whole and whole.count("st.work -= c_") == 1
    assert whole.count("if c_ > st.work or c_ >= MAX_MENU:") == 2 and whole.count("raise AnyError") == 1
    # archive and swap sort the seat's hand: once a menu; play filters the sorted hand
    assert whole.count("sorted0 = sorted(Z[(5, 6, 7, 8)[seat]])") == 2 and whole.count("cards0 = sorted0") == 2
    assert ("cards0 = [e1 for e1 in sorted0 if (AT_type[e1] in ('CE4', 'strangeness'))] if sorted0 is not None "
            "else sorted([e1 for e1 in Z[(5, 6, 7, 8)[seat]] if (AT_type[e1] in ('CE4', 'strangeness'))])") in whole
    assert "cards0 = sorted([e1 for e1 in Z[(9, 10, 11, 12)[seat]] if (st.up[e1] == 0)])" in whole  # sorted once only
    # only a test that cannot fail filters the kept cards (an error would come in another order)
    assert _TOTAL_TEST.fullmatch("(AT_type[e1] in ('CE4', 'strangeness'))")
    assert not _TOTAL_TEST.fullmatch("(ga_value(st, e1) > 3)") and not _TOTAL_TEST.fullmatch("(A_value[e1] > 3)")
    assert ("SITE_16 = Menu(GAME, ACTIONS.values(), True, None, menu_key_0, (whole_menu_0, "
            "('archive', 'archive_agenda', 'pass', 'play', 'swap', 'trash')))") in source
    # a body that returns from inside a loop of its own could not be inlined
    assert _inlinable(["    for v0 in cards0:", "        if not (up[v0]):", "            break", "    else:",
                       "        return"])
    assert not _inlinable(["    for v0 in cards0:", "        if v0:", "            return"])
    # an action of three parameters has no menu function: its site is made the generic way
    path = tmp_path / "three.rules"
    path.write_text(REBIND.replace('    with card in hand of current\n',
                                   '    with card in hand of current\n    with a from 1 to 2\n    with b from 1 to 2\n'))
    three = printed(str(path))
    assert "def whole_menu_" not in three and "whole_menu_0 = None  # an action with no menu function" in three
    # a site in a rule written before the actions (an event's) has its whole menu too
    path.write_text(REBIND.replace("turn:\n", "when the round ends:\n    player 1 takes an action\nturn:\n"))
    assert "SITE_0 = Menu(GAME, ACTIONS.values(), False, None, menu_key_0, (whole_menu_0, ('play',)))" \
        in printed(str(path))
    # the error of a menu too large names the action and its line, as its own menu did
    path.write_text(REBIND.replace('action play "Play":\n', 'action pick "Pick":\n    with a from 1 to 10000\n'
                                   '    with b from 1 to 10000\n    increase n by 1\naction play "Play":\n'))
    assert "def whole_menu_0" in printed(str(path))
    with pytest.raises(ruleforge.RuleError) as e:
        ruleforge.load(path).new(1)
    assert str(e.value).startswith("in rule 'action pick: its menu' (line 14), reached from 'turn' (line 12): action "
                                   "'pick' would offer more than 100,000 combinations")


def test_a_quantifier_over_a_quantifier_of_its_kind_is_one_generator(tmp_path):
    # `any p in players has any c in case_file of p has ...`: one generator over both
    # loops, not a generator made again for each player
    source = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    assert ("return any((V[61 + e2] == 1) for e1 in in_game(st, (0, 1, 2, 3)) for e2 in "
            "Z[(9, 10, 11, 12)[e1]])") in source
    path = tmp_path / "q.rules"
    path.write_text(REBIND.replace('ending done "six turns": nobody wins when n = 6\n',
                                   'ending done "six turns": nobody wins when n = 6\n'
                                   'ending a "a": nobody wins when any p in players has any c in hand of p has c.value = 20\n'
                                   'ending b "b": nobody wins when no p in players has any c in hand of p has c.value = 1\n'
                                   'ending c "c": nobody wins when any p in players has every c in hand of p has c.value = 30\n'))
    text = printed(str(path))
    assert "return any((AT_value[e2] == 20) for e1 in in_game(st, (0, 1)) for e2 in Z[(2, 3)[e1]])" in text
    assert "return (not any((AT_value[e2] == 1) for e1 in in_game(st, (0, 1)) for e2 in Z[(2, 3)[e1]]))" in text
    # any over every: a generator for each player, as before (all() is not any())
    assert "return any(all((AT_value[e2] == 30) for e2 in Z[(2, 3)[e1]]) for e1 in in_game(st, (0, 1)))" in text


def test_a_whole_menu_charges_its_rows_at_the_end_and_fails_where_its_actions_menus_fail():
    # the rows' combinations are counted and charged once (codegen/wholemenus.py); short
    # of work, the menu is made action by action: the same error, the same work left
    from ruleforge.runtime import actions
    game = ruleforge.load(ROOT / "games/ufology.rules", players=4)
    st = game.new(3)
    names = next(iter(game.turn_procs)).fn.__globals__
    [menu] = [v for k, v in names.items() if k.startswith("SITE_") and isinstance(v, actions.Menu)]
    seat = st.current_player
    full = st.clone()
    acts, vals = menu.make(full, seat)
    cost = st.work - full.work
    assert cost == len(acts) - 1 > 3  # every action but pass, charged once
    whole = menu.whole
    outcomes = []
    for work in range(cost + 2):
        for made_whole in (True, False):
            s = st.clone()
            s.work = work
            menu.whole = whole if made_whole else None
            try:
                got = menu.make(s, seat)
            except ruleforge.RuleError as e:
                got = str(e)
            finally:
                menu.whole = whole
            outcomes.append((work, made_whole, got, s.work))
    for (w1, _, got1, left1), (w2, _, got2, left2) in zip(outcomes[::2], outcomes[1::2]):
        assert w1 == w2 and got1 == got2 and left1 == left2
    assert "work" in outcomes[0][2] and outcomes[-1][2] == (acts, vals) and outcomes[-1][3] == 1
    s = st.clone()
    s.work = cost - 1
    assert whole(s, seat, menu._whole_by_seat[seat]) is None and s.work == cost - 1  # (left to Menu.make)


def test_an_actions_rule_ending_with_resolve_gives_the_effect_its_place():
    # the rule stops nowhere else: it runs straight, and leaves the stack to the effect
    source = printed(str(ROOT / "games/ufology.rules"), "--players", "4")
    archive = "\n".join(_function(source, "r_action_archive"))
    assert "pc" not in archive.replace("fr.L", "") and archive.count("st.stack.pop()") == 2
    assert ("    if p6 is not None:  # the effect's rule runs in this rule's place\n        st.stack.pop()\n"
            "        push_effect(st, p6, c5, actor)\n        return\n    st.stack.pop()") in archive
    # an effect's rule that ends with resolve keeps its frame (one that resolves itself
    # must stop at the depth of rules: tests/test_mutants.py's trigger_loop)
    assert "the effect's rule runs in this rule's place" not in "\n".join(
        line for name in re.findall(r"^def (r_effect_\w+)", source, re.M) for line in _function(source, name))
    # at an archive effect's decision the action's rule is gone: the turn (or the game's
    # end), then the effect
    game = ruleforge.load(ROOT / "games/ufology.rules", players=4)
    seen = set()
    for seed in range(40):
        st, rng = game.new(seed), __import__("random").Random(seed)
        while not st.is_over:
            names = [f.proc.name for f in st.stack]
            seen.update(n for n in names if n.startswith("action"))
            if len(names) > 1 and names[1].endswith("on archive"):
                assert names[0] in ("turn", "when the game ends") and not any(n.startswith("action") for n in names)
                seen.add("effect")
            st.apply(rng.choice(st.legal_actions()))
    assert seen == {"effect"}  # (no action's rule is ever left waiting)


def test_every_decision_of_every_rule_file_keeps_the_block_it_is_made_again_from():
    """A decision that goes on at block k is made again from block k - 1 (engine.
    offer_again: check --deep, and the test that offered actions do not depend on hidden
    cards). Straightening dropped the head of a pick-until-done loop (`offer_chosen`), which
    is such a block: Gin Rummy's lay-off made again ran on at a block that was not there,
    round the state machine's loop without end."""
    sys.path.insert(0, str(ROOT / "tests"))
    from golden import player_counts, rule_files
    decisions = re.compile(r"\s*(offer_choice|offer_chosen|offer_menu|decide|st\.waiting = )")
    checked = 0
    for path in rule_files():
        game = ruleforge.load(path, players=next(iter(player_counts(path))))
        lines = game.source.splitlines()
        blocks, function = set(), None
        for i, line in enumerate(lines):
            if line.startswith("def "):  # the blocks of this function: up to the next def
                function, blocks = line, set()
                for j in range(i + 1, len(lines)):
                    if lines[j].startswith("def "):
                        break
                    m = re.match(r"^\s*if pc == (\d+):$", lines[j])
                    if m:
                        blocks.add(int(m.group(1)))
            m = re.match(r"^\s*fr\.pc = (\d+)$", line)
            if m and decisions.match(lines[i - 1]):
                assert int(m.group(1)) - 1 in blocks, f"{path.name}: {function} line {i + 1}"
                checked += 1
    assert checked > 250
