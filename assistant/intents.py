"""Local intents: common requests answered with a tool call and no model, in milliseconds.

Plugins register matchers (see `hookspecs.register_intents`). A match may lack
arguments; the assistant then asks for them and completes the call when the user
answers on the next turn.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

from assistant.errors import BotpsyError
from assistant.spoken import CONDITION, plain_request

Matcher = Callable[[str], "IntentMatch | None"]
# A follow-up matcher reads a request together with the turn before it ("make it 1pm").
FollowMatcher = Callable[[str, "Recent"], "IntentMatch | list[IntentMatch] | None"]
# A matcher that reads one request as several calls, one per item said.
SeveralMatcher = Callable[[str], "list[IntentMatch] | None"]

# Longer requests are not what a local intent answers; they go to the model unread.
MAX_REQUEST_CHARS = 1000
# Several requests in one ("add X friday 3pm and lunch with sam saturday at 1pm") are
# short: at most this many parts, this many places to cut and this many characters, so
# `match_all` costs at most a few dozen `match`es whatever the length of the request.
MAX_PARTS = 4
MAX_CUTS = 6
MAX_COMPOUND_CHARS = 400
_CUT = re.compile(
    r"\s*[,;]\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+|also\s+)?|\s+then\s+", re.I
)


@dataclass
class IntentMatch:
    """A request understood without the model: which tool, with what arguments."""

    tool: str
    arguments: dict[str, Any]
    intent: str = ""
    missing: dict[str, str] = field(default_factory=dict)  # argument -> question for the user
    options: list[str] = field(default_factory=list)  # what "1", "the second" stand for
    labels: list[str] = field(default_factory=list)  # the words each option is known by
    # Run only when the call before it in the same request ran: an edit made of two calls
    # (cancel the alarm just set, set the new one) stops when the user says no to the first.
    after_done: bool = False
    # A setting of how the next call's thing runs ("shuffle and play the kites"): in a
    # compound request it runs after that call, which starts what it applies to.
    setting: bool = False
    # Points at something said before ("add these to my list"): after a turn, the model, which
    # read that turn, resolves it; only in a new conversation is the thing asked for here.
    points_back: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form, kept in the conversation while a question waits for its answer."""
        return {
            "tool": self.tool,
            "arguments": self.arguments,
            "intent": self.intent,
            "missing": self.missing,
            "options": self.options,
            "labels": self.labels,
            "after_done": self.after_done,
            "setting": self.setting,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IntentMatch:
        """Inverse of `to_dict`."""
        return cls(
            data["tool"],
            dict(data["arguments"]),
            data.get("intent", ""),
            dict(data["missing"]),
            list(data.get("options", [])),
            list(data.get("labels", [])),
            bool(data.get("after_done", False)),
            bool(data.get("setting", False)),
        )


@dataclass(frozen=True)
class DoneCall:
    """A call the last turn made, as its record shows it: the tool and resolved arguments.

    Never the tool's output: what a follow-up may change is chosen by the user's
    words and these records only, not by text a tool returned.
    """

    tool: str
    arguments: Mapping[str, Any]
    plugin: str = ""
    effect: str = ""


@dataclass(frozen=True)
class Recent:
    """The turn before this one, read-only: what the user said and the calls that ran.

    Only calls that ran and whose arguments the user's own words chose are kept
    (a call the model made from a mail's text is not something "it" may point to).
    """

    request: str = ""
    calls: tuple[DoneCall, ...] = ()
    now: datetime | None = None  # the clock when the request is read (set by the agent)

    def last(self, *tools: str) -> DoneCall | None:
        """The latest call, or the latest of these tools."""
        for call in reversed(self.calls):
            if not tools or call.tool in tools:
                return call
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON form, kept with the conversation."""
        return {
            "request": self.request,
            "calls": [
                {"tool": c.tool, "arguments": dict(c.arguments), "plugin": c.plugin,
                 "effect": c.effect}
                for c in self.calls
            ],
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None, now: datetime | None = None) -> Recent:
        """Inverse of `to_dict` (an empty context for None)."""
        data = data or {}
        calls = tuple(
            DoneCall(c["tool"], dict(c.get("arguments", {})), c.get("plugin", ""),
                     c.get("effect", ""))
            for c in data.get("calls", [])
        )  # fmt: skip
        return cls(str(data.get("request", "")), calls, now)


@dataclass
class Intent:
    """A named matcher from a plugin."""

    name: str
    plugin: str
    matcher: Matcher


class IntentRegistry:
    """Intents in the order they were registered."""

    def __init__(
        self, core: Callable[[IntentRegistry], list[tuple[str, FollowMatcher]]] | None = None
    ) -> None:
        self.intents: list[Intent] = []
        # The core's own follow-ups (assistant.followups: an edit of what was just made, a
        # pronoun filled in), tried after the plugins'; the loader hands them in.
        self.core = core or (lambda _registry: [])
        self.followups: list[tuple[str, FollowMatcher]] = []
        # Follow-ups that point into what the last call showed ("the first one" of a listing):
        # tried only when the last request, read again, asks that call (`asked_by_words`).
        self.asked_only: set[str] = set()
        # Matchers that read one request as several calls ("take eggs and milk off the list").
        self.several: list[tuple[str, SeveralMatcher]] = []
        # The parameters a tool takes (the agent sets it): a follow-up fills in only those.
        self.parameters: Callable[[str], set[str]] = lambda _tool: set()

    def register_callback(self, plugin: str) -> Callable[..., None]:
        """The `register` callable handed to a plugin's `register_intents` hook.

        `register(name, matcher)` adds a matcher of the request alone;
        `register(name, matcher, follows=True)` one that also reads the turn before
        (`matcher(text, recent)`), for "make it 1pm" or "read it";
        `register(name, matcher, several=True)` one that reads a request as several calls
        (`matcher(text) -> list[IntentMatch] | None`), for "cross off eggs and milk".
        `register(name, matcher, follows=True, asked=True)` a follow-up that picks from what the
        last call showed ("delete the first one" after a listing): tried only when the last
        request, read again, asks that call, so never after one the model made on its own
        (maybe on an order planted in what it read).
        """

        def register(
            name: str,
            matcher: Any,
            follows: bool = False,
            several: bool = False,
            asked: bool = False,
        ) -> None:
            if several:
                self.several.append((f"{plugin}.{name}", matcher))
            elif follows:
                self.followups.append((f"{plugin}.{name}", matcher))
                if asked:
                    self.asked_only.add(f"{plugin}.{name}")
            else:
                self.intents.append(Intent(f"{plugin}.{name}", plugin, matcher))

        return register

    def follow(self, text: str, recent: Recent) -> list[IntentMatch] | None:
        """The request read as a follow-up of the last turn ("remove the eggs", "make that 7:30").

        Plugins' follow-up matchers first, then the core's (a pronoun or a left-out
        list filled in from the last call, an edit of the event just made). None
        when the last turn made no call or nothing here reads the request.
        """
        if not recent.calls or len(text) > MAX_REQUEST_CHARS:
            return None
        cleaned = clean_request(text)
        if _ONLY_TALK.match(cleaned):
            return None  # "thanks", "ok great": talk, never a thing to add, remove or change
        asked: bool | None = None  # whether the last request, read again, asks the last call
        for name, matcher in [*self.followups, *self.core(self)]:
            if name in self.asked_only:
                if asked is None:
                    last, before = recent.last(), self.match(recent.request)
                    asked = last is not None and before is not None and before.tool == last.tool
                if not asked:
                    continue
            try:
                found = matcher(cleaned, recent)
            except Exception as exc:  # a plugin bug must not stop the request
                print(f"botpsy: intent {name} failed: {exc}", file=sys.stderr)
                continue
            if not found:
                continue
            matches = found if isinstance(found, list) else [found]
            for match in matches:
                match.intent = match.intent or name
            return matches
        told = _DONE_IT.match(cleaned)
        if told and cleaned[told.end() :].strip():  # "i just did it, tick it off": the request
            return self.follow(cleaned[told.end() :], recent)
        return None

    def match(self, text: str) -> IntentMatch | None:
        """The first intent that matches; a matcher that raises is reported and skipped.

        Requests longer than `MAX_REQUEST_CHARS` match nothing, so no matcher ever
        spends more than a moment on one.
        """
        if len(text) > 4 * MAX_REQUEST_CHARS:
            return None
        cleaned = clean_request(text)
        if len(cleaned) > MAX_REQUEST_CHARS:
            return None
        for intent in self.intents:
            try:
                found = intent.matcher(cleaned)
            except Exception as exc:  # a plugin bug must not stop the request
                print(f"botpsy: intent {intent.name} failed: {exc}", file=sys.stderr)
                continue
            if found is not None:
                found.intent = intent.name
                return found
        joined = _JOINED_ON.match(cleaned)
        if joined:  # "also remind me to call jo": a request of its own, joined on to the last
            return self.match(cleaned[joined.end() :])
        felt = _FELT.match(cleaned)
        if felt and cleaned[felt.end() :].strip():  # "it's chilly in here, heat it up": the request
            return self.match(cleaned[felt.end() :])
        return self._after_reason(cleaned)

    def _after_reason(self, cleaned: str) -> IntentMatch | None:
        """ "We're heading off, lock the back door": a reason said first, then an order to a device
        (or a timer), which is the request. Only when the reason matches nothing itself and
        carries no message ("tell sam, the door's open" is a message, not a reason)."""
        said = _REASON_FIRST.match(cleaned)
        if said is None or _CARRIES_MESSAGE.search(said.group("why")):
            return None
        if CONDITION.search(said.group("why")) or _NO_REASON.search(said.group("why")):
            return None  # "if anyone knocks, ...", "in an hour, ...", "apart from the hall, ..."
        found = self.match(cleaned[said.end() :])
        if found is None or not found.tool.startswith(_ORDERED_TOOLS):
            return None
        return found if self.match(said.group("why")) is None else None

    def match_all(self, text: str) -> list[IntentMatch] | None:
        """Two to four requests in one, each a complete match on its own; else None.

        The request is cut at "and", "and then", "then", commas and semicolons into
        parts that must each match with nothing missing; "add lunch with ana and ben
        friday at 1pm" stays whole because "add lunch with ana" lacks a time. A part
        with no verb may borrow the first part's ("add dentist friday 3pm and lunch
        saturday at 1pm"), but only when both bring more than a name (a time, a day),
        so "remind me to buy eggs and milk" stays one task; a part that is only a clock
        time borrows the words before the first part's time ("alarms for six and six
        thirty"). A day said once ("what's on tomorrow and what's the weather") is lent
        to a part that names none, when that part then says more. The last part alone
        may end with a question that offers choices (am or pm?). More parts are
        preferred, then the earliest cuts. None means: treat the request as one.
        """
        if len(text) > 4 * MAX_REQUEST_CHARS:
            return None
        cleaned = clean_request(text)
        if len(cleaned) > MAX_COMPOUND_CHARS:
            return None
        if (whole := self._several(cleaned)) is not None:
            return whole
        if (each_day := self._each_day(cleaned)) is not None:
            return each_day
        cuts = [(m.start(), m.end()) for m in _CUT.finditer(cleaned)]
        if not cuts or len(cuts) > MAX_CUTS:
            return None
        seen: dict[str, IntentMatch | None] = {}

        def found(part: str) -> IntentMatch | None:
            if part not in seen:
                seen[part] = self.match(part) if part else None
            return seen[part]

        for count in range(min(MAX_PARTS, len(cuts) + 1), 1, -1):
            for chosen in combinations(cuts, count - 1):
                ends = [0, *(e for _, e in chosen)]
                starts = [*(s for s, _ in chosen), len(cleaned)]
                parts = [cleaned[a:b].strip() for a, b in zip(ends, starts, strict=True)]
                matches = _each_part(parts, found)
                if matches is not None:
                    matches = _unrepeated(_it_kept(matches) or [])
                if matches:
                    return [IntentMatch.from_dict(m.to_dict()) for m in _settings_after(matches)]
        return None

    def _each_day(self, cleaned: str) -> list[IntentMatch] | None:
        """ "add pilates on tuesday and thursday at 7pm": the request once for each day it
        lists, when read whole it takes the list for a name ("Pilates on tuesday and") or is
        not complete, and each day's request is complete and asks the same tool."""
        listed = _DAY_LIST.search(cleaned)
        if listed is None:
            return None
        whole = self.match(cleaned)
        if whole is not None and not whole.missing and not _lists_days(whole):
            return None  # read as meant whole ("alarm at 7 on monday and tuesday" repeats)
        days = re.findall(_DAYS, listed.group(0), re.I)
        head, tail = cleaned[: listed.start()].rstrip(), cleaned[listed.end() :]
        if _A_CLOCK.search(head) and _A_CLOCK.search(tail):
            return None  # "swim at 7am on monday and on tuesday at 8am": a time for each day
        matches = [self.match(f"{head} on {day}{tail}") for day in days]
        complete = [m for m in matches if m is not None and not m.missing]
        if len(complete) != len(days) or len({m.tool for m in complete}) != 1:
            return None
        return complete

    def _several(self, cleaned: str) -> list[IntentMatch] | None:
        """The calls of a matcher that reads the whole request as several (two or more)."""
        for name, matcher in self.several:
            try:
                found = matcher(cleaned)
            except Exception as exc:  # a plugin bug must not stop the request
                print(f"botpsy: intent {name} failed: {exc}", file=sys.stderr)
                continue
            if found and len(found) > 1:
                for match in found:
                    match.intent = match.intent or name
                return found
        return None


_IT = frozenset({"it", "that", "this", "them", "those", "these"})


def _it_kept(matches: list[IntentMatch]) -> list[IntentMatch] | None:
    """ "I must renew the permit on friday, add it to my to-dos": a part whose thing is "it"
    says where the part before it goes, not a thing of its own. With the same tool, what it
    adds (a list) joins the part before; with another tool the request is no compound."""
    kept: list[IntentMatch] = []
    for match in matches:
        named = [k for k in _NAMING if isinstance(match.arguments.get(k), str)]
        if not any(str(match.arguments[k]).strip().lower() in _IT for k in named):
            kept.append(match)
            continue
        if not kept or kept[-1].tool != match.tool:
            return None
        extra = {k: v for k, v in match.arguments.items() if k not in named}
        kept[-1].arguments = {**kept[-1].arguments, **extra}  # where "it" goes, said last, wins
    return kept


def _unrepeated(matches: list[IntentMatch]) -> list[IntentMatch] | None:
    """One call said twice is asked once: "i can't hear a thing, louder" is one step up, the
    complaint and the order being the same request (a step twice would be said "two steps").
    Only a call repeated at once is one: with another between, each runs in its order."""
    kept: list[IntentMatch] = []
    for match in matches:
        last = kept[-1] if kept else None  # said again right after, never after another call:
        if last is None or (last.tool, last.arguments) != (match.tool, match.arguments):
            kept.append(match)  # "lock it, unlock it, lock it" leaves it locked
    return kept or None


def _settings_after(matches: list[IntentMatch]) -> list[IntentMatch]:
    """A setting said before what it applies to runs after it, so it applies to that."""
    ordered = list(matches)
    for i in range(len(ordered) - 1):
        if ordered[i].setting and not ordered[i + 1].setting:
            ordered[i], ordered[i + 1] = ordered[i + 1], ordered[i]
    return ordered


def _complete(match: IntentMatch | None) -> IntentMatch | None:
    return match if match is not None and not match.missing else None


def _choosing(match: IntentMatch | None) -> bool:
    """A match that asks the user to pick among options it offers (am or pm?)."""
    return match is not None and bool(match.missing) and bool(match.options)


# A day or part of one said in a request: what a compound's other parts may share.
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_DAY_PHRASE = re.compile(
    rf"\b(?:(?:on|for)\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+(?:week(?:end)?|{_DAYS})"
    rf"|(?:on\s+)?(?:{_DAYS})|(?:(?:on|at|over|for)\s+)?the\s+weekend)"
    r"(?:\s+(?:morning|afternoon|evening|night))?\b"
    r"|\b(?:this|in\s+the)\s+(?:morning|afternoon|evening)\b",
    re.I,
)


# Two to four days said as a list: "on monday and wednesday", "monday, wednesday and friday".
_DAY_LIST = re.compile(
    rf"(?<=\s)(?:on\s+)?(?:{_DAYS})(?:\s*,\s*(?:on\s+)?(?:{_DAYS})){{0,2}}"
    rf",?\s+(?:and|&)\s+(?:on\s+)?(?:{_DAYS})\b",
    re.I,
)
_DAYS_JOINED = re.compile(
    rf"\b(?:{_DAYS})\s*(?:,|\band\b)|(?:,|\band)\s+(?:on\s+)?(?:{_DAYS})\b", re.I
)


_NAMING = ("title", "task", "name", "text", "what", "event", "label", "summary", "subject")


def _lists_days(match: IntentMatch) -> bool:
    """Whether a match kept a list of days inside a name ("Pilates on tuesday and"); in a
    time argument ("saturday and sunday") the list was understood."""
    return any(
        isinstance(v, str) and _DAYS_JOINED.search(v)
        for k, v in match.arguments.items()
        if k in _NAMING
    )


def day_phrase(text: str) -> str:
    """The day a request names ("tomorrow", "on friday"), as said; "" when it names none."""
    found = _DAY_PHRASE.search(text)
    return found.group(0) if found else ""


_NUMBER_HOURS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
# A part that starts with a clock time: "six thirty", "7:15", "at 9", "noon".
# A clock time anywhere: "at 7am", "at 18:30", "at noon".
_A_CLOCK = re.compile(
    r"\bat\s+(?:\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?(?![\w:])|noon\b|midnight\b)", re.I
)
# A part that starts with a day ("tuesday at 7am", "on friday"): its request said before it.
_DAYISH = re.compile(rf"^(?:(?:on|for)\s+)?(?:(?:this|next)\s+)?(?:{_DAYS}|tomorrow)\b", re.I)
_CLOCKISH = re.compile(
    rf"^(?:at\s+|for\s+)?(?:\d{{1,2}}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|{_NUMBER_HOURS}|noon|midnight)\b",
    re.I,
)


def _with_day(part: str, day: str, match: IntentMatch | None, found: Finder) -> IntentMatch | None:
    """`part` read with a day another part said, when the day lands in a time it names.

    "what's the weather" + "tomorrow" asks the weather for tomorrow; "turn off the
    lights" + "tomorrow" is left alone ("lights tomorrow" names no time).
    """
    if not day or _DAY_PHRASE.search(part):
        return match
    lent = found(f"{part} {day}")
    if lent is None or lent.missing or (match is not None and lent.tool != match.tool):
        return match
    before = match.arguments if match is not None else {}
    if any(
        isinstance(v, str) and day in v.lower() and before.get(k) != v and _names_time(v)
        for k, v in lent.arguments.items()
    ):
        return lent
    return match


def _names_time(text: str) -> bool:
    """Whether the words as a whole are a day or a time ("6am tomorrow", "on friday")."""
    from assistant.timeparse import parse_moment, parse_span

    now = datetime.now().astimezone()
    bare = re.sub(r"^(?:at|on|for)\s+", "", text, flags=re.I)
    for parse, said in ((parse_span, bare), (parse_moment, bare), (parse_moment, f"at {bare}")):
        try:  # "at 7 tomorrow morning": a bare hour is read with its "at"
            parse(said, now)
        except BotpsyError:
            continue
        return True
    return False


# The day another part named, pointed at: "that morning", "that evening", "the same day".
_THAT_DAY = re.compile(
    r"\b(?:that|the\s+same)\s+(?P<part>morning|afternoon|evening|night|day)\b", re.I
)
_POINTS_BACK = re.compile(r"\b(?:it|them)\b", re.I)


def _points_back(part: str, alone: IntentMatch | None) -> IntentMatch | None:
    """A part that asks only what its "it" is ("add it to groceries"): the same call with "it"
    as its thing, for `_it_kept` to join to the part before."""
    if alone is None or not _POINTS_BACK.search(part):
        return None
    named = [k for k in _NAMING if k in alone.missing]
    if len(alone.missing) != 1 or not named:
        return None
    return IntentMatch(alone.tool, {**alone.arguments, named[0]: "it"}, alone.intent)


def _each_part(parts: list[str], found: Finder) -> list[IntentMatch] | None:
    """A match for every part: verbless ones borrowing the first part's verb, days shared."""
    if any(re.match(r"(?:not|never)\b", p, re.I) for p in parts[1:]):
        return None  # "the plumber is now at 10, not at 9": one correction, never a second request
    days = {
        re.sub(r"^(?:on|for)\s+", "", m.group(0).lower())
        for p in parts
        for m in _DAY_PHRASE.finditer(p)
    }
    day = next(iter(days)) if len(days) == 1 else ""
    if day and re.fullmatch(r"[a-z]+", day):  # "... on thursday and an alarm for 7 that morning"
        said = lambda m: day if m.group("part").lower() == "day" else f"{day} {m.group('part')}"  # noqa: E731
        parts = [parts[0], *(_THAT_DAY.sub(said, p).strip() for p in parts[1:])]
    own = _complete(found(parts[0]))
    first = _with_day(parts[0], day, own, found) if own else None
    if first is None and _CLOCKISH.match(parts[-1]):  # "alarms for six and six thirty tomorrow"
        first = _with_day(parts[0], day, None, found)
    if first is None:
        return None
    verb = _verb_of(parts[0], own) if own and len(own.arguments) > 1 else None
    result = [first]
    for index, part in enumerate(parts[1:], 1):
        alone = found(part)
        if (device := _another_device(parts[0], part, own, alone, found)) is not None:
            result.append(device)  # "switch off the radio and the fan": the same for the fan
            continue
        # a time, or a day with its time ("tuesday at 7am"; a day alone may widen a question:
        # "what do i have tomorrow and friday" is one listing)
        when_only = bool(_CLOCKISH.match(part) or (_DAYISH.match(part) and _A_CLOCK.search(part)))
        match = None
        if when_only and alone is not None and alone.tool != first.tool:
            # "alarms for 5:50 and 6 on friday morning": a time after the first part's time is
            # another of the same, not an event titled "7"
            match = _clock_value(parts[0], part, first, day, found)
        if match is None:
            match = _with_day(part, day, alone, found) if _complete(alone) else None
        if match is None and (pointed := _points_back(part, alone)) is not None:
            match = pointed  # "..., add it to groceries": where the part before goes
        if match is None and when_only:  # "and on tuesday at 8am": the thing said before it
            match = _clock_value(parts[0], part, first, day, found)
        if match is None and (lead := _PLACE_PART.match(part)):  # "... in porto and in faro"
            match = _place_value(parts[0], part, lead.group(1), first, found)
        if match is None and alone is None and _BARE_PLACE.fullmatch(part):
            bare = _place_value(parts[0], f"in {part}", "in", first, found)  # "... and vienna"
            # only where the first part's own place was ("the weather in munich", "the lights
            # in the hall"), never inside a question's words ("... in the short and long run")
            if bare is not None and any(k in first.arguments for k in _WHERE_ARGUMENTS):
                match = bare
        if match is None and verb is not None:
            borrowed = _complete(found(verb + part))
            says_more = len(borrowed.arguments) > 1 if borrowed else False
            if borrowed and borrowed.tool == first.tool and (says_more or _OWN_PLACE.search(part)):
                match = borrowed
        if match is None and index == len(parts) - 1 and _choosing(alone):
            match = alone
        if match is None:
            return None
        result.append(match)
    return result


# A thing named with no verb: "the fan", "the lamps on the landing", "porch light"; never a
# clause of its own ("let the music play", "make it cosy").
_BARE_THING = re.compile(
    r"(?!(?:let|make|start|stop|play|set|give|put|get|turn|switch|tell|show|open|close|lock"
    r"|unlock|call|send|add|remind|read|check|keep|leave|go|come|have|be|do|what|how|is|are)\b)"
    r"(?:(?:the|my|our)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}",
    re.I,
)


def _another_device(
    first_part: str, part: str, own: IntentMatch | None, alone: IntentMatch | None, found: Finder
) -> IntentMatch | None:
    """ "the lamps on the landing" after "switch off the radio": the first part's verb for another
    device, when the first part acted on one device and this part alone asks nothing."""
    device = own.arguments.get("device") if own is not None else None
    if own is None or not isinstance(device, str) or _complete(alone) is not None:
        return None
    if not _BARE_THING.fullmatch(part):
        return None
    whole = _complete(found(f"{first_part} and {part}"))
    both = whole.arguments.get("device") if whole is not None else None
    if whole is not None and whole.tool == own.tool and isinstance(both, str) and " and " in both:
        return None  # "the porch and study lights": one call that names both, read whole
    verb = _verb_of(first_part, own)
    if verb is None:
        return None
    if re.match(r"(?:the|my|our)\s", part, re.I):
        verb = re.sub(r"\b(?:the|my|our)\s+$", "", verb, flags=re.I)  # "turn off the " + "the lamp"
    borrowed = _complete(found(verb + part))
    other = borrowed.arguments.get("device") if borrowed is not None else None
    if borrowed is None or borrowed.tool != own.tool or not isinstance(other, str):
        return None
    named = re.sub(r"^(?:the|my|our)\s+", "", part.strip(), flags=re.I).lower()
    if other.strip().lower() != named:
        return None  # the part is the device and nothing else: "let the music play" is not
    return borrowed if other.strip().lower() != device.strip().lower() else None


def _clock_value(
    first_part: str, part: str, first: IntentMatch, day: str, found: Finder
) -> IntentMatch | None:
    """ "six thirty" after "set alarms for six", "tuesday at 7am" after "add rowing on monday at
    7am": the first part's words before its time or day, again, with this part's. Only a part
    that is wholly a time: "5pm call mum" is a request of its own, not "dentist 5pm call mum"."""
    if not _names_time(re.sub(r"\s+(?:too|as\s+well|also|again)$", "", part, flags=re.I)):
        return None
    words = first_part.split()
    for cut in range(1, len(words)):
        rest = " ".join(words[cut:])
        if not (_CLOCKISH.match(rest) or _DAYISH.match(rest)):
            continue
        head = " ".join(words[:cut])
        said = f"{head} {part}"
        borrowed = _with_day(said, day, _complete(found(said)), found) or _with_day(
            said, day, None, found
        )
        if borrowed is not None and not borrowed.missing and borrowed.tool == first.tool:
            return borrowed
    return None


# A part that is only a place: "and in paris", "for lyon".
_PLACE_PART = re.compile(r"^(in|at|for|near)\s+[a-z][\w' .-]{1,40}$", re.I)
# The arguments that say where a call is about: a place said bare may stand for another.
_WHERE_ARGUMENTS = ("place", "device", "location", "city")
# A place said bare after one said with "in": "the weather in lyon and geneva on saturday".
_BARE_PLACE = re.compile(r"[a-z][\w'.-]*(?:\s+[a-z][\w'.-]*){0,3}", re.I)


def _place_value(
    first_part: str, part: str, lead: str, first: IntentMatch, found: Finder
) -> IntentMatch | None:
    """ "in faro" after "what's the weather in porto": the first part with its place said anew
    (the same tool, carrying the new place)."""
    spot = first_part.lower().rfind(f" {lead.lower()} ")
    if spot < 0:
        return None
    said = f"{first_part[:spot]} {part}"
    borrowed = _complete(found(said))
    place = _DAY_PHRASE.sub(" ", part.split(None, 1)[1]).strip().lower()
    if borrowed is None or borrowed.tool != first.tool or borrowed.missing:
        return None
    values = " ".join(str(v).lower() for v in borrowed.arguments.values())
    return borrowed if place in values else None


Finder = Callable[[str], "IntentMatch | None"]


def _verb_of(part: str, match: IntentMatch) -> str | None:
    """What comes before the first argument: "add " in "add dentist friday 3pm"."""
    value = next((v for v in match.arguments.values() if isinstance(v, str) and v), "")
    at = part.lower().find(value.lower()) if value else -1
    return part[:at] if at > 0 else None


# Where a part of a compound keeps its thing, said by the part itself ("... and book the mot to
# my to-do list"): like a time or a day, more than a name, so the part may borrow a verb.
_OWN_PLACE = re.compile(
    r"\b(?:to|on|onto|in|into)\s+(?:the|my|our)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:list|to-?do(?:\s+list)?|calendar|diary|agenda)\s*$",
    re.I,
)
# How the user feels, said before the request it explains: "it's chilly in here, heat it up".
# A short clause before a comma, then the request: "i'm outside, unlock the door".
_REASON_FIRST = re.compile(
    r"^(?P<why>[a-z'][\w' ]{2,60}?)\s*[,;:]\s*(?:(?:so|then|please|can\s+you|could\s+you|just)\s+)*(?=\S)",
    re.I,
)
_CARRIES_MESSAGE = re.compile(
    r"\b(?:tell|email|e-mail|text|message|say|saying|write|reply|let\s+\w+\s+know|remind|note)\b",
    re.I,
)
# A clause that is no reason but a condition, a time or an exception the order depends on:
# "if anyone knocks, unlock the door", "in an hour, turn the heater off", "apart from the hall,
# turn the lights off", "not the kitchen, ...": the order alone would be done now, and whole.
_NO_REASON = re.compile(
    r"^(?:in|at|by|on|from|every|each|apart|not|only|but|never|don't|do\s+not|later|tomorrow"
    r"|tonight|tonite)\b"
    r"|\b(?:if|when|whenever|until|till|not\s+the"
    r"|minutes?|mins?|hours?|hrs?|seconds?|secs?|o'?clock|[ap]\.?m\.?|\d+)\b",
    re.I,
)  # a time or a limit; `CONDITION` (assistant.spoken) the conditions and exceptions
# The calls a reason may lead to: orders to a device or a timer, never a send or a delete.
_ORDERED_TOOLS = ("home_", "volume_", "media_", "brightness_", "timer_set")
_FELT = re.compile(
    r"^(?:it'?s|it\s+is|i'?m|i\s+am)\s+(?:(?:a\s+bit|so|too|really|quite|very|way\s+too)\s+)?"
    r"(?:cold|freezing|chilly|hot|boiling|warm|stuffy|dark|too\s+bright|loud|noisy)(?:\s+in\s+here)?"
    r"\s*[,;.!-]+\s*(?:(?:so|can\s+you|could\s+you|please)\s+)*",
    re.I,
)
# A clause that says "it" is done before the request about it ("i've just done that, mark it as done",
# "that's sorted, tick it off"): it tells what the request then asks, so only the request is read.
_DONE_IT = re.compile(
    r"^(?:(?:actually|oh|ok(?:ay)?|so|well|right|great|good)[,]?\s+)*"
    r"(?:(?:i(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+)?(?:did|done|finished|completed|sorted)"
    r"\s+(?:it|that|this)|(?:that|it)(?:'s|\s+is)\s+(?:(?:all|already)\s+)?(?:done|sorted|finished)"
    # "got the lot, clear it", "picked it all up, empty the list"
    r"|(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+)?(?:bought|got|picked\s+up|packed)"
    r"\s+(?:everything|it\s+all|them\s+all|all\s+of\s+(?:it|them)|the\s+lot))"
    r"(?:\s+(?:already|just\s+now|now|today))?\s*[,;.!-]+\s*(?:(?:so|now|please)\s+)*",
    re.I,
)
# A turn that is only talk: thanks, a yes or no, praise. After a list was used, "thanks" once
# became an item ("Thanks" added to the shopping list).
_TALK = (
    r"thanks?|thank\s+you(?:\s+(?:so|very)\s+much)?|thx|ta|cheers|ok(?:ay)?|alright|all\s+right"
    r"|yes|yeah|yep|yup|no|nope|nah|sure|cool|great|perfect|nice|lovely|awesome|brilliant"
    r"|excellent|good|fine|fab|wonderful|amazing|super|neat|sweet|wow|oh|ah|hm+|um+|hello|hi|hey"
    r"|bye|goodbye|good\s+night|that'?s\s+(?:all|it|great|perfect|fine|good|everything)"
    r"|sounds\s+good|got\s+it|understood|noted|no\s+worries|never\s+mind|forget\s+it"
    r"|well\s+done|good\s+job|(?:that'?s\s+)?(?:very\s+)?(?:kind|helpful)(?:\s+of\s+you)?"
)
_ONLY_TALK = re.compile(
    rf"^(?:(?:{_TALK})(?:\s+(?:botpsy|mate|buddy|a\s+lot|again))?[\s,.!]*)+$", re.I
)
# Words that join a request on to the one before it and say nothing themselves.
_JOINED_ON = re.compile(
    r"^(?:(?:and|also|then|plus|oh\s+and|and\s+also|and\s+then)[,]?\s+)+(?=\S)", re.I
)


def clean_request(text: str) -> str:
    """What matchers see: the request as `plain_request` leaves it (one shared normaliser)."""
    return plain_request(text)
