"""A rule that can stop is a state machine (codegen/resumable.py): `while True:` over
numbered blocks. A frame gone on at a number no block has (ruleforge's own bug: a pass
that dropped a block something still goes on at) stops with an error at once, where it
went round the loop without end, counting no step."""

from __future__ import annotations

import re
import signal
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

import ruleforge
from ruleforge.runtime.engine import offer_again, run

sys.path.insert(0, str(Path(__file__).parent))
from golden import player_counts, rule_files  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

QUESTION = ('game "t"\nplayers 2\ncards: standard deck in box\nzone box: pile, face down\n'
            'counter n = 0\nending done: nobody wins when n >= 3\n'
            'turn:\n    if current chooses "more" over "less":\n        increase n by 1\n')


class Hung(Exception):
    pass


@contextmanager
def within(seconds: float):
    """Fail, rather than hang the test run, when the body takes longer than `seconds`."""
    def hung(signum, frame):
        raise Hung(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _lost(rule: str, pc: int) -> str:
    return (f"rule {rule!r} went on at block {pc}, which its compiled code does not have "
            "(a bug in ruleforge, not in the rule file)")


def _question(tmp_path):
    path = tmp_path / "t.rules"
    path.write_text(QUESTION)
    return ruleforge.load(path)


def test_a_frame_gone_on_at_a_block_its_rule_lacks_stops_at_once(tmp_path):
    game = _question(tmp_path)
    st = game.new(1)
    assert [(fr.proc.name, fr.pc) for fr in st.stack] == [("turn", 3)]  # (the answer's block)
    st.stack[-1].pc = 7
    st.waiting = None
    with within(10), pytest.raises(RuntimeError) as e:
        run(st)
    assert str(e.value) == _lost("turn", 7)
    assert not isinstance(e.value, ruleforge.RuleError)  # not the rule file's mistake


def test_an_answer_going_on_at_a_missing_block_stops_at_once(tmp_path):
    """The same through `apply` (which runs the engine's loop itself) and `offer_again`
    (which made the lay-off of a card game again from a dropped block: the hang this
    guards against)."""
    game = _question(tmp_path)
    st = game.new(1)
    st.stack[-1].pc = 9
    with within(10), pytest.raises(RuntimeError) as e:
        st.apply(st.legal_actions()[0])
    assert str(e.value) == _lost("turn", 9)
    st = game.new(1)
    st.stack[-1].pc = 6  # (offer_again makes the decision again from the block before: 5)
    with within(10), pytest.raises(RuntimeError) as e:
        offer_again(st)
    assert str(e.value) == _lost("turn", 5)


def test_a_long_machine_in_groups_of_blocks_stops_at_once_too():
    """A machine of nine blocks or more tests groups of them (`if pc in (...)`): a number
    in none of the groups reaches the end as well."""
    game = ruleforge.load(ROOT / "games/ufology.rules", players=4)
    st = game.new(1)
    assert "        if pc in (" in game.source  # (the turn's machine is grouped)
    fr = st.stack[-1]
    name = fr.proc.name
    fr.pc = 10_000
    st.waiting = None
    with within(10), pytest.raises(RuntimeError) as e:
        run(st)
    assert str(e.value) == _lost(name, 10_000)


def _machines(source: str):
    """Each state machine of a generated module: (its function's line, the lines of its
    loop's body at the body's own depth, the body's depth)."""
    lines = source.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^( *)while True:$", line)
        if m is None or lines[i - 1].strip() != "pc = fr.pc":
            continue
        depth = len(m.group(1)) + 4
        end = next((j for j in range(i + 1, len(lines))
                    if lines[j] and len(lines[j]) - len(lines[j].lstrip(" ")) < depth), len(lines))
        top = [lines[j] for j in range(i + 1, end) if lines[j] and len(lines[j]) - len(lines[j].lstrip(" ")) == depth]
        head = next(lines[j] for j in range(i, -1, -1) if lines[j].startswith("def "))
        yield head, top, depth


def test_every_state_machine_of_every_rule_file_ends_in_the_guard():
    """Every generated state machine's loop ends in `no_block(fr, pc)`, after its last
    block (or group of blocks), at the loop body's own depth, so that only a number no
    block matched reaches it; and it is the machine's only line there that is not a
    test of block numbers."""
    machines = 0
    for path in rule_files():
        for players in sorted({min(player_counts(path)), max(player_counts(path))}):
            source = ruleforge.load(path, players=players).source
            found = list(_machines(source))
            assert len(found) == source.count("pc = fr.pc"), path.name
            for head, top, depth in found:
                assert top[-1] == " " * depth + "no_block(fr, pc)", (path.name, players, head)
                assert all(re.match(r" *if pc (==|in) ", line) for line in top[:-1]), (path.name, players, head)
                machines += 1
    assert machines > 150


def _loops_within_blocks(source: str):
    """Each block written as a Python loop (codegen/straighten.py: a loop that goes round
    within its block): (its function, its number, the blocks in the order the machine tests
    them, where its jumps out go, the line after its loop)."""
    lines = source.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^( *)if pc == (\d+):$", line)
        if m is None or lines[i + 1] != m.group(1) + "    while True:":
            continue
        depth = len(m.group(1)) + 4
        start = next(j for j in range(i, -1, -1) if lines[j].startswith("def "))
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith(("def ", "# "))), len(lines))
        order = [int(h.group(1)) for j in range(start, end) if (h := re.match(r"^ *if pc == (\d+):$", lines[j]))]
        after = next(j for j in range(i + 2, len(lines))
                     if lines[j] and len(lines[j]) - len(lines[j].lstrip(" ")) <= depth)
        exits = [int(j.group(1)) for a, b in zip(lines[i + 2:after], lines[i + 3:after + 1])
                 if (j := re.match(r"^ *pc = (\d+)$", a)) and b.strip() == "break"]
        yield lines[start], int(m.group(2)), order, exits, lines[after]


def test_a_jump_back_out_of_a_loop_within_a_block_starts_the_machine_again():
    """Such a jump leaves the Python loop (`break`); going back, it then starts the
    machine's loop again (`continue`) rather than falling through every later block to
    the end, which only a missing block's number may reach: `continue` when every jump out
    goes back, `if pc == k: continue` when some go on to a later block (Blackjack's
    dealer, its hand's check), nothing when none goes back."""
    seen = {"all back": 0, "some back": 0, "none back": 0}
    for path in rule_files():
        players = min(player_counts(path))
        for head, k, order, exits, after in _loops_within_blocks(ruleforge.load(path, players=players).source):
            back = sorted({t for t in exits if order.index(t) < order.index(k)})
            pad = " " * (len(after) - len(after.lstrip(" ")))
            if not back:
                assert after.strip() != "continue" and "continue" not in after, (path.name, head, k)
                seen["none back"] += 1
            elif len(back) == len(set(exits)):
                assert after == pad + "continue", (path.name, head, k)
                seen["all back"] += 1
            else:
                test = f"pc == {back[0]}" if len(back) == 1 else f"pc in ({', '.join(map(str, back))})"
                assert after == f"{pad}if {test}: continue", (path.name, head, k)
                seen["some back"] += 1
    assert seen["all back"] >= 5 and seen["some back"] >= 1 and seen["none back"] >= 20, seen


def test_a_frame_is_made_by_flows_public_name_with_no_python_call():
    """decisions.start_action makes an action's frame as flow.push does, by flow's public
    `new_frame`: the builtin object.__new__ itself (a function around it would add the call
    it saves), and it imports no private name of flow's."""
    import ast as pyast
    from ruleforge.runtime import decisions, flow
    assert flow.new_frame is object.__new__ and decisions.new_frame is flow.new_frame
    tree = pyast.parse(Path(decisions.__file__).read_text())
    imported = [a.name for n in pyast.walk(tree) if isinstance(n, pyast.ImportFrom) and n.module == "flow"
                for a in n.names]
    assert imported == ["MAX_FRAMES", "Frame", "new_frame", "push"]
