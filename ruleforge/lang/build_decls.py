"""Lark's parse tree -> the syntax tree: the declarations (see build.py)."""

from __future__ import annotations

from attrs import evolve
from lark import v_args

from . import ast as A
from .build import Builder, unquote


@v_args(meta=True)
class DeclBuilder(Builder):
    # ---- file and declarations
    def start(self, meta, children):
        return A.RuleFile(tuple(children))

    def extends_decl(self, meta, c):
        return A.ExtendsDecl(self._span(meta), unquote(c[0]))

    def without_decl(self, meta, c):
        start, end = self._span(meta), c[0].span  # (the line, without its newline)
        return evolve(c[0], span=evolve(end, line=start.line, column=start.column))

    def without_action(self, meta, c):
        return A.WithoutDecl(self._span(meta), "ActionDecl", self._name(c[0]))

    def without_action_group(self, meta, c):
        return A.WithoutDecl(self._span(meta), "ActionGroupDecl", self._name(c[0]))

    def without_ending(self, meta, c):
        return A.WithoutDecl(self._span(meta), "EndingDecl", self._name(c[0]))

    def without_invariant(self, meta, c):
        return A.WithoutDecl(self._span(meta), "InvariantDecl", self._name(c[0]))

    def without_card(self, meta, c):
        return A.WithoutDecl(self._span(meta), "CardDecl", None, unquote(c[0]))

    def without_card_list(self, meta, c):
        return A.WithoutDecl(self._span(meta), "CardListDecl", None, unquote(c[0]))

    def without_runs_out(self, meta, c):
        return A.WithoutDecl(self._span(meta), "EventDecl", self._name(c[0]), event="runs out")

    def without_game_ends(self, meta, c):
        return A.WithoutDecl(self._span(meta), "EventDecl", c[0], event="game ends")

    def without_round_ends(self, meta, c):
        return A.WithoutDecl(self._span(meta), "EventDecl", c[0], event="round ends")

    def without_round_begins(self, meta, c):
        return A.WithoutDecl(self._span(meta), "EventDecl", c[0], event="round begins")

    def game_decl(self, meta, c):
        return A.GameDecl(self._span(meta), unquote(c[0]))

    def players_decl(self, meta, c):
        low = int(c[0])
        return A.PlayersDecl(self._span(meta), low, int(c[1]) if c[1] is not None else low)

    def cooperative_decl(self, meta, c):
        return A.CooperativeDecl(self._span(meta))

    def role_decl(self, meta, c):
        return A.RoleDecl(self._span(meta), self._name(c[0]), unquote(c[1]) if c[1] else None)

    def param_decl(self, meta, c):
        return A.ParamDecl(self._span(meta), self._name(c[0]), c[1])

    def param_ranged(self, meta, c):
        return A.ParamDecl(self._span(meta), self._name(c[0]), c[1], c[2], c[3])

    def cards_standard(self, meta, c):
        return A.CardsDecl(self._span(meta), "standard", self._name(c[0]))

    def cards_listed(self, meta, c):
        return A.CardsDecl(self._span(meta), "listed", self._name(c[0]))

    def per_player(self, meta, c):
        return "player"

    def per_card(self, meta, c):
        return "card"

    def counter_decl(self, meta, c):
        return A.CounterDecl(self._span(meta), self._name(c[0]), c[1], c[2], shown=bool(c[3]))

    def counter_shown(self, meta, c):
        return True

    def define_decl(self, meta, c):
        return A.DefineDecl(self._span(meta), self._name(c[0]), c[3],
                            self._name(c[2]) if c[2] is not None else None, c[1] or "player")

    def counter_typed(self, meta, c):
        return A.CounterDecl(self._span(meta), self._name(c[0]), c[1], None, self._name(c[2]), bool(c[3]))

    def define_many(self, meta, c):
        *params, value = c[1:]
        (first, kind), more = params[0], tuple(params[1:])
        return A.DefineDecl(self._span(meta), self._name(c[0]), value, first, kind, more)

    def rule_decl(self, meta, c):
        name, kind, param, body = c
        params = ((self._name(param), kind or "player"),) if param is not None else ()
        return A.RuleDecl(self._span(meta), self._name(name), params, body)

    def rule_many(self, meta, c):
        return A.RuleDecl(self._span(meta), self._name(c[0]), tuple(c[1:-1]), c[-1])

    def define_param(self, meta, c):
        return (self._name(c[1]), c[0])

    def define_param_sym(self, meta, c):
        return (self._name(c[1]), str(c[0]))

    def kind_card(self, meta, c):
        return "card"

    def kind_player(self, meta, c):
        return "player"

    def kind_number(self, meta, c):
        return "number"

    def kind_cards(self, meta, c):
        return "cards"

    def kind_zone(self, meta, c):
        return "zone"

    def quantity_decl(self, meta, c):
        return A.QuantityDecl(self._span(meta), self._name(c[0]),
                              self._name(c[1]) if c[1] is not None else None, c[2], bool(c[3]))

    def heuristic_decl(self, meta, c):
        return A.HeuristicDecl(self._span(meta), self._name(c[0]) if c[0] is not None else None, c[1])

    def payoff_decl(self, meta, c):
        return A.PayoffDecl(self._span(meta), self._name(c[0]) if c[0] is not None else None, c[1])

    def attribute_decl(self, meta, c):
        return A.AttributeDecl(self._span(meta), self._name(c[0]), tuple(self._name(t) for t in c[1:]))

    def card_attr(self, meta, c):
        return A.CardAttr(self._span(meta), self._name(c[0]), c[1])

    def card_effect(self, meta, c):
        return A.CardEffect(self._span(meta), self._name(c[0]), c[1])

    def mod_add(self, meta, c):
        return A.Modifier(self._span(meta), 1, c[0], self._name(c[1]), c[2])

    def mod_sub(self, meta, c):
        return A.Modifier(self._span(meta), -1, c[0], self._name(c[1]), c[2])

    def card_modifiers(self, meta, c):
        return ("modifiers", tuple(c))

    def card_decl(self, meta, c):
        title, *lines = c
        attrs = tuple(x for x in lines if isinstance(x, A.CardAttr))
        effects = tuple(x for x in lines if isinstance(x, A.CardEffect))
        mods = tuple(m for x in lines if isinstance(x, tuple) for m in x[1])
        return A.CardDecl(self._span(meta), unquote(title), attrs, effects, mods)

    def turn_order_decl(self, meta, c):
        return A.TurnOrderDecl(self._span(meta), tuple(self._name(t) for t in c))

    def owner_role(self, meta, c):
        return self._name(c[0])

    def owner_each(self, meta, c):
        return "each"

    def kind_pile(self, meta, c):
        return ("pile", None)

    def kind_hand(self, meta, c):
        return ("hand", None)

    def kind_row(self, meta, c):
        return ("row", c[0])

    def opt_face_up(self, meta, c):
        return ("facing", "up")

    def opt_face_down(self, meta, c):
        return ("facing", "down")

    def opt_private(self, meta, c):
        return ("facing", "private")

    def opt_active(self, meta, c):
        return ("active", True)

    def opt_shown(self, meta, c):
        return ("display", ("shown", self._name(c[0])))

    def opt_grouped(self, meta, c):
        return ("display", ("grouped", self._name(c[0])))

    def opt_pieces_at(self, meta, c):
        return ("display", ("pieces", self._name(c[0]), self._name(c[1])))

    def opt_slots_face_down(self, meta, c):
        return ("down_slots", c[0])

    def zone_decl(self, meta, c):
        name, owner, title, (kind, size), *options = c
        facing = down = None
        active = False
        display = []
        for key, value in options:
            if key == "facing":
                facing = value
            elif key == "active":
                active = True
            elif key == "display":
                display.append(value)
            else:
                down = value
        return A.ZoneDecl(self._span(meta), self._name(name), owner,
                          unquote(title) if title else None, kind, size, facing, down, active, tuple(display))

    def piece_attr(self, meta, c):
        return A.PieceAttr(self._span(meta), self._name(c[0]), c[1], c[2], c[3])

    def pieces_decl(self, meta, c):
        return A.PiecesDecl(self._span(meta), self._name(c[0]), self._name(c[1]), c[2], tuple(c[3:]))

    def block(self, meta, c):
        return tuple(c)

    def setup_decl(self, meta, c):
        return A.SetupDecl(self._span(meta), c[0])

    def turn_decl(self, meta, c):
        return A.TurnDecl(self._span(meta), self._name(c[0]) if c[0] else None, c[1])

    def param_in(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), c[1])

    def param_range(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), None, c[1], c[2], c[3])

    def param_unseen(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), c[1], unseen=True)

    def param_some(self, meta, c):
        return A.ActionParam(self._span(meta), self._name(c[0]), c[1], some=True, condition=c[2])

    def action_group_decl(self, meta, c):
        return A.ActionGroupDecl(self._span(meta), self._name(c[0]), tuple(self._name(n) for n in c[1:]))

    def allowed(self, meta, c):
        return ("allowed", c[0])

    def action_decl(self, meta, c):
        name, title, role, *rest = c
        params = tuple(x for x in rest if isinstance(x, A.ActionParam))
        allowed = next((x[1] for x in rest if isinstance(x, tuple)), None)
        body = tuple(x for x in rest if x is not None and not isinstance(x, (A.ActionParam, tuple)))
        return A.ActionDecl(self._span(meta), self._name(name), unquote(title) if title else None,
                            self._name(role) if role else None, params, allowed, body)

    def when_runs_out(self, meta, c):
        return A.EventDecl(self._span(meta), "runs out", self._name(c[0]), c[1])

    def when_game_ends(self, meta, c):
        return A.EventDecl(self._span(meta), "game ends", None, c[1], c[0])

    def when_round_ends(self, meta, c):
        return A.EventDecl(self._span(meta), "round ends", None, c[1], c[0])

    def when_round_begins(self, meta, c):
        return A.EventDecl(self._span(meta), "round begins", None, c[1], c[0])

    def rule_name(self, meta, c):
        return self._name(c[0])

    def at_round_end(self, meta, c):
        return True

    def ending_check(self, meta, c):
        return (c[0], bool(c[1]))

    def ending_decl(self, meta, c):
        name, title, winners, check = c
        cond, at_end = check if check else (None, False)
        return A.EndingDecl(self._span(meta), self._name(name), unquote(title) if title else None,
                            winners, cond, at_end)

    def invariant_decl(self, meta, c):
        return A.InvariantDecl(self._span(meta), self._name(c[0]), unquote(c[1]) if c[1] else None, c[2])

    def need_total(self, meta, c):
        return ("total", c[0])

    def need_streak(self, meta, c):
        return ("streak", c[0])

    def match_wins(self, meta, c):
        return ("wins", c)

    def match_loser_chooses(self, meta, c):
        return ("loser", self._name(c[0]))

    def match_winner_starts(self, meta, c):
        return ("starts", ("winner", self._span(meta)))

    def match_loser_starts(self, meta, c):
        return ("starts", ("loser", self._span(meta)))

    def match_decl(self, meta, c):
        total = streak = loser = starts = None
        twice = []  # a second 'in all' (or 'in a row'), which the checker refuses
        for key, value in c:
            if key == "wins":
                for kind, n in value:
                    if (total if kind == "total" else streak) is not None:
                        twice.append((kind, n))
                    elif kind == "total":
                        total = n
                    else:
                        streak = n
            elif key == "starts":
                starts = value
            else:
                loser = value
        return A.MatchDecl(self._span(meta), total, streak, loser, starts, tuple(twice))
