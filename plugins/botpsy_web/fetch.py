"""Fetching a page: size and time limits, readable text out (trafilatura), never a script run.

Only http(s). Addresses on this machine or the private network are refused
unless allowed (`[plugins.web] allow_private = true`): a page or a search
result must not be able to steer a request at the user's router or local
services.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from assistant.htmltext import html_to_text
from botpsy_web.providers import TIMEOUT, USER_AGENT, WebError

MAX_BYTES = 2 * 1024 * 1024
MAX_TEXT = 20_000


@dataclass
class Page:
    """A fetched page's readable text."""

    url: str
    title: str
    text: str
    truncated: bool = False


def _private(host: str) -> bool:
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except socket.gaierror:
        return False  # the fetch will fail with a clear message
    for address in addresses:
        ip = ipaddress.ip_address(str(address).split("%")[0])
        if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved:
            return True
    return False


def readable_text(html: str) -> tuple[str, str]:
    """(title, main text) of an HTML page."""
    title_match = re.search(r"<title[^>]*>(.*?)</title>", html, re.I | re.S)
    title = " ".join(title_match.group(1).split()) if title_match else ""
    text = ""
    try:
        import trafilatura

        text = trafilatura.extract(html, include_comments=False, include_tables=True) or ""
    except Exception:
        text = ""
    if not text.strip():
        text = html_to_text(html)
    return title, text.strip()


def fetch(url: str, allow_private: bool = False) -> Page:
    """Download a page (at most MAX_BYTES, TIMEOUT seconds) and extract its text."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebError(f"not a web address: {url!r}")
    if not allow_private and _private(parts.hostname):
        raise WebError(f"{parts.hostname} is on this machine or a private network; not fetched")
    request = urllib.request.Request(
        url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,text/plain"}
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            kind = response.headers.get_content_type()
            if kind not in ("text/html", "text/plain", "application/xhtml+xml"):
                raise WebError(f"{url} is {kind}, not a page botpsy reads")
            data = response.read(MAX_BYTES + 1)
            charset = response.headers.get_content_charset() or "utf-8"
    except WebError:
        raise
    except urllib.error.HTTPError as exc:
        raise WebError(f"{url} answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            raise WebError(f"{parts.hostname} did not answer within {TIMEOUT} s") from None
        raise WebError(f"cannot reach {parts.hostname}: {reason}") from None
    truncated = len(data) > MAX_BYTES
    try:
        html = data[:MAX_BYTES].decode(charset, errors="replace")
    except LookupError:
        html = data[:MAX_BYTES].decode("utf-8", errors="replace")
    if kind == "text/plain":
        title, text = "", html
    else:
        title, text = readable_text(html)
    if len(text) > MAX_TEXT:
        text, truncated = text[:MAX_TEXT], True
    return Page(url, title, text, truncated)
