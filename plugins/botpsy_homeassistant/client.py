"""Home Assistant's REST API (developers.home-assistant.io, "REST API"), over the standard library.

Every failure becomes one line: HA down, a wrong token, an entity that does not
exist, an answer that is not what the API documents. The token travels only in
the Authorization header, never in a URL or a message.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote, urlsplit

from assistant.api import ToolError, UsageError

TIMEOUT = 10.0  # seconds for one request; a hung HA must not hang botpsy


class HomeAssistantError(ToolError):
    """Home Assistant failed or refused; the message is one line."""


class HomeAssistantUnreachable(HomeAssistantError):
    """Nothing answered at the URL."""


class HomeAssistantAuthFailed(HomeAssistantError):
    """The token was refused (401/403)."""


class EntityNotFound(HomeAssistantError):
    """HA knows no entity of that id."""


def normalise_url(url: str) -> str:
    """'homeassistant.local:8123' → 'http://homeassistant.local:8123' (no trailing slash, no /api)."""
    url = url.strip().rstrip("/")
    if not url:
        raise UsageError("the Home Assistant URL is empty")
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(
            f"not a Home Assistant URL: {url!r} (e.g. http://homeassistant.local:8123)"
        )
    return url.removesuffix("/api")


class HomeAssistant:
    """One Home Assistant instance: its URL and a way to read the long-lived token."""

    def __init__(self, url: str, token: Any, timeout: float = TIMEOUT) -> None:
        self.url = normalise_url(url)
        self._token = token if callable(token) else (lambda: token)
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """One API call; the decoded JSON (or text) answer, or a one-line HomeAssistantError."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Authorization": f"Bearer {self._token()}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read(8 * 1024 * 1024)
                kind = response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            raise self._refused(exc.code, path, _reason(exc)) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise HomeAssistantUnreachable(
                f"cannot reach Home Assistant at {self.url} ({reason}); is it running?"
            ) from None
        text = raw.decode("utf-8", "replace")
        if "json" not in kind:
            return text
        try:
            return json.loads(text)
        except ValueError:
            raise HomeAssistantError(f"Home Assistant at {self.url} sent malformed JSON") from None

    def _refused(self, code: int, path: str, reason: str = "") -> HomeAssistantError:
        if code in (401, 403):
            return HomeAssistantAuthFailed(
                f"Home Assistant at {self.url} refused the token (HTTP {code}); create a "
                "long-lived access token on your HA profile page and add the account again"
            )
        if code == 404 and path.startswith("/api/states/"):
            return EntityNotFound(f"Home Assistant has no entity '{path.rsplit('/', 1)[-1]}'")
        why = f": {reason}" if reason else ""
        if path.startswith("/api/services/"):
            service = path.removeprefix("/api/services/").replace("/", ".")
            return HomeAssistantError(
                f"Home Assistant could not carry out {service} (HTTP {code}{why}); its log says why"
            )
        if code == 400:
            return HomeAssistantError(f"Home Assistant rejected the request to {path}{why}")
        return HomeAssistantError(f"Home Assistant at {self.url} answered HTTP {code} for {path}")

    def check(self) -> str:
        """GET /api/: the token works and the API runs; its message ("API running.")."""
        answer = self.request("GET", "/api/")
        if not isinstance(answer, dict) or "message" not in answer:
            raise HomeAssistantError(f"{self.url} does not look like Home Assistant's API")
        return str(answer["message"])

    def states(self) -> list[dict[str, Any]]:
        """GET /api/states: every entity's state object."""
        answer = self.request("GET", "/api/states")
        if not isinstance(answer, list):
            raise HomeAssistantError("Home Assistant's /api/states did not return a list")
        return [s for s in answer if isinstance(s, dict) and "entity_id" in s]

    def state(self, entity_id: str) -> dict[str, Any]:
        """GET /api/states/<entity_id>: one entity's current state."""
        answer = self.request("GET", "/api/states/" + quote(entity_id, safe="._"))
        if not isinstance(answer, dict):
            raise HomeAssistantError(f"Home Assistant sent no state for {entity_id}")
        return answer

    def call(self, domain: str, service: str, data: dict[str, Any]) -> Any:
        """POST /api/services/<domain>/<service> with the service data."""
        path = f"/api/services/{quote(domain, safe='')}/{quote(service, safe='')}"
        return self.request("POST", path, data)

    def template(self, template: str) -> str:
        """POST /api/template: HA renders a Jinja template (areas and labels have no REST listing)."""
        answer = self.request("POST", "/api/template", {"template": template})
        return answer if isinstance(answer, str) else json.dumps(answer)


def _reason(error: urllib.error.HTTPError) -> str:
    """HA's own one-line reason from an error answer ({"message": ...}), control characters out."""
    try:
        message = json.loads(error.read(4096).decode("utf-8", "replace")).get("message", "")
    except (ValueError, AttributeError, OSError):
        return ""
    return " ".join("".join(c for c in str(message) if c.isprintable()).split())[:200]
