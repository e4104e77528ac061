"""The WebDAV side of an account: discovery, listing by ETag, fetching, and conditional writes.

The `caldav` library finds the principal and its calendars (well-known URLs,
home sets); the rest is plain WebDAV through its client, because a write must
carry `If-Match` (or `If-None-Match: *` for a new object) so that an edit made
elsewhere is never overwritten unseen; a delete is never sent without
`If-Match`. A password is never sent in clear text (http://) to any host but
this machine. Every failure becomes one `DavError` line: a wrong password, a
bad URL, a TLS problem, a server that is down.
"""

from __future__ import annotations

import ipaddress
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from assistant.api import ToolError

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
CARDDAV = "urn:ietf:params:xml:ns:carddav"
TIMEOUT = 15


class DavError(ToolError):
    """The server could not be used; the message is one line for the user."""


class Unreachable(DavError):
    """The server did not answer (down, no network, wrong host): work offline."""


class AuthFailed(DavError):
    """The server refused the user name or password."""


class Conflict(DavError):
    """The object changed on the server since botpsy last saw it (ETag mismatch)."""


@dataclass
class Collection:
    """A calendar or address book on the server."""

    url: str
    name: str
    components: list[str] = field(default_factory=list)  # VEVENT, VTODO (calendars)


def _host(url: str) -> str:
    return urlsplit(url).netloc.rpartition("@")[2] or url  # never a user name or password


def is_local(host: str) -> bool:
    """Whether `host` is this machine (localhost or a loopback address)."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_url(url: str) -> None:
    """Refuse a URL that would carry the password in clear text (http://) off this machine."""
    parts = urlsplit(url)
    if parts.scheme.lower() == "http" and not is_local(parts.hostname or ""):
        raise DavError(
            f"refusing to send the password in clear text to {parts.hostname or url}: use https:// "
            "(http:// is only for a server on this machine)"
        )


@contextmanager
def translated(url: str) -> Iterator[None]:
    """Turn library and network exceptions into one-line DavErrors."""
    from caldav.lib import error as caldav_error

    try:
        yield
    except DavError:
        raise
    except caldav_error.AuthorizationError as exc:
        if "Forbidden" in str(exc):
            raise AuthFailed(
                f"{_host(url)} refused access to {url} (403): check the URL and user"
            ) from None
        raise AuthFailed(f"{_host(url)} refused the user name or password (401)") from None
    except caldav_error.NotFoundError:
        raise DavError(f"nothing found at {url}: is it the account's CalDAV address?") from None
    except caldav_error.DAVError as exc:
        raise DavError(f"{_host(url)}: {' '.join(str(exc).split())[:200]}") from None
    except OSError as exc:  # niquests' ConnectionError, SSLError and Timeout are OSErrors
        text = " ".join(str(exc).split())
        name = type(exc).__name__
        if "SSL" in name or "SSL" in text or "certificate" in text.lower():
            raise DavError(f"TLS error talking to {_host(url)}: {_tls_reason(text)}") from None
        if "Timeout" in name or "timed out" in text:
            raise Unreachable(f"{_host(url)} did not answer within {TIMEOUT} s") from None
        if "resolve" in text.lower() or "Name or service" in text:
            raise Unreachable(f"cannot find the server {_host(url)} (name lookup failed)") from None
        raise Unreachable(f"cannot reach {_host(url)} (connection refused or no network)") from None
    except ValueError as exc:
        raise DavError(f"bad server address {url!r}: {exc}") from None


def _tls_reason(text: str) -> str:
    for marker in ("CERTIFICATE_VERIFY_FAILED", "WRONG_VERSION_NUMBER", "certificate", "handshake"):
        if marker in text:
            if marker == "WRONG_VERSION_NUMBER":
                return "the server does not speak TLS on that port (try http://)"
            return "the server's certificate is not trusted" if "CERT" in marker.upper() else marker
    return text[:160]


class DavClient:
    """One account's connection; created lazily, reused for the process."""

    def __init__(
        self, url: str, user: str, password: str, timeout: int = TIMEOUT, auth_type: str = ""
    ) -> None:
        self.url = url if url.endswith("/") else url + "/"
        check_url(self.url)
        self.user = user
        self._password = password
        self.timeout = timeout
        self.auth_type = auth_type  # "basic" or "digest" once known: saves a 401 round trip
        self._client: Any = None

    @property
    def client(self) -> Any:
        """The caldav DAVClient, made on first use."""
        if self._client is None:
            import caldav

            with translated(self.url):
                self._client = caldav.DAVClient(  # type: ignore[operator]
                    url=self.url,
                    username=self.user,
                    password=self._password,
                    timeout=self.timeout,
                    auth_type=self.auth_type or None,
                )
        return self._client

    def _request(
        self, url: str, method: str, body: str = "", headers: dict[str, str] | None = None
    ) -> Any:
        check_url(url)
        with translated(url):
            response = self.client.request(url, method, body, headers or {})
        if response.status == 401:
            raise AuthFailed(f"{_host(url)} refused the user name or password (401)")
        return response

    def negotiated_auth(self) -> str:
        """The HTTP authentication the server accepted ("basic", "digest"), once a request ran."""
        auth = type(getattr(self._client, "auth", None)).__name__.lower()
        return next((kind for kind in ("basic", "digest") if kind in auth), "")

    # -- discovery ---------------------------------------------------------------------------
    def calendars(self) -> list[Collection]:
        """The user's calendars, found through the principal and its calendar home set."""
        with translated(self.url):
            principal = self.client.principal()
            found = []
            for calendar in principal.calendars():
                try:
                    components = list(calendar.get_supported_components())
                except Exception:
                    components = ["VEVENT", "VTODO"]
                url = str(calendar.url)
                name = calendar.get_display_name() or url.rstrip("/").rsplit("/", 1)[-1]
                found.append(Collection(url, str(name), components))
        return found

    def addressbooks(self) -> list[Collection]:
        """The user's address books (CardDAV), or none when the server has no CardDAV."""
        body = (
            '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">'
            "<d:prop><card:addressbook-home-set/><d:current-user-principal/></d:prop></d:propfind>"
        )
        with translated(self.url):
            principal_url = str(self.client.principal().url)
        response = self._request(principal_url, "PROPFIND", body, _xml_headers("0"))
        if response.status != 207:
            return []
        homes = [
            urljoin(principal_url, (href.text or "").strip())
            for href in ET.fromstring(response.raw).iter(f"{{{DAV}}}href")
            if href.text and _parent_is(ET.fromstring(response.raw), href, "addressbook-home-set")
        ]
        found = []
        for home in homes or [principal_url]:
            listing = self._request(home, "PROPFIND", _PROPFIND_COLLECTIONS, _xml_headers("1"))
            if listing.status != 207:
                continue
            for item in ET.fromstring(listing.raw).iter(f"{{{DAV}}}response"):
                if item.find(f".//{{{CARDDAV}}}addressbook") is None:
                    continue
                href = urljoin(home, item.findtext(f"{{{DAV}}}href", "").strip())
                name = (
                    item.findtext(f".//{{{DAV}}}displayname") or href.rstrip("/").rsplit("/", 1)[-1]
                )
                found.append(Collection(href, name))
        return found

    # -- objects -----------------------------------------------------------------------------
    def etags(self, collection: str) -> dict[str, str]:
        """Every object in a collection: href → ETag (one PROPFIND, no bodies)."""
        response = self._request(collection, "PROPFIND", _PROPFIND_ETAGS, _xml_headers("1"))
        if response.status == 404:
            raise DavError(f"the collection {collection} is gone from the server")
        if response.status != 207:
            raise DavError(f"{_host(collection)} answered {response.status} listing {collection}")
        found = {}
        for item in ET.fromstring(response.raw).iter(f"{{{DAV}}}response"):
            href = urljoin(collection, (item.findtext(f"{{{DAV}}}href") or "").strip())
            if href.rstrip("/") == collection.rstrip("/"):
                continue
            if item.find(f".//{{{DAV}}}resourcetype/{{{DAV}}}collection") is not None:
                continue
            etag = item.findtext(f".//{{{DAV}}}getetag")
            if etag:
                found[href] = etag.strip()
        return found

    def fetch(
        self, collection: str, hrefs: list[str], namespace: str = CALDAV
    ) -> dict[str, tuple[str, bytes]]:
        """Bodies and ETags of some objects, in one multiget REPORT."""
        if not hrefs:
            return {}
        kind, data = (
            ("calendar-multiget", "calendar-data")
            if namespace == CALDAV
            else ("addressbook-multiget", "address-data")
        )
        paths = "".join(f"<d:href>{_escape(urlsplit(h).path)}</d:href>" for h in hrefs)
        body = (
            f'<?xml version="1.0"?><c:{kind} xmlns:d="DAV:" xmlns:c="{namespace}">'
            f"<d:prop><d:getetag/><c:{data}/></d:prop>{paths}</c:{kind}>"
        )
        response = self._request(collection, "REPORT", body, _xml_headers("1"))
        if response.status != 207:
            raise DavError(f"{_host(collection)} answered {response.status} fetching objects")
        found = {}
        for item in ET.fromstring(response.raw).iter(f"{{{DAV}}}response"):
            href = urljoin(collection, (item.findtext(f"{{{DAV}}}href") or "").strip())
            text = item.findtext(f".//{{{namespace}}}{data}")
            etag = item.findtext(f".//{{{DAV}}}getetag") or ""
            if text:
                found[href] = (etag.strip(), text.encode("utf-8"))
        return found

    def put(
        self, href: str, data: bytes, etag: str | None, content_type: str = "text/calendar"
    ) -> str:
        """Create (etag None) or replace (only if still at `etag`) an object; the new ETag ("" if unknown)."""
        headers = {"Content-Type": f"{content_type}; charset=utf-8"}
        headers["If-Match" if etag else "If-None-Match"] = etag or "*"
        response = self._request(href, "PUT", data.decode("utf-8"), headers)
        if response.status == 412:
            raise Conflict(f"{href} was changed on the server since botpsy last read it")
        if response.status not in (200, 201, 204):
            raise DavError(
                f"{_host(href)} refused the change ({response.status} {response.reason})"
            )
        return str(response.headers.get("ETag") or response.headers.get("etag") or "")

    def delete(self, href: str, etag: str) -> None:
        """Delete an object, only if it is still at `etag`; gone already is fine.

        Without an ETag nothing is sent: an unconditional DELETE could remove a
        version someone else wrote, so that is a `Conflict` too.
        """
        if not etag:
            raise Conflict(f"{href}: botpsy does not know which version the server has")
        response = self._request(href, "DELETE", "", {"If-Match": etag})
        if response.status == 412:
            raise Conflict(f"{href} was changed on the server since botpsy last read it")
        if response.status not in (200, 204, 404):
            raise DavError(
                f"{_host(href)} refused the delete ({response.status} {response.reason})"
            )

    # -- collections (lists) -----------------------------------------------------------------
    def calendar_home(self) -> str:
        """Where the user's calendars live (the principal's calendar home set)."""
        with translated(self.url):
            return str(self.client.principal().calendar_home_set.url)

    def make_calendar(self, url: str, name: str, components: tuple[str, ...] = ("VTODO",)) -> None:
        """MKCALENDAR a collection holding only `components` (a task list: VTODO), named `name`."""
        sets = "".join(f'<c:comp name="{c}"/>' for c in components)
        body = (
            f'<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="{CALDAV}">'
            f"<d:set><d:prop><d:displayname>{_escape(name)}</d:displayname>"
            f"<c:supported-calendar-component-set>{sets}</c:supported-calendar-component-set>"
            "</d:prop></d:set></c:mkcalendar>"
        )
        response = self._request(url, "MKCALENDAR", body, _xml_headers("0"))
        if response.status == 405:
            raise DavError(f"{_host(url)} already has a collection at {url}")
        if response.status not in (200, 201):
            raise DavError(
                f"{_host(url)} refused to create it ({response.status} {response.reason})"
            )

    def rename_collection(self, url: str, name: str) -> None:
        """PROPPATCH a collection's display name."""
        body = (
            '<?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:">'
            f"<d:set><d:prop><d:displayname>{_escape(name)}</d:displayname></d:prop></d:set>"
            "</d:propertyupdate>"
        )
        response = self._request(url, "PROPPATCH", body, _xml_headers("0"))
        refused = response.status != 207 or any(
            " 200 " not in f" {(status.text or '').strip()} "
            for status in ET.fromstring(response.raw).iter(f"{{{DAV}}}status")
        )
        if refused:
            raise DavError(f"{_host(url)} refused to rename {url} ({response.status})")

    def delete_collection(self, url: str) -> None:
        """DELETE a collection and everything in it; gone already is fine."""
        response = self._request(url, "DELETE", "", {})
        if response.status not in (200, 204, 404):
            raise DavError(f"{_host(url)} refused the delete ({response.status} {response.reason})")


def _xml_headers(depth: str) -> dict[str, str]:
    return {"Depth": depth, "Content-Type": "application/xml; charset=utf-8"}


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _parent_is(root: ET.Element, child: ET.Element, name: str) -> bool:
    for parent in root.iter():
        if child in list(parent):
            return parent.tag.endswith("}" + name)
    return False


_PROPFIND_ETAGS = (
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:">'
    "<d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>"
)
_PROPFIND_COLLECTIONS = (
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:">'
    "<d:prop><d:resourcetype/><d:displayname/></d:prop></d:propfind>"
)
