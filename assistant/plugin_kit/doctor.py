"""`botpsy plugins doctor`: what in a plugin's tools a small model or the trust policy will trip on.

A small model picks tools from their names, first docstring line and argument
descriptions only, and the policy trusts the declared effect. So the doctor
checks: a summary line of useful length, every argument described, an effect
that fits the name (a `*_delete` declared `read` would never ask), outputs that
quote others' text marked `untrusted_output`, and a declared `BOTPSY_API`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.plugins import LoadedPlugins
from assistant.schema import parse_docstring
from assistant.tools import Effect, Tool

SUMMARY_MAX = 160  # characters of the first line a small model reads well
SUMMARY_MIN_WORDS = 3

# Name words that say what a call does to the world, and the effects that fit them.
_VERB_EFFECTS: dict[frozenset[str], tuple[Effect, ...]] = {
    frozenset({"delete", "remove", "trash", "erase", "purge", "wipe", "destroy", "unlink"}): (
        Effect.DELETE,
    ),
    frozenset({"send", "email", "reply", "forward", "post", "publish", "share", "tweet", "sms"}): (
        Effect.SEND,
        Effect.SPEND,
    ),
    frozenset({"buy", "pay", "purchase", "order", "checkout", "donate", "subscribe"}): (
        Effect.SPEND,
    ),
    frozenset({"unlock", "disarm"}): (Effect.ACCESS,),
}
# Name or summary words of tools whose output usually quotes text other people wrote.
_FOREIGN = re.compile(
    r"\b(?:web|page|pages|url|http|fetch|download|mail|mails|inbox|message|messages|feed|rss|"
    r"news|chat|comment|comments|review|reviews|post|posts|article|articles|search)\b",
    re.I,
)
_WORDS = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Finding:
    """One thing to fix (`error`) or to look at (`warning`)."""

    plugin: str
    subject: str  # a tool name, or "" for the plugin itself
    level: str  # "error" or "warning"
    message: str

    def line(self) -> str:
        """The finding as one line for the terminal."""
        where = f"{self.plugin}.{self.subject}" if self.subject else self.plugin
        return f"{self.level}: {where}: {self.message}"


def check_tool(tool: Tool) -> list[Finding]:
    """Findings about one tool's docstring, arguments, effect and output marking."""
    found: list[Finding] = []

    def add(level: str, message: str) -> None:
        found.append(Finding(tool.plugin, tool.name, level, message))

    summary, documented = parse_docstring(getattr(tool.function, "__doc__", None))
    summary = summary or tool.description
    if not summary:
        add("error", "no docstring: the model sees only the name; say what it does in one line")
    elif len(summary) > SUMMARY_MAX:
        add("warning", f"summary is {len(summary)} characters; keep it under {SUMMARY_MAX}")
    elif len(summary.split()) < SUMMARY_MIN_WORDS:
        add("warning", f"summary '{summary}' is too short to choose by; say what and when")
    arguments = list(tool.parameters.get("properties", {}))
    for name in arguments:
        if not documented.get(name, "").strip():
            add("error", f"argument '{name}' is not described in an `Args:` section")
    for name in documented:
        if name not in arguments:
            add("warning", f"`Args:` describes '{name}', which the function does not take")
    name_words = set(_WORDS.findall(tool.name.lower()))
    for verbs, fitting in _VERB_EFFECTS.items():
        verb = sorted(name_words & verbs)
        if verb and tool.effect not in fitting:
            wanted = " or ".join(f"Effect.{e.name}" for e in fitting)
            add(
                "warning",
                f"named '{verb[0]}' but declared Effect.{tool.effect.name}; if it "
                f"{verb[0]}s, declare {wanted} so the user is asked first",
            )
    if not tool.untrusted_output and (
        tool.effect is Effect.EGRESS or _FOREIGN.search(f"{tool.name.replace('_', ' ')} {summary}")
    ):
        add(
            "warning",
            "its output may quote text others wrote (pages, mail, messages); if so, "
            "declare @tool(..., untrusted_output=True)",
        )
    return found


def diagnose(loaded: LoadedPlugins, only: list[str] | None = None) -> list[Finding]:
    """Findings for every loaded plugin (or those named), load errors first."""
    findings: list[Finding] = []
    wanted = set(only) if only else None
    for name, info in sorted(loaded.plugins.items()):
        if wanted is not None and name not in wanted:
            continue
        if not info.enabled and not info.loaded:
            findings.append(Finding(name, "", "warning", "disabled; enable it to check it"))
            continue
        findings.extend(Finding(name, "", "error", e) for e in info.errors)
        if info.loaded and not info.api:
            findings.append(
                Finding(name, "", "warning", "declares no BOTPSY_API (e.g. BOTPSY_API = '>=1,<2')")
            )
    for tool in loaded.tools:
        if wanted is None or tool.plugin in wanted:
            findings.extend(check_tool(tool))
    return findings
