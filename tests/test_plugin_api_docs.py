"""docs/plugins.md stays true: its hook reference matches assistant/hookspecs.py, its tutorial's
code is verbatim from the example plugin (which tests/test_plugin_kit.py installs and tests),
and it names everything `assistant.api` exports."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from assistant import api, hookspecs

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")


def hookspec_signatures() -> dict[str, list[str]]:
    """Every hook botpsy declares, with its parameter names."""
    return {
        name: list(inspect.signature(function).parameters)
        for name, function in vars(hookspecs).items()
        if callable(function) and hasattr(function, f"{hookspecs.PROJECT}_spec")
    }


def documented_hooks() -> dict[str, list[str]]:
    """The `### name(a, b)` headings of the guide's hook reference."""
    section = GUIDE.split("## Hook reference", 1)[1].split("\n## ", 1)[0]
    return {
        m.group(1): [p.strip() for p in m.group(2).split(",") if p.strip()]
        for m in re.finditer(r"^### (\w+)\(([^)]*)\)$", section, re.M)
    }


def test_every_hook_is_documented_with_its_parameters() -> None:
    specs = hookspec_signatures()
    assert {"register_tools", "register_commands", "startup", "shutdown"} <= set(specs)
    assert documented_hooks() == specs


def excerpts() -> list[tuple[str, str]]:
    """(file, code) for every code block the guide marks `<!-- from: FILE -->`."""
    pattern = re.compile(r"<!-- from: (\S+) -->\n```\w*\n(.*?)```", re.S)
    return [(m.group(1), m.group(2)) for m in pattern.finditer(GUIDE)]


def test_the_guide_quotes_the_example_in_many_places() -> None:
    files = {name for name, _ in excerpts()}
    assert len(excerpts()) >= 12 and len(files) >= 5


@pytest.mark.parametrize(("name", "code"), excerpts(), ids=lambda v: str(v)[:40])
def test_tutorial_code_is_verbatim_from_the_example(name: str, code: str) -> None:
    source = (ROOT / name).read_text(encoding="utf-8")
    assert code in source, f"docs/plugins.md quotes code that is not in {name}"


def test_the_guide_names_every_public_name() -> None:
    missing = [name for name in api.__all__ if f"`{name}" not in GUIDE]
    assert missing == []


def test_the_guide_states_the_current_api_version() -> None:
    assert f"(now `{api.API_VERSION}`)" in GUIDE
