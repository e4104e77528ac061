"""botpsy's files plugin: safe file actions in the allowed folders and a full-text index of them.

Registered through the `botpsy` entry-point group like any plugin. Settings
(`[plugins.files]`): `folders`, the folders the tools may use (default the
user's Documents, Downloads and Desktop; never the whole home folder or /).
The index lives in `<data dir>/files/index.sqlite3`; it is provided to other
plugins as the `FILE_INDEX` service, and `botpsy index status|rebuild|update`
is this plugin's subcommand.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from assistant.api import FILE_INDEX, ConfigError, PluginContext, ToolArgumentError, hookimpl
from botpsy_files.commands import SUMMARY, index_command
from botpsy_files.folders import AllowedFolders, default_folders, shown, too_broad
from botpsy_files.index import FileIndex
from botpsy_files.intents import MAX_CHOICES, file_follow_matchers, make_file_matchers
from botpsy_files.tools import FileTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


def allowed_folders(context: PluginContext) -> AllowedFolders:
    """`[plugins.files] folders`, else Documents, Downloads and Desktop; home or / is refused."""
    configured = context.settings("files").get("folders")
    if configured is None:
        return AllowedFolders(default_folders())
    if not isinstance(configured, list) or not all(isinstance(f, str) for f in configured):
        raise ConfigError("plugins.files.folders must be a list of folder paths")
    for folder in configured:
        why = too_broad(Path(folder))
        if why:
            raise ConfigError(
                f"plugins.files.folders: '{folder}' is {why}; name folders inside it "
                "instead, e.g. ~/Documents"
            )
    return AllowedFolders(Path(f) for f in configured)


def open_index(context: PluginContext) -> FileIndex:
    """The index, one per process, shared by the hooks and the `file_index` service."""
    index = context.shared.get("files.index")
    if index is None:
        index = FileIndex(context.data_dir / "files" / "index.sqlite3", allowed_folders(context))
        context.shared["files.index"] = index
        context.provide(FILE_INDEX, index)
    return index


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The file toolbox."""
    index = open_index(context)
    register(FileTools(index.folders, index, context.data_dir / "files" / "journal.json"))


@hookimpl
def register_intents(register: Callable[..., None], context: PluginContext) -> None:
    """Find and search files without the model."""
    index = open_index(context)

    caught_up: list[bool] = []

    def has_file(words: list[str]) -> bool:
        if not caught_up:  # a fresh process: look at what changed since last time, briefly
            caught_up.append(True)
            index.catch_up(budget=1.0)
        return bool(index.find(words, limit=1))

    def has_folder(name: str) -> bool:
        try:
            return index.folders.resolve(name).is_dir()
        except ToolArgumentError:
            return False

    def named(words: list[str]) -> list[str]:
        has_file(words)  # caught up first
        return [shown(hit.path) for hit in index.find(words, limit=MAX_CHOICES + 1)]

    for name, matcher in make_file_matchers(context.clock.now, has_file, has_folder, named):
        register(name, matcher)
    for name, follows in file_follow_matchers(named):
        register(name, follows, follows=True)


@hookimpl
def register_commands(register: Callable[..., None], context: PluginContext) -> None:
    """`botpsy index ...`."""
    register("index", index_command(lambda: open_index(context)), SUMMARY)


@hookimpl
def shutdown(context: PluginContext) -> None:
    """Stop following changes on disk (the TUI's watcher), if anything started it."""
    index = context.shared.get("files.index")
    if index is not None:
        index.stop_watching()
