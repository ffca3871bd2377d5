"""Branch coverage, for `ruleforge analyze`: which branches of a rule's `if`s games took.

Every `if`, `else if` and `else` branch of a rule is a site, numbered as the module is
written, so the same in every compile of a file (`Game.branch_sites`). Only an
instrumented compile (`compile_game(..., coverage=True)`, which analyze's main games
use) counts: its first line in each branch adds one for the branch in the state's
observer (`Observer.branches`). The normal compile writes nothing of it, so its source
and its speed are unchanged; and a copy a bot tries a move on has no observer
(`State.clone`), so only the moves played are counted.
"""

from __future__ import annotations

from attrs import frozen

from .branch_players import reads_players

EXCERPT = 40  # characters of a condition shown in a report


@frozen
class BranchSite:
    """One branch: where it is and how a designer recognises it. `rules` names the rules
    it is compiled in (several where the cards of a list share an effect)."""
    rules: tuple
    line: int
    file: str | None
    text: str  # `if total = 15`, `else if phase = 1`, `else`
    # its test (for an `else if` or `else`, with those before it) reads the player count:
    # never taken at one count, it may be at another (branch_players.py)
    players: bool = False


class Branches:
    """Mixin of the code generator: `branch(node, k)` notes a branch of an `if`, and in an
    instrumented compile writes its count."""

    def branch(self, s, k: int) -> None:
        """The start of branch `k` of the `if` statement `s` (k = len(s.branches) for
        its `else`)."""
        sites = self.branch_sites
        noted = sites.get((s, k))
        rule = self.w.rule
        if noted is None:
            noted = sites[(s, k)] = [len(sites), [], self._branch_site(s, k)]
        if rule not in noted[1]:
            noted[1].append(rule)
        if self.coverage:
            self.w.line(f"if st.observer is not None: st.observer.branches[{noted[0]}] += 1")

    def branch_list(self) -> tuple:
        """The branch sites, by number."""
        noted = sorted(self.branch_sites.values(), key=lambda n: n[0])
        return tuple(BranchSite(tuple(rules), *site) for _, rules, site in noted)

    def _branch_site(self, s, k: int) -> tuple:
        """(line, file, text, players) of a branch."""
        players = reads_players(self.ch, [cond for cond, _ in s.branches[:k + 1]])
        if k < len(s.branches):
            span = s.branches[k][0].span
            text = _cut(" ".join(_within(self._file_lines(span.file), span).split()))
            return span.line, span.file, f"{'if' if k == 0 else 'else if'} {text}", players
        first = s.otherwise[0].span
        lines = self._file_lines(first.file)
        line = first.line
        # the `else` is not kept in the tree: it is on the nearest line at or above the
        # first statement of its body that starts with the word (only blank lines and
        # comments can lie between)
        while line > 1 and not _starts_else(lines[line - 1] if line <= len(lines) else ""):
            line -= 1
        return line, first.file, "else", players

    def _file_lines(self, file) -> list:
        ch = self.ch
        text = ch.sources.get(file, "") if file else ch.text
        return text.splitlines()


def _starts_else(text: str) -> bool:
    words = text.split(None, 1)
    return bool(words) and (words[0] == "else" or words[0].startswith("else:"))


def _within(lines: list, span) -> str:
    """The source text of a span (an empty text where the source is not known)."""
    if not lines or span.line > len(lines):
        return ""
    if span.line == span.end_line:
        return lines[span.line - 1][span.column - 1:span.end_column - 1]
    part = [lines[span.line - 1][span.column - 1:]] + lines[span.line:span.end_line - 1]
    return "\n".join(part + [lines[min(span.end_line, len(lines)) - 1][:span.end_column - 1]])


def _cut(text: str) -> str:
    return text if len(text) <= EXCERPT else text[:EXCERPT - 1].rstrip() + "…"
