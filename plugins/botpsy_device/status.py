"""Battery, disk and network status, read-only, from what Linux exposes in /sys and /proc.

Nothing here needs a privilege or a helper that may be missing: the battery
is /sys/class/power_supply, disk space is statvfs, and the network is
/sys/class/net plus the kernel's routing table. `sysfs` and `procfs` are
parameters so the tests can point them at a tree of their own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botpsy_device.common import require_linux


def _read(path: Path) -> str:
    try:
        return path.read_text("utf-8", "replace").strip()
    except OSError:
        return ""


@dataclass(frozen=True)
class Battery:
    """One battery's charge and state."""

    name: str
    percent: int | None
    status: str  # Charging, Discharging, Full, Not charging, Unknown
    hours_left: float | None

    def describe(self) -> str:
        """'Battery BAT0: 73%, discharging, about 2.5 hours left'."""
        text = f"Battery {self.name}: " + (
            f"{self.percent}%" if self.percent is not None else "charge unknown"
        )
        text += f", {self.status.lower()}" if self.status else ""
        if self.hours_left is not None:
            text += f", about {self.hours_left:.1f} hours left"
        return text


def batteries(sysfs: Path = Path("/sys")) -> tuple[list[Battery], bool | None]:
    """The batteries, and whether mains power is connected (None when nothing says)."""
    require_linux("battery status")
    found, mains = [], None
    root = sysfs / "class" / "power_supply"
    for supply in sorted(root.iterdir()) if root.is_dir() else []:
        kind = _read(supply / "type")
        if kind == "Mains":
            mains = bool(mains) or _read(supply / "online") == "1"
        if kind != "Battery" or _read(supply / "present") == "0":
            continue
        capacity = _read(supply / "capacity")
        status = _read(supply / "status")
        found.append(
            Battery(
                supply.name,
                int(capacity) if capacity.isdigit() else None,
                status,
                _hours(supply, status),
            )
        )
    return found, mains


def _hours(supply: Path, status: str) -> float | None:
    """Hours to empty while discharging, from energy or charge and its rate."""
    if status != "Discharging":
        return None
    for amount, rate in (("energy_now", "power_now"), ("charge_now", "current_now")):
        left, use = _read(supply / amount), _read(supply / rate)
        if left.isdigit() and use.isdigit() and int(use) > 0:
            return round(int(left) / int(use), 1)
    return None


@dataclass(frozen=True)
class Disk:
    """Space on the file system holding one folder."""

    folder: str
    total: int
    free: int

    def describe(self) -> str:
        """'~: 120.4 GB free of 480.0 GB (75% used)'."""
        used = 100 - round(100 * self.free / self.total) if self.total else 0
        return f"{self.folder}: {self.free / 1e9:.1f} GB free of {self.total / 1e9:.1f} GB ({used}% used)"


def disks(folders: list[Path]) -> list[Disk]:
    """Free space for each folder's file system, each file system once."""
    seen, found = set(), []
    for folder in folders:
        try:
            device = os.stat(folder).st_dev
            usage = shutil.disk_usage(folder)
        except OSError:
            continue
        if device in seen:
            continue
        seen.add(device)
        home = str(Path.home())
        shown = "~" + str(folder)[len(home) :] if str(folder).startswith(home) else str(folder)
        found.append(Disk(shown, usage.total, usage.free))
    return found


@dataclass(frozen=True)
class Link:
    """One network interface: up or down, wireless or wired, its addresses."""

    name: str
    up: bool
    wireless: bool
    addresses: list[str]
    default_route: bool

    def describe(self) -> str:
        """'wlan0 (Wi-Fi): connected, 192.168.1.20, default route'."""
        kind = (
            "Wi-Fi"
            if self.wireless
            else "wired"
            if not self.name.startswith(("tun", "wg"))
            else "VPN"
        )
        text = f"{self.name} ({kind}): {'connected' if self.up else 'not connected'}"
        if self.addresses:
            text += ", " + ", ".join(self.addresses)
        return text + (", carries the internet traffic" if self.default_route else "")


def default_interfaces(procfs: Path = Path("/proc")) -> set[str]:
    """Interfaces with a default route in the kernel's IPv4 routing table."""
    found = set()
    for line in _read(procfs / "net" / "route").splitlines()[1:]:
        fields = line.split()
        if len(fields) > 2 and fields[1] == "00000000":
            found.add(fields[0])
    return found


def addresses() -> dict[str, list[str]]:
    """IPv4 and global IPv6 addresses by interface, from `ip -j addr` when it is installed."""
    ip = shutil.which("ip")
    if not ip:
        return {}
    try:
        done = subprocess.run([ip, "-j", "addr"], capture_output=True, text=True, timeout=5)
        listed: list[dict[str, Any]] = json.loads(done.stdout or "[]")
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return {}
    found: dict[str, list[str]] = {}
    for link in listed:
        for info in link.get("addr_info", []):
            if info.get("family") == "inet" or info.get("scope") == "global":
                found.setdefault(str(link.get("ifname")), []).append(str(info.get("local")))
    return found


def links(sysfs: Path = Path("/sys"), procfs: Path = Path("/proc")) -> list[Link]:
    """Every network interface but loopback."""
    require_linux("network status")
    root = sysfs / "class" / "net"
    routed, known = default_interfaces(procfs), addresses()
    found = []
    for interface in sorted(root.iterdir()) if root.is_dir() else []:
        if interface.name == "lo":
            continue
        state = _read(interface / "operstate")
        up = state == "up" or (state == "unknown" and bool(known.get(interface.name)))
        found.append(
            Link(
                interface.name,
                up,
                (interface / "wireless").exists(),
                known.get(interface.name, []),
                interface.name in routed,
            )
        )
    return found
