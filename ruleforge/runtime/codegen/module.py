"""The code generator: a checked program -> one Python module, in the manner of
Jinja2's compiler (one method per node kind writes source; a scope tracks locals).

The module defines a function per rule, action, condition, quantity, definition and
card rule, then the tables the engine reads (procs, actions, endings), built from
literals. Rule-file text reaches the source only as repr() of checked values; names
only as generated identifiers.
"""

from __future__ import annotations

import re

from ...lang import ast as A
from ...lang.check import Checked
from ...lang.values import walk
from ...lang.visitor import Visitor
from .. import typeinfo as T
from ..board import PRIVATE, UP
from .branches import Branches
from .exprs import CALL as _CALL
from .resumable import any_node
from .calls import Calls
from .countertold import CounterTold
from .decks import Decks
from .derived import Derived
from .groups import Groups
from .exprs import Exprs
from .footprint import Footprints
from .menukeys import MenuKeys
from .menus import split_conjuncts, blind_zones
from .resumable import Resumable
from .stmts import Straight
from .guarded import Guarded
from .saidfrom import SaidFrom
from .setoff import SetOff
from .told import Told
from .values import Values
from .writer import Scope, Writer, py_ident, comment_text


class CodeGenerator(Calls, Decks, SetOff, CounterTold, SaidFrom, Derived, Values, Groups, Guarded, Told, Exprs, Straight, Resumable,
                    Footprints, MenuKeys, Branches, Visitor):
    """Writes the module for one checked program laid out in `game` (see layout).

    One `ex_<Node>` per expression node and one `st_<Node>` per statement node; the
    Visitor base fails at import when a node kind has none."""

    expr_prefix, stmt_prefix = "ex_", "st_"

    def __init__(self, ch: Checked, game, coverage: bool = False, deep: bool = False):
        self.ch, self.g = ch, game
        self.deep = deep           # note the values a text says (saidfrom.py): check --deep's compile
        self.coverage = coverage   # count the branches taken (branches.py): analyze's compile
        self.branch_sites: dict = {}   # (if statement, branch) -> [number, rules, (line, file, text)]
        self.w = Writer()
        self.sc: Scope | None = None
        self.imm = any(e.condition is not None and not e.at_round_end for e in ch.endings.values())
        self.names: dict = {}
        self.tables: dict[str, str] = {}   # identifier -> Python literal
        self.spans: dict = {}              # proc identifier -> {pc: span}
        self.nlabels = 0
        self.sm_level = 0
        self.label_spans: dict = {}
        self.procs: list = []
        self.straights: dict = {}  # a rule's ident -> its straight function's (module.rule)
        self.framed = True
        self.sites: list = []   # (identifier, literal) of each decision site's builder
        self.quantified: dict = {}  # text of a quantifier written -> (kind, test, its loops): exprs.ex_Quantifier
        self.runs_out_zones = {game.zone_lookup[(ev.zone.name, None, None)] for ev in ch.events
                               if ev.event == "runs out"}

    def always_seen(self, domain, players: tuple) -> bool:
        """Does the one who chooses always see every card of `domain`, what it chooses
        from? (`players`: what the generated code calls the chooser, such as `seat` or
        `1`.) So it is with the cards of a face-up pile or hand (`discard`), in a game
        that never flips a card, and with the chooser's own cards of a private zone
        (`hand of current`), each perhaps filtered, where no rule puts a card face down.
        A card that comes into a zone takes its facing (board.place, move_card,
        move_cards): face up, everyone knows it; in a private zone, its owner does; and a
        face-up card is known to everyone (tests/test_honest_actions.py checks these
        after every decision of random games of every rule file)."""
        while isinstance(domain, A.Filter):
            if any(isinstance(t, A.Test) and t.test == "face up" and isinstance(t.value, A.Name)
                   and t.value.name == "it" for t in split_conjuncts(domain.condition)):
                return True  # `where it is face up`: a face-up card is known to everyone
            domain = domain.collection
        if isinstance(domain, A.Of):
            zone, owner = domain.name, self.ex(domain.owner)
        elif isinstance(domain, A.Name):
            zone, owner = domain, None
        else:
            return False
        if T.ref(self.ch, zone)[0] != "zone" or self.ch.zones[zone.name].decl.kind == "row":
            return False
        name, g = zone.name, self.g
        blind, flips = self.faced()
        if name in blind or "*" in blind:
            return False
        zones = [g.zinst[z] for (n, _, _), z in g.zone_lookup.items() if n == name]
        if all(zi.facing == UP for zi in zones):
            return not flips
        return owner in players and all(zi.facing == PRIVATE and zi.owner >= 0 for zi in zones)

    def faced(self) -> tuple:
        """(the zones a rule puts a card into face down, whether any rule flips a card)."""
        if not hasattr(self, "_faced"):
            self._faced = (blind_zones(self.ch.tree), any(isinstance(n, A.Flip) for n in walk(self.ch.tree)))
        return self._faced

    # ---- identifiers and tables
    def fn_name(self, prefix: str, name: str) -> str:
        key = (prefix, name)
        if key not in self.names:
            stem = f"{prefix}_{py_ident(name)}"
            ident, k = stem, 1
            while ident in self.names.values():
                k += 1
                ident = f"{stem}{k}"
            self.names[key] = ident
        return self.names[key]

    def table(self, stem: str, literal) -> str:
        ident = re.sub(r"\W", "_", stem)
        if ident not in self.tables:
            self.tables[ident] = literal if isinstance(literal, str) else repr(literal)
        return ident

    def attr_table(self, attr: str) -> str:
        # a card without the attribute is missing from the table (reading it is an error);
        # one whose attribute is none (a joker's suit) holds None
        cards = self.g.cards
        values = {c: v for c, v in enumerate(self.g.card_attr[attr]) if v is not None or attr in cards[c].attrs}
        return self.table(f"A_{py_ident(attr)}", f"Table({values!r}, attr_missing({attr!r}, CNAME))")

    def dense_attr_table(self, attr: str) -> str | None:
        """A plain tuple of every card's attribute (indexed faster than a Table), or None
        when some card lacks it; only for reading a value known to be a card."""
        cards = self.g.cards
        if not all(v is not None or attr in cards[c].attrs for c, v in enumerate(self.g.card_attr[attr])):
            return None
        return self.table(f"AT_{py_ident(attr)}", tuple(self.g.card_attr[attr]))

    def has_rules(self, attr: str) -> bool:
        return any(a.name.name == attr and not self.is_plain(a.value)
                   for cd in self.ch.card_decls for a in cd.attrs)

    def is_plain(self, node) -> bool:
        from ..layout import is_constant
        return is_constant(self.ch, node)

    def effects_table(self, trigger: str) -> str:
        return f"EFF_{py_ident(trigger)}" if trigger in self.ch.triggers else "NO_EFFECTS"

    def pieces_table(self, kind: str) -> str:
        keys = self.g.piece_by_key[kind]
        return self.table(f"PIECES_{kind}", f"Table({keys!r}, lambda k: f'there is no {kind} of {{k}}')")

    def slots_table(self, zone: str) -> str:
        g = self.g
        z = g.zone_lookup.get((zone, None, None))
        row = g.zinst[z] if z is not None else next(x for x in g.zinst if x.decl == zone and x.kind == "row")
        n = len(row.slots)
        lit = (f"Table({dict(enumerate(row.slots, 1))!r}, lambda k: "
               f"f{row.label + ' has no slot '!r}" + " + str(k) + " + f"{f' (it has slots 1 to {n})'!r})")
        return self.table(f"SLOTS_{row.index}", lit)

    def ending_name(self, name: str) -> str:
        return self.fn_name("END", name)

    def ref_kind(self, t):
        """How actions name a value of type t: "card", "piece", "player" or None."""
        k = T.kind(t)
        return k if k in ("card", "piece", "player") else None

    def site(self, literal: str) -> str:
        """A decision site's action builder (runtime/actions.py), made once per game."""
        ident = f"SITE_{len(self.sites)}"
        self.sites.append((ident, literal))
        return ident

    # ---- functions
    def function(self, ident: str, args: str, title: str, span, body) -> None:
        """def ident(args): with a comment naming the rule; body() writes the rest."""
        w = self.w
        w.blank()
        w.comment(f"{comment_text(title)} (line {span.line})" if span is not None else comment_text(title))
        w.line(f"def {ident}({args}):")
        first = len(w.lines)
        w.rule = title
        with w.indent(), w.at(span):
            body()
        w.rule = None
        drop_unread(w, first)

    def expr_function(self, ident, args, title, span, node, scope: Scope, collection: bool = False,
                      charged: bool = False, held_by: str = "") -> None:
        """A function returning one expression. `charged`: each call is a unit of work
        (definitions, quantities and card rules can call each other, so a chain of them
        can fan out); see `fans_out`. `held_by`: a prims function the value goes through
        (an error it raises is shown at the expression)."""
        def body():
            self.sc = scope
            # an error here is shown at the expression (cli.common.render_runtime_error),
            # or at the part of it that failed: its parts are written at the same place
            with self.at_expr(node):
                text = self.coll(node, live=True) if collection else self.ex(node)
                if charged and self.fans_out(text):
                    self.w.line(self.charge_line(text))
                self.prologue(text)
                self.w.line(f"return {held_by}({text})" if held_by else f"return {text}")
        self.function(ident, args, title, span, body)

    @staticmethod
    def charge_line(text: str) -> str:
        """The charge of one call of a function that fans out: a unit for itself and one for
        each definition, quantity or card rule it calls, which may not be charged (a
        quantity adding up 1,000 uncharged ones was 1 unit for 1,000 calls)."""
        units = 1 + len(_CALL.findall(text))
        return "charge_call(st)" if units == 1 else f"charge_call(st, {units})"

    @staticmethod
    def fans_out(text: str) -> bool:
        """Whether generated code calls another definition, quantity or card rule, or
        loops: only such a function is charged when called. One that does neither costs
        a bounded amount, counted where it is called from."""
        return " for " in text or _CALL.search(text) is not None

    def prologue(self, text: str) -> None:
        if re.search(r"\bZ\[", text):
            self.w.line("Z = st.zones")
        if re.search(r"\bV\[", text):
            self.w.line("V = st.vars")

    def rule(self, ident: str, title: str, span, stmts, fixed: dict, nfixed: int, is_turn=False,
             actor=None, is_setup=False) -> None:
        """A rule over the frame `fr`: resumable when it can stop, else straight."""
        # (an action's rule that stops only at its last statement, a `resolve`, runs
        # straight: the effect takes its place, sm_Resolve)
        self.is_action = actor is not None
        tail = stmts[-1] if self.is_action and stmts and isinstance(stmts[-1], A.Resolve) \
            and not self.any_stops(stmts[:-1]) else None
        resumable = tail is None and self.any_stops(stmts)
        scope = Scope(resumable, counter=[0])
        scope.nslots = nfixed
        for binder, (slot, stem, kind) in fixed.items():
            if kind is not None:
                scope.kinds[slot] = kind
            scope.slots[binder] = f"L[{slot}]" if resumable else stem
            if kind == "card":  # an action's card parameter, a card rule's `this`: never none, never set
                scope.cards.add(scope.slots[binder])
        scope.actor = scope.slots.get(actor) if actor is not None else None
        scope.has_owner = "owner" in fixed
        self.kept_binders(stmts, resumable)

        def body():
            self.sc = scope
            if resumable:
                if is_turn:
                    scope.current = "cur"
                self.sm_body(stmts, seedless_start=is_setup, current=scope.current)
                return
            w = self.w
            if fixed:
                names = [scope.slots[b] for b, _ in sorted(fixed.items(), key=lambda x: x[1][0])]
                w.line(", ".join(names) + (" = fr.L[:%d]" % nfixed if len(names) > 1 else " = fr.L[0]"))
            w.line("Z = st.zones")
            w.line("V = st.vars")
            self.tail = tail
            self.block(stmts)
            self.tail = None
            w.line("st.stack.pop()")

        def straight():  # (the same rule, its values as arguments, for no frame: decisions.start_action)
            self.sc = scope
            self.w.line("Z = st.zones")
            self.w.line("V = st.vars")
            self.tail, self.framed = tail, False
            self.block(stmts)
            self.tail, self.framed = None, True
        self.nlabels = 0
        self.label_spans = {0: stmts[0].span if stmts else span}
        self.function(ident, "st, fr", title, span, body)
        if self.is_action and not resumable and not self.coverage and not any_node(stmts, _FRAMED):
            args = [scope.slots[b] for b, _ in sorted(fixed.items(), key=lambda x: x[1][0])]
            self.straights[ident] = "s" + ident[1:]
            self.function("s" + ident[1:], ", ".join(["st", *args]), title, span, straight)
        self.spans[ident] = self.label_spans
        slots = scope.kinds
        self.procs.append((ident, title, is_turn, max(scope.nslots, nfixed),
                           tuple(i for i, k in slots.items() if k == "card"),
                           tuple(i for i, k in slots.items() if k == "cards"), resumable, self.kept_pairs()))


# Statements that read or leave the stack of frames (an action's rule holding one of them
# keeps its frame: module.rule)
_FRAMED = (A.EndTurn, A.Eliminate, A.Finish, A.NextTurn, A.EndGame, A.Call)

_SHORTHANDS = {"    Z = st.zones": re.compile(r"\bZ\b"), "    V = st.vars": re.compile(r"\bV\b"),
               "    cur = CUR[st.turn_pos]": re.compile(r"\bcur\b")}


def drop_unread(w, first: int) -> None:
    """Take out of the function written from line `first` on the shorthands (`Z`, `V`)
    it never reads: each costs a look-up at every call."""
    for line, name in _SHORTHANDS.items():
        try:
            at = w.lines.index(line, first, first + 6)
        except ValueError:
            continue
        if not any(name.search(text) for text in w.lines[at + 1:]):
            del w.lines[at], w.where[at]

