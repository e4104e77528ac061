"""botpsy's web plugin: search (SearXNG or DuckDuckGo), page fetching, bounded research.

Registered through the `botpsy` entry-point group like any plugin. Settings
(`[plugins.web]`): `provider` ("duckduckgo", the default, or "searxng"),
`searxng_url`, and `allow_private` (fetch pages on this machine or the private
network; off by default).
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.api import PluginContext, hookimpl
from botpsy_web.matchers import make_matchers
from botpsy_web.providers import DEFAULT_SERVICE, make_provider
from botpsy_web.tools import WebTools

BOTPSY_API = ">=1,<2"  # the plugin API versions this plugin is written for


@hookimpl
def register_tools(register: Callable[..., None], context: PluginContext) -> None:
    """The web toolbox."""
    settings = context.settings("web")
    box = WebTools(make_provider(settings), bool(settings.get("allow_private", False)))
    if "provider" not in settings:  # botpsy's default, not the user's choice: asked once first
        box.unchosen_services = dict.fromkeys(("web_search", "web_research"), DEFAULT_SERVICE)
    register(box)


@hookimpl
def register_intents(register: Callable[..., None]) -> None:
    """ "Look up the opening hours of the museum", "any news about the strike", "euro to yen",
    "when is the next bus": research with citations (botpsy_web.intents)."""
    for name, matcher in make_matchers():
        register(name, matcher)
