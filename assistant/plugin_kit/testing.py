"""Helpers for testing a plugin the way botpsy runs it: real hooks, policy and audit, a scripted model.

Reached through `assistant.api` (`from assistant.api import run_scripted, tool_call`).
Nothing here loads a real model, so a plugin's tests run in a second.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.clock import Clock
from assistant.config import Config
from assistant.hookspecs import PluginContext
from assistant.models.scripted import ScriptedModel, ScriptedTurn
from assistant.policy import Approval, ApprovalRequest

if TYPE_CHECKING:
    from assistant.agent import RunResult
    from assistant.app import Assistant
    from assistant.plugins import LoadedPlugins


def tool_call(name: str, **arguments: Any) -> str:
    """The text a model writes to call `name` with `arguments` (what a scripted turn plays back)."""
    params = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in arguments.items())
    return f"<tool_call>\n<function={name}>\n{params}</function>\n</tool_call>"


@dataclass
class RecordingApprover:
    """Answers every approval with `approve` and keeps what it was asked, for assertions."""

    approve_all: bool = False
    asked: list[ApprovalRequest] = field(default_factory=list)

    def approve(self, request: ApprovalRequest) -> Approval:
        """Record the request; say yes or no as configured."""
        self.asked.append(request)
        return Approval(self.approve_all)


def make_config(
    home: Path, plugins: dict[str, dict[str, Any]] | None = None, timezone: str = "UTC"
) -> Config:
    """Settings for a test: data under `home`, the given `[plugins.NAME]` tables."""
    return Config(
        path=home / "config.toml",
        timezone=timezone,
        data_dir=home / "data",
        plugins=dict(plugins or {}),
    )


@contextlib.contextmanager
def temporary_home(path: Path) -> Iterator[Path]:
    """HOME, the XDG folders, BOTPSY_CONFIG (its zone UTC, as `make_config`'s) and
    BOTPSY_DATA_DIR inside `path` for the block.

    Nothing the test does reaches the real user's config, data or files; the
    previous values come back afterwards.
    """
    path.mkdir(parents=True, exist_ok=True)
    wanted = {
        "HOME": str(path),
        "XDG_CONFIG_HOME": str(path / ".config"),
        "XDG_DATA_HOME": str(path / ".local" / "share"),
        "XDG_CACHE_HOME": str(path / ".cache"),
        "BOTPSY_CONFIG": str(path / "config.toml"),
        "BOTPSY_DATA_DIR": str(path / "data"),
    }
    config = path / "config.toml"  # BOTPSY_CONFIG must name a file that exists
    if not config.exists():
        # the zone `make_config` uses, so a `botpsy` command run in this home reads the same
        # days as the in-process runs (else near midnight "today" differs between the two)
        config.write_text('timezone = "UTC"\n', encoding="utf-8")
    saved = {key: os.environ.get(key) for key in wanted}
    os.environ.update(wanted)
    try:
        yield path
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextlib.contextmanager
def _only(names: list[str] | None) -> Iterator[None]:
    """Load only these entry-point plugins (None: all installed) for the block."""
    saved = os.environ.get("BOTPSY_PLUGINS")
    if names is not None:
        os.environ["BOTPSY_PLUGINS"] = ",".join(names)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("BOTPSY_PLUGINS", None)
        else:
            os.environ["BOTPSY_PLUGINS"] = saved


def load_for_test(
    config: Config, plugins: dict[str, Any] | None = None, only: list[str] | None = None
) -> LoadedPlugins:
    """Run the registration hooks of `plugins` (name -> module or object) and of the entry points
    named in `only` (default: none), as botpsy does at start; see `.tools`, `.intents`, `.errors`."""
    from assistant.plugins import load_plugins

    context = PluginContext(config, Clock.for_user(config.timezone))
    with _only(only if only is not None else []):
        return load_plugins(context, plugins, report=False)


def scripted_assistant(
    config: Config,
    turns: list[ScriptedTurn],
    plugins: dict[str, Any] | None = None,
    only: list[str] | None = None,
    approve: bool = False,
    dry_run: bool = False,
) -> tuple[Assistant, ScriptedModel, RecordingApprover]:
    """An assistant whose model plays back `turns`, with `plugins` and the entry points in `only`.

    Sensitive calls are answered by a `RecordingApprover` (yes when `approve`).
    Close the assistant when done (`assistant.close()`).
    """
    from assistant.app import build_assistant

    model = ScriptedModel(list(turns))
    approver = RecordingApprover(approve)
    with _only(only if only is not None else []):
        assistant = build_assistant(
            config, approver, model=model, dry_run=dry_run, extra_plugins=plugins
        )
    return assistant, model, approver


def run_scripted(
    request: str,
    turns: list[ScriptedTurn],
    config: Config,
    plugins: dict[str, Any] | None = None,
    only: list[str] | None = None,
    approve: bool = False,
    use_intents: bool | None = None,
) -> RunResult:
    """One request end to end on a scripted model: intents, policy, audit and your tools."""
    assistant, _, _ = scripted_assistant(config, turns, plugins, only, approve)
    try:
        return assistant.agent.run(request, use_intents=use_intents)
    finally:
        assistant.close()
