"""Open a web address, a file or an application on the desktop (xdg-open, gio).

Addresses must be http or https: a `file:`, `javascript:` or custom-scheme
address could run a program through its handler. Files must lie inside the
files plugin's allowed folders, and programs and launchers (scripts, .desktop
files, executables) are refused: opening a downloaded script must never run
it. Applications are started only from their installed desktop entries, by
name, never from a command line. Nothing opens where there is no display.

What the user approves is what opens: a preview resolves the file (its real
absolute path, device and inode) or the application (its desktop entry's real
path and a digest of its contents) once, and the run opens exactly that, after
checking it is still the same file reached by no symbolic link. A link swapped
or an entry rewritten in between fails the call; nothing else opens.
"""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import stat
import subprocess
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from assistant.api import AskUser, one_line
from botpsy_device.common import DeviceError, program, require_linux

# How long a launcher may take to fail; one still running after this has started the app.
SETTLE = 3.0
_PROGRAMS = {
    ".desktop", ".sh", ".bash", ".zsh", ".csh", ".fish", ".py", ".pl", ".rb", ".php", ".js",
    ".exe", ".msi", ".bat", ".cmd", ".com", ".scr", ".ps1", ".vbs", ".jar", ".appimage",
    ".run", ".bin", ".deb", ".rpm", ".flatpak", ".flatpakref", ".snap", ".command", ".app",
}  # fmt: skip
_DOMAIN = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/:?#]\S*)?$", re.I)
_UNSAFE = re.compile(r"[\x00-\x20\x7f-\x9f\"'<>\\^`{|}]")


def web_address(text: str) -> str:
    """An http(s) address from `text`; 'example.org' becomes 'https://example.org'."""
    raw = text.strip()
    if _DOMAIN.match(raw):
        raw = "https://" + raw
    parts = urlsplit(raw)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise DeviceError(
            f"open: '{text[:80]}' is not a web address; botpsy opens only http and https addresses"
        )
    if _UNSAFE.search(raw) or len(raw) > 2000:
        raise DeviceError("open: that address holds spaces or characters an address may not have")
    return raw


def check_document(path: Path) -> None:
    """Refuse programs and launchers: opening one could run it."""
    if path.suffix.lower() in _PROGRAMS:
        raise DeviceError(
            f"open: '{path.name}' is a program or launcher; botpsy opens documents and folders, never programs"
        )
    info = path.stat()
    if stat.S_ISREG(info.st_mode) and info.st_mode & 0o111:
        raise DeviceError(
            f"open: '{path.name}' is marked executable; botpsy opens documents and folders, never programs"
        )


def _need_display(what: str) -> None:
    require_linux(what)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise DeviceError(
            f"{what}: there is no desktop display to open it on (no DISPLAY or WAYLAND_DISPLAY)"
        )


def _without_secrets() -> dict[str, str]:
    """botpsy's environment minus the account passwords it may hold (`BOTPSY_PASSWORD_*`):
    an application opened for the user (a browser, a document's viewer) outlives the call
    and has no business with them."""
    return {k: v for k, v in os.environ.items() if not k.startswith("BOTPSY_PASSWORD_")}


def launch(command: list[str], what: str) -> None:
    """Start a launcher detached; fail in one line if it fails within `SETTLE` seconds."""
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=errors,
                start_new_session=True,
                env=_without_secrets(),
            )
        except OSError as exc:
            raise DeviceError(f"{what}: cannot start {command[0]} ({exc.strerror})") from None
        try:
            status = process.wait(SETTLE)
        except subprocess.TimeoutExpired:
            return  # still running: the application is up
        if status != 0:
            errors.seek(0)
            said = errors.read().decode("utf-8", "replace").strip().splitlines()
            raise DeviceError(f"{what}: {(said[-1] if said else f'{command[0]} failed')[:200]}")


def opener(target: str) -> list[str]:
    """`xdg-open TARGET`, else `gio open TARGET`."""
    for name, prefix in (("xdg-open", []), ("gio", ["open"])):
        path = program(name)
        if path:
            return [path, *prefix, target]
    raise DeviceError("open: neither xdg-open (xdg-utils) nor gio (libglib2.0-bin) is installed")


def open_address(url: str) -> None:
    """Open a checked web address in the default browser."""
    _need_display("open a web page")
    launch(opener(url), "open")


def open_path(path: Path) -> None:
    """Open a file or folder with its default application; never a program or launcher.

    Checked here as well as by the callers, so no way in (`media_play` with no player,
    say) hands a script or a `.desktop` file to the desktop's opener.
    """
    check_document(path)
    _need_display("open a file")
    launch(opener(str(path)), "open")


@dataclass(frozen=True)
class App:
    """An installed application: its desktop entry and its name."""

    path: Path
    name: str

    @property
    def id(self) -> str:
        """'org.gnome.Calculator' for org.gnome.Calculator.desktop."""
        return self.path.stem


def _data_dirs() -> list[Path]:
    home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    rest = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    return [Path(d) / "applications" for d in [home, *rest.split(":")] if d]


def applications() -> list[App]:
    """Every visible application with a desktop entry, the user's own first."""
    found: dict[str, App] = {}
    for folder in _data_dirs():
        for path in sorted(folder.glob("*.desktop")) if folder.is_dir() else []:
            if path.name in found:
                continue
            entry = configparser.ConfigParser(interpolation=None, strict=False)
            try:
                entry.read(path, encoding="utf-8")
                section = entry["Desktop Entry"]
            except (configparser.Error, KeyError, UnicodeDecodeError):
                continue
            hidden = (
                section.get("NoDisplay", "false") == "true"
                or section.get("Hidden", "false") == "true"
            )
            if section.get("Type", "Application") != "Application" or hidden:
                continue
            found[path.name] = App(path, section.get("Name", path.stem))
    return list(found.values())


def find_app(name: str) -> App:
    """The application `name` means: its name or id, exactly, then by its first words."""
    wanted = " ".join(name.lower().replace("the ", " ").replace(" app", " ").split())
    if not wanted:
        raise DeviceError("open: say which application to open")
    apps = applications()
    exact = [
        a for a in apps if wanted in (a.name.lower(), a.id.lower(), a.id.lower().rsplit(".", 1)[-1])
    ]
    if len(exact) == 1:
        return exact[0]
    close = exact or [
        a for a in apps if a.name.lower().startswith(wanted) or wanted in a.name.lower().split()
    ]
    if len(close) == 1:
        return close[0]
    if close:
        options = [a.name for a in close[:5]]
        raise AskUser(f"Which one: {', '.join(options)}?", "name", options)
    raise DeviceError(f"open: no installed application is called '{name[:60]}'")


def open_app(app: App) -> None:
    """Start an application from its desktop entry (`gio launch`, else `gtk-launch`)."""
    _need_display("open an application")
    gio, gtk = program("gio"), program("gtk-launch")
    if gio:
        launch([gio, "launch", str(app.path)], "open")
    elif gtk:  # it looks the id up itself: only when the lookup finds this very entry
        first = next((a for a in applications() if a.id == app.id), None)
        if first is None or first.path.resolve() != app.path.resolve():
            raise DeviceError(f"open: {app.id} names another entry first; nothing started")
        launch([gtk, app.id], "open")
    else:
        raise DeviceError("open: neither gio (libglib2.0-bin) nor gtk-launch is installed")


def pin_file(real: Path) -> dict[str, Any]:
    """What a preview pins for a resolved file or folder: its path and identity."""
    try:
        info = os.lstat(real)
    except OSError:
        raise DeviceError(f"open: '{real.name}' is gone; nothing was opened") from None
    return {"path": str(real), "device": info.st_dev, "inode": info.st_ino, "made": _made(info)}


def _made(info: os.stat_result) -> int:
    """A file's change time: an inode number is reused at once by the next new file.

    A folder's changes with what is put in it, so a folder is known by its inode alone.
    """
    return 0 if stat.S_ISDIR(info.st_mode) else info.st_ctime_ns


def pinned_file(pinned: Mapping[str, Any], inside: Callable[[Path], bool]) -> Path:
    """The file a preview showed, checked to be that very file still, reached by no link."""
    target = Path(str(pinned.get("path", "")))
    name = target.name or str(target)
    if not target.is_absolute():
        raise DeviceError(
            f"open: '{name}' was not resolved when you were asked; nothing was opened"
        )
    try:
        info = os.lstat(target)
        real = target.resolve(strict=True)
    except (OSError, RuntimeError):
        raise DeviceError(
            f"open: '{name}' is gone since you were asked; nothing was opened"
        ) from None
    if real != target or stat.S_ISLNK(info.st_mode):
        raise DeviceError(
            f"open: '{name}' changed since you were asked (a link on its way leads elsewhere now);"
            " nothing was opened"
        )
    identity = (info.st_dev, info.st_ino, _made(info))
    if identity != (pinned.get("device"), pinned.get("inode"), pinned.get("made")):
        raise DeviceError(
            f"open: '{name}' changed since you were asked (it is another file now); nothing was opened"
        )
    if not inside(real):
        raise DeviceError(f"open: '{name}' is not in the allowed folders; nothing was opened")
    check_document(real)
    return real


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pin_app(app: App) -> dict[str, Any]:
    """What a preview pins for an application: its entry's real path and contents."""
    try:
        real = app.path.resolve(strict=True)
        return {"entry": str(real), "digest": _digest(real)}
    except (OSError, RuntimeError):
        raise DeviceError(
            f"open: the entry {app.path.name} cannot be read; nothing started"
        ) from None


def command_line(app: App) -> str:
    """The entry's `Exec` line, as one printable line (what starting it runs)."""
    entry = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        entry.read(app.path, encoding="utf-8")
        said = entry["Desktop Entry"].get("Exec", "")
    except (configparser.Error, KeyError, UnicodeDecodeError, OSError):
        said = ""
    return one_line(said, 160)


def pinned_app(pinned: Mapping[str, Any]) -> App:
    """The application a preview showed: the same entry file, unchanged, reached by no link."""
    entry = Path(str(pinned.get("entry", "")))
    try:
        real = entry.resolve(strict=True)
        same = real == entry and entry.is_absolute() and _digest(entry) == pinned.get("digest")
    except (OSError, RuntimeError):
        raise DeviceError(
            f"open: the application entry {entry.name} is gone since you were asked; nothing started"
        ) from None
    if not same:
        raise DeviceError(
            f"open: the application entry {entry.name} changed since you were asked; nothing started"
        )
    found = [a for a in applications() if a.path.resolve() == entry]
    if not found:
        raise DeviceError(
            f"open: {entry.name} is no longer an installed application; nothing started"
        )
    return App(entry, found[0].name)
