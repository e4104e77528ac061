"""Levels people say: '30', '30%', 'up', 'down', '+5', '-20', 'max', for volume and brightness."""

from __future__ import annotations

import re

from botpsy_device.common import DeviceError

MAX = 100
STEP = 10
_WORDS = {
    "up": STEP,
    "louder": STEP,
    "higher": STEP,
    "brighter": STEP,
    "more": STEP,
    "down": -STEP,
    "quieter": -STEP,
    "lower": -STEP,
    "softer": -STEP,
    "dimmer": -STEP,
    "less": -STEP,
}
_NAMED = {"max": 100, "maximum": 100, "full": 100, "half": 50, "min": 0, "minimum": 0}
_LEVEL = re.compile(r"^(?P<sign>[+-])?\s*(?P<number>\d{1,4})\s*(?:%|percent)?$")


def target(level: str, current: int, what: str = "volume") -> int:
    """The percent `level` asks for from `current`, clamped to 0..100 for steps.

    A number above 100 or a word botpsy does not know is an error, so a wrong
    call changes nothing.
    """
    text = " ".join(str(level).lower().split())
    if text in _WORDS:
        return max(0, min(MAX, current + _WORDS[text]))
    if text in _NAMED:
        return _NAMED[text]
    m = _LEVEL.match(text)
    if not m:
        raise DeviceError(
            f"{what}: '{level}' is not a {what} level; give a percent from 0 to 100, or 'up' or 'down'"
        )
    number = int(m.group("number"))
    if m.group("sign"):
        step = number if m.group("sign") == "+" else -number
        return max(0, min(MAX, current + step))
    if number > MAX:
        raise DeviceError(f"{what}: {number}% is more than the most; give a percent from 0 to 100")
    return number
