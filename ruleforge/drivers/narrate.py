"""The engine's record of a game -> sentences for a reader.

By default the narrator is omniscient (it is for the designer watching bots): every card
is named, and a card that lies face down where it went is marked "(face down)" so that
the reader can tell what the players could see. Given a seat and the state, it tells
only what that seat may know: a card it does not know is "a card".
"""

from __future__ import annotations

from typing import Iterable


class Narrator:
    def __init__(self, game, seat=None, state=None):
        self.g = game
        self.round = 0
        self.seat_of_view, self.state = seat, state

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
            return self.g.cards[c].name
        return "a card"

    def arg(self, v) -> str:
        from ..runtime.values import Ref
        if isinstance(v, Ref) and v.kind == "card" and self.seat_of_view is not None:
            return self.shown(v.index, False)
        return str(v)

    def seat(self, s: int) -> str:
        return self.g.seat_titles[s]

    def zone(self, z: int) -> str:
        return self.g.zinst[z].label

    def card(self, c: int) -> str:
        return self.g.cards[c].name

    def action(self, action) -> str:
        if action.kind == "menu":
            spec = self.g.actions.get(action.name)
            title = spec.title if spec else action.name
            if not action.args:
                return title
            return f"{title}: " + ", ".join(f"{k} {self.arg(v)}" for k, v in action.args)
        if action.kind == "choose":
            return self.arg(action.args[0][1])
        return str(action)

    def lines(self, events: Iterable[tuple]) -> list[str]:
        out: list[str] = []
        pending_moves: list[tuple] = []

        def flush():
            if not pending_moves:
                return
            src, dst = pending_moves[0][2], pending_moves[0][3]
            cards = [self.shown(m[1], m[4], m[5] if len(m) > 5 else None) for m in pending_moves]
            if len(cards) > 8:
                hidden = sum(1 for m in pending_moves if not m[4])
                shown = f"{len(cards)} cards" + (f" ({hidden} face down)" if hidden else "")
            else:
                shown = ", ".join(cards)
            out.append(f"    {shown}: {self.zone(src)} → {self.zone(dst)}")
            pending_moves.clear()

        for ev in events:
            kind = ev[0]
            if kind == "move":
                if pending_moves and (pending_moves[0][2], pending_moves[0][3]) != (ev[2], ev[3]):
                    flush()
                pending_moves.append(ev)
                continue
            flush()
            if kind == "round":
                if ev[1] != self.round:
                    self.round = ev[1]
                    out.append(f"Round {ev[1]}")
            elif kind == "turn":
                _, seat, rnd = ev
                if rnd != self.round:
                    self.round = rnd
                    out.append(f"Round {rnd}")
                out.append(f"  {self.seat(seat)}'s turn")
            elif kind == "decide":
                _, seat, action, prompt = ev
                if action.kind == "choose":
                    out.append(f"  ▸ {self.seat(seat)} chooses {self.action(action)} ({prompt})")
                else:
                    out.append(f"  ▸ {self.seat(seat)}: {self.action(action)}")
            elif kind == "swap":
                _, a, za, zb, upa, b, upb, ka, kb = ev
                out.append(f"    swap: {self.shown(a, upa, ka)} → {self.zone(zb)}, "
                           f"{self.shown(b, upb, kb)} → {self.zone(za)}")
            elif kind == "reveal":
                out.append(f"    revealed: {self.card(ev[1])} in {self.zone(ev[2])}")
            elif kind == "flip":
                out.append(f"    {self.card(ev[1])} turned face {'up' if ev[2] else 'down'}")
            elif kind == "shuffle":
                out.append(f"    {self.zone(ev[1])} shuffled ({ev[2]} cards)")
            elif kind == "set":
                _, label, old, new = ev
                out.append(f"    {label}: {old} → {new}")
            elif kind == "eliminate":
                out.append(f"    {self.seat(ev[1])} is eliminated")
            elif kind == "say":
                out.append(f"    — {ev[1]}")
            elif kind == "status":
                line = self.status(ev[1], ev[2])
                if line.strip() != "=":
                    out.append(line)
            elif kind == "end":
                res = ev[1]
                winners = " and ".join(self.seat(s) for s in res.winners) or "nobody"
                out.append(f"Game over: {res.reason}. Winner: {winners}.")
        flush()
        return out

    def status(self, values: tuple, rows: dict) -> str:
        """One line of where things stand: every number, and each row's slots."""
        g = self.g
        per_card = g.card_vars()
        parts = [f"{label} {values[i]}" for i, label in enumerate(g.var_labels) if i not in per_card]
        for zi in g.zinst:
            if zi.kind == "row":
                cells = []
                for k, s in enumerate(zi.slots, 1):
                    cs = rows.get(s, ())
                    cells.append(f"{k}:" + ("·" if not cs else " ".join(
                        self.card(c) if up else (f"[{self.card(c)}]" if self.seat_of_view is None else
                                                 ("▒" if self.shown(c) == "a card" else f"[{self.card(c)}]"))
                        for c, up in cs)))
                parts.append(f"{zi.label} " + " ".join(cells))
        return "    = " + " · ".join(parts)
