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
    r"renamed|rescheduled|forwarded|replied|marked|locked|unlocked|opened|dimmed|"
    r"paid|transferred|purchased|bought|accepted|declined(?!\s+to\b)|notified|shared|uploaded|"
    r"posted|submitted|invited|archived|trashed)\b"
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
    r"(?:sent|forwarded|replied|e-?mailed|texted|messaged|mailed|notified|shared|uploaded|"
    r"posted|submitted|invited|accepted|declined(?!\s+to\b))\b",
    re.I,
)
_SENDING = frozenset({"send", "spend"})
# A line in the shape botpsy's own tools report a change ('Added "Spin class" on Friday ...'):
# a small model copies it from an earlier turn, and the person reads it as done again.
_ECHOED = re.compile(
    r"(?:^|\n)\s*(?:added|deleted|changed|moved|cancell?ed|renamed|set|created|scheduled|booked"
    r"|saved|sent|removed|marked|ticked)\s+(?:(?:the|a)\s+(?:task|event|alarm|timer|item|contact)\s+)?"
    r"[\"“]",
    re.I,
)
# "I've paid the invoice" (so you do not pay it): only a call that spends backs a payment.
_PAID = re.compile(
    r"(?:^|[.!?]\s+|,\s*)(?:(?:ok(?:ay)?|sure|great|alright|all right|done)[,!.]?\s+)?"
    r"i(?:'ve|\s+have)?(?:\s+(?:just|now|already|successfully|also))?\s+"
    r"(?:paid|transferred|purchased|bought)\b",
    re.I,
)
# The same claims said of the thing ("Your email has been sent", "Message sent to Ana.",
# "The alarm was set successfully"): "has been" or "successfully" at the start of a sentence,
# or a headline that opens the reply.
# "Ana's mail was sent on Friday" (reading one) is a report; "has been sent" is a claim.
_VERBS = (
    r"(?:added|set|created|scheduled|moved|changed|updated|deleted|removed|cancell?ed|sent|"
    r"made|booked|turned|switched|saved|muted|unmuted|played|started|stopped|paused|renamed|"
    r"rescheduled|forwarded|replied|marked|locked|unlocked|opened|dimmed|trashed|e-?mailed|"
    r"mailed|archived|posted|delivered|submitted|transferred|paid|purchased|ordered)"
)
_SUBJECT = (  # a few words naming the thing, none of them a verb of being
    r"(?:(?:your|the|this|that|it|its|all|both|my)\s+)?"
    r"(?:(?!(?:is|are|was|were|has|have|been|be)\b)[\w'-]+\s+){0,3}?"
)
_PASSIVE = re.compile(
    rf"(?:^|[.!?]\s+)(?:(?:ok(?:ay)?|sure|great|alright|all right|done)[,!.]?\s+)?{_SUBJECT}"
    rf"(?:(?:has|have)\s+(?:now\s+|just\s+|already\s+)?been\s+{_VERBS}\b"
    rf"|(?:is|are|was|were)\s+(?:now\s+)?(?:successfully\s+)?{_VERBS}\s+successfully\b"
    rf"|(?:is|are|was|were)\s+successfully\s+{_VERBS}\b)"
    # a headline as the whole first sentence: "Email sent to Ana." "Sent!" (a mail's subject
    # quoted later in a summary is not one)
    rf"|^(?:(?:ok(?:ay)?|sure|great|alright|all right|done)[,!.]?\s+)?{_SUBJECT}{_VERBS}"
    r"(?:\s+successfully)?(?:\s+(?:to|for)\s+\S+(?:\s+\S+)?)?\s*(?:[.!]|$)",
    re.I,
)
_PASSIVE_SENT = re.compile(
    r"\b(?:sent|forwarded|replied|e-?mailed|mailed|delivered|posted|submitted|transferred|paid)\b",
    re.I,
)
_VERB = re.compile(rf"\b{_VERBS}\b", re.I)
# What a call that only reads from elsewhere (a page, a player, the browser) may claim.
_LOOKING = frozenset({"opened", "played", "started"})
UNBACKED = "Nothing was changed: I did not run any tool for that. Say it again as a request."


class _Record(Protocol):
    effect: str
    outcome: str


def unbacked_claim(reply: str, records: Iterable[_Record]) -> bool:
    """Whether `reply` says something was done while no acting call succeeded this turn."""
    text = reply.strip()
    passive = _PASSIVE.search(text)
    if not (
        _CLAIM.search(text)
        or _SENT.search(text)
        or passive
        or _FORGED.search(reply)
        or _ECHOED.search(text)
    ):
        return False
    done = {r.effect for r in records if r.outcome == "ok"}
    if _PAID.search(text) and "spend" not in done:
        return True  # a mail sent or a note saved is no payment
    sent = _SENT.search(text) or (passive and _PASSIVE_SENT.search(passive.group(0)))
    if sent and not done & _SENDING:
        return True  # a fetch or a local change ran, but nothing went to anyone
    if done & _ACTING == {"egress"}:  # a page fetched backs "opened", not "deleted"
        said = [m.group(0) for m in (*_CLAIM.finditer(text), *_PASSIVE.finditer(text))]
        verbs = {v.lower() for span in said for v in _VERB.findall(span)}
        return bool(verbs - _LOOKING)
    return not done & _ACTING


# A reply that asks the person for a secret: botpsy's tools never need one from a reply (an
# account's password is kept by `botpsy account`), so after taint it is the planted text's
# question, and the answer, typed by the person, would be their own words, free to leave.
_SECRET_WORD = re.compile(
    r"\b(?:password|passphrase|passcode|pin|pin\s+code|one[- ]time\s+code|verification\s+code|"
    r"security\s+code|sign[- ]?in\s+code|log[- ]?in\s+code|2fa\s+code|otp|cvv|cvc|"
    r"card\s+number|account\s+number|iban|seed\s+phrase|recovery\s+(?:phrase|code)|"
    r"private\s+key|api\s+key|access\s+token|credentials|"
    # details that unlock an account or pay: "your card details", "your login details"
    r"(?:card|bank|banking|payment|account|log[- ]?in|sign[- ]?in)\s+details|"
    r"security\s+(?:answer|question)|sort\s+code|routing\s+number|"
    # a code sent to the person: "the 6-digit code", "the code we sent you"
    r"(?:\d+|one|two|three|four|five|six|seven|eight)[- ]?digit\s+code|"
    r"code\s+(?:(?:that\s+)?(?:we|they|you)\s+(?:just\s+)?(?:sent|received|got|texted)|"
    r"from\s+(?:your|the)\s+(?:text|sms|message|phone|app|authenticator)))s?\b",
    re.I,
)
# "Type your password", "To finish, please enter the code": an order to the person.
_IMPERATIVE = re.compile(
    r"^(?:[^,]{0,30},\s*)?(?:please\s+)?(?:type|enter|give\s+me|send\s+me|tell\s+me|share|"
    r"provide|reply\s+with|paste|confirm|write)\b",
    re.I,
)
# "I need your PIN", "we'll need your card number"
_NEEDING = re.compile(r"\b(?:i|we)(?:'ll|\s+will)?\s+(?:need|want)\s+(?:your|the)\b", re.I)
# "Ana asks you to send her your PIN", "the bank says never to share it": a report of others
_REPORTED = re.compile(r"\b(?:asks?|asked|says?|said|wants|tells?|told|warns?|warned)\b", re.I)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
SECRET_ASKED = (
    "I will not ask you for that: botpsy never needs your passwords, PINs or codes in a reply,"
    " and this question came after text others wrote ({source}) entered the conversation."
    " Do not type them here."
)


def asks_for_secret(reply: str) -> bool:
    """Whether `reply` asks the person for a password, a PIN, a code or card details:
    an order ("type your password"), a need ("I need your PIN") or a question about theirs
    ("what is the PIN of your card?"); a report of what others asked is not one."""
    for found in _SENTENCE.finditer(reply):
        sentence = found.group(0).strip()
        if not _SECRET_WORD.search(sentence):
            continue
        if _IMPERATIVE.search(sentence):  # an order opening the sentence is botpsy's voice,
            return True  # whatever "says" or "told" follows it ("type it so the bank says ok")
        reported = _REPORTED.search(sentence)
        need = _NEEDING.search(sentence)
        if need and not (reported and reported.start() < need.start()):
            return True  # "I need your PIN, the bank says": botpsy's need, then a tag
        question = sentence.endswith("?") and re.search(r"\byou(?:r)?\b", sentence, re.I)
        if question and not reported:
            return True
    return False
