"""Trust: from a tool's effect, the user's rules and taint to run, ask or refuse.

Reads run; reversible local writes run (and are audited); send, delete and
spend ask first. Once untrusted content (a mail, a page, a file, an invitation)
has entered a conversation, the model may be obeying its author: from then on
every send, delete and spend, and every egress whose arguments the user did not
write, needs a live yes from a person at a terminal. `--yes`, policy `allow`
and session or always grants do not cover it; with nobody to ask it is refused.
This holds however the model behaves, because it is decided here, not by it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from assistant.config import PolicySettings
from assistant.tools import Effect, Tool


class Decision(StrEnum):
    """What the policy says about one call."""

    RUN = "run"
    ASK = "ask"
    REFUSE = "refuse"


@dataclass
class Verdict:
    """A decision and the reason shown to the user."""

    decision: Decision
    reason: str
    live: bool = False  # only a person answering now may approve (no --yes, no grants)


class Policy:
    """Judges calls; remembers what the user allowed for this session, and for good."""

    def __init__(
        self, settings: PolicySettings | None = None, remembered: Path | None = None
    ) -> None:
        self.settings = settings or PolicySettings()
        self.session_allowed: set[str] = set()
        self.remembered = remembered  # tools the user chose to "always allow" (a JSON list)
        self.always_allowed: set[str] = set()
        if remembered is not None and remembered.is_file():
            try:
                self.always_allowed = set(json.loads(remembered.read_text("utf-8")))
            except ValueError:
                self.always_allowed = set()

    def remember(self, tool: str, how: Remember) -> None:
        """Keep an approval for the session or for good (written next to the audit log)."""
        if how is Remember.SESSION:
            self.session_allowed.add(tool)
        elif how is Remember.ALWAYS:
            self.always_allowed.add(tool)
            if self.remembered is not None:
                self.remembered.parent.mkdir(parents=True, exist_ok=True)
                self.remembered.write_text(json.dumps(sorted(self.always_allowed)), "utf-8")

    def judge(self, tool: Tool, taint: str = "", authored: bool = False) -> Verdict:
        """Run, ask or refuse one call of `tool`.

        `taint` names the untrusted content the conversation holds ("" when clean);
        `authored` says every argument of the call is the user's own words.
        """
        name, key = tool.name, grant_name(tool)
        if name in self.settings.deny or key in self.settings.deny:
            return Verdict(Decision.REFUSE, f"your policy denies {key}")
        egress = tool.effect is Effect.EGRESS and not authored
        # A change whose values you did not write ("move every meeting to 3am", planted in a
        # mail) is the planted text's change: after taint it waits for a live yes too.
        change = tool.effect is Effect.WRITE and not authored
        if taint and (tool.effect.sensitive or egress or change or tool.ask_when_tainted):
            what = (
                "call sends what you did not write off this machine"
                if egress
                else "change, with values you did not write,"
                if change and not tool.ask_when_tainted
                else f"{tool.name} call"
                if not tool.effect.sensitive
                else str(tool.effect)
            )
            return Verdict(
                Decision.ASK,
                f"this {what} comes after untrusted content ({taint}) entered this"
                " conversation: text others wrote may be giving the orders",
                live=True,
            )
        if tool.effect.sensitive:
            if key in self.settings.allow or key in self.always_allowed:
                return Verdict(Decision.RUN, f"your policy allows {key}")
            if key in self.session_allowed:
                return Verdict(Decision.RUN, f"you allowed {key} for this session")
            return Verdict(Decision.ASK, f"{tool.effect} actions ask first")
        if name in self.settings.ask or key in self.settings.ask:
            return Verdict(Decision.ASK, f"your policy asks before {name}")
        return Verdict(Decision.RUN, f"{tool.effect} actions run")


def grant_name(tool: Tool) -> str:
    """The name an allow rule or a remembered yes must use for `tool`.

    A built-in or plugin tool's own name. An MCP tool's is `SERVER:TOOL` (its `grant`),
    never the plain name it is offered under: when one server fails to start, another
    server's tool of the same name takes the plain name, and must not inherit a yes meant
    for the first. Deny and ask rules match either name (asking more is safe).
    """
    return str(getattr(tool, "grant", "") or tool.name)


def described_by_others(tools: Iterable[Tool]) -> str:
    """Who, other than botpsy and its installed plugins, wrote tool text the model is offered.

    A tool may carry `described_by` (an untrusted MCP server's tools do): its name and
    description are that source's words, in the prompt from the first turn, so a
    conversation that offers it is tainted before the model says anything. "" when none.
    """
    sources = sorted({str(getattr(t, "described_by", "") or "") for t in tools} - {""})
    if not sources:
        return ""
    shown = (
        " and ".join(sources) if len(sources) <= 2 else f"{sources[0]} and {len(sources) - 1} more"
    )
    return f"the tool descriptions of {shown}"


_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "for",
        "to",
        "and",
        "or",
        "is",
        "are",
        "what",
        "how",
        "when",
        "where",
        "who",
        "about",
        "with",
        "from",
        "http",
        "https",
        "www",
    ]
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# A dotted name or address ("evil.example", "3.2.3.2") wherever it stands: where a URL goes.
# Each must be written by the user as a whole; the words of "3.2.3.2" alone ("add 2 eggs
# and 3 apples") do not make an address the user gave, and punctuation around them can
# carry anything.
_HOST = re.compile(r"[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)+", re.UNICODE)


def authored_by_user(arguments: Mapping[str, object], written: Iterable[str]) -> bool:
    """Whether every text argument is made of words the user wrote in this conversation.

    A query rephrased from the user's words passes; a URL or query carrying a
    phrase from a mail or a page (the way data is smuggled out) does not. Numbers
    and what is nested in lists and objects (keys too) count as words: a sign-in
    code leaves as readily in `{"page": 604813}` as in a query. Only a whole number
    below 100 (a limit, a count, a page) passes unwritten.
    """
    words = {w.casefold() for text in written for w in _WORD.findall(text)}
    said = " ".join(written).casefold()
    try:
        for text in _texts(arguments):
            used = {w.casefold() for w in _WORD.findall(text)} - _FUNCTION_WORDS
            if not used <= words:
                return False
            if any(host.casefold() not in said for host in _HOST.findall(text)):
                return False  # a place to send to the user never named, spelled from their words
    except RecursionError:  # nested deeper than anyone writes: not the user's words
        return False
    return True


def _texts(value: object, depth: int = 0) -> Iterator[str]:
    """Every piece of text a value carries, numbers as their digits (booleans say nothing)."""
    if depth > 20:
        raise RecursionError("arguments nested too deep")
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if depth:  # the call's own argument names are the tool's, not data
                yield str(key)
            yield from _texts(item, depth + 1)
    elif isinstance(value, list | tuple | set):
        for item in value:
            yield from _texts(item, depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool) and -100 < value < 100:
        return  # a limit or a count: two digits at most say little
    elif value is not None and not isinstance(value, bool):
        yield str(value)


@dataclass
class ApprovalRequest:
    """What the user is asked: the tool, its effect, the resolved arguments, and why."""

    tool: str
    effect: str
    preview: str
    arguments: dict[str, Any]
    reason: str
    live: bool = False  # tainted: only a person answering now counts; no remembering
    pinned: dict[str, Any] = field(default_factory=dict)  # the exact targets the preview named


class Remember(StrEnum):
    """How long an approval holds."""

    ONCE = "once"
    SESSION = "session"
    ALWAYS = "always"


@dataclass
class Approval:
    """The user's answer; `arguments` replaces the call's when the user edited them."""

    approved: bool
    remember: Remember = Remember.ONCE
    arguments: dict[str, Any] | None = None
    unavailable: bool = False  # nobody could be asked (no terminal and no --yes)
    note: str = field(default="")


class Approver(Protocol):
    """The one interface each face implements to ask the user."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Ask, and return the answer."""
        ...


class NoTerminalApprover:
    """No terminal and no `--yes`: nobody can say yes, so the call is refused."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Refuse, saying how to allow it."""
        if request.live:
            return Approval(False, unavailable=True, note=LIVE_ONLY)
        return Approval(
            False,
            unavailable=True,
            note="needs your approval; run it in a terminal, or pass --yes to approve in advance",
        )


LIVE_ONLY = (
    "it needs a yes from you at a terminal, because this conversation holds text others wrote;"
    " --yes and allow rules do not cover it (start a new conversation to use them)"
)


class AutoApprover:
    """`--yes`: the user approved sensitive calls in advance, except where only a live yes counts.

    A call in a tainted conversation goes to `live` (a terminal prompt, or refusal
    when there is no terminal).
    """

    def __init__(self, live: Approver | None = None) -> None:
        self.live: Approver = live or NoTerminalApprover()

    def approve(self, request: ApprovalRequest) -> Approval:
        """Approve, or hand a tainted call to a person."""
        if request.live:
            return self.live.approve(request)
        return Approval(True, note="approved by --yes")
