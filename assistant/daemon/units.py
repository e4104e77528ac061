"""`botpsy daemon install | uninstall`: a systemd user unit on Linux, a launchd agent on macOS.

The unit text comes from packaging/ (shipped in the wheel as
`assistant/packaging/...`, or read from the source checkout); a built-in copy of
the same template is the last resort. `@BOTPSY_EXECUTABLE@` becomes the botpsy
command this process runs from, so the service runs the same install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from assistant.errors import BotpsyError, UsageError

PLACEHOLDER = "@BOTPSY_EXECUTABLE@"
SYSTEMD_NAME = "botpsy-daemon.service"
LAUNCHD_LABEL = "org.botpsy.daemon"

# Used only when neither the wheel nor the checkout has packaging/ (the same template).
FALLBACK_SYSTEMD = """\
[Unit]
Description=botpsy daemon: reminders, alarms and timers while the app is closed
After=default.target

[Service]
Type=simple
ExecStart=@BOTPSY_EXECUTABLE@ daemon
KillSignal=SIGTERM
Restart=on-failure
RestartSec=10

[Install]
WantedBy=default.target
"""
FALLBACK_LAUNCHD = """\
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>Label</key>
    <string>org.botpsy.daemon</string>
    <key>ProgramArguments</key>
    <array>
        <string>@BOTPSY_EXECUTABLE@</string>
        <string>daemon</string>
    </array>
    <key>RunAtLoad</key>
    <true/>
    <key>KeepAlive</key>
    <dict>
        <key>SuccessfulExit</key>
        <false/>
    </dict>
</dict>
</plist>
"""


class ServiceManagerError(BotpsyError):
    """The unit was written but systemctl or launchctl could not enable it."""


@dataclass(frozen=True)
class Unit:
    """Where this system's service file goes, and the template it is made from."""

    system: str  # "systemd" or "launchd"
    path: Path
    template: str
    fallback: str

    def text(self, executable: str) -> str:
        """The service file for `executable`, from packaging/ if it can be found."""
        return unit_template(self.template, self.fallback).replace(PLACEHOLDER, executable)


def unit_for_platform() -> Unit:
    """The systemd user unit (Linux) or launchd agent (macOS) of this user."""
    if sys.platform == "darwin":
        path = Path.home() / "Library" / "LaunchAgents" / f"{LAUNCHD_LABEL}.plist"
        return Unit("launchd", path, f"launchd/{LAUNCHD_LABEL}.plist", FALLBACK_LAUNCHD)
    if sys.platform.startswith("linux"):
        config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
        path = config / "systemd" / "user" / SYSTEMD_NAME
        return Unit("systemd", path, f"systemd/{SYSTEMD_NAME}", FALLBACK_SYSTEMD)
    raise UsageError(f"botpsy daemon install is not supported on {sys.platform} yet")


def unit_template(relative: str, fallback: str) -> str:
    """packaging/RELATIVE from the installed package data, else the checkout, else `fallback`."""
    shipped = resources.files("assistant").joinpath("packaging", *relative.split("/"))
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[2] / "packaging" / relative
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    return fallback


def botpsy_executable() -> str:
    """The absolute botpsy command of this install (the script beside this Python first)."""
    beside = Path(sys.executable).parent / "botpsy"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("botpsy")
    if found:
        return str(Path(found).resolve())
    raise UsageError("cannot find the botpsy command to run; install botpsy with pipx or pip first")


def install(start: bool = True) -> list[str]:
    """Write the unit and (with `start`) enable and start it; the lines to tell the user."""
    unit = unit_for_platform()
    unit.path.parent.mkdir(parents=True, exist_ok=True)
    unit.path.write_text(unit.text(botpsy_executable()), encoding="utf-8")
    said = [f"wrote {unit.path}"]
    if not start:
        return said
    if unit.system == "systemd":
        _run(["systemctl", "--user", "daemon-reload"], unit)
        _run(["systemctl", "--user", "enable", "--now", SYSTEMD_NAME], unit)
        said.append(f"enabled and started {SYSTEMD_NAME} (systemctl --user status {SYSTEMD_NAME})")
    else:
        domain = f"gui/{os.getuid()}"
        subprocess.run(["launchctl", "bootout", domain, str(unit.path)], capture_output=True)
        _run(["launchctl", "bootstrap", domain, str(unit.path)], unit)
        said.append(f"loaded {LAUNCHD_LABEL} (launchctl print {domain}/{LAUNCHD_LABEL})")
    return said


def uninstall() -> list[str]:
    """Stop and disable the service and remove its file; the lines to tell the user."""
    unit = unit_for_platform()
    said = []
    if unit.system == "systemd" and shutil.which("systemctl"):
        subprocess.run(
            ["systemctl", "--user", "disable", "--now", SYSTEMD_NAME], capture_output=True
        )
    elif unit.system == "launchd" and shutil.which("launchctl"):
        domain = f"gui/{os.getuid()}"
        subprocess.run(["launchctl", "bootout", domain, str(unit.path)], capture_output=True)
    if unit.path.exists():
        unit.path.unlink()
        said.append(f"removed {unit.path}")
    else:
        said.append(f"nothing to remove: {unit.path} does not exist")
    if unit.system == "systemd" and shutil.which("systemctl"):
        subprocess.run(["systemctl", "--user", "daemon-reload"], capture_output=True)
    return said


def _run(command: list[str], unit: Unit) -> None:
    """Run a service manager command; failing, say the unit is written and how to finish."""
    manual = " ".join(command)
    if shutil.which(command[0]) is None:
        raise ServiceManagerError(
            f"wrote {unit.path}, but {command[0]} is not here to enable it; run `{manual}` "
            "where it is, or start `botpsy daemon` yourself"
        )
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        why = (done.stderr or done.stdout).strip().splitlines()
        raise ServiceManagerError(
            f"wrote {unit.path}, but `{manual}` failed: {why[0] if why else done.returncode}"
        )
