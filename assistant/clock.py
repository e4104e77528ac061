"""The user's time zone and "now".

Tools resolve words like "Friday 3pm" against this clock. `BOTPSY_NOW` (ISO 8601)
pins the clock so evaluations and demos are reproducible.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from assistant.errors import ConfigError


def local_zone(name: str = "") -> ZoneInfo:
    """The IANA zone to use: the configured name, then `TZ`, then the system's, then UTC.

    A named zone (not a fixed offset) keeps daylight-saving changes right for
    events weeks ahead.
    """
    candidates = [name] if name else []
    candidates.append(os.environ.get("TZ", "").lstrip(":"))
    try:
        link = Path("/etc/localtime").resolve()
        if "zoneinfo" in link.parts:
            candidates.append("/".join(link.parts[link.parts.index("zoneinfo") + 1 :]))
    except OSError:
        pass
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for candidate in candidates:
        if not candidate:
            continue
        try:
            return ZoneInfo(candidate)
        except (ZoneInfoNotFoundError, ValueError):
            if candidate == name:
                raise ConfigError(
                    f"unknown time zone '{name}' (use a name like 'Europe/Berlin')"
                ) from None
    return ZoneInfo("UTC")


@dataclass(frozen=True)
class Clock:
    """Gives the current time in the user's zone."""

    zone: tzinfo
    fixed: datetime | None = None

    def now(self) -> datetime:
        """The current time, aware, in the user's zone."""
        if self.fixed is not None:
            return self.fixed.astimezone(self.zone)
        return datetime.now(self.zone)

    @classmethod
    def for_user(cls, zone_name: str = "") -> Clock:
        """The clock for this user: configured zone, optionally pinned by `BOTPSY_NOW`."""
        zone = local_zone(zone_name)
        pinned = os.environ.get("BOTPSY_NOW")
        if not pinned:
            return cls(zone)
        try:
            fixed = datetime.fromisoformat(pinned)
        except ValueError:
            raise ConfigError(f"BOTPSY_NOW must be ISO 8601, got {pinned!r}") from None
        if fixed.tzinfo is None:
            fixed = fixed.replace(tzinfo=zone)
        return cls(zone, fixed)
