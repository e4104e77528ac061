"""Real inference: the starter model through llama-cpp-python. One model per process, run serially."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.config import Config, ModelSettings
from assistant.messages import Message
from assistant.models.base import GenerationOptions
from assistant.models.llama_cpp import LlamaCppModel
from assistant.tools import Effect, Tool, tool
from tests.conftest import SHARED
from tests.helpers import collect, starter_model

pytestmark = pytest.mark.inference


@tool(Effect.WRITE)
def calendar_create_event(title: str, start: str) -> str:
    """Add an event to the calendar.

    Args:
        title: short name of the event
        start: when it starts, e.g. 'Friday 3pm'
    """
    return "ok"


TOOLS = [Tool.from_function(calendar_create_event).definition()]


@pytest.fixture(scope="module")
def model() -> Iterator[LlamaCppModel]:
    yield from starter_model()


def test_loads_lazily_and_reads_the_gguf(model: LlamaCppModel) -> None:
    info = model.load()
    assert info.architecture == "llama"
    assert "<|im_start|>" in info.template.source  # the GGUF's own ChatML template
    assert info.eos_text == "<|im_end|>"
    assert model.load_seconds > 0


def test_streams_a_plain_reply(model: LlamaCppModel) -> None:
    messages = [Message("user", "Say hello in one short sentence.")]
    streamed, turn = collect(
        model.respond(messages, [], GenerationOptions(max_tokens=24, temperature=0))
    )
    assert turn.content and streamed.strip() == turn.content.strip()
    assert turn.stats.generated_tokens > 0 and turn.stats.prompt_tokens > 0
    assert "<|im_end|>" not in turn.raw


def test_the_prompt_carries_the_tool_block(model: LlamaCppModel) -> None:
    prompt = model.render([Message("user", "add dentist Friday 3pm")], TOOLS, GenerationOptions())
    assert prompt.startswith("<|im_start|>system\n# Tools")
    assert '"name": "calendar_create_event"' in prompt
    assert prompt.endswith(
        "<|im_start|>user\nadd dentist Friday 3pm<|im_end|>\n<|im_start|>assistant\n"
    )


def test_a_tool_call_is_parsed_from_real_output(model: LlamaCppModel) -> None:
    """With the call opened for it, the grammar keeps the model's call well formed."""
    options = GenerationOptions(max_tokens=96, tool_choice="calendar_create_event")
    messages = [Message("user", "add dentist Friday 3pm")]
    _, turn = collect(model.respond(messages, TOOLS, options))
    assert turn.raw.startswith("<tool_call>")
    assert turn.parse_errors == []
    call = turn.tool_calls[0]
    assert call.name == "calendar_create_event"
    assert set(call.arguments) == {"title", "start"} and all(call.arguments.values())


def test_the_second_turn_reuses_the_cached_prefix(model: LlamaCppModel) -> None:
    messages = [Message("system", "You are brief."), Message("user", "Name a colour.")]
    collect(model.respond(messages, TOOLS, GenerationOptions(max_tokens=8)))
    _, turn = collect(
        model.respond(
            [*messages, Message("assistant", "Blue."), Message("user", "Another.")],
            TOOLS,
            GenerationOptions(max_tokens=8),
        )
    )
    assert turn.stats.cached_tokens > 200  # the tool block was not processed again
    assert turn.stats.prompt_tokens < 40


def test_the_agent_runs_end_to_end_on_the_starter_model(
    model: LlamaCppModel, config: Config
) -> None:
    """The model path of a real request: whatever the weak model says, nothing crashes and all is audited."""
    from assistant.app import build_assistant
    from assistant.policy import NoTerminalApprover

    config.agent.max_turns = 2
    config.model.max_tokens = 48
    assistant = build_assistant(config, NoTerminalApprover(), model=model)
    request = "add dentist Friday 3pm"
    result = assistant.agent.run(request, use_intents=False)
    assert result.path == "model" and result.reply
    # the model wrote something, or the call was filled from the user's words alone
    # (an assisted call needs no model run where only one of the user's values fits)
    filled_from_request = bool(result.calls) and all(
        str(value).lower() in request.lower() or re.match(r"\d{4}-\d{2}-\d{2}T", str(value))
        for call in result.calls
        for value in call.arguments.values()
    )  # a time arrives resolved ("Friday 3pm" -> 2026-12-04T15:00)
    assert result.timings["generated_tokens"] > 0 or filled_from_request
    assert len(assistant.audit.recent()) == len(result.calls)


def test_a_cold_start_loads_the_prompt_prefix_from_disk(model: LlamaCppModel, home: object) -> None:
    """The system prompt and tools are processed once; a new process restores them from disk."""
    system = Message("system", "You are botpsy, a personal assistant. Be brief.")
    options = GenerationOptions(max_tokens=4, temperature=0)
    model.close()  # this test plays two processes in turn: never two models at once
    first = LlamaCppModel(model.path, ModelSettings(context=2048))
    _, built = collect(first.respond([system, Message("user", "hello")], TOOLS, options))
    first.close()
    second = LlamaCppModel(model.path, ModelSettings(context=2048))
    _, restored = collect(
        second.respond([system, Message("user", "what is on today?")], TOOLS, options)
    )
    second.close()
    assert built.stats.prefix_cache == "built" and restored.stats.prefix_cache == "disk"
    assert restored.stats.cached_tokens > 200  # the tool block came from disk
    assert restored.stats.prompt_tokens < 20  # only the request's own tokens were processed


def test_eval_bfcl_runs_any_directory_end_to_end(cli: Any, tmp_path: Path) -> None:
    shared = SHARED / "data/bfcl"
    data = tmp_path / "bfcl"
    (data / "possible_answer").mkdir(parents=True)
    for name in ("BFCL_v4_simple_python.json", "BFCL_v4_irrelevance.json"):
        (data / name).write_text("".join((shared / name).read_text().splitlines(True)[:2]))
    answers = (
        (shared / "possible_answer/BFCL_v4_simple_python.json").read_text().splitlines(True)[:2]
    )
    (data / "possible_answer/BFCL_v4_simple_python.json").write_text("".join(answers))
    done = cli("eval", "bfcl", "--data", str(data), "--json")
    assert done.status == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures["categories"]) == {"simple_python", "irrelevance"}
    for entry in figures["categories"].values():
        assert entry["cases"] == 2 and 0 <= entry["accuracy"] <= 1 and entry["seconds_per_case"] > 0
    assert "botpsy (assisted)" in done.stderr  # the progress bar
    table = cli("eval", "bfcl", "--data", str(data), "--category", "irrelevance", "--limit", "1")
    assert (
        table.status == 0 and "irrelevance" in table.stdout and "simple_python" not in table.stdout
    )
    bad = cli("eval", "bfcl", "--data", str(data), "--category", "live_simple")
    assert bad.status == 2 and "live_simple" in bad.stderr


def test_bench_prints_its_figures(cli: Any) -> None:
    done = cli("bench", "--json", "--runs", "1")
    assert done.status == 0, done.stderr
    figures = json.loads(done.stdout)
    for key in ("oneshot_seconds", "bare_seconds", "oneshot_ratio", "help_seconds", "intent_seconds",
                "load_seconds", "prompt_tokens_per_second", "generation_tokens_per_second",
                "peak_memory_mb"):  # fmt: skip
        assert figures[key] > 0, key
    cold, warm = figures["oneshot"]
    assert cold["label"] == "cold_cache" and warm["label"] == "warm_cache"
    assert warm["prompt_tokens_cached"] > 0
