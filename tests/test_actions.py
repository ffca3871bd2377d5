"""Actions as small tuples: made in canonical order (no sort per decision), hashable,
picklable, rendered only by str(); the same action objects reused across decisions."""

from __future__ import annotations

import pickle

import pytest

import ruleforge
from ruleforge import Action, Ref

MENU = """\
game "t"
players 3
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
ending done: nobody wins
setup:
    move the card in box where rank = K and suit = spades to pile
    move the card in box where value = 2 and suit = clubs to pile
action give:
    with c in pile
    with n in [3, 1, 3, 2]
    with p in players where it != current
    allowed if n != 2 or c.value = 2
    move c to hand of p
action b:
    with p in players
    with n from 1 to 2
    allowed if p != current
    say "b"
turn:
    current takes an action or passes
    end the game with done
"""


def test_a_menu_comes_in_canonical_order(tmp_path):
    """Three parameters (a card, a list of numbers with repeats, a filtered player list)
    and a second action of two, and pass: each combination once, in tuple order, which is
    the order the engine had when it sorted the actions (recorded from that engine)."""
    path = tmp_path / "menu.rules"
    path.write_text(MENU)
    st = ruleforge.load(path).new(0)
    actions = st.legal_actions()
    assert [str(a) for a in actions] == [
        "b(p=player 2, n=1)", "b(p=player 2, n=2)", "b(p=player 3, n=1)", "b(p=player 3, n=2)",
        "give(c=2♣, n=1, p=player 2)", "give(c=2♣, n=1, p=player 3)", "give(c=2♣, n=2, p=player 2)",
        "give(c=2♣, n=2, p=player 3)", "give(c=2♣, n=3, p=player 2)", "give(c=2♣, n=3, p=player 3)",
        "give(c=K♠, n=1, p=player 2)", "give(c=K♠, n=1, p=player 3)", "give(c=K♠, n=3, p=player 2)",
        "give(c=K♠, n=3, p=player 3)", "pass"]
    assert actions == sorted(actions) and len(set(actions)) == len(actions)
    two = st.game.card_index["2♣"]
    assert actions[4] == Action("menu", "give", (("c", Ref("card", two, "2♣")), ("n", 1),
                                                  ("p", Ref("player", 1, "player 2"))))
    assert actions[4].to_json() == {"kind": "menu", "name": "give", "args": [["c", "2♣"], ["n", 1], ["p", "player 2"]],
                                    "text": "give(c=2♣, n=1, p=player 2)"}
    st.apply(actions[7])
    assert st.cards_in("hand", 2) == ["2♣"]


def test_actions_are_plain_tuples(tmp_path):
    path = tmp_path / "menu.rules"
    path.write_text(MENU)
    game = ruleforge.load(path)
    a = game.new(0).legal_actions()[0]
    assert isinstance(a, tuple) and not hasattr(a, "__dict__")
    assert tuple(a) == ("menu", "b", (("p", ("player", 1, "player 2")), ("n", 1)))
    assert pickle.loads(pickle.dumps(a)) == a and hash(pickle.loads(pickle.dumps(a))) == hash(a)
    # the next game at the same decision offers the very same objects: made once, reused
    assert all(x is y for x, y in zip(game.new(1).legal_actions(), game.new(0).legal_actions()))


WIDE = """\
game "t"
players 2
cards: standard deck in box
zone box: pile, face down
ending done: nobody wins
action pick:
    with n from 1 to 300
    with m from 1 to 300
    allowed if n + m = 301 or (n = 1 and m < 3)
    say "{n} {m}"
turn:
    current takes an action
    end the game with done
"""


def test_a_wide_two_parameter_menu_past_what_is_kept(tmp_path):
    """300 first values by 300 second: more than the actions kept per menu (256 rows of
    256), so some are made afresh at every decision; the menu is the same either way."""
    path = tmp_path / "wide.rules"
    path.write_text(WIDE)
    game = ruleforge.load(path)
    want = ["pick(n=1, m=1)", "pick(n=1, m=2)", "pick(n=1, m=300)"] + [f"pick(n={n}, m={301 - n})" for n in range(2, 301)]
    for seed in range(3):  # the first game fills what is kept, the next ones reuse it
        actions = game.new(seed).legal_actions()
        assert [str(a) for a in actions] == want
        assert actions == sorted(actions)
    st = game.new(0)
    st.apply(st.legal_actions()[-1])
    assert st.is_over


ROWS = """\
game "rows"
players 2
cards: standard deck in box
zone box: pile, face down
zone pile: pile, face up
zone hand per player: hand
ending done: nobody wins
setup:
    move the card in box where rank = K and suit = spades to pile
    move the card in box where value = 2 and suit = clubs to hand of player 1
    move the card in box where value = 3 and suit = clubs to hand of player 1
action put:
    with c in hand of current
    with n from 1 to count of pile
    move c to pile
action tag:
    with p in players
    say "tag"
turn:
    repeat 2 times:
        current takes an action
    end the game with done
"""


def test_rows_kept_whole_follow_their_values(tmp_path):
    """A menu keeps each first value's row of actions whole while its second values stay
    the same (codegen/menus.py): when they change (the pile grows, a new game starts with
    the rows of the last one kept) the row is made again, never offered stale."""
    path = tmp_path / "rows.rules"
    path.write_text(ROWS)
    game = ruleforge.load(path)
    first = ["put(c=2♣, n=1)", "put(c=3♣, n=1)", "tag(p=player 1)", "tag(p=player 2)"]
    for _ in range(2):  # the second game meets the rows the first one kept
        st = game.new(0)
        assert [str(a) for a in st.legal_actions()] == first
        st.apply(st.legal_actions()[0])
        assert [str(a) for a in st.legal_actions()] == ["put(c=3♣, n=1)", "put(c=3♣, n=2)", "tag(p=player 1)",
                                                        "tag(p=player 2)"]
        st.apply(st.legal_actions()[1])
        assert st.is_over and st.cards_in("pile") == ["K♠", "2♣", "3♣"]


HOISTED = """\
game "hoisted"
players 2
cards: standard deck in box
zone box: pile, face down
zone hand per player: hand
zone table per player: pile, face up
define big = 6
setup:
    shuffle box
    for each p in players:
        move top 5 cards of box to hand of p
{face_up}        move top 4 cards of box to table of p face down
ending done: nobody wins
action pair "Pair":
    with card in hand of current
    with old in table of current where it is face up and suit = card.suit
    move card to table of current
action above "Above":
    with card in hand of current
    with old in table of current where it is face up and value > card.value
    move card to table of current
action large "Large":
    with card in hand of current
    with old in table of current where value > big and suit = card.suit
    move card to table of current
turn:
    repeat 3 times:
        current takes an action or passes
    end the game with done
"""


@pytest.mark.parametrize("face_up", [8, 0])
def test_a_second_parameters_tests_that_ignore_the_first_are_worked_out_once(tmp_path, face_up):
    """A second parameter's leading tests that do not read the first (here: face up) are
    worked out once per menu, and a last test `suit = card.suit` groups the elements by
    suit once (codegen/menus.py, _hoisted); a test that calls a definition stays in the
    loop. The menus are those of the generic enumerator (runtime/actions.py) at every
    decision of seeded games whose tables hold face-down cards among the face-up ones, or
    face-down cards alone (no second value at all: the menu function returns at once)."""
    from ruleforge.runtime.engine import offer_again
    path = tmp_path / "hoisted.rules"
    path.write_text(HOISTED.format(face_up=f"        move top {face_up} cards of box to table of p\n" if face_up else ""))
    game = ruleforge.load(path)
    pair, above, large = (_function(game.source, f"enum_{name}_menu") for name in ("pair", "above", "large"))
    assert "pre1.setdefault(AT_suit[" in pair and "pre1.get(AT_suit[v0], ())" in pair
    assert "pre1 = [" in above and " in pre1 if " in above
    assert "pre1" not in large  # `value > big` calls the definition: not moved
    assert "    if not pre1:\n        return" in pair and "    if not pre1:\n        return" in above
    # `where it is face up`: every second value is seen by the seat, named by index
    assert "for v1 in sorted(raw1):" in pair and "named(" not in pair and "named(" not in above
    assert "seconds = named(st, seat, raw1, 'card', names[1])" in large  # face down ones among them
    specs = [game.actions[name] for name in ("pair", "above", "large")]
    decisions = pairs = 0
    for seed in range(12):
        st = game.new(seed)
        while not st.is_over:
            offered = st.legal_actions()
            generic = st.clone()
            kept = [s.menu for s in specs]
            try:
                for s in specs:
                    s.menu = None  # the generic enumerator
                offer_again(generic)
            finally:
                for s, m in zip(specs, kept):
                    s.menu = m
            assert [str(a) for a in offered] == [str(a) for a in generic.legal_actions()]
            assert [_payload(v) for v in generic.pending[3]] == [_payload(v) for v in st.pending[3]]
            decisions += 1
            pairs += sum(str(a).startswith("pair(") for a in offered)
            st.apply(offered[seed % len(offered)])
    # (with no face-up card at first, the first menus of each game have no second value)
    assert decisions >= 12 * 3 and pairs > (50 if face_up else 0)


def _payload(v):
    """A menu entry's payload, comparable: (action, values, seat), or its places."""
    if v is None:
        return None
    if isinstance(v, tuple):
        return v[0].name, v[1], v[2]
    return "by place", v.spec.name, v.values


def _function(source: str, name: str) -> str:
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines))
    return "\n".join(lines[start:end])

