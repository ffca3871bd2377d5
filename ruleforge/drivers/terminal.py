"""A person at the terminal: `ruleforge play`.

The screen shows one seat's view and nothing else: the zones as rows of cards (a card
the seat cannot see is a back, ▒), what happened since that seat last decided (told
from its point of view), the numbers of the game, and the legal actions as a numbered
list. Several people can share one screen (hot seat): between two people a hand-over
screen hides the table until the next one is ready.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .narrate import Narrator
from .play import decide_for, deal_snapshot, decision_record, result_record, start_record
from ..runtime.rng import Random, derive

HELP = """\
How to play
  The table shows what your seat can see: a ▒ is a card you cannot see; piles show how
  many cards they hold. "Since your last move" tells what happened meanwhile.
  Type the number of an action, or enough of its words to pick one (for example
  "scan 2♥" or "stop"), then Enter.
  help   this text          log   everything you have seen so far
  quit   end the game (Ctrl-C or Ctrl-D too); the log, if any, is kept
"""

MAX_INPUT = 200


class Quit(Exception):
    pass


def _clean(line: str) -> str:
    return "".join(ch for ch in line if ch.isprintable()).strip()


def match_action(text: str, labels: list[str]) -> tuple[Optional[int], str]:
    """Index of the action `text` picks, or None and the reason it picks none."""
    if not text:
        return None, "type the number of an action (help explains the screen)"
    if len(text) > MAX_INPUT:
        return None, f"that line is {len(text)} characters long; type a number or a few words"
    if text.isdecimal() and text.isascii():
        n = int(text)
        if 1 <= n <= len(labels):
            return n - 1, ""
        return None, f"there is no action {n}: choose 1 to {len(labels)}"
    words = text.lower().split()
    exact = [i for i, lab in enumerate(labels) if lab.lower() == text.lower()]
    if len(exact) == 1:
        return exact[0], ""
    hits = [i for i, lab in enumerate(labels) if all(w in lab.lower() for w in words)]
    if len(hits) == 1:
        return hits[0], ""
    if not hits:
        return None, f"no action matches '{text}'"
    return None, f"'{text}' matches {len(hits)} actions ({', '.join(str(i + 1) for i in hits[:6])}" + \
                 ("..." if len(hits) > 6 else "") + "): say more, or type the number"


class TerminalGame:
    def __init__(self, game, seed: int, humans: list[int], agents: list, console: Console,
                 read: Callable[[str], Optional[str]], delay: float = 0.6, log: Optional[list] = None):
        self.game, self.seed, self.humans = game, seed, humans
        self.agents, self.console, self.read, self.delay, self.log = agents, console, read, delay, log
        self.history: dict[int, list[str]] = {p: [] for p in humans}
        self.unseen: dict[int, list[str]] = {p: [] for p in humans}
        self.narrators: dict = {}
        self.last_human: Optional[int] = None

    # ---- the loop
    def run(self):
        g = self.game
        st = g.new(self.seed, record=True)
        self.st = st
        rngs = [Random(derive(self.seed, 0x5EA7, s)) for s in range(g.nplayers)]
        if self.log is not None:
            self.log.append(start_record(g, self.seed))
            self.log.append({"type": "setup", "zones": deal_snapshot(st)})
        n = 0
        while not st.is_over:
            self._collect()
            p = st.current_player
            actions = st.legal_actions()
            if p in self.humans:
                i = self._ask(p, actions)
                action = actions[i]
            else:
                action = decide_for(self.agents[p], st, p, actions, rngs[p])
                if self.delay:
                    time.sleep(self.delay)
            if self.log is not None:
                self.log.append(decision_record(g, n, p, st.prompt, actions, actions.index(action)))
            st.apply(action)
            n += 1
        self._collect()
        if self.log is not None:
            self.log.append(result_record(st))
        for p in self.humans:
            # the result gets its own panel below
            self.unseen[p] = [line for line in self.unseen[p] if not line.startswith("Game over:")]
            self._show_events(p, final=True)
        if len(self.humans) == 1:
            self._draw(self.humans[0])  # the table as the game left it
        res = st.result
        winners = " and ".join(g.seat_titles[s] for s in res.winners) or "nobody"
        self.console.print(Panel(f"Game over: {res.reason}. Winner: {winners}.", style="bold"))
        return st

    def _collect(self) -> None:
        """Tell the engine's new events to every human, from their seat, now: what a
        seat learns later must not show in the telling of earlier events."""
        events = list(self.st.record)
        self.st.record.clear()
        for p in self.humans:
            if p not in self.narrators:
                self.narrators[p] = Narrator(self.game, p, self.st)
            lines = self.narrators[p].lines(events)
            self.unseen[p].extend(line for line in lines if not line.lstrip().startswith("="))

    def _show_events(self, p: int, final: bool = False) -> None:
        lines = list(self.unseen[p])
        self.unseen[p].clear()
        self.history[p].extend(lines)
        if lines:
            title = "What happened" if final else "Since your last move"
            self.console.print(Panel(Text("\n".join(lines)), title=title, title_align="left"))

    # ---- a person's decision
    def _ask(self, p: int, actions) -> int:
        g = self.game
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != p:
            self.console.clear()
            self.console.print(Panel(f"Pass the screen to the {g.seat_titles[p]}.\n"
                                     "Press Enter when only they can see it.", title="Hand-over"))
            if self.read("") is None:
                raise Quit()
            self.console.clear()
        self.last_human = p
        self._show_events(p)
        self._draw(p)
        labels = [Narrator(g, p, self.st).action(a) for a in actions]
        self._menu(labels)
        while True:
            line = self.read(f"{g.seat_titles[p]}> ")
            if line is None:
                raise Quit()
            text = _clean(line)
            word = text.lower()
            if word in ("quit", "exit", "q"):
                raise Quit()
            if word in ("help", "h", "?"):
                self.console.print(HELP)
                self._menu(labels)
                continue
            if word == "log":
                self.console.print(Panel(Text("\n".join(self.history[p]) or "nothing yet"), title="Your log"))
                self._menu(labels)
                continue
            i, reason = match_action(text, labels)
            if i is not None:
                return i
            self.console.print(Text(reason, style="red"))

    def _menu(self, labels: list[str]) -> None:
        st = self.st
        self.console.print(f"[bold]{self.game.seat_titles[st.current_player]}, {st.prompt}:[/]")
        for i, lab in enumerate(labels, 1):
            self.console.print(Text(f"  {i:>2}. {lab}"))

    def _draw(self, p: int) -> None:
        """The table as seat p sees it."""
        g, st = self.game, self.st
        v = st.view(p)
        title = f"{g.title} · round {v.round} · you are {'the ' if g.roles else ''}{g.seat_titles[p]}"
        t = Table(title=title, title_justify="left", show_header=False, box=None, pad_edge=False)
        t.add_column("zone", style="cyan", no_wrap=True)
        t.add_column("cards")
        rows = {}
        for zi in g.zinst:
            if zi.kind == "slot":
                rows.setdefault(zi.decl, []).append(zi)
        shown_rows = set()
        for z in v.zones:
            zi = next(x for x in g.zinst if x.decl == z.zone and x.slot == z.slot and
                      (x.owner < 0 and z.owner is None or x.owner >= 0 and g.seat_names[x.owner] == z.owner))
            if zi.kind == "slot":
                if zi.decl in shown_rows:
                    continue
                shown_rows.add(zi.decl)
                cells = []
                pieces_at = g.zone_display.get(zi.decl, {}).get("pieces")
                for s in rows[zi.decl]:
                    sv = v.zone(s.decl, None if s.owner < 0 else g.seat_names[s.owner], s.slot)
                    cell = f"{s.slot}:" + (" ".join(c or "▒" for c in sv.cards) or "·")
                    if pieces_at:
                        kind, attr = pieces_at
                        here = [name for name, attrs in v.pieces if name.endswith(" " + kind)
                                and dict(attrs).get(attr) == s.slot]
                        if here:
                            cell += " [" + ", ".join(h[:-len(kind) - 1] for h in here) + f" {kind}]"
                    cells.append(cell)
                label = g.zinst[[x.index for x in g.zinst if x.decl == zi.decl and x.kind == "row"][0]].label
                t.add_row(label, Text("  ".join(cells)))
                continue
            if not z.cards and zi.kind == "pile":
                continue
            hints = g.zone_display.get(zi.decl, {})
            as_pile = hints.get("shown") == "pile" or (zi.kind == "pile" and len(z.cards) > 6
                                                       and hints.get("shown") != "fan" and "grouped" not in hints)
            if as_pile:
                top = z.cards[-1] if z.cards else None
                shown = f"{len(z.cards)} card{'s' if len(z.cards) != 1 else ''}" + (f", {top} on top" if top else "")
            elif "grouped" in hints:
                attr = hints["grouped"]
                groups: dict = {}
                for c in z.cards:
                    key = "?" if c is None else str(g.card_attr[attr][g.card_index[c]])
                    groups.setdefault(key, []).append(c or "▒")
                shown = "  ".join(f"{k}: {' '.join(cs)}" for k, cs in groups.items()) or "-"
            else:
                sep = " · " if any(c and " " in c for c in z.cards) else " "
                shown = sep.join(c or "▒" for c in z.cards) or "-"
            t.add_row(z.label, shown)
        self.console.print(t)
        numbers = [f"{name}: " + ", ".join(f"{a} {val}" for a, val in attrs) for name, attrs in v.pieces]
        numbers += [f"{label} {val}" for label, val in v.counters]
        if numbers:
            self.console.print("  " + " · ".join(numbers))
        if v.eliminated:
            titles = [g.seat_titles[g.seat_names.index(n)] for n in v.eliminated]
            self.console.print("  out of the game: " + ", ".join(titles))


def console_reader(console: Console) -> Callable[[str], Optional[str]]:
    stdin = sys.stdin  # one stream (CliRunner swaps it for its input)

    def read(prompt: str) -> Optional[str]:
        try:
            if prompt:
                console.print(prompt, end="")
            line = stdin.readline()
        except (KeyboardInterrupt, EOFError):
            return None
        if line == "":
            return None  # end of input
        return line.rstrip("\n")
    return read
