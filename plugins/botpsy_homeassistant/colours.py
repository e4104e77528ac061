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
    # names people say for shades, longest first where one holds another ("sky blue")
    "sky blue": (135, 206, 235),
    "baby blue": (137, 207, 240),
    "navy blue": (0, 0, 128),
    "navy": (0, 0, 128),
    "royal blue": (65, 105, 225),
    "aqua": (0, 255, 255),
    "hot pink": (255, 105, 180),
    "rose": (255, 0, 127),
    "fuchsia": (255, 0, 255),
    "lilac": (200, 162, 200),
    "mauve": (224, 176, 255),
    "maroon": (128, 0, 0),
    "burgundy": (128, 0, 32),
    "scarlet": (255, 36, 0),
    "ruby": (224, 17, 95),
    "salmon": (250, 128, 114),
    "peach": (255, 218, 185),
    "lime green": (50, 205, 50),
    "forest green": (34, 139, 34),
    "emerald": (80, 200, 120),
    "mint": (152, 255, 152),
    "olive": (128, 128, 0),
    "beige": (245, 245, 220),
    "cream": (255, 253, 208),
    "silver": (192, 192, 192),
    "daylight": (212, 235, 255),
    "candlelight": (255, 147, 41),
}
_SPELLING = {"grey": "white", "gray": "white", "colour": "", "color": ""}
# Words that shade a colour without naming another: "pale green" is green to a bulb.
_SHADES = ("light ", "dark ", "pale ", "deep ", "bright ", "soft ")


def rgb(name: str) -> tuple[int, int, int]:
    """The RGB of a colour name ('Blue', 'pale blue' is blue, 'warm white'); one line if unknown."""
    cleaned = " ".join(w for w in name.casefold().split() if _SPELLING.get(w, w))
    bare = cleaned
    for shade in _SHADES:
        bare = bare.removeprefix(shade)
    for candidate in (cleaned, bare):
        if candidate in COLOURS:
            return COLOURS[candidate]
    known = ", ".join(sorted(COLOURS))
    raise ToolArgumentError(f"unknown colour '{name}' (known: {known})")
