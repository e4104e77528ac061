"""Build the prompt cache when a model is chosen, so the first request is not the slow one.

The stable start of every model-path prompt is the system prompt (it changes once
a day) and the tool block. With every installed tool offered it is the same for
each request, so its state can be computed once, ahead of time, with a progress
bar, instead of during the user's first request. With per-request tool selection
(more tools installed than `agent.max_tools`) the prefix depends on the request,
and nothing can be built ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.config import Config
from assistant.messages import Message


def warm_prompt_cache(config: Config, model: str | None, report: Callable[[str], None]) -> str:
    """Build (or find) the cached prefix for the model botpsy would run; say what happened."""
    from assistant.app import build_assistant
    from assistant.models.llama_cpp import LlamaCppModel
    from assistant.policy import NoTerminalApprover

    assistant = build_assistant(config, NoTerminalApprover(), model_override=model)
    try:
        agent = assistant.agent
        definitions = [tool.definition() for tool in agent.tools]
        probe = [Message("system", agent.system_prompt()), Message("user", "")]
        budget = agent.tool_budget(agent.strategy(), probe, definitions)
        if len(definitions) > budget:
            report(f"botpsy: not building the prompt cache: {len(definitions)} tools are installed "
                   f"and each request is offered {budget} of them")  # fmt: skip
            return ""
        backend = agent.model
        if not isinstance(backend, LlamaCppModel) or not backend.settings.prompt_cache:
            return ""
        bar = _bar(backend.name)

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        try:
            state = backend.warm(Message("system", agent.system_prompt()), definitions,
                                 agent.options, progress)  # fmt: skip
        finally:
            bar.close()
        report({"built": f"botpsy: prompt cache built for {backend.name}",
                "disk": f"botpsy: prompt cache for {backend.name} was already built"}
               .get(state, f"botpsy: no prompt cache for {backend.name}"))  # fmt: skip
        return state
    finally:
        assistant.close()


def _bar(name: str) -> Any:
    """A tqdm bar on stderr (tokens of the prompt prefix processed)."""
    from tqdm.std import tqdm

    return tqdm(total=0, unit="tok", desc=f"prompt cache ({name})", mininterval=0.5, leave=False)
