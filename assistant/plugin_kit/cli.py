"""`botpsy plugins list | enable NAME | disable NAME | doctor [NAME...] | new NAME`.

`list` shows every installed plugin (version, tools, commands, load errors, and
whether the config turns it off); `enable`/`disable` write `[plugins.NAME]
enabled` into the config file; `doctor` checks what a small model and the trust
policy rely on; `new` writes a plugin package to start from.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from assistant.config import Config, config_path, load_config
from assistant.errors import ExitStatus, UsageError
from assistant.plugin_kit.commands import split_config
from assistant.plugin_kit.compat import API_VERSION

USAGE = f"""\
botpsy plugins list [--json]            installed plugins, their tools and load errors
botpsy plugins enable NAME              turn a plugin on again ([plugins.NAME] enabled)
botpsy plugins disable NAME             turn a plugin off without uninstalling it
botpsy plugins doctor [NAME...] [--strict] [--json]
                                        check tools' docstrings, effects, untrusted outputs
botpsy plugins new NAME [--dir DIR]     write a new plugin package (pyproject, tool, intent, tests)

plugin API version {API_VERSION}; plugins import only from `assistant.api` (docs/plugins.md)"""


def main(arguments: Sequence[str]) -> int:
    """Dispatch `plugins` subcommands."""
    path, args = split_config(arguments)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return ExitStatus.OK
    command, rest = args[0], args[1:]
    if command == "new":
        return _new(rest)
    config = load_config(path)
    if command == "list":
        return _list(config, "--json" in rest)
    if command in ("enable", "disable"):
        if len(rest) != 1:
            raise UsageError(f"usage: botpsy plugins {command} NAME")
        return _switch(config, path, rest[0], command == "enable")
    if command == "doctor":
        return _doctor(config, rest)
    raise UsageError(f"unknown plugins command '{command}'\n{USAGE}")


def _load(config: Config) -> Any:
    from assistant.clock import Clock
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_plugins

    return load_plugins(PluginContext(config, Clock.for_user(config.timezone)), report=False)


def _list(config: Config, as_json: bool) -> int:
    loaded = _load(config)
    rows = []
    for name, info in sorted(loaded.plugins.items()):
        tools = [t.name for t in loaded.tools if t.plugin == name]
        state = "error" if info.errors else "loaded" if info.loaded else "disabled"
        if not info.enabled and not info.loaded:
            state = "disabled"
        rows.append(
            {
                "name": name,
                "version": info.version,
                "distribution": info.distribution,
                "module": info.module,
                "api": info.api or None,
                "state": state,
                "tools": tools,
                "intents": [i.name for i in loaded.intents.intents if i.plugin == name],
                "commands": sorted(info.commands),
                "errors": info.errors,
            }
        )
    if as_json:
        print(json.dumps({"api_version": API_VERSION, "plugins": rows}, indent=2))
        return ExitStatus.OK
    from assistant.safetext import one_line

    if not rows:
        print("no plugins installed")
    for row in rows:
        version = f" {row['version']}" if row["version"] else ""
        source = f" ({row['distribution']})" if row["distribution"] else ""
        print(one_line(f"{row['name']}{version}{source}  [{row['state']}]"))
        if row["tools"]:
            print("    tools: " + one_line(f"{', '.join(row['tools'])}"))
        if row["intents"]:
            print(f"    intents: {len(row['intents'])}")
        if row["commands"]:
            print(
                "    commands: " + one_line(f"{', '.join('botpsy ' + c for c in row['commands'])}")
            )
        for error in row["errors"]:
            print("    error: " + one_line(error))
    return ExitStatus.OK


def _switch(config: Config, path: str | None, name: str, enabled: bool) -> int:
    from assistant.plugin_kit.settings import set_enabled
    from assistant.plugins import installed_entry_points

    installed = {entry.name for entry in installed_entry_points()}
    if name not in installed:
        known = ", ".join(sorted(installed)) or "none"
        raise UsageError(f"no installed plugin named '{name}' (installed: {known})")
    target = config.path or config_path(path)
    set_enabled(target, name, enabled)
    state = "enabled" if enabled else "disabled"
    print(f"Plugin '{name}' {state} in {target}.")
    return ExitStatus.OK


def _doctor(config: Config, rest: list[str]) -> int:
    from assistant.plugin_kit.doctor import diagnose

    strict = "--strict" in rest
    as_json = "--json" in rest
    names = [word for word in rest if not word.startswith("--")]
    loaded = _load(config)
    unknown = [n for n in names if n not in loaded.plugins]
    if unknown:
        raise UsageError(f"no installed plugin named '{unknown[0]}' (see botpsy plugins list)")
    findings = diagnose(loaded, names or None)
    errors = [f for f in findings if f.level == "error"]
    failed = bool(errors) or (strict and bool(findings))
    if as_json:
        print(json.dumps([f.__dict__ for f in findings], indent=2))
    else:
        from assistant.safetext import one_line

        for finding in findings:
            print(one_line(finding.line()))
        checked = sorted(names or loaded.plugins)
        warnings = len(findings) - len(errors)
        print(
            f"{len(checked)} plugin(s) checked: {len(errors)} error(s), {warnings} warning(s)",
            file=sys.stderr,
        )
    return ExitStatus.FAILURE if failed else ExitStatus.OK


def _new(rest: list[str]) -> int:
    from assistant.plugin_kit.scaffold import create, names_for

    parent = Path.cwd()
    words = list(rest)
    if "--dir" in words:
        at = words.index("--dir")
        if at + 1 >= len(words):
            raise UsageError("--dir needs a folder")
        parent = Path(words[at + 1]).expanduser()
        del words[at : at + 2]
    if len(words) != 1:
        raise UsageError("usage: botpsy plugins new NAME [--dir DIR]")
    root = create(words[0], parent)
    names = names_for(words[0])
    print(f"Created {root}")
    print(f"  cd {root} && pip install -e '.[test]' && pytest")
    print(f"  then: botpsy plugins list   (the plugin is '{names.plugin}')")
    return ExitStatus.OK
