"""Colour names people say, as the RGB Home Assistant's `light.turn_on` takes (`rgb_color`)."""

from __future__ import annotations

from assistant.api import ToolArgumentError

COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 255, 0),
    "orange": (255, 165, 0),
    "purple": (128, 0, 128),
    "violet": (238, 130, 238),
    "pink": (255, 192, 203),
    "magenta": (255, 0, 255),
    "cyan": (0, 255, 255),
    "turquoise": (64, 224, 208),
    "teal": (0, 128, 128),
    "lime": (0, 255, 0),
    "indigo": (75, 0, 130),
    "gold": (255, 215, 0),
    "amber": (255, 191, 0),
    "white": (255, 255, 255),
    "warm white": (255, 214, 170),
    "cool white": (212, 235, 255),
    "lavender": (230, 230, 250),
    "crimson": (220, 20, 60),
    "coral": (255, 127, 80),
    "brown": (165, 42, 42),
}
_SPELLING = {"grey": "white", "gray": "white", "colour": "", "color": ""}


def rgb(name: str) -> tuple[int, int, int]:
    """The RGB of a colour name ('Blue', 'light blue' is blue, 'warm white'); one line if unknown."""
    cleaned = " ".join(w for w in name.casefold().split() if _SPELLING.get(w, w))
    for candidate in (cleaned, cleaned.removeprefix("light ").removeprefix("dark ")):
        if candidate in COLOURS:
            return COLOURS[candidate]
    known = ", ".join(sorted(COLOURS))
    raise ToolArgumentError(f"unknown colour '{name}' (known: {known})")
