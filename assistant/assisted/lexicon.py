"""The assisted layer's word lists, kept as data (`assistant/assisted/data/*.toml`).

Which words describe a tool, which name a place, what a unit measures: these
are lists to read and extend, not logic, so they live beside the code as TOML,
one file per module, and ship in the wheel with the package.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def _data(module: str) -> dict[str, Any]:
    text = resources.files("assistant.assisted").joinpath(f"data/{module}.toml").read_text("utf-8")
    return tomllib.loads(text)


def words(module: str, key: str) -> frozenset[str]:
    """A set of words."""
    return frozenset(_data(module)[key])


def word_list(module: str, key: str) -> list[str]:
    """Words in their order (the order matters: months, languages)."""
    return list(_data(module)[key])


def table(module: str, key: str) -> dict[str, Any]:
    """A table from a word to what it stands for (a number, a code, a unit's dimension)."""
    return dict(_data(module)[key])
