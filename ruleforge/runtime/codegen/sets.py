"""The domain of an action's `with NAME some of C where COND`: a function of the locals
that asks runtime/subsets.py for every set of cards of C meeting COND, with the bounds
lang/subsets.py found in COND (how many cards, a sum) to skip sets early."""

from __future__ import annotations

from ...lang.subsets import bounds


class Subsets:
    def subset_domain(self, ident: str, name: str, a, k: int, p, fixed) -> None:
        title = f"action {name}: the values of {p.name.name}"
        sizes, total = bounds(p, self.ch.refs)
        scope = lambda: self.action_scope(a, fixed)  # noqa: E731  (a fresh scope per function)
        self.expr_function(f"{ident}_of", "st, L", title, p.span, p.domain, scope(), collection=True)
        test = sized = weight = limit = "None"
        if p.condition is not None:
            test = f"{ident}_if"
            self.expr_function(test, "st, L", f"action {name}: the condition of {p.name.name}", p.condition.span,
                               p.condition, scope())
        if sizes:
            sized = f"{ident}_n"

            def body():
                self.sc = scope()
                text = "(" + "".join(f"({op!r}, {self.ex(e)}), " for op, e in sizes) + ")"
                self.prologue(text)
                self.w.line(f"return {text}")
            self.function(sized, "st, L", title, p.span, body)
        if total is not None:
            op, summed, bound = total
            weight, limit = f"{ident}_w", f"{ident}_t"

            def weigh():
                self.sc = scope()
                self.sc.slots[summed] = "c"
                text = self.ex(summed.value)
                self.prologue(text)
                self.w.line(f"return {text}")
            self.function(weight, "st, L, c", title, summed.span, weigh)

            def cap():
                self.sc = scope()
                text = self.ex(bound)
                self.prologue(text)
                self.w.line(f"return {text}{' - 1' if op == '<' else ''}")
            self.function(limit, "st, L", title, bound.span, cap)

        def domain():
            self.w.line(f"return subsets(st, {ident}_of(st, L), L, {k}, {test}, {sized}, {weight}, {limit}, "
                        f"{name!r}, {p.name.name!r})")
        self.function(ident, "st, L", title, p.span, domain)
