"""Each server's tool list on disk, so listing tools does not start every server every time.

The list is kept with a digest of the settings that decide which server answers
(command, URL, environment); a different digest, an unreadable file or an entry
older than the server's `cache_hours` means the server is asked again.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from botpsy_mcp.settings import ServerSettings

FORMAT = 1


def cache_file(folder: Path, settings: ServerSettings) -> Path:
    """Where a server's tool list is kept."""
    return folder / f"{settings.name}.tools.json"


def cached_tools(folder: Path, settings: ServerSettings) -> list[dict[str, Any]] | None:
    """The tools listed last time, if still fresh and listed under the same settings."""
    try:
        stored = json.loads(cache_file(folder, settings).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT:
        return None
    if stored.get("key") != settings.cache_key():
        return None
    age = time.time() - float(stored.get("time", 0))
    if not 0 <= age <= settings.cache_hours * 3600:
        return None
    tools = stored.get("tools")
    if not isinstance(tools, list) or not all(isinstance(t, dict) for t in tools):
        return None
    return tools


def store_tools(folder: Path, settings: ServerSettings, tools: list[dict[str, Any]]) -> None:
    """Keep a fresh tool list (written whole, then renamed, so readers never see half).

    The cache only saves time: a folder that cannot be written means asking again next time.
    """
    target = cache_file(folder, settings)
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    record = {"format": FORMAT, "key": settings.cache_key(), "time": time.time(), "tools": tools}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
        partial.replace(target)
    except OSError:
        partial.unlink(missing_ok=True)
