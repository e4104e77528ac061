"""Trust: from a tool's effect, the user's rules and taint to run, ask or refuse.

Reads run; reversible local writes run (and are audited); send, delete and
spend ask first. After untrusted content (a mail body, a web page) has been read
in a turn, every sensitive call asks, whatever the rules say: text from others
must never act with the user's authority.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from assistant.config import PolicySettings
from assistant.tools import Tool


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

    def judge(self, tool: Tool, tainted: bool = False) -> Verdict:
        """Run, ask or refuse one call of `tool`."""
        name = tool.name
        if name in self.settings.deny:
            return Verdict(Decision.REFUSE, f"your policy denies {name}")
        if tool.effect.sensitive:
            if tainted:
                return Verdict(
                    Decision.ASK,
                    f"this {tool.effect} comes after reading untrusted content in this turn",
                )
            if name in self.settings.allow or name in self.always_allowed:
                return Verdict(Decision.RUN, f"your policy allows {name}")
            if name in self.session_allowed:
                return Verdict(Decision.RUN, f"you allowed {name} for this session")
            return Verdict(Decision.ASK, f"{tool.effect} actions ask first")
        if name in self.settings.ask:
            return Verdict(Decision.ASK, f"your policy asks before {name}")
        return Verdict(Decision.RUN, f"{tool.effect} actions run")


@dataclass
class ApprovalRequest:
    """What the user is asked: the tool, its effect, the resolved arguments, and why."""

    tool: str
    effect: str
    preview: str
    arguments: dict[str, Any]
    reason: str


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


class AutoApprover:
    """`--yes`: the user approved every sensitive call in advance."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Approve."""
        return Approval(True, note="approved by --yes")


class NoTerminalApprover:
    """No terminal and no `--yes`: nobody can say yes, so the call is refused."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Refuse, saying how to allow it."""
        return Approval(
            False,
            unavailable=True,
            note="needs your approval; run it in a terminal, or pass --yes to approve in advance",
        )
