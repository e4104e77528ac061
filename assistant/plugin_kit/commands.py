"""Plugin subcommands (`register_commands`): found after the built-ins, given `--config` honoured.

Only the `register_commands` hook runs to find one, so `botpsy index status`
does not build tools or intents first. A first word that no plugin claims is a
request to the assistant, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from assistant.errors import BotpsyError, UsageError


def split_config(arguments: Sequence[str]) -> tuple[str | None, list[str]]:
    """`--config PATH` (or `--config=PATH`) taken out of the arguments."""
    rest: list[str] = []
    path: str | None = None
    words = iter(arguments)
    for word in words:
        if word == "--config":
            path = next(words, None)
            if path is None:
                raise UsageError("--config needs a file path")
        elif word.startswith("--config="):
            path = word.partition("=")[2]
        else:
            rest.append(word)
    return path, rest


def plugin_command(arguments: Sequence[str]) -> Callable[[], int] | None:
    """The run of `botpsy NAME ARGS` when a plugin registered NAME, else None.

    Trouble finding it (a bad config file) is left to the request path, which
    reports the same error in its own words.
    """
    from assistant.clock import Clock
    from assistant.config import load_config
    from assistant.hookspecs import PluginContext
    from assistant.plugins import load_commands

    name = arguments[0]
    rest = [a for a in arguments[1:] if a != "--debug"]
    try:
        path, rest = split_config(rest)
        config = load_config(path)
        context = PluginContext(config, Clock.for_user(config.timezone))
        loaded = load_commands(context)
    except BotpsyError:
        return None
    command = loaded.commands.get(name)
    if command is None:
        return None

    def run() -> int:
        loaded.start()  # a command may need the connection a plugin opens at startup
        try:
            return command(rest)
        finally:
            loaded.close()

    return run
