"""One `[mcp.servers.NAME]` table, checked: a bad table is one line naming the server.

[mcp.servers.time]
command = ["python", "-m", "mcp_server_time"]   # or url = "http://127.0.0.1:8000/mcp"
timeout = 30            # seconds a call may take
startup_timeout = 20    # seconds to start, shake hands and list the tools
trusted = false         # true: its output is not fenced as text others wrote
effects = { get_current_time = "read" }   # override what the annotations say
env = { TZ = "UTC" }    # extra environment (no secrets: the config file holds none)
inherit_env = ["GITHUB_TOKEN"]   # variables passed on from botpsy's own environment
cache_hours = 24        # how long the listed tools are reused before asking again
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import re
import shlex
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from assistant.api import ConfigError, Effect

_KNOWN = {
    "command",
    "url",
    "env",
    "inherit_env",
    "cwd",
    "timeout",
    "startup_timeout",
    "trusted",
    "effects",
    "cache_hours",
    "enabled",
}
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


@dataclass(frozen=True)
class ServerSettings:
    """How to reach one MCP server and how far to trust it."""

    name: str
    command: list[str] = field(default_factory=list)
    url: str = ""
    env: dict[str, str] = field(default_factory=dict)
    inherit_env: list[str] = field(default_factory=list)
    cwd: str = ""
    timeout: float = 30.0
    startup_timeout: float = 20.0
    trusted: bool = False
    effects: dict[str, Effect] = field(default_factory=dict)
    cache_hours: float = 24.0

    @property
    def local(self) -> bool:
        """Whether calls stay on this machine (a subprocess, or a URL on a loopback address)."""
        if self.command:
            return True
        host = urlsplit(self.url).hostname or ""
        if host == "localhost":
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    def environment(self) -> dict[str, str]:
        """The extra environment of a stdio server: `env`, then the inherited variables."""
        extra = dict(self.env)
        for name in self.inherit_env:
            if name in os.environ:
                extra[name] = os.environ[name]
        return extra

    def cache_key(self) -> str:
        """A digest of what decides which server answers (not of secret values)."""
        what = {
            "command": self.command,
            "url": self.url,
            "env": self.env,
            "inherit_env": self.inherit_env,
            "cwd": self.cwd,
        }
        return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()[:16]


def read_servers(table: dict[str, Any]) -> tuple[list[ServerSettings], list[str]]:
    """The servers of the `[mcp]` table, and one error line for each bad one."""
    servers: list[ServerSettings] = []
    errors: list[str] = []
    unknown = sorted(set(table) - {"servers"})
    if unknown:
        errors.append(f"[mcp]: unknown setting '{unknown[0]}' (servers go in [mcp.servers.NAME])")
    entries = table.get("servers", {})
    if not isinstance(entries, dict):
        return servers, [*errors, "[mcp.servers]: must be a table of [mcp.servers.NAME] tables"]
    for name, entry in entries.items():
        try:
            settings = parse_server(str(name), entry)
        except ConfigError as exc:
            errors.append(str(exc))
            continue
        if settings is not None:
            servers.append(settings)
    return servers, errors


def parse_server(name: str, entry: Any) -> ServerSettings | None:
    """One server's settings; None when it is switched off (`enabled = false`)."""
    where = f"[mcp.servers.{name}]"
    if not _NAME.match(name):
        raise ConfigError(f"{where}: a server name is letters, digits, '-' and '_'")
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: must be a table")
    unknown = sorted(set(entry) - _KNOWN)
    if unknown:
        raise ConfigError(f"{where}: unknown setting '{unknown[0]}'")
    if entry.get("enabled", True) is False:
        return None
    command = entry.get("command", [])
    if isinstance(command, str):
        command = shlex.split(command)
    url = entry.get("url", "")
    if bool(command) == bool(url):
        raise ConfigError(f"{where}: give either command = [...] (stdio) or url = '...' (HTTP)")
    if not all(isinstance(part, str) for part in command):
        raise ConfigError(f"{where}.command: a list of text, e.g. ['python', '-m', 'server']")
    if url and (not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https")):
        raise ConfigError(f"{where}.url: an http:// or https:// address, got {url!r}")
    return ServerSettings(
        name=name,
        command=list(command),
        url=str(url),
        env=_texts(entry.get("env", {}), f"{where}.env"),
        inherit_env=_names(entry.get("inherit_env", []), f"{where}.inherit_env"),
        cwd=_text(entry.get("cwd", ""), f"{where}.cwd"),
        timeout=_seconds(entry.get("timeout", 30.0), f"{where}.timeout"),
        startup_timeout=_seconds(entry.get("startup_timeout", 20.0), f"{where}.startup_timeout"),
        trusted=_flag(entry.get("trusted", False), f"{where}.trusted"),
        effects=_effects(entry.get("effects", {}), f"{where}.effects"),
        cache_hours=_number(entry.get("cache_hours", 24.0), f"{where}.cache_hours"),
    )


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where}: expected text, got {value!r}")
    return value


def _texts(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ConfigError(f"{where}: a table of text values, e.g. {{ TZ = 'UTC' }}")
    return {str(k): v for k, v in value.items()}


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: a list of variable names")
    return list(value)


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: expected true or false, got {value!r}")
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ConfigError(f"{where}: expected a number of 0 or more, got {value!r}")
    return float(value)


def _seconds(value: Any, where: str) -> float:
    seconds = _number(value, where)
    if seconds <= 0:
        raise ConfigError(f"{where}: expected seconds above 0, got {value!r}")
    return seconds


def _effects(value: Any, where: str) -> dict[str, Effect]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: a table of tool = effect, e.g. {{ lookup = 'read' }}")
    chosen: dict[str, Effect] = {}
    for tool, effect in value.items():
        try:
            chosen[str(tool)] = Effect(effect)
        except ValueError:
            names = ", ".join(e.value for e in Effect)
            raise ConfigError(f"{where}.{tool}: one of {names}, got {effect!r}") from None
    return chosen
