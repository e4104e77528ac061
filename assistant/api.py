"""botpsy's plugin API: the one module a plugin imports from. Everything else is internal.

    from assistant.api import Effect, ToolResult, hookimpl, tool

    BOTPSY_API = ">=1,<2"  # the API versions this plugin works with

    @tool(Effect.READ)
    def moon_phase(day: Moment) -> ToolResult:
        '''The moon's phase on a day ("tonight", "next Friday").

        Args:
            day: the day to look at
        '''
        ...

    @hookimpl
    def register_tools(register, context):
        register(moon_phase)

Names here keep their meaning for every `1.x` of `API_VERSION`; a minor
version only adds. Other `assistant.*` modules may change in any release. The
hooks themselves are documented in docs/plugins.md and `assistant.hookspecs`.
The testing helpers (`run_scripted`, `scripted_assistant`, `load_for_test`,
`make_config`, `temporary_home`, `tool_call`, `ScriptedModel`) and desktop
notifications (`Notice`, `send_desktop`) are imported on first use, so a plugin
pays nothing for what it does not use.

Groups: hooks and tools (`hookimpl`, `PluginContext`, `tool`, `Effect`, `Tool`,
`ToolResult`, `Shown`); intents (`IntentMatch`, `Matcher`; follow-ups: `FollowMatcher`,
`Recent`, `DoneCall`, `edit_value`, `amended_moment`); services
(`ServiceKey`, `CONTACTS`, `FILE_INDEX`); accounts (`Account`, `AccountField`,
`AccountKind`, `Discovery`); the daemon (`DueItem`); errors (`BotpsyError` and
its kinds, `AskUser`, `ExitStatus`); dates and times (`Clock`, `Moment`, `Span`,
`parse_*`); text (`one_line`, `printable`, `html_to_text`, `plain_request`, `without_name`, `CONDITION`); storage
(`connect_database`, `StorageError`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.accounts import Account, AccountField, AccountKind, Discovery
from assistant.assisted.selection import content_words, stem
from assistant.choices import pick_one
from assistant.clock import Clock
from assistant.daemon.due import DueItem
from assistant.errors import (
    AskUser,
    BotpsyError,
    ConfigError,
    CredentialError,
    ExitStatus,
    PluginError,
    TimeParseError,
    ToolArgumentError,
    ToolError,
    UsageError,
)
from assistant.followups import amended_moment, edit_value, new_name
from assistant.hookspecs import PluginContext, hookimpl
from assistant.htmltext import html_to_text
from assistant.intents import DoneCall, FollowMatcher, IntentMatch, Matcher, Recent
from assistant.plugin_kit.compat import API_VERSION, check_requirement
from assistant.plugin_kit.services import (
    CONTACTS,
    FILE_INDEX,
    ContactsService,
    FileIndexService,
    ServiceKey,
)
from assistant.safetext import one_line, printable, quoted
from assistant.spoken import CONDITION, plain_request, without_name
from assistant.storage import StorageError
from assistant.storage import connect as connect_database
from assistant.storage import failure as database_failure
from assistant.timeparse import (
    NUMBER_WORDS,
    WEEKDAY_NAME,
    Moment,
    Span,
    cardinals,
    moment_parts,
    parse_duration,
    parse_moment,
    parse_span,
)
from assistant.tools import MODEL_TEXT_BUDGET, Effect, Shown, Tool, ToolResult, tool

if TYPE_CHECKING:
    from assistant.models.scripted import ScriptedModel
    from assistant.notify import Notice, NotifyError, send_desktop, session_bus_address
    from assistant.plugin_kit.testing import (
        RecordingApprover,
        load_for_test,
        make_config,
        run_scripted,
        scripted_assistant,
        temporary_home,
        tool_call,
    )

__all__ = [
    "API_VERSION",
    "CONDITION",
    "CONTACTS",
    "FILE_INDEX",
    "MODEL_TEXT_BUDGET",
    "NUMBER_WORDS",
    "WEEKDAY_NAME",
    "Account",
    "AccountField",
    "AccountKind",
    "AskUser",
    "BotpsyError",
    "Clock",
    "ConfigError",
    "ContactsService",
    "CredentialError",
    "Discovery",
    "DoneCall",
    "DueItem",
    "Effect",
    "ExitStatus",
    "FileIndexService",
    "FollowMatcher",
    "IntentMatch",
    "Matcher",
    "Moment",
    "Notice",
    "NotifyError",
    "PluginContext",
    "PluginError",
    "Recent",
    "RecordingApprover",
    "ScriptedModel",
    "ServiceKey",
    "Shown",
    "Span",
    "StorageError",
    "TimeParseError",
    "Tool",
    "ToolArgumentError",
    "ToolError",
    "ToolResult",
    "UsageError",
    "amended_moment",
    "cardinals",
    "check_requirement",
    "connect_database",
    "content_words",
    "database_failure",
    "edit_value",
    "hookimpl",
    "html_to_text",
    "load_for_test",
    "make_config",
    "moment_parts",
    "new_name",
    "one_line",
    "parse_duration",
    "parse_moment",
    "parse_span",
    "pick_one",
    "plain_request",
    "printable",
    "quoted",
    "run_scripted",
    "scripted_assistant",
    "send_desktop",
    "session_bus_address",
    "stem",
    "temporary_home",
    "tool",
    "tool_call",
    "without_name",
]

_LAZY = {  # imported on first use: the testing helpers, and notifications (they need jeepney)
    "ScriptedModel": "assistant.models.scripted",
    "RecordingApprover": "assistant.plugin_kit.testing",
    "load_for_test": "assistant.plugin_kit.testing",
    "make_config": "assistant.plugin_kit.testing",
    "run_scripted": "assistant.plugin_kit.testing",
    "scripted_assistant": "assistant.plugin_kit.testing",
    "temporary_home": "assistant.plugin_kit.testing",
    "tool_call": "assistant.plugin_kit.testing",
    "Notice": "assistant.notify",
    "NotifyError": "assistant.notify",
    "send_desktop": "assistant.notify",
    "session_bus_address": "assistant.notify",
}


def __getattr__(name: str) -> Any:
    """The testing helpers and notifications, imported when first asked for."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'assistant.api' has no attribute '{name}'")
