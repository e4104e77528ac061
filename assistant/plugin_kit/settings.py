"""`botpsy plugins enable|disable NAME`: one line in the user's config file, the rest untouched.

The file is edited as text (comments and order kept) and the result is read
back with tomllib: unless exactly `[plugins.NAME] enabled` changed, nothing is
written and the user is told which line to add by hand.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from assistant.errors import ConfigError, UsageError

_NAME = re.compile(r"^[A-Za-z0-9_-]+$")


def _header(name: str) -> re.Pattern[str]:
    quoted = rf"(?:{re.escape(name)}|\"{re.escape(name)}\"|'{re.escape(name)}')"
    return re.compile(rf"^\s*\[\s*plugins\s*\.\s*{quoted}\s*\]\s*(?:#.*)?$")


def with_enabled(text: str, name: str, enabled: bool) -> str:
    """The config text with `[plugins.NAME] enabled = true|false` set."""
    value = "true" if enabled else "false"
    lines = text.splitlines()
    header = _header(name)
    start = next((i for i, line in enumerate(lines) if header.match(line)), None)
    if start is None:
        block = ["", f"[plugins.{name}]", f"enabled = {value}"]
        return "\n".join([*lines, *block] if lines else block[1:]) + "\n"
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines)
    )
    for i in range(start + 1, end):
        if re.match(r"^\s*enabled\s*=", lines[i]):
            lines[i] = f"enabled = {value}"
            break
    else:
        lines.insert(start + 1, f"enabled = {value}")
    return "\n".join(lines) + "\n"


def _without_flag(raw: dict[str, Any], name: str) -> dict[str, Any]:
    plugins = dict(raw.get("plugins", {}))
    table = dict(plugins.get(name, {}))
    table.pop("enabled", None)
    if table:
        plugins[name] = table
    else:
        plugins.pop(name, None)
    return {**raw, "plugins": plugins}


def set_enabled(path: Path, name: str, enabled: bool) -> None:
    """Write `[plugins.NAME] enabled` into the config file at `path` (created when missing)."""
    if not _NAME.match(name):
        raise UsageError(f"'{name}' is not a plugin name (letters, digits, - and _)")
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    try:
        before = tomllib.loads(old)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    new = with_enabled(old, name, enabled)
    hint = f"add `enabled = {str(enabled).lower()}` under [plugins.{name}] in {path} by hand"
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        raise ConfigError(f"cannot edit {path} safely; {hint}") from None
    if after.get("plugins", {}).get(name, {}).get("enabled") is not enabled or _without_flag(
        after, name
    ) != _without_flag(before, name):
        raise ConfigError(f"cannot edit {path} safely; {hint}")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(new, encoding="utf-8")
    os.replace(temporary, path)
