"""Lark's parse tree -> the syntax tree (ast.py): one method per grammar rule.

The builder is split by what it builds: statements and expressions here, declarations
in build_decls.py; parse.py puts them together. Each part is a lark Transformer of its
own, because `v_args` only wraps the methods a class defines itself.
"""

from __future__ import annotations

import re

from lark import Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedInput

from . import ast as A
from .diagnostics import Span


class PlaceholderError(LarkError):
    """A `{...}` in a `say` text that is not an expression, or a brace without its pair."""

    def __init__(self, line: int, column: int, message: str = "this {...} in a text is not an expression",
                 hint: str = "write an expression between the braces, such as {count of deck}"):
        self.line, self.column, self.message, self.hint = line, column, message, hint


class TokenProblem(LarkError):
    """A number in a `say` text's `{...}` too large to read (its diagnostic, with the line
    counted in the item, as a PlaceholderError's)."""

    def __init__(self, diagnostic):
        self.diagnostic = diagnostic


def unquote(tok) -> str:
    return str(tok)[1:-1]


class Builder(Transformer):
    """Lark tree -> ast nodes; spans are shifted by the item's line offset."""

    def __init__(self, offset: int, file: str | None = None):
        super().__init__()
        self.off = offset
        self.file = file

    def _span(self, meta) -> Span:
        return Span(meta.line + self.off, meta.column, meta.end_line + self.off, meta.end_column, self.file)

    def _tspan(self, tok) -> Span:
        return Span(tok.line + self.off, tok.column, tok.end_line + self.off, tok.end_column, self.file)

    def _name(self, tok) -> A.Name:
        return A.Name(self._tspan(tok), str(tok))


@v_args(meta=True)
class StmtBuilder(Builder):
    # ---- statements
    def target_zone(self, meta, c):
        return (c[0], None)

    def target_slots(self, meta, c):
        return (c[0], (c[1], c[2]))

    def face_up(self, meta, c):
        return "up"

    def face_down(self, meta, c):
        return "down"

    def at_bottom(self, meta, c):
        return "bottom"

    def as_name(self, meta, c):
        return self._name(c[0])

    def move_stmt(self, meta, c):
        what, (target, slots), facing, bind = c
        return A.Move(self._span(meta), what, target, slots, facing, bind)

    def reveal_stmt(self, meta, c):
        what, target, bind = c
        zone, slots = target if target else (None, None)
        return A.Reveal(self._span(meta), what, zone, slots, bind)

    def flip_stmt(self, meta, c):
        return A.Flip(self._span(meta), c[0])

    def swap_stmt(self, meta, c):
        return A.Swap(self._span(meta), c[0], c[1])

    def shuffle_stmt(self, meta, c):
        return A.Shuffle(self._span(meta), c[0], c[1])

    def set_stmt(self, meta, c):
        return A.SetValue(self._span(meta), c[0], c[1])

    def increase_stmt(self, meta, c):
        return A.Change(self._span(meta), "increase", c[0], c[1])

    def decrease_stmt(self, meta, c):
        return A.Change(self._span(meta), "decrease", c[0], c[1])

    def let_stmt(self, meta, c):
        return A.Let(self._span(meta), self._name(c[0]), c[1])

    def let_turn(self, meta, c):
        return A.LetTurn(self._span(meta), self._name(c[0]), c[1])

    def finish_stmt(self, meta, c):
        return A.Finish(self._span(meta), c[0])

    def choose_stmt(self, meta, c):
        name, player, *rest = c
        if isinstance(rest[0], Token) and rest[0].type == "NAME":
            rest = rest[1:]  # "a piece in ...": the noun is for the reader
        coll, unseen, prompt = rest
        return A.Choose(self._span(meta), self._name(name), player, coll, unquote(prompt) if prompt else None,
                        bool(unseen))

    def unseen(self, meta, c):
        return True

    def or_pass(self, meta, c):
        return True

    def take_action(self, meta, c):
        return A.TakeAction(self._span(meta), c[0], bool(c[1]))

    def take_some(self, meta, c):
        player, *names, may_pass = c
        return A.TakeAction(self._span(meta), player, bool(may_pass), tuple(self._name(n) for n in names))

    def end_turn(self, meta, c):
        return A.EndTurn(self._span(meta))

    def end_game(self, meta, c):
        return A.EndGame(self._span(meta), self._name(c[0]))

    def say_stmt(self, meta, c):
        return self._said(meta, c[0], False)

    def announce_stmt(self, meta, c):
        return self._said(meta, c[0], True)

    def _said(self, meta, tok, announced: bool):
        from .parse import parser, token_problems  # the one parser, built or cached there
        text = unquote(tok)
        parts: list = []
        pos = 0
        for m in re.finditer(r"\{([^{}]*)\}", text):
            if m.start() > pos:
                parts.append(text[pos:m.start()])
            # parse the placeholder as an expression, positioned where it stands
            col = tok.column + 1 + m.start(1)
            try:
                tree = parser().parse(" " * (col - 1) + m.group(1), start="expr")
            except UnexpectedInput as e:
                at = getattr(e, "column", None)  # (none, or before the braces, at the end of an empty one)
                raise PlaceholderError(tok.line, at if isinstance(at, int) and at >= col else col - 1) from None
            for problem, _ in token_problems(tree, tok.line - 1):  # (as the item's own tokens were)
                raise TokenProblem(problem)
            parts.append(type(self)(self.off + tok.line - 1, self.file).transform(tree))
            pos = m.end()
        if pos < len(text):
            parts.append(text[pos:])
        lone = re.search(r"[{}]", re.sub(r"\{[^{}]*\}", lambda m: " " * len(m.group()), text))
        if lone is not None:  # `say "c {card.value d"` was written as it stands
            col = tok.column + 1 + lone.start()
            if lone.group() == "{":
                raise PlaceholderError(tok.line, col, "this '{' has no '}' to close it",
                                       "close the expression with '}'; a text cannot show a brace itself")
            raise PlaceholderError(tok.line, col, "this '}' closes no '{'",
                                   "open the expression with '{'; a text cannot show a brace itself")
        return A.Say(self._span(meta), text, tuple(parts), announced)

    def resolve_stmt(self, meta, c):
        return A.Resolve(self._span(meta), self._name(c[0]), c[1], c[2])

    def call_plain(self, meta, c):
        return A.Call(self._span(meta), self._name(c[0]))

    def call_of(self, meta, c):
        return A.Call(self._span(meta), self._name(c[0]), (c[1],))

    def call_many(self, meta, c):
        return A.Call(self._span(meta), self._name(c[0]), tuple(c[1:]), True)

    def look_stmt(self, meta, c):
        return A.Look(self._span(meta), c[0], c[1])

    def for_each_chosen(self, meta, c):
        name, player, coll, prompt, body = c
        return A.ForEachChosen(self._span(meta), self._name(name), player, coll,
                               unquote(prompt) if prompt else None, body)

    def choice_cond(self, meta, c):
        who, guard = c[0], None
        # `total < 21 and current chooses ...` reads as (total < 21) and (a choice): the
        # choice is asked only when the condition before it holds
        if isinstance(who, A.Binary) and who.op == "and":
            who, guard = who.right, who.left
        return A.ChoiceCond(self._span(meta), who, unquote(c[1]), unquote(c[2]), guard)

    def else_if(self, meta, c):
        return ("elif", c[0], c[1])

    def else_block(self, meta, c):
        return ("else", c[0])

    def if_stmt(self, meta, c):
        cond, body, *rest = c
        branches = [(cond, body)]
        otherwise = None
        for r in rest:
            if r is None:
                continue
            if r[0] == "elif":
                branches.append((r[1], r[2]))
            else:
                otherwise = r[1]
        return A.If(self._span(meta), tuple(branches), otherwise)

    def repeat_times(self, meta, c):
        return A.RepeatTimes(self._span(meta), c[0], c[1])

    def repeat_while(self, meta, c):
        return A.RepeatWhile(self._span(meta), c[0], c[1])

    repeat_while_choice = repeat_while

    def for_each(self, meta, c):
        return A.ForEach(self._span(meta), self._name(c[0]), c[1], c[2])


@v_args(meta=True)
class ExprBuilder(Builder):
    # ---- expressions
    def _fold(self, meta, op, c):
        out = c[0]
        for right in c[1:]:
            out = A.Binary(self._span(meta), op, out, right)
        return out

    def or_(self, meta, c):
        return self._fold(meta, "or", c)

    def and_(self, meta, c):
        return self._fold(meta, "and", c)

    def not_(self, meta, c):
        return A.Unary(self._span(meta), "not", c[0])

    def neg(self, meta, c):
        return A.Unary(self._span(meta), "-", c[0])

    def _bin(op):
        def method(self, meta, c):
            return A.Binary(self._span(meta), op, c[0], c[1])
        return method

    eq = _bin("=")
    is_ = _bin("=")
    ne = _bin("!=")
    is_not = _bin("!=")
    lt = _bin("<")
    le = _bin("<=")
    gt = _bin(">")
    ge = _bin(">=")
    in_ = _bin("in")
    not_in = _bin("not in")
    add = _bin("+")
    sub = _bin("-")
    mul = _bin("*")
    div = _bin("/")
    mod = _bin("mod")
    del _bin

    def between(self, meta, c):
        return A.Between(self._span(meta), c[0], c[1], c[2])

    def _test(kind):
        def method(self, meta, c):
            return A.Test(self._span(meta), kind, c[0])
        return method

    is_empty = _test("empty")
    is_not_empty = _test("not empty")
    is_face_up = _test("face up")
    is_face_down = _test("face down")
    del _test

    def has_effect(self, meta, c):
        return A.HasEffect(self._span(meta), c[0], self._name(c[1]))

    def knows(self, meta, c):
        return A.Knows(self._span(meta), c[0], c[1])

    def game_over(self, meta, c):
        return A.GameOver(self._span(meta))

    def this(self, meta, c):
        return A.This(self._span(meta))

    def owner(self, meta, c):
        return A.Owner(self._span(meta))

    def owner_of(self, meta, c):
        return A.OwnerOf(self._span(meta), c[0])

    def players(self, meta, c):
        return A.Players(self._span(meta))

    def all_players(self, meta, c):
        return A.Players(self._span(meta), every=True)

    def everyone(self, meta, c):
        return A.Players(self._span(meta), every=True, word="everyone")

    def opponents(self, meta, c):
        return A.Opponents(self._span(meta), c[0])

    def player_after(self, meta, c):
        return A.PlayerAfter(self._span(meta), c[0], 1)

    def player_before(self, meta, c):
        return A.PlayerAfter(self._span(meta), c[0], -1)

    def is_eliminated(self, meta, c):
        return A.IsEliminated(self._span(meta), c[0])

    def if_expr(self, meta, c):
        return A.IfExpr(self._span(meta), c[0], c[1], c[2])

    def eliminate_stmt(self, meta, c):
        return A.Eliminate(self._span(meta), c[0])

    def next_turn_stmt(self, meta, c):
        return A.NextTurn(self._span(meta), c[0])

    def players_with(self, meta, c):
        return A.PlayersWith(self._span(meta), str(c[0]), self._name(c[1]))

    def random_card(self, meta, c):
        return A.RandomCard(self._span(meta), c[0])

    def sum_for(self, meta, c):
        return A.SumFor(self._span(meta), c[0], self._name(c[1]), c[2])

    def least_sum(self, meta, c):
        return A.LeastSum(self._span(meta), c[0], self._name(c[1]), c[2], self._name(c[3]), c[4])

    def extremes(self, meta, c):
        return A.Extremes(self._span(meta), str(c[1]), c[0], c[2])

    def extremes_for(self, meta, c):
        return A.Extremes(self._span(meta), str(c[1]), c[0], c[2], self._name(c[3]), c[4])

    def extreme(self, meta, c):
        return A.Extreme(self._span(meta), str(c[0]), c[1])

    def extreme_for(self, meta, c):
        return A.Extreme(self._span(meta), str(c[0]), c[1], self._name(c[2]), c[3])

    def greater(self, meta, c):
        return A.PairOf(self._span(meta), "greater", c[0], c[1])

    def lesser(self, meta, c):
        return A.PairOf(self._span(meta), "lesser", c[0], c[1])

    def difference(self, meta, c):
        return A.PairOf(self._span(meta), "difference", c[0], c[1])

    def filter(self, meta, c):
        return A.Filter(self._span(meta), c[0], c[1])

    def attr(self, meta, c):
        return A.Attr(self._span(meta), c[0], str(c[1]), self._tspan(c[1]))

    def number(self, meta, c):
        return A.Number(self._span(meta), int(c[0]))

    def string(self, meta, c):
        return A.Text(self._span(meta), unquote(c[0]))

    def true(self, meta, c):
        return A.Bool(self._span(meta), True)

    def false(self, meta, c):
        return A.Bool(self._span(meta), False)

    def nobody(self, meta, c):
        return A.Nobody(self._span(meta))

    def none_value(self, meta, c):
        return A.NoneValue(self._span(meta))

    def finished_players(self, meta, c):
        return A.FinishedPlayers(self._span(meta))

    def has_finished(self, meta, c):
        return A.HasFinished(self._span(meta), c[0])

    def of_many(self, meta, c):
        return A.OfMany(self._span(meta), self._name(c[0]), tuple(c[1:]))

    def current(self, meta, c):
        return A.Current(self._span(meta))

    def name(self, meta, c):
        return self._name(c[0])

    def of(self, meta, c):
        return A.Of(self._span(meta), self._name(c[0]), c[1])

    def slot(self, meta, c):
        return A.Slot(self._span(meta), self._name(c[0]), c[1])

    def list(self, meta, c):
        return A.ListOf(self._span(meta), tuple(x for x in c if x is not None))

    def cards_in(self, meta, c):
        return A.CardsIn(self._span(meta), c[0])

    def the_card(self, meta, c):
        return A.TheCard(self._span(meta), c[0])

    def top(self, meta, c):
        return A.Top(self._span(meta), "top", None, c[0])

    def bottom(self, meta, c):
        return A.Top(self._span(meta), "bottom", None, c[0])

    def top_n(self, meta, c):
        return A.Top(self._span(meta), "top", c[0], c[1])

    def count(self, meta, c):
        return A.Aggregate(self._span(meta), "count", c[0])

    def sum_of(self, meta, c):
        return A.Aggregate(self._span(meta), "sum", c[0])

    def any_(self, meta, c):
        return A.Quantifier(self._span(meta), "any", c[0], c[1])

    def every_(self, meta, c):
        return A.Quantifier(self._span(meta), "every", c[0], c[1])

    def no_(self, meta, c):
        return A.Quantifier(self._span(meta), "no", c[0], c[1])

    def any_named(self, meta, c):
        return A.Quantifier(self._span(meta), "any", c[1], c[2], self._name(c[0]))

    def every_named(self, meta, c):
        return A.Quantifier(self._span(meta), "every", c[1], c[2], self._name(c[0]))

    def no_named(self, meta, c):
        return A.Quantifier(self._span(meta), "no", c[1], c[2], self._name(c[0]))
