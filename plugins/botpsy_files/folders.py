"""The folders the file tools may touch, and the one check every path goes through.

A path is resolved (`~`, relative to an allowed folder, symlinks followed) and
must then lie inside an allowed folder's real path. `..` escapes and symlinks
that lead outside are refused with a message naming the allowed folders, before
anything is read or changed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from assistant.errors import ToolArgumentError


def default_folders() -> list[Path]:
    """The user's Documents, Downloads and Desktop folders (XDG user dirs on Linux)."""
    import platformdirs

    found = []
    for getter in (
        platformdirs.user_documents_dir,
        platformdirs.user_downloads_dir,
        platformdirs.user_desktop_dir,
    ):
        found.append(Path(getter()).expanduser())
    return found


class AllowedFolders:
    """The roots the file tools may use; everything else is refused."""

    def __init__(self, roots: Iterable[Path]) -> None:
        self.roots = [Path(os.path.expanduser(str(r))) for r in roots]

    def existing(self) -> list[Path]:
        """The roots that exist, as real paths."""
        return [r.resolve() for r in self.roots if r.is_dir()]

    def describe(self) -> str:
        """'~/Documents, ~/Downloads' for messages."""
        home = Path.home()
        shown = []
        for root in self.roots:
            try:
                shown.append("~/" + str(root.relative_to(home)))
            except ValueError:
                shown.append(str(root))
        return ", ".join(shown) or "none"

    def inside(self, path: Path) -> bool:
        """Whether a real path lies inside an allowed folder."""
        return any(path == root or path.is_relative_to(root) for root in self.existing())

    def resolve(self, text: str, must_exist: bool = True) -> Path:
        """The real path `text` names, checked to be inside an allowed folder."""
        raw = text.strip().strip("\"'")
        if not raw:
            raise ToolArgumentError("give a file or folder path")
        given = Path(os.path.expanduser(raw))
        candidates = [given] if given.is_absolute() else [root / given for root in self.roots]
        resolved = [(c, c.resolve()) for c in candidates]  # follows symlinks and removes ..
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
