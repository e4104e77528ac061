"""Local intents: conservative matchers that answer common requests without the model."""

from __future__ import annotations

import re

from assistant.api import IntentMatch

from botpsy_hydrate.amounts import AMOUNT

_DRANK = re.compile(r"^i (?:just )?(?:drank|had) (?P<amount>.+?)(?: of water)?[.!]?$", re.I)
_HOW_MUCH = re.compile(
    r"^how much water did i (?:drink|have) (?P<day>today|yesterday)\s*\??$", re.I
)


def drank(text: str) -> IntentMatch | None:
    """ "I drank 2 glasses of water" logs it; "I drank with Bob" is left to the model."""
    match = _DRANK.match(text.strip())
    if match is None or not AMOUNT.fullmatch(match.group("amount").strip()):
        return None
    return IntentMatch("hydrate_log", {"amount": match.group("amount").strip()})


def how_much(text: str) -> IntentMatch | None:
    """ "How much water did I drink today?" reads the day's total."""
    match = _HOW_MUCH.match(text.strip())
    if match is None:
        return None
    return IntentMatch("hydrate_total", {"day": match.group("day").lower()})
