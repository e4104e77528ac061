"""Real servers for the tests, on 127.0.0.1: Radicale (CalDAV/CardDAV), a Secret Service keyring
and a SearXNG-compatible search site.

Radicale is the real server from PyPI with real htpasswd authentication and a
temporary storage folder. The keyring is the real gnome-keyring on a private
D-Bus session bus (what `dbus-run-session` sets up), unlocked with a test
password, so `keyring` talks the real Secret Service protocol.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    """Block until something accepts connections on the port."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


@dataclass
class Radicale:
    """A running Radicale with users from an htpasswd file; restartable on the same port."""

    folder: Path
    users: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> Radicale:
        """Start (or restart) the server on its port and storage."""
        (self.folder / "users").write_text(
            "".join(f"{user}:{password}\n" for user, password in self.users.items())
        )
        config = self.folder / "config"
        config.write_text(
            f"[server]\nhosts = 127.0.0.1:{self.port}\n"
            f"[auth]\ntype = htpasswd\nhtpasswd_filename = {self.folder / 'users'}\n"
            "htpasswd_encryption = plain\ndelay = 0\n"
            f"[storage]\nfilesystem_folder = {self.folder / 'collections'}\n"
            "[logging]\nlevel = warning\n"
        )
        log = open(self.folder / "radicale.log", "ab")  # noqa: SIM115 - lives as long as the server
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--config", str(config)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        """Stop the server (its data stays for a restart)."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def make_calendar(self, user: str, slug: str, name: str) -> str:
        """Create a calendar collection (as another client would) and return its URL."""
        import caldav

        client = caldav.DAVClient(url=self.url, username=user, password=self.users[user])
        calendar = client.principal().make_calendar(name=name, cal_id=slug)
        return str(calendar.url)

    def make_addressbook(self, user: str, slug: str, name: str) -> str:
        """Create an address book with a WebDAV extended MKCOL, as CardDAV clients do."""
        import caldav

        client = caldav.DAVClient(url=self.url, username=user, password=self.users[user])
        url = f"{self.url}{user}/{slug}/"
        body = (
            '<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">'
            "<d:set><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype>"
            f"<d:displayname>{name}</d:displayname></d:prop></d:set></d:mkcol>"
        )
        response = client.request(url, "MKCOL", body, {"Content-Type": "application/xml"})
        assert response.status in (200, 201), response.status
        return url


@dataclass
class Keyring:
    """gnome-keyring's Secret Service on a private session bus; `env` points a process at it."""

    home: Path
    env: dict[str, str]
    processes: list[subprocess.Popen[bytes]]

    def stop(self) -> None:
        """Stop the keyring daemon and the bus."""
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


def start_keyring(home: Path) -> Keyring:
    """A session bus (dbus-daemon, as dbus-run-session starts it) with an unlocked login keyring."""
    (home / ".local/share/keyrings").mkdir(parents=True, exist_ok=True)
    bus = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert bus.stdout is not None
    address = bus.stdout.readline().decode().strip()
    env = {
        "DBUS_SESSION_BUS_ADDRESS": address,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local/share"),
        "XDG_RUNTIME_DIR": str(home / "run"),
    }
    (home / "run").mkdir(mode=0o700, exist_ok=True)
    daemon_env = {**os.environ, **env}
    daemon = subprocess.Popen(
        [
            shutil.which("gnome-keyring-daemon") or "gnome-keyring-daemon",
            "--foreground",
            "--unlock",
            "--components=secrets",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=daemon_env,
    )
    assert daemon.stdin is not None
    daemon.stdin.write(b"test-login-password")
    daemon.stdin.close()
    keyring = Keyring(home, env, [bus, daemon])
    probe = [
        sys.executable,
        "-c",
        "import secretstorage as s; s.get_default_collection(s.dbus_init())",
    ]
    deadline = time.monotonic() + 15
    while True:
        done = subprocess.run(probe, env=daemon_env, capture_output=True, timeout=15)
        if done.returncode == 0:
            return keyring
        if time.monotonic() > deadline:
            keyring.stop()
            raise RuntimeError(f"gnome-keyring did not come up: {done.stderr.decode()[-300:]}")
        time.sleep(0.2)


# -- mail ---------------------------------------------------------------------------------------
DOVECOT_CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
first_valid_gid = 1
default_internal_user = {internal}
default_login_user = {login}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/mail/%u
}}
mail_location = maildir:~/Maildir
namespace inbox {{
  inbox = yes
  mailbox Drafts {{
    special_use = \\Drafts
    auto = subscribe
  }}
  mailbox Sent {{
    special_use = \\Sent
    auto = subscribe
  }}
  mailbox Trash {{
    special_use = \\Trash
    auto = subscribe
  }}
  mailbox Archive {{
    special_use = \\Archive
    auto = subscribe
  }}
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


@dataclass
class Dovecot:
    """The real Dovecot IMAP server, unprivileged, on a loopback port, users from a passwd-file.

    Run as root (as CI does), its login and mail processes take the `dovenull` and
    `dovecot` users that Debian's package creates, since Dovecot refuses root for them.
    """

    root: Path
    users: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> Dovecot:
        """Write the configuration and start `dovecot -F`."""
        import pwd

        self.root.mkdir(parents=True, exist_ok=True)
        self.root.chmod(0o755)
        (self.root / "mail").mkdir(exist_ok=True)
        if os.geteuid() == 0:
            internal, login = "dovecot", "dovenull"
            owner = pwd.getpwnam("dovecot")
        else:
            owner = pwd.getpwuid(os.getuid())
            internal = login = owner.pw_name
        os.chown(self.root / "mail", owner.pw_uid, owner.pw_gid)
        (self.root / "passwd").write_text(
            "".join(f"{user}:{{PLAIN}}{password}\n" for user, password in self.users.items())
        )
        config = self.root / "dovecot.conf"
        config.write_text(
            DOVECOT_CONFIG.format(
                root=self.root,
                internal=internal,
                login=login,
                uid=owner.pw_uid,
                gid=owner.pw_gid,
                port=self.port,
            )
        )
        (self.root / "run" / "master.pid").unlink(missing_ok=True)
        self.process = subprocess.Popen(
            [shutil.which("dovecot") or "dovecot", "-F", "-c", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=open(self.root / "stderr.log", "ab"),  # noqa: SIM115 - lives as long as the server
        )
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        """Stop the server."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def deliver(self, user: str, message: bytes, folder: str = "INBOX", flags: str = "") -> None:
        """Put a message in a user's folder, as the delivery agent would."""
        import imaplib

        connection = imaplib.IMAP4("127.0.0.1", self.port, timeout=10)
        connection.login(user, self.users[user])
        status, data = connection.append(
            f'"{folder}"', f"({flags})" if flags else None, None, message
        )
        assert status == "OK", data
        connection.logout()

    def folder(self, user: str, folder: str) -> list[tuple[str, bytes]]:
        """Every message in a folder: (flags, raw bytes)."""
        import imaplib
        import re

        connection = imaplib.IMAP4("127.0.0.1", self.port, timeout=10)
        connection.login(user, self.users[user])
        connection.select(f'"{folder}"', readonly=True)
        _, data = connection.uid("SEARCH", "ALL")
        found = []
        for uid in (data[0] or b"").split():
            _, fetched = connection.uid("FETCH", uid, "(FLAGS BODY.PEEK[])")
            item = next(i for i in fetched if isinstance(i, tuple))
            flags = re.search(rb"FLAGS \(([^)]*)\)", item[0])
            found.append((flags.group(1).decode() if flags else "", item[1]))
        connection.logout()
        return found


@dataclass
class SmtpRecorder:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 with AUTH, recording every message it accepts."""

    user: str
    password: str
    size_limit: int = 10 * 1024 * 1024
    refuse: set[str] = field(default_factory=set)  # recipients answered with 550
    port: int = field(default_factory=free_port)
    received: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    controller: object | None = None

    def start(self) -> SmtpRecorder:
        """Start the server in a background thread."""
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult, LoginPassword

        recorder = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, options):  # type: ignore[no-untyped-def]
                if address in recorder.refuse:
                    return "550 5.1.1 no such user here"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]
                recorder.received.append(
                    (envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.original_content))
                )
                return "250 Message accepted for delivery"

        def authenticate(server, session, envelope, mechanism, data):  # type: ignore[no-untyped-def]
            ok = isinstance(data, LoginPassword) and (
                data.login.decode() == recorder.user and data.password.decode() == recorder.password
            )
            return AuthResult(success=ok)

        controller = Controller(
            Handler(),
            hostname="127.0.0.1",
            port=self.port,
            authenticator=authenticate,
            auth_require_tls=False,
            auth_required=True,
            data_size_limit=self.size_limit,
        )
        controller.start()
        self.controller = controller
        return self

    def stop(self) -> None:
        """Stop the server."""
        if self.controller is not None:
            self.controller.stop()  # type: ignore[attr-defined]
            self.controller = None


@contextmanager
def personal_calendar(folder: Path, user: str, password: str) -> Iterator[Radicale]:
    """A Radicale server with one user and their "personal" calendar (an account needs one)."""
    server = Radicale(folder, {user: password})
    server.folder.mkdir()
    server.start()
    try:
        server.make_calendar(user, "personal", "Personal")
        yield server
    finally:
        server.stop()


def send_body(handler: BaseHTTPRequestHandler, body: str, kind: str) -> None:
    """Answer a test server's request: 200, `body` as `kind` in UTF-8."""
    data = body.encode()
    handler.send_response(200)
    handler.send_header("Content-Type", f"{kind}; charset=utf-8")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@contextmanager
def search_site(title: str, path: str, page: str, content: str) -> Iterator[tuple[list[str], str]]:
    """A SearXNG-compatible search endpoint on 127.0.0.1 whose one hit is `page` at `path`.

    Yields the queries it was asked (in order) and its base address.
    """
    queries: list[str] = []
    address: list[str] = []  # the server's, once it listens

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/search":
                query = parse_qs(parts.query)["q"][0]
                queries.append(query)
                hit = {"title": title, "url": f"{address[0]}{path}", "content": content}
                self._send(json.dumps({"query": query, "results": [hit]}), "application/json")
            elif parts.path == path:
                self._send(page, "text/html")
            else:
                self.send_error(404)

        def _send(self, body: str, kind: str) -> None:
            send_body(self, body, kind)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    address.append(f"http://127.0.0.1:{server.server_port}")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield queries, address[0]
    finally:
        server.shutdown()
