"""A person at the terminal: `ruleforge play`.

The screen shows one seat's view and nothing else: the zones as rows of cards (a card
the seat cannot see is a back, ▒), what happened since that seat last decided (told
from its point of view), the numbers of the game, and the legal actions as a grouped,
numbered menu. Given a height, each decision's screen is cut to fit it: the story since
the last move loses its oldest lines first (`log` shows them all).

Several people can share one screen (hot seat). Before the first person's first
decision, and between two people, a hand-over screen waits until the next one is ready;
between two people the terminal is wiped, scrollback included (ESC[2J and ESC[3J), before
it and after it. At the end the wipe comes again, and the last story is told as every
person at the screen may know it: a card is named only if all of them know it, which
includes what the rules reveal to all at the end.
"""

from __future__ import annotations

import sys
import textwrap
import time
from collections import deque
from itertools import islice
from typing import Callable, Optional, Sequence

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..lang.plural import count
from ..lang.printable import cut, plain
from .cardtext import card_lines, cards_lines
from .labels import decision_label
from .menu import entry_of, match_action, menu_lines, numbers_alone, typed_examples, words
from .kept import SHARED_EVENTS, STORY_LINES, Kept, earlier_line
from .narrate import Narrator, ending_line
from .telling import Telling
from .play import (ERROR_CONTEXT, decide_for, deal_snapshot, decision_record, last_lines,
                   lines_after_untold, result_record, start_record)
from .table import table_parts, the_seat
from ..runtime.rng import Random, derive
from ..runtime.values import RuleError

LOG_LINES = 200  # the lines `log` shows: the last ones of a long game


def not_offered_titles(g, actions, p: int) -> list[str]:
    """The titles of seat p's actions that a menu of actions does not offer (a choice
    inside a rule offers no action: none), as the menu would name them."""
    if not any(a.kind == "menu" for a in actions):
        return []
    offered = {a.name for a in actions if a.kind == "menu"}
    return [plain(spec.title) for name, spec in g.actions.items()
            if name not in offered and spec.seat_filter in (None, p)]


def help_text(labels: list[str]) -> str:
    """How to play, its typed examples taken from the menu offered (`labels`)."""
    examples = " or ".join(f'"{x}"' for x in typed_examples(labels))
    longer = next((w for label in labels for w in words(label) if w.isalpha() and len(w) >= 6), None)
    about = (
        'The table shows what your seat can see: a ▒ is a card you cannot see; piles show how many cards they '
        'hold. "Since your last move" tells what happened meanwhile. '
        + ('Type the number you choose, as the menu lists it' if numbers_alone(labels) is not None else
           'Type the number of an action (in brackets in the menu)')
        + ', or words of it that pick one' + (f" (here, for example, {examples})" if examples else "")
        + ", then Enter. A word matches a whole word, or the start of one"
        + (f' ("{longer[:4]}" for "{longer}")' if longer else "") + "; numbers and single letters only whole words.")
    return "How to play\n" + textwrap.fill(about, 88, initial_indent="  ", subsequent_indent="  ") + f"""
  help   this text          log        what you have been told so far (its last {LOG_LINES} lines)
  cards  the game's cards   card NAME  one card's text
  quit   end the game (Ctrl-C or Ctrl-D too); the log, if any, is kept
"""


WIPE = "\x1b[H\x1b[2J\x1b[3J"  # home, erase the screen, erase the scrollback
QUIT_WORDS = ("quit", "exit", "q")
# The story lines a decision's screen keeps however small the terminal: the latest moves
# (a screen without them hid the other seats' turns, which a player decides on)
STORY_LEAST = 4


class ResumeError(Exception):
    """The log given to `play --resume` does not play again in this game."""


class Quit(Exception):
    """The game stops before its end: a person asked, or (with a reason) input failed."""

    def __init__(self, reason: Optional[str] = None):
        super().__init__(reason or "quit")
        self.reason = reason


def clean_line(line: str) -> str:
    """A typed line without what cannot be printed (an arrow key's escape), stripped."""
    return "".join(ch for ch in line if ch.isprintable()).strip()


def _story(teller: Narrator, events: list, end: bool = False) -> list[str]:
    """The telling of `events`, without its status lines (the table shows the numbers);
    at the `end` of a hot seat's game, whose last screen shows no table, with the last
    standing (the final scores), the line the narrator tells before the result."""
    lines = teller.lines(events)
    return [line for k, line in enumerate(lines) if not line.lstrip().startswith("=")
            or end and k + 1 < len(lines) and lines[k + 1].startswith("Game over:")]


class AllOf(Narrator):
    """Tells events as every one of `seats` may know them: a card is named only if all
    of them know it."""

    def __init__(self, game, seats, state):
        super().__init__(game, seats[0], state)
        self.seats = seats

    def knowers(self):
        return sum(1 << s for s in self.seats)

    def shown(self, c: int, up: bool = False, known: int | None = None) -> str:
        if known is None:
            known = self.state.known[c] if not self.state.up[c] else -1
        if up or all((known >> s) & 1 for s in self.seats):
            return self.g.seen_names[c]
        return "a card"


class TerminalGame:
    def __init__(self, game, seed: int, humans: list[int], agents: list, console: Console,
                 read: Callable[[str], Optional[str]], delay: float = 0.6, log: Optional[list] = None,
                 height: Optional[int] = None, resume: Sequence[tuple[int, dict]] = (), resume_path: str = "",
                 played_by: Optional[Sequence[str]] = None, first: int = -1):
        self.game, self.seed, self.humans = game, seed, humans
        self.first = first  # the seat a match's game starts from (Game.new), -1: the turn order's first
        self.played_by = played_by  # who sits at each seat, for the log's start record (play --resume)
        self.resume = resume  # (line, decision record) of a stopped game's log, played again first
        self.resume_path = resume_path
        self.notes: dict[int, str] = {}  # a line shown above a person's next story (the resume's)
        self.mid_line = False  # the cursor was left on a prompt's line (_read)
        self.resumed = not resume  # ... and all of them played again
        self.agents, self.console, self.read, self.delay, self.log = agents, console, read, delay, log
        self.height = height  # the lines each decision's screen must fit in (None: no limit)
        # (what `log` shows: its last lines only, however long the game told)
        self.history: dict[int, deque[str]] = {p: deque(maxlen=LOG_LINES) for p in humans}
        # (what happened since a person's last screen: its last STORY_LINES, the rest counted)
        self.unseen: dict[int, Kept] = {p: Kept(STORY_LINES) for p in humans}
        self.narrators: dict = {}
        self.last_human: Optional[int] = None
        # the last events of the game, for the shared telling at the end (hot seat), and how
        # many it told in all; events told to p's screen so far, counted in that total
        self.events: deque = deque(maxlen=SHARED_EVENTS)
        self.events_total = 0
        self.told: dict[int, int] = {p: 0 for p in humans}
        self.telling = Telling(game)  # the lines told, against the narration limit

    # ---- the loop
    def run(self):
        try:
            return self._run()
        except KeyboardInterrupt:  # (while a bot moves or the screen pauses): as Ctrl-C at the prompt
            raise Quit() from None

    def _run(self):
        g = self.game
        if self.log is not None:  # (first: a game whose setup fails is logged as started)
            self.log.append(start_record(g, self.seed, self.played_by, self.first))
        try:
            st = g.new(self.seed, record=True, first=self.first)
        except RuleError as e:  # setup failed: what it did is told before the error
            self.st = getattr(e, "state", None)
            raise
        self.st = st
        rngs = [Random(derive(self.seed, 0x5EA7, s)) for s in range(g.nplayers)]
        if self.log is not None:
            self.log.append({"type": "setup", "zones": deal_snapshot(st)})
        n = self._resume(st, rngs)
        while not st.is_over:
            self._collect()
            p = st.current_player
            actions = st.legal_actions()
            if p in self.humans:
                action = actions[self._ask(p, actions)]
            else:
                action = decide_for(self.agents[p], st, p, actions, rngs[p])
            record = decision_record(g, n, p, st.prompt, actions, actions.index(action))
            try:
                st.apply(action)
            except RuleError as e:  # taken, and the rules failed after it: logged (as play_game does)
                if self.log is not None and e.limit != "decisions":
                    self.log.append(record)
                raise
            if self.log is not None:
                self.log.append(record)
            n += 1
            if p not in self.humans and self.delay:
                self._tell_as_it_happens()
                time.sleep(self.delay)
        self._collect()
        if self.log is not None:
            self.log.append(result_record(st))
        self._end()
        return st

    def _resume(self, st, rngs) -> int:
        """Take again the decisions of a stopped game's log (`play --resume`), each checked
        against the game: the same seat, an action offered, the same text. A bot thinks
        again at each of its own, so that its random generator goes on as if the game had
        never stopped (the logged action is the one taken). Each person's story is kept as
        their screens told it: the next screen tells what happened since their last move.
        The number of decisions taken again."""
        g, n = self.game, 0
        if self.resume:
            bots = sum(rec["player"] - 1 not in self.humans for _, rec in self.resume)
            self.console.print(Text(plain(f"(the log's {count(len(self.resume), 'decision')} taken again"
                                          + (f", the bots thinking again at {bots} of them" if bots else "")
                                          + "...)")))
        for line, rec in self.resume:
            def bad(why: str) -> ResumeError:
                return ResumeError(f"line {line} of the log, decision {n + 1}: {why}; the log cannot be "
                                   f"resumed (`ruleforge replay {self.resume_path}` shows where it differs)")
            if st.is_over:
                raise bad("the game was already over")
            self._collect()
            p, actions = st.current_player, st.legal_actions()
            choice = rec["choice"]
            if rec["player"] != p + 1:
                raise bad(f"the log says player {rec['player']} decided, but it is player {p + 1}'s decision")
            if not 0 <= choice < len(actions):
                raise bad(f"the log's choice {choice:,} is not one of the {len(actions)} actions offered there "
                          "(counted from 0)")
            if str(actions[choice]) != rec["action"]:
                raise bad(f"the log's choice {choice:,} is '{plain(cut(str(actions[choice])))}' there, not "
                          f"'{plain(cut(rec['action']))}'")
            if p not in self.humans:
                decide_for(self.agents[p], st, p, actions, rngs[p])
            elif len(actions) > 1:  # what their screen told them then is their log now (as _ask keeps
                # it; a decision of one action is taken without a screen, and its story goes on)
                self.history[p].extend(self.unseen[p].told())
                self.unseen[p].clear()
                self.told[p] = self.events_total
            record = decision_record(g, n, p, st.prompt, actions, choice)
            st.apply(actions[choice])
            if self.log is not None:
                self.log.append(record)
            n += 1
        self.resumed = True
        if n:  # each person's next screen tells what happened since their last move, as it would have
            note = f"(the game resumed after {count(n, 'decision')}: type log for what happened before)"
            self.notes = {p: note for p in self.humans}
        return n

    def _tell_as_it_happens(self) -> None:
        """A bot's move told before the pause after it, so that the person at the screen
        can follow it (the screen at their next decision tells it again, with the rest).
        At a hot seat before the first hand-over nobody has the screen yet: nothing is told."""
        viewer = self.humans[0] if len(self.humans) == 1 else self.last_human
        if viewer is None:
            return
        before = self.unseen[viewer].total
        self._collect()
        for line in self.unseen[viewer].since(before):
            self.console.print(Text(plain(line)))

    def tell_before_error(self) -> None:
        """What the rules did since the last screen, up to a rule error: told as the end
        screen tells the game's end (one person: from their seat; several, once the
        screen is wiped: as every one of them may know it), its last lines when long."""
        st = getattr(self, "st", None)
        if st is None or st.record is None and self.telling.stopped_at is None:
            return
        # past MAX_TOLD_EVENTS, the events kept before the error (the record's first ones
        # are told as usual, then the last ones, the events between only counted)
        tail, untold = st.record.last_untold() if st.record is not None else ([], 0)
        if tail and st.record and st.record[-1] is st.record.untold:  # (told below, with the tail)
            st.record.pop()
        self._collect(error=True)
        if len(self.humans) == 1:
            teller = self.narrators[self.humans[0]]
            kept = self.unseen[self.humans[0]]
            lines, earlier, gone = list(kept.lines), kept.dropped, 0
        else:
            teller = AllOf(self.game, self.humans, self.st)
            (lines, gone), earlier = self._told_to_all(teller), 0
        if untold or gone:  # (events not told lie between the lines before and the error)
            told = _story(teller, tail) if untold else lines
            lines = lines_after_untold(lines if untold else [], told, untold + gone, ERROR_CONTEXT, earlier)
        else:
            lines = last_lines(lines, ERROR_CONTEXT, earlier)
        self._panel(lines, "What happened before the error")

    def _told_to_all(self, teller: Optional[AllOf] = None, end: bool = False) -> tuple[list[str], int]:
        """The events since the oldest of the people's last moves, as every one of them
        may know them (a hot seat whose screen was wiped): the last SHARED_EVENTS of them
        told, and how many before those are not."""
        teller = teller or AllOf(self.game, self.humans, self.st)
        since = self.events_total - min(self.told.values())
        k = min(since, len(self.events))
        return _story(teller, list(islice(self.events, len(self.events) - k, None)), end), since - k

    def _end(self) -> None:
        """The end screen: what happened last, the table (one person), the result."""
        g, st = self.game, self.st
        res = st.result
        below: list = [Panel(Text(plain(ending_line(res, lambda s: g.seat_titles[s], g.cooperative)), style="bold"))]
        if len(self.humans) == 1:
            p = self.humans[0]
            lines, earlier, gone = list(self.unseen[p].lines), self.unseen[p].dropped, 0
            below[:0] = table_parts(g, st, p)  # the table as the game left it
        else:
            # The screen shows the last person's table: wipe it, then tell the end as every
            # person here may know it, from the oldest of their last moves.
            self.wipe()
            (lines, gone), earlier = self._told_to_all(end=True), 0
        lines = [line for line in lines if not line.startswith("Game over:")]  # the result's own panel
        self._panel(lines, "What happened", self._room(below, 2), earlier, gone)  # (2: the lines play prints after)
        for part in below:
            self.console.print(part)

    def _room(self, below: list, after: int) -> Optional[int]:
        """The lines left for the story above `below` and `after` more lines."""
        if self.height is None:
            return None
        used = sum(len(self.console.render_lines(r, self.console.options, pad=False)) for r in below)
        return self.height - used - after

    def wipe(self) -> None:
        """Erase the screen and its scrollback, so that the next person cannot scroll back
        to the last one's screen (a terminal only: a pipe or a file has no screen)."""
        console = self.console
        if console.is_terminal and not console.is_dumb_terminal:
            console.file.write(WIPE)
            console.file.flush()

    def _collect(self, error: bool = False) -> None:
        """Tell the engine's new events to every human, from their seat, now: what a
        seat learns later must not show in the telling of earlier events. Past the
        narration limit the telling stops, to be taken up at the game's end (telling.py)."""
        record, telling = self.st.record, self.telling
        events = list(record or ())
        if record:
            record.clear()
        note = telling.resumed(self.st) if events or error else None
        most = self._tell(([note] if note else []) + events)
        note = None if error else telling.after(self.st, most)
        if note is not None:
            self._tell([note])

    def _tell(self, events: list) -> int:
        """Tell `events` to every human; the most lines one was told."""
        if len(self.humans) > 1:
            self.events.extend(events)
            self.events_total += len(events)
        most = 0
        for p in self.humans:
            if p not in self.narrators:
                self.narrators[p] = Narrator(self.game, p, self.st)
            lines = _story(self.narrators[p], events)
            self.unseen[p].extend(lines)
            most = max(most, len(lines))
        return most

    def _panel(self, lines: list[str], title: str, room: Optional[int] = None, earlier: int = 0,
               gone: int = 0) -> int:
        """A panel of story lines; with `room`, only the newest lines that fit in it, but
        never fewer than STORY_LEAST (the screen then overflows: the caller says so).
        `earlier` lines told before them, and `gone` events before those, are no longer
        kept: a first line counts them, or, when the room cuts it, the subtitle.
        The rows it takes (0 without `room`)."""
        head = (lines_after_untold([], [], gone, 0, earlier) if gone else
                [earlier_line(earlier)] if earlier else [])
        lines = head + lines
        if not lines:
            return 0
        kept, cut, used = lines, 0, 0
        if room is not None:
            inner = self.console.options.update_width(max(self.console.width - 4, 10))
            used, k = 2, len(lines)
            while k > 0:  # (from the newest line up: a loop's story may hold 100,000 lines)
                height = len(self.console.render_lines(Text(plain(lines[k - 1])), inner, pad=False))
                if used + height > room and len(lines) - k >= STORY_LEAST:
                    break
                used += height
                k -= 1
            kept, cut = lines[k:], k
        if cut and head:  # (the line counting what is no longer kept is cut too: counted here)
            cut += earlier - 1
        body = Text(plain("\n".join(kept)))
        subtitle = (f"{cut:,} earlier line{'s' if cut != 1 else ''}" + (f", {gone:,} events not told" if gone else "") + ": type log") if cut else None
        self.console.print(Panel(body, title=title, title_align="left", subtitle=subtitle, subtitle_align="left"))
        return used

    # ---- a person's decision
    def _ask(self, p: int, actions) -> int:
        g = self.game
        if len(actions) == 1:
            # nothing to choose (`[1] pass` once every bid is out of reach): taken, and told
            # in the story the person reads at their next real choice
            return 0
        if len(self.humans) > 1 and self.last_human != p:
            self._hand_over(p)
        self.last_human = p
        story, earlier = list(self.unseen[p].lines), self.unseen[p].dropped
        self.history[p].extend(self.unseen[p].told())
        self.unseen[p].clear()
        self.told[p] = self.events_total
        narrator = Narrator(g, p, self.st).offer(actions)
        labels = [plain(narrator.action(a)) for a in actions]
        entries = [entry_of(i, a, narrator) for i, a in enumerate(actions, 1)]
        absent = not_offered_titles(g, actions, p)
        self._screen(p, story, entries, earlier)
        while True:
            line = self._read(plain(f"{g.seat_titles[p]}> "))
            if line is None:
                raise Quit()
            text = clean_line(line)
            word = text.lower()
            if word in QUIT_WORDS:
                raise Quit()
            shown = self._command(p, word, text, labels)
            if shown is not None:
                self.console.print(shown)
                self._screen(p, [], entries)
                continue
            i, reason = match_action(text, labels, absent)
            if i is not None:
                return i
            self.console.print(Text(reason, style="red"))

    def _read(self, prompt: str) -> Optional[str]:
        """A line typed at `prompt`; Ctrl-C (KeyboardInterrupt) or the end of the input
        (None) leave the cursor on the prompt's line (`mid_line`: what is said next starts
        a line of its own)."""
        try:
            line = self.read(prompt)
        except KeyboardInterrupt:
            self.mid_line = True
            raise
        self.mid_line = line is None
        return line

    def _hand_over(self, p: int) -> None:
        """The screen that waits for seat p's person. Before the first decision nothing
        private has been shown (the banner stays); later, the last person's screen is
        wiped first. Only Enter goes on: quit (or the end of input) stops the game, and
        any other line is said to be no move, so that a person who took it for their
        prompt is not shown the next person's hand."""
        title = the_seat(self.game, p)
        if self.last_human is not None:
            self.wipe()
        self.console.print(Panel(Text(plain(f"Pass the screen to {title}.\n"
                                            "Press Enter when only they can see it.")), title="Hand-over"))
        while True:
            line = self._read("")
            if line is None:
                raise Quit()
            text = clean_line(line)
            if not text:
                break
            if text.lower() in QUIT_WORDS:
                raise Quit()
            shown = text if len(text) <= 40 else text[:37] + "..."
            self.console.print(Text(plain(f"'{shown}' is not played: this screen waits for Enter only (or quit), "
                                          f"pressed when only {title} can see it"), style="red"))
        self.wipe()
        forget_typed_lines()  # the last person's moves must not come back with the Up arrow

    def _command(self, p: int, word: str, text: str, labels: list[str]):
        """What `help`, `log`, `cards` or `card NAME` shows, or None for a move."""
        if word in ("help", "h", "?"):
            return Text(plain(help_text(labels)))
        if word == "log":
            return Panel(Text(plain("\n".join(self.history[p]) or "nothing yet")), title="Your log")
        if word == "cards":
            return Panel(Text("\n".join(cards_lines(self.game))), title="Cards", title_align="left")
        if word == "card" or word.startswith("card "):
            return Text("\n".join(card_lines(self.game, text[4:])))
        return None

    def _screen(self, p: int, story: list[str], entries, earlier: int = 0) -> None:
        """Seat p's screen for a decision: the story since its last move, the table, the
        menu, cut to the height when there is one (the story gives way first)."""
        st = self.st
        width = self.console.width
        asked = decision_label(self.game, st)
        head = Text(plain(f"{self.game.seat_titles[st.current_player]}, {asked}:"), style="bold")
        below = [*table_parts(self.game, st, p), head, *menu_lines(entries, width - 1)]
        note = self.notes.pop(p, None)
        if note:  # (above the story, which gives way first: the note stays)
            self.console.print(Text(plain(note), style="bold"))
        room = self._room(below, 2 if note else 1)  # (1: the prompt's line)
        rows = self._panel(story, "Since your last move", room, earlier)
        for r in below:
            self.console.print(r)
        if room is not None and rows > room:  # its top has scrolled off: said, not left to be noticed
            taken = self.height - room + rows  # (the panel, the table and menu, the prompt)

            def note(lines: int) -> Text:
                return Text(f"(this screen takes {lines} lines, the terminal {self.height}: scroll up for its top)",
                            style="yellow")
            self.console.print(note(taken + len(self.console.render_lines(note(taken + 1), pad=False))))


def forget_typed_lines() -> None:
    """Empty the line editor's history (hot seat: each person's own)."""
    editor = sys.modules.get("readline")
    if editor is not None:
        editor.clear_history()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _line_editing(stdin) -> bool:
    """Whether input() edits lines (arrows, backspace, history): with Python's readline,
    which input() uses only when standard input and output are both a terminal."""
    try:
        if stdin is not sys.__stdin__ or not stdin.isatty() or not sys.stdout.isatty():
            return False
        import readline  # noqa: F401  (importing it is what gives input() line editing)
    except (ImportError, AttributeError, ValueError, OSError):
        return False
    return True


def console_reader(console: Console) -> Callable[[str], Optional[str]]:
    """Lines typed at the terminal; None at the end of input (Ctrl-D) or on Ctrl-C.
    Input that cannot be read at all (standard input closed) stops the game: Quit.
    A line the input ends in before its Enter is no move: None, and said so."""
    stdin = sys.stdin  # one stream (CliRunner swaps it for its input)
    editing = _line_editing(stdin)

    def read(prompt: str) -> Optional[str]:
        if prompt and not editing:
            console.print(Text(prompt), end="")
        if stdin is None or stdin.closed:  # (None: Python started with no file 0 at all)
            raise Quit("standard input is closed")
        try:
            if editing:  # (readline writes the prompt: it redraws it as the line is edited)
                return input(prompt)
            line = stdin.readline()
        except (KeyboardInterrupt, EOFError):
            return None
        except UnicodeDecodeError:
            return "\ufffd"  # bytes that are no text: a line that picks nothing
        except ValueError:  # closed while reading
            raise Quit("standard input is closed") from None
        except OSError as e:
            raise Quit(f"standard input cannot be read ({e.strerror or e})") from None
        if line == "":
            return None  # end of input
        if not line.endswith("\n"):  # typed, then Ctrl-D twice; or a file of moves that ends mid-line
            text = clean_line(line)
            if text:
                echoed = "\n" if _is_terminal(stdin) else ""  # (after the typed text, on its line)
                console.print(Text(plain(f"{echoed}'{text[:40]}' is not played: the input ended before its Enter")))
            return None
        return line[:-1]
    return read
