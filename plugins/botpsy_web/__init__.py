"""botpsy's web plugin: search (SearXNG or DuckDuckGo), page fetching, bounded research.

Registered through the `botpsy` entry-point group like any plugin. Settings
(`[plugins.web]`): `provider` ("duckduckgo", the default, or "searxng"),
`searxng_url`, and `allow_private` (fetch pages on this machine or the private
network; off by default).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.api import IntentMatch, PluginContext, hookimpl
from botpsy_web.providers import make_provider
from botpsy_web.tools import WebTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for

_LOOK_UP = re.compile(
    r"^(?:please\s+)?(?:look\s+up|google|research|search\s+(?:the\s+web|online|the\s+internet)\s+for|"
    r"find\s+out|find\s+online)\s+(?P<question>.+?)\s*\??$",
    re.I,
)

# Questions the web answers best and people ask most: the news (the weather plugin has the weather).
_NEWS = re.compile(r"\b(?:news|headlines)\b", re.I)
# Questions about places and getting around, which only the web can answer here: what is near,
# what is on somewhere, the traffic, timetables ("the nearest pharmacy", "bars around here",
# "what's on in harbourtown", "how is the traffic on the ring road", "when is the next bus").
_LOCAL = re.compile(
    r"\b(?:near\s+(?:me|here|us|by)|nearby|nearest|closest|around\s+(?:here|me|us)"
    r"|in\s+(?:the|my|this|our)\s+(?:area|neighbou?rhood|town|city)"
    r"|what(?:'s|\s+is)\s+(?:on|happening|going\s+on)\s+(?:in|around|near|at)"
    r"|things\s+to\s+do\s+in|traffic|timetables?|(?:train|bus|tram|ferry|flight)\s+times?"
    r"|(?:next|last|first)\s+(?:train|bus|tram|ferry|flight)"
    r"|(?:train|bus|tram|ferry|flight)\s+(?:leaves?|departs?|arrives?|gets?\s+in))\b",
    re.I,
)
_ACTION = re.compile(r"^(?:add|schedule|book|put|create|remind|email|send|delete|cancel)\b", re.I)


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The web toolbox."""
    settings = context.settings("web")
    register(WebTools(make_provider(settings), bool(settings.get("allow_private", False))))


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """ "Look up the opening hours of the museum", "any news about the strike": research with
    citations."""

    def look_up(text: str) -> IntentMatch | None:
        m = _LOOK_UP.match(text.strip())
        if not m or len(m.group("question").split()) < 2:
            return None
        return IntentMatch("web_research", {"question": m.group("question")}, "look_up")

    def asking(pattern: re.Pattern[str]) -> Callable[[str], IntentMatch | None]:
        def ask_the_web(text: str) -> IntentMatch | None:
            question = " ".join(text.strip().rstrip("?").split())
            if _ACTION.match(question) or len(question.split()) < 2:
                return None  # "add a meeting about the forecast" is the calendar's
            if not pattern.search(question):
                return None
            return IntentMatch("web_research", {"question": question})

        return ask_the_web

    register("look_up", look_up)
    register("news", asking(_NEWS))
    register("local", asking(_LOCAL))
