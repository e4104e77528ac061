"""The plugin manager: entry points of the `botpsy` group, built-ins included, loaded once.

A plugin that fails to load is reported on stderr and the rest still work.
`BOTPSY_PLUGINS=a,b` loads only those; `BOTPSY_DISABLE_PLUGINS=a,b` skips those.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import pluggy

from assistant import hookspecs
from assistant.hookspecs import PluginContext
from assistant.intents import IntentRegistry
from assistant.tools import ToolRegistry

ENTRY_POINT_GROUP = "botpsy"


@dataclass
class LoadedPlugins:
    """What the plugins gave: tools, intents, and the failures to report."""

    manager: pluggy.PluginManager
    tools: ToolRegistry
    intents: IntentRegistry
    account_kinds: dict[str, Any] = field(default_factory=dict)  # kind → AccountKind
    names: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _name_list(variable: str) -> set[str] | None:
    value = os.environ.get(variable)
    if value is None:
        return None
    return {part.strip() for part in value.split(",") if part.strip()}


def load_plugins(
    context: PluginContext, extra: dict[str, Any] | None = None, report: bool = True
) -> LoadedPlugins:
    """Load every plugin and collect its tools and intents.

    `extra` maps names to plugin objects registered beside the entry points
    (tests and embedding applications use it).
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    loaded = LoadedPlugins(manager, ToolRegistry(), IntentRegistry())
    only = _name_list("BOTPSY_PLUGINS")
    skip = _name_list("BOTPSY_DISABLE_PLUGINS") or set()
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in skip or (only is not None and entry.name not in only):
            continue
        if manager.has_plugin(entry.name):
            continue
        try:
            manager.register(entry.load(), name=entry.name)
        except Exception as exc:
            loaded.errors.append(f"plugin '{entry.name}' failed to load: {exc}")
    for name, plugin in (extra or {}).items():
        manager.register(plugin, name=name)
    while True:  # a misspelled hook is an error at load time, not a silent no-op
        try:
            manager.check_pending()
            break
        except pluggy.PluginValidationError as exc:
            name = manager.get_name(exc.plugin) or repr(exc.plugin)
            loaded.errors.append(f"plugin '{name}' has an unknown hook: {exc}")
            manager.unregister(exc.plugin)
    for impl in manager.hook.register_tools.get_hookimpls():
        _call(
            impl, loaded, register=loaded.tools.register_callback(impl.plugin_name), context=context
        )
    for impl in manager.hook.register_intents.get_hookimpls():
        _call(
            impl,
            loaded,
            register=loaded.intents.register_callback(impl.plugin_name),
            context=context,
        )
    for impl in manager.hook.register_account_kinds.get_hookimpls():
        _call(impl, loaded, register=_kind_registrar(loaded, impl.plugin_name), context=context)
    loaded.names = sorted(name for name, _ in manager.list_name_plugin())
    if report:
        for error in loaded.errors:
            print(f"botpsy: {error}", file=sys.stderr)
    return loaded


def _call(impl: pluggy.HookImpl, loaded: LoadedPlugins, **kwargs: Any) -> None:
    """Call one plugin's hook alone, so its failure stays its own."""
    try:
        impl.function(**{name: kwargs[name] for name in impl.argnames})
    except Exception as exc:
        loaded.errors.append(
            f"plugin '{impl.plugin_name}' failed in {impl.function.__name__}: {exc}"
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
