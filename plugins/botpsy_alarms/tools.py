"""The alarm and timer tools: set, list and cancel, with effects the trust policy reads.

Setting is a reversible local write. Cancelling is a delete: it asks first and
its preview names the one alarm it removes (pinned by id, so what is removed is
what was shown). Reminders with words ("remind me in 10 minutes to stretch") are
tasks with a due time (the calendar plugin), not alarms: they stay on the task
list, sync to the user's other devices, and the daemon fires them the same way.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from assistant.api import (
    AskUser,
    Clock,
    Effect,
    Shown,
    Span,
    TimeParseError,
    ToolArgumentError,
    ToolError,
    ToolResult,
    amended_moment,
    cardinals,
    parse_duration,
    parse_moment,
    quoted,
    tool,
)
from botpsy_alarms.repeat import days_said, first_ring, in_words, stored
from botpsy_alarms.store import Alarm, AlarmStore

MAX_AHEAD = timedelta(days=366)
# Parts of a day an alarm is named by, and the hours each holds ("the morning alarm").
_PARTS = {"morning": (3, 12), "afternoon": (12, 18), "evening": (17, 24), "night": (19, 24)}
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night)\b", re.I)
_KIND_WORDS = re.compile(
    r"\b(?:the|my|that|this|an?|all|alarms?|timers?|wake[- ]?up(?: call)?|for|at|o'?clock)\b", re.I
)


# "the newest timer", "the timer just set": the one set last (what a follow-up's "it" names).
_NEWEST = re.compile(r"(?:newest|latest|just\s+set|set\s+last|last\s+set|most\s+recent)\b\s*", re.I)


class AlarmNotFound(ToolArgumentError):
    """No alarm or timer fits what the user named."""


def when_text(alarm: Alarm, now: datetime) -> str:
    """ "06:30 tomorrow (Monday 30 November)": the time first, then which day in words."""
    day = alarm.at.date()
    if day == now.date():
        word = "today"
    elif day == (now + timedelta(days=1)).date():
        word = "tomorrow"
    else:
        word = alarm.at.strftime("%A")
    return f"{alarm.at:%H:%M} {word} ({alarm.at:%A %-d %B})"


def describe(alarm: Alarm, now: datetime) -> str:
    """One line for lists and previews: "alarm at 06:30 tomorrow (...) "gym"", "20-minute timer..."."""
    label = f" {quoted(alarm.label, 80)}" if alarm.label else ""  # quotes it cannot close
    if alarm.kind == "timer":
        length = length_words(alarm.seconds or 0)
        left = int((alarm.at - now).total_seconds())
        to_go = f", {length_words(left if left < 60 else left // 60 * 60)} left" if left > 0 else ""
        return f"timer for {length}{label}, rings at {when_text(alarm, now)}{to_go}"
    if alarm.repeat:
        return f"alarm at {alarm.at:%H:%M} {in_words(alarm.repeat)}{label}, next {when_text(alarm, now)}"
    return f"alarm at {when_text(alarm, now)}{label}"


def length_words(seconds: int) -> str:
    """ "1 hour 30 minutes", "1 minute 30 seconds", "45 seconds": seconds only when said."""
    hours, rest = divmod(seconds, 3600)
    minutes, rest = divmod(rest, 60)

    def unit(count: int, name: str) -> list[str]:
        return [f"{count} {name}{'s' if count != 1 else ''}"]

    parts = unit(hours, "hour") if hours else []
    parts += unit(minutes, "minute") if minutes or not (hours or rest) else []
    parts += unit(rest, "second") if rest and not hours else []
    return " ".join(parts)


def alarm_data(alarm: Alarm) -> dict[str, Any]:
    """What the model and `--json` get for one alarm."""
    data: dict[str, Any] = {"id": alarm.id, "kind": alarm.kind, "at": alarm.at.isoformat()}
    if alarm.label:
        data["label"] = alarm.label
    if alarm.seconds:
        data["seconds"] = alarm.seconds
    if alarm.repeat:
        data["repeat"] = alarm.repeat
    return data


class AlarmTools:
    """Alarms and timers on this machine; `botpsy daemon` rings them."""

    def __init__(self, store: AlarmStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    def _note(self) -> str:
        return " (`botpsy daemon` rings it; start it with `botpsy daemon install`.)"

    @tool(Effect.WRITE)
    def alarm_set(self, time: datetime, label: str = "", repeat: str = "") -> ToolResult:
        """Set an alarm at a clock time, once or repeating: "wake me up at 6:30 tomorrow", "set an alarm for 7am", "wake me at 7 every weekday". For a length of time ("in 20 minutes") use timer_set.

        Args:
            time: when it (first) rings, a day and clock time, e.g. "6:30am tomorrow", "7am", "Friday 8:15"
            label: what the alarm is for, only if the user said so, e.g. "gym"
            repeat: only for an alarm that repeats: "daily", "weekdays", "weekends" or days, e.g. "monday,thursday"
        """
        now = self.clock.now()
        days = stored(days_said(repeat)) if repeat.strip() else ""
        if days:
            time = first_ring(time, days, now)  # "7am every weekday" said on a Saturday: Monday's
        if time <= now:
            raise ToolArgumentError(f"{time:%H:%M on %A %-d %B} is in the past; name a later time")
        if time - now > MAX_AHEAD:
            raise ToolArgumentError("an alarm can be at most a year ahead")
        alarm = self.store.add("alarm", time, _clean(label), repeat=days)
        if days:
            return ToolResult(
                f"Alarm set for {time:%H:%M} {in_words(days)}, first {when_text(alarm, now)}.",
                alarm_data(alarm),
            )
        return ToolResult(f"Alarm set for {when_text(alarm, now)}.", alarm_data(alarm))

    @tool(Effect.WRITE, untrusted_output=True)
    def alarm_change(
        self, alarm: str, time: str = "", label: str = "", add: str = ""
    ) -> ToolResult:
        """Change an alarm or timer already set: its time ("move my 7am alarm to 7:30"), its label ("call the timer pasta"), or add time to a timer ("add 5 minutes to the timer").

        Args:
            alarm: which one, by its time ("7am"), its label ("gym") or "timer"; empty when only one is set
            time: an alarm's new time, e.g. "7:30", "6:45am", "Friday 8:00"; a bare clock time keeps its day
            label: its new label, e.g. "pasta"
            add: a length to add to a timer, e.g. "5 minutes" ("-5 minutes" takes it off)
        """
        found = self.find(alarm)
        now = self.clock.now()
        if not (time.strip() or label.strip() or add.strip()):
            raise ToolArgumentError("say what to change: a new time, a label or time to add")
        if label.strip() or add.strip():
            return self._relabel_or_extend(found, _clean(label), add, time, now)
        if found.kind != "alarm":
            raise ToolArgumentError("a timer's time cannot change; add time to it or set a new one")
        wanted = " ".join(time.split())
        if re.fullmatch(r"\d{1,2}", wanted):  # "to 7": 7:00, then the half nearest the old time
            wanted += ":00"
        new = amended_moment(wanted, found.at, now)
        if new is None:
            try:
                moment = parse_moment(wanted, now)
            except TimeParseError as exc:
                raise ToolArgumentError(f"argument 'time': {exc}") from None
            if moment.all_day:
                raise ToolArgumentError(f"'{wanted}' has no time of day; add one, e.g. '7:30'")
            new = moment.start
        if found.repeat:
            new = first_ring(new, found.repeat, now)
        if new <= now:
            raise ToolArgumentError(f"{new:%H:%M on %A %-d %B} is in the past; name a later time")
        if new == found.at:
            raise ToolArgumentError(
                f"the {describe(found, now)} already rings then; nothing changed"
            )
        if not self.store.move(found.id, new):
            raise ToolError(f"the {describe(found, now)} was removed meanwhile")
        moved = replace(found, at=new)
        return ToolResult(
            f"Moved the alarm from {found.at:%H:%M} to {describe(moved, now).removeprefix('alarm at ')}.",
            alarm_data(moved),
        )

    def _relabel_or_extend(
        self, found: Alarm, label: str, add: str, time: str, now: datetime
    ) -> ToolResult:
        """A new label for an alarm or timer, time added to a timer (and, for an alarm, a time)."""
        if add.strip() and found.kind != "timer":
            raise ToolArgumentError("only a timer takes added time; give the alarm a new time")
        changed = found
        if time.strip():
            moved = self.alarm_change(f"#{found.id}", time)
            changed = replace(found, at=datetime.fromisoformat(moved.data["at"]))
        if add.strip():
            said = add.strip()
            sign = -1 if said.startswith("-") else 1
            length = timer_length(said.lstrip("-+ ")) * sign
            at, seconds = changed.at + length, (changed.seconds or 0) + int(length.total_seconds())
            if at <= now or seconds <= 0:
                raise ToolArgumentError(f"the {describe(changed, now)} would have rung already")
            if not self.store.move(found.id, at):
                raise ToolError(f"the {describe(found, now)} was removed meanwhile")
            changed = replace(changed, at=at, seconds=seconds)
        if not self.store.change(found.id, label or None, changed.seconds if add.strip() else None):
            raise ToolError(f"the {describe(found, now)} was removed meanwhile")
        changed = replace(changed, label=label or changed.label)
        return ToolResult(
            f"Changed the {describe(found, now)}: now the {describe(changed, now)}.",
            alarm_data(changed),
        )

    @tool(Effect.WRITE)
    def timer_set(self, duration: str, label: str = "") -> ToolResult:
        """Start a countdown timer that rings after a length of time: "set a timer for twenty minutes", "10 minute timer for the pasta".

        Args:
            duration: how long, e.g. "20 minutes", "an hour and a half", "90 minutes"
            label: what the timer is for, only if the user said so, e.g. "pasta"
        """
        length = timer_length(duration)
        now = self.clock.now()
        seconds = int(length.total_seconds())
        alarm = self.store.add("timer", now + length, _clean(label), seconds)
        rings = f"{alarm.at:%H:%M:%S}" if seconds % 60 else f"{alarm.at:%H:%M}"
        return ToolResult(f"Timer set for {length_words(seconds)}: it rings at {rings}.",
                          alarm_data(alarm))  # fmt: skip

    # Labels are untrusted: one set by a model obeying a mail or a page would otherwise come
    # back as botpsy's own words in a clean conversation, where --yes covers a send.
    @tool(Effect.READ, untrusted_output=True)
    def alarm_list(self, when: Span | None = None) -> ToolResult:
        """List the alarms and timers still to ring (what alarms do I have, is my alarm set for tomorrow, how long is left on the timer).

        Args:
            when: only those ringing in this period, e.g. "tomorrow", "this week"; empty for all
        """
        now = self.clock.now()
        found = self.store.upcoming(now)
        if when is not None:
            found = [a for a in found if when.start <= a.at < when.end]
        if not found:
            period = ""
            if when is not None:
                last = when.end - timedelta(seconds=1)
                period = f" for {when.start:%A %-d %B}"
                if last.date() != when.start.date():
                    period = f" from {when.start:%A %-d %B} to {last:%A %-d %B}"
            return ToolResult(f"No alarms or timers are set{period}.", [])
        lines = [f"- {describe(a, now)}" for a in found]
        counts = [
            f"{n} {kind}{'s' if n > 1 else ''}"
            for kind in ("alarm", "timer")
            if (n := sum(a.kind == kind for a in found))
        ]
        head = f"{' and '.join(counts)} set:"
        return ToolResult("\n".join([head, *lines]), [alarm_data(a) for a in found])

    def find(self, alarm: str) -> Alarm:
        """The one alarm or timer `alarm` names: "7am", "the timer", "gym", "#3"; else ask or fail."""
        return self.targets(alarm, every=False)[0]

    def targets(self, alarm: str, every: bool = True) -> list[Alarm]:
        """What a cancel acts on: one alarm, or all those "all my alarms" names ("#3,#5" pinned).

        "all" and "every" take each alarm (or timer) still to ring that the rest of the
        words name; anything else is one, asked about when several match.
        """
        now = self.clock.now()
        upcoming = self.store.upcoming(now)
        text = " ".join(alarm.split())
        pinned = re.fullmatch(r"#\d+(?:\s*,\s*#\d+)*", text)
        if pinned:
            wanted = [int(n) for n in re.findall(r"\d+", text)]
            found = [a for a in upcoming if a.id in wanted]
            if len(found) != len(wanted) or (not every and len(found) != 1):
                raise AlarmNotFound(f"alarm {text} is no longer set")
            return found
        everything = every and bool(re.match(r"(?:all|every|each)\b", text, re.I))
        if everything:
            text = re.sub(
                r"^(?:all|every|each)\s*(?:(?:of\s+)?(?:my|the)\s+)?", "", text, flags=re.I
            )
            text = re.sub(r"\b(?:and|or|&)\b", " ", text)
            if not upcoming:
                raise AlarmNotFound("no alarms or timers are set")
        kinds = {k for k in ("alarm", "timer") if re.search(rf"\b{k}s?\b", text, re.I)}
        if re.search(r"\bwake[- ]?up\b", text, re.I):
            kinds.add("alarm")
        if not upcoming:  # nothing to match against: say that, not "no alarm matches ..."
            raise AlarmNotFound("no alarms or timers are set")
        candidates = [a for a in upcoming if not kinds or a.kind in kinds]
        rest = _KIND_WORDS.sub(" ", text).strip(" ,.")
        newest = _NEWEST.match(rest)  # "the newest (pasta) timer": of those, the one set last
        rest = rest[newest.end() :].strip() if newest else rest
        if rest:
            candidates = _named(candidates, rest, now)
        if newest and candidates:
            candidates = [max(candidates, key=lambda a: a.id)]
        if not candidates:
            what = f"'{text}'" if text else "anything"
            have = "; ".join(describe(a, now) for a in upcoming[:3]) or "none are set"
            have += "; ..." if len(upcoming) > 3 else ""
            raise AlarmNotFound(f"no alarm or timer matches {what} (set: {have})")
        if everything:
            return candidates
        if len(candidates) > 1:
            options = [f"#{a.id}" for a in candidates]
            listed = "; ".join(f"{i}. {describe(a, now)}" for i, a in enumerate(candidates, 1))
            raise AskUser(f"Which one? {listed}", "alarm", options)
        return candidates[:1]

    def preview_delete(self, arguments: dict[str, Any]) -> Shown:
        """Name each alarm a cancel removes, pinned by id."""
        found = self.targets(arguments.get("alarm", ""))
        now = self.clock.now()
        pinned = {"alarm": ",".join(f"#{a.id}" for a in found)}
        if len(found) == 1:
            return Shown(f"cancel the {describe(found[0], now)}", pinned)
        listed = "; ".join(describe(a, now) for a in found)
        return Shown(f"cancel {len(found)}: {listed}", pinned)

    @tool(Effect.DELETE, untrusted_output=True, preview="preview_delete")
    def alarm_delete(self, alarm: str = "") -> ToolResult:
        """Cancel (turn off, remove) an alarm or timer, or all of them: "cancel the 7 am alarm", "stop the timer", "delete all my alarms".

        Args:
            alarm: which one, by its time ("7am"), its label ("gym") or "timer"; "all alarms", "all timers" or "all" for every one; empty when only one is set
        """
        found = self.targets(alarm)
        now = self.clock.now()
        gone = [a for a in found if self.store.remove(a.id)]
        if not gone:
            raise ToolError(f"the {describe(found[0], now)} was already removed")
        if len(found) == 1:
            return ToolResult(f"Cancelled the {describe(found[0], now)}.", alarm_data(found[0]))
        listed = "; ".join(describe(a, now) for a in gone)
        return ToolResult(f"Cancelled {len(gone)}: {listed}.", [alarm_data(a) for a in gone])


def timer_length(text: str) -> timedelta:
    """A timer's length: what `parse_duration` reads, and seconds ("90 seconds"), up to a day."""
    words = " ".join(text.replace("-", " ").split())
    seconds = re.fullmatch(r"(?:for\s+)?(\d{1,5})\s*(?:seconds?|secs?|s)", words, re.I)
    spelled = re.fullmatch(
        r"(?:for\s+)?(?:an?\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:seconds?|secs?)", words, re.I
    )
    count = _count_said(spelled.group(1)) if spelled else None
    try:
        if seconds or count:  # "90 seconds", "a forty second timer" (not "the 32nd")
            length = timedelta(seconds=int(seconds.group(1)) if seconds else count or 0)
        else:
            length = parse_duration(words)
    except TimeParseError as exc:
        raise TimeParseError(f"argument 'duration': {exc}") from None
    if not timedelta(seconds=1) <= length <= timedelta(days=1):
        raise TimeParseError(
            f"argument 'duration': a timer runs from 1 second to 24 hours, not '{words}'"
        )
    return length


def _clean(label: str) -> str:
    return " ".join(label.split())[:80]


def _count_said(words: str) -> int | None:
    """A count said in words ("thirty", "forty five"); None for anything else."""
    values = cardinals(words)
    return sum(values) if values else None


def _clock_said(words: str) -> tuple[int, int] | None:
    """A clock time said with no half of the day, as (hour of 12, minute): "7", "7:30",
    "seven", "six thirty", "six forty-five", "seven oh five"; else None."""
    digits = re.fullmatch(r"(\d{1,2})(?::(\d\d))?", words)
    if digits and (int(digits.group(1)) > 12 or re.match(r"0\d", digits.group(1))):
        return None  # "19:00", "07:00": a 24-hour clock names its half of the day
    if digits:
        return int(digits.group(1)) % 12, int(digits.group(2) or 0)
    values = cardinals(words)
    if not values or len(values) > 3:
        return None
    hour, minute = values[0], sum(values[1:])
    if not 1 <= hour <= 12 or minute >= 60:
        return None
    return hour % 12, minute


def _named(candidates: list[Alarm], words: str, now: datetime) -> list[Alarm]:
    """The alarms whose label holds `words`, else those ringing at the time `words` names."""
    wanted = words.casefold()
    by_label = [a for a in candidates if a.label and wanted in a.label.casefold()]
    if by_label:
        return by_label
    bare = _clock_said(words)
    if bare:  # "the 7 alarm", "my eight o'clock alarm": that hour, morning or evening
        return [a for a in candidates if (a.at.hour % 12, a.at.minute) == bare]
    part = _PART_OF_DAY.search(words)
    if part:  # "tomorrow morning", "the evening one": those ringing in that part of that day
        day_words = re.sub(r"(?:'s|’s)\b", "", _PART_OF_DAY.sub(" ", words)).strip(" ,'")
        try:
            day = parse_moment(day_words, now).start.date() if day_words else None
        except TimeParseError:
            return []
        first, last = _PARTS[part.group(0).lower()]
        return [
            a
            for a in candidates
            if (day is None or a.at.date() == day) and first <= a.at.hour < last
        ]
    try:
        moment = parse_moment(words, now)
    except TimeParseError:
        return []
    if moment.all_day:  # "tomorrow's alarm": that day
        return [a for a in candidates if a.at.date() == moment.start.date()]
    hour, minute = moment.start.hour, moment.start.minute
    names_day = re.search(
        r"\d{4}|today|tomorrow|day\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
        words,
        re.I,
    )
    return [
        a
        for a in candidates
        if (a.at.hour, a.at.minute) == (hour, minute)
        and (not names_day or a.at.date() == moment.start.date())
    ]
