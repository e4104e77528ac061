"""The folders the file tools may touch, and the one check every path goes through.

A path is resolved (`~`, relative to an allowed folder, symlinks followed) and
must then lie inside an allowed folder's real path. `..` escapes and symlinks
that lead outside are refused with a message naming the allowed folders, before
anything is read or changed. Files are read only through `open_file`: a regular
file whose real path is inside, opened without blocking (a FIFO or a device is
refused, never waited on) and checked again through the opened descriptor.
Your whole home folder and / are never allowed folders.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from assistant.api import ToolArgumentError

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
_OPEN_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
# Controls, line and paragraph separators, bidi overrides and isolates, zero-width characters,
# and the lone surrogates an undecodable file name brings.
_HIDDEN = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff]"
)


def printable(text: str) -> str:
    """Text (a file name, a snippet) with control and invisible characters removed."""
    return _HIDDEN.sub("", text)


def shown(path: Path) -> str:
    """'~/Documents/lease.pdf' for messages, with no control characters."""
    try:
        return printable("~/" + str(path.relative_to(Path.home())))
    except ValueError:
        return printable(str(path))


def too_broad(folder: Path) -> str | None:
    """Why a folder may not be an allowed folder (it is or holds your home), or None."""
    real = Path(os.path.expanduser(str(folder))).resolve()
    home = Path.home().resolve()
    if real == home:
        return "your whole home folder"
    if real == Path(real.anchor):
        return f"{real} (the whole disk)"
    if home.is_relative_to(real):
        return f"{real}, which holds your whole home folder"
    return None


def default_folders() -> list[Path]:
    """The user's Documents, Downloads and Desktop folders (XDG user dirs on Linux).

    One set to your home folder or / (`XDG_DESKTOP_DIR="$HOME/"` is common) is left
    out, with a warning line: it would open every file you have to the tools.
    """
    import platformdirs

    found = []
    for label, getter in (
        ("Documents", platformdirs.user_documents_dir),
        ("Downloads", platformdirs.user_downloads_dir),
        ("Desktop", platformdirs.user_desktop_dir),
    ):
        folder = Path(getter()).expanduser()
        why = too_broad(folder)
        if why:
            print(
                f"botpsy: files: the {label} folder is {why}; it is left out of the allowed "
                "folders (choose them with [plugins.files] folders)",
                file=sys.stderr,
            )
            continue
        found.append(folder)
    return found


class NotReadable(ToolArgumentError):
    """A path botpsy will not read: not a regular file, or leading outside the folders."""

    def __init__(self, path: Path, reason: str, advice: str) -> None:
        self.path, self.reason = path, reason
        super().__init__(f"{shown(path)} is {reason}; {advice}")


def _what(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "a special file"


def _not_regular(path: Path, mode: int) -> NotReadable:
    return NotReadable(
        path, f"not a regular file ({_what(mode)})", "botpsy reads only regular files"
    )


def _one_name(path: Path, info: os.stat_result) -> None:
    """Refuse a hard link: the same file under a second name, which may lie outside the
    folders (an unpacked archive's `notes.txt` may be the user's private key). Its path
    is inside; what it holds need not be."""
    if info.st_nlink > 1:
        raise NotReadable(
            path,
            f"a hard link (one file with {info.st_nlink} names, maybe some outside the allowed"
            " folders)",
            "botpsy reads and copies only files with one name",
        )


def _opened_path(fd: int, fallback: Path) -> Path:
    """Where an open descriptor really is (Linux /proc), else the path it was opened by."""
    try:
        return Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        return fallback


class AllowedFolders:
    """The roots the file tools may use; everything else is refused."""

    def __init__(self, roots: Iterable[Path]) -> None:
        self.roots = [Path(os.path.expanduser(str(r))) for r in roots]

    def existing(self) -> list[Path]:
        """The roots that exist, as real paths."""
        return [r.resolve() for r in self.roots if r.is_dir()]

    def describe(self) -> str:
        """'~/Documents, ~/Downloads' for messages."""
        return ", ".join(shown(root) for root in self.roots) or "none"

    def inside(self, path: Path) -> bool:
        """Whether a real path lies inside an allowed folder."""
        return any(path == root or path.is_relative_to(root) for root in self.existing())

    def regular(self, path: Path) -> tuple[Path, os.stat_result]:
        """The real path and status of a regular file inside the folders; never opens it.

        Raises `NotReadable` for a FIFO, device, socket or a link that leads outside,
        and `OSError` when the file is gone.
        """
        try:
            real = path.resolve()
        except RuntimeError:  # a symlink loop
            raise NotReadable(path, "a symbolic link that loops", "nothing was read") from None
        if not self.inside(real):
            where = "a link to outside" if _has_link(path) else "outside"
            raise NotReadable(path, f"{where} the allowed folders", f"allowed: {self.describe()}")
        info = os.lstat(real)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        _one_name(path, info)
        return real, info

    def open_file(self, path: Path) -> BinaryIO:
        """Open a regular file inside the folders for reading, without ever blocking.

        The path is checked first (`regular`), opened non-blocking and without
        following a last-moment link, then the opened descriptor is checked again:
        a regular file, the same one, really inside. So a file swapped for a FIFO,
        a device or a link between the check and the open is refused, not read.
        """
        real, info = self.regular(path)
        fd = os.open(real, _OPEN_FLAGS)
        try:
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode):
                raise _not_regular(path, opened.st_mode)
            _one_name(path, opened)
            same = (opened.st_dev, opened.st_ino) == (info.st_dev, info.st_ino)
            if not same or not self.inside(_opened_path(fd, real)):
                raise NotReadable(path, "changed while it was opened", "nothing was read")
            return os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)
            raise

    def resolve(self, text: str, must_exist: bool = True) -> Path:
        """The real path `text` names, checked to be inside an allowed folder."""
        raw = text.strip().strip("\"'")
        if not raw:
            raise ToolArgumentError("give a file or folder path")
        given = Path(os.path.expanduser(raw))
        candidates = [given] if given.is_absolute() else [root / given for root in self.roots]
        try:
            resolved = [(c, c.resolve()) for c in candidates]  # follows symlinks and removes ..
        except RuntimeError:
            raise ToolArgumentError(f"'{raw}' is a symbolic link that loops") from None
        inside = [(c, r) for c, r in resolved if self.inside(r)]
        if not inside:
            linked = any(c.is_symlink() or _has_link(c) for c in candidates)
            reason = " (through a symbolic link)" if linked else ""
            raise ToolArgumentError(
                f"'{raw}' is outside the folders botpsy may use{reason}; allowed: {self.describe()}"
            )
        existing = list({r: c for c, r in inside if r.exists()})
        if len(existing) > 1:
            names = ", ".join(str(r) for r in existing)
            raise ToolArgumentError(f"'{raw}' is in more than one folder ({names}); say which")
        real = existing[0] if existing else inside[0][1]
        if must_exist and not real.exists():
            raise ToolArgumentError(f"there is no '{raw}' (looked at {real})")
        return real


def _has_link(path: Path) -> bool:
    return any(p.is_symlink() for p in [path, *path.parents])
