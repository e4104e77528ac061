"""Tools: typed Python functions with a declared effect, and the registry plugins fill.

A tool's signature and docstring give its JSON schema. Its effect drives the
trust policy: reads run, reversible local writes run and are audited, and
send/delete/spend ask the user first.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from assistant.clock import Clock
from assistant.errors import PluginError, TimeParseError, ToolArgumentError
from assistant.schema import coerce_arguments, function_schema
from assistant.timeparse import Moment, Span, parse_moment, parse_span


class Effect(StrEnum):
    """What a tool does to the world; the policy decides from this."""

    READ = "read"  # looks, changes nothing
    WRITE = "write"  # changes local state reversibly
    EGRESS = "egress"  # reads from elsewhere, but its arguments leave the machine (a query, a URL)
    SEND = "send"  # something leaves the machine to another person or service
    DELETE = "delete"  # removes something
    SPEND = "spend"  # costs money
    ACCESS = "access"  # opens, unlocks or disarms a way in: a door, a garage, a car, an alarm

    @property
    def sensitive(self) -> bool:
        """Whether a call with this effect asks the user before it runs."""
        return self in (Effect.SEND, Effect.DELETE, Effect.SPEND, Effect.ACCESS)

    @property
    def carries_data_out(self) -> bool:
        """Whether the call's arguments reach someone else (so they could leak what was read)."""
        return self in (Effect.EGRESS, Effect.SEND, Effect.SPEND)


# Characters of one result the model sees: a small model's context is a few thousand tokens.
MODEL_TEXT_BUDGET = 6000


@dataclass
class ToolResult:
    """What a tool returns: the text (for the user and the model) and structured data."""

    summary: str
    data: Any = None

    def for_model(self, budget: int = MODEL_TEXT_BUDGET) -> str:
        """The text the model sees in its `<tool_response>`: the text first, then the data.

        The text carries the content (a mail's body, a page, a document) so the
        model can summarise it; the data adds what the text leaves out (ids for
        the next call), in what room is left.
        """
        text = _clip(self.summary, budget)
        if self.data is None or self.data in ({}, []):
            return text
        extra = json.dumps(self.data, ensure_ascii=False, default=str)
        room = budget - len(text) - 8
        if room < 80:
            return text
        return f"{text}\n[data] {_clip(extra, room)}"


def _clip(text: str, limit: int) -> str:
    """Text cut to `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n[... {len(text) - limit} more characters not shown]"


@dataclass(frozen=True)
class Shown:
    """What a preview shows, and the targets it resolved, pinned for the run.

    A preview that resolves "Bob" to one message or "the lease" to one file
    returns the exact ids in `pinned`; the call then runs with those arguments
    in place of the ones it came with, so what runs is what the user was shown,
    even if a new "Bob" mail arrives between the question and the answer.
    """

    text: str
    pinned: dict[str, Any] = field(default_factory=dict)


Preview = Callable[[dict[str, Any]], "str | Shown"]


@dataclass(frozen=True)
class ToolMark:
    """What `@tool` attaches to a function until it is registered."""

    effect: Effect
    name: str | None = None
    untrusted_output: bool = False
    preview: str | Preview | None = None
    ask_when_tainted: bool = False


def tool(
    effect: Effect | str,
    *,
    name: str | None = None,
    untrusted_output: bool = False,
    preview: str | Preview | None = None,
    ask_when_tainted: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a function or method as a tool with its effect.

    `untrusted_output` marks results that carry other people's text (mail bodies,
    web pages): after such a result, sensitive calls in the same turn always ask.
    `preview` says in words what a call will do (e.g. which event a delete
    removes): a function of the resolved arguments, or on a toolbox the name of
    a method taking them. It may raise `ToolError`, which fails the call before
    anyone is asked.
    `ask_when_tainted` is for a write that decides what later calls do (a contact's
    address decides where "email Ana" goes): once text others wrote is in the
    conversation, it asks for a live yes like a sensitive call.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.__botpsy_tool__ = ToolMark(  # type: ignore[attr-defined]
            Effect(effect), name, untrusted_output, preview, ask_when_tainted
        )
        return function

    return mark


@dataclass
class PreparedCall:
    """A call whose arguments are coerced and resolved: ready to be judged and run."""

    tool: Tool
    arguments: dict[str, Any]
    display: dict[str, Any]  # the arguments as the user can read them (what they may edit)
    pinned: dict[str, Any] = field(default_factory=dict)  # exact targets the preview resolved

    def preview(self) -> str:
        """Say exactly what will happen, for approvals and dry runs; pin what it resolved.

        After this, `arguments` hold the pinned targets the preview resolved, so the
        run acts on exactly what was shown.
        """
        if self.tool.preview is not None:
            shown = self.tool.preview(self.arguments)
            if isinstance(shown, Shown):
                self.arguments = {**self.arguments, **shown.pinned}
                self.pinned = {k: display_value(v) for k, v in shown.pinned.items()}
                return shown.text
            return shown
        listed = ", ".join(f"{k}={v!r}" for k, v in self.display.items())
        return f"{self.tool.name}({listed})"


@dataclass
class Tool:
    """A callable the model may use, with its schema and effect."""

    name: str
    description: str
    parameters: dict[str, Any]
    effect: Effect
    function: Callable[..., Any]
    plugin: str = ""
    kinds: dict[str, str] = field(default_factory=dict)
    untrusted_output: bool = False
    preview: Preview | None = None
    ask_when_tainted: bool = False
    # A write others read (a calendar shared with them): its values leave this machine, so
    # after taint the policy judges it as egress (see `assistant.policy.leaves_machine`).
    reaches_others: bool = False
    # A server this tool sends the user's words to that the user never chose (a plugin's
    # default, e.g. "duckduckgo.com"): nothing leaves for it until the user says yes once.
    unchosen_service: str = ""

    @classmethod
    def from_function(
        cls,
        function: Callable[..., Any],
        *,
        effect: Effect | str | None = None,
        name: str | None = None,
        plugin: str = "",
    ) -> Tool:
        """Build a tool from a typed function (or bound method) and its docstring."""
        mark: ToolMark | None = getattr(function, "__botpsy_tool__", None)
        if effect is None and mark is None:
            raise PluginError(f"{function.__qualname__}: a tool must declare its effect")
        chosen = Effect(effect) if effect is not None else mark.effect  # type: ignore[union-attr]
        try:
            description, parameters, kinds = function_schema(function)
        except TypeError as exc:
            raise PluginError(f"{function.__qualname__}: {exc}") from None
        preview = mark.preview if mark else None
        if isinstance(preview, str):
            preview = getattr(getattr(function, "__self__", None), preview, None)
            if preview is None:
                raise PluginError(f"{function.__qualname__}: preview method not found")
        return cls(
            name=name or (mark.name if mark and mark.name else function.__name__),
            description=description,
            parameters=parameters,
            effect=chosen,
            function=function,
            plugin=plugin,
            kinds=kinds,
            untrusted_output=bool(mark and mark.untrusted_output),
            preview=preview,
            ask_when_tainted=bool(mark and mark.ask_when_tainted),
        )

    def definition(self) -> dict[str, Any]:
        """The OpenAI-style definition chat templates expect."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }

    def prepare(self, raw: dict[str, Any], clock: Clock) -> PreparedCall:
        """Coerce arguments to the schema and resolve dates against now; errors explain themselves."""
        arguments = coerce_arguments(raw, self.parameters)
        display: dict[str, Any] = {}
        for key, value in arguments.items():
            kind = self.kinds.get(key)
            if kind:
                arguments[key] = _resolve_time(kind, key, value, clock)
            display[key] = display_value(arguments[key])
        return PreparedCall(self, arguments, display)

    def run(self, arguments: dict[str, Any]) -> ToolResult:
        """Call the function; a plain return value becomes a result."""
        value = self.function(**arguments)
        if isinstance(value, ToolResult):
            return value
        if isinstance(value, str):
            return ToolResult(value)
        return ToolResult(f"{self.name} done", value)


def _resolve_time(kind: str, key: str, value: Any, clock: Clock) -> Any:
    if not isinstance(value, str):
        raise ToolArgumentError(f"argument '{key}' must be text like 'Friday 3pm'")
    now = clock.now()
    try:
        if kind == "span":
            return parse_span(value, now)
        moment = parse_moment(value, now)
    except TimeParseError as exc:
        raise TimeParseError(f"argument '{key}': {exc}") from None
    if kind == "moment":
        return moment
    if kind == "date":
        return moment.start.date()
    if moment.all_day:
        raise TimeParseError(f"argument '{key}': '{value}' has no time of day; add one, e.g. '3pm'")
    return moment.start


def display_value(value: Any) -> Any:
    """A resolved argument as JSON-safe text: dates absolute, with their zone offset."""
    if isinstance(value, Moment):
        shown = value.iso()
        if value.end is not None and not value.all_day:
            shown += " to " + value.end.isoformat(timespec="minutes")
        return shown
    if isinstance(value, Span):
        return value.iso()
    if isinstance(value, datetime):
        return value.isoformat(timespec="minutes")
    if isinstance(value, date):
        return value.isoformat()
    return value


class ToolRegistry:
    """All tools by name; plugins add to it through the `register` callback."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def add(self, new: Tool) -> None:
        """Add one tool; two tools of the same name are a plugin error."""
        if new.name in self._tools:
            other = self._tools[new.name].plugin
            raise PluginError(
                f"tool '{new.name}' from {new.plugin} clashes with the one from {other}"
            )
        self._tools[new.name] = new

    def register_callback(self, plugin: str) -> Callable[..., None]:
        """The `register` callable handed to a plugin's `register_tools` hook."""

        def register(
            item: Any, *, effect: Effect | str | None = None, name: str | None = None
        ) -> None:
            if isinstance(item, Tool):
                item.plugin = item.plugin or plugin
                self.add(item)
            elif callable(item) and not inspect.isclass(item) and _is_marked_or(item, effect):
                self.add(Tool.from_function(item, effect=effect, name=name, plugin=plugin))
            else:
                marked = [m for _, m in inspect.getmembers(item, inspect.ismethod) if _marked(m)]
                if not marked:
                    raise PluginError(
                        f"{plugin}: {item!r} is neither a tool nor a toolbox of tools"
                    )
                shared = bool(getattr(item, "reaches_others", False))  # a toolbox others read
                # {tool name: server}: which of its tools reach a default server nobody chose
                unchosen = dict(getattr(item, "unchosen_services", None) or {})
                for method in marked:
                    made = Tool.from_function(method, plugin=plugin)
                    made.reaches_others = shared and made.effect is Effect.WRITE
                    made.unchosen_service = str(unchosen.get(made.name, ""))
                    self.add(made)

        return register

    def get(self, name: str) -> Tool | None:
        """The tool of that name, if any."""
        return self._tools.get(name)

    def names(self) -> list[str]:
        """Every tool name, sorted."""
        return sorted(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(sorted(self._tools.values(), key=lambda t: t.name))

    def __len__(self) -> int:
        return len(self._tools)


def _marked(function: Any) -> bool:
    return hasattr(function, "__botpsy_tool__")


def _is_marked_or(function: Any, effect: Effect | str | None) -> bool:
    return _marked(function) or effect is not None
