"""Rules called by name: `rule NAME [of KIND p, ...]:` and a block, run where a rule
writes the name alone on a line (`score_round`, `knock_out of p`, `pay of (p, 3)`).

A rule's body is checked once, on its own, with its parameters of the kinds its heading
gives (`RuleCalls.rule_decl`); each call is checked where it is, its values held to those
kinds as a definition's are. The compiler writes the body out at each call
(codegen/calls.py), so the statements run as if written there; what they ask of that
place is said at the call, once every rule is checked (`check_calls`): `end turn` needs a
turn or an action, `this` and `owner` a card's effect, `current` anything but setup, a
value of the turn a rule of the turn, and `end the game` a place where the game is not
ending already, through the rules it calls too. Being written out, a rule cannot call
itself (an error naming the loop), and what is written out is held to the depth of
blocks, to MAX_CALL_DEPTH rules inside one another (the compiler writes each out inside
the one that calls it) and to MAX_WRITTEN_OUT parts.
"""

from __future__ import annotations

from typing import Optional

from . import ast as A
from .limits import MAX_BLOCK_DEPTH, MAX_CALL_DEPTH, MAX_WRITTEN_OUT, raise_hint
from .names import Scope, Want, param_type
from .slips import not_a_rule
from .types import CARD, PLAYER
from .values import TURN_CONTEXTS, TurnValue, kind_type, walk


class RuleCalls:
    """Mixin of the type checker, first in its bases."""

    block_depth = 0          # blocks open around the statement being checked, the rule's own counted
    deepest = 0              # the deepest block_depth in the rule declaration being checked
    calling: Optional[str] = None  # the rule declaration whose body is being checked

    def call_sites(self) -> list:
        """Every call checked: (Call, ctx, the rule declaration it is in or None, its block
        depth); a card effect shared by a generated list's cards once per card, as it is
        written out once per card."""
        if not hasattr(self, "_call_sites"):
            self._call_sites, self._rule_depth = [], {}
        return self._call_sites

    def block(self, stmts, scope: Scope, ctx: str) -> None:
        self.block_depth += 1
        self.deepest = max(self.deepest, self.block_depth)
        try:
            super().block(stmts, scope, ctx)
        finally:
            self.block_depth -= 1

    # ---- declarations
    def rule_decls(self) -> None:
        self.call_sites()
        for r in self.sym.rules.values():
            self.rule_decl(r)

    def rule_decl(self, r: A.RuleDecl) -> None:
        scope = Scope()
        for p, kind in r.params:
            self.bind(scope, p, param_type(self, p, kind), p)
        was = self.card_ctx, self.turn_ctx, self.calling, self.deepest, self.block_depth
        # what only some places allow is allowed here, and said at each call that is not one
        self.card_ctx = self.turn_ctx = True
        self.calling, self.deepest, self.block_depth = r.name.name, 0, 0
        try:
            self.block(r.body, scope, ctx="rule")
            self._rule_depth[r.name.name] = self.deepest
        finally:
            self.card_ctx, self.turn_ctx, self.calling, self.deepest, self.block_depth = was

    # ---- statements
    def st_Call(self, s: A.Call, scope: Scope, ctx: str) -> None:
        n = s.name.name
        r = self.sym.rules.get(n)
        if r is None:
            for a in s.args:
                self.expr(a, scope)
            if n not in self.sym.unparsed:
                self.error(s.name, *not_a_rule(n, self.kind_of(n, scope), n in self.sym.triggers, self.sym.rules))
            return
        self.call_args(s, r, scope)
        self.call_sites().append((s, ctx, self.calling, self.block_depth))

    def call_args(self, s: A.Call, r: A.RuleDecl, scope: Scope) -> None:
        """The values of a call against the rule's parameters, said as a definition's are."""
        n, params = s.name.name, r.params
        kinds = ", ".join(k.upper() for _, k in params)
        if len(params) != len(s.args) or (len(params) > 1 and not s.many):  # (checked alone: no kind to hold to)
            for a in s.args:
                self.expr(a, scope)
        if not params and s.args:
            self.error(s, f"'{n}' takes no values", f"write '{n}' alone")
        elif params and not s.args:
            t = kind_type(self.sym, params[0][1])
            if len(params) > 1 or t is None:
                self.error(s.name, f"'{n}' takes {len(params)} value{'s' if len(params) > 1 else ''}",
                           f"write '{n} of {'(' + kinds + ')' if len(params) > 1 else kinds}'")
            else:
                who = self.owner_word(scope, t) if t in (PLAYER, CARD) else "..."
                self.error(s.name, f"'{n}' takes {t.describe()}", f"write '{n} of {who}'")
        elif len(params) > 1 and not s.many:
            self.error(s, f"'{n}' takes {len(params)} values: write '{n} of ({kinds})'")
        elif len(params) != len(s.args):
            self.error(s, f"'{n}' takes {len(params)} value{'s' if len(params) > 1 else ''} "
                          f"({', '.join(p.name for p, _ in params)}), not {len(s.args)}")
        else:
            for (p, kind), a in zip(params, s.args):
                self.require(a, self.expr(a, scope, want=Want.PLAYER if kind == "player" else None),
                             kind_type(self.sym, kind), f"'{p.name}' of '{n}'")

    def kind_of(self, n: str, scope: Scope) -> Optional[str]:
        """What a name that is no rule is, as slips.not_a_rule names it."""
        sym = self.sym
        if scope.lookup(n) is not None:
            return "local"
        for kind, table in (("define", sym.defines), ("action", sym.actions), ("ending", sym.endings),
                            ("actions", getattr(sym, "action_groups", {})), ("counter", sym.counters),
                            ("quantity", sym.quantities), ("zone", sym.zones), ("parameter", sym.params),
                            ("pieces", sym.pieces), ("role", dict(sym.roles))):
            if n in table:
                return kind
        return "invariant" if any(i.name.name == n for i in sym.invariants) else None

    def st_EndTurn(self, s: A.EndTurn, scope: Scope, ctx: str) -> None:
        if ctx != "rule":  # (in a rule, said at each call from where it cannot be)
            super().st_EndTurn(s, scope, ctx)

    def st_LetTurn(self, s, scope: Scope, ctx: str) -> None:
        super().st_LetTurn(s, scope, "turn" if ctx == "rule" else ctx)

    def name(self, node: A.Name, scope: Scope, want: Optional[Want]):
        n = node.name
        if n in self.sym.rules and scope.lookup(n) is None \
                and not any(n in self.attributes(et) for et, _ in scope.elements()):
            self.error(node, f"'{n}' is a rule: it runs statements and has no value",
                       f"write '{n}' alone on a line to run it")
            return None
        return super().name(node, scope, want)

    def of(self, node, scope: Scope):
        n = node.name.name
        if n in self.sym.rules and scope.lookup(n) is None:  # (`bump of p` as a value: "not a zone, ...")
            self.expr(node.owner, scope)
            self.error(node.name, f"'{n}' is a rule: it runs statements and has no value",
                       f"write '{n} of ...' alone on a line to run it")
            return None
        return super().of(node, scope)

    def ex_OfMany(self, node, scope: Scope, want):
        n = node.name.name
        if n in self.sym.rules and scope.lookup(n) is None:  # (`pay of (p, 3)` as a value)
            for a in node.args:
                self.expr(a, scope)
            self.error(node.name, f"'{n}' is a rule: it runs statements and has no value",
                       f"write '{n} of (...)' alone on a line to run it")
            return None
        return super().ex_OfMany(node, scope, want)

    # ---- what each call writes out
    def check_calls(self) -> None:
        """Once every rule is checked: rules that call themselves; then, at each call
        outside a rule declaration, what the rule written out there needs of the place,
        how deep its blocks go, and the parts written out in all."""
        rules, sites = self.sym.rules, self.call_sites()
        callees: dict = {n: [] for n in rules}  # rule -> [(Call, its block depth)], each call once
        seen = set()
        for s, _, caller, depth in sites:
            if caller is not None and s.name.name in rules and id(s) not in seen:
                seen.add(id(s))
                callees[caller].append((s, depth))
        written = self.written_out(callees)
        total, said_total, said_chain = 0, False, False
        for s, ctx, caller, depth in sites:
            n = s.name.name
            if caller is not None or n not in written:
                continue
            parts, deepest, needs, chain = written[n]
            for key, (node, where) in needs.items():
                said = self.misplaced(s, key, node, where, ctx)
                if said is not None:
                    self.error(s, *said)
            if depth - 1 + deepest > MAX_BLOCK_DEPTH:
                self.error(s, f"'{n}' written out here nests blocks {depth - 1 + deepest} deep (this call's "
                              f"{depth}, with the rule's own): blocks nest at most {MAX_BLOCK_DEPTH} deep",
                           "call it from a block nested less deeply, or nest fewer blocks in the rule; "
                           + raise_hint("MAX_BLOCK_DEPTH"))
            if chain > MAX_CALL_DEPTH and not said_chain:
                said_chain = True
                self.error(s, f"'{n}' calls rules {chain} deep, itself counted (each written out inside the one "
                              f"that calls it): a chain of calls is limited to {MAX_CALL_DEPTH}",
                           raise_hint("MAX_CALL_DEPTH"))
            total += parts
            if total > MAX_WRITTEN_OUT and not said_total:
                said_total = True
                self.error(s, f"calling '{n}' here writes out {parts:,} parts of rules ('{n}' and the rules it "
                              f"calls: statements, names, numbers, each character of a text...), {total:,} with "
                              f"the calls before it: the rules written out at their calls are limited to {MAX_WRITTEN_OUT:,} parts",
                           raise_hint("MAX_WRITTEN_OUT"))

    def written_out(self, callees: dict) -> dict:
        """rule -> (parts, block depth, needs, calls deep) of the rule written out with the
        rules it calls, for each rule that neither calls itself nor calls one that does; each that
        does is said at the call that closes its loop. Needs: what the statements ask of
        the place they are written out in, {key: (node, the rule it is written in)}."""
        state: dict = {}  # rule -> 1 while its calls are followed, 2 once done
        out: dict = {}
        for root in callees:
            if root in state:
                continue
            state[root] = 1
            path, stack = [root], [iter(callees[root])]
            while stack:
                call = next(stack[-1], None)
                if call is None:
                    n = path.pop()
                    stack.pop()
                    state[n] = 2
                    if all(c.name.name in out for c, _ in callees[n]):
                        out[n] = self.combined(n, callees[n], out)
                    continue
                m = call[0].name.name
                if state.get(m) == 1:
                    loop = path[path.index(m):] + [m]
                    said = ", which calls ".join(f"'{x}'" for x in loop[1:])
                    self.error(call[0].name, f"rule '{m}' calls itself" + (f" ('{m}' calls {said})" if len(loop) > 2
                                                                          else ""),
                               "a rule is written out where it is called, so one that calls itself would never "
                               "end: repeat its statements with 'repeat' or 'for each' instead")
                elif m not in state:
                    state[m] = 1
                    path.append(m)
                    stack.append(iter(callees[m]))
        return out

    def combined(self, n: str, calls: list, out: dict) -> tuple:
        r = self.sym.rules[n]
        parts = sum(1 for x in walk(r.body) if isinstance(x, (A.Expr, A.Stmt))) + _text_characters(r.body)
        deepest = self._rule_depth.get(n, 1)
        needs: dict = {}
        chain = 1
        for x in walk(r.body):
            key = _need(x, self.refs)
            if key is not None and key not in needs:
                needs[key] = (x, n)
        for c, depth in calls:
            p, d, more, deeper = out[c.name.name]
            parts += p
            deepest = max(deepest, depth - 1 + d)
            chain = max(chain, deeper + 1)
            for key, v in more.items():
                needs.setdefault(key, v)
        return parts, deepest, needs, chain

    def misplaced(self, s: A.Call, key: str, node, where: str, ctx: str) -> Optional[tuple]:
        """(message, hint) when the place of call `s` (`ctx`) cannot have what the rule's
        statement `node` (in rule `where`) needs, else None."""
        n = s.name.name
        at = self.sym.line_of(node.span, s.span) + (f", in rule '{where}'" if where != n else "")
        if key == "end turn" and ctx not in ("turn", "action"):
            return (f"'{n}' uses 'end turn' ({at}), which cannot be used in {ctx} rules",
                    "call it from a turn or an action, or write 'end turn' after the call instead")
        if key in ("this", "owner") and ctx != "effect":
            return (f"'{n}' uses '{key}' ({at}), a card's own {'self' if key == 'this' else 'owner'}: a rule "
                    "that uses it can be called only from a card's effect",
                    f"give the rule a parameter ('rule {n} of {'card c' if key == 'this' else 'p'}:'), and call it "
                    f"from the card as '{n} of {key}'")
        if key == "current" and ctx == "setup":
            return (f"'{n}' uses 'current' ({at}), and there is no current player during setup",
                    f"give the rule a parameter ('rule {n} of p:'), and name the player at the call: a role, or "
                    "p in 'for each p in players'")
        if key == "end game" and ctx == "game end":
            return f"'{n}' ends the game ({at}), and the game is already ending here", None
        if key == "turn value" and ctx not in TURN_CONTEXTS:
            value = node.name.name if isinstance(node, A.LetTurn) else node.name
            return (f"'{n}' uses the value of the turn '{value}' ({at}), which only the rules that run during a "
                    f"turn can use, not {ctx} rules", "call it from a turn, an action, a card effect or an event")
        return None


def _need(x, refs) -> Optional[str]:
    """What node `x` of a rule's body needs of the place the rule is written out in."""
    if isinstance(x, A.EndTurn):
        return "end turn"
    if isinstance(x, A.EndGame):
        return "end game"
    if isinstance(x, A.This):
        return "this"
    if isinstance(x, A.Owner):
        return "owner"
    if isinstance(x, A.Current):
        return "current"
    if isinstance(x, A.LetTurn) or isinstance(x, A.Name) and isinstance(refs.get(x), TurnValue):
        return "turn value"
    return None


_TEXT_FIELDS = ("value", "text", "prompt", "yes", "no")  # Text, Say, a choice's prompt, `chooses "A" over "B"`


def _text_characters(body) -> int:
    """The characters of the texts in `body`, each a part of what a call writes out: a
    `say` of 45,000 characters is one statement, and 10,000 calls of it wrote out 450 MB
    of code (the compiler ran out of memory)."""
    return sum(len(v) for x in walk(body) for f in _TEXT_FIELDS
               if isinstance(v := getattr(x, f, None), str))
