"""Shared fixtures: an isolated home for every test, and a helper to run the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from botpsy_files.folders import AllowedFolders
from botpsy_files.index import FileIndex
from botpsy_files.tools import FileTools

from assistant.clock import Clock
from assistant.config import Config
from tests.helpers import Definitions, builtin_definitions, isolate_home
from tests.notification_server import notification_server, session_bus  # noqa: F401 (fixtures)
from tests.servers import Radicale, personal_calendar

# The shared data beside the checkout (CI lays a copy there); BOTPSY_SHARED overrides.
SHARED = Path(os.environ.get("BOTPSY_SHARED") or Path(__file__).resolve().parents[2] / "shared")
ZONE = ZoneInfo("Europe/Berlin")
# A Sunday evening: "Friday" is 2026-12-04, "tomorrow" is Monday 2026-11-30.
NOW = datetime(2026, 11, 29, 18, 30, tzinfo=ZONE)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh HOME and XDG dirs, so no test sees the user's real config or data."""
    home = tmp_path / "home"
    home.mkdir()
    isolate_home(monkeypatch, home)
    monkeypatch.setenv("TZ", "Europe/Berlin")
    return home


@pytest.fixture
def clock() -> Clock:
    """The test clock, pinned to NOW."""
    return Clock(ZONE, NOW)


@pytest.fixture
def config(home: Path) -> Config:
    """Default settings with data in the temporary home."""
    return Config(timezone="Europe/Berlin", data_dir=home / "data")


@dataclass
class CliResult:
    """What a CLI run printed and returned."""

    status: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(home: Path) -> Iterator[object]:
    """Run `python -m assistant ARGS` in a subprocess with no terminal, in the temporary home."""

    def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> CliResult:
        environment = dict(os.environ)
        environment.update(env or {})
        done = subprocess.run(
            [sys.executable, "-m", "assistant", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=environment,
            timeout=300,
        )
        return CliResult(done.returncode, done.stdout, done.stderr)

    yield run


def require_program(program: str, package: str) -> str:
    """The path of a system program; a skip naming its Debian package, or a failure in CI."""
    import shutil

    path = shutil.which(program)
    if path is None:
        message = f"needs {program} (Debian package {package}; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


# -- the file tools over a module's `tree` fixture (a HOME with Documents and Downloads) ------
@pytest.fixture
def folders(tree: Path) -> AllowedFolders:
    """The allowed folders of the module's tree."""
    return AllowedFolders([tree / "Documents", tree / "Downloads"])


@pytest.fixture
def index(folders: AllowedFolders, tree: Path) -> Iterator[FileIndex]:
    """The file index of the tree."""
    built = FileIndex(tree / "data" / "index.sqlite3", folders)
    yield built
    built.close()


@pytest.fixture
def tools(folders: AllowedFolders, index: FileIndex, tree: Path) -> FileTools:
    """The file toolbox (modules with other tools define their own `tools`)."""
    return FileTools(folders, index, tree / "data" / "journal.json")


# -- fixtures several modules share ------------------------------------------------------------
@pytest.fixture(scope="module")
def builtins() -> Iterator[Definitions]:
    """Every built-in tool's definition, as the agent offers them (loaded once a module)."""
    with builtin_definitions() as definitions:
        yield definitions


USER, PASSWORD = "alice", "correct horse"  # the account on the `radicale` server


@pytest.fixture
def radicale(tmp_path: Path) -> Iterator[Radicale]:
    """A real Radicale server with one user (USER, PASSWORD) and their "personal" calendar."""
    with personal_calendar(tmp_path / "radicale", USER, PASSWORD) as server:
        yield server


@pytest.fixture
def calendar_account(radicale: Radicale, cli: Any) -> dict[str, str]:
    """The `radicale` user's calendar, added as botpsy's account with the real CLI; the
    environment that holds its password (a daemon started with it can sync)."""
    env = {"BOTPSY_PASSWORD_CALENDAR": PASSWORD}
    added = cli("account", "add", "calendar", "--url", radicale.url, "--user", USER, env=env)
    assert added.status == 0, added.stderr
    return env
