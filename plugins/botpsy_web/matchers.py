"""The web plugin's intents in the order they are tried.

Apart from intents.py and facts.py so that neither has to import the other's users: facts.py
builds on intents.py's vocabulary, and this module puts both in order.
"""

from __future__ import annotations

from botpsy_web.facts import asking_for
from botpsy_web.intents import Matcher, asking_about, look_up, vocabulary


def make_matchers() -> list[tuple[str, Matcher]]:
    """Live questions first (weather-like topics, prices, scores), then questions of fact and
    requests to find something."""
    topics = [(t.name, asking_about(t.name)) for t in vocabulary().topics]
    return [
        ("look_up", look_up),
        *topics,
        ("facts", asking_for("facts")),
        ("find", asking_for("find")),
    ]
