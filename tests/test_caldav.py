"""The calendar on the user's own server: a real Radicale on 127.0.0.1 with real authentication.

Another client's view is a plain `caldav` client on the same server, so every
change botpsy makes is checked where any CalDAV client would see it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import caldav
import pytest
from botpsy_calendar.account import CalendarAccountKind
from botpsy_calendar.dav import AuthFailed, DavClient, DavError, Unreachable
from botpsy_calendar.sync import CalDavStore
from botpsy_calendar.tools import CalendarTools
from icalendar import Calendar

from assistant.clock import Clock
from assistant.tools import Tool
from tests.conftest import NOW, ZONE, require_program
from tests.servers import Radicale, start_keyring

USER, PASSWORD = "alice", "correct horse"


@pytest.fixture
def radicale(tmp_path: Path) -> Iterator[Radicale]:
    server = Radicale(tmp_path / "radicale", {USER: PASSWORD, "bob": "other"})
    server.folder.mkdir()
    server.start()
    server.make_calendar(USER, "personal", "Personal")
    server.make_calendar(USER, "work", "Work")
    yield server
    server.stop()


def other_client(server: Radicale) -> caldav.Calendar:
    """The Personal calendar as a second CalDAV client sees it."""
    client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
    return next(c for c in client.principal().calendars() if c.get_display_name() == "Personal")


def server_objects(server: Radicale) -> list[Calendar]:
    """Every object on the server's Personal calendar, parsed."""
    return [
        Calendar.from_ical(o.data)
        for o in other_client(server).objects_by_sync_token(load_objects=True)
        if o.data is not None  # a deleted object shows up without data
    ]


def make_store(server: Radicale, root: Path, password: str = PASSWORD) -> CalDavStore:
    url = f"{server.url}{USER}/personal/"
    return CalDavStore(root, "personal", ZONE, url, lambda: DavClient(server.url, USER, password))


def toolbox(store: CalDavStore, clock: Clock) -> dict[str, Tool]:
    box = CalendarTools(store, clock)
    methods = [getattr(box, n) for n in dir(box) if n.startswith(("calendar_", "task_"))]
    return {m.__name__: Tool.from_function(m) for m in methods}


def run(tools: dict[str, Tool], clock: Clock, name: str, **arguments: object) -> str:
    prepared = tools[name].prepare(arguments, clock)
    return tools[name].run(prepared.arguments).summary


# -- accounts ---------------------------------------------------------------------------------
def test_discovery_lists_the_calendars_and_learns_the_auth(radicale: Radicale) -> None:
    found = CalendarAccountKind().discover({"url": radicale.url, "user": USER}, PASSWORD)
    assert sorted(label for _, label in found.choices) == ["Personal", "Work"]
    assert all(value.startswith(radicale.url + USER + "/") for value, _ in found.choices)
    assert found.settings["auth_type"] == "basic"


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"password": "wrong"}, AuthFailed, "refused the user name or password"),
        ({"port": "closed"}, Unreachable, "cannot reach 127.0.0.1"),
        ({"scheme": "https"}, DavError, "TLS error"),
    ],
)
def test_account_failures_are_one_line(
    radicale: Radicale, change: dict[str, str], error: type[Exception], words: str
) -> None:
    url, password = radicale.url, PASSWORD
    if "password" in change:
        password = change["password"]
    if "port" in change:
        from tests.servers import free_port

        url = f"http://127.0.0.1:{free_port()}/"
    if "scheme" in change:
        url = url.replace("http://", "https://")
    with pytest.raises(error) as caught:
        CalendarAccountKind().discover({"url": url, "user": USER}, password)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_cli_account_add_and_a_wrong_password(radicale: Radicale, cli, home: Path) -> None:  # type: ignore[no-untyped-def]
    env = {"BOTPSY_PASSWORD_CALENDAR": "wrong"}
    bad = cli("account", "add", "calendar", "--url", radicale.url, "--user", USER, env=env)
    assert bad.status == 1
    assert bad.stderr.strip().startswith("botpsy: ") and "Traceback" not in bad.stderr
    assert "refused the user name or password" in bad.stderr
    env = {"BOTPSY_PASSWORD_CALENDAR": PASSWORD}
    args = (
        "account",
        "add",
        "calendar",
        "--url",
        radicale.url,
        "--user",
        USER,
        "--calendar",
        "work",
    )
    good = cli(*args, env=env)
    assert good.status == 0, good.stderr
    assert "Default calendar: Work. Also found: Personal." in good.stdout
    listed = cli("account", "list", "--json")
    (account,) = json.loads(listed.stdout)
    assert account["settings"]["calendar_name"] == "Work"
    assert PASSWORD not in (home / ".config/botpsy/accounts.json").read_text()


def test_missing_answers_without_a_terminal_name_the_flag(cli) -> None:  # type: ignore[no-untyped-def]
    done = cli("account", "add", "calendar", "--user", USER, "--password-stdin", stdin="x\n")
    assert done.status == 2 and "missing --url" in done.stderr


# -- events -----------------------------------------------------------------------------------
def test_events_round_trip_through_the_server(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    tools = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    said = run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    assert said == 'Added "Dentist" on Friday 4 December 2026, 15:00–16:00 (Europe/Berlin).'
    (obj,) = server_objects(radicale)
    (event,) = obj.walk("VEVENT")
    assert event.decoded("dtstart") == datetime(2026, 12, 4, 15, tzinfo=ZONE)

    said = run(tools, clock, "calendar_update_event", event="dentist", start="Friday 4pm")
    assert "16:00–17:00" in said
    (obj,) = server_objects(radicale)
    assert obj.walk("VEVENT")[0].decoded("dtstart") == datetime(2026, 12, 4, 16, tzinfo=ZONE)

    # another client adds an event in New York time and an all-day event
    other = other_client(radicale)
    other.save_event(
        dtstart=datetime(2026, 12, 4, 9, tzinfo=ZoneInfo("America/New_York")),
        dtend=datetime(2026, 12, 4, 10, tzinfo=ZoneInfo("America/New_York")),
        summary="Call with Boston",
    )
    other.save_event(dtstart=date(2026, 12, 4), dtend=date(2026, 12, 5), summary="Holiday")
    fresh = toolbox(make_store(radicale, tmp_path / "mirror2"), clock)
    listing = run(fresh, clock, "calendar_list_events", when="Friday")
    assert "3 events" in listing and "Holiday" in listing and "(all day)" in listing
    assert "15:00–16:00 (America/New_York)" not in listing
    store = make_store(radicale, tmp_path / "mirror3")
    boston = next(e for e in store.events() if e.title == "Call with Boston")
    assert boston.start == datetime(2026, 12, 4, 15, tzinfo=ZONE)  # the same instant

    said = run(fresh, clock, "calendar_search_events", text="boston")
    assert "Call with Boston" in said
    run(fresh, clock, "calendar_delete_event", event="dentist")
    titles = sorted(str(o.walk("VEVENT")[0]["summary"]) for o in server_objects(radicale))
    assert titles == ["Call with Boston", "Holiday"]


def test_an_edit_keeps_what_other_clients_wrote(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    other_client(radicale).save_event(
        ical=(
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//other//EN\nBEGIN:VEVENT\nUID:kept@other\n"
            "DTSTAMP:20261101T000000Z\nDTSTART:20261204T100000Z\nDTEND:20261204T110000Z\n"
            "SUMMARY:Review\nCATEGORIES:WORK\nCOMMENT:from the other client\n"
            "X-OTHER-CLIENT:keep me\nEND:VEVENT\nEND:VCALENDAR\n"
        )
    )
    tools = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    run(tools, clock, "calendar_update_event", event="review", title="Design review")
    (event,) = server_objects(radicale)[0].walk("VEVENT")
    assert str(event["summary"]) == "Design review"
    assert str(event["x-other-client"]) == "keep me" and "comment" in event
    assert int(event["sequence"]) == 1


def test_creating_over_an_event_warns(radicale: Radicale, tmp_path: Path, clock: Clock) -> None:
    tools = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    said = run(tools, clock, "calendar_create_event", title="Haircut", start="Friday 3:30pm")
    assert 'Note: it overlaps "Dentist"' in said


def test_a_series_occurrences_and_reminders(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    tools = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    said = run(
        tools,
        clock,
        "calendar_create_event",
        title="Standup",
        start="Monday 9am",
        duration_minutes=15,
        repeat="every Monday",
        reminder_minutes=30,
    )
    assert "repeating every Monday" in said and "Reminder 30 minutes before" in said
    (obj,) = server_objects(radicale)
    (master,) = obj.walk("VEVENT")
    assert master["rrule"].to_ical() == b"FREQ=WEEKLY;BYDAY=MO"
    (alarm,) = master.walk("VALARM")
    assert alarm.decoded("trigger") == -timedelta(minutes=30)

    listing = run(tools, clock, "calendar_list_events", when="next 3 weeks")
    assert listing.count('"Standup"') == 3

    said = run(tools, clock, "calendar_delete_event", event="standup", day="2026-12-07")
    assert "only" not in said and "Monday 7 December occurrence" in said
    said = run(
        tools,
        clock,
        "calendar_update_event",
        event="standup",
        day="2026-12-14",
        start="2026-12-14 10:00",
    )
    assert "the occurrence of" in said
    (obj,) = server_objects(radicale)
    master = next(c for c in obj.walk("VEVENT") if "recurrence-id" not in c)
    override = next(c for c in obj.walk("VEVENT") if "recurrence-id" in c)
    assert [d.dt for d in master["exdate"].dts] == [datetime(2026, 12, 7, 9, tzinfo=ZONE)]
    assert override.decoded("recurrence-id") == datetime(2026, 12, 14, 9, tzinfo=ZONE)
    assert override.decoded("dtstart") == datetime(2026, 12, 14, 10, tzinfo=ZONE)

    fresh = toolbox(make_store(radicale, tmp_path / "mirror2"), clock)
    days = run(fresh, clock, "calendar_list_events", when="2026-11-30 to 2026-12-20")
    assert "7 December" not in days and "Monday 14 December 2026, 10:00" in days
    assert "Monday 30 November 2026, 09:00" in days

    run(fresh, clock, "calendar_delete_event", event="standup")  # no day: the whole series
    assert server_objects(radicale) == []


def test_a_task_round_trip(radicale: Radicale, tmp_path: Path, clock: Clock) -> None:
    tools = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    said = run(tools, clock, "task_add", title="Call mom", due="tomorrow")
    assert said.startswith('Added the task "Call mom" due Monday 30 November 2026')
    (todo,) = server_objects(radicale)[0].walk("VTODO")
    assert todo.decoded("due") == date(2026, 11, 30) and str(todo["status"]) == "NEEDS-ACTION"
    assert "Call mom" in run(tools, clock, "task_list")
    assert run(tools, clock, "task_complete", task="mom").startswith("Done:")
    (todo,) = server_objects(radicale)[0].walk("VTODO")
    assert str(todo["status"]) == "COMPLETED" and "completed" in todo
    assert run(tools, clock, "task_list") == "No open tasks."
    run(tools, clock, "task_delete", task="call mom")
    assert server_objects(radicale) == []


# -- offline and conflicts ----------------------------------------------------------------------
def test_a_write_while_the_server_is_down_is_queued_then_sent(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    store = make_store(radicale, tmp_path / "mirror")
    tools = toolbox(store, clock)
    run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    radicale.stop()

    offline = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    listing = run(offline, clock, "calendar_list_events", when="Friday")
    assert '"Dentist"' in listing and "Offline: cannot reach 127.0.0.1" in listing
    said = run(offline, clock, "calendar_create_event", title="Haircut", start="Saturday 10am")
    assert "Saved on this machine only" in said and "next sync" in said

    radicale.start()
    assert [str(o.walk("VEVENT")[0]["summary"]) for o in server_objects(radicale)] == ["Dentist"]
    later = toolbox(make_store(radicale, tmp_path / "mirror"), clock)
    listing = run(later, clock, "calendar_list_events", when="this week")
    assert "Sent 1 change made while the server was unreachable." in listing
    titles = sorted(str(o.walk("VEVENT")[0]["summary"]) for o in server_objects(radicale))
    assert titles == ["Dentist", "Haircut"]


def test_a_change_made_elsewhere_is_never_overwritten(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    store = make_store(radicale, tmp_path / "mirror")
    tools = toolbox(store, clock)
    run(tools, clock, "calendar_create_event", title="Dentist", start="Friday 3pm")
    # meanwhile, on the phone: the dentist moves to 5pm
    (remote,) = other_client(radicale).objects_by_sync_token(load_objects=True)
    remote.icalendar_component["dtstart"].dt = datetime(2026, 12, 4, 17, tzinfo=ZONE)
    remote.icalendar_component["dtend"].dt = datetime(2026, 12, 4, 18, tzinfo=ZONE)
    remote.save()
    # botpsy's copy is still the old one (read less than a minute ago): its edit must not win
    said = run(tools, clock, "calendar_update_event", event="dentist", location="Main St 5")
    assert "Conflict" in said and "was not sent" in said
    (obj,) = server_objects(radicale)
    (event,) = obj.walk("VEVENT")
    assert event.decoded("dtstart") == datetime(2026, 12, 4, 17, tzinfo=ZONE)
    assert "location" not in event
    kept = list((tmp_path / "mirror" / "conflicts").glob("*.ics"))
    assert len(kept) == 1 and b"Main St 5" in kept[0].read_bytes()
    fresh = make_store(radicale, tmp_path / "mirror")
    assert fresh.events()[0].start == datetime(2026, 12, 4, 17, tzinfo=ZONE)


def test_reads_fail_clearly_on_a_wrong_password(
    radicale: Radicale, tmp_path: Path, clock: Clock
) -> None:
    tools = toolbox(make_store(radicale, tmp_path / "mirror", password="nope"), clock)
    with pytest.raises(AuthFailed, match="refused the user name or password"):
        run(tools, clock, "calendar_list_events", when="today")


assert NOW.tzinfo is ZONE


# -- the keyring ------------------------------------------------------------------------------
@pytest.fixture
def keyring_env(home: Path) -> Iterator[dict[str, str]]:
    """A real Secret Service (gnome-keyring on its own session bus) for subprocesses."""
    require_program("dbus-daemon", "dbus")
    require_program("gnome-keyring-daemon", "gnome-keyring")
    keyring = start_keyring(home)
    yield {**keyring.env, "BOTPSY_NOW": "2026-11-29T18:30:00+01:00", "TZ": "Europe/Berlin"}
    keyring.stop()


def test_add_an_account_then_the_main_job_lands_on_the_server(
    radicale: Radicale,
    cli,
    keyring_env: dict[str, str],
    home: Path,  # type: ignore[no-untyped-def]
) -> None:
    added = cli(
        "account",
        "add",
        "calendar",
        "--url",
        radicale.url,
        "--user",
        USER,
        "--password-stdin",
        stdin=PASSWORD + "\n",
        env=keyring_env,
    )
    assert added.status == 0, added.stderr
    assert "the password is in the OS keyring" in added.stdout
    assert (
        "Default calendar: Work." in added.stdout or "Default calendar: Personal." in added.stdout
    )
    stored = subprocess.run(
        [sys.executable, "-c", "import keyring; print(keyring.get_password('botpsy', 'calendar'))"],
        env={**os.environ, **keyring_env},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert stored.stdout.strip() == PASSWORD
    for path in home.rglob("*"):
        if path.is_file() and "keyrings" not in path.parts:
            assert PASSWORD.encode() not in path.read_bytes(), f"the password leaked into {path}"

    cli(
        "account",
        "add",
        "calendar",
        "--url",
        radicale.url,
        "--user",
        USER,
        "--calendar",
        "Personal",
        "--password-stdin",
        stdin=PASSWORD + "\n",
        env=keyring_env,
    )
    done = cli("add dentist Friday 3pm", env=keyring_env)
    assert done.status == 0, done.stderr
    assert 'Added "Dentist" on Friday 4 December 2026, 15:00–16:00' in done.stdout
    (obj,) = server_objects(radicale)
    assert str(obj.walk("VEVENT")[0]["summary"]) == "Dentist"

    removed = cli("account", "remove", "calendar", env=keyring_env)
    assert removed.status == 0
    gone = subprocess.run(
        [sys.executable, "-c", "import keyring; print(keyring.get_password('botpsy', 'calendar'))"],
        env={**os.environ, **keyring_env},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert gone.stdout.strip() == "None"


def test_no_keyring_says_so_quickly_and_names_the_alternative(radicale: Radicale, cli) -> None:  # type: ignore[no-untyped-def]
    env = {
        "DBUS_SESSION_BUS_ADDRESS": "",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    args = ("account", "add", "calendar", "--url", radicale.url, "--user", USER, "--password-stdin")
    started = time.monotonic()
    done = cli(*args, stdin=PASSWORD + "\n", env=env)
    assert time.monotonic() - started < 10
    assert done.status == 1 and "Traceback" not in done.stderr
    assert "no keyring backend is available" in done.stderr
    assert "BOTPSY_PASSWORD_CALENDAR" in done.stderr


def test_a_keyring_that_never_answers_times_out(radicale: Radicale, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # A fake backend, on purpose: a Secret Service stuck on an invisible prompt cannot be made
    # to happen reliably, and what is tested is botpsy's deadline, not the keyring.
    (tmp_path / "stuck_keyring.py").write_text(
        "import time\nfrom keyring.backend import KeyringBackend\n"
        "class Stuck(KeyringBackend):\n    priority = 1\n"
        "    def get_password(self, s, u):\n        time.sleep(600)\n"
        "    def set_password(self, s, u, p):\n        time.sleep(600)\n"
        "    def delete_password(self, s, u):\n        time.sleep(600)\n"
    )
    env = {
        "PYTHONPATH": str(tmp_path),
        "PYTHON_KEYRING_BACKEND": "stuck_keyring.Stuck",
        "BOTPSY_KEYRING_TIMEOUT": "2",
    }
    args = ("account", "add", "calendar", "--url", radicale.url, "--user", USER, "--password-stdin")
    started = time.monotonic()
    done = cli(*args, stdin=PASSWORD + "\n", env=env)
    assert time.monotonic() - started < 20
    assert done.status == 1 and "did not answer within 2 s" in done.stderr
    assert "BOTPSY_PASSWORD_CALENDAR" in done.stderr


# -- contacts ---------------------------------------------------------------------------------
def vcard(uid: str, name: str, email: str, phone: str = "") -> str:
    tel = f"TEL;TYPE=CELL:{phone}\r\n" if phone else ""
    return (
        f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nFN:{name}\r\n"
        f"N:{name.split()[-1]};{name.split()[0]};;;\r\nEMAIL;TYPE=INTERNET:{email}\r\n{tel}END:VCARD\r\n"
    )


@pytest.fixture
def addressbook(radicale: Radicale) -> str:
    url = radicale.make_addressbook(USER, "contacts", "Contacts")
    client = caldav.DAVClient(url=radicale.url, username=USER, password=PASSWORD)
    for uid, name, email, phone in [
        ("bob-smith", "Bob Smith", "bob@smith.example", "+49 30 1234"),
        ("bob-jones", "Bob Jones", "bob.jones@example.org", ""),
        ("ana", "Ana López", "ana@example.net", "+34 600 000"),
    ]:
        response = client.request(
            f"{url}{uid}.vcf", "PUT", vcard(uid, name, email, phone), {"Content-Type": "text/vcard"}
        )
        assert response.status == 201
    return url


def test_contacts_lookup_asks_when_a_name_is_ambiguous(
    radicale: Radicale, addressbook: str, tmp_path: Path
) -> None:
    from botpsy_calendar.contacts import ContactBook, ContactTools

    from assistant.errors import AskUser

    found = CalendarAccountKind().discover({"url": radicale.url, "user": USER}, PASSWORD)
    assert found.settings["addressbook"] == addressbook
    book = ContactBook(
        tmp_path / "contacts", addressbook, lambda: DavClient(radicale.url, USER, PASSWORD)
    )
    tools = ContactTools(book)
    said = tools.contacts_find("ana").summary  # type: ignore[attr-defined]
    assert said == "Ana López: email ana@example.net; phone +34 600 000."
    with pytest.raises(AskUser) as asked:
        tools.contacts_find("Bob")  # type: ignore[attr-defined]
    assert "2 contacts match 'Bob'" in asked.value.question
    assert sorted(asked.value.options) == ["bob.jones@example.org", "bob@smith.example"]
    assert book.resolve_address("Bob Jones") == "bob.jones@example.org"
    assert book.resolve_address("carol@example.com") == "carol@example.com"

    radicale.stop()  # the mirror answers offline
    offline = ContactBook(
        tmp_path / "contacts", addressbook, lambda: DavClient(radicale.url, USER, PASSWORD)
    )
    assert [c.name for c in offline.lookup("smith")] == ["Bob Smith"]
    assert offline.offline.startswith("cannot reach")


def test_contacts_by_a_local_intent_through_the_cli(
    radicale: Radicale,
    addressbook: str,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    env = {"BOTPSY_PASSWORD_CALENDAR": PASSWORD}
    args = ("account", "add", "calendar", "--url", radicale.url, "--user", USER)
    added = cli(*args, env=env)
    assert added.status == 0 and "Contacts: address book Contacts." in added.stdout
    done = cli("what's Ana's email?", env=env)
    assert done.status == 0, done.stderr
    assert "ana@example.net" in done.stdout and "local intent calendar." in done.stderr
    asked = cli("how do I reach Bob?", env=env)
    assert asked.stdout.startswith("2 contacts match 'Bob'")
    chosen = cli("-c", "2", env=env)
    assert chosen.status == 0 and chosen.stdout.startswith("Bob ")
