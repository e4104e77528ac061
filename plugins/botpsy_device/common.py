"""What every device tool shares: its one-line error, the platform check, and running a helper program.

The tools drive this computer through programs and buses the desktop already
has (pactl, the session D-Bus, xdg-open, /sys). Each failure is one
`DeviceError` line that names what is missing, and nothing is changed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from assistant.api import ToolError

# A helper program that takes longer than this is stuck (an audio server that hangs).
TIMEOUT = 10.0
_PLATFORMS = {"darwin": "macOS", "win32": "Windows", "cygwin": "Windows"}


class DeviceError(ToolError):
    """The computer could not do it: no audio server, no player, no backlight, a helper failed."""


def require_linux(what: str) -> None:
    """Fail in one line on macOS and Windows, where these tools are not written yet."""
    name = _PLATFORMS.get(sys.platform)
    if name is None and not sys.platform.startswith("linux"):
        name = sys.platform
    if name is not None:
        raise DeviceError(f"{what} is not supported on {name} yet (botpsy does it on Linux only)")


def program(name: str) -> str | None:
    """The path of a helper program, or None when it is not installed."""
    return shutil.which(name)


def run(command: list[str], what: str) -> str:
    """Run a helper program and return its output; a failure is one line naming `what`."""
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL
        )
    except FileNotFoundError:
        raise DeviceError(f"{what}: {command[0]} is not installed") from None
    except subprocess.TimeoutExpired:
        raise DeviceError(f"{what}: {command[0]} did not answer in {TIMEOUT:.0f} seconds") from None
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        detail = said[-1] if said else f"exit status {done.returncode}"
        raise DeviceError(f"{what}: {detail[:200]}")
    return done.stdout
