"""Plugins: entry points (built-ins included), failures isolated, unknown hooks caught."""

from __future__ import annotations

from typing import Literal

import pytest

from assistant.clock import Clock
from assistant.config import Config
from assistant.errors import PluginError
from assistant.hookspecs import PluginContext, hookimpl
from assistant.plugins import load_plugins
from assistant.tools import Effect, Tool, ToolRegistry, tool


def test_builtin_calendar_comes_through_the_entry_point(config: Config, clock: Clock) -> None:
    loaded = load_plugins(PluginContext(config, clock))
    assert "calendar" in loaded.names
    create = loaded.tools.get("calendar_create_event")
    assert create is not None and create.plugin == "calendar" and create.effect is Effect.WRITE
    assert create.parameters["required"] == ["title", "start"]
    assert "Friday 3pm" in create.parameters["properties"]["start"]["description"]
    assert next(i.name for i in loaded.intents.intents).startswith("calendar.")


class Broken:
    @hookimpl
    def register_tools(self, register: object) -> None:
        raise RuntimeError("cannot reach my server")


class Misspelled:
    @hookimpl
    def register_toolz(self, register: object) -> None:  # not a botpsy hook
        pass


def test_a_failing_plugin_is_reported_and_the_rest_work(
    config: Config, clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = load_plugins(PluginContext(config, clock), {"broken": Broken(), "typo": Misspelled()})
    assert loaded.tools.get("calendar_create_event") is not None
    err = capsys.readouterr().err
    assert "plugin 'broken' failed in register_tools: cannot reach my server" in err
    assert "plugin 'typo' has an unknown hook" in err


def test_plugins_can_be_restricted_by_environment(
    config: Config, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOTPSY_DISABLE_PLUGINS", "calendar")
    assert load_plugins(PluginContext(config, clock)).tools.get("calendar_create_event") is None
    monkeypatch.delenv("BOTPSY_DISABLE_PLUGINS")
    monkeypatch.setenv("BOTPSY_PLUGINS", "")
    assert len(load_plugins(PluginContext(config, clock)).tools) == 0


def test_tools_need_an_effect_and_unique_names() -> None:
    def loose(x: int) -> int:
        """No effect declared."""
        return x

    with pytest.raises(PluginError, match="must declare its effect"):
        Tool.from_function(loose)

    @tool(Effect.READ)
    def twice() -> str:
        """Twice."""
        return ""

    registry = ToolRegistry()
    registry.register_callback("a")(twice)
    with pytest.raises(PluginError, match="clashes"):
        registry.register_callback("b")(twice)


def test_schema_from_signature_and_docstring() -> None:

    @tool(Effect.WRITE)
    def lights_set(
        room: str,
        on: bool,
        level: int = 100,
        mode: Literal["warm", "cold"] = "warm",
        tags: list[str] | None = None,
    ) -> str:
        """Switch the lights in a room.

        Args:
            room: the room's name
            on: true to switch on
            level: brightness in percent
        """
        return "ok"

    built = Tool.from_function(lights_set)
    assert built.description == "Switch the lights in a room."
    props = built.parameters["properties"]
    assert props["room"] == {"type": "string", "description": "the room's name"}
    assert props["on"]["type"] == "boolean" and props["level"]["default"] == 100
    assert props["mode"]["enum"] == ["warm", "cold"]
    assert props["tags"] == {"type": "array", "items": {"type": "string"}}
    assert built.parameters["required"] == ["room", "on"]
    from assistant.schema import coerce_arguments

    assert coerce_arguments(
        {"room": "hall", "on": "True", "level": "40", "mode": "WARM", "tags": "a, b"},
        built.parameters,
    ) == {"room": "hall", "on": True, "level": 40, "mode": "warm", "tags": ["a", "b"]}
