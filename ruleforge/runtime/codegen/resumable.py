"""Rules that can stop for a decision, as resumable functions.

Such a rule is a state machine: `while True:` over numbered blocks (`if pc == k:`),
each block straight Python up to the next stop. To stop, a block stores where to go on
in the frame (`fr.pc`) and returns; the frame's list `L` holds every local value of the
rule, so a stopped game can be cloned with a list copy and go on later. Control flow
that contains a stop becomes jumps between blocks (`pc = k`); control flow that does not
is written as ordinary Python inside a block (see stmts.Straight).
"""

from __future__ import annotations

import re

from ...lang import ast as A
from ...lang.offers import expand
from .. import typeinfo as T
from .stmts import picks_by_rule  # noqa: F401  (re-exported for the generator)
from .straighten import straighten


_HEADER = re.compile(r"^( *)if pc == (\d+):$")
_JUMP = re.compile(r"^( *)pc = (\d+)$")


def thread_jumps(w, first: int) -> None:
    """Tidy the jumps of the state machine written from line `first` on: a jump to a
    block that only jumps goes straight to where that one goes, and a jump back to an
    earlier block starts the loop again at once (`continue`) instead of testing every
    later block's number on the way."""
    lines, where = w.lines, w.where
    at: dict[int, int] = {}     # block -> the line of its header
    onward: dict[int, int] = {}  # block that only jumps -> where it jumps
    for i in range(first, len(lines)):
        m = _HEADER.match(lines[i])
        if m is None:
            continue
        at[int(m.group(2))] = i
        if i + 1 < len(lines):
            j = _JUMP.match(lines[i + 1])
            ends = i + 2 >= len(lines) or _HEADER.match(lines[i + 2]) is not None
            if j is not None and ends and len(j.group(1)) == len(m.group(1)) + 4:
                onward[int(m.group(2))] = int(j.group(2))

    def final(k: int) -> int:
        seen = set()
        while k in onward and k not in seen:
            seen.add(k)
            k = onward[k]
        return k

    i = first
    while i < len(lines):
        j = _JUMP.match(lines[i])
        if j is not None:
            k = final(int(j.group(2)))
            lines[i] = f"{j.group(1)}pc = {k}"
            if at.get(k, len(lines)) < i:
                lines.insert(i + 1, f"{j.group(1)}continue")
                where.insert(i + 1, where[i])
                at = {b: (x + 1 if x > i else x) for b, x in at.items()}
                i += 1
        i += 1


_TARGET = re.compile(r"\bpc = (\d+)$")


def drop_dead_blocks(w, first: int) -> None:
    """After thread_jumps: drop the blocks that only jump and that nothing goes to any
    more (every jump to them now goes past them), so that a rule going on after a
    decision tests fewer block numbers on its way."""
    lines, where = w.lines, w.where
    targets = {0} | {int(m.group(1)) for i in range(first, len(lines))
                     if (m := _TARGET.search(lines[i])) is not None}
    i = first
    while i + 1 < len(lines):
        m = _HEADER.match(lines[i])
        j = _JUMP.match(lines[i + 1]) if m is not None else None
        if j is not None and int(m.group(2)) not in targets and len(j.group(1)) == len(m.group(1)) + 4 \
                and (i + 2 == len(lines) or _HEADER.match(lines[i + 2])):
            del lines[i:i + 2], where[i:i + 2]
            continue
        i += 1


def group_blocks(w, first: int) -> None:
    """Last: put the blocks of a long state machine in groups of about the square root of
    their number, each under one test of its block numbers (`if pc in (...)`), so that a
    rule going on after a decision, or falling through to a later block, tests a group
    and then the blocks of one group, not every block before it. A block still falls
    through to the next one, in its group or past the group's end into the next test;
    a jump back still starts the loop again (`continue`)."""
    lines, where = w.lines, w.where
    heads = [i for i in range(first, len(lines)) if _HEADER.match(lines[i])]
    if len(heads) < 9:
        return
    pad = _HEADER.match(lines[heads[0]]).group(1)
    heads = [i for i in heads if _HEADER.match(lines[i]).group(1) == pad]
    size = max(2, round(len(heads) ** 0.5))
    groups = [heads[i:i + size] for i in range(0, len(heads), size)]
    out, out_where = lines[:heads[0]], where[:heads[0]]
    for g, group in enumerate(groups):
        end = groups[g + 1][0] if g + 1 < len(groups) else len(lines)
        numbers = ", ".join(_HEADER.match(lines[i]).group(2) for i in group)
        out.append(f"{pad}if pc in ({numbers}{',' if len(group) == 1 else ''}):")
        out_where.append(where[group[0]])
        out.extend("    " + line if line else line for line in lines[group[0]:end])
        out_where.extend(where[group[0]:end])
    lines[:], where[:] = out, out_where


_SEEDLESS = (A.Move, A.Flip, A.Swap, A.SetValue, A.Change, A.Let)


def any_node(node, kind) -> bool:
    """Is there a `kind` node anywhere in `node`?"""
    if isinstance(node, kind):
        return True
    if isinstance(node, (list, tuple)):
        return any(any_node(x, kind) for x in node)
    fields = getattr(type(node), "__attrs_attrs__", None)
    return fields is not None and any(any_node(getattr(node, f.name), kind) for f in fields)


# The statements that ask a player something: a menu, a choice, a pick until done, a
# yes/no question (the head of an if or a repeat).
DECIDING = (A.Choose, A.TakeAction, A.ForEachChosen, A.ChoiceCond)


def asks_decisions(tree) -> bool:
    """Can any rule of the file ask a player to decide? A file with none (pure chance) plays
    itself: no bot's skill can matter in it, and bots are never asked anything."""
    return any_node(tree, DECIDING)


class Resumable:
    """Mixin of the code generator: `sm_body` writes a rule that can stop."""

    # ---- which statements stop
    def stops(self, s) -> bool:
        if isinstance(s, (A.Choose, A.TakeAction, A.ForEachChosen, A.Resolve)):
            return True
        if isinstance(s, (A.Move, A.Reveal)):
            return self.runs_out_zone(s.what) is not False
        if isinstance(s, A.If):
            return any(isinstance(c, A.ChoiceCond) or self.any_stops(b) for c, b in s.branches) \
                or (s.otherwise is not None and self.any_stops(s.otherwise))
        if isinstance(s, A.RepeatWhile):
            return isinstance(s.condition, A.ChoiceCond) or self.any_stops(s.body)
        if isinstance(s, (A.RepeatTimes, A.ForEach)):
            return self.any_stops(s.body)
        if isinstance(s, A.Deal):
            return self.stops(s.loop)
        return False

    def seedless(self, s) -> bool:
        """Does statement `s` do the same in every game? (No random number, no stop, no
        word said: what only a watched game would see.)"""
        return isinstance(s, _SEEDLESS) and not self.stops(s) and not any_node(s, A.RandomCard)

    def any_stops(self, stmts) -> bool:
        return any(self.stops(s) for s in stmts)

    def runs_out_zone(self, what):
        """False when taking `what` can never run a 'runs out' rule; else the zone's
        index when it is known now, or None when it is known only in play."""
        if not isinstance(what, A.Top) or not self.runs_out_zones:
            return False
        z = self.ex(what.zone)
        if z.isdigit():
            return int(z) if int(z) in self.runs_out_zones else False
        return None

    # ---- blocks
    def label(self) -> int:
        self.nlabels += 1
        return self.nlabels - 1

    def start(self, k: int) -> None:
        """Begin block k (the previous block has ended with a jump or a stop)."""
        self.w.level = self.sm_level
        self.label_spans.setdefault(k, self.w.span)
        self.w.line(f"if pc == {k}:")
        self.w.level += 1
        self.current = (k, len(self.w.lines))

    def begin(self) -> int:
        """A block to jump back to from here on: the current one while it is still
        empty (no jump-only blocks), else a new one."""
        k, start = self.current
        if len(self.w.lines) == start:
            return k
        k = self.label()
        self.goto(k)
        self.start(k)
        return k

    def goto(self, k: int) -> None:
        self.w.line(f"pc = {k}")

    def decision(self) -> int:
        """Begin a block that only makes a decision; -> the block after it. A decision
        at block k always goes on at k + 1, so it can be made again from the state as it
        is then (engine.offer_again: check --deep re-deals hidden cards and asks again)."""
        k, start = self.current
        if not (len(self.w.lines) == start and self.nlabels == k + 1):
            k = self.label()
            self.goto(k)
            self.start(k)
        else:
            # the empty block taken for it was begun by an earlier statement (the one
            # before `takes one of discard, knock`): the block is the decision's alone,
            # so it is placed at the decision (where the report and check --deep show it)
            self.label_spans[k] = self.w.span
        self.deciding.add(k)
        return self.label()

    def stop(self, k: int) -> None:
        """Stop here; the rule goes on at block k."""
        self.w.line(f"fr.pc = {k}")
        self.w.line("return")

    def sm_body(self, stmts, seedless_start: bool = False, current: str | None = None) -> None:
        self.nlabels = 0
        self.deciding: set[int] = set()  # the blocks that make a decision (straighten keeps them)
        w = self.w
        w.line("L = fr.L")
        w.line("Z = st.zones")
        w.line("V = st.vars")
        if current is not None:  # (dropped when not read: module.drop_unread)
            w.line(f"{current} = CUR[st.turn_pos]")
        w.line("pc = fr.pc")
        w.line("while True:")
        first = len(w.lines)
        self.sm_level = w.level + 1
        self.start(self.label())
        lead = 0
        while seedless_start and lead < len(stmts) and self.seedless(stmts[lead]):
            lead += 1
        if 0 < lead < len(stmts):
            # The same for every game: Game.new makes it once (with no random generator),
            # keeps the board it leaves, and starts each game's setup from there.
            self.sm_block(stmts[:lead])
            k = self.label()
            w.line("if st.rng is None:  # making the start every game shares (Game.new)")
            with w.indent():
                w.line(f"fr.pc = {k}")
                w.line("raise SharedStart")
            self.goto(k)
            self.start(k)
            self.setup_resume = k
            stmts = stmts[lead:]
        # A last `takes an action`, or an action's last `resolve`, gives its place to the rule
        # it starts (not an effect's: one resolving itself must still meet MAX_FRAMES)
        tails = (A.TakeAction, A.Resolve) if getattr(self, "is_action", False) else A.TakeAction
        self.tail = stmts[-1] if stmts and isinstance(stmts[-1], tails) else None
        self.sm_block(stmts)
        self.tail = None
        w.line("st.stack.pop()")
        w.line("return")
        self.w.level = self.sm_level - 1
        thread_jumps(w, first)
        drop_dead_blocks(w, first)
        straighten(w, first, self.deciding)
        group_blocks(w, first)
        # Reached only when no block matched: every block ends in a stop, a return, a jump
        # on (falling through to its block) or a jump back (`continue`). A frame gone on at
        # a block the rule does not have (ruleforge's bug) stops here rather than going
        # round without end; only that path runs this line.
        w.level = self.sm_level
        w.line("no_block(fr, pc)")
        w.level = self.sm_level - 1

    def sm_block(self, stmts) -> None:
        for s in stmts:
            if self.stops(s):
                with self.w.at(s.span):
                    getattr(self, "sm_" + type(s).__name__)(s)
            else:
                self.stmt(s)

    def sm_cond(self, cond) -> str:
        """A condition; a player's choice first stops for the answer."""
        if not isinstance(cond, A.ChoiceCond):
            return self.ex(cond)
        w = self.w
        ans = self.sc.temp()
        after = self.decision()
        payload = self.site(f"Ask({cond.yes!r}, {cond.no!r}).offer")
        player, prompt = self.ex(cond.player), f"{cond.yes} or {cond.no}?"
        if player.isdigit():  # the same question to the same seat every time: made once
            ask = f"st.waiting = {self.site(f'waiting_for({player}, {prompt!r}, *{payload}, {ans[2:-1]})')}"
        else:
            ask = f"decide(st, {player}, {prompt!r}, {payload}, {ans[2:-1]})"
        with w.at(cond.span):
            if cond.guard is not None:  # no question unless the condition before 'and' holds
                w.line(f"if not {self.ex(cond.guard)}:")
                with w.indent():
                    w.line(f"{ans} = False")
                    self.goto(after)
                w.line("else:")
                with w.indent():
                    w.line(ask)
                    self.stop(after)
            else:
                w.line(ask)
                self.stop(after)
            self.start(after)
        return ans

    # ---- control flow with stops
    def sm_If(self, s) -> None:
        end = self.label()
        notes = self.guard_notes(s, [cond for cond, _ in s.branches])
        for k, (cond, body) in enumerate(s.branches):
            with self.at_expr(cond):
                test = self.sm_cond(cond)
                yes, no = self.label(), self.label()
                self.w.line(f"if {test}:")
            with self.w.indent():
                self.goto(yes)
            self.w.line("else:")
            with self.w.indent():
                self.goto(no)
            self.start(yes)
            self.branch(s, k)
            with self.under(notes[:k + 1], body):
                self.sm_block(body)
            self.goto(end)
            self.start(no)
        if s.otherwise is not None:
            self.branch(s, len(s.branches))
            with self.under(notes, s.otherwise):
                self.sm_block(s.otherwise)
        self.goto(end)
        self.start(end)

    def loop(self, head_code, body, head_node, test_node=None, notes=()) -> None:
        """head: budget, then head_code() writes the test and returns it (in the block it
        leaves open); the body runs while it holds. A loop that never ends is shown at
        its head (up to `head_node`); an error in the test at `test_node`, when given;
        `notes`, the test's for the `say`s of the body (guarded.py)."""
        head = self.begin()
        go, end = self.label(), self.label()
        with self.loop_head(head_node):
            self.budget()
        with self.at_expr(test_node):
            test = head_code()
            self.w.line(f"if {test}:")
        with self.w.indent():
            self.goto(go)
        self.w.line("else:")
        with self.w.indent():
            self.goto(end)
        self.start(go)
        with self.under(notes, body):
            self.sm_block(body)
        self.goto(head)
        self.start(end)

    def sm_RepeatWhile(self, s) -> None:
        self.loop(lambda: self.sm_cond(s.condition), s.body, s.condition, s.condition,
                  self.guard_notes(s, [s.condition]))

    def sm_RepeatTimes(self, s) -> None:
        n = self.sc.temp()
        with self.at_expr(s.count):
            self.w.line(f"{n} = {self.ex(s.count)}")

        def head():
            self.w.line(f"{n} -= 1")
            return f"{n} >= 0"
        self.loop(head, s.body, s.count)

    def sm_ForEach(self, s) -> None:
        et = T.elem(self.t(s.collection))
        items = self.sc.temp("cards" if T.is_card(et) else None)
        k = self.sc.temp()
        var = self.sc.bind(s, s.name.name, "card" if T.is_card(et) else None)
        self.w.line(f"{items} = {self.coll(s.collection)}")
        self.w.line(f"{k} = 0")

        def head():
            self.w.line(f"if {k} < len({items}):")
            with self.w.indent():
                self.w.line(f"{var} = {items}[{k}]")
                self.w.line(f"{k} += 1")
                self.w.line("more = True")
            self.w.line("else:")
            with self.w.indent():
                self.w.line("more = False")
            return "more"
        self.loop(head, s.body, s.collection, notes=self.filter_notes(s, var))

    def sm_ForEachChosen(self, s) -> None:
        """The player picks elements one at a time (each once) until they say "done"."""
        w, sc = self.w, self.sc
        et = T.elem(self.t(s.collection))
        ct = self.t(s.collection)
        chosen = sc.temp("cards" if (T.is_cards(ct) or not T.kind(ct) == "list") else None)
        var = sc.bind(s, s.name.name, "card" if T.is_card(et) else None)
        w.line(f"{chosen} = ()")
        head, after, go, end = self.label(), self.label(), self.label(), self.label()
        self.goto(head)
        self.start(head)
        self.deciding.add(head)  # (its decision goes on at `after`, head + 1: offer_again makes it again from here)
        with self.loop_head(s.collection):
            self.budget()
        left = sc.fresh("left")
        e = sc.fresh("e")
        w.line(f"{left} = [{e} for {e} in {self.coll(s.collection, live=True)} if {e} not in {chosen}]")
        w.line(f"if not {left}:  # nothing left to pick: no question to ask")
        with w.indent():
            w.line(f"{var} = None")
            self.goto(after)
        w.line("else:")
        with w.indent():
            prompt = s.prompt or f"choose {s.name.name}, or be done"
            site = self.site(f"Choice(GAME, {s.name.name!r}, {self.ref_kind(et)!r}, done=True)")
            w.line(f"offer_chosen(st, {self.ex(s.player)}, {prompt!r}, {site}, {left}, {var[2:-1]})")
            self.stop(after)
        self.start(after)
        w.line(f"if {var} is None:")
        with w.indent():
            self.goto(end)
        w.line("else:")
        with w.indent():
            w.line(f"{chosen} = {chosen} + ({var},)")
            self.goto(go)
        self.start(go)
        self.sm_block(s.body)
        self.goto(head)
        self.start(end)

    # ---- stops
    def sm_Choose(self, s) -> None:
        et = T.elem(self.t(s.collection))
        var = self.sc.bind(s, s.name.name, "card" if T.is_card(et) else None)
        prompt = s.prompt or f"choose {s.name.name}"
        nxt = self.decision()
        if s.unseen:  # a place in the zone, never a card (runtime/picks.py)
            self.w.line(f"offer_blind(st, {self.ex(s.collection)}, {self.ex(s.player)}, {prompt!r}, "
                        f"{s.name.name!r}, {self.site(f'Blind(GAME, {s.name.name!r})')}, {var[2:-1]})")
            self.stop(nxt)
            self.start(nxt)
            return
        distinct = ", distinct=True" if self.holds_cards(s.collection) else ""  # (a zone's cards: no set needed)
        player = self.ex(s.player)
        seen = ", seen=True" if T.is_card(et) and self.always_seen(s.collection, (player,)) else ""
        site = self.site(f"Choice(GAME, {s.name.name!r}, {self.ref_kind(et)!r}{distinct}{seen})")
        self.w.line(f"offer_choice(st, {self.coll(s.collection)}, {player}, {prompt!r}, "
                    f"{s.name.name!r}, {site}, {var[2:-1]})")
        self.stop(nxt)
        self.start(nxt)

    def sm_TakeAction(self, s) -> None:
        slot = self.sc.temp()
        chosen = self.decision()
        nxt = self.label()
        only = expand(s.only, self.ch.action_groups) if s.only else None  # `takes one of ...`
        menu = self.site(f"Menu(GAME, ACTIONS.values(), {s.may_pass!r}, {only!r}, {self.menu_key(only)}, "
                         f"{self.whole_menu(only, s.may_pass)})")
        self.w.line(f"offer_menu(st, {self.ex(s.player)}, {menu}, {slot[2:-1]})")
        self.stop(chosen)
        self.start(chosen)
        if s is getattr(self, "tail", None):  # the rule's last statement: the action takes its place
            taken = self.sc.fresh("t")
            self.w.line(f"if {slot} is not None:  # the action's rule runs in this rule's place")
            with self.w.indent():
                self.w.line(f"{taken} = {slot}")
                self.w.line("st.stack.pop()")
                self.w.line(f"start_action(st, {taken})")
                self.w.line("return")
            return
        self.w.line(f"fr.pc = {nxt}")
        self.w.line(f"if {slot} is not None:  # the action's own rule runs first")
        with self.w.indent():
            taken = self.sc.fresh("t")
            self.w.line(f"{taken} = {slot}")
            self.w.line(f"{slot} = None")
            self.w.line(f"if start_action(st, {taken}) or not st.stack or st.stack[-1] is not fr: return  # (run now, "
                        "straight: on at once unless it left a rule to run)")
        self.goto(nxt)
        self.start(nxt)

    def sm_Resolve(self, s) -> None:
        c, p = self.sc.fresh("c"), self.sc.fresh("p")
        table = self.effects_table(s.trigger.name)
        self.w.line(f"{c} = {self.ex(s.card)}")
        self.w.line(f"if {c} is None: no_effect_card()")
        self.w.line(f"{p} = {table}[{c}]")
        by = self.ex(s.by) if s.by is not None else "None"
        tail = s is getattr(self, "tail", None)  # the rule's last statement: the effect takes its place
        nxt = None if tail else self.label()
        if not tail:
            self.w.line(f"fr.pc = {nxt}")
        self.w.line(f"if {p} is not None:" + ("  # the effect's rule runs in this rule's place" if tail else ""))
        with self.w.indent():
            if tail and getattr(self, "framed", True):  # (a rule run straight has no frame: module.rule)
                self.w.line("st.stack.pop()")
            self.pushed(f"push_effect(st, {p}, {c}, {by})")  # (setoff.py)
            self.w.line("return")
        if not tail:
            self.goto(nxt)
            self.start(nxt)

    # Statements that always stop are written only inside a resumable rule.
    st_Choose, st_TakeAction, st_ForEachChosen, st_Resolve = sm_Choose, sm_TakeAction, sm_ForEachChosen, sm_Resolve

    def sm_Move(self, s) -> None:
        self.runs_out(s.what)
        self.stmt(s)

    sm_Reveal = sm_Move

    def runs_out(self, what) -> None:
        """Before taking from the top of a zone that has a 'runs out' rule, run that rule
        when the zone holds too few cards, then try once more."""
        known = self.runs_out_zone(what)
        here = self.begin()
        w = self.w
        z = self.sc.fresh("z")
        w.line(f"{z} = {self.ex(what.zone)}")
        need = self.ex(what.count) if what.count is not None else "1"
        test = f"len(Z[{z}]) < {need} and fr.retry != {here}"
        if known is None:
            test = f"{z} in RUNS_OUT and " + test
        w.line(f"if {test}:")
        with w.indent():
            w.line(f"fr.retry = {here}")
            w.line(f"fr.pc = {here}")
            self.pushed(f"push(st, RUNS_OUT[{z}])")
            w.line("return")
        w.line("fr.retry = -1")
