"""The world a scenario starts from: a private home with the user's data and stand-in services.

Local stores (calendar, tasks and lists, contacts, alarms, files) are the real ones, seeded
from the scenario and read back afterwards. Services botpsy reaches over the network get a
stand-in so their tools exist without them: the mail account's servers refuse at once (mail
scenarios run in dry-run, so calls are planned, resolved where that needs no server, and
recorded), and Home Assistant is a small local server that lists the scenario's devices and
records any service call it is asked to make. A real Home Assistant takes a minute to start
and is no botpsy dependency, so the stand-in answers only what botpsy reads: `/api/`,
`/api/states`, one state, and the template that names areas.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from assistant.config import Config
from assistant.secrets import env_variable

ZONE = "Europe/Berlin"
MAIL_ACCOUNT = "scenario-mail"
HOME_ACCOUNT = "scenario-home"


# -- Home Assistant stand-in -------------------------------------------------------------------
@dataclass
class HomeStandIn:
    """Serves the scenario's devices as Home Assistant's REST API does; records service calls."""

    devices: list[dict[str, Any]]
    calls: list[str] = field(default_factory=list)  # "light.turn_off light.kitchen"
    _server: ThreadingHTTPServer | None = None

    def states(self) -> list[dict[str, Any]]:
        """Each device as a state object (entity_id, state, friendly_name and attributes)."""
        found = []
        for device in self.devices:
            attributes = {"friendly_name": device["name"], **device.get("attributes", {})}
            found.append({"entity_id": device["id"], "state": device.get("state", "off"),
                          "attributes": attributes})  # fmt: skip
        return found

    def details(self) -> dict[str, list[Any]]:
        """What the area template renders: entity id -> [area, labels, device name]."""
        return {d["id"]: [d.get("area", ""), list(d.get("labels", [])), ""] for d in self.devices}

    @property
    def url(self) -> str:
        """Where it listens."""
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> HomeStandIn:
        """Listen on a free port of 127.0.0.1 in a thread."""
        world = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def _answer(self, value: Any, status: int = 200, text: bool = False) -> None:
                body = (value if text else json.dumps(value)).encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/plain" if text else "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                if self.path == "/api/":
                    return self._answer({"message": "API running."})
                if self.path == "/api/states":
                    return self._answer(world.states())
                wanted = self.path.removeprefix("/api/states/")
                for state in world.states():
                    if state["entity_id"] == wanted:
                        return self._answer(state)
                return self._answer({"message": "Entity not found."}, 404)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                data = json.loads(self.rfile.read(length) or b"{}")
                if self.path == "/api/template":
                    return self._answer(json.dumps(world.details()), text=True)
                if self.path.startswith("/api/services/"):
                    service = self.path.removeprefix("/api/services/").replace("/", ".")
                    targets = data.get("entity_id", "")
                    targets = " ".join(targets) if isinstance(targets, list) else str(targets)
                    world.calls.append(f"{service} {targets}".strip())
                    return self._answer([])
                return self._answer({"message": "Not found."}, 404)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop listening."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


# -- seeding the local stores ------------------------------------------------------------------
def _vcard(number: int, person: dict[str, Any]) -> str:
    lines = ["BEGIN:VCARD", "VERSION:3.0", f"UID:scenario-{number}", f"FN:{person['name']}"]
    lines += [f"EMAIL:{address}" for address in person.get("emails", [])]
    lines += [f"TEL:{phone}" for phone in person.get("phones", [])]
    return "\r\n".join([*lines, "END:VCARD", ""])


def seed(scenario: dict[str, Any], data_dir: Path, documents: Path, now: datetime) -> None:
    """The scenario's files, events, tasks, contacts and alarms, in the real local stores."""
    from zoneinfo import ZoneInfo

    from botpsy_alarms.store import AlarmStore
    from botpsy_calendar.items import Task
    from botpsy_calendar.store import Event, VdirStore

    zone = ZoneInfo(ZONE)
    for item in scenario.get("files", []):
        target = documents / item["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(item.get("text", ""), encoding="utf-8")
    store = VdirStore(data_dir / "calendars", "personal", zone)
    for item in scenario.get("setup", []):
        start = datetime.fromisoformat(item["start"]).replace(tzinfo=zone)
        end = datetime.fromisoformat(item["end"]).replace(tzinfo=zone) if "end" in item else None
        last = end or start + timedelta(hours=1)
        store.save(Event(item["title"], start, last, location=item.get("location", "")))
    for item in scenario.get("tasks", []):
        categories = (item["list"],) if item.get("list") else ()
        said = item.get("due", "")  # "2026-12-04" (a day) or "2026-12-04T17:00"
        due = datetime.fromisoformat(said).replace(tzinfo=zone) if said else None
        task = Task(item["title"], due=due, due_all_day=bool(said) and "T" not in said,
                    done=item.get("done", False), categories=categories)  # fmt: skip
        store.save_task(task)
    if scenario.get("contacts"):
        folder = data_dir / "contacts"
        folder.mkdir(parents=True, exist_ok=True)
        for number, person in enumerate(scenario["contacts"], 1):
            (folder / f"scenario-{number}.vcf").write_text(_vcard(number, person), "utf-8")
    alarms = AlarmStore(data_dir / "alarms" / "alarms.sqlite3", zone, lambda: now)
    for item in scenario.get("alarms", []):
        at = datetime.fromisoformat(item["at"]).replace(tzinfo=zone)
        alarms.add(item.get("kind", "alarm"), at, item.get("label", ""))


def alarms_after(data_dir: Path, now: datetime) -> list[tuple[str, str, str]]:
    """(kind, time to the minute, label) of each alarm and timer still to ring."""
    from zoneinfo import ZoneInfo

    from botpsy_alarms.store import AlarmStore

    store = AlarmStore(data_dir / "alarms" / "alarms.sqlite3", ZoneInfo(ZONE), lambda: now)
    return [(a.kind, a.at.isoformat(timespec="minutes"), a.label) for a in store.upcoming(now)]


# -- the private home --------------------------------------------------------------------------
@contextlib.contextmanager
def private_home(folder: Path, now: datetime, home_url: str) -> Iterator[Config]:
    """HOME, XDG dirs, accounts (a refusing mail server, the Home stand-in), no desktop, the clock pinned.

    Yields the config a scenario runs with; the environment is restored afterwards.
    """
    accounts = folder / "accounts.json"
    mail = {"name": MAIL_ACCOUNT, "kind": "email", "settings": {
        "address": "me@example.invalid", "imap": "127.0.0.1:1", "smtp": "127.0.0.1:1"}}  # fmt: skip
    home = {"name": HOME_ACCOUNT, "kind": "homeassistant", "settings": {"url": home_url}}
    accounts.write_text(json.dumps({"accounts": [mail, home]}), encoding="utf-8")
    values = {"HOME": str(folder), "XDG_CONFIG_HOME": str(folder / ".config"),
              "XDG_DATA_HOME": str(folder / ".local/share"), "XDG_CACHE_HOME": str(folder / ".cache"),
              "BOTPSY_DATA_DIR": str(folder / "data"), "BOTPSY_ACCOUNTS": str(accounts),
              "BOTPSY_NOW": now.isoformat(), env_variable(MAIL_ACCOUNT): "stand-in",
              env_variable(HOME_ACCOUNT): "stand-in",
              # no sound server, player or desktop of the user's is read or touched
              "XDG_RUNTIME_DIR": str(folder / "run"), "PULSE_SERVER": f"unix:{folder}/no-pulse",
              "PIPEWIRE_REMOTE": str(folder / "no-pipewire"),
              "DBUS_SESSION_BUS_ADDRESS": f"unix:path={folder}/no-bus"}  # fmt: skip
    (folder / "run").mkdir(mode=0o700, exist_ok=True)
    previous = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    documents = folder / "Documents"
    documents.mkdir(exist_ok=True)
    plugins: dict[str, dict[str, Any]] = {"files": {"folders": [str(documents)]}, "mail": {"account": MAIL_ACCOUNT},
               "homeassistant": {"account": HOME_ACCOUNT}}  # fmt: skip
    try:
        yield Config(path=None, data_dir=folder / "data", timezone=ZONE, plugins=plugins)
    finally:
        for key, value in previous.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
