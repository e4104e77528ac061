"""Every failure a user can see is one of these: a one-line message and an exit status.

Tracebacks are shown only with `--debug`; everything else prints `botpsy: <message>`.
"""

from __future__ import annotations


class ExitStatus:
    """Documented exit statuses of the `botpsy` command."""

    OK = 0
    FAILURE = 1  # a tool, the model or a server failed
    USAGE = 2  # bad flags, bad configuration, bad input
    REFUSED = 3  # a sensitive call was refused (no terminal and no --yes) or denied
    INTERRUPTED = 130


class BotpsyError(Exception):
    """Base of all user-facing errors; `str(error)` is the one-line message."""

    exit_status = ExitStatus.FAILURE


class UsageError(BotpsyError):
    """The user asked for something malformed: a flag, a config value, an argument."""

    exit_status = ExitStatus.USAGE


class ConfigError(UsageError):
    """The configuration file cannot be read or holds an invalid value."""


class ModelError(BotpsyError):
    """The model could not be loaded, or its server could not be reached."""


class ToolError(BotpsyError):
    """A tool could not do what was asked; the message is shown to the model and the user."""


class ToolArgumentError(ToolError):
    """The arguments of a tool call do not fit the tool's schema."""


class AskUser(ToolError):
    """A tool cannot go on without the user's choice ("which Bob?"): the assistant asks, never guesses.

    The question becomes the reply; the user's answer fills `argument` and the
    same call runs again. `options` are the values a numbered answer ("2", "the
    second") stands for, in the order the question lists them; `labels` are the words
    each is known by (name, room, day), so "the one in the bedroom" picks one too.
    """

    def __init__(
        self,
        question: str,
        argument: str,
        options: list[str] | None = None,
        labels: list[str] | None = None,
    ) -> None:
        super().__init__(question)
        self.question = question
        self.argument = argument
        self.options = options or []
        self.labels = labels or []


class TimeParseError(ToolArgumentError):
    """A date or time could not be resolved with confidence."""


class PluginError(BotpsyError):
    """A plugin failed to load or registered something invalid."""


class CredentialError(BotpsyError):
    """A secret could not be read from or written to the keyring."""
