"""The web side of a served table: one page, its static files, and a WebSocket per page.

A page opens `/ws` and says who it is first: `{"type": "hello", "token": T}` (T from the
link's fragment, `#t=...`, which a browser never sends in a request, so no access log
or Referer holds it; `null` for a spectator). Then it receives `welcome` (the game's
title, seats and card list), and a `state` after every move; it sends `act` for a move,
and `ready` when a hot seat's screen has been handed over. Each page has one outbox of
messages, drained by one writer, so that messages reach it in order; a page's next
message is read only once what its last one brought has been sent, and a state (or a
hand-over) replaces one still waiting, so that a page that reads slowly, or never, holds
a few messages, not one per move or per message it sent.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import traceback
from collections import deque
from pathlib import Path
from typing import Callable, Optional

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import FileResponse, HTMLResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...lang.printable import plain
from ...runtime.values import RuleError
from ..play import HIDDEN_RULE_FAILED, hides_error
from .guard import Origins, connect_src
from .table import HOT, Refused, Table

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # a page's message is a few dozen bytes
# Pages open at once, the spectators' and each seat's counted apart: a spectator needs no
# token, so anyone who can reach the server may fill the spectators' room, but never a
# seat's. The whole stays bounded: MAX_SPECTATORS, and MAX_SEAT_PAGES a seat's link.
MAX_SPECTATORS = 100
MAX_SEAT_PAGES = 8   # one seat's link: a phone, a laptop, a tab left open
# Pages that have not said who they are yet, counted apart: they need nothing to open, so
# any number of them held memory for HELLO_TIMEOUT each. A page says hello as it opens.
MAX_GREETING = 32
HELLO_TIMEOUT = 10.0
SPARE_CONNECTIONS = 64  # connections besides the pages: the page's files loading, a reload
MAX_NOTED = 8  # addresses of this server's own, refused, noted on the host's terminal
HELLO = '{"type": "hello", "token": TOKEN or null}'
# the page loads nothing from elsewhere (no CDN, no inline script) and connects only to
# its own host: CONNECT is guard.connect_src, made for each request's Host
CSP = "default-src 'self'; {CONNECT}; img-src 'self' data:; frame-ancestors 'none'"
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
}


class _Headers:
    """Every HTTP answer carries HEADERS (the page, its script and style, the icon, a 404),
    not only the page: a script or a style served without them could be framed, sniffed
    or cached."""

    def __init__(self, app, origins: tuple = ()):
        self.app, self.origins = app, origins

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        csp = CSP.replace("{CONNECT}", connect_src(Headers(scope=scope), self.origins))
        ours = [(k, csp.encode("latin-1") if k == b"content-security-policy" else v) for k, v in _RAW]

        async def sending(message):
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.decode("latin-1").lower() not in _OURS]
                message = {**message, "headers": kept + ours}
            await send(message)
        await self.app(scope, receive, sending)


_OURS = {k.lower() for k in HEADERS}
_RAW = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]


REPLACING = ("state", "handover")  # a message that replaces everything the page showed


class Page:
    """One open page: its seat (None: a spectator; HOT: the hot seat) and its outbox."""

    def __init__(self, ws: WebSocket, seat: Optional[int]):
        self.ws, self.seat = ws, seat
        self.outbox: deque = deque()
        self.more = asyncio.Event()  # the outbox has messages: the writer wakes
        self.sent = asyncio.Event()  # the outbox is empty and all of it sent (or the page is gone)
        self.sent.set()
        self.gone = False            # a send failed: the connection is lost
        self.shown: Optional[int] = None    # hot seat: the person whose screen it is
        self.waiting: Optional[int] = None  # hot seat: the person it is being handed to

    def send(self, msg: dict) -> None:
        if msg["type"] in REPLACING:
            # The whole page: a state or a hand-over not sent yet is out of date. (A page
            # that does not read kept one per move, without bound.)
            self.outbox = deque(m for m in self.outbox if m["type"] not in REPLACING)
        self.outbox.append(msg)
        self.more.set()
        self.sent.clear()


class Server:
    """The table and its pages; every use of the table holds the lock."""

    def __init__(self, table: Table, delay: float = 0.6, on_end: Optional[Callable[[], None]] = None,
                 on_failure: Optional[Callable[[str], None]] = None, on_bug: Optional[Callable[[str], None]] = None,
                 origins: tuple = ()):
        self.table, self.delay, self.on_end, self.on_failure, self.on_bug = table, delay, on_end, on_failure, on_bug
        self.origins = tuple(origins)  # (--origin: where the pages come from besides the server itself)
        self.guard = Origins(self.origins)
        self.noted: set = set()  # the host's terminal's notes of refused addresses of this server's own
        self.failure: Optional[str] = None  # what the rules' error says, in full (the host's terminal)
        self.error = None  # the rules' error itself, told to each page as its seat may know it
        self.pages: set[Page] = set()
        self.lock = asyncio.Lock()
        self.bots: Optional[asyncio.Task] = None
        self.greeting = 0  # connections that have not said hello yet
        self.ended = False

    # ---- the routes
    def app(self) -> Starlette:
        index = (STATIC / "index.html").read_text(encoding="utf-8")

        async def page(request):
            return HTMLResponse(index)

        async def favicon(request):
            return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

        return Starlette(routes=[Route("/", page), Route("/favicon.ico", favicon),
                                 Mount("/static", StaticFiles(directory=STATIC), name="static"),
                                 WebSocketRoute("/ws", self.socket)],
                         middleware=[Middleware(_Headers, origins=self.origins)])

    def max_connections(self) -> int:
        """Every page the limits let in, those saying hello, and some to spare."""
        seats = len(self.table.people) + 1  # (and the hot seat's link)
        return MAX_SPECTATORS + MAX_SEAT_PAGES * seats + MAX_GREETING + SPARE_CONNECTIONS

    async def socket(self, ws: WebSocket) -> None:
        if self.greeting >= MAX_GREETING:  # (turned away before the handshake: the page retries)
            await ws.close(code=1013)
            return
        self.greeting += 1
        try:
            page = await self._greet(ws)
        finally:
            self.greeting -= 1
        if page is not None:
            await self._serve(page)

    async def _greet(self, ws: WebSocket) -> Optional[Page]:
        """The page behind a new connection, or None: turned away (told why), or gone."""
        await ws.accept()
        refusal = self.guard.refusal(ws.headers, "https" if ws.url.scheme == "wss" else "http")
        if refusal:  # another site's page (a browser always sends its Origin): told why, as a page of ours would be
            note = self.guard.host_note(ws.headers, "https" if ws.url.scheme == "wss" else "http")
            if note is not None and note not in self.noted and len(self.noted) < MAX_NOTED:  # (once an address)
                self.noted.add(note)
                print(note, file=sys.stderr, flush=True)
            await ws.send_json({"type": "error", "message": refusal})
            await ws.close(code=1008)
            return None
        page = await self._hello(ws)
        if page is None:
            return None
        full = self._no_room(page.seat)
        if full:
            await ws.send_json({"type": "error", "message": full})
            await ws.close(code=1013)
            return None
        return page

    async def _serve(self, page: Page) -> None:
        ws = page.ws
        writer = asyncio.create_task(self._write(page))
        self.pages.add(page)
        try:
            async with self.lock:
                page.send(self.table.welcome(page.seat))
                if self.failure:
                    page.send({"type": "error", "message": self._failure_for(page)})
                else:
                    self._update(page)
            self._kick()
            while True:
                # The next message is read once what the last one brought is sent: a page
                # that sends without reading fills its own connection, not the server's
                # memory (each refusal queued a whole state).
                await page.sent.wait()
                if page.gone:
                    break
                text = await _text(ws)
                async with self.lock:
                    try:
                        self._handle(page, text)
                    except Refused as why:
                        page.send({"type": "refused", "message": str(why)})
                        if not self.failure:  # (a stopped game has no table to bring it up to date with)
                            self._update(page)  # the page is brought up to date
                    except RuleError as e:
                        self._failed(e)
                    except Exception:  # our bug, not the rule file's: the game cannot go on
                        self._broke(f"as {self._who(page)}'s move was played")
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.pages.discard(page)
            writer.cancel()

    async def _hello(self, ws: WebSocket) -> Optional[Page]:
        """The first message names the seat; a wrong token closes the socket with why."""
        try:
            text = await asyncio.wait_for(_text(ws), HELLO_TIMEOUT)
            msg = _parse(text, first=True)
            if msg.get("type") != "hello" or set(msg) - {"type", "token"}:
                raise Refused(f"the first message is {HELLO}")
            async with self.lock:
                seat = self.table.seat_of(msg.get("token"))
        except Refused as why:
            await ws.send_json({"type": "error", "message": str(why)})
            await ws.close(code=1008)
            return None
        except (asyncio.TimeoutError, WebSocketDisconnect, RuntimeError):
            return None
        return Page(ws, seat)

    def _no_room(self, seat: Optional[int]) -> Optional[str]:
        """Why a page of `seat` (None: a spectator) cannot open now, or None."""
        already = sum(p.seat == seat for p in self.pages)
        if seat is None and already >= MAX_SPECTATORS:
            return (f"this table has {MAX_SPECTATORS} spectators' pages open already: try again later "
                    "(MAX_SPECTATORS in ruleforge/drivers/serve/app.py)")
        if seat is not None and already >= MAX_SEAT_PAGES:
            return (f"this link has {MAX_SEAT_PAGES} pages open already: close one of them first "
                    "(MAX_SEAT_PAGES in ruleforge/drivers/serve/app.py)")
        return None

    async def _write(self, page: Page) -> None:
        try:
            while True:
                await page.more.wait()
                page.more.clear()
                while page.outbox:
                    await page.ws.send_text(json.dumps(page.outbox.popleft(), ensure_ascii=False))
                page.sent.set()
        except Exception:  # the page went away: its reader ends the connection
            page.gone = True
            page.sent.set()

    # ---- moves
    def _handle(self, page: Page, text: Optional[str]) -> None:
        if self.failure:  # whatever the message, even one that is not JSON: the game cannot go on
            raise Refused(self._failure_for(page))
        msg = _parse(text)
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "act":
            if page.seat == HOT:
                if page.waiting is not None or page.shown is None:
                    raise Refused("the screen is being handed over: press Ready first")
                self.table.act(page.shown, msg)
            else:
                self.table.act(page.seat, msg)
            self._moved()
        elif kind == "ready":
            if page.seat != HOT or page.waiting is None:
                raise Refused("there is no hand-over to be ready for")
            page.shown, page.waiting = page.waiting, None
            self._update(page)
        else:
            raise Refused("a message's type is act (a move) or ready (a hot seat's hand-over)"
                          + (f", not {kind!r}" if isinstance(kind, str) and len(kind) < 40 else ""))

    def _moved(self) -> None:
        for p in list(self.pages):
            self._update(p)
        if self.table.over and not self.ended:
            self.ended = True
            if self.on_end:
                self.on_end()
        self._kick()

    def _update(self, page: Page) -> None:
        """Send the page what it shows now; a hot seat first hands the screen over."""
        t = self.table
        if page.seat != HOT:
            page.send(t.message(page.seat))
            return
        if t.over:
            page.waiting = None
            page.send(t.hot_message(page.shown if page.shown is not None else t.people[0]))
            return
        want = t.person_to_move()
        if want is None:
            want = page.shown if page.shown is not None else t.people[0]
        # A screen being handed over stays so until Ready, even when the turn comes back to
        # the person it showed (moved on another page of the hot seat): it may be in
        # someone else's hands now.
        if want != page.shown or page.waiting is not None:
            if page.waiting != want:
                page.waiting = want
                page.send({"type": "handover", "to": ("the " if t.game.roles else "") + t.title(want)})
            return
        page.send(t.message(page.shown))

    def _kick(self) -> None:
        if self.failure is None and self.table.bot_to_move() and (self.bots is None or self.bots.done()):
            self.bots = asyncio.create_task(self._bot_moves())

    async def _bot_moves(self) -> None:
        while True:
            async with self.lock:
                if not self.table.bot_to_move():
                    return
            if self.delay:
                await asyncio.sleep(self.delay)
            async with self.lock:
                # a bot's search may take a while: the pages' connections stay served
                seat = self.table.st.current_player
                try:
                    self.table.bot_move(await _in_thread(self.table.bot_choice))
                    self._moved()  # (in the try: a bug in telling the pages must not end the bots silently either)
                except RuleError as e:
                    self._failed(e)
                    return
                except Exception:  # our bug: the bots stopped without a word, the pages waiting for ever
                    self._broke(f"as {self._who(None, seat)}'s bot chose its move")
                    return

    def _failed(self, e) -> None:
        """The rules did something impossible: the game cannot go on; every page is told,
        as far as its seat may know: an error in the rule of a card hidden from a seat
        would name that card (view.names_hidden_cards), so that page is told only that
        the host's terminal has the whole message."""
        text = f"the game stopped: {plain(e.describe())}"
        self.failure, self.error = text, e
        for p in list(self.pages):
            p.send({"type": "error", "message": self._failure_for(p)})
        if self.on_failure:
            self.on_failure(text)

    def _broke(self, when: str) -> None:
        """An exception that is not a rule error: a bug in ruleforge. The traceback goes to
        the host's terminal only (it may name any card); the pages are told that the game
        stopped and why it is not the rule file's fault, and then treated as after a rule
        error (every message refused with that text)."""
        traceback.print_exc()
        text = (f"the game stopped: ruleforge itself failed {when} (a bug in ruleforge, not in the rule file); "
                "the host's terminal shows where")
        self.failure, self.error = text, None
        for p in list(self.pages):
            p.send({"type": "error", "message": text})
        if self.on_bug:
            self.on_bug(text)

    def _who(self, page: Optional[Page], seat: Optional[int] = None) -> str:
        if page is not None:
            seat = page.shown if page.seat == HOT else page.seat
        return "a person" if seat is None else plain(self.table.game.seat_titles[seat])

    def _failure_for(self, page: Page) -> str:
        """What `page` is told of the rules' error (a hot seat's screen: as the seat it
        shows, or as a spectator between people and while it is being handed over)."""
        seat = page.seat
        if seat == HOT:  # (a screen being handed over is nobody's yet: told as to a spectator)
            seat = page.shown if page.waiting is None else None
        if self.error is not None and hides_error(self.table.st, self.error, [seat]):  # (the game has stopped: its state stays)
            return f"the game stopped: {HIDDEN_RULE_FAILED}; the host's terminal shows where"
        return self.failure


async def _in_thread(work: Callable):
    """work() in a daemon thread. asyncio.to_thread's threads are waited for as the process
    ends: Ctrl-C or SIGTERM during a bot's search waited for the whole search (minutes,
    for ismcts:600000ms); this one's result is dropped if the server stops first."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def run():
        try:
            settle = (done.set_result, work())
        except BaseException as e:
            settle = (done.set_exception, e)
        try:
            loop.call_soon_threadsafe(_settle, done, *settle)
        except RuntimeError:  # the loop has closed: the server stopped meanwhile
            pass
    threading.Thread(target=run, name="ruleforge serve bot", daemon=True).start()
    return await done


def _settle(done: asyncio.Future, how: Callable, value) -> None:
    if not done.cancelled():
        how(value)


async def _text(ws: WebSocket) -> Optional[str]:
    """The next message's text; None for a binary message (a page sends text). Starlette's
    receive_text raised a KeyError on one: a traceback in the server's output."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message.get("text")


def _parse(text: Optional[str], first: bool = False):
    """The JSON object a page sent; `first`: its hello, which is then the example to give."""
    if text is None:
        raise Refused("a message is text, one JSON object: this one was binary"
                      + (f"; the first is {HELLO}" if first else ""))
    if len(text) > MAX_MESSAGE:
        raise Refused(f"a message of {len(text)} characters is too long (at most {MAX_MESSAGE})")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        msg = None
    if not isinstance(msg, dict):  # not JSON, or JSON but not an object: `[1]`, `"act"`
        raise Refused(f"a message is one JSON object, and the first is {HELLO}" if first else
                      "a message is one JSON object, such as {\"type\": \"act\", \"n\": 3, \"id\": 0}")
    return msg
