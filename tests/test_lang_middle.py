"""The typed middle of the language side (issue 11): types and references are classes,
and one constant evaluator serves the checker, the compiler and the card list."""

from __future__ import annotations

import pytest

from ruleforge.lang import ast as A
from ruleforge.lang import refs as R
from ruleforge.lang import types as T
from ruleforge.lang.const import NOT_CONSTANT, NotConstant, evaluate, fold
from ruleforge.lang.parse import parse
from ruleforge.lang.check import check


# ---- types --------------------------------------------------------------------------------

@pytest.mark.parametrize("t, text", [
    (T.NUMBER, "a number"),
    (T.BOOL, "a yes/no condition"),
    (T.ROW, "a row of slots"),
    (T.list_of(T.CARD), "a list of cards"),
    (T.list_of(T.BOOL), "a list of yes/no conditions"),
    (T.list_of(T.ANY), "a list"),
    (T.list_of(T.list_of(T.PLAYER)), "a list of lists of players"),
    (T.SymbolType("suit"), "a suit"),
    (T.list_of(T.PieceType("ufo")), "a list of ufos"),
])
def test_a_type_describes_itself(t, text):
    assert t.describe() == text


def test_types_compare_by_value_and_fit_any():
    assert T.list_of(T.CARD) == T.ListType(T.Basic("card"))
    assert T.list_of(T.CARD).compatible(T.list_of(T.ANY))
    assert T.ANY.compatible(T.list_of(T.CARD)) and T.list_of(T.CARD).compatible(T.ANY)
    assert not T.list_of(T.CARD).compatible(T.list_of(T.PLAYER))
    assert not T.CARD.compatible(T.list_of(T.CARD))
    assert not T.SymbolType("suit").compatible(T.SymbolType("rank"))
    assert [T.ZONE.element(), T.ROW.element(), T.list_of(T.NUMBER).element(), T.CARD.element()] == \
        [T.CARD, T.CARD, T.NUMBER, None]


# ---- constants ----------------------------------------------------------------------------

def _expr(text: str):
    """The expression of `param x = TEXT` as a node."""
    result = parse(f"parameter x = {text}\n")
    assert not result.diagnostics
    return result.tree.items[0].value


@pytest.mark.parametrize("text, params, value", [
    ("3", {}, 3),
    ("-3", {}, -3),
    ("2 + 3 * 4", {}, 14),
    ("7 / 2", {}, 3),
    ("7 mod 3", {}, 1),
    ("-7 mod 3", {}, 2),
    ("7 mod -3", {}, -2),
    ("1 + 7 mod 4 * 2", {}, 7),
    ("n mod 4", {"n": 10}, 2),
    ("n * 2 - 1", {"n": 5}, 9),
    ("[1, n, 3]", {"n": 2}, [1, 2, 3]),
    ("true", {}, True),
    ('"hi"', {}, "hi"),
    ("the greater of n and 3", {"n": 5}, 5),
    ("the lesser of n and 3", {"n": 5}, 3),
    ("the difference between 2 and n", {"n": -5}, 7),
    ("the highest of [1, n, 3]", {"n": 7}, 7),
    ("the lowest of xs", {"xs": [4, -2, 9]}, -2),
    ("the greater of 1 and 2 * 3", {}, 6),
])
def test_fold_evaluates_a_constant(text, params, value):
    assert fold(_expr(text), params) == value


@pytest.mark.parametrize("text, message", [
    ("1 / 0", "division by zero"),
    ("1 mod (2 - 2)", "division by zero in 'mod'"),
    ("[1, true]", "a list parameter holds numbers only"),
    ("m + 1", "'m' is not a parameter"),
    ("1 < 2", NOT_CONSTANT),
    ("-true", NOT_CONSTANT),
    ("the highest of []", "'the highest of' a list with no number: there is none to give"),
    ("the greater of 1 and true", NOT_CONSTANT),
    ("the highest of 3", NOT_CONSTANT),
    ("the difference between 1000000000000000000 and -1", "the value of this constant is too large: numbers in "
                                                          "a rule file are limited to -10**18 to 10**18"),
])
def test_fold_says_why_a_node_is_not_constant(text, message):
    with pytest.raises(NotConstant) as e:
        fold(_expr(text), {})
    assert e.value.message == message


def test_evaluate_asks_the_caller_for_each_parameter():
    asked = []

    def param(name):
        asked.append(name.name)
        return 10
    assert evaluate(_expr("a + b * a"), param) == 110
    assert asked == ["a", "b", "a"]


# ---- references ---------------------------------------------------------------------------

SOURCE = """\
game "t"
players 2
parameter start = 3
attribute kind: big, small
cards: standard deck in deck
zone deck: pile, face down
zone hand per player: hand
counter n = start
counter trump = hearts
define high of card c = c.value > 10
turn:
    let k = 2
    set n to k + count of (cards in deck where value > start and it.suit = trump)
    if any c in hand of current has high of c:
        end the game with done
ending done: nobody wins
"""


def _refs():
    parsed = parse(SOURCE)
    checked, diags = check(parsed.tree)
    assert diags == []
    return {(n.span.line, n.span.column): r for n, r in checked.refs.items()}


def test_every_name_resolves_to_a_typed_reference():
    refs = _refs()
    assert refs[(8, 13)] == R.Param("start", T.NUMBER)
    c = refs[(10, 25)]
    assert isinstance(c, R.Local) and isinstance(c.binder, A.DefineDecl) and c.type == T.CARD
    assert refs[(9, 17)] == R.Symbol("hearts", T.SymbolType("suit"))
    assert refs[(13, 9)] == R.Counter("n", T.NUMBER)
    k = refs[(13, 14)]
    assert isinstance(k, R.Local) and isinstance(k.binder, A.Let) and k.type == T.NUMBER
    assert refs[(13, 37)] == R.Zone("deck", T.ZONE)
    value = refs[(13, 48)]
    assert isinstance(value, R.ElementAttr) and isinstance(value.binder, A.Filter)
    assert (value.attr, value.element, value.type) == ("value", T.CARD, T.NUMBER)
    assert refs[(13, 56)] == R.Param("start", T.NUMBER)
    it = refs[(13, 66)]
    assert isinstance(it, R.Element) and it.binder is value.binder and it.type == T.CARD
    assert refs[(13, 76)] == R.Counter("trump", T.SymbolType("suit"))
    assert refs[(14, 17)] == R.Zone("hand", T.ZONE)
    assert refs[(14, 37)] == R.Definition("high", T.BOOL)
    c = refs[(14, 45)]
    assert isinstance(c, R.Local) and isinstance(c.binder, A.Quantifier) and c.type == T.CARD


# ---- the visitor --------------------------------------------------------------------------

def _methods(prefix, kinds, skip=()):
    return {prefix + k.__name__: (lambda self, *a: None) for k in kinds if k.__name__ not in skip}


def test_a_visitor_that_misses_a_node_kind_fails_when_its_class_is_made():
    from ruleforge.lang.visitor import Visitor
    with pytest.raises(TypeError) as e:
        type("Half", (Visitor,), {"expr_prefix": "ex_", "stmt_prefix": "st_",
                                  **_methods("ex_", A.EXPRESSIONS, skip={"Knows"}),
                                  **_methods("st_", A.STATEMENTS, skip={"Swap", "Look"})})
    assert str(e.value) == ("Half: no method ex_Knows for the expression node Knows; "
                            "no method st_Look for the statement node Look; "
                            "no method st_Swap for the statement node Swap")


def test_a_visitor_method_that_names_no_node_kind_fails_too():
    from ruleforge.lang.visitor import Visitor
    with pytest.raises(TypeError) as e:
        type("Extra", (Visitor,), {"expr_prefix": "ex_", **_methods("ex_", A.EXPRESSIONS),
                                   "ex_Whatever": lambda self: None})
    assert str(e.value) == "Extra: method ex_Whatever names no expression node of ast.py"


def test_an_abstract_visitor_is_checked_in_its_concrete_subclass():
    from ruleforge.lang.visitor import Visitor
    Base = type("Base", (Visitor,), {"expr_prefix": "ex_", **_methods("ex_", A.EXPRESSIONS)},
                abstract=True)
    with pytest.raises(TypeError, match="no method st_Move for the statement node Move"):
        type("Full", (Base,), {"stmt_prefix": "st_", **_methods("st_", A.STATEMENTS, skip={"Move"})})
    full = type("Full", (Base,), {"stmt_prefix": "st_", **_methods("st_", A.STATEMENTS)})
    assert full().expr_method(A.Number(None, 1)).__name__ == "<lambda>"
    assert full().expr_method(A.Move(None, None, None, None, None, None)) is None


def test_the_checker_and_the_compiler_handle_every_node_kind():
    from ruleforge.lang.rules import TypeChecker
    from ruleforge.runtime.codegen.module import CodeGenerator
    for cls in (TypeChecker, CodeGenerator):
        assert {cls.expr_prefix + k.__name__ for k in A.EXPRESSIONS} <= set(dir(cls))
        assert {cls.stmt_prefix + k.__name__ for k in A.STATEMENTS} <= set(dir(cls))
    assert len(A.EXPRESSIONS) == 45 and len(A.STATEMENTS) == 26  # issue 13: decks, turns, values; outside groups; the N highest of; the highest of, the greater of; a rule called by name
