"""A reply must not claim an action no tool performed.

A small model says "Done! I moved your lunch to 1pm" without calling anything; the
user then believes a change that never happened. The agent checks the model's
final words against what actually ran this turn and says so plainly instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

# "I've added", "i have just set", "I moved", "I'll ... " is a promise, not a claim.
_CLAIM = re.compile(
    r"(?:^|[.!?]\s+|,\s*)(?:(?:ok(?:ay)?|sure|great|alright|all right)[,!.]?\s+)?"
    r"(?:i(?:'ve|\s+have)?(?:\s+(?:just|now|already|successfully|also))?\s+"
    r"(?:added|set|created|scheduled|moved|changed|updated|deleted|removed|cancell?ed|sent|"
    r"made|booked|turned|switched|saved|muted|unmuted|played|started|stopped|paused|"
    r"renamed|rescheduled|forwarded|replied|marked|locked|unlocked|opened|dimmed)\b"
    r"|(?:done|all\s+set)\b)",
    re.I,
)
# A tool's answer pasted as the model's own words ("<tool_response> Alarm set for 6:00"):
# an old result dressed up as this request's.
_FORGED = re.compile(r"</?tool_(?:response|call|result)>", re.I)
# Effects that change or send something: a claim needs one of these to have run.
_ACTING = frozenset({"write", "send", "delete", "spend", "access", "egress"})
# "I've emailed your boss" after a page was fetched: only a send backs a claim of sending.
_SENT = re.compile(
    r"(?:^|[.!?]\s+|,\s*)(?:(?:ok(?:ay)?|sure|great|alright|all right|done)[,!.]?\s+)?"
    r"i(?:'ve|\s+have)?(?:\s+(?:just|now|already|successfully|also))?\s+"
    r"(?:sent|forwarded|replied|e-?mailed|texted|messaged|mailed)\b",
    re.I,
)
_SENDING = frozenset({"send", "spend"})
UNBACKED = "Nothing was changed: I did not run any tool for that. Say it again as a request."


class _Record(Protocol):
    effect: str
    outcome: str


def unbacked_claim(reply: str, records: Iterable[_Record]) -> bool:
    """Whether `reply` says something was done while no acting call succeeded this turn."""
    if not (_CLAIM.search(reply.strip()) or _SENT.search(reply.strip()) or _FORGED.search(reply)):
        return False
    done = {r.effect for r in records if r.outcome == "ok"}
    if _SENT.search(reply.strip()) and not done & _SENDING:
        return True  # a fetch or a local change ran, but nothing went to anyone
    return not done & _ACTING
