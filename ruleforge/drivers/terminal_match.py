"""A match at the terminal: `ruleforge play FILE --match`.

`matches.play_match` plays the match, as it does for `run --match`: it alone decides who
won a game and the match, who takes which seat and who starts the next game, and stops at
the cap. Each game is played as `play` plays one (terminal.TerminalGame, a new one a game:
a seat's story and log start again with the deal), with people at the seats their
participants take in it. Between games the screen says where the match stands; a person
who lost chooses the role the match rule names at a menu of the roles, which takes what
play's menus take (a number, or words of a role); a bot chooses as in `run --match`.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..lang.diagnostics import closest
from ..lang.printable import plain
from .matches import MatchWatch, Standing, match_rule, play_match
from .menu import match_action
from .table import the_seat
from .terminal import QUIT_WORDS, Quit, TerminalGame, clean_line


class TerminalMatch(MatchWatch):
    """The match of `play --match`. `people`: the participants people play (player 1 is
    0, who takes seat 1 in the first game); `agents`: the bot of each seat, as for `run
    --match`; `played_by(seats)`: who sits at each seat of a game whose people sit at
    `seats`, for its log's start record."""

    def __init__(self, game, seed: int, people: list[int], agents: list, console: Console,
                 read: Callable[[str], Optional[str]], delay: float, log: Optional[list],
                 height: Optional[int], played_by: Callable[[list[int]], Sequence[str]]):
        self.game, self.seed, self.people, self.agents = game, seed, people, agents
        self.console, self.read, self.delay, self.log, self.height = console, read, delay, log, height
        self.played_by = played_by
        self.rule = match_rule(game)
        self.seats: tuple = tuple(range(game.nplayers))  # each participant's seat in the game played now
        self.number = 0  # the game played now
        self.tg: Optional[TerminalGame] = None
        self.mid_line = False  # the cursor was left on a prompt's line (as TerminalGame.mid_line)

    def run(self):
        """Play the match; (winner, tally, games) as play_match gives them."""
        try:
            return play_match(self.game, self.seed, self.agents, None, self.log, play=self._play, watch=self)
        except KeyboardInterrupt:  # (between games): as Ctrl-C at a prompt
            raise Quit() from None

    def name(self, w: int) -> str:
        """A participant as the screen names them: 'player 2', and 'you' beside the one
        person's (at a hot seat every person reads the screen: no 'you')."""
        return f"player {w + 1}" + (" (you)" if self.people == [w] else "")

    def is_in_game(self) -> bool:
        return self.tg is not None and getattr(self.tg, "st", None) is not None

    # ---- the match's hooks
    def game_starts(self, number: int, seats: tuple, first: int) -> None:
        self.number, self.seats = number, seats
        g = self.game
        who = ", ".join(f"{self.name(w)} is {the_seat(g, s)}" if g.roles else f"{self.name(w)} takes seat {s + 1}"
                        for w, s in enumerate(seats))
        starts = f"; {the_seat(g, first)} starts" if first >= 0 else ""
        self.console.print(Text(plain(f"━━ Game {number} of the match: {who}{starts}"), style="bold"))

    def _play(self, game, seed: int, agents, say, log, first: int):
        humans = sorted(self.seats[w] for w in self.people)
        self.tg = TerminalGame(game, seed, humans, agents, self.console, self.read, self.delay, log,
                               height=self.height, played_by=self.played_by(humans), first=first)
        return self.tg.run()

    def game_over(self, standing: Standing, next_game: str) -> None:
        lines = [self.result_line(standing), self.score_line(standing)]
        if next_game:
            lines.append(next_game)
        title = f"The match after game {standing.number} (to win: {self.needed()})"
        self.console.print(Panel(Text(plain("\n".join(lines))), title=title, title_align="left"))
        if standing.over:
            self.console.print(Text(plain(self.final_line(standing)), style="bold"))
        elif len(self.people) == 1 and not self._person_chooses(standing):
            self._wait_for_enter(f"Press Enter for game {standing.number + 1} (or quit).")

    def choose(self, loser: int, role_seat: int, pick: int) -> int:
        g = self.game
        if loser in self.people:
            seat = self._ask_role(loser)
            pick = loser if seat == role_seat else 1 - loser
        other = 1 - loser
        seat_of = {pick: role_seat, 1 - pick: 1 - role_seat}
        self.console.print(Text(plain(f"{self.name(loser)} chooses to be {the_seat(g, seat_of[loser])} in game "
                                      f"{self.number + 1}: {self.name(other)} is {the_seat(g, seat_of[other])}.")))
        return pick

    # ---- what the screen says between games
    def result_line(self, s: Standing) -> str:
        g = self.game
        if s.winner is None:
            return f"Game {s.number}: no single winner (a drawn or shared game counts for nobody)."
        role = f" as {the_seat(g, s.seats[s.winner])}" if g.roles else ""
        return f"Game {s.number}: {self.name(s.winner)} won{role}."

    @staticmethod
    def score_line(s: Standing) -> str:
        wins = ", ".join(f"player {w + 1} {k}" for w, k in enumerate(s.wins))
        return f"Wins: {wins}" + (f"; player {s.holder + 1} has won {s.run} in a row" if s.holder is not None else "")

    def needed(self) -> str:
        """What wins the match: '3 in all or 2 in a row'."""
        need = ([f"{self.rule.total} in all"] if self.rule.total is not None else []) + \
            ([f"{self.rule.streak} in a row"] if self.rule.streak is not None else [])
        return " or ".join(need)

    def final_line(self, s: Standing) -> str:
        games = f"{s.number} game" + ("s" if s.number != 1 else "")
        if s.match_winner is None:
            return f"Nobody has won the match after {games}, the cap of a match: it stops here."
        return f"player {s.match_winner + 1} wins the match after {games}, with {s.how}."

    # ---- a person between games
    def _person_chooses(self, s: Standing) -> bool:
        return self.rule.loser_chooses is not None and s.winner is not None and 1 - s.winner in self.people

    def _ask_role(self, loser: int) -> int:
        """The seat the losing person takes in the next game, picked from a menu of the
        roles: its number, or words of a role (as play's menus take them)."""
        g = self.game
        labels = [plain(the_seat(g, s)) for s in range(g.nplayers)]
        menu = "  ".join(f"[{i}] {label}" for i, label in enumerate(labels, 1))
        self.console.print(Text(plain(f"player {loser + 1}, which role do you take in game {self.number + 1}?"),
                                style="bold"))
        self.console.print(Text("  " + menu))
        while True:
            text = self._line(f"player {loser + 1}> ")
            if text.lower() in ("help", "h", "?"):
                self.console.print(Text(plain(f"Type the number of a role, or a word of it, then Enter: {menu}")))
                continue
            i, reason = match_action(text, labels)
            if i is not None:
                return i
            self.console.print(Text(plain(self._not_a_role(text, reason, labels)), style="red"))

    @staticmethod
    def _not_a_role(text: str, reason: str, labels: list[str]) -> str:
        numbers = " or ".join(str(i) for i in range(1, len(labels) + 1))
        if not text:
            return f"type the number of a role ({numbers}), or its name"
        if reason.startswith("there is no action"):
            return f"there is no role {text}: choose {numbers}"
        if " matches " in reason and "actions (" in reason:
            return f"'{text}' matches several roles: say more, or type the number"
        words = [w for label in labels for w in label.lower().split() if w != "the"]
        near = closest(text.lower().split()[-1], words) if len(text) <= 40 else None
        return f"no role matches '{text[:40]}'" + (f": did you mean '{near}'?" if near else f": choose {numbers}")

    def _wait_for_enter(self, prompt: str) -> None:
        """A pause between games, so that the end of the last is read before the next
        is dealt: Enter goes on, quit or the end of the input stops the match, anything
        else is said to be no move."""
        self.console.print(Text(prompt))
        while True:
            text = self._line("")
            if not text:
                return
            shown = text if len(text) <= 40 else text[:37] + "..."
            self.console.print(Text(plain(f"'{shown}' is not played: the game is over; press Enter for the next "
                                          "(or quit)"), style="red"))

    def _line(self, prompt: str) -> str:
        """A line typed between games, cleaned; a quit word or the end of the input
        (Ctrl-D, Ctrl-C) stops the match (Quit)."""
        try:
            line = self.read(prompt)
        except KeyboardInterrupt:
            self.mid_line = True
            raise Quit() from None
        self.mid_line = line is None
        if line is None:
            raise Quit()
        text = clean_line(line)
        if text.lower() in QUIT_WORDS:
            raise Quit()
        return text
