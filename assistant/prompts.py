"""Prompt templates kept as files in `prompts/` (shipped inside the package when installed)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import assistant


@cache
def prompts_dir() -> Path:
    """`assistant/prompts` in an installed wheel, `prompts/` beside the package in a checkout."""
    package = Path(assistant.__file__).parent
    for candidate in (package / "prompts", package.parent / "prompts"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("botpsy's prompts folder is missing from this installation")


@cache
def load_prompt(name: str) -> str:
    """The text of one prompt file."""
    return (prompts_dir() / name).read_text(encoding="utf-8")
