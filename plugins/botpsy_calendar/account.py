"""The `calendar` account kind: a CalDAV server, checked and explored before it is saved."""

from __future__ import annotations

from assistant.api import AccountField, Discovery, UsageError
from botpsy_calendar.dav import DavClient, DavError


def normalise_url(url: str) -> str:
    """'cloud.example.org/dav' → 'https://cloud.example.org/dav/' (https unless told otherwise)."""
    url = url.strip()
    if not url:
        raise UsageError("the server URL is empty")
    if "://" not in url:
        url = "https://" + url
    if not url.startswith(("http://", "https://")):
        raise UsageError(f"the server URL must start with https:// or http://, not {url!r}")
    return url if url.endswith("/") else url + "/"


class CalendarAccountKind:
    """CalDAV (events and tasks) plus, where the server has it, CardDAV (contacts)."""

    kind = "calendar"
    summary = (
        "a CalDAV server (Nextcloud, Fastmail, iCloud, Radicale, Baïkal): events, tasks, contacts"
    )
    fields = (
        AccountField(
            "url",
            "Server URL",
            help="the CalDAV address, e.g. https://cloud.example.org/remote.php/dav",
        ),
        AccountField("user", "User name", help="the user name on that server"),
    )
    choice = AccountField(
        "calendar",
        "Default calendar",
        help="the calendar new events go to, by name (default: the first one found)",
    )

    def discover(self, settings: dict[str, str], password: str) -> Discovery:
        """Log in, list the calendars, and find an address book on the same account."""
        url = normalise_url(settings["url"])
        client = DavClient(url, settings["user"], password)
        calendars = client.calendars()
        if not calendars:
            raise DavError(f"{settings['user']} has no calendars at {url}")
        found = Discovery(choices=[(c.url, c.name) for c in calendars], settings={"url": url})
        if auth := client.negotiated_auth():
            found.settings["auth_type"] = auth
        try:
            books = client.addressbooks()
        except DavError:
            books = []
        if books:
            found.settings["addressbook"] = books[0].url
            found.settings["addressbook_name"] = books[0].name
            found.notes.append(f"Contacts: address book {books[0].name}.")
        else:
            found.notes.append("Contacts: no address book found on this server.")
        return found
