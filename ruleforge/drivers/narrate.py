"""The engine's record of a game -> sentences for a reader.

By default the narrator is omniscient (it is for the designer watching bots): every card
is named, and a card that lies face down where it went is marked "(face down)" so that
the reader can tell what the players could see. Given a seat and the state, it tells
only what that seat may know: a card it does not know is "a card".
"""

from __future__ import annotations

from typing import Iterable

from ..lang.plural import count
from ..lang.printable import plain
from ..runtime.actions import DONE
from ..runtime.events import (Decided, Eliminated, Ended, Finished, Flipped, GameEnding, Looked, Moved, Revealed,
                              RoundBegan, RoundEnded, Said, Shuffled, Status, Swapped, TurnBegan, Untold, ValueSet)
from ..runtime.seating import by_seat
from ..runtime.shown import for_seats, shown_text
from .telling import Notice


def winners_text(winners, name) -> str:
    """'Winner: player 1'; 'Winners: player 1 and player 3' (a tie, or partners who win
    together); 'Winners: a, b and c'; 'Winner: nobody'."""
    names = [name(s) for s in winners]
    if not names:
        return "Winner: nobody"
    if len(names) == 1:
        return f"Winner: {names[0]}"
    return f"Winners: {', '.join(names[:-1])} and {names[-1]}"


def payoffs_text(payoffs, name) -> str:
    """'Payoffs: player 1 +3, player 2 -3' (a gain is signed, so a loss stands out)."""
    return "Payoffs: " + ", ".join(f"{name(s)} {v:+d}" if v else f"{name(s)} 0" for s, v in enumerate(payoffs))


def ending_line(res, name, team: bool = False) -> str:
    """The last line of a game: why it ended, who won, and each payoff when declared. In
    a cooperative game (`team`) the players win or lose as one, with one payoff: 'The
    team wins. Payoff: +12.'"""
    if team:
        line = f"Game over: {res.reason}. The team {'wins' if res.winners else 'loses'}."
        if res.payoffs:
            line += f" Payoff: {res.payoffs[0]:+d}." if res.payoffs[0] else " Payoff: 0."
        return line
    line = f"Game over: {res.reason}. {winners_text(res.winners, name)}."
    if res.payoffs is not None:
        line += f" {payoffs_text(res.payoffs, name)}."
    return line


class Narrator:
    def __init__(self, game, seat=None, state=None):
        self.g = game
        self.round = 0
        self.seat_of_view, self.state = seat, state
        # "end of round N", told only once something happens under it (its rules may do
        # nothing visible): kept across calls, as play tells a game a decision at a time
        self.heading: str | None = None
        self.apart: dict[int, str] = {}  # the copies a decision's actions name apart (offer)
        # the last line of where things stand: told again only once something in it changed
        # (a trick game's nine counters were told after every card played)
        self.standing: str | None = None
        # lines told since `standing` was, and the game's last standing when it repeated
        # `standing`: the end tells it again if the story went on since (a last move that
        # changed no number left the reader with a line from before it, nothing to check
        # the winner against)
        self.since = 0
        self.unrepeated: str | None = None
        # "X's turn", told once something happens in the turn: a player out of the round,
        # whose turn ends at once, had an empty turn in every story
        self.turn: str | None = None

    def offer(self, actions) -> "Narrator":
        """Ready to tell a decision's `actions`: a seat sees copies of a card alike
        ("Coin"), so where the actions name two copies, the later ones read
        "Coin (2nd copy)", in the order offered, never by which copy it is."""
        from ..runtime.actions import CardSet, Ref, ordinal
        copies = self.g.copies
        if self.seat_of_view is None or not copies:
            return self
        cards = {v.index for a in actions if a.kind in ("menu", "choose") for _, arg in a.args
                 for v in (arg if isinstance(arg, CardSet) else (arg,)) if isinstance(v, Ref) and v.kind == "card"}
        alike: dict[str, list[int]] = {}
        st, bit = self.state, 1 << self.seat_of_view
        for c in sorted(cards):  # (a card the seat does not know is "a card": never told apart)
            if copies[c] and (st.up[c] or st.known[c] & bit):
                alike.setdefault(self.g.seen_names[c], []).append(c)
        self.apart = {c: f"{name} ({ordinal(k)} copy)" for name, group in alike.items()
                      for k, c in enumerate(group, 1) if k > 1}
        return self

    def shown(self, c: int, up: bool = False, known: int | None = None) -> str:
        """A card's name for this reader: hidden when a seat's reader may not know it.

        `known` is who knew the card when the event happened; without it, what the
        seat knows now is used (never more than the seat may know by now)."""
        if self.seat_of_view is None:
            return self.g.cards[c].name + ("" if up else " (face down)")
        if known is None:
            st = self.state
            known = st.known[c] if not st.up[c] else -1
        if up or (known >> self.seat_of_view) & 1:
            # a copy without its number: no seat can tell copies apart (but see offer)
            return self.apart.get(c) or self.g.seen_names[c]
        return "a card"

    def arg(self, v, known_then: dict | None = None) -> str:
        from ..runtime.actions import CardSet
        from ..runtime.values import Ref
        if isinstance(v, Ref) and v.kind == "card" and self.seat_of_view is not None:
            return self.shown(v.index, False, (known_then or {}).get(v.index))
        if isinstance(v, CardSet):  # each card as this seat may see it
            return "[" + ", ".join(self.arg(x, known_then) for x in v) + "]"
        return str(v)

    def said(self, text: str, cards: tuple, values: tuple = ()) -> str:
        """A said line as this reader may read it: a card its seat did not know when it
        was said is "a card", a value worked out from a card it did not know is what the
        value's span says instead ("a hidden value"), whatever cards the value names."""
        seat = self.seat_of_view
        if seat is None or not (cards or values):
            return text
        # (a value before the cards it holds: one hidden is told whole, its cards unnamed)
        spans = sorted([(s, 0, e, m, hidden) for s, e, m, hidden in values if m != -1 and not m >> seat & 1]
                       + [(s, 1, e, c, known) for s, e, c, known in cards])
        out, at = [], 0
        for start, kind, end, x, y in spans:
            if start < at:
                continue
            out += [text[at:start], y if kind == 0 else self.shown(x, y == -1, y)]
            at = end
        return "".join(out) + text[at:]

    def value(self, v) -> str:
        """A counter's value: a card held in one is hidden from a seat that does not know it."""
        return "none" if v is None else self.arg(v)

    def seat(self, s: int) -> str:
        return self.g.seat_titles[s]

    def label(self, label: str) -> str:
        """A changed number's label for this reader: a per-card counter's names its card
        as the seat may see it ('charge of a card' while the card is hidden from it)."""
        if self.seat_of_view is None:
            return label
        g = self.g
        of_card = getattr(g, "_card_labels", None)
        if of_card is None:
            n = len(g.cards)
            of_card = g._card_labels = {g.var_labels[base + c]: (name, c) for name, base in
                                        g.card_counter_base.items() for c in range(n)}
        if label not in of_card:
            return label
        name, c = of_card[label]
        return f"{name} of {self.shown(c)}"

    def zone(self, z: int) -> str:
        return self.g.zinst[z].label

    def card(self, c: int) -> str:
        """A card this reader sees (face up, or known): a seat's names a copy without its number."""
        return self.g.cards[c].name if self.seat_of_view is None else self.g.seen_names[c]

    def action(self, action, known_then: dict | None = None) -> str:
        """An action as a reader sees it; its text is the rule file's, escaped to print.
        `known_then`: who knew each card it names when it was taken (Decided.known)."""
        return plain(self._action(action, known_then))

    def _action(self, action, known_then: dict | None = None) -> str:
        if action.kind == "menu":
            spec = self.g.actions.get(action.name)
            title = spec.title if spec else action.name
            if not action.args:
                return title
            return f"{title}: " + ", ".join(self._named_arg(k, self.arg(v, known_then), len(action.args))
                                            for k, v in action.args)
        if action.kind == "choose":
            return self.arg(action.args[0][1], known_then)
        return str(action)

    @staticmethod
    def _named_arg(name: str, shown: str, args: int) -> str:
        """`card 7♣`; a card the seat did not see is `a card` alone when the parameter's
        name would only repeat it (`Archive: a card`, not `Archive: card a card`), else
        `old (a card)`."""
        if shown != "a card":
            return f"{name} {shown}"
        return shown if name == "card" or args == 1 else f"{name} (a card)"

    def lines(self, events: Iterable) -> list[str]:
        """The sentences for these events (see runtime/events.py), in order. Moves from
        one zone to another in a row make one line."""
        out: list[str] = []
        moves: list[Moved] = []
        told_standing = -1  # where in `out` this call last told where things stand

        def flush():
            if not moves:
                return
            src, dst = moves[0].source, moves[0].destination
            cards = [self.shown(m.card, m.face_up, m.known) for m in moves]
            # a move of many cards is counted where the reader does not know them all (a
            # list of "a card"), or past MANY_CARDS (a whole deck would fill the screen)
            unknown = cards.count("a card")
            if len(cards) > MANY_CARDS or len(cards) > 8 and unknown:
                hidden = sum(1 for m in moves if not m.face_up)
                shown = f"{len(cards)} cards" + (f" ({hidden} face down)" if hidden else "")
            elif unknown > 1:  # "a card, a card, a card" says only how many, at length
                known = [c for c in cards if c != "a card"]  # (a card moved face up is known)
                shown = ", ".join(known + [f"{unknown} {'other ' if known else ''}cards ({unknown} face down)"])
            else:
                shown = ", ".join(cards)
            out.append(f"    {shown}: {self.zone(src)} → {self.zone(dst)}")
            moves.clear()

        def headings():
            for pending in ("heading", "turn"):
                if getattr(self, pending) is not None:
                    out.append(getattr(self, pending))
                    setattr(self, pending, None)

        for ev in events:
            if isinstance(ev, Moved):
                if moves and (moves[0].source, moves[0].destination) != (ev.source, ev.destination):
                    flush()
                headings()
                moves.append(ev)
                continue
            flush()
            if isinstance(ev, (RoundEnded, RoundBegan, TurnBegan, GameEnding, Ended)):
                # nothing happened at the round's end worth a heading, nor in the turn
                self.heading = self.turn = None
            if isinstance(ev, RoundEnded):  # told once something happens under it
                self.heading = self.line(ev)[0]
                continue
            if isinstance(ev, Status):
                self.unrepeated = None
                standing = self.status_line(ev)
                if standing.strip() == "=":  # (no number to tell)
                    continue
                if standing != self.standing:
                    self.standing = standing
                    out.append(standing)
                    told_standing = len(out)
                elif (len(out) - told_standing if told_standing >= 0 else self.since + len(out)):
                    self.unrepeated = standing  # (told again only if the game ends here)
                continue
            if isinstance(ev, Ended) and self.unrepeated is not None:
                out.append(self.unrepeated)
                told_standing, self.unrepeated = len(out), None
            line = self.line(ev)
            if isinstance(ev, TurnBegan):  # "Round N" at once, the turn once something is told in it
                *rounds, self.turn = line
                out.extend(rounds)
                continue
            if line:
                headings()
                out.extend(line)
        flush()
        if self.turn is not None:  # the turn goes on at the next decision: told now
            out.append(self.turn)
            self.turn = None
        self.since = self.since + len(out) if told_standing < 0 else len(out) - told_standing
        # card names, labels, titles and said texts come from the rule file: no control
        # characters reach the terminal (a rich console escapes markup itself, see terminal.py)
        return [plain(line) for line in out]

    def line(self, ev) -> list[str] | None:
        """The lines for one event other than a move."""
        match ev:
            case RoundBegan(round=rnd):
                if rnd != self.round:
                    self.round = rnd
                    return [f"Round {rnd}"]
            case RoundEnded(round=rnd):
                return [f"  end of round {rnd}"]
            case GameEnding(title=title):
                return [f"The game ends: {title}"]
            case TurnBegan(seat=seat, round=rnd):
                lines = []
                if rnd != self.round:
                    self.round = rnd
                    lines.append(f"Round {rnd}")
                return lines + [f"  {self.seat(seat)}'s turn"]
            case Decided(seat=seat, action=action, prompt=prompt, known=known):
                if action.kind == "choose":
                    return [f"  ▸ {self.seat(seat)} chooses {self.action(action, known)} ({prompt})"]
                if action == DONE:  # the end of `for each c chosen by ...`: done choosing what for
                    return [f"  ▸ {self.seat(seat)}: done ({prompt})"]
                return [f"  ▸ {self.seat(seat)}: {self.action(action, known)}"]
            case Looked(seat=seat, cards=cards, known=known):
                if not cards:  # (an opponent's agenda already archived: nothing was seen)
                    return []
                return [f"    {self.seat(seat)} looks at "  # (its name alone: who looks at a card sees it)
                        + ", ".join(self.shown(c, True, k) if self.seat_of_view is None else self.shown(c, k == -1, k)
                                    for c, k in zip(cards, known))]
            case Swapped():
                return [f"    swap: {self.shown(ev.card, ev.face_up, ev.known)} → {self.zone(ev.destination)}, "
                        f"{self.shown(ev.other, ev.other_face_up, ev.other_known)} → {self.zone(ev.source)}"]
            case Revealed(card=c, zone=z):
                return [f"    revealed: {self.card(c)} in {self.zone(z)}"]
            case Flipped(card=c, face_up=up):
                return [f"    {self.card(c)} turned face {'up' if up else 'down'}"]
            case Shuffled(zone=z, count=n):
                return [f"    {self.zone(z)} shuffled ({count(n, 'card')})"]
            case ValueSet(label=label, old=old, new=new):
                if label not in self.g.quiet_labels:
                    return [f"    {self.label(label)}: {self.value(old)} → {self.value(new)}"]
            case Eliminated(seat=seat):
                return [f"    {self.seat(seat)} is eliminated"]
            case Finished(seat=seat, place=place):
                return [f"    {self.seat(seat)} finishes ({ordinal(place)})"]
            case Said(text=text, cards=cards, values=values):
                return [f"    — {self.said(text, cards, values)}"]
            case Ended(result=res):
                return [ending_line(res, self.seat, self.g.cooperative)]
            case Notice(text=text):  # (the telling's own: the narration limit)
                return [text]
            case Untold(count=n):
                from ..runtime.limits import MAX_TOLD_EVENTS
                return [f"    ... and {n:,} more events before the next decision, not told: a telling keeps "
                        f"{MAX_TOLD_EVENTS:,} between two decisions (MAX_TOLD_EVENTS, docs/limits.md)"]
        return None

    def status_line(self, ev: Status) -> str:
        return self.status(ev.values, dict(ev.rows), ev.quantities)

    def knowers(self):
        """Who must have known a card for a value worked out from it to be told (a bit per
        seat), or None: the designer, told everything."""
        return None if self.seat_of_view is None else 1 << self.seat_of_view

    def quantities(self, quantities: tuple) -> list[str]:
        """The shown quantities (shown.quantities_now's) as this reader may know them:
        `score of player 1 12`, `score of player 2 ?` where it read a card hidden then."""
        names = self.g.seat_names
        return [f"{name}{'' if p is None else ' of ' + names[p]} {shown_text(v)}"
                for name, p, v in for_seats(quantities, self.knowers())]

    def status(self, values: tuple, rows: dict, quantities: tuple = ()) -> str:
        """One line of where things stand: every number, each shown quantity, and each
        row's slots."""
        g = self.g
        per_card = g.card_vars()
        quiet = g.quiet_labels
        if not (g.var_kinds or g.turn_vars):
            parts = [f"{label} {values[i]}" for i, label in enumerate(g.var_labels)
                     if i not in per_card and label not in quiet]
        else:  # held values by name (a hidden card as such); not the turn's (nor a kept one's record)
            from ..runtime.held import named
            parts = [f"{label} {self.value(named(g, g.var_kinds[i], values[i]) if i in g.var_kinds else values[i])}"
                     for i, label in enumerate(g.var_labels)
                     if i not in per_card and i not in g.turn_vars and label not in quiet]
        parts += self.quantities(quantities)
        # the rows as the screens list them: shared, then this reader's seat's, then the others'
        for zi in by_seat(g.zinst, lambda zi: zi.owner, self.seat_of_view):
            if zi.kind == "row":
                cells = []
                for k, s in enumerate(zi.slots, 1):
                    cs = rows.get(s, ())
                    cells.append(f"{k}:" + ("·" if not cs else " ".join(
                        self.card(c) if up else (f"[{self.card(c)}]" if self.seat_of_view is None else
                                                 ("▒" if self.shown(c) == "a card" else f"[{self.card(c)}]"))
                        for c, up in cs)))
                # slots of several cards apart with a bar: `1:15 27 30 2:10 23` ran together
                apart = " | " if any(len(rows.get(s, ())) > 1 for s in zi.slots) else " "
                parts.append(f"{zi.label} " + apart.join(cells))
        return "    = " + " · ".join(parts)


# A move of more cards than this is counted, not listed, even to a reader who knows them all.
MANY_CARDS = 20


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
