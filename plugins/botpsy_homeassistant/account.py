"""The `homeassistant` account kind: a URL and a long-lived access token, checked against GET /api/."""

from __future__ import annotations

from assistant.api import AccountField, Discovery
from botpsy_homeassistant.client import HomeAssistant, normalise_url


class HomeAssistantAccountKind:
    """Home Assistant's REST API with a long-lived access token (from the user's HA profile page)."""

    kind = "homeassistant"
    summary = (
        "Home Assistant: lights, plugs, climate, covers, locks, the vacuum, the car "
        "(a long-lived access token: pipe it with --token-stdin)"
    )
    fields = (
        AccountField(
            "url", "Home Assistant URL", help="its address, e.g. http://homeassistant.local:8123"
        ),
    )
    choice = None

    def discover(self, settings: dict[str, str], password: str) -> Discovery:
        """Check the token against GET /api/ and count the entities it can see."""
        url = normalise_url(settings["url"])
        ha = HomeAssistant(url, password)
        message = ha.check()
        count = len(ha.states())
        return Discovery(
            settings={"url": url},
            notes=[f"Home Assistant says: {message[:80]} It has {count} entities."],
        )
