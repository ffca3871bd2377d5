"""One game at a served table: its seats and their tokens, its bots, and every move
checked on the server.

A seat's page receives `message(seat)` and nothing else: that seat's view, its own legal
actions (as text, each with its place in this decision's list), and the story as that
seat saw it, told by the terminal's narrator (drivers/narrate.py) when each event
happened. A page without a seat (a spectator) gets the view of cards every seat knows,
told as all seats may know it. The state, the other seats' actions and the seed never
leave this module.

A move names the decision it answers (`n`) and an action's place in that decision's
list; anything else (a decision already past, another seat's turn, a place not offered,
a game over, a message of the wrong shape) is refused with a reason and changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Optional

from ...lang.printable import plain
from ..kept import PAGE_LINES, Kept
from ..labels import decision_label
from ..menu import entry_of
from ..narrate import Narrator, ending_line
from ..telling import Telling
from ..play import deal_snapshot, decide_for, decision_record, error_record, result_record, start_record
from ..terminal import AllOf
from ...runtime.rng import Random, derive
from ...runtime.shown import for_seats, quantities_now
from ...runtime.values import RuleError
from .drawing import areas, catalogue, pieces_elsewhere

HOT = -1  # the seat of the hot-seat token: whichever person's seat is handed the screen
MAX_FIELD = 1_000_000_000  # a decision number or an action's place no game reaches


class Refused(Exception):
    """A message from a page that the table does not act on; the text says why."""


class Table:
    def __init__(self, game, seed: int, people: list[int], agents: list, log: Optional[list] = None,
                 played_by: Optional[list[str]] = None):
        self.game, self.seed, self.people, self.agents = game, seed, sorted(people), agents
        self.log = log
        # An unguessable token per person's seat, and one for the hot seat (all of them).
        self.tokens: dict[str, int] = {secrets.token_urlsafe(18): s for s in self.people}
        self.hot_token = secrets.token_urlsafe(18)
        self.tokens[self.hot_token] = HOT
        self.stopped: Optional[RuleError] = None  # the rule error the game stopped on
        if log is not None:  # (first: a game whose setup fails is logged as started, as play logs it)
            log.append(start_record(game, seed, played_by))  # (played_by: for `play --resume`, as play's)
        try:
            self.st = game.new(seed, record=True)
        except RuleError as e:
            self._stop(e)
            raise
        self.rngs = [Random(derive(seed, 0x5EA7, s)) for s in range(game.nplayers)]
        self.n = 0  # decisions taken
        everyone = list(range(game.nplayers))
        self.tellers = {p: Narrator(game, p, self.st) for p in self.people}
        self.tellers[None] = AllOf(game, everyone, self.st)  # a spectator: what every seat knows
        if len(self.people) > 1:
            self.tellers[HOT] = AllOf(game, self.people, self.st)  # the hot seat's end
        # each page's story: its last PAGE_LINES lines, and how many were told in all (a
        # hostile loop tells hundreds of lines a turn, for thousands of turns)
        self.story: dict = {k: Kept(PAGE_LINES) for k in self.tellers}
        self.told = Telling(game)  # the lines told, against the narration limit
        self.since: dict = {k: 0 for k in self.tellers}  # where each seat's last move left its story (of the total)
        self.hot_marks: dict = {}
        self.tally: list = []  # what the rules said after the last decision (the end's tally): Said events
        self.catalogue = catalogue(game)
        if log is not None:
            log.append({"type": "setup", "zones": deal_snapshot(self.st)})
        self._collect()
        self._take_forced()

    # ---- who is who
    def seat_of(self, token) -> Optional[int]:
        """The seat a token opens (HOT for the hot seat); None: no token, a spectator."""
        if token is None:
            return None
        if not isinstance(token, str) or token not in self.tokens:
            raise Refused("this link's seat token is not known at this table: ask the host for your link "
                          "(without a token the page is a spectator's)")
        return self.tokens[token]

    def title(self, seat: Optional[int]) -> Optional[str]:
        return None if seat is None or seat == HOT else plain(self.game.seat_titles[seat])

    @property
    def over(self) -> bool:
        return self.st.is_over

    def bot_to_move(self) -> bool:
        return not self.st.is_over and self.st.current_player not in self.people

    def person_to_move(self) -> Optional[int]:
        return None if self.st.is_over or self.st.current_player not in self.people else self.st.current_player

    # ---- moves
    def act(self, seat: Optional[int], msg) -> None:
        """Apply seat's move `{"type": "act", "n": N, "id": K}`, or raise Refused."""
        if not isinstance(msg, dict) or set(msg) != {"type", "n", "id"}:
            keys = sorted(msg) if isinstance(msg, dict) else None
            raise Refused("a move is {\"type\": \"act\", \"n\": DECISION, \"id\": ACTION}"
                          + (f"; this one has the fields {', '.join(map(str, keys))}" if keys is not None else ""))
        n, k = msg["n"], msg["id"]
        for name, value in (("n", n), ("id", k)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_FIELD:
                raise Refused(f"a move's '{name}' is a whole number from 0")
        if seat is None:
            raise Refused("a spectator cannot move: open your seat's link to play")
        st = self.st
        if st.is_over:
            raise Refused("the game is over: no more moves")
        if seat != st.current_player:
            raise Refused(f"it is not your turn: {self.game.seat_titles[st.current_player]} is deciding")
        if n != self.n:
            raise Refused(f"that move answers decision {n}, which is past: this is decision {self.n}"
                          if n < self.n else f"there is no decision {n} yet: this is decision {self.n}")
        actions = st.legal_actions()
        if not k < len(actions):
            raise Refused(f"there is no action {k} in this decision: choose 0 to {len(actions) - 1}")
        self._apply(st.current_player, actions, k)

    def bot_choice(self) -> tuple:
        """The bot to move decides, seeded as `play` seeds its bots: (the decision's actions,
        the place of its choice). The table is left as it was (a search may take long, and
        the server may stop meanwhile: then its choice is not played)."""
        st = self.st
        p = st.current_player
        actions = st.legal_actions()
        try:
            return actions, actions.index(decide_for(self.agents[p], st, p, actions, self.rngs[p]))
        except RuleError as e:  # met in the search's look ahead: the game stops, logged as play logs it
            self._stop(e)
            raise

    def bot_move(self, choice: tuple) -> None:
        """Play the bot's `choice` (bot_choice's, at this decision)."""
        actions, k = choice
        self._apply(self.st.current_player, actions, k)

    def _apply(self, p: int, actions, k: int, forced: bool = False) -> None:
        record = decision_record(self.game, self.n, p, self.st.prompt, actions, k)
        try:
            self.st.apply(actions[k])
        except RuleError as e:
            # The decision was taken and the rules failed after it: logged, as play logs it,
            # so that replay stops on the same error. (The decision cap refuses a decision
            # before anything changes: that one is not.)
            if self.log is not None and e.limit != "decisions":
                self.log.append(record)
            self._stop(e)
            raise
        if self.log is not None:
            self.log.append(record)
        self.n += 1
        if p in self.people and not forced:
            self.since[p] = self.story[p].total  # the story since p's move starts here
            if HOT in self.story:  # the hot seat's end is told from the oldest last move
                self.hot_marks[p] = self.story[HOT].total
        self._collect()
        if self.st.is_over and self.log is not None:
            self.log.append(result_record(self.st))
        if not forced:
            self._take_forced()

    def _stop(self, e: RuleError) -> None:
        self.stopped = e
        if self.log is not None:
            self.log.append(error_record(e))

    def _take_forced(self) -> None:
        """A person's decision with one legal action is taken for them, as `play` takes it:
        nothing to click (their story still runs from their last real move)."""
        while (p := self.person_to_move()) is not None:
            actions = self.st.legal_actions()
            if len(actions) != 1:
                return
            self._apply(p, actions, 0, forced=True)

    def _collect(self) -> None:
        """Tell the new events to every seat now: what a seat learns later must not show
        in the telling of earlier events."""
        record = self.st.record  # (None: the telling stopped at the narration limit, telling.py)
        events = list(record or ())
        if record:
            record.clear()
            note = self.told.resumed(self.st)  # the game's end, told again
            self._tell([note] if note else [])
        note = self.told.after(self.st, self._tell(events))
        if note is not None:
            self._tell([note])
        from ...runtime.events import Said
        self.tally = [ev for ev in events if isinstance(ev, Said)] if self.st.is_over else []

    def _tell(self, events: list) -> int:
        """Tell `events` to every page's story; the most lines one was told."""
        most = 0
        for key, teller in self.tellers.items():
            lines = [line for line in teller.lines(events) if not line.lstrip().startswith("=")]
            self.story[key].extend(lines)
            most = max(most, len(lines))
        return most

    # ---- what a page receives
    def welcome(self, seat: Optional[int]) -> dict:
        g = self.game
        return {"type": "welcome", "title": plain(g.title), "you": self.title(seat), "hot_seat": seat == HOT,
                "seats": [plain(t) for t in g.seat_titles], "people": [plain(g.seat_titles[s]) for s in self.people],
                "cards": self.catalogue}

    def message(self, seat: Optional[int]) -> dict:
        """Everything seat's page shows now (None: a spectator; HOT at the end of a hot
        seat: the table as all its people know it)."""
        g, st = self.game, self.st
        seen = None if seat == HOT else seat
        v = st.view(seen)
        teller_key = seat if seat in self.tellers else None
        story = self.story[teller_key]
        if teller_key == HOT:
            since = story.since(min(self.hot_marks.get(p, 0) for p in self.people), PAGE_LINES)
        elif teller_key is None:  # (the latest lines, whenever a spectator looks)
            since = list(story.lines)[-60:]
        else:  # (past PAGE_LINES, a first line counts those left out)
            since = story.since(self.since[teller_key], PAGE_LINES)
        # a value is shown only where every seat the page is for knew the cards it read:
        # a spectator's page is what all seats know, a hot seat's end what its people do
        knowers = sum(1 << s for s in (self.people if seat == HOT else range(g.nplayers) if seat is None else (seat,)))
        quantities = for_seats(quantities_now(st), knowers)
        msg = {"type": "state", "n": self.n, "you": self.title(seat), "turns": st.turns,
               "turn": self.title(g.seat_names.index(v.turn)) if v.turn else None,
               "to_move": None if st.is_over else plain(g.seat_titles[st.current_player]),
               "prompt": None if st.is_over else plain(decision_label(g, st)),
               "your_turn": not st.is_over and seat == st.current_player,
               "areas": areas(g, v, quantities), "numbers": pieces_elsewhere(g, v, quantities),
               "out": [plain(g.seat_titles[g.seat_names.index(n)]) for n in v.eliminated],
               "since": since, "actions": [], "over": None}
        if msg["your_turn"]:
            teller = Narrator(g, seat, st).offer(st.legal_actions())
            msg["actions"] = [_entry(k, entry_of(k, a, teller), teller.action(a))
                              for k, a in enumerate(st.legal_actions())]
        if st.is_over:
            res = st.result
            msg["over"] = {"line": plain(ending_line(res, lambda s: g.seat_titles[s], g.cooperative)),
                           "reason": plain(res.reason),
                           "winners": [plain(g.seat_titles[s]) for s in res.winners],
                           "payoffs": None if res.payoffs is None else
                           [[plain(g.seat_titles[s]), p] for s, p in enumerate(res.payoffs)],
                           "tally": [plain(self.tellers[teller_key].said(ev.text, ev.cards, ev.values)) for ev in self.tally]}
        return msg

    def hot_message(self, shown: int) -> dict:
        """The hot seat's page for the person at seat `shown` (or the shared end)."""
        if self.st.is_over and len(self.people) > 1:
            msg = self.message(HOT)
            msg["you"] = None
            return msg
        return self.message(shown)

    def links(self, base: str, hot_seat: bool) -> list[tuple[str, str]]:
        """(who, link) for the host to hand out: one per person's seat, or the hot seat's,
        then the spectators' (a hot seat's table may be watched too: a shared screen)."""
        if hot_seat:
            seats = [("hot seat: " + ", ".join(plain(self.game.seat_titles[s]) for s in self.people),
                      f"{base}/#t={self.hot_token}")]
        else:
            by_seat = {s: t for t, s in self.tokens.items() if s != HOT}
            seats = [(plain(self.game.seat_titles[s]), f"{base}/#t={by_seat[s]}") for s in self.people]
        return seats + [("spectators", f"{base}/")]


def _entry(k: int, e, label: str) -> dict:
    return {"id": k, "group": e.title, "fixed": list(e.fixed), "last": e.last_name, "value": e.value,
            "label": plain(label)}

