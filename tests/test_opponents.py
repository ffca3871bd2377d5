"""`opponents` (runtime/prims.py): worked out once for each seat and seat order while
nobody is out, and the long way once someone is."""

from __future__ import annotations

import ruleforge
from ruleforge.runtime import prims

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_the_opponents_of_a_seat_are_kept_while_nobody_is_out_and_leave_out_whoever_is():
    st = ruleforge.load(ROOT / "games/ufology.rules", players=4).new(1)
    order = (2, 3, 0, 1)
    first = prims.opponents(st, 3, order)
    assert first == (2, 0, 1) and prims.opponents(st, 3, order) is first  # kept, in the order given
    assert prims.opponents(st, 0, (0, 1, 2, 3)) == (1, 2, 3)
    st.out = 1 << 2  # seat 2 is out: not among anyone's opponents, and nothing kept says otherwise
    assert prims.opponents(st, 3, order) == (0, 1) and prims.opponents(st, 2, order) == (3, 0, 1)
    st.out = 0
    assert prims.opponents(st, 3, order) is first
