"""Web search providers: a SearXNG instance (its JSON API) or DuckDuckGo (the `ddgs` package).

Which one is a setting (`[plugins.web] provider`); both return the same
`SearchResult`s, and every failure is one line.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Protocol

from assistant.api import ConfigError, ToolError

USER_AGENT = "botpsy/0.1 (personal assistant; +https://example.invalid/botpsy)"
TIMEOUT = 10


class WebError(ToolError):
    """The web could not be used; one line for the user."""


@dataclass
class SearchResult:
    """One hit: a title, an address, a snippet (other people's text)."""

    title: str
    url: str
    snippet: str


class SearchProvider(Protocol):
    """Anything that turns a query into results."""

    name: str

    def search(self, query: str, limit: int) -> list[SearchResult]:
        """Results, best first."""
        ...


class Searxng:
    """A SearXNG instance's JSON API (`format=json` must be enabled on the instance)."""

    name = "searxng"

    def __init__(self, url: str) -> None:
        if not url.startswith(("http://", "https://")):
            raise ConfigError("plugins.web.searxng_url must start with http:// or https://")
        self.url = url.rstrip("/")

    def search(self, query: str, limit: int) -> list[SearchResult]:
        """GET /search?q=...&format=json."""
        address = f"{self.url}/search?" + urllib.parse.urlencode({"q": query, "format": "json"})
        request = urllib.request.Request(
            address, headers={"User-Agent": USER_AGENT, "Accept": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                data: Any = json.loads(response.read(2_000_000))
        except urllib.error.HTTPError as exc:
            hint = " (is format=json enabled in its settings.yml?)" if exc.code == 403 else ""
            raise WebError(
                f"the SearXNG instance at {self.url} answered {exc.code}{hint}"
            ) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise WebError(f"cannot reach the SearXNG instance at {self.url}: {reason}") from None
        except ValueError:
            raise WebError(f"the SearXNG instance at {self.url} did not answer in JSON") from None
        found = []
        for item in data.get("results", [])[:limit]:
            if isinstance(item, dict) and item.get("url"):
                found.append(
                    SearchResult(
                        str(item.get("title", "")), str(item["url"]), str(item.get("content", ""))
                    )
                )
        return found


# Where searches go when the user set no provider (asked once before the first one leaves).
DEFAULT_SERVICE = "duckduckgo.com"


class DuckDuckGo:
    """DuckDuckGo through the `ddgs` package (no account, no key)."""

    name = "duckduckgo"

    def search(self, query: str, limit: int) -> list[SearchResult]:
        """Text search."""
        try:
            from ddgs import DDGS

            rows = DDGS(timeout=TIMEOUT).text(query, max_results=limit)
        except Exception as exc:  # ddgs raises its own and network errors
            text = " ".join(str(exc).split())[:160]
            raise WebError(f"DuckDuckGo search failed: {text or type(exc).__name__}") from None
        return [
            SearchResult(str(r.get("title", "")), str(r.get("href", "")), str(r.get("body", "")))
            for r in rows
            if r.get("href")
        ]


class NoSearch:
    """`provider = "none"`: web search turned off. Questions of fact still reach the web
    tools, which then say in one line that nothing is set up, instead of a model guessing."""

    name = "none"

    def search(self, query: str, limit: int) -> list[SearchResult]:
        """Nothing to ask: one honest line."""
        raise WebError(
            "no search server is set up, so I can't look that up (set [plugins.web] provider "
            "in config.toml: duckduckgo, or searxng with searxng_url)"
        )


def make_provider(settings: dict[str, Any]) -> SearchProvider:
    """The configured provider (default DuckDuckGo, which needs no setup; "none" turns search off)."""
    name = str(settings.get("provider", "duckduckgo")).lower()
    if name in ("none", "off", ""):
        return NoSearch()
    if name == "searxng":
        url = settings.get("searxng_url")
        if not url:
            raise ConfigError(
                "plugins.web.provider is searxng but plugins.web.searxng_url is not set"
            )
        return Searxng(str(url))
    if name in ("duckduckgo", "ddg", "ddgs"):
        return DuckDuckGo()
    raise ConfigError(
        f"plugins.web.provider: unknown provider '{name}' (use searxng, duckduckgo or none)"
    )
