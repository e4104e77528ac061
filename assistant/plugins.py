"""The plugin manager: entry points of the `botpsy` group, built-ins included, loaded once.

A plugin that fails to load, needs another plugin API (`BOTPSY_API`) or breaks in
a hook is reported on stderr (one line) and the rest still work.
`BOTPSY_PLUGINS=a,b` loads only those; `BOTPSY_DISABLE_PLUGINS=a,b` skips those;
`[plugins.NAME] enabled = false` in the config (`botpsy plugins disable NAME`)
skips one unless `BOTPSY_PLUGINS` names it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from assistant import hookspecs
from assistant.builtin_commands import COMMANDS, SUBCOMMANDS
from assistant.followups import core_followups
from assistant.hookspecs import PluginContext
from assistant.intents import IntentRegistry
from assistant.plugin_kit.compat import check_requirement
from assistant.tools import ToolRegistry

ENTRY_POINT_GROUP = "botpsy"
Command = Callable[[list[str]], int]
_COMMAND_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


@dataclass
class PluginInfo:
    """One plugin as `botpsy plugins list` shows it."""

    name: str
    version: str = ""  # of the distribution that installs it; "" for one given in code
    distribution: str = ""
    module: str = ""
    api: str = ""  # the plugin API range it declares (`BOTPSY_API`), "" when it declares none
    enabled: bool = True
    loaded: bool = False
    errors: list[str] = field(default_factory=list)
    commands: dict[str, str] = field(default_factory=dict)  # name -> one-line summary


@dataclass
class LoadedPlugins:
    """What the plugins gave: tools, intents, account kinds, commands, and the failures to report."""

    manager: pluggy.PluginManager
    tools: ToolRegistry
    intents: IntentRegistry
    account_kinds: dict[str, Any] = field(default_factory=dict)  # kind → AccountKind
    names: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    plugins: dict[str, PluginInfo] = field(default_factory=dict)
    commands: dict[str, Command] = field(default_factory=dict)
    context: PluginContext | None = None
    started: list[str] = field(default_factory=list)  # plugins whose `startup` ran

    def fail(self, plugin: str, message: str) -> None:
        """Record one plugin's failure, for stderr and `botpsy plugins list`."""
        self.errors.append(message)
        info = self.plugins.setdefault(plugin, PluginInfo(plugin))
        info.errors.append(message)

    def start(self, report: bool = True) -> None:
        """Run every plugin's `startup` hook once, in registration order; failures are reported."""
        if self.context is None or self.started:
            return
        before = len(self.errors)
        self.started = [name for name, _ in self.manager.list_name_plugin()]  # all get shutdown
        for impl in self.manager.hook.startup.get_hookimpls():
            _call(impl, self, context=self.context)
        self._report(before, report)

    def close(self, report: bool = True) -> None:
        """Run `shutdown` for each started plugin, last started first, each failure its own."""
        if self.context is None or not self.started:
            return
        started, self.started = set(self.started), []
        before = len(self.errors)
        for impl in reversed(self.manager.hook.shutdown.get_hookimpls()):
            if impl.plugin_name in started:
                _call(impl, self, context=self.context)
        self._report(before, report)

    def _report(self, since: int, report: bool) -> None:
        for error in self.errors[since:] if report else []:
            print(f"botpsy: {error}", file=sys.stderr)


def _name_list(variable: str) -> set[str] | None:
    value = os.environ.get(variable)
    if value is None:
        return None
    return {part.strip() for part in value.split(",") if part.strip()}


def installed_entry_points() -> list[EntryPoint]:
    """Every entry point of the `botpsy` group, one per name (the first wins, as pluggy would)."""
    seen: dict[str, EntryPoint] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        seen.setdefault(entry.name, entry)
    return list(seen.values())


def is_enabled(context: PluginContext, name: str) -> bool:
    """Whether the config leaves the plugin on (`[plugins.NAME] enabled`, default true)."""
    return context.settings(name).get("enabled", True) is not False


def _register_all(context: PluginContext, extra: dict[str, Any] | None) -> LoadedPlugins:
    """Import the plugins and register them with a fresh manager; no hook is called yet."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    loaded = LoadedPlugins(manager, ToolRegistry(), IntentRegistry(core_followups), context=context)
    only = _name_list("BOTPSY_PLUGINS")
    skip = _name_list("BOTPSY_DISABLE_PLUGINS") or set()
    extra = extra or {}
    for entry in installed_entry_points():
        if entry.name in extra:  # a plugin given in code replaces the installed one
            continue
        dist = getattr(entry, "dist", None)
        info = PluginInfo(
            entry.name,
            version=dist.version if dist is not None else "",
            distribution=dist.metadata["Name"] if dist is not None else "",
            module=entry.value,
            enabled=is_enabled(context, entry.name),
        )
        loaded.plugins[entry.name] = info
        if entry.name in skip or (only is not None and entry.name not in only):
            continue
        if not info.enabled and (only is None or entry.name not in only):
            continue
        try:
            plugin = entry.load()
        except Exception as exc:
            loaded.fail(entry.name, f"plugin '{entry.name}' failed to load: {exc}")
            continue
        _register(loaded, entry.name, plugin)
    for name, plugin in extra.items():
        loaded.plugins[name] = PluginInfo(name, module=getattr(plugin, "__name__", repr(plugin)))
        _register(loaded, name, plugin)
    while True:  # a misspelled hook is an error at load time, not a silent no-op
        try:
            manager.check_pending()
            break
        except pluggy.PluginValidationError as exc:
            name = manager.get_name(exc.plugin) or repr(exc.plugin)
            loaded.fail(name, f"plugin '{name}' has an unknown hook: {exc}")
            manager.unregister(exc.plugin)
            loaded.plugins[name].loaded = False
    loaded.names = sorted(name for name, _ in manager.list_name_plugin())
    return loaded


def _register(loaded: LoadedPlugins, name: str, plugin: Any) -> None:
    """Register one plugin unless it needs a plugin API this botpsy does not offer."""
    info = loaded.plugins[name]
    wanted = getattr(plugin, "BOTPSY_API", None)
    if wanted is not None:
        info.api = str(wanted)
        why = check_requirement(wanted)
        if why is not None:
            loaded.fail(name, f"plugin '{name}' {why}; it was not loaded")
            return
    try:
        loaded.manager.register(plugin, name=name)
    except Exception as exc:  # e.g. a hook with a parameter the spec does not have
        loaded.fail(name, f"plugin '{name}' cannot be registered: {exc}")
        return
    info.loaded = True


def load_plugins(
    context: PluginContext, extra: dict[str, Any] | None = None, report: bool = True
) -> LoadedPlugins:
    """Load every plugin and collect its tools, intents, account kinds and commands.

    `extra` maps names to plugin objects registered beside the entry points
    (tests and embedding applications use it); one replaces an installed plugin
    of the same name. `startup` is not run here: call `start()` when the
    assistant is about to run, and `close()` at the end.
    """
    loaded = _register_all(context, extra)
    hook = loaded.manager.hook
    for impl in hook.register_tools.get_hookimpls():
        register = loaded.tools.register_callback(impl.plugin_name)
        _call(impl, loaded, register=register, context=context)
    for impl in hook.register_intents.get_hookimpls():
        register = loaded.intents.register_callback(impl.plugin_name)
        _call(impl, loaded, register=register, context=context)
    for impl in hook.register_account_kinds.get_hookimpls():
        _call(impl, loaded, register=_kind_registrar(loaded, impl.plugin_name), context=context)
    _collect_commands(loaded, context)
    if report:
        for error in loaded.errors:
            print(f"botpsy: {error}", file=sys.stderr)
    return loaded


def load_commands(context: PluginContext, extra: dict[str, Any] | None = None) -> LoadedPlugins:
    """Only the plugins' subcommands: the `register_commands` hook alone runs, so commands start fast."""
    loaded = _register_all(context, extra)
    _collect_commands(loaded, context)
    return loaded


def _collect_commands(loaded: LoadedPlugins, context: PluginContext) -> None:
    for impl in loaded.manager.hook.register_commands.get_hookimpls():
        register = _command_registrar(loaded, impl.plugin_name)
        _call(impl, loaded, register=register, context=context)


def _call(impl: pluggy.HookImpl, loaded: LoadedPlugins, **kwargs: Any) -> None:
    """Call one plugin's hook alone, so its failure stays its own."""
    try:
        impl.function(**{name: kwargs[name] for name in impl.argnames})
    except Exception as exc:
        loaded.fail(
            impl.plugin_name,
            f"plugin '{impl.plugin_name}' failed in {impl.function.__name__}: {exc}",
        )


def _kind_registrar(loaded: LoadedPlugins, plugin: str) -> Any:
    def register(kind: Any) -> None:
        name = getattr(kind, "kind", None)
        if not isinstance(name, str) or not hasattr(kind, "discover"):
            raise TypeError(f"{kind!r} is not an account kind (needs .kind and .discover)")
        if name in loaded.account_kinds:
            raise ValueError(f"account kind '{name}' is already registered")
        loaded.account_kinds[name] = kind

    return register


def _command_registrar(loaded: LoadedPlugins, plugin: str) -> Callable[..., None]:
    def register(name: str, run: Command, summary: str = "") -> None:
        if not isinstance(name, str) or not _COMMAND_NAME.match(name):
            raise ValueError(f"command name {name!r} must be one lower-case word")
        if name in COMMANDS or name in SUBCOMMANDS:
            raise ValueError(f"command '{name}' is built in")
        if name in loaded.commands:
            raise ValueError(f"command '{name}' is already registered by another plugin")
        if not callable(run):
            raise TypeError(f"command '{name}': {run!r} is not callable")
        loaded.commands[name] = run
        loaded.plugins[plugin].commands[name] = summary

    return register
