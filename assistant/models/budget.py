"""`botpsy model info --prompt`: the tokens the system prompt and tools cost one model.

The prompt's stable start (system prompt and every offered tool) is what a cold
first request, each daily rebuild of the prompt cache and the cache's memory pay
for. This renders it with the model's own template and counts it with the model's
own tokenizer, loading the GGUF's vocabulary only (no weights, no inference).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.config import Config


def measure_prompt(config: Config, path: Path) -> dict[str, Any]:
    """The prefix's tokens split by part, with the tools as registered and as rendered."""
    from assistant.agent import ROOM_TO_TALK
    from assistant.app import build_assistant
    from assistant.policy import NoTerminalApprover
    from assistant.tool_prompt import prompt_budget

    template, count = _template_and_tokenizer(path)
    assistant = build_assistant(config, NoTerminalApprover())
    try:
        system = assistant.agent.system_prompt()
        definitions = [tool.definition() for tool in assistant.agent.tools]
    finally:
        assistant.close()
    figures = prompt_budget(template, system, definitions, count)
    for part in figures.values():
        # `[agent] max_tools = 0` offers every tool only with this much room left to talk
        room = config.model.context - part["prefix_tokens"]
        part["every_tool_fits"] = room >= ROOM_TO_TALK + config.model.max_tokens
    return {"model": path.name, "context": config.model.context, **figures}


def _template_and_tokenizer(path: Path) -> tuple[Any, Any]:
    """The GGUF's chat template and a token counter, from its vocabulary alone."""
    from assistant.errors import ModelError
    from assistant.models.llama_cpp import quiet_stderr
    from assistant.prompts import load_prompt
    from assistant.tool_prompt import ModelTemplate

    if not path.is_file():
        raise ModelError(f"model file not found: {path}")
    import llama_cpp

    try:
        with quiet_stderr():
            llama = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)
    except (ValueError, RuntimeError) as exc:
        raise ModelError(f"cannot read {path.name}: {exc}") from None

    def text(token: int) -> str:
        return "" if token < 0 else bytes(llama.detokenize([token], special=True)).decode()

    source = (llama.metadata or {}).get("tokenizer.chat_template") or load_prompt("chatml.jinja")
    template = ModelTemplate(
        source, bos_token=text(llama.token_bos()), eos_token=text(llama.token_eos())
    )

    def count(prompt: str) -> int:
        return len(llama.tokenize(prompt.encode("utf-8"), add_bos=False, special=True))

    return template, count


def print_budget(figures: dict[str, Any], top: int = 8) -> None:
    """The figures as a short table: each part before and after, then the costliest tools."""
    before, after = figures["as_registered"], figures["as_rendered"]
    print(f"model {figures['model']}: system prompt and {after['tools']} tools, in tokens")
    print(f"{'part':<32}{'as registered':>15}{'as rendered':>13}")
    rows = [("prefix (all)", "prefix_tokens"), ("system prompt", "system_prompt_tokens"),
            ("template instructions", "template_tokens"), ("tools", "tool_tokens")]  # fmt: skip
    for label, key in rows:
        print(f"{label:<32}{before[key]:>15,}{after[key]:>13,}")
    for kind, value in after["by_kind"].items():
        print(f"{'  tools: ' + kind:<32}{before['by_kind'][kind]:>15,}{value:>13,}")
    fits = {True: "yes", False: "no"}
    print(f"{'every tool offered (context ' + str(figures['context']) + ')':<32}"
          f"{fits[before['every_tool_fits']]:>15}{fits[after['every_tool_fits']]:>13}")  # fmt: skip
    print(f"costliest tools as rendered (of {after['tools']}):")
    for tool in after["by_tool"][:top]:
        print(f"  {tool['name']:<28}{tool['tokens']:>5}")
