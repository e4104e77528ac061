"""Fetching a page: size and time limits, readable text out (trafilatura), never a script run.

Only http(s). Every hop (the address asked for and each redirect, at most
MAX_REDIRECTS) is resolved once, every address it resolves to is checked, and
the connection goes to a checked address, so a page, a redirect or a DNS
answer that changes between look-ups cannot steer a request at the user's
router or local services. Only globally routable addresses are fetched unless
`[plugins.web] allow_private = true`. The body is read in pieces up to
MAX_BYTES (after gzip/deflate decoding), and the whole fetch, redirects
included, ends after TIMEOUT seconds.
"""

from __future__ import annotations

import contextlib
import html as entities
import http.client
import ipaddress
import re
import socket
import ssl
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, urljoin, urlsplit

from assistant.api import html_to_text
from botpsy_web.providers import TIMEOUT, USER_AGENT, WebError

MAX_BYTES = 2 * 1024 * 1024
MAX_TEXT = 20_000
MAX_REDIRECTS = 5
MAX_TAGS = 60_000  # trafilatura takes ~30 µs a tag; past this, the plain linear extractor
CHUNK = 64 * 1024
_REDIRECTS = (301, 302, 303, 307, 308)
_PAGES = ("text/html", "text/plain", "application/xhtml+xml")
_TITLE = re.compile(r"<title(?:\s[^<>]{0,200})?>", re.I)  # bounded: linear on any input
_TITLE_END = re.compile(r"</title[\s/>]", re.I)

Resolver = Callable[[str, int], list[str]]


@dataclass
class Page:
    """A fetched page's readable text."""

    url: str
    title: str
    text: str
    truncated: bool = False


def resolve_host(host: str, port: int) -> list[str]:
    """Every address `host` resolves to: the only look-up a hop makes."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise WebError(f"cannot reach {host}: {exc}") from None
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def open_connection(address: str, port: int, timeout: float) -> socket.socket:
    """A TCP connection to exactly this (already checked) address."""
    return socket.create_connection((address, port), timeout=timeout)


def is_public(address: str) -> bool:
    """Whether an address is globally routable (not this machine, a private or shared network)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def _allowed(address: str, allow_private: bool) -> bool:
    if is_public(address):
        return True
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return allow_private and not (ip.is_multicast or ip.is_unspecified)


def readable_text(html: str) -> tuple[str, str]:
    """(title, main text) of an HTML page."""
    title = ""
    start = _TITLE.search(html)
    if start is not None:
        end = _TITLE_END.search(html, start.end())
        if end is not None:
            title = " ".join(entities.unescape(html[start.end() : end.start()][:2000]).split())
    text = ""
    if html.count("<") <= MAX_TAGS:
        try:
            import trafilatura

            text = trafilatura.extract(html, include_comments=False, include_tables=True) or ""
        except Exception:
            text = ""
    if not text.strip():
        text = html_to_text(html)
    return title, text.strip()


def _by_deadline(deadline: float, look_up: Callable[[], list[str]]) -> list[str]:
    """A look-up that may not outlast the deadline (the system resolver has its own, longer)."""
    answer: list[list[str] | BaseException] = []

    def run() -> None:
        try:
            answer.append(look_up())
        except BaseException as exc:  # handed to the caller
            answer.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(max(0.0, deadline - time.monotonic()))
    if not answer:
        raise TimeoutError("timed out")
    if isinstance(answer[0], BaseException):
        raise answer[0]
    return answer[0]


class _Hop:
    """One request to one checked address, closed by a watchdog at the deadline."""

    def __init__(self, url: str, allow_private: bool, resolve: Resolver, deadline: float) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise WebError(f"not a web address: {url!r}")
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
            host = parts.hostname.encode("idna").decode("ascii")
        except (ValueError, UnicodeError):
            raise WebError(f"not a web address: {url!r}") from None
        self.host = parts.hostname
        addresses = _by_deadline(deadline, lambda: resolve(host, port))
        if not addresses:
            raise WebError(f"cannot reach {self.host}: it has no address")
        if not all(_allowed(address, allow_private) for address in addresses):
            raise WebError(f"{self.host} is on this machine or a private network; not fetched")
        self.sock = self._connect(addresses, port, deadline)
        self.stopped = False
        self.timer = threading.Timer(max(0.0, deadline - time.monotonic()), self._stop)
        self.timer.daemon = True
        self.timer.start()
        try:
            if parts.scheme == "https":
                context = ssl.create_default_context()
                self.sock = context.wrap_socket(
                    self.sock, server_hostname=host, do_handshake_on_connect=False
                )
                if self.stopped:  # the watchdog fired on the socket just wrapped
                    raise TimeoutError("timed out")
                self.sock.do_handshake()
            connection = http.client.HTTPConnection(host, port)
            connection.sock = self.sock
            target = quote(parts.path or "/", safe="/%:@!$&'()*+,;=-._~")
            if parts.query:
                target += "?" + quote(parts.query, safe="/%:@!$&'()*+,;=-._~?")
            default = 443 if parts.scheme == "https" else 80
            netloc = (f"[{host}]" if ":" in host else host) + (
                f":{port}" if port != default else ""
            )
            connection.request(
                "GET",
                target,
                headers={
                    "Host": netloc,
                    "User-Agent": USER_AGENT,
                    "Accept": "text/html,text/plain",
                    "Accept-Encoding": "gzip, deflate",
                    "Connection": "close",
                },
            )
            self.response = connection.getresponse()
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _connect(addresses: list[str], port: int, deadline: float) -> socket.socket:
        problem: OSError = OSError("no address answered")
        for address in addresses:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("timed out")
            try:
                return open_connection(address, port, min(remaining, TIMEOUT))
            except OSError as exc:
                problem = exc
        raise problem

    def _stop(self) -> None:
        self.stopped = True
        with contextlib.suppress(OSError):
            socket.socket.shutdown(self.sock, socket.SHUT_RDWR)  # wakes a blocked read

    def body(self) -> tuple[bytes, bool]:
        """At most MAX_BYTES of the (decoded) body, and whether there was more.

        A body still arriving at the deadline ends there: what came is kept, as cut.
        """
        coding = (self.response.getheader("Content-Encoding") or "identity").strip().lower()
        decoder = None
        if coding in ("gzip", "x-gzip", "deflate"):
            decoder = zlib.decompressobj(47 if coding != "deflate" else 15)
        elif coding != "identity":
            raise WebError(f"{self.host} sent the page as {coding}, which botpsy does not read")
        data, received = bytearray(), 0
        while len(data) <= MAX_BYTES and received <= MAX_BYTES:
            try:
                chunk = self.response.read1(CHUNK)
            except (OSError, http.client.HTTPException):
                if not self.stopped:
                    raise
                chunk = b""
            if not chunk:
                if self.stopped and not data:
                    raise TimeoutError("timed out")
                more = self.stopped or len(data) > MAX_BYTES
                del data[MAX_BYTES:]
                return bytes(data), more
            received += len(chunk)
            if decoder is None:
                data += chunk
                continue
            try:
                data += decoder.decompress(chunk, MAX_BYTES + 1 - len(data))
            except zlib.error:
                if coding != "deflate" or received > len(chunk):
                    raise WebError(f"{self.host} sent a broken {coding} body") from None
                decoder = zlib.decompressobj(-15)  # deflate without the zlib header, as some send
                data += decoder.decompress(chunk, MAX_BYTES + 1 - len(data))
            if decoder.unconsumed_tail:  # more output than the cap: a bomb or a big page
                break
        del data[MAX_BYTES:]
        return bytes(data), True

    def close(self) -> None:
        if hasattr(self, "timer"):
            self.timer.cancel()
        self.sock.close()


def _download(
    url: str, allow_private: bool, resolve: Resolver
) -> tuple[str, str, str, bytes, bool]:
    deadline = time.monotonic() + TIMEOUT
    for _ in range(MAX_REDIRECTS + 1):
        hop = _Hop(url, allow_private, resolve, deadline)
        try:
            response = hop.response
            location = response.getheader("Location")
            if response.status in _REDIRECTS and location:
                url = urljoin(url, location.strip())
                continue
            if not 200 <= response.status < 300:
                raise WebError(f"{url} answered {response.status} {response.reason}")
            kind = response.msg.get_content_type()
            if kind not in _PAGES:
                raise WebError(f"{url} is {kind}, not a page botpsy reads")
            charset = response.msg.get_content_charset() or "utf-8"
            data, truncated = hop.body()
            return url, kind, charset, data, truncated
        finally:
            hop.close()
    raise WebError(f"{url}: more than {MAX_REDIRECTS} redirects; not followed")


def fetch(url: str, allow_private: bool = False, resolve: Resolver | None = None) -> Page:
    """Download a page (at most MAX_BYTES, TIMEOUT seconds) and extract its text."""
    started = time.monotonic()
    host = urlsplit(url.strip()).hostname or url
    try:
        final, kind, charset, data, truncated = _download(
            url.strip(), allow_private, resolve or resolve_host
        )
    except WebError:
        raise
    except (OSError, http.client.HTTPException) as exc:
        if isinstance(exc, TimeoutError) or time.monotonic() - started >= TIMEOUT:
            raise WebError(f"{host} did not answer within {TIMEOUT} s") from None
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise WebError(f"cannot reach {host}: {reason}") from None
    try:
        page = data.decode(charset, errors="replace")
    except LookupError:
        page = data.decode("utf-8", errors="replace")
    if kind == "text/plain":
        title, text = "", page
    else:
        title, text = readable_text(page)
    if len(text) > MAX_TEXT:
        text, truncated = text[:MAX_TEXT], True
    return Page(final, title, text, truncated)
