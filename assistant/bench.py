"""`botpsy bench`: where a request's time goes, beside a bare llama-cpp-python run of the same work.

Measured, for the configured model (each in a fresh process, as a user runs it):
  * `botpsy --help`, and a request answered by a local intent;
  * the model alone: load time, prompt processing and generation tokens per second;
  * a one-shot request on the model path, split into process start, model load,
    prompt, generation and tools, with the prompt cache cold and then warm;
  * a bare script that loads the same model with llama-cpp-python and processes
    the same prompts, generating the same number of tokens (recorded through
    `BOTPSY_TRACE`), with its own process start included;
  * a follow-up turn in a new process (`-c`), and how many of its prompt tokens were new;
  * peak memory of each process.

The request offers every installed tool by default (a stable prompt prefix the cache
keeps); `--max-tools N` measures per-request tool selection instead.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from assistant.errors import ExitStatus

# A request only the model can answer (no tool fits it): the starter model runs on it. A
# tool-call request ("Add a dentist appointment on Friday at 3pm to my calendar") is filled from
# the user's own values on the starter, with no model run; on a tool-trained model it measures
# the call path: time it with --request (docs/benchmarks.md does both).
DEFAULT_REQUEST = "Tell me a joke about penguins"
FOLLOWUP = "Tell me another one"

BARE_SCRIPT = r"""
import json, os, sys, time
started = time.perf_counter()
import llama_cpp
from assistant.models.llama_cpp import extra_buffers, quiet_stderr, usable_cores
path, context, trace = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with quiet_stderr(), extra_buffers(False):
    llama = llama_cpp.Llama(model_path=path, n_ctx=context, n_threads=usable_cores(),
                            n_threads_batch=usable_cores(), seed=42, verbose=False)
eos = llama.token_eos()
steps = open(trace, encoding="utf-8").readlines() if os.path.exists(trace) else []
for line in steps:  # none when the harness filled the call without running the model
    step = json.loads(line)
    if step["tokens"]:
        llama.create_completion(step["prompt"], max_tokens=step["tokens"], temperature=0.0,
                                logit_bias={eos: -100.0})
print(json.dumps({"seconds": time.perf_counter() - started}))
"""


def _oneshot(label: str, wall: float, data: dict[str, Any], trace: Path) -> dict[str, Any]:
    """One request's figures, from its `--json` output."""
    timings = data["timings"]
    return {
        "label": label,
        "wall_seconds": wall,
        "process_start_seconds": max(0.0, wall - timings.get("total", 0.0)),
        "model_load_seconds": timings.get("load_seconds", 0.0),
        "prompt_seconds": timings.get("prompt_seconds", 0.0),
        "generation_seconds": timings.get("generation_seconds", 0.0),
        "tools_seconds": timings.get("tools", 0.0),
        "prompt_tokens_processed": int(timings.get("prompt_tokens", 0)),
        "prompt_tokens_cached": int(timings.get("cached_tokens", 0)),
        "generated_tokens": int(timings.get("generated_tokens", 0)),
        "tool_calls": [c["tool"] for c in data.get("tool_calls", [])],
        "path": data.get("path"),
        "trace": str(trace),
    }


def _new_turn_tokens(path: Path, text: str) -> int:
    """Tokens a follow-up adds: the new user turn and the reply's opening, in the model's template."""
    import llama_cpp

    from assistant.formats.templates import ChatTemplate
    from assistant.messages import Message
    from assistant.models.llama_cpp import quiet_stderr
    from assistant.prompts import load_prompt

    with quiet_stderr():
        vocab = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
    source = (vocab.metadata or {}).get("tokenizer.chat_template") or load_prompt("chatml.jinja")
    rendered = ChatTemplate(source).render([Message("user", text)], [])
    count = len(vocab.tokenize(rendered.encode(), add_bos=False, special=True))
    vocab.close()
    return count


def _run(command: list[str], env: dict[str, str], request: bool = False) -> tuple[float, str]:
    """Wall seconds and stdout of a child process (which must succeed; a request may also end
    with status 1, a tool that failed: it was still answered and timed)."""
    started = time.perf_counter()
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    wall = time.perf_counter() - started
    if done.returncode != 0 and not (request and done.returncode == 1 and done.stdout.strip()):
        raise RuntimeError(f"{' '.join(command[:5])} failed: {done.stderr.strip()[-400:]}")
    return wall, done.stdout


def _peak_of_children() -> int:
    import resource

    return int(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def _model_speed(path: Path, context: int) -> dict[str, float]:
    """Load time and raw prompt/generation speed of the model, in this process."""
    from assistant.config import ModelSettings
    from assistant.models.llama_cpp import LlamaCppModel

    model = LlamaCppModel(path, ModelSettings(context=context, prompt_cache=False))
    model.load()
    llama = model._llama
    text = " ".join(["The quick brown fox jumps over the lazy dog."] * 45)
    tokens = llama.tokenize(text.encode(), add_bos=True)
    llama.reset()
    started = time.perf_counter()
    llama.eval(tokens)
    prompt_seconds = time.perf_counter() - started
    llama.reset()
    started = time.perf_counter()
    result = llama.create_completion("Once upon a time", max_tokens=64, temperature=0.0,
                                     logit_bias={llama.token_eos(): -100.0})  # fmt: skip
    generation_seconds = time.perf_counter() - started
    generated = result["usage"]["completion_tokens"]
    load = model.load_seconds
    model.close()
    return {
        "load_seconds": load,
        "prompt_tokens_per_second": len(tokens) / prompt_seconds,
        "generation_tokens_per_second": generated / generation_seconds,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """All figures, as one dict."""
    from assistant.app import model_path
    from assistant.config import load_config

    config = load_config(args.config)
    path = Path(args.model).expanduser() if args.model else model_path(config)
    work = Path(tempfile.mkdtemp(prefix="botpsy-bench-"))
    env = dict(os.environ)
    env.update({"HOME": str(work), "XDG_DATA_HOME": str(work / "data"), "XDG_CACHE_HOME": str(work / "cache"),
                "XDG_CONFIG_HOME": str(work / "config")})  # fmt: skip
    settings = work / "bench.toml"  # every installed tool offered, unless --max-tools says
    settings.write_text(f"[agent]\nmax_tools = {args.max_tools or 10_000}\n[model]\n"
                        f"max_tokens = {args.max_tokens}\ncontext = {args.context}\n", "utf-8")  # fmt: skip
    env["BOTPSY_CONFIG"] = str(settings)
    botpsy = [sys.executable, "-m", "assistant"]
    model_flag = ["--model", str(path)]
    figures: dict[str, Any] = {"model": path.name, "request": args.request}

    helps = [_run([*botpsy, "--help"], env)[0] for _ in range(args.runs)]
    figures["help_seconds"] = statistics.median(helps)
    intents = [
        _run([*botpsy, "--json", "add bench check Friday 3pm"], env)[0] for _ in range(args.runs)
    ]
    figures["intent_seconds"] = statistics.median(intents)

    figures.update(_model_speed(path, args.context))

    oneshots = []
    for label in ("cold_cache", "warm_cache"):
        trace = work / f"trace-{label}.jsonl"
        trace.unlink(missing_ok=True)
        wall, out = _run([*botpsy, "--json", "--no-intents", *model_flag, args.request],
                         {**env, "BOTPSY_TRACE": str(trace)}, request=True)  # fmt: skip
        oneshots.append(_oneshot(label, wall, json.loads(out), trace))
    trace = work / "trace-followup.jsonl"
    wall, out = _run([*botpsy, "--json", "--no-intents", *model_flag, "-c", args.followup],
                     {**env, "BOTPSY_TRACE": str(trace)}, request=True)  # fmt: skip
    followup = _oneshot("followup", wall, json.loads(out), trace)
    figures["oneshot"] = oneshots
    figures["followup"] = followup
    cold, warm = oneshots
    bare_wall, bare_out = _run(
        [sys.executable, "-c", BARE_SCRIPT, str(path), str(args.context), warm["trace"]],
        env,
    )
    figures["bare_seconds"] = bare_wall
    figures["bare_inner_seconds"] = json.loads(bare_out)["seconds"]
    figures["oneshot_seconds"] = warm["wall_seconds"]
    figures["oneshot_ratio"] = warm["wall_seconds"] / bare_wall
    figures["cold_seconds"] = cold["wall_seconds"]
    figures["request_tokens"] = warm["prompt_tokens_processed"] + warm["prompt_tokens_cached"]
    figures["warm_prompt_tokens"] = warm["prompt_tokens_processed"]
    figures["followup_seconds"] = followup["wall_seconds"]
    figures["followup_prompt_tokens"] = followup["prompt_tokens_processed"]
    figures["followup_new_tokens"] = _new_turn_tokens(path, args.followup)
    figures["tools_offered"] = args.max_tools or "all"
    figures["peak_memory_mb"] = _peak_of_children() / 1024
    figures["peak_rss_mb"] = figures["peak_memory_mb"]
    return figures


def print_figures(f: dict[str, Any]) -> None:
    """The figures as a readable report."""
    print(f"model {f['model']}")
    print(f"  botpsy --help                 {f['help_seconds']:.3f} s")
    print(f"  local intent, end to end      {f['intent_seconds']:.3f} s")
    print(f"  model load                    {f['load_seconds']:.3f} s")
    print(f"  prompt processing             {f['prompt_tokens_per_second']:.0f} tokens/s")
    print(f"  generation                    {f['generation_tokens_per_second']:.0f} tokens/s")
    print(f"one-shot on the model path: {f['request']!r}")
    for run in [*f["oneshot"], f["followup"]]:
        print(f"  {run['label']:<11} total {run['wall_seconds']:.2f} s = start {run['process_start_seconds']:.2f}"
              f" + load {run['model_load_seconds']:.2f} + prompt {run['prompt_seconds']:.2f}"
              f" + generation {run['generation_seconds']:.2f} + tools {run['tools_seconds']:.3f} (+ rest);"
              f" prompt tokens processed {run['prompt_tokens_processed']}, from cache {run['prompt_tokens_cached']},"
              f" generated {run['generated_tokens']}")  # fmt: skip
    print(f"  bare llama-cpp-python, same prompts and tokens: {f['bare_seconds']:.2f} s")
    print(f"  ratio (one-shot, cache warm / bare): {f['oneshot_ratio']:.2f}")
    print(
        f"  request tokens {f['request_tokens']}, processed with the cache warm {f['warm_prompt_tokens']}"
    )
    print(
        f"  follow-up (-c): processed {f['followup_prompt_tokens']} prompt tokens, "
        f"{f['followup_new_tokens']} of them new"
    )
    print(f"  peak memory of a process: {f['peak_memory_mb']:.0f} MB")


def main(argv: list[str]) -> int:
    """`botpsy bench [--json] [--model PATH] [--request TEXT] [--runs N]`."""
    parser = argparse.ArgumentParser(
        prog="botpsy bench", description="Where a request's time goes."
    )
    parser.add_argument("--model", help="a GGUF file (default: the configured model)")
    parser.add_argument("--config", help="the config file")
    parser.add_argument("--request", default=DEFAULT_REQUEST, help="the one-shot request to time")
    parser.add_argument("--followup", default=FOLLOWUP, help="the second turn, run with -c")
    parser.add_argument("--runs", type=int, default=3, help="runs of the quick measures (median)")
    parser.add_argument(
        "--max-tools",
        type=int,
        default=0,
        help="offer only the N most relevant tools (default: all)",
    )
    parser.add_argument("--max-tokens", type=int, default=64, help="the model's reply budget")
    parser.add_argument(
        "--context", type=int, default=8192, help="context size (every tool's definition fits)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    figures = run(args)
    if args.json:
        for run_ in [*figures["oneshot"], figures["followup"]]:
            run_.pop("trace", None)
        print(json.dumps(figures, indent=2))
    else:
        print_figures(figures)
    return ExitStatus.OK
