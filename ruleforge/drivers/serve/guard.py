"""What keeps other sites and noisy clients off a served table: the Origin check on
WebSocket upgrades, the Content-Security-Policy naming the page's own host, the host's
terminal kept free of a line per malformed request, and a bound on connections that
never say anything."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
from typing import Iterable, Optional
from urllib.parse import urlsplit

from ...lang.printable import cut, plain

# A Host header that can go into a header of ours as it is: a name or an address and a
# port, nothing that could end the directive (`;`) or add a source (a space).
_SAFE_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
DEFAULT_PORTS = {"http": 80, "https": 443}


def own_names() -> frozenset[str]:
    """The names this machine answers to whatever a resolver says: its own and localhost.
    Any other name in a Host header may be a site's own, resolved to this machine (DNS
    rebinding): a page of that site then passes a check of Origin against Host."""
    name = (socket.gethostname() or "localhost").lower()
    return frozenset({"localhost", name, f"{name}.local"})


def origin_of(text: str) -> Optional[tuple[str, str, int]]:
    """(scheme, host, port) of an origin (`https://example.org:8443`), or None if it is
    not one: another scheme, a path, a user, no host (`null`, a file's page)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") or parts.query \
            or parts.fragment or parts.username is not None:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def _host_of(header: str, scheme: str) -> Optional[tuple[str, int]]:
    if not _SAFE_HOST.fullmatch(header):
        return None
    got = origin_of(f"{scheme}://{header}")
    return None if got is None else got[1:]


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


class Origins:
    """Which pages may open a table's WebSocket: those the server itself served (the
    Origin's host and port are the request's Host, and that host is an address or one of
    this machine's names), and those of `extra` (behind a proxy: the public address, as
    `--origin` gives it). A request without Origin is no browser's (a browser always
    sends it on an upgrade): it is let in, as a script could forge anything anyway."""

    def __init__(self, extra: Iterable[str] = (), names: Optional[Iterable[str]] = None):
        self.extra = {o for o in map(origin_of, extra) if o is not None}
        self.names = frozenset(names) if names is not None else own_names()

    def refusal(self, headers, scheme: str = "http") -> Optional[str]:
        """Why a WebSocket upgrade with these headers is refused, or None; `scheme`: the
        server's (http, or https if it speaks TLS itself)."""
        origin = headers.get("origin")
        if origin is None:
            return None
        parsed = origin_of(origin)
        if parsed is not None and parsed in self.extra:
            return None
        if parsed is not None:
            host = parsed[1]
            served = _host_of(headers.get("host", ""), scheme)
            if served is not None and parsed == (scheme, *served) and (_is_address(host.strip("[]"))
                                                                        or host in self.names):
                return None
        return (f"this page comes from {plain(cut(origin, 80))}, not from this table's server: only the server's own "
                "page may open its connection (if the server is reached through a proxy, its host starts it with "
                "--origin and the address the players open, such as --origin https://games.example.org)")


    def host_note(self, headers, scheme: str = "http") -> Optional[str]:
        """For the host's terminal, when a refused page came from this very server under a
        name the machine does not know as its own (a name on the local network, say): the
        players open the table there, and `--origin` lets them in. None for other pages."""
        parsed = origin_of(headers.get("origin") or "")
        served = _host_of(headers.get("host", ""), scheme)
        if parsed is None or served is None or parsed != (scheme, *served):
            return None
        origin = f"{parsed[0]}://{parsed[1]}" + ("" if parsed[2] == (443 if parsed[0] == "https" else 80)
                                                   else f":{parsed[2]}")
        return (f"note: a page opened at {plain(cut(origin, 80))} was refused: that name is not one of this "
                f"machine's own (localhost, {', '.join(sorted(self.names - {'localhost'}))[:80] or 'its host name'}), "
                "and a site's name made to point here could open the table too; if the players open it there, "
                f"start the server again with --origin {plain(cut(origin, 80))}")


def connect_src(headers, extra: Iterable[str] = ()) -> str:
    """The Content-Security-Policy's connect-src: the page's own host over ws and wss
    (`'self'` alone left ws: out in older browsers), and the --origin addresses."""
    sources = ["'self'"]
    hosts = [headers.get("host", "")] + [urlsplit(o).netloc for o in extra]
    for host in dict.fromkeys(h for h in hosts if _SAFE_HOST.fullmatch(h)):
        sources += [f"ws://{host}", f"wss://{host}"]
    return "connect-src " + " ".join(sources)


# The lines uvicorn writes for a client's mistake, each once a request: a scanner's
# thousands of malformed requests were as many lines on the host's terminal.
CLIENT_MISTAKES = ("Invalid HTTP request received.", "Unsupported upgrade request.",
                   "Invalid UTF-8 sequence received from client.", "Exceeded concurrency limit.")


class QuietRefusals(logging.Filter):
    """Lets the first of uvicorn's lines about a client's mistake through, saying the
    next ones are only counted; `refused` counts them all."""

    def __init__(self):
        super().__init__()
        self.refused = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() not in CLIENT_MISTAKES:
            return True
        self.refused += 1
        if self.refused > 1:
            return False
        record.msg = (f"{record.getMessage()} (a client's request was refused; the next ones are counted, not "
                      "shown, until the server stops)")
        record.args = ()
        record.exc_info = record.exc_text = None  # (a client's bad bytes: no traceback of ours)
        return True

    def summary(self) -> Optional[str]:
        if self.refused < 2:
            return None
        return f"{self.refused} malformed requests were refused while the server ran"


FIRST_REQUEST_TIMEOUT = 10.0  # seconds a connection may take to send its first request


def guarded_http(max_connections: int):
    """uvicorn's h11 protocol, with a bound on connections and a time for the first request.
    uvicorn times a connection out only between requests: one that sends nothing, or its
    headers a byte at a time, was held for ever, and thousands of them held memory and file
    descriptors until no page could connect. A connection over `max_connections` is closed
    as it opens; one that has not sent a whole request within FIRST_REQUEST_TIMEOUT, then."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Guarded(H11Protocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.close()
                return
            self._first = asyncio.get_running_loop().call_later(FIRST_REQUEST_TIMEOUT, self._silent)

        def _silent(self) -> None:
            if self.scope is None and not self.transport.is_closing():  # (no request came: nothing to answer)
                self.transport.close()

        def connection_lost(self, exc) -> None:
            if getattr(self, "_first", None) is not None:
                self._first.cancel()
            super().connection_lost(exc)

    return Guarded
