"""Syntax-tree nodes of issue 13's values and finishing: the empty value `none`, a
definition used with several values, a player who finishes, and the finishing order.
Part of the syntax tree: ast.py imports them before it lists every node kind."""

from __future__ import annotations

from .ast import Expr, Name, Stmt, node

__all__ = ["NoneValue", "OfMany", "HasFinished", "FinishedPlayers", "Finish", "LetTurn"]


@node
class NoneValue(Expr):
    """`none`: no player, no card, no symbol; what a typed counter holds before it is set."""
    span: object


@node
class OfMany(Expr):
    """`pile of (current, red)`: a definition of several parameters, given its values."""
    span: object
    name: Name
    args: tuple


@node
class HasFinished(Expr):
    """`p has finished`: p is in the finishing order."""
    span: object
    player: object


@node
class FinishedPlayers(Expr):
    """`finished players`: the players who have finished, first finisher first."""
    span: object


@node
class Finish(Stmt):
    """`p finishes`: p leaves the turn order and takes the next place in the finishing order."""
    span: object
    player: object


@node
class LetTurn(Stmt):
    """`let NAME = VALUE for the turn`: a name every rule of this turn can read after it."""
    span: object
    name: Name
    value: object
