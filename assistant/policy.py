"""Trust: from a tool's effect, the user's rules and taint to run, ask or refuse.

Reads run; reversible local writes run (and are audited); send, delete and
spend ask first. Once untrusted content (a mail, a page, a file, an invitation)
has entered a conversation, the model may be obeying its author: from then on
every send, delete and spend, and every egress whose arguments the user did not
write, needs a live yes from a person at a terminal. `--yes`, policy `allow`
and session or always grants do not cover it; with nobody to ask it is refused.
This holds however the model behaves, because it is decided here, not by it.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from assistant.config import PolicySettings
from assistant.timeparse import NUMBER_WORDS
from assistant.tools import Effect, Tool


class Decision(StrEnum):
    """What the policy says about one call."""

    RUN = "run"
    ASK = "ask"
    REFUSE = "refuse"


@dataclass
class Verdict:
    """A decision and the reason shown to the user."""

    decision: Decision
    reason: str
    live: bool = False  # only a person answering now may approve (no --yes, no grants)
    grant: str = ""  # what a remembered yes is kept under, when not the tool's own name


class Policy:
    """Judges calls; remembers what the user allowed for this session, and for good."""

    def __init__(
        self, settings: PolicySettings | None = None, remembered: Path | None = None
    ) -> None:
        self.settings = settings or PolicySettings()
        self.session_allowed: set[str] = set()
        self.remembered = remembered  # tools the user chose to "always allow" (a JSON list)
        self.always_allowed: set[str] = set()
        if remembered is not None and remembered.is_file():
            try:
                self.always_allowed = set(json.loads(remembered.read_text("utf-8")))
            except ValueError:
                self.always_allowed = set()

    def remember(self, tool: str, how: Remember) -> None:
        """Keep an approval for the session or for good (written next to the audit log)."""
        if how is Remember.SESSION:
            self.session_allowed.add(tool)
        elif how is Remember.ALWAYS:
            self.always_allowed.add(tool)
            if self.remembered is not None:
                self.remembered.parent.mkdir(parents=True, exist_ok=True)
                self.remembered.write_text(json.dumps(sorted(self.always_allowed)), "utf-8")

    def _allowed(self, key: str) -> bool:
        """Whether the user's policy, a remembered yes or this session's yes covers `key`."""
        return (
            key in self.settings.allow or key in self.always_allowed or key in self.session_allowed
        )

    def judge(
        self,
        tool: Tool,
        taint: str = "",
        authored: bool = False,
        carried: int = 0,
        picked: str = "",
    ) -> Verdict:
        """Run, ask or refuse one call of `tool`.

        `taint` names the untrusted content the conversation holds ("" when clean);
        `authored` says every argument of the call is the user's own words; `carried`
        counts the egress calls of the user's words this request already ran after taint
        with no yes (each may carry a few bits in which words it picks and how it orders
        them: past `EGRESS_PER_REQUEST` of them, the next asks). `picked` is a server the
        model chose for an egress call, an address the user never gave (`picked_host`):
        like a plugin's default, nobody chose it, so it asks before anything goes there.
        """
        name, key = tool.name, grant_name(tool)
        if name in self.settings.deny or key in self.settings.deny:
            return Verdict(Decision.REFUSE, f"your policy denies {key}")
        egress = leaves_machine(tool) and (
            not authored or (bool(taint) and carried >= EGRESS_PER_REQUEST)
        )
        # A change whose values you did not write ("move every meeting to 3am", planted in a
        # mail) is the planted text's change: after taint it waits for a live yes too.
        change = tool.effect is Effect.WRITE and not authored and not egress
        if taint and (tool.effect.sensitive or egress or change or tool.ask_when_tainted):
            where = (
                "to others (a calendar they read)"
                if tool.effect is Effect.WRITE
                else "off this machine"
            )
            what = (
                f"call is one more than {EGRESS_PER_REQUEST} in one request to send words"
                f" {where}, and it"
                if egress and authored
                else f"call sends what you did not write {where}"
                if egress
                else "change, with values you did not write,"
                if change and not tool.ask_when_tainted
                else f"{tool.name} call"
                if not tool.effect.sensitive
                else str(tool.effect)
            )
            return Verdict(
                Decision.ASK,
                f"this {what} comes after untrusted content ({taint}) entered this"
                " conversation: text others wrote may be giving the orders",
                live=True,
            )
        service = str(getattr(tool, "unchosen_service", "") or "")
        if not service and tool.effect is Effect.EGRESS:
            service = picked
        if service and not tool.effect.sensitive:
            consent = f"server {service}"  # no tool or MCP grant (SERVER:TOOL) has a space
            if self._allowed(consent):
                return Verdict(Decision.RUN, f"you chose to use {service}")
            why = (
                f"{service} is an address you did not give (the model chose it)"
                if service == picked
                else f"{service}, botpsy's default, not a server you set up"
            )
            return Verdict(
                Decision.ASK,
                f"first use of {why}: what you ask goes there (or set your own server in"
                " config.toml)",
                grant=consent,
            )
        if tool.effect.sensitive:
            if key in self.settings.allow or key in self.always_allowed:
                return Verdict(Decision.RUN, f"your policy allows {key}")
            if key in self.session_allowed:
                return Verdict(Decision.RUN, f"you allowed {key} for this session")
            return Verdict(Decision.ASK, f"{tool.effect} actions ask first")
        if name in self.settings.ask or key in self.settings.ask:
            return Verdict(Decision.ASK, f"your policy asks before {name}")
        return Verdict(Decision.RUN, f"{tool.effect} actions run")


def leaves_machine(tool: Tool) -> bool:
    """Whether a call's arguments go off this machine to others: egress, and a write to
    something others read (a shared calendar: its events are posted to other people, so a
    planted "add an event" is a message, and many events of the user's words spell a code).
    Judged as egress after taint; the effect stays (a write backs a claim of a change)."""
    return tool.effect is Effect.EGRESS or (
        tool.effect is Effect.WRITE and bool(getattr(tool, "reaches_others", False))
    )


# Where an address is written: after "http(s)://" in any argument, or as the whole value of
# an argument named for one (`url`: "example.org/page", "www.example.org").
_URL_HOST = re.compile(r"\bhttps?://(?:[^\s/?#@]*@)?([^\s/?#:]+)", re.I)
_BARE_HOST = re.compile(r"^\s*(?:www\.)?((?:[^\W_][\w-]*\.)+[^\W\d_]{2,})\.?(?:[/:?#].*)?$", re.S)
_ADDRESS_ARGUMENT = re.compile(r"url|uri|link|href|address|site|page", re.I)


def picked_host(arguments: Mapping[str, object], written: Iterable[str]) -> str:
    """The first server an egress call names that the user never wrote ("" when none).

    Web search and the weather ask before their default servers are used; an address
    the model came up with ("https://search.example/?q=the user's words") is no more
    the user's choice. A host counts as given when the user wrote it whole ("example.org"
    gives "www.example.org" too, not "example.org.evil"), as `authored_by_user` reads places.
    """
    said = " ".join(written).casefold()
    try:
        found: list[str] = []
        for name, value in arguments.items():
            for text in _texts({"": value}):
                found += _URL_HOST.findall(text)
                if _ADDRESS_ARGUMENT.search(name) and not _URL_HOST.search(text):
                    found += _BARE_HOST.findall(text)
    except RecursionError:
        return "(an address nested too deep)"
    for host in found:
        host = host.casefold().rstrip(".")
        bare = host.removeprefix("www.")
        if not (_named(host, said) or _named(bare, said)):
            return bare
    return ""


def grant_name(tool: Tool) -> str:
    """The name an allow rule or a remembered yes must use for `tool`.

    A built-in or plugin tool's own name. An MCP tool's is `SERVER:TOOL` (its `grant`),
    never the plain name it is offered under: when one server fails to start, another
    server's tool of the same name takes the plain name, and must not inherit a yes meant
    for the first. Deny and ask rules match either name (asking more is safe).
    """
    return str(getattr(tool, "grant", "") or tool.name)


def described_by_others(tools: Iterable[Tool]) -> str:
    """Who, other than botpsy and its installed plugins, wrote tool text the model is offered.

    A tool may carry `described_by` (an untrusted MCP server's tools do): its name and
    description are that source's words, in the prompt from the first turn, so a
    conversation that offers it is tainted before the model says anything. "" when none.
    """
    sources = sorted({str(getattr(t, "described_by", "") or "") for t in tools} - {""})
    if not sources:
        return ""
    shown = (
        " and ".join(sources) if len(sources) <= 2 else f"{sources[0]} and {len(sources) - 1} more"
    )
    return f"the tool descriptions of {shown}"


_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "for",
        "to",
        "and",
        "or",
        "is",
        "are",
        "what",
        "how",
        "when",
        "where",
        "who",
        "about",
        "with",
        "from",
        "http",
        "https",
        "www",
    ]
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# A dotted name or address ("evil.example", "3.2.3.2") wherever it stands: where a URL goes.
# Each must be written by the user as a whole; the words of "3.2.3.2" alone ("add 2 eggs
# and 3 apples") do not make an address the user gave, and punctuation around them can
# carry anything.
_HOST = re.compile(r"[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)+", re.UNICODE)


def authored_by_user(
    arguments: Mapping[str, object],
    written: Iterable[str],
    change: bool = False,
    read_off: bool = False,
) -> bool:
    """Whether every text argument is made of words the user wrote in this conversation.

    A query rephrased from the user's words passes; a URL or query carrying a
    phrase from a mail or a page (the way data is smuggled out) does not. Numbers
    and what is nested in lists and objects (keys too) count as words: a sign-in
    code leaves as readily in `{"page": 604813}` as in a query. Only a whole number
    below 100 given as an argument of its own (a limit, a count, a page) passes
    unwritten; in a list (`[60, 48, 13]`) such numbers spell a code too.

    Everything else in the text counts as well, since data rides in whatever passes
    unread: marks ("-.... -----" is a code in Morse), gaps and line breaks, how often
    a word is used ("paris weather paris" in twos is a bit string) and how it is
    cased ("WeAtHeR"). A mark, a gap or a use of a word beyond what the user wrote, or
    a function word ("the", "of") they never wrote, is a free token; a call may hold
    `FREE_TOKENS` of them (room for "weather in paris" from "weather for paris").
    A word is written as the user wrote it, in lower case or capitalised, or not at all.

    A number of three digits or more (a card, a code, an account) counts only from the
    last text in `written`, the request being answered: one the user typed turns ago
    ("note: card 4411 2233") is theirs, but sending it now may be a mail's idea.

    A `change` (a local write the model chose) is judged for what it does, not for what
    it could carry out: a value is an order, so a small number counts as a word too
    ("turn it up to 90" planted in a mail is not the user's 90; "thirty" said is their
    30), and a call that names nothing the user wrote (no arguments, or flags alone:
    `files_undo`, planted as "undo that") is not theirs for having nothing to check.

    A call `read_off` the user's request by an intent (no model chose it) writes the day
    and time the user said as the intent resolved them ("make it 1pm" becomes
    `2026-12-05T13:00+01:00`, "move the dentist to 4pm" `4pm on 2026-12-04`, the day of
    the event it moves): an ISO date, time or span in it is the user's. A model's call gets
    no such pass: it may pick the minutes and seconds of a time to spell a code.
    """
    written = list(written)
    current = {t.casefold() for t in _tokens(written[-1])} if written else set()
    said_tokens: Counter[str] = Counter()
    forms: set[str] = set()
    for text in written:
        for token in _tokens(text):
            said_tokens[token.casefold()] += 1
            forms.add(token)
        if change:
            said_tokens.update(_spoken_numbers(text))
    said = " ".join(written).casefold()
    places = _places(written)
    used: Counter[str] = Counter()
    moved = 0
    named = 0  # the user's words the call holds
    try:
        for value in arguments.values():
            sequence: list[str] = []  # this argument's words in the order the call gives them
            cased: list[str] = []  # ... and as the call writes them
            for text in _texts({"": value}, small=change):
                if read_off:  # the days and times the user said, as the intent resolved them
                    text, resolved = _RESOLVED_TIME.subn("", text)
                    named += resolved
                if not all(_named(host.casefold(), said) for host in _HOST.findall(text)):
                    return False  # a place the user never named, spelled from their words
                for token in _tokens(_SCHEME.sub("", text)):
                    key = token.casefold()
                    if _WORD.fullmatch(token) and key not in _FUNCTION_WORDS:
                        if key not in said_tokens:
                            return False
                        if token not in forms and token not in (key, key.capitalize()):
                            return False  # "WeAtHeR": a case pattern the user never wrote
                        if sum(c.isdigit() for c in key) >= 3 and key not in current:
                            return False  # a number from an earlier turn, sent on now
                        sequence.append(key)
                        cased.append(token)
                    used[key] += 1
            moved += _moved(sequence, places) + _recased(cased, forms)
            named += len(sequence)
    except RecursionError:  # nested deeper than anyone writes: not the user's words
        return False
    if change and not named:
        return False  # a change that names nothing the user wrote is not theirs
    free = sum(max(0, count - said_tokens[key]) for key, count in used.items())
    return free + moved <= FREE_TOKENS


def _spoken_numbers(text: str) -> Counter[str]:
    """The numbers said in words ("thirty", "twenty five"), as digits: a change to 30 is the
    user's when they said "thirty"."""
    found: Counter[str] = Counter()
    run: list[int] = []
    for word in [*_WORD.findall(text.casefold()), ""]:
        value = NUMBER_WORDS.get(word)
        if value is not None and word not in ("a", "an"):
            run.append(value)
            found[str(value)] += 1
            continue
        if len(run) > 1:
            found[str(sum(run))] += 1
        run = []
    return found


def _recased(words: list[str], forms: set[str]) -> int:
    """Free tokens spent on case: a word's case is a bit ("Paris" or "paris") when the call
    may pick it word by word. Words written as the user wrote them cost nothing; a call
    cased one way throughout (all lower case, or every word capitalised) costs one; else
    each word in a case the user never wrote it in costs one."""
    off = [w for w in words if w not in forms]
    if not off:
        return 0
    if all(w == w.lower() for w in words) or all(w == w.capitalize() for w in words):
        return 1
    return len(off)


def _places(written: list[str]) -> dict[str, list[int]]:
    """Where each word stands in what the user wrote, all texts read as one, in order."""
    places: dict[str, list[int]] = {}
    index = 0
    for text in written:
        for token in _WORD.findall(text):
            places.setdefault(token.casefold(), []).append(index)
            index += 1
        index += 1  # a new text: no word of one follows on from the last of the other
    return places


def _moved(sequence: list[str], places: dict[str, list[int]]) -> int:
    """How many words of `sequence` stand out of the order the user wrote them in.

    The order of the user's own words is a channel too: seven words in any order spell
    some twelve bits, a code in two calls. Each word that must move for the rest to read
    in the user's order (its length less the longest run in that order) is a free token.
    """
    tails: list[int] = []  # patience sorting: tails[k] ends the best increasing run of k + 1
    for key in sequence:
        for place in sorted(places.get(key, []), reverse=True):  # one place per word counts
            at = bisect_left(tails, place)
            if at == len(tails):
                tails.append(place)
            else:
                tails[at] = place
    return len(sequence) - len(tails)


# Egress calls of the user's own words one request may run after taint without a yes: each
# may choose and order those words to carry a few bits, so many of them would spell a code.
EGRESS_PER_REQUEST = 2
# Tokens a call may hold beyond what the user wrote (see `authored_by_user`): few, since
# each can carry a few bits of a mail's secret.
FREE_TOKENS = 2
# A word, a run of spaces, any other gap (a tab, a line break), or any one other character.
_TOKEN = re.compile(r"[^\W_]+| {2,}|[^\S ]|[^\w\s]|_", re.UNICODE)
# An ISO date, time or span ("2026-12-05", "2026-12-05T13:00+01:00", "A/B"): how an intent
# writes the day and time the user said.
_ISO = r"\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?"
_RESOLVED_TIME = re.compile(rf"(?<![\w.:/+-]){_ISO}(?:/{_ISO})?(?![\w.:/+-])")
# "https://" and "www." are how an address the user gave is written, not data.
_SCHEME = re.compile(r"\bhttps?://(?:www\.)?|\bwww\.", re.I)


def _named(host: str, said: str) -> bool:
    """Whether the user wrote this very host: "example.org" is not named by "example.org.uk"
    or "myexample.org", which are other places."""
    return re.search(rf"(?<![\w.-]){re.escape(host)}(?![\w-]|\.[^\W_])", said) is not None


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _texts(value: object, depth: int = 0, small: bool = False) -> Iterator[str]:
    """Every piece of text a value carries, numbers as their digits.

    An argument of its own that is a boolean, a null or a whole number below 100 says
    little and passes. Inside a list or an object every item counts: a flag there is
    its word ("true"), and an item that says nothing (a null, "", an empty list) is a
    mark, since how many there are, or where, spells a code as well as digits do.
    """
    if depth > 20:
        raise RecursionError("arguments nested too deep")
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list | tuple | set):
        pairs = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for key, item in pairs:
            if key is not None and depth:  # the call's own argument names are the tool's
                yield str(key)
            pieces = list(_texts(item, depth + 1, small))
            if depth and not any(_tokens(piece) for piece in pieces):
                pieces.append(",")  # an item that says nothing still says it is there
            yield from pieces
    elif isinstance(value, bool) or value is None:
        if depth > 1:
            yield json.dumps(value)
    elif isinstance(value, int) and -100 < value < 100 and depth == 1 and not small:
        return  # an argument of its own, a limit or a count: two digits at most say little
    else:
        yield str(value)


@dataclass
class ApprovalRequest:
    """What the user is asked: the tool, its effect, the resolved arguments, and why."""

    tool: str
    effect: str
    preview: str
    arguments: dict[str, Any]
    reason: str
    live: bool = False  # tainted: only a person answering now counts; no remembering
    pinned: dict[str, Any] = field(default_factory=dict)  # the exact targets the preview named
    grant: str = ""  # set when a yes may be kept for good under this name (a server's first use)


class Remember(StrEnum):
    """How long an approval holds."""

    ONCE = "once"
    SESSION = "session"
    ALWAYS = "always"


@dataclass
class Approval:
    """The user's answer; `arguments` replaces the call's when the user edited them."""

    approved: bool
    remember: Remember = Remember.ONCE
    arguments: dict[str, Any] | None = None
    unavailable: bool = False  # nobody could be asked (no terminal and no --yes)
    note: str = field(default="")


class Approver(Protocol):
    """The one interface each face implements to ask the user."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Ask, and return the answer."""
        ...


class NoTerminalApprover:
    """No terminal and no `--yes`: nobody can say yes, so the call is refused."""

    def approve(self, request: ApprovalRequest) -> Approval:
        """Refuse, saying how to allow it."""
        if request.live:
            return Approval(False, unavailable=True, note=LIVE_ONLY)
        return Approval(
            False,
            unavailable=True,
            note="needs your approval; run it in a terminal, or pass --yes to approve in advance",
        )


LIVE_ONLY = (
    "it needs a yes from you at a terminal, because this conversation holds text others wrote;"
    " --yes and allow rules do not cover it (start a new conversation to use them)"
)


class AutoApprover:
    """`--yes`: the user approved sensitive calls in advance, except where only a live yes counts.

    A call in a tainted conversation goes to `live` (a terminal prompt, or refusal
    when there is no terminal).
    """

    def __init__(self, live: Approver | None = None) -> None:
        self.live: Approver = live or NoTerminalApprover()

    def approve(self, request: ApprovalRequest) -> Approval:
        """Approve, or hand a tainted call to a person."""
        if request.live:
            return self.live.approve(request)
        return Approval(True, note="approved by --yes")
